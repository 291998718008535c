"""How fast /leaderboard answers with many results stored, and what ratings cost.

    python -m bench.leaderboard [--results 100000] [--repeat 20]
    python -m bench.leaderboard --ratings [--games 100000] [--finishes 300] [--postgres]

Seeds an SQLite database with finished challenge results over a year (many players, several
servers), then times every scope × period query. Prints a table, then one JSON line.

With --ratings: seeds `--games` rated multiplayer games (2–4 players of 20,000, on 50 servers,
four games) as stored standings, rebuilds every rating from them (timed), then times the rating
leaderboard (global and one server) and a player's ratings; then finishes `--finishes` more
3-player games through `save`, with and without the rating update, to give the update's cost
per finished game. With --postgres the same on a PostgreSQL server from the pgserver wheel.
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
from typing import Any

from bot import challenge, ratings
from bot.storage import (
    GameRow,
    PostgresRepository,
    ResultEntry,
    Seat,
    SqliteRepository,
    open_repository,
)

GAMES = ("fleet-dice", "fleet-cards", "mare-balticum", "black-fleet")
RESULT_COLUMNS = [
    *("game_id", "game", "user_id", "guild_id", "kind"),
    *("score", "won", "place", "started_at", "finished_at"),
]


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


def rated_games(count: int) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """`count` rated games as stored standings: (game id, game, guild, finished at) and each
    player's result (game id, game, user, guild, score, won, place, finished at)."""
    rng = random.Random(2)
    games, results = [], []
    for game_id in range(1, count + 1):
        game, guild, at = rng.choice(GAMES), rng.randrange(1, 51), 1_800_000_000.0 + game_id
        users = rng.sample(range(1, 20_001), rng.randint(2, 4))
        scores = [rng.randint(20, 60) for _ in users]
        places = ratings.places_by_score([(s == max(scores), s) for s in scores])
        games.append((game_id, game, guild, at))
        for user, score, place in zip(users, scores, places, strict=True):
            results.append((game_id, game, user, guild, score, place == 1, place, at))
    return games, results


async def seed_rated(repo: SqliteRepository | PostgresRepository, count: int) -> tuple[int, int]:
    """A direct bulk load (a benchmark fixture) of rated games and their results; a player
    and their server, to look up."""
    games, results = rated_games(count)
    sample = (int(results[0][2]), int(results[0][3]))
    if isinstance(repo, PostgresRepository):
        async with repo._pool.acquire() as con:
            await con.execute(
                "INSERT INTO games (id, game, channel_id, host_id, status, seats, options, seed, "
                "version, created_at, updated_at) SELECT i, 'fleet-dice', 1000000 + i, 1, 'over', "
                "'[]', '{}', 's', 1, 0, 0 FROM generate_series(1, $1::bigint) i",
                count,
            )
            await con.execute(f"ALTER TABLE games ALTER COLUMN id RESTART WITH {count + 1}")
            await con.copy_records_to_table(
                "results",
                records=[(*r[:4], "multi", r[4], r[5], r[6], r[7], r[7]) for r in results],
                columns=RESULT_COLUMNS,
            )
            await con.executemany(
                "INSERT INTO rated_games (game_id, game, guild_id, rated_at) "
                "VALUES ($1, $2, $3, $4)",
                games,
            )
            await con.execute("ANALYZE")
        return sample
    db = repo._db
    await db.executemany(
        "INSERT INTO games (id, game, channel_id, host_id, status, seats, options, seed, version, "
        "created_at, updated_at) VALUES (?, 'fleet-dice', ?, 1, 'over', '[]', '{}', 's', 1, 0, 0)",
        [(g[0], 1_000_000 + g[0]) for g in games],
    )
    await db.executemany(
        "INSERT INTO results (game_id, game, user_id, guild_id, kind, score, won, place, "
        "started_at, finished_at) VALUES (?, ?, ?, ?, 'multi', ?, ?, ?, ?, ?)",
        [(*r, r[-1]) for r in results],
    )
    await db.executemany(
        "INSERT INTO rated_games (game_id, game, guild_id, rated_at) VALUES (?, ?, ?, ?)", games
    )
    await db.commit()
    await db.execute("ANALYZE")
    return sample


def timings(spent: list[float]) -> dict[str, float]:
    return {"median_ms": round(statistics.median(spent), 3), "max_ms": round(max(spent), 3)}


