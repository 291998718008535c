"""The working copy of a game during one `apply`: the state being changed and the events so far.

Players are copied on write: `apply` starts from a copy of the state that still shares every
player with the state it was given (``shared=True``), and `player(seat)` copies a player the
first time this working copy hands it out. Anything that changes a player must get it through
`player`; reading ``state.players`` directly is fine. A game's own working copy subclasses
this one and adds its data (the card book, the map) and the moves its phases share; its
`__init__` may set the core's three fields (``state``, ``events``, ``_owned``) itself rather
than call this one, to spare a call on every action.

>>> from dataclasses import dataclass, field
>>> @dataclass
... class Hand:
...     cards: list[str] = field(default_factory=list)
...     def clone(self) -> "Hand":
...         return Hand(self.cards.copy())
>>> @dataclass
... class Table:
...     players: list[Hand]
>>> old = Table([Hand(["cod"])])
>>> w = Work(Table(list(old.players)), shared=True)
>>> w.player(0).cards.append("tuna")
>>> old.players[0].cards, w.state.players[0].cards
(['cod'], ['cod', 'tuna'])
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from engine.core.events import Event

P = TypeVar("P", bound="Clonable")


class Clonable(Protocol):
    def clone(self) -> Any: ...


class Seated(Protocol[P]):
    """A state with one player per seat. Read only: a game whose rules call its players by
    a word of their own (captains) may give the list this name too, as a property."""

    @property
    def players(self) -> list[P]: ...


S = TypeVar("S", bound=Seated[Any])


class Work(Generic[S, P]):
    """A state being changed by one action, and what happened so far (events as data)."""

    __slots__ = ("_owned", "events", "state")

    def __init__(self, state: S, *, shared: bool = False) -> None:
        """`shared`: the state's players still belong to another state (see `player`)."""
        self.state = state
        self.events: list[Event] = []
        self._owned: set[int] | None = set() if shared else None

    def player(self, seat: int) -> P:
        """A player this working copy may change: copied the first time it is handed out
        while the players are still shared with the state the action started from."""
        players: list[P] = self.state.players
        owned = self._owned
        if owned is not None and seat not in owned:
            players[seat] = players[seat].clone()
            owned.add(seat)
        return players[seat]

    @property
    def seats(self) -> int:
        return len(self.state.players)

    def emit(self, kind: str, seat: int | None = None, /, **data: object) -> None:
        """A public event: everyone sees it. The engine never words it; a front does."""
        self.events.append(Event(kind, seat, data))

    def tell(self, seat: int, kind: str, /, **data: object) -> None:
        """A private event: only `seat` ever sees it (a card drawn, a face-down choice)."""
        self.events.append(Event(kind, seat, data, frozenset({seat})))
