"""Engine benchmarks: printed figures, never a test.

    python -m bench.engine [--game fleet-dice] [--quick] [--seed 1]

For any registered game: complete games and actions per second for every player count with
the random and heuristic policies (one core; every seat decides from its view, as AI seats
do), `legal_actions` and `apply` times (median, p99) at the most players, the saved state's
size at the start, the middle and the end, and the time to replay a full game's log. Prints
a table, then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from typing import Any

from engine.core.game import AnyGame
from engine.core.replay import replay
from engine.games import game_ids, get_game
from engine.simulate import play_one


def throughput(
    game: AnyGame, players: int, policy: str, seconds: float, seed: int
) -> dict[str, Any]:
    """Play whole games for about `seconds`."""
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or games == 0:
        rng = random.Random(f"{seed}:{games}")
        _, played = play_one(game, players, f"bench:{seed}:{games}", [policy] * players, {}, rng)
        actions += played
        games += 1
    spent = time.perf_counter() - started
    return {
        "players": players,
        "policy": policy,
        "games": games,
        "games_per_s": round(games / spent, 1),
        "actions_per_s": round(actions / spent),
    }


def call_times(game: AnyGame, players: int, games: int, seed: int) -> dict[str, Any]:
    """legal_actions and apply, timed call by call over random games at `players`."""
    legal_ns: list[int] = []
    apply_ns: list[int] = []
    sizes: dict[str, list[int]] = {"setup": [], "middle": [], "end": []}
    replay_ms: list[float] = []
    for g in range(games):
        rng = random.Random(f"{seed}:calls:{g}")
        seed_text = f"calls:{seed}:{g}"
        state, _ = game.start(players, seed_text)
        sizes["setup"].append(len(game.dump_state(state)))
        log = []
        states = []
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            t0 = time.perf_counter_ns()
            legal = game.legal_actions(state, seat)
            t1 = time.perf_counter_ns()
            action = rng.choice(legal)
            state, _ = game.apply(state, seat, action)
            t2 = time.perf_counter_ns()
            legal_ns.append(t1 - t0)
            apply_ns.append(t2 - t1)
            log.append((seat, action.text))
            states.append(state)
        sizes["middle"].append(len(game.dump_state(states[len(states) // 2])))
        sizes["end"].append(len(game.dump_state(state)))
        t0 = time.perf_counter()
        assert replay(game, players, seed_text, log) == state
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
    parser.add_argument("--game", default=game_ids()[0], choices=game_ids())
    parser.add_argument("--quick", action="store_true", help="a run under 30 seconds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game(args.game)
    seconds = 1.0 if args.quick else 5.0
    counts = range(game.min_seats, game.max_seats + 1)
    rows = [
        throughput(game, n, p, seconds if p == "random" else seconds * 1.5, args.seed)
        for p in ("random", "heuristic")
        for n in counts
    ]
    calls = call_times(game, game.max_seats, 5 if args.quick else 40, args.seed)
    print(f"{'players':>7} {'policy':>9} {'games':>6} {'games/s':>8} {'actions/s':>10}")
    for r in rows:
        print(
            f"{r['players']:>7} {r['policy']:>9} {r['games']:>6} {r['games_per_s']:>8} "
            f"{r['actions_per_s']:>10}"
        )
    print(f"legal_actions µs: {calls['legal_actions_us']}   apply µs: {calls['apply_us']}")
    most = game.max_seats
    print(f"saved state bytes ({most} players, largest): {calls['state_bytes']}")
    print(f"replay a full {most}-player log: {calls['replay_ms']} ms (median)")
    machine = {"python": platform.python_version(), "machine": platform.machine()}
    print(
        json.dumps(
            {
                "bench": "engine",
                "game": args.game,
                "quick": args.quick,
                "machine": machine,
                "throughput": rows,
                **calls,
            }
        )
    )


if __name__ == "__main__":
    main()
