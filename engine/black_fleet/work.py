"""The working copy of a game during one `apply` (`engine.core.work`: captains copied on write,
events as data) with the house: the map and the cards.

The state's captains are its players (`BlackFleetState.players`): `player(seat)` hands out a
captain to change, copied the first time while the state still shares it with the state the
action started from. Everything else in the state is the copy's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.black_fleet.house import House
from engine.black_fleet.state import BlackFleetState, Captain
from engine.core import work
from engine.core.events import Event

if TYPE_CHECKING:
    from engine.black_fleet.movement import Helm


class Work(work.Work[BlackFleetState, Captain]):
    """The core's working copy with the house, and `helm`: the table's ships as the helm's
    decision looked them up (`engine.black_fleet.movement.Helm`) on the state the action
    started from — listing its choices, or checking the move — so the move looks no ship up
    again. It holds for the decision's first move only, before anything has changed (None:
    look again)."""

    __slots__ = ("helm", "house")

    def __init__(self, house: House, state: BlackFleetState, *, shared: bool = False) -> None:
        """`shared`: the state's captains still belong to another state (see `player`)."""
        # The core's fields set here, not through super().__init__: a working copy is made for
        # every `legal_actions` and `apply`, and that call would be a good part of its cost.
        self.house = house
        self.helm: Helm | None = None
        self.state = state
        self.events = []
        self._owned = set() if shared else None

    def emit_fields(self, kind: str, seat: int | None, data: dict[str, object]) -> None:
        """`emit` given the fields as a dict: a field no keyword argument can name (a move's
        ``from``), or fields gathered beforehand, go in as they are, not unpacked into
        keywords and packed again (a cost a move, the commonest action, would pay)."""
        self.events.append(Event(kind, seat, data))
