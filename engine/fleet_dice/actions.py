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

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.actions import Action, ActionSyntaxError
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


@dataclass(frozen=True)
class Verb:
    answers: TaskKind
    """The decision this verb is an answer to."""
    arity: int = 0
    accepts: Callable[[str], bool] = lambda arg: True
    """Whether an argument has the right shape."""


VERBS: dict[str, Verb] = {
    "pick": Verb("pick", 1, lambda a: a in ALL_FACES),
    "use": Verb("use", 1, _use_shape),
    "coin": Verb("use"),
    "buffet": Verb("use", 1, lambda a: a in BOAT_TYPES),
    "scrap": Verb("use"),
    "reroll": Verb("use"),
    "star": Verb("star", 1, lambda a: a in SECTIONS),
    "skip": Verb("star"),
    "choose": Verb("circle", 1, lambda a: a in ("license", "boat")),
    "bonus": Verb("bonus", 1, lambda a: a in KING_CRAB_BONUSES),
    "oyster": Verb("oyster", 1, lambda a: a.isdigit() and int(a) <= 10),
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
    parsed = Action.parse(text)
    check_shape(parsed)
    return action_of(parsed.verb, *parsed.args)


def checked(action: Action) -> Action:
    """An action given as a value, its shape checked as a parsed one's is (a value made by
    `action_of` is known good: only parsed texts and the rules' own actions are made)."""
    if _MADE.get((action.verb, action.args[0] if action.args else None)) is not action:
        check_shape(action)
    return action


def check_shape(action: Action) -> None:
    verb = VERBS.get(action.verb)
    if verb is None:
        known = ", ".join(sorted(VERBS))
        raise ActionSyntaxError(action.text, f"unknown verb {action.verb!r} (known: {known})")
    if len(action.args) != verb.arity:
        raise ActionSyntaxError(action.text, f"{action.verb!r} takes {verb.arity} argument(s)")
    if action.args and not verb.accepts(action.args[0]):
        raise ActionSyntaxError(
            action.text, f"{action.args[0]!r} is not something {action.verb!r} can take"
        )
