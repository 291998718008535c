"""Play many complete games of any registered game with engine policies and print figures.

    python -m engine.simulate --game fleet-dice --players 4 --games 500 --seed 1 \\
        --policy random --json
    python -m engine.simulate --game fleet-dice --players 2 --policy heuristic,random \\
        --option captains=true
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import traceback
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.game import AnyGame
from engine.games import game_ids, get_game


def play_one(
    game: AnyGame,
    players: int,
    seed: str,
    policies: Sequence[str],
    options: Mapping[str, Any],
    rng: random.Random,
) -> tuple[Any, int]:
    """One game from start to end; every seat decides from its own view. Returns the final
    state and the number of actions played."""
    state, _ = game.start(players, seed, options)
    actions = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        policy = game.policies[policies[seat]]
        legal = game.legal_actions(state, seat)
        action = policy(game.view(state, seat), seat, legal, rng)
        state, _ = game.apply(state, seat, action)
        actions += 1
    return state, actions


def default_game(game: AnyGame, players: int, seed: str) -> list[tuple[int, str]]:
    """The action log of one whole game in which every seat plays its default move (what a
    deadline plays): the same game for the same seed, for replays and benchmarks."""
    state, _ = game.start(players, seed)
    log = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = game.default_action(state, seat)
        state, _ = game.apply(state, seat, action)
        log.append((seat, action.text))
    return log


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    policies: Sequence[str],
    options: Mapping[str, Any],
) -> dict[str, Any]:
    game = get_game(game_id)
    totals: list[int] = []
    winners: list[int] = []
    lengths: list[int] = []
    categories: dict[str, list[int]] = {}
    wins: Counter[int] = Counter()
    errors: list[str] = []
    actions = 0
    started = time.perf_counter()
    for g in range(games):
        rng = random.Random(f"{seed}:{g}")
        try:
            state, played = play_one(game, players, f"{seed}:{g}", policies, options, rng)
            result = game.result(state)
        except Exception:
            errors.append(f"game {g}: {traceback.format_exc(limit=3)}")
            continue
        actions += played
        lengths.append(played)
        for s in result.seats:
            totals.append(s.total)
            for name, vp in s.breakdown.items():
                categories.setdefault(name, []).append(vp)
        winners.append(result.seats[0].total)
        for seat in result.winners:
            wins[seat] += 1
    seconds = time.perf_counter() - started
    finished = games - len(errors)
    return {
        "game": game_id,
        "players": players,
        "policy": list(policies),
        "options": dict(options),
        "games": finished,
        "errors": len(errors),
        "error_samples": errors[:3],
        "actions": actions,
        "seconds": round(seconds, 3),
        "games_per_second": round(finished / seconds, 2) if seconds else None,
        "actions_per_game": _spread(lengths),
        "mean_score": round(statistics.fmean(totals), 2) if totals else None,
        "min_score": min(totals, default=None),
        "max_score": max(totals, default=None),
        "winning_score": _spread(winners),
        "mean_by_category": {k: round(statistics.fmean(v), 2) for k, v in categories.items()},
        "wins_by_seat": {str(seat): wins[seat] for seat in range(players)},
    }


def _spread(values: list[int]) -> dict[str, float] | None:
    if not values:
        return None
    ordered = sorted(values)

    def pct(q: float) -> float:
        return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])

    return {
        "mean": round(statistics.fmean(ordered), 2),
        "p10": pct(0.10),
        "p50": pct(0.50),
        "p90": pct(0.90),
        "min": float(ordered[0]),
        "max": float(ordered[-1]),
    }


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``captains=true`` → ``{"captains": True}``; numbers become ints, the rest stays text."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option takes KEY=VALUE, got {pair!r}")
        lowered = value.lower()
        out[key] = (
            lowered in ("1", "true", "yes", "on")
            if lowered in ("1", "0", "true", "false", "yes", "no", "on", "off")
            else int(value)
            if value.isdigit()
            else value
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__)
    parser.add_argument("--game", default=game_ids()[0], choices=game_ids())
    parser.add_argument("--players", type=int, default=None, help="default: the game's fewest")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--policy",
        default="random",
        help="one policy for every seat, or a comma list, one per seat (e.g. heuristic,random)",
    )
    parser.add_argument(
        "--option", action="append", default=[], help="a game option, KEY=VALUE (repeatable)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    players = args.players if args.players is not None else max(game.min_seats, 2)
    if not game.min_seats <= players <= game.max_seats:
        parser.error(f"{game.name} seats {game.min_seats} to {game.max_seats} players")
    policies = args.policy.split(",")
    if len(policies) == 1:
        policies *= players
    unknown = [p for p in policies if p not in game.policies]
    if unknown or len(policies) != players:
        parser.error(
            f"--policy needs 1 or {players} names from {sorted(game.policies)}, got {args.policy!r}"
        )
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        options = game.options.model_validate(parse_options(args.option)).model_dump()
    except ValueError as exc:
        parser.error(str(exc))
    report = simulate(args.game, players, args.games, args.seed, policies, options)
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>18}: {value}")
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
