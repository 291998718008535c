"""The working copy of a game during one `apply` (`engine.core.work`: players copied on write,
events as data) with the sheet and the follow-up tasks each effect spawns.

Chains resolve depth-first in the order they arise (RULES §4): tasks spawned while one task
resolves are put in front of that seat's queue, in the order they were spawned.
"""

from __future__ import annotations

from engine.core import work
from engine.fleet_dice.sheet import Sheet
from engine.fleet_dice.state import FleetState, PlayerState, Task


class Work(work.Work[FleetState, PlayerState]):
    __slots__ = ("_spawned", "sheet")

    def __init__(self, sheet: Sheet, state: FleetState, *, shared: bool = False) -> None:
        """`shared`: the state's players still belong to another state (see `player`)."""
        # The core's fields set here, not through super().__init__: a working copy is made for
        # every `legal_actions` and `apply`, and the call would be a good part of its cost.
        self.sheet = sheet
        self.state = state
        self.events = []
        self._spawned: dict[int, list[Task]] = {}
        self._owned = set() if shared else None

    def spawn(self, seat: int, task: Task) -> None:
        self._spawned.setdefault(seat, []).append(task)

    def flush(self, seat: int) -> None:
        """Put what the last effect spawned in front of the seat's queue."""
        spawned = self._spawned.pop(seat, [])
        if spawned:
            self.player(seat).tasks[0:0] = spawned
