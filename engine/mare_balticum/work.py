"""The working copy of a game during one `apply` (`engine.core.work`: players copied on write,
events as data) with the map. Lists inside the state's dicts (a space's tokens, a port's
demands) are never changed in place: a new list replaces the old one, so the old state keeps
its own.
"""

from __future__ import annotations

from engine.core import work
from engine.core.events import Event
from engine.mare_balticum.board import Board
from engine.mare_balticum.state import MareState, Player


class Work(work.Work[MareState, Player]):
    __slots__ = ("board",)

    def __init__(self, board: Board, state: MareState, *, shared: bool = True) -> None:
        """`shared` (the default here): `state` is a fresh copy whose players still belong to
        the state the action started from."""
        # The core's fields set here, not through super().__init__: a working copy is made for
        # every `legal_actions` and `apply`, and that call was a third of the cost of making it.
        self.board = board
        self.state = state
        self.events = []
        self._owned = set() if shared else None

    def emit(self, kind: str, seat: int | None = None, /, **data: object) -> None:
        """A public event: everyone sees it, and the current public step lists it."""
        event = Event(kind, seat, data)
        self.events.append(event)
        self.state.log.append(event.to_json())
