"""Replay viewer benchmarks: printed figures, never a test.

    python -m bench.replay [--game fleet-dice] [--quick] [--seed 1]

For each game (or one), a whole game at the most seats, every seat playing its default move
(the longest games: Fleet Dice ~350 actions); then:

- **build**: replaying its log into the viewer's steps from scratch (what the first click on a
  game's viewer costs), continuing a kept replay after one more move (a running game's next
  click), and finding a kept replay (every other click), with the memory a kept replay holds;
- **frames**: every step's public frame drawn as the viewer sends it, per frame, p50 and p99:
  the text (the frame's panel, its embed and controls) and the picture separately.

Prints a table, then one JSON line.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import platform
import statistics
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bot.fronts import get_front
from bot.fronts.base import SeatInfo
from bot.i18n import translator
from bot.replay import Timelines, build, frame
from cogs.replays import viewer_drawn
from engine.games import game_ids, get_game
from engine.simulate import default_game

PICTURES = {
    "fleet-dice": ("bot.fronts.fleet_dice", "sheet_picture"),
    "fleet-cards": ("bot.fronts.fleet_cards", "tableau_png"),
    "mare-balticum": ("bot.fronts.mare_balticum.front", "map_picture"),
    "black-fleet": ("bot.fronts.black_fleet.front", "draw_map"),
}
"""Where each front draws the picture of a replay's frame (timed on its own)."""


@contextmanager
def timed_pictures(game_id: str) -> Iterator[list[float]]:
    """Seconds spent drawing each picture, while inside."""
    spent: list[float] = []
    module_name, name = PICTURES[game_id]
    module = importlib.import_module(module_name)
    real: Callable[..., Any] = getattr(module, name)

    def drawing(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - started)

    setattr(module, name, drawing)
    try:
        yield spent
    finally:
        setattr(module, name, real)


def spread(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    if not ordered:
        return {"p50": 0.0, "p99": 0.0}
    return {
        "p50": round(statistics.median(ordered) * 1000, 2),
        "p99": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 2),
    }


def measure(game_id: str, seed: str, rounds: int) -> dict[str, Any]:
    game = get_game(game_id)
    seats = game.max_seats
    log = default_game(game, seats, seed)
    builds = []
    for _ in range(rounds):
        started = time.perf_counter()
        timeline = build(game, seats, seed, None, log)
        builds.append(time.perf_counter() - started)
    earlier = build(game, seats, seed, None, log[:-1])
    started = time.perf_counter()
    build(game, seats, seed, None, log, before=earlier)
    continued = time.perf_counter() - started
    kept = Timelines()
    kept.put(1, 1, timeline)
    started = time.perf_counter()
    for _ in range(1000):
        kept.get(1, 1)
    found = (time.perf_counter() - started) / 1000
    gc.collect()
    tracemalloc.start()
    held = build(game, seats, seed, None, log)
    memory, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del held

    front = get_front(game_id)
    tr = translator(None, front.domain)
    ttr = tr.domain_of("table")
    names = [SeatInfo(f"player {s + 1}") for s in range(seats)]
    frame(game, timeline, 1, None, names, tr, False)  # fonts and palettes loaded once
    text: list[float] = []
    pictures: list[float] = []
    for _ in range(rounds):
        for n in range(len(timeline.steps)):
            with timed_pictures(game_id) as drawing:
                started = time.perf_counter()
                shown = frame(game, timeline, n, None, names, tr, False)
                viewer_drawn(shown, 1, ttr, None, False)
                total = time.perf_counter() - started
            text.append(total - sum(drawing))
            if drawing:
                pictures.append(sum(drawing))
    return {
        "game": game_id,
        "seats": seats,
        "actions": len(log),
        "steps": len(timeline.steps),
        "build_ms": spread(builds),
        "continue_ms": round(continued * 1000, 2),
        "kept_us": round(found * 1e6, 2),
        "kept_kb": round(memory / 1024),
        "text_ms": spread(text),
        "picture_ms": spread(pictures),
        "frames_with_picture": len(pictures) // rounds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.replay")
    parser.add_argument("--game", choices=game_ids(), help="one game (default: every game)")
    parser.add_argument("--quick", action="store_true", help="a run under 30 seconds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = [args.game] if args.game else [g for g in game_ids() if g in PICTURES]
    rounds = 1 if args.quick else 3
    rows = [measure(g, f"bench:{args.seed}", rounds) for g in games]
    print(
        f"{'game':<14} {'actions':>7} {'steps':>5} {'build p50':>9} {'continue':>8} "
        f"{'kept':>7} {'memory':>7} {'text p50/p99':>14} {'picture p50/p99':>16}"
    )
    for r in rows:
        text, picture = r["text_ms"], r["picture_ms"]
        print(
            f"{r['game']:<14} {r['actions']:>7} {r['steps']:>5} "
            f"{r['build_ms']['p50']:>7} ms {r['continue_ms']:>5} ms {r['kept_us']:>4} µs "
            f"{r['kept_kb']:>4} KB {text['p50']:>6}/{text['p99']:<5} ms "
            f"{picture['p50']:>7}/{picture['p99']:<5} ms"
        )
    machine = {"python": platform.python_version(), "machine": platform.machine()}
    print(json.dumps({"bench": "replay", "quick": args.quick, "machine": machine, "games": rows}))


if __name__ == "__main__":
    main()
