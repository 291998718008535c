"""Errors shared by every game."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base class of everything the engine raises on purpose."""


class IllegalAction(EngineError):
    """An action the rules do not allow now.

    `reason` is one English sentence for a player (the terminal, tests, logs); `code` and
    `fields` say the same as data, so a front can word it in the player's language.
    """

    def __init__(self, reason: str, code: str = "illegal", **fields: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.fields = fields
