"""Strong AI seats: a search over what the seat knows, with the normal player as its guide.

Determinized Monte Carlo (OpenSpiel's ``DeterminizedMCTSBot`` family, flat): the seat's
knowledge is sampled into whole worlds with the game's own ``redeal`` (other hands, the deck,
face-down choices and the seed drawn again, so future dice too), each candidate action is
played in the same worlds, and every seat then goes on with the normal policy for a bounded
number of actions; the candidate whose worlds end best for the seat (its points over the best
rival's) is chosen. Comparing candidates in the *same* worlds (common random numbers) makes
few playouts enough to tell them apart.

The budget is a number of playouts of bounded length, never wall time, so a decision is the
same on a slow machine and a fast one. Candidates are narrowed by sequential halving (Karnin,
Koren & Somekh 2013): every candidate gets a few worlds, the better half gets more, and so
on, with the normal player's own choice kept to the last round.

What the search reads of the true state is only what ``redeal`` keeps: the seat's view. The
worlds are drawn from a key made of the game's seed and the seat's position (its tokens), so
the same seed and view always give the same decision, in any process.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic

from engine.core.actions import Action
from engine.core.errors import EngineError
from engine.core.game import AnyGame, S

LEVELS = ("normal", "strong")
"""How strongly an AI seat plays: ``normal`` is the game's heuristic (also what a deadline or
an absent player's autopilot plays), ``strong`` searches with it."""
NORMAL, STRONG = LEVELS

Estimate = Callable[[S], Sequence[float]]
"""What each seat's position is worth in points, read from a whole (sampled) state."""
Ranking = Callable[[S, int, Sequence[Action]], Sequence[Action]]
"""The legal actions most worth searching first, best first (from a sampled state)."""


@dataclass(frozen=True)
class SearchSettings(Generic[S]):
    """How a game's strong seats search. `playouts` is the whole budget of one decision; a
    playout runs `depth` actions after the candidate (None: to the end of the game) and is
    then valued by `estimate` (at the end: the final scores, and `win` more for a win)."""

    playouts: int = 64
    depth: int | None = None
    candidates: int = 8
    """At most this many legal actions are searched (the normal choice always among them)."""
    estimate: Estimate[S] | None = None
    rank: Ranking[S] | None = None
    """Orders the legal actions when there are more than `candidates` (default: by the
    estimate one action ahead)."""
    win: float = 0.0
    """Points a playout that ends the game won is worth on top of its margin."""
    never: frozenset[str] = frozenset()
    """Verbs the search never chooses while anything else is legal: those that take back a
    half-made choice (``back`` from choosing a boat's destination). Valued by the position
    they return to, they could win, and the seat would choose the boat again, and so on for
    ever."""

    def scaled(self, playouts: int) -> SearchSettings[S]:
        """The same search with another budget (tests use a small one)."""
        return replace(self, playouts=playouts)


def position_key(game: AnyGame, state: Any, seat: int, seed: str) -> str:
    """The key a strong decision draws its worlds from: the game's seed and where the seat
    stands (its own button token and the public one, both of which the seat sees)."""
    return f"{seed}:{seat}:{game.token(state, seat)}:{game.token(state, None)}"


def ai_action(
    game: AnyGame, state: Any, seat: int, level: str | None, seed: str, playouts: int | None = None
) -> Action:
    """What an AI seat of `level` plays (None or an unknown level: normal). `seed` is the
    game's; `playouts` overrides the game's search budget (a smaller server, the tests)."""
    if level != STRONG:
        return game.default_action(state, seat)
    settings = game.search if playouts is None else game.search.scaled(playouts)
    return search_action(game, state, seat, position_key(game, state, seat, seed), settings)


def search_action(
    game: AnyGame, state: Any, seat: int, key: str, settings: SearchSettings[Any]
) -> Action:
    """The strong choice for `seat`, deciding only from what `seat` may know."""
    return _Search(game, state, seat, key, settings).best()


