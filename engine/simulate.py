"""Play many complete games with engine policies and print figures.

    python -m engine.simulate --game fleet-dice --players 4 --games 500 --seed 1 \
        --policy random --json
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
from collections.abc import Sequence
from typing import Any

from engine.core.game import get_game
from engine.fleet_dice.policies import POLICIES
from engine.fleet_dice.rules import FleetDice


def simulate(
    players: int, games: int, seed: int, policies: Sequence[str], options: dict[str, Any]
) -> dict[str, Any]:
    game = get_game("fleet-dice")
    assert isinstance(game, FleetDice)
    chosen = [POLICIES[p] for p in policies]
    totals: list[int] = []
    winners: list[int] = []
    categories: dict[str, list[int]] = {}
    wins: Counter[int] = Counter()
    errors: list[str] = []
    actions = 0
    started = time.perf_counter()
    for g in range(games):
        rng = random.Random(f"{seed}:{g}")
        try:
            state = game.new_game(players, f"{seed}:{g}", options)
            while not game.is_over(state):
                seat = game.to_act(state)[0]
                action = chosen[seat](game, state, seat, rng)
                state, _ = game.apply(state, seat, action)
                actions += 1
            result = game.result(state)
        except Exception:
            errors.append(f"game {g}: {traceback.format_exc(limit=3)}")
            continue
        for s in result.seats:
            totals.append(s.total)
            for name, vp in s.breakdown.items():
                categories.setdefault(name, []).append(vp)
        winners.append(result.seats[0].total)
        for seat in result.winners:
            wins[seat] += 1
    seconds = time.perf_counter() - started
    played = games - len(errors)
    return {
        "game": "fleet-dice",
        "players": players,
        "policy": list(policies),
        "games": played,
        "errors": len(errors),
        "error_samples": errors[:3],
        "actions": actions,
        "seconds": round(seconds, 3),
        "games_per_second": round(played / seconds, 2) if seconds else None,
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__)
    parser.add_argument("--game", default="fleet-dice", choices=["fleet-dice"])
    parser.add_argument("--players", type=int, default=2, choices=[1, 2, 3, 4])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--policy",
        default="random",
        help="one policy for every seat, or a comma list, one per seat (e.g. heuristic,random)",
    )
    parser.add_argument("--captains", action="store_true", help="deal captain cards")
    parser.add_argument("--trophies", action="store_true", help="play with trophies")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    policies = args.policy.split(",")
    if len(policies) == 1:
        policies *= args.players
    unknown = [p for p in policies if p not in POLICIES]
    if unknown or len(policies) != args.players:
        parser.error(
            f"--policy needs 1 or {args.players} names from {sorted(POLICIES)}, got {args.policy!r}"
        )
    if args.games < 1:
        parser.error("--games must be at least 1")
    report = simulate(
        args.players,
        args.games,
        args.seed,
        policies,
        {"captains": args.captains, "trophies": args.trophies},
    )
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>18}: {value}")
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
