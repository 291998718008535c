"""The text forms of Fleet: The Dice Game's actions, declared once: each verb's arguments,
their shape, and the decision the verb answers. Shape only; legality is the rules' business.

| text | answers | meaning |
|---|---|---|
| ``pick cod`` | pick | take a die showing that face from the pool |
| ``use cod`` · ``use coins`` · ``use cod+lobster`` | use | as boat face(s) (Shrimp L3: two) |
| ``use harbor:inuit`` · ``use wharf:casino`` · ``use market`` | use | use a town die |
| ``coin`` | use | take the die as coin |
| ``buffet cod`` | use | fill the Seafood Buffet hexagon of that type |
| ``scrap`` | use | use the die as a star action (Scrap Yard) |
| ``reroll`` | use | reroll the chosen die (Casino) |
| ``star cod`` · ``star harbor:inuit`` · ``star wharf:casino`` | star | a star action's target |
| ``skip`` | star | decline a star action (§17.3) |
| ``choose license`` · ``choose boat`` | circle | resolve a ? circle |
| ``bonus fish`` | bonus | take a King Crab bonus |
| ``oyster 1`` | oyster | that many oyster boats take 1 fish + 1 coin, then fish |
"""

from __future__ import annotations

from engine.core import verbs
from engine.core.actions import Action
from engine.core.verbs import Verb
from engine.fleet_dice.dice import ALL_FACES, BOAT_FACES
from engine.fleet_dice.sheet import BOAT_TYPES, HARBOR_SHIPS, KING_CRAB_BONUSES, WHARF_BUILDINGS
from engine.fleet_dice.sheet import SECTIONS as SHEET_SECTIONS
from engine.fleet_dice.state import TaskKind

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


def _use_shape(arg: str) -> bool:
    faces = arg.split("+")
    return arg in _USE_TOWN or (len(faces) <= 2 and all(f in BOAT_FACES for f in faces))


VERBS: dict[str, Verb[TaskKind]] = {
    "pick": Verb(("pick",), (lambda a: a in ALL_FACES,)),
    "use": Verb(("use",), (_use_shape,)),
    "coin": Verb(("use",)),
    "buffet": Verb(("use",), (lambda a: a in BOAT_TYPES,)),
    "scrap": Verb(("use",)),
    "reroll": Verb(("use",)),
    "star": Verb(("star",), (lambda a: a in SECTIONS,)),
    "skip": Verb(("star",)),
    "choose": Verb(("circle",), (lambda a: a in ("license", "boat"),)),
    "bonus": Verb(("bonus",), (lambda a: a in KING_CRAB_BONUSES,)),
    "oyster": Verb(("oyster",), (lambda a: a.isdigit() and int(a) <= 10,)),
}


_MADE: dict[tuple[str, str | None], Action] = {}


def action_of(verb: str, arg: str | None = None) -> Action:
    """The one value of an action: legal actions are listed for every decision of every game,
    and a value made once is cheaper than a new one each time (and found by identity first
    when an action is looked up among the legal ones).

    >>> action_of("pick", "cod") is action_of("pick", "cod")
    True
    """
    made = _MADE.get((verb, arg))
    if made is None:
        made = _MADE[verb, arg] = Action(verb, () if arg is None else (arg,))
    return made


def _made(verb: str, args: tuple[str, ...]) -> dict[str, Action]:
    return {arg: action_of(verb, arg) for arg in args}


PICK = _made("pick", ALL_FACES)
STAR = _made("star", SHEET_SECTIONS)
USE = _made("use", (*SHEET_SECTIONS, *BOAT_FACES, "market"))
"""The actions every game lists over and over, made once (see `action_of`)."""


def parse_action(text: str) -> Action:
    """Parse and check the shape of an action text.

    >>> parse_action("use cod+lobster").args
    ('cod+lobster',)
    """
    parsed = verbs.parse_action(VERBS, text)
    return action_of(parsed.verb, *parsed.args)


def check_value(action: Action) -> None:
    """Check an action given as a value as a parsed one is checked (a value made by
    `action_of` is known good: only parsed texts and the rules' own actions are made)."""
    if _MADE.get((action.verb, action.args[0] if action.args else None)) is not action:
        check_shape(action)


def check_shape(action: Action) -> None:
    verbs.check_shape(VERBS, action)
