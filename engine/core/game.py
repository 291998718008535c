"""The game contract v2: what every hosted game offers the bot, the simulator and the tests.

A game is a stateless rules object; everything about one game in progress is its state `S`.
What a seat may know is its view `V` (``view(state, seat)``; seat None is the public table):
fronts draw views and AI seats decide from views, never from the full state, so a secret
cannot reach a message or an opponent's decision by accident.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from engine.core.actions import Action
from engine.core.events import Event

if TYPE_CHECKING:
    from engine.core.search import SearchSettings

S = TypeVar("S")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)
S_contra = TypeVar("S_contra", contravariant=True)


@dataclass(frozen=True)
class SeatResult:
    """One seat's final score: `breakdown` maps a category code to its points.

    `tiebreak` is the value that breaks a tie on points (what it counts is the game's), and
    `title` a code for a rank title a solo score earns, if the game has them."""

    seat: int
    total: int
    breakdown: Mapping[str, int]
    rank: int
    tiebreak: int = 0
    title: str | None = None


@dataclass(frozen=True)
class GameResult:
    """The outcome, best seat first. `reasons` are codes a front words (``tie_broken``,
    ``tie_shared`` …), never sentences."""

    seats: list[SeatResult]
    winners: list[int]
    reasons: tuple[str, ...] = field(default=())

    def of(self, seat: int) -> SeatResult:
        return next(s for s in self.seats if s.seat == seat)


class Policy(Protocol[V_contra]):
    """An automatic player: picks one of `legal` knowing only what `view` shows."""

    def __call__(
        self, view: V_contra, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action: ...


def random_policy(view: object, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(list(legal))


class Game(Protocol[S, V]):
    """What every hosted game implements (PLATFORM.md, seam 1)."""

    id: str
    """Registry key, `--game` value and `/table new game:` choice (``fleet-dice``)."""
    name: str
    min_seats: int
    """1 means the game has a solo mode."""
    max_seats: int

    @property
    def options(self) -> type[BaseModel]:
        """The game's own table options, validated (captains, trophies, victory card …)."""
        ...

    @property
    def policies(self) -> Mapping[str, Policy[V]]:
        """At least ``random`` and ``heuristic``."""
        ...

    @property
    def search(self) -> SearchSettings[S]:
        """How a strong AI seat searches this game (`engine.core.search`): its budget and how
        it values a position part-way through a game."""
        ...

    def start(
        self, seats: int, seed: str, options: BaseModel | Mapping[str, Any] | None = None
    ) -> tuple[S, list[Event]]:
        """A new game and the events of its setup."""
        ...

    def to_act(self, state: S) -> list[int]:
        """Seats that must decide now (several at once in a simultaneous step)."""
        ...

    def legal_actions(self, state: S, seat: int) -> list[Action]: ...

    def apply(self, state: S, seat: int, action: Action | str) -> tuple[S, list[Event]]:
        """The state after one seat's action, and what happened. Never mutates `state`;
        raises IllegalAction (with a reason for the player) for anything not legal."""
        ...

    def default_action(self, state: S, seat: int) -> Action:
        """What a timeout or an absent player plays: a policy deciding from the seat's view."""
        ...

    def is_over(self, state: S) -> bool: ...

    def result(self, state: S) -> GameResult: ...

    def view(self, state: S, seat: int | None) -> V:
        """What `seat` may know (None: the public table). Nothing secret of another seat."""
        ...

    def token(self, state: S, seat: int | None) -> str:
        """A short text a button carries: the button is stale once the token has changed.
        A seat's token changes when that seat's decision changes; the public token (None)
        when the public step (a draft, an auction) moves on. ``[a-z0-9]``, ≤ 12 characters."""
        ...

    def step(self, state: S) -> Hashable:
        """The step of play: a deadline plays only the decisions due in this step."""
        ...

    def undoable(
        self, before: S, seat: int, action: Action, after: S, events: Sequence[Event]
    ) -> str | None:
        """Whether `seat` may take back `action`, which it played in `before` to give `after`
        and `events`: None if it may, else why not, as a code of `engine.core.undo.REASONS`
        (dice rolled, a card or token drawn, something hidden shown, a step everyone plays at
        once resolved, a choice the rules make final). Decided from the rules alone; that the
        decision is still the latest in effect and nobody has decided since is the action
        log's business (`engine.core.undo`)."""
        ...

    def redeal(self, state: S, seat: int | None, seed: str) -> S:
        """A state `seat` cannot tell apart from `state`: every secret it does not know
        (other hands, the deck order, the seed) drawn again from `seed`. The contract test
        checks views with it: ``view(state, s) == view(redeal(state, s, x), s)``."""
        ...

    def parse_action(self, text: str) -> Action: ...

    def dump_state(self, state: S) -> str: ...

    def load_state(self, text: str) -> S:
        """A saved state (older schemas migrated); EngineError with a reason if damaged."""
        ...


@runtime_checkable
class StandingOrders(Protocol[S_contra]):
    """A game whose players may leave an instruction that plays their next decisions for them
    (the card game's standing bid: "raise for me up to $N"). The engine words and checks the
    order and decides each move from the seat's own view; the table sees only the moves."""

    def standing_order(self, state: S_contra, seat: int, text: str) -> str:
        """The order the seat leaves now, saying `text`, in the form it is kept; raises
        IllegalAction (with a reason for the player) if it cannot be left now."""
        ...

    def standing_action(self, state: S_contra, seat: int, order: str) -> Action | None:
        """What the order plays for the seat now, or None where it does not apply."""
        ...


AnyGame = Game[Any, Any]
