"""How fast /leaderboard answers with many results stored.

    python -m bench.leaderboard [--results 100000] [--repeat 20]

Seeds an SQLite database with finished challenge results over a year (many players, several
servers), then times every scope × period query. Prints a table, then one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

from bot import challenge
from bot.storage import GameRow, Seat, SqliteRepository


async def measure(results: int, repeat: int) -> dict[str, object]:
    rng = random.Random(1)
    today = date(2026, 11, 22)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.db"
        repo = await SqliteRepository.open(path)
        game = await repo.create(
            GameRow(
                game="fleet-dice",
                channel_id=1,
                host_id=1,
                seed="s",
                seats=[Seat(user_id=1, name="a")],
            )
        )
        players = max(1000, results // 5)
        rows = set()
        while len(rows) < results:
            rows.add(
                (today - timedelta(days=rng.randrange(365))).isoformat()
                + f":{rng.randrange(players)}"
            )
        started = time.perf_counter()
        batch = []
        for key in rows:
            day, user = key.split(":")
            at = time.time() + rng.random()
            batch.append((int(user), int(user) % 50, day, rng.randint(20, 95), at))
        # A direct bulk load (a benchmark fixture): one game row per result, as in real play.
        await repo._db.executemany(
            "INSERT INTO games (game, channel_id, host_id, status, seats, options, seed, version, "
            "created_at, updated_at) VALUES ('fleet-dice', ?, 1, 'over', '[]', '{}', 's', 1, 0, 0)",
            [(1000 + i,) for i in range(len(batch))],
        )
        first_id = game.id + 1
        await repo._db.executemany(
            "INSERT INTO results (game_id, game, user_id, guild_id, kind, challenge_day, score, "
            "title, started_at, finished_at) "
            "VALUES (?, 'fleet-dice', ?, ?, 'challenge', ?, ?, 'deckhand', ?, ?)",
            [(first_id + i, *b, b[-1]) for i, b in enumerate(batch)],
        )
        await repo._db.commit()
        seeded = time.perf_counter() - started
        await repo._db.execute("ANALYZE")
        timings: dict[str, dict[str, float]] = {}
        for scope, guild in (("server", 7), ("global", None)):
            for period in challenge.PERIODS:
                first, last = challenge.period_days(period, today)
                spent = []
                for _ in range(repeat):
                    t0 = time.perf_counter()
                    entries = await repo.leaderboard("fleet-dice", first, last, guild)
                    spent.append((time.perf_counter() - t0) * 1000)
                assert entries
                timings[f"{scope}/{period}"] = {
                    "median_ms": round(statistics.median(spent), 2),
                    "max_ms": round(max(spent), 2),
                }
        size = path.stat().st_size + sum(p.stat().st_size for p in path.parent.glob("*-wal"))
        await repo.close()
    return {
        "results": results,
        "seed_seconds": round(seeded, 1),
        "db_bytes": size,
        "queries": timings,
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.leaderboard")
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    report = asyncio.run(measure(args.results, args.repeat))
    print(f"{'query':>18} {'median ms':>10} {'max ms':>8}")
    for name, t in report["queries"].items():  # type: ignore[union-attr]
        print(f"{name:>18} {t['median_ms']:>10} {t['max_ms']:>8}")
    print(json.dumps({"bench": "leaderboard", **report}))


if __name__ == "__main__":
    main()
