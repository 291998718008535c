"""Actions are small values with a stable text form that parses back.

>>> a = Action.parse("star harbor:inuit")
>>> a.verb, a.args
('star', ('harbor:inuit',))
>>> a.text
'star harbor:inuit'
>>> Action.parse(a.text) == a
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core.errors import EngineError

_TOKEN = re.compile(r"^[a-z0-9_:+\-]+$")
MAX_TEXT = 60


class ActionSyntaxError(EngineError):
    """The text is not an action of the expected shape."""

    def __init__(self, text: str, why: str) -> None:
        super().__init__(f"{text!r} is not an action: {why}")
        self.reason = f"'{text}' is not an action: {why}"


@dataclass(frozen=True, slots=True)
class Action:
    """A verb and its arguments, e.g. ``pick cod`` or ``use cod+lobster``."""

    verb: str
    args: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return " ".join((self.verb, *self.args))

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Action:
        """Split a text form into verb and arguments; only the token shape is checked here."""
        if not isinstance(text, str):
            raise ActionSyntaxError(repr(text), "it is not text")
        if len(text) > MAX_TEXT:
            raise ActionSyntaxError(text[:MAX_TEXT] + "…", f"longer than {MAX_TEXT} characters")
        tokens = text.strip().lower().split()
        if not tokens:
            raise ActionSyntaxError(text, "it is empty")
        for token in tokens:
            if not _TOKEN.match(token):
                raise ActionSyntaxError(text, f"{token!r} holds a character actions never use")
        return cls(tokens[0], tuple(tokens[1:]))