class _Search:
    def __init__(
        self, game: AnyGame, state: Any, seat: int, key: str, settings: SearchSettings[Any]
    ) -> None:
        self.game = game
        self.seat = seat
        self.settings = settings
        self.key = hashlib.sha256(key.encode()).hexdigest()[:24]
        # Everything below reads worlds, never `state` itself: a world keeps only what the
        # seat knows of the true state.
        self._true = state
        self.worlds: list[Any] = []
        self.values: dict[Action, list[float]] = {}

    def world(self, n: int) -> Any:
        while len(self.worlds) <= n:
            index = len(self.worlds)
            self.worlds.append(self.game.redeal(self._true, self.seat, f"{self.key}:{index}"))
        return self.worlds[n]

    def best(self) -> Action:
        game, seat = self.game, self.seat
        first = self.world(0)
        legal = game.legal_actions(first, seat)
        never = self.settings.never
        if never:
            legal = [a for a in legal if a.verb not in never] or legal
        if len(legal) <= 1 or self.settings.playouts <= 0:
            return legal[0] if legal else game.default_action(first, seat)
        normal = game.default_action(first, seat)
        if normal not in legal:
            normal = legal[0]  # the guide took a choice back: the rules' first stands in
        candidates = self.shortlist(first, legal, normal)
        if len(candidates) == 1:
            return candidates[0]
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        budget = self.settings.playouts
        played = 0
        while len(candidates) > 1:
            each = max(1, budget // (rounds * len(candidates)))
            for action in candidates:
                done = self.values.setdefault(action, [])
                for n in range(played, played + each):
                    done.append(self.playout(self.world(n), action))
            played += each

            def mean(a: Action) -> float:
                return sum(self.values[a]) / len(self.values[a])

            # Best first; on a tie the normal choice, then the rules' order.
            ordered = sorted(candidates, key=lambda a: (-mean(a), a != normal, legal.index(a)))
            if len(candidates) <= 2:
                return ordered[0]
            keep = ordered[: max(2, math.ceil(len(candidates) / 2))]
            if normal not in keep:
                keep[-1] = normal  # the guide's own choice reaches the final
            candidates = keep
        return candidates[0]

    def shortlist(self, world: Any, legal: list[Action], normal: Action) -> list[Action]:
        most = self.settings.candidates
        if len(legal) <= most:
            return legal
        rank = self.settings.rank
        if rank is not None:
            ordered = [a for a in rank(world, self.seat, legal) if a in legal]
        else:
            ordered = sorted(legal, key=lambda a: -self.one_ahead(world, a))
        chosen = [normal]
        for action in ordered:
            if len(chosen) >= most:
                break
            if action not in chosen:
                chosen.append(action)
        return chosen

    def one_ahead(self, world: Any, action: Action) -> float:
        after, _ = self.game.apply(world, self.seat, action)
        return self.margin(after)

    def playout(self, world: Any, action: Action) -> float:
        game = self.game
        state, _ = game.apply(world, self.seat, action)
        depth = self.settings.depth
        steps = 0
        while not game.is_over(state) and (depth is None or steps < depth):
            waiting = game.to_act(state)
            if not waiting:
                break
            mover = waiting[0]
            try:
                state, _ = game.apply(state, mover, game.default_action(state, mover))
            except (EngineError, LookupError, ValueError):
                # A sampled world the true one cannot be (a rival dealt a hand that cannot
                # pay what they bid): it is valued as it stands.
                break
            steps += 1
        return self.margin(state)

    def margin(self, state: Any) -> float:
        """The seat's points over its best rival's (its own points alone in a solo game)."""
        game, seat = self.game, self.seat
        if game.is_over(state):
            result = game.result(state)
            points = {s.seat: float(s.total) for s in result.seats}
            bonus = self.settings.win / len(result.winners) if seat in result.winners else 0.0
        else:
            estimate = self.settings.estimate
            if estimate is None:
                return 0.0
            points = dict(enumerate(estimate(state)))
            bonus = 0.0
        rivals = [v for s, v in points.items() if s != seat]
        return points[seat] - (max(rivals) if rivals else 0.0) + bonus
