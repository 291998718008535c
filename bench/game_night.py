"""Game nights with and without Discord's rate limits, side by side in one run: printed
figures, never a test.

    python -m bench.game_night [--tables 1,5] [--rounds 3] [--seed 1] [--game mare-balticum]

Plays the scenario of tests/e2e/test_game_night.py at length: for each T of --tables, T tables
of four people playing Fleet Dice (or --game) at once in one guild, each in its thread, every player
answering when their prompt or a ping shows their turn, 0.3–1.8 s later; through the real bot
(its requests traced to the clicks that caused them) against the loopback fake, first with
the fake's rate limits on, then off.

Reported per night: 429s answered to the bot (all, and during play), failed interactions, the
moment a player can see it is their turn (from the click that made it their turn to the prompt
edit or ping that shows it; p50, p99, max), a move visible on the table's public messages (from
its click), decisions per minute; then each T's decisions per minute with limits over without.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any

from tests.e2e.test_game_night import game_night


async def nights(
    tables: list[int], rounds: int, seed: int, game: str = "fleet-dice"
) -> list[dict[str, Any]]:
    rows = []
    for count in tables:
        for limits in (True, False):
            with tempfile.TemporaryDirectory(prefix="fleet-night-") as folder:
                night = await game_night(Path(folder), count, rounds, limits, seed, game)
            row = night.figures()
            row["failed_by_reason"] = night.stats.failed
            row["bot_errors_logged"] = len(night.errors)
            rows.append(row)
            print(f"  {count} tables, limits {'on' if limits else 'off'}: done", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.game_night")
    parser.add_argument("--tables", default="1,5", help="tables at once, comma-separated")
    parser.add_argument("--rounds", type=int, default=3, help="rounds each table plays")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="fleet-dice", help="the game every table plays")
    args = parser.parse_args()
    counts = [int(t) for t in args.tables.split(",")]
    rows = asyncio.run(nights(counts, args.rounds, args.seed, args.game))
    print(
        f"{'tables':>6} {'limits':>6} {'429s':>5} {'in play':>7} {'failed':>6} "
        f"{'turn p50':>8} {'p99':>7} {'max':>7} {'move p50':>8} {'p99':>7} {'max':>7} "
        f"{'dec/min':>7}"
    )
    for r in rows:
        turn, move = r["turn_shown_ms"], r["move_shown_ms"]
        cells = [
            (r["tables"], 6),
            ("on" if r["rate_limits"] else "off", 6),
            (r["429s"], 5),
            (r["429s_in_play"], 7),
            (r["failed"], 6),
            (turn["p50"], 8),
            (turn["p99"], 7),
            (turn["max"], 7),
            (move["p50"], 8),
            (move["p99"], 7),
            (move["max"], 7),
            (r["decisions_per_minute"], 7),
        ]
        print(" ".join(f"{'-' if v is None else v!s:>{w}}" for v, w in cells))
    pace = {}
    for count in counts:
        on, off = (
            next(r for r in rows if r["tables"] == count and r["rate_limits"] is limits)
            for limits in (True, False)
        )
        pace[count] = round(on["decisions_per_minute"] / off["decisions_per_minute"], 3)
        print(f"{count} tables: decisions per minute with limits / without = {pace[count]}")
    summary = {"bench": "game_night", "game": args.game, "rounds": args.rounds}
    print(json.dumps({**summary, "rows": rows, "pace": pace}))


if __name__ == "__main__":
    main()
