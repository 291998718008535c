"""The text forms of the actions, declared once: each verb's arguments and their shape. Shape
only; whether an action is legal now is the rules' business.

| text | answers | meaning |
|---|---|---|
| ``open cod`` · ``decline`` | choose | put that license up for auction · buy none this phase |
| ``bid 6`` | open, raise | open at, or raise to, $6 |
| ``pass`` | raise | out of the bidding for this license (refused on one's own opening) |
| ``pay tuna`` · ``pay crate`` | pay | pay with one card of that type · one processed crate |
| ``pay tuna tuna:2 crate`` | pay | several at once, a word each (``:2`` tells copies apart) |
| ``launch lobster`` | launch | launch a boat of that type from hand |
| ``hire cod`` | hire | a card of that type becomes a captain |
| ``process 4`` | process | a crate off a boat holding 4 onto the Processing Vessel license |
| ``trade`` | trade | one processed crate for cards |
| ``discard shrimp`` | discard | discard a card of that type |
| ``stop`` | launch, hire, process, trade | no more of this now |
"""

from __future__ import annotations

import re

from engine.core import verbs
from engine.core.actions import Action
from engine.core.verbs import Verb
from engine.fleet_cards.cards import BOAT_TYPES, GONE_FISHIN
from engine.fleet_cards.payment import CRATE
from engine.fleet_cards.state import TaskKind

_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def payable(word: str) -> str | None:
    """What a word of a payment pays with: a boat type, ``gone_fishin`` or ``crate``, with an
    optional ``:n`` that only tells copies apart (``tuna:2``, a second Tuna card); None if the
    word is none of them.

    >>> payable("tuna"), payable("king_crab:3"), payable("crate:2"), payable("whale")
    ('tuna', 'king_crab', 'crate', None)
    """
    kind, _, copy = word.partition(":")
    if copy and not (copy.isdigit() and len(copy) <= 2):
        return None
    return kind if kind in BOAT_TYPES or kind in (CRATE, GONE_FISHIN) else None


MOST_PAID = 12
"""The most cards and crates one payment step lays down (the action's text is short anyway)."""

VERBS: dict[str, Verb[TaskKind]] = {
    "open": Verb(("choose",), (lambda a: bool(_ID.match(a)),)),
    "decline": Verb(("choose",)),
    "bid": Verb(("open", "raise"), (lambda a: a.isdigit() and len(a) <= 3,)),
    "pass": Verb(("open", "raise")),
    "pay": Verb(("pay",), (lambda a: payable(a) is not None,), more=MOST_PAID - 1),
    "launch": Verb(("launch",), (lambda a: a in BOAT_TYPES,)),
    "hire": Verb(("hire",), (lambda a: a in BOAT_TYPES,)),
    "process": Verb(("process",), (lambda a: a.isdigit() and len(a) <= 2,)),
    "trade": Verb(("trade",)),
    "discard": Verb(("discard",), (lambda a: a in BOAT_TYPES,)),
    "stop": Verb(("launch", "hire", "process", "trade")),
}


_MADE: dict[tuple[str, str | None], Action] = {}


def action_of(verb: str, arg: str | None = None) -> Action:
    """The one value of an action: legal actions are listed for every decision (up to 25 bid
    amounts at a time), and a value made once is cheaper than a new one each time.

    >>> action_of("bid", "7") is action_of("bid", "7")
    True
    """
    made = _MADE.get((verb, arg))
    if made is None:
        made = _MADE[verb, arg] = Action(verb, () if arg is None else (arg,))
    return made


def parse_action(text: str) -> Action:
    """Parse and check the shape of an action text.

    >>> parse_action("bid 7").args
    ('7',)
    """
    parsed = verbs.parse_action(VERBS, text)
    return action_of(parsed.verb, *parsed.args) if len(parsed.args) <= 1 else parsed


def check_shape(action: Action) -> None:
    verbs.check_shape(VERBS, action)
