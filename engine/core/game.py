"""The game contract (see DESIGN.md) and the registry of games by id."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.actions import Action
from engine.core.events import Event


@dataclass(frozen=True)
class SeatResult:
    """One seat's final score: `breakdown` maps a category to its points."""

    seat: int
    total: int
    breakdown: Mapping[str, int]
    rank: int
    tiebreak: int = 0
    title: str | None = None


@dataclass(frozen=True)
class GameResult:
    seats: list[SeatResult]
    winners: list[int]
    notes: list[str] = field(default_factory=list)


class Game(Protocol):
    """What every hosted game offers to the bot, the simulator and the tests."""

    id: str
    name: str
    min_seats: int
    max_seats: int

    def new_game(self, seats: int, seed: str, options: Mapping[str, Any] | None = None) -> Any: ...

    def to_act(self, state: Any) -> list[int]: ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def apply(self, state: Any, seat: int, action: Action | str) -> tuple[Any, list[Event]]: ...

    def default_action(self, state: Any, seat: int) -> Action: ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> GameResult: ...

    def parse_action(self, text: str) -> Action: ...

    def dump_state(self, state: Any) -> str: ...

    def load_state(self, text: str) -> Any: ...


_REGISTRY: dict[str, Callable[[], Game]] = {}
_INSTANCES: dict[str, Game] = {}


def register_game(game_id: str, factory: Callable[[], Game]) -> None:
    _REGISTRY[game_id] = factory


def game_ids() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def get_game(game_id: str) -> Game:
    """The game registered under `game_id` (built once)."""
    _load_builtin()
    if game_id not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY))
        raise KeyError(f"no game called {game_id!r}; known games: {known}")
    if game_id not in _INSTANCES:
        _INSTANCES[game_id] = _REGISTRY[game_id]()
    return _INSTANCES[game_id]


def _load_builtin() -> None:
    # Importing a game package registers it; done lazily so engine.core imports nothing above it.
    import engine.fleet_dice  # noqa: F401
