"""The text forms of Mare Balticum's actions, declared once: each verb, its arguments' shapes,
and the decision it answers. Shape only; legality is the rules' business. Spaces are their
map codes in lower case (``bba``), tokens their kind (``salmon``, ``amber``).

| text | answers | meaning |
|---|---|---|
| ``port kob`` | start | put the starting boat on that port (RULES §2.5) |
| ``fish bba salmon`` | turn | take that token from a space where you have a boat (§5) |
| ``unload kob`` | turn | unload every fish the port takes (§6); rule 1 may ask on |
| ``unload kob cod+salmon:1`` | turn | unload only these: every cod, one salmon (§6.2) |
| ``sail bba`` | turn | sail the boat on BBA; then ``to egb`` or ``back`` (§4.1) |
| ``launch ore`` | turn | the first sail: the first boat to ORE, then ``place …`` (§4.3) |
| ``overboard cod`` | turn | throw a fish from the cargo overboard, free (§5.4) |
| ``contract`` | turn | look through the contracts (the action); then ``take c3`` (§12) |
| ``open salmon 2`` · ``done`` | unload | open a demand on round space 2; unload (§11) |
| ``play x3 salmon`` · ``play safe`` | company | a company token, face down (§8) |
| ``discard cargo cod`` · ``discard warehouse amber`` | safe | pay for the safe (§8.4) |
"""

from __future__ import annotations

import re
from typing import Literal

from engine.core import verbs
from engine.core.actions import Action
from engine.core.verbs import Verb

Answers = Literal["start", "turn", "sail", "launch", "unload", "contract", "company", "safe"]

_CODE = re.compile(r"^[a-z][a-z0-9]{1,3}$")
_KIND = re.compile(r"^[a-z][a-z0-9_]{0,15}$")
_TOKEN = re.compile(r"^(x\d|safe)$")
_DIGIT = re.compile(r"^[1-9]$")
_PARTS = re.compile(r"^[a-z][a-z0-9_]{0,15}(:[1-9])?(\+[a-z][a-z0-9_]{0,15}(:[1-9])?)*$")


def _code(a: str) -> bool:
    return bool(_CODE.match(a))


def _kind(a: str) -> bool:
    return bool(_KIND.match(a))


VERBS: dict[str, Verb[Answers]] = {
    "port": Verb(("start",), (_code,)),
    "fish": Verb(("turn",), (_code, _kind)),
    "unload": Verb(("turn",), (_code, lambda a: bool(_PARTS.match(a))), optional=1),
    "sail": Verb(("turn",), (_code,)),
    "launch": Verb(("turn",), (_code,)),
    "overboard": Verb(("turn",), (_kind,)),
    "contract": Verb(("turn",)),
    "to": Verb(("sail",), (_code,)),
    "place": Verb(("launch",), (_code,)),
    "back": Verb(("sail", "unload")),
    "open": Verb(("unload",), (_kind, lambda a: bool(_DIGIT.match(a)))),
    "done": Verb(("unload",)),
    "take": Verb(("contract",), (_kind,)),
    "play": Verb(("company",), (lambda a: bool(_TOKEN.match(a)), _kind), optional=1),
    "discard": Verb(("safe",), (lambda a: a in ("cargo", "warehouse"), _kind)),
}


def parse_action(text: str) -> Action:
    """Parse and check the shape of an action text.

    >>> parse_action("fish BBA salmon").args
    ('bba', 'salmon')
    >>> parse_action("unload kob cod+salmon:1").args
    ('kob', 'cod+salmon:1')
    """
    return verbs.parse_action(VERBS, text)


def check_shape(action: Action) -> None:
    verbs.check_shape(VERBS, action)
