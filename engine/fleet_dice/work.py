"""The working copy of a game during one `apply`: the sheet, the state, the events so far,
and the follow-up tasks each effect spawns.

Players are copied on write: `apply` starts from a copy of the state that still shares every
player with the old state, and `player(seat)` copies a player the first time this work copy hands
it out. Anything that changes a player must get it through `player`; reading
``state.players`` directly is fine.

Chains resolve depth-first in the order they arise (RULES §4): tasks spawned while one task
resolves are put in front of that seat's queue, in the order they were spawned.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.fleet_dice.sheet import Sheet
from engine.fleet_dice.state import FleetState, PlayerState, Task


class Work:
    def __init__(self, sheet: Sheet, state: FleetState, *, shared: bool = False) -> None:
        """`shared`: the state's players still belong to another state (see `player`)."""
        self.sheet = sheet
        self.state = state
        self.events: list[Event] = []
        self._spawned: dict[int, list[Task]] = {}
        self._owned: set[int] | None = set() if shared else None

    def player(self, seat: int) -> PlayerState:
        """A player this work copy may change."""
        players = self.state.players
        owned = self._owned
        if owned is not None and seat not in owned:
            players[seat] = players[seat].clone()
            owned.add(seat)
        return players[seat]

    def emit(self, kind: str, seat: int | None = None, **data: object) -> None:
        """Record what happened, as data: the front words it."""
        self.events.append(Event(kind, seat, data))

    def spawn(self, seat: int, task: Task) -> None:
        self._spawned.setdefault(seat, []).append(task)

    def flush(self, seat: int) -> None:
        """Put what the last effect spawned in front of the seat's queue."""
        spawned = self._spawned.pop(seat, [])
        if spawned:
            self.player(seat).tasks[0:0] = spawned
