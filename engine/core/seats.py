"""The automatic players of a game, bound to its rules from outside: the registry pairs a rules
object with its policies (OpenSpiel's bots: no game imports its bot), so a game's rules never
import its players, and what a timeout or an absent player plays is written here once.

>>> class Coin(PlayedBy[int, int]):
...     name = "Coin"
...     def legal_actions(self, state: int, seat: int) -> list[Action]:
...         return [Action("heads"), Action("tails")]
...     def view(self, state: int, seat: int | None) -> int:
...         return state
>>> game = Coin()
>>> game.default_action(0, 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.core.errors.EngineError: Coin has no automatic players: take it from the registry (...)
>>> last = lambda view, seat, legal, rng: legal[-1]
>>> players = lambda game: Automatic({"random": random_policy, "heuristic": last}, None)
>>> bind(game, players).default_action(0, 0)
Action(verb='tails', args=())
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine.core.actions import Action
from engine.core.errors import EngineError
from engine.core.game import Policy, random_policy

if TYPE_CHECKING:
    from engine.core.search import SearchSettings

S = TypeVar("S")
V = TypeVar("V")
G = TypeVar("G", bound="PlayedBy[Any, Any]")

__all__ = ["Automatic", "PlayedBy", "bind", "random_policy"]


@dataclass(frozen=True)
class Automatic(Generic[S, V]):
    """A game's automatic players: its policies by name (at least ``random`` and
    ``heuristic``, which also plays for a timeout or an absent player) and how a strong AI
    seat searches it."""

    policies: Mapping[str, Policy[V]]
    search: SearchSettings[S]


class PlayedBy(Generic[S, V]):
    """A rules object whose automatic players are bound to it by the registry (`bind`)."""

    name: str
    _automatic: Automatic[S, V] | None = None

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> V:
        raise NotImplementedError

    @property
    def automatic(self) -> Automatic[S, V]:
        if self._automatic is None:
            raise EngineError(
                f"{self.name} has no automatic players: take it from the registry (engine.games)"
            )
        return self._automatic

    @property
    def policies(self) -> Mapping[str, Policy[V]]:
        return self.automatic.policies

    @property
    def search(self) -> SearchSettings[S]:
        return self.automatic.search

    def default_action(self, state: S, seat: int) -> Action:
        """What a timeout or an absent player plays: the heuristic, from the seat's view."""
        legal = self.legal_actions(state, seat)
        return self.policies["heuristic"](self.view(state, seat), seat, legal, random.Random(0))


def bind(game: G, players: Callable[[G], Automatic[Any, Any]]) -> G:
    """`game` with the automatic players `players` makes for it; returns the game."""
    game._automatic = players(game)
    return game