async def finish_games(
    repo: SqliteRepository | PostgresRepository, count: int, first_channel: int
) -> list[float]:
    """Milliseconds per finishing save of a 3-player game (results and, unless switched off,
    the rating update, in one transaction)."""
    rng = random.Random(first_channel)
    spent = []
    for channel in range(first_channel, first_channel + count):
        users = rng.sample(range(1, 20_001), 3)
        row = await repo.create(
            GameRow(
                game=rng.choice(GAMES),
                channel_id=channel,
                guild_id=rng.randrange(1, 51),
                host_id=users[0],
                status="active",
                seats=[Seat(user_id=u, name=str(u)) for u in users],
                seed="s",
                state="{}",
            )
        )
        scores = [rng.randint(20, 60) for _ in users]
        results = [
            ResultEntry(u, s, None, s == max(scores)) for u, s in zip(users, scores, strict=True)
        ]
        over = row.model_copy(update={"status": "over"})
        t0 = time.perf_counter()
        await repo.save(over, row.version, [(0, users[0], "last")], results)
        spent.append((time.perf_counter() - t0) * 1000)
    return spent


async def measure_ratings(
    database: str, games: int, finishes: int, repeat: int
) -> dict[str, object]:
    repo = await open_repository(database)
    try:
        user, guild = await seed_rated(repo, games)
        started = time.perf_counter()
        rated = await repo.rebuild_ratings()
        rebuild = time.perf_counter() - started
        await repo.execute("ANALYZE")  # the statistics of the tables the rebuild filled
        queries: dict[str, dict[str, float]] = {}
        for name, call in (
            ("board/global", lambda: repo.rating_board("fleet-dice", None)),
            ("board/server", lambda: repo.rating_board("fleet-dice", 7)),
            ("player/ratings", lambda: repo.user_ratings(user, guild)),
        ):
            spent = []
            for _ in range(repeat):
                t0 = time.perf_counter()
                assert await call()
                spent.append((time.perf_counter() - t0) * 1000)
            queries[name] = timings(spent)
        with_rating = await finish_games(repo, finishes, 1)
        real = repo._rate
        repo._rate = _unrated  # type: ignore[method-assign,assignment]
        without = await finish_games(repo, finishes, 1 + finishes)
        repo._rate = real  # type: ignore[method-assign]
    finally:
        await repo.close()
    table: dict[ratings.Key, ratings.Rated] = {}
    sample = ratings.RatedGame(1, "fleet-dice", 7, tuple(ratings.Standing(i, i) for i in (1, 2, 3)))
    t0 = time.perf_counter()
    for _ in range(1000):
        ratings.rate_game(sample, table)
    maths_us = (time.perf_counter() - t0) * 1000
    return {
        "rated_games": rated,
        "rebuild_seconds": round(rebuild, 1),
        "rebuild_us_per_game": round(rebuild / max(rated, 1) * 1e6),
        "queries": queries,
        "finish_with_rating": timings(with_rating),
        "finish_without_rating": timings(without),
        "rating_update_ms": round(statistics.median(with_rating) - statistics.median(without), 3),
        "openskill_us_per_game": round(maths_us, 1),
    }


async def _unrated(*args: object) -> None:
    """The rating update switched off, to measure the save without it."""


async def ratings_report(args: argparse.Namespace) -> dict[str, object]:
    if args.postgres:
        from bench import postgres

        server = postgres.Server()
        try:
            return await measure_ratings(
                await server.fresh_database(), args.games, args.finishes, args.repeat
            )
        finally:
            server.stop()
    with tempfile.TemporaryDirectory() as tmp:
        return await measure_ratings(
            str(Path(tmp) / "ratings.db"), args.games, args.finishes, args.repeat
        )


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.leaderboard")
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--ratings", action="store_true", help="the rating board and updates")
    parser.add_argument("--games", type=int, default=100_000, help="with --ratings")
    parser.add_argument("--finishes", type=int, default=300, help="with --ratings")
    parser.add_argument("--postgres", action="store_true", help="with --ratings")
    args = parser.parse_args()
    if args.ratings:
        rated = asyncio.run(ratings_report(args))
        print(f"{'query':>18} {'median ms':>10} {'max ms':>8}")
        for name, t in rated["queries"].items():  # type: ignore[attr-defined]
            print(f"{name:>18} {t['median_ms']:>10} {t['max_ms']:>8}")
        db = "postgres" if args.postgres else "sqlite"
        print(json.dumps({"bench": "ratings", "database": db, **rated}))
        return
    report = asyncio.run(measure(args.results, args.repeat))
    print(f"{'query':>18} {'median ms':>10} {'max ms':>8}")
    for name, t in report["queries"].items():  # type: ignore[union-attr]
        print(f"{name:>18} {t['median_ms']:>10} {t['max_ms']:>8}")
    print(json.dumps({"bench": "leaderboard", **report}))


if __name__ == "__main__":
    main()
