"""Errors shared by every game."""


class EngineError(Exception):
    """Base class of everything the engine raises on purpose."""


class IllegalAction(EngineError):
    """An action the rules do not allow now. `reason` is one sentence for a player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
