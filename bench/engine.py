"""Engine benchmarks: printed figures, never a test.

    python -m bench.engine [--quick] [--seed 1]

Complete games and actions per second for 1-4 players with the random and heuristic policies
(one core), `legal_actions` and `apply` times (median, p99), the saved state's size per game
stage, and the time to replay a full game's log. Prints a table, then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from typing import Any

from engine.fleet_dice.policies import POLICIES
from engine.fleet_dice.replay import replay
from engine.fleet_dice.rules import FleetDice

GAME = FleetDice()


def throughput(players: int, policy: str, seconds: float, seed: int) -> dict[str, Any]:
    """Play whole games for about `seconds`."""
    choose = POLICIES[policy]
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or games == 0:
        rng = random.Random(f"{seed}:{games}")
        state = GAME.new_game(players, f"bench:{seed}:{games}")
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, choose(GAME, state, seat, rng))
            actions += 1
        games += 1
    spent = time.perf_counter() - started
    return {
        "players": players,
        "policy": policy,
        "games": games,
        "games_per_s": round(games / spent, 1),
        "actions_per_s": round(actions / spent),
    }


def call_times(games: int, seed: int) -> dict[str, Any]:
    """legal_actions and apply, timed call by call over random 4-player games."""
    legal_ns: list[int] = []
    apply_ns: list[int] = []
    sizes: dict[str, list[int]] = {"setup": [], "round 5": [], "end": []}
    replay_ms: list[float] = []
    for g in range(games):
        rng = random.Random(f"{seed}:calls:{g}")
        seed_text = f"calls:{seed}:{g}"
        state = GAME.new_game(4, seed_text)
        sizes["setup"].append(len(GAME.dump_state(state)))
        log = []
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            t0 = time.perf_counter_ns()
            legal = GAME.legal_actions(state, seat)
            t1 = time.perf_counter_ns()
            action = rng.choice(legal)
            state, _ = GAME.apply(state, seat, action)
            t2 = time.perf_counter_ns()
            legal_ns.append(t1 - t0)
            apply_ns.append(t2 - t1)
            log.append((seat, action.text))
            if state.round == 5 and len(sizes["round 5"]) <= g:
                sizes["round 5"].append(len(GAME.dump_state(state)))
        sizes["end"].append(len(GAME.dump_state(state)))
        t0 = time.perf_counter()
        assert replay(GAME, 4, seed_text, log) == state
        replay_ms.append((time.perf_counter() - t0) * 1000)
    return {
        "legal_actions_us": _spread(legal_ns, 1000),
        "apply_us": _spread(apply_ns, 1000),
        "state_bytes": {k: max(v) for k, v in sizes.items() if v},
        "replay_ms": round(statistics.median(replay_ms), 1),
    }


def _spread(values: list[int], unit: int) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered) / unit, 1),
        "p99": round(ordered[int(0.99 * (len(ordered) - 1))] / unit, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.engine")
    parser.add_argument("--quick", action="store_true", help="a run under 30 seconds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seconds = 1.0 if args.quick else 5.0
    rows = [
        throughput(n, p, seconds if p == "random" else seconds * 1.5, args.seed)
        for p in ("random", "heuristic")
        for n in (1, 2, 3, 4)
    ]
    calls = call_times(5 if args.quick else 40, args.seed)
    print(f"{'players':>7} {'policy':>9} {'games':>6} {'games/s':>8} {'actions/s':>10}")
    for r in rows:
        print(
            f"{r['players']:>7} {r['policy']:>9} {r['games']:>6} {r['games_per_s']:>8} "
            f"{r['actions_per_s']:>10}"
        )
    print(f"legal_actions µs: {calls['legal_actions_us']}   apply µs: {calls['apply_us']}")
    print(f"saved state bytes (4 players, largest): {calls['state_bytes']}")
    print(f"replay a full 4-player log: {calls['replay_ms']} ms (median)")
    machine = {"python": platform.python_version(), "machine": platform.machine()}
    print(
        json.dumps(
            {
                "bench": "engine",
                "quick": args.quick,
                "machine": machine,
                "throughput": rows,
                **calls,
            }
        )
    )


if __name__ == "__main__":
    main()
