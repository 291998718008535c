"""The text forms of Fleet: The Dice Game's actions, checked for shape (not legality).

| text | meaning |
|---|---|
| ``pick cod`` | take a die showing that face from the pool |
| ``use cod`` · ``use coins`` · ``use cod+lobster`` | use the die as boat face(s) (two: Shrimp L3) |
| ``use harbor:inuit`` · ``use wharf:casino`` · ``use market`` | use a town die |
| ``coin`` | take the die as coin |
| ``buffet cod`` | fill the Seafood Buffet hexagon of that type |
| ``scrap`` | use the die as a star action (Scrap Yard) |
| ``reroll`` | reroll the chosen die (Casino) |
| ``star cod`` · ``star harbor:inuit`` · ``star wharf:casino`` | a star action's target |
| ``choose license`` · ``choose boat`` | resolve a ? circle |
| ``bonus fish`` | take a King Crab bonus |
| ``oyster 1`` | that many oyster boats take 1 fish + 1 coin this fishing phase |
"""

from __future__ import annotations

from engine.core.actions import Action, ActionSyntaxError
from engine.fleet_dice.dice import ALL_FACES, BOAT_FACES
from engine.fleet_dice.sheet import BOAT_TYPES, HARBOR_SHIPS, KING_CRAB_BONUSES, WHARF_BUILDINGS

SECTIONS: frozenset[str] = frozenset(
    (
        *BOAT_TYPES,
        *(f"harbor:{s}" for s in HARBOR_SHIPS),
        *(f"wharf:{b}" for b in WHARF_BUILDINGS),
    )
)
_USE_TOWN = frozenset(
    (*(f"harbor:{s}" for s in HARBOR_SHIPS), *(f"wharf:{b}" for b in WHARF_BUILDINGS), "market")
)
_ARITY = {
    "pick": 1,
    "use": 1,
    "coin": 0,
    "buffet": 1,
    "scrap": 0,
    "reroll": 0,
    "star": 1,
    "choose": 1,
    "bonus": 1,
    "oyster": 1,
}


def parse_action(text: str) -> Action:
    """Parse and check the shape of an action text.

    >>> parse_action("use cod+lobster").args
    ('cod+lobster',)
    """
    action = Action.parse(text)
    check_shape(action)
    return action


def check_shape(action: Action) -> None:
    verb, args = action.verb, action.args
    text = action.text
    if verb not in _ARITY:
        known = ", ".join(sorted(_ARITY))
        raise ActionSyntaxError(text, f"unknown verb {verb!r} (known: {known})")
    if len(args) != _ARITY[verb]:
        raise ActionSyntaxError(text, f"{verb!r} takes {_ARITY[verb]} argument(s)")
    arg = args[0] if args else ""
    ok = True
    if verb == "pick":
        ok = arg in ALL_FACES
    elif verb == "use":
        faces = arg.split("+")
        ok = arg in _USE_TOWN or (len(faces) <= 2 and all(f in BOAT_FACES for f in faces))
    elif verb == "buffet":
        ok = arg in BOAT_TYPES
    elif verb == "star":
        ok = arg in SECTIONS
    elif verb == "choose":
        ok = arg in ("license", "boat")
    elif verb == "bonus":
        ok = arg in KING_CRAB_BONUSES
    elif verb == "oyster":
        ok = arg.isdigit() and int(arg) <= 10
    if not ok:
        raise ActionSyntaxError(text, f"{arg!r} is not something {verb!r} can take")
