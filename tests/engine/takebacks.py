"""Finding a decision of a given kind in seeded games, and taking it back through the action
log, for the take-back tests of every game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.game import AnyGame, Policy
from engine.core.replay import UNDO, replay
from engine.core.undo import Move, refusal


@dataclass(frozen=True)
class Found:
    """A decision met in a seeded game: the game's seats, seed and options, the log before
    the decision, and the decision itself."""

    seats: int
    seed: str
    options: Mapping[str, Any]
    log: list[tuple[int, str]]
    move: Move[Any]

    def refusal(self, game: AnyGame) -> str | None:
        return refusal(game, self.move)

    def taken_back(self, game: AnyGame) -> Any:
        """The state the log replays to once the decision is made and taken back."""
        entries = [*self.log, (self.move.seat, self.move.action.text), (self.move.seat, UNDO)]
        return replay(game, self.seats, self.seed, entries, self.options)


def moves(
    game: AnyGame,
    seats: int,
    seed: str,
    options: Mapping[str, Any] | None = None,
    policy: str | Policy[Any] = "random",
) -> Iterator[Found]:
    """Every decision of one game, each seat choosing by `policy` (a game's policy by name,
    or one of the test's own) from its own view."""
    choose = game.policies[policy] if isinstance(policy, str) else policy
    opts = dict(options or {})
    state, _ = game.start(seats, seed, opts)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while not game.is_over(state):
        seat = rng.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        action = choose(game.view(state, seat), seat, legal, rng)
        after, events = game.apply(state, seat, action)
        yield Found(seats, seed, opts, list(log), Move(seat, action, state, after, tuple(events)))
        log.append((seat, action.text))
        state = after


def find(
    game: AnyGame,
    wanted: Callable[[Found], bool],
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
    games: int = 60,
    policy: str | Policy[Any] = "random",
) -> Found:
    """The first decision `wanted` accepts in up to `games` seeded games (most seats by
    default)."""
    for n in range(games):
        for found in moves(game, seats or game.max_seats, f"find:{n}", options, policy):
            if wanted(found):
                return found
    raise AssertionError("no such decision in the games played")


def verb(*verbs: str) -> Callable[[Found], bool]:
    return lambda found: found.move.action.verb in verbs


def allowed(game: AnyGame, found: Found) -> bool:
    """Whether the rules let the decision be taken back."""
    return found.refusal(game) is None


def taken_back_to_before(game: AnyGame, found: Found) -> None:
    """The decision may be taken back, and its log then replays to exactly the state before
    it."""
    assert found.refusal(game) is None, found.move.action
    assert found.taken_back(game) == found.move.before
