"""The working copy of a game during one `apply`: the map, the state, and the events so far.

Players are copied on write: `apply` starts from a copy of the state that still shares every
player with the old one, and `player(seat)` copies a player the first time it is handed out.
Lists inside the state's dicts (a space's tokens, a port's demands) are never changed in
place: a new list replaces the old one, so the old state keeps its own.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.mare_balticum.board import Board
from engine.mare_balticum.state import MareState, Player


class Work:
    def __init__(self, board: Board, state: MareState, *, shared: bool = True) -> None:
        self.board = board
        self.state = state
        self.events: list[Event] = []
        self._owned: set[int] | None = set() if shared else None

    def player(self, seat: int) -> Player:
        """A player this working copy may change."""
        players = self.state.players
        owned = self._owned
        if owned is not None and seat not in owned:
            players[seat] = players[seat].clone()
            owned.add(seat)
        return players[seat]

    def emit(self, kind: str, seat: int | None = None, /, **data: object) -> None:
        """A public event: everyone sees it, and the current public step lists it."""
        event = Event(kind, seat, data)
        self.events.append(event)
        self.state.log.append(event.to_json())

    def tell(self, seat: int, kind: str, /, **data: object) -> None:
        """A private event only `seat` sees (a face-down choice, a contract card)."""
        self.events.append(Event(kind, seat, data, frozenset({seat})))
