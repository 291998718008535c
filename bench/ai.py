"""AI seats head to head: printed figures, never a test.

    python -m bench.ai [--game black-fleet ...] [--games 200] [--seats 4] [--jobs 2] [--quick]
    python -m bench.ai --loop        # the event loop while a strong seat thinks: thread vs pool

For each game, with seats rotated so that every seat is played as often by each side:

- **strong vs normal**: one strong seat against one normal seat where the game seats two,
  else against two normal seats; the strong seat's share of the wins (a shared win counts
  as a share). Goals: 60 % at two seats, 45 % at three.
- **normal vs random**: one normal seat against random seats; its share of the wins (goal
  95 %).
- **all normal**: every seat normal; each seat's share of the wins (goal: within 6 points of
  a fair share), and where one seat moves first, the share of each place after it (0 is the
  first player): a seat number that wins more is a bias of the AI or the bench, a place that
  wins more is the game's (or how the AI plays from there).
- **decision time**: CPU seconds per decision of each level (p50, p99), over the decisions
  with a choice. Goal for strong: p99 ≤ 1 s.

In a simultaneous step the seat that decides first is drawn at random (at a table, whoever
clicks first); always taking the first seat listed gives Fleet Dice's seat 1 two thirds of the
wins. Every game's seed is ``bench-ai:<mode>:<n>``: a run is repeatable, and `--games N` takes
the first N of the same list. `--jobs J` plays games in J processes (the machine's load
changes the times, not the results).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.core.game import AnyGame
from engine.core.search import NORMAL, STRONG, ai_action
from engine.games import get_game

GAMES = ("fleet-dice", "fleet-cards", "mare-balticum", "black-fleet")
GOALS = {2: 0.60, 3: 0.45}


def seats_for(game: AnyGame) -> int:
    """Two seats where the game allows, else its fewest."""
    return max(2, game.min_seats)


def play(
    game_id: str, seats: int, seed: str, levels: Sequence[str], playouts: int | None
) -> dict[str, Any]:
    """One game; `levels[s]` is ``normal``, ``strong`` or ``random``. Returns the winners,
    the CPU time of each decision that had a choice, by level, and the seat that moved first
    (None where the game opens with a simultaneous step)."""
    game = get_game(game_id)
    state, _ = game.start(seats, seed)
    rng = random.Random(seed)
    times: dict[str, list[float]] = {NORMAL: [], STRONG: []}
    moves = 0
    first: int | None = None
    while not game.is_over(state):
        acting = game.to_act(state)
        if moves == 0 and len(acting) == 1:
            first = acting[0]
        # In a simultaneous step whoever decides first is drawn, as at a table: the first
        # seat listed would gain from deciding first wherever the order matters.
        seat = rng.choice(acting)
        level = levels[seat]
        if level == "random":
            action = rng.choice(game.legal_actions(state, seat))
        else:
            choice = len(game.legal_actions(state, seat)) > 1
            started = time.process_time()
            action = ai_action(game, state, seat, level, seed, playouts)
            if choice:
                times[level].append(time.process_time() - started)
        state, _ = game.apply(state, seat, action)
        moves += 1
    result = game.result(state)
    return {"winners": result.winners, "times": times, "moves": moves, "first": first}


def _task(args: tuple[str, int, str, tuple[str, ...], int | None]) -> dict[str, Any]:
    return play(*args)


def matches(
    game_id: str, mode: str, games: int, seats: int, playouts: int | None
) -> list[tuple[str, int, str, tuple[str, ...], int | None]]:
    """The games of one mode: the tested seat (strong, or normal against random) moves round
    the table game by game."""
    out = []
    for n in range(games):
        if mode == "all-normal":
            levels = [NORMAL] * seats
        else:
            tested, others = (STRONG, NORMAL) if mode == "strong-vs-normal" else (NORMAL, "random")
            levels = [others] * seats
            levels[n % seats] = tested
        out.append((game_id, seats, f"bench-ai:{mode}:{n}", tuple(levels), playouts))
    return out


def run_mode(
    pool: concurrent.futures.Executor | None,
    game_id: str,
    mode: str,
    games: int,
    seats: int,
    playouts: int | None,
) -> dict[str, Any]:
    tasks = matches(game_id, mode, games, seats, playouts)
    started = time.perf_counter()
    played = pool.map(_task, tasks) if pool is not None else map(_task, tasks)
    results = []
    tested = STRONG if mode == "strong-vs-normal" else NORMAL
    share = 0.0
    for n, ((_, _, _, levels, _), r) in enumerate(zip(tasks, played, strict=True), 1):
        results.append(r)
        if mode != "all-normal":
            share += sum(levels[s] == tested for s in r["winners"]) / len(r["winners"])
            # One line a game on stderr: a long run shows where it is, and its share so far.
            print(f"{game_id} {mode} {n}/{games} share so far {share / n:.3f}", file=sys.stderr)
    wall = time.perf_counter() - started
    wins: Counter[int] = Counter()
    after_first: Counter[int] = Counter()
    openers = 0
    tested_share = 0.0
    times: dict[str, list[float]] = {NORMAL: [], STRONG: []}
    for (_, _, _, levels, _), r in zip(tasks, results, strict=True):
        for seat in r["winners"]:
            wins[seat] += 1 / len(r["winners"])
        if r["first"] is not None:
            openers += 1
            for seat in r["winners"]:
                after_first[(seat - r["first"]) % seats] += 1 / len(r["winners"])
        if mode != "all-normal":
            tested = STRONG if mode == "strong-vs-normal" else NORMAL
            mine = [s for s in r["winners"] if levels[s] == tested]
            tested_share += len(mine) / len(r["winners"])
        for level, spent in r["times"].items():
            times[level] += spent
    out: dict[str, Any] = {"mode": mode, "games": games, "seats": seats, "wall_s": round(wall)}
    if mode == "all-normal":
        out["wins_by_seat"] = [round(wins[s] / games, 3) for s in range(seats)]
        if openers:
            # A seat number must not matter; a place after the first player may (the game).
            out["wins_after_first"] = [round(after_first[p] / openers, 3) for p in range(seats)]
    else:
        out["share"] = round(tested_share / games, 3)
    out["decision_s"] = {level: spread(t) for level, t in times.items() if t}
    return out


def spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "p50": round(statistics.median(ordered), 4),
        "p99": round(ordered[int(0.99 * (len(ordered) - 1))], 4),
        "max": round(ordered[-1], 4),
    }


def loop_lag(seconds: float = 6.0) -> dict[str, Any]:
    """How late a 10 ms timer on the event loop fires while strong decisions are thought out
    in a thread of this process, and in a worker process (what the bot does)."""
    from bot.thinking import PoolThinker

    game = get_game("black-fleet")
    state, _ = game.start(3, "loop")
    seat = game.to_act(state)[0]
    while len(game.legal_actions(state, seat)) < 5:
        state, _ = game.apply(state, seat, game.default_action(state, seat))
        seat = game.to_act(state)[0]

    async def measure(workers: int) -> dict[str, float]:
        thinker = PoolThinker(workers)
        lags: list[float] = []
        stop = time.perf_counter() + seconds

        async def think() -> None:
            n = 0
            while time.perf_counter() < stop:
                await thinker(game, state, seat, f"loop:{n}")
                n += 1

        async def tick() -> None:
            while time.perf_counter() < stop:
                at = time.perf_counter()
                await asyncio.sleep(0.01)
                lags.append(time.perf_counter() - at - 0.01)

        await thinker(game, state, seat, "warm")  # a pool starts its process once
        await asyncio.gather(think(), tick())
        thinker.close()
        ordered = sorted(lags)
        return {
            "p50_ms": round(1000 * statistics.median(ordered), 2),
            "p99_ms": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 2),
            "max_ms": round(1000 * ordered[-1], 2),
        }

    return {"thread": asyncio.run(measure(0)), "process": asyncio.run(measure(1))}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ai", description=__doc__)
    parser.add_argument("--game", action="append", choices=GAMES, help="default: every game")
    parser.add_argument("--games", type=int, default=200, help="games per mode (default 200)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games")
    parser.add_argument(
        "--mode",
        action="append",
        choices=("strong-vs-normal", "normal-vs-random", "all-normal"),
        help="default: all three",
    )
    parser.add_argument("--playouts", type=int, default=None, help="override the search budget")
    parser.add_argument("--seats", type=int, default=None, help="default: two, or the fewest")
    parser.add_argument("--quick", action="store_true", help="10 games per mode")
    parser.add_argument("--loop", action="store_true", help="event-loop lag: thread vs process")
    args = parser.parse_args()
    machine = {"python": platform.python_version(), "machine": platform.machine()}
    if args.loop:
        lag = loop_lag()
        print(f"timer lateness while thinking, thread: {lag['thread']}")
        print(f"timer lateness while thinking, process: {lag['process']}")
        print(json.dumps({"bench": "ai-loop", "machine": machine, **lag}))
        return
    games = 10 if args.quick else args.games
    modes = args.mode or ["strong-vs-normal", "normal-vs-random", "all-normal"]
    pool = concurrent.futures.ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    report = []
    for game_id in args.game or GAMES:
        game = get_game(game_id)
        seats = args.seats or seats_for(game)
        if not game.min_seats <= seats <= game.max_seats:
            print(f"{game_id:>14} seats {game.min_seats}-{game.max_seats}: not at {seats}")
            continue
        for mode in modes:
            row = {"game": game_id, **run_mode(pool, game_id, mode, games, seats, args.playouts)}
            report.append(row)
            print(_line(row), flush=True)
    print(json.dumps({"bench": "ai", "machine": machine, "games": games, "rows": report}))


def _line(row: dict[str, Any]) -> str:
    what = (
        f"wins by seat {row['wins_by_seat']}"
        + (
            f" by place after the first player {row['wins_after_first']}"
            if "wins_after_first" in row
            else ""
        )
        if "wins_by_seat" in row
        else f"share {row['share']:.3f}"
        + (
            f" (goal {GOALS[row['seats']]:.0%})"
            if row["mode"] == "strong-vs-normal" and row["seats"] in GOALS
            else ""
        )
    )
    times = "  ".join(
        f"{level} p50 {t['p50'] * 1000:.1f} ms p99 {t['p99'] * 1000:.0f} ms"
        for level, t in row["decision_s"].items()
    )
    return (
        f"{row['game']:>14} {row['mode']:>17} {row['seats']} seats {row['games']:>4} games "
        f"{row['wall_s']:>5}s  {what}  {times}"
    )


if __name__ == "__main__":
    main()
