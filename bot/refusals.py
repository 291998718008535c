"""Refusals: bad input answered with one sentence, and nothing changed.

The service raises a `Refusal` with a code and fields (data, no words); the Discord layer
words it in the clicking user's language (`bot/words.py`), or, for a move the rules refuse,
the game's front does (`Refusal.error`).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction


class Refusal(Exception):
    """`code` names the refusal (``not_seated``, ``stale`` …); `fields` fill its sentence."""

    def __init__(self, code: str, error: IllegalAction | None = None, **fields: Any) -> None:
        super().__init__(code)
        self.code = code
        self.error = error
        """For ``illegal``: what the engine said, for the game's front to word."""
        self.fields = fields

    @property
    def stale(self) -> bool:
        """The click came from a message the game has moved past."""
        return isinstance(self, Stale)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.fields!r})"


class Stale(Refusal):
    """A click from a message the game has moved past (``stale``: the clicker owes a newer
    decision; ``stale_nothing``: they owe nothing now). The answer shows what is current."""


class Damaged(Refusal):
    """The table's saved data cannot be read (``corrupt``): only ending it helps."""

    def __init__(self) -> None:
        super().__init__("corrupt")


class DamagedClosed(Refusal):
    """A table whose saved data could not be read was closed (``damaged_closed``); `head` says
    where it was, for its messages to lose their buttons."""

    def __init__(self, head: Any) -> None:
        super().__init__("damaged_closed")
        self.head = head
