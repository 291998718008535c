"""The real bot under load: printed figures, never a test.

    python -m bench.bot [--quick] [--games 10,100,1000] [--players 1] [--seconds 30] [--limits]
    python -m bench.bot --postgres [--processes 1,2] [--games 100]

The bot runs as its own process, exactly as `./run.sh run` starts it, against the loopback fake
of Discord (tests/e2e/fake_discord.py) on 127.0.0.1. For each G, G channels each hold one game;
a simulated player per seat clicks as soon as the bot has answered: the board's Act button, then
the buttons or select menu of the private prompt, and, for picks, often a die on the public roll
instead. A finished game is followed at once by a new one in the same channel, so G games stay
active and finished games pile up in the database.

Reported per G: interactions per second over the measuring window, time from sending an
interaction to its first response (p50, p99, max) and to its followup (the next prompt), failed
interactions (no response within Discord's 3 seconds, a second response to one interaction, or
no followup within 15 s), the bot's errors in its log, its CPU time per interaction, REST calls
and picture bytes uploaded per interaction, its memory (RSS) as finished games pile up, and
database bytes per finished game. Prints a table, then one JSON line.

The fake's rate limits are off unless --limits (429s are counted either way), so the figures
measure the bot's own pace and stay comparable with earlier runs; bench/game_night.py measures
a table under the limits.

With --postgres the bot stores its games in PostgreSQL (a server from the pgserver wheel, in a
temporary folder) and runs as P processes for each P of --processes, P shards of one gateway
each, on one database; the fake's channels are dealt to guilds on every shard. CPU and memory
are summed over the processes, and the scaling ratio is each P's interactions per second over
the first P's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import shutil
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import postgres
from tests.e2e.fake_discord import CHANNEL_ID, GUILD_ID, FakeDiscord
from tests.e2e.players import Player, Stats, spread
from tests.e2e.process import quiet, start_bot

PROFILE: list[str] = []
"""Set by --profile: run the bot under cProfile, writing this file."""


async def bot_process(
    fake: FakeDiscord, db: Path | str, log: Path, *args: str, **settings: str
) -> Any:
    """The bot with the scheduler on, as in production; it runs in the folder of `log`, where
    its log goes."""
    python = ("-m", "cProfile", "-o", PROFILE[0]) if PROFILE and args[0] == "run" else ()
    return await start_bot(
        fake,
        db,
        *args,
        scheduler=True,
        python=python,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=log.open("wb"),
        cwd=log.parent,
        **settings,
    )


def total(values: list[float | None]) -> float | None:
    """A sum over processes, unknown if any is unknown."""
    return None if any(v is None for v in values) else sum(v for v in values if v is not None)


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def cpu_s(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


def database_figures(db: Path) -> dict[str, Any]:
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = con.execute("PRAGMA page_size").fetchone()[0]
        pages = con.execute("PRAGMA page_count").fetchone()[0]
        free = con.execute("PRAGMA freelist_count").fetchone()[0]
        status = dict(con.execute("SELECT status, COUNT(*) FROM games GROUP BY status").fetchall())
        finished = con.execute(
            """
            SELECT COUNT(*),
                   SUM(LENGTH(g.state) + LENGTH(g.seats) + LENGTH(g.options) + LENGTH(g.recent)),
                   SUM((SELECT SUM(LENGTH(a.action) + 40) FROM actions a WHERE a.game_id = g.id)),
                   SUM((SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id))
            FROM games g WHERE g.status = 'over'
            """
        ).fetchone()
    games = sum(status.values())
    used = (pages - free) * page
    count, state_bytes, action_bytes, actions = finished
    return {
        "games_stored": games,
        "games_finished": status.get("over", 0),
        "db_bytes_used": used,
        "db_bytes_per_game": round(used / games) if games else None,
        "row_bytes_per_finished_game": round(((state_bytes or 0) + (action_bytes or 0)) / count)
        if count
        else None,
        "actions_per_finished_game": round(actions / count, 1) if count else None,
    }


@dataclass(frozen=True)
class Level:
    """One measured load: G games of `seats` players, each waiting `think` s per click."""

    games: int
    seats: int
    seconds: float
    warmup: float
    seed: int
    think: float
    processes: int = 0
    """Shard processes sharing the database; 0: one unsharded process."""


async def run_level(
    fake: FakeDiscord, level: Level, keep: bool, server: postgres.Server | None = None
) -> dict[str, Any]:
    """With `server`, in a fresh PostgreSQL database; else an SQLite file in a temporary
    folder."""
    tmp = Path(tempfile.mkdtemp(prefix="fleet-bench-"))
    try:
        database = await server.fresh_database() if server is not None else tmp / "bench.db"
        return await _measure(fake, level, tmp, database, server)
    finally:
        if keep:
            print(f"  G={level.games}: database and bot log kept in {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


async def _measure(
    fake: FakeDiscord,
    level: Level,
    tmp: Path,
    db: Path | str,
    server: postgres.Server | None,
) -> dict[str, Any]:
    games, seats, seconds, think = level.games, level.seats, level.seconds, level.think
    fake.ready.clear()
    logs = [tmp / f"bot{i}.log" for i in range(max(1, level.processes))]
    bots = []
    for i, log in enumerate(logs):
        shards = {}
        if level.processes:
            shards = {"FLEET_SHARD_COUNT": str(level.processes), "FLEET_SHARD_IDS": str(i)}
        bots.append(await bot_process(fake, db, log, "run", **shards))
    try:
        await asyncio.wait_for(fake.ready.wait(), 60)
        stats = Stats()
        stop = asyncio.Event()
        players = [
            Player(fake, CHANNEL_ID + i, seats, stats, random.Random(f"{level.seed}:{i}"), think)
            for i in range(games)
        ]
        tasks = [asyncio.create_task(p.run(stop)) for p in players]
        await asyncio.sleep(level.warmup)
        rss_start = total([rss_mb(b.pid) for b in bots])
        cpu_start = total([cpu_s(b.pid) for b in bots])
        finished_start = stats.finished_total
        # Who used the two cores in the window: the bot, this load generator, the database.
        here_start = time.process_time()
        db_start = server.cpu_s() if server is not None else None
        stats.measuring = True
        kinds_before = fake.request_kinds.copy()
        bytes_before, refused_before = fake.file_bytes, fake.limits.total_refused
        started = time.perf_counter()
        samples: list[tuple[int, float | None]] = []
        while time.perf_counter() - started < seconds:
            await asyncio.sleep(min(1.0, seconds / 4))
            samples.append((stats.finished_total, total([rss_mb(b.pid) for b in bots])))
        stats.measuring = False
        spent = time.perf_counter() - started
        here_cores = (time.process_time() - here_start) / spent
        db_cores = None
        if server is not None and db_start is not None:
            db_cores = (server.cpu_s() - db_start) / spent
        kinds = fake.request_kinds - kinds_before
        picture_bytes = fake.file_bytes - bytes_before
        refused = fake.limits.total_refused - refused_before
        rss_end = total([rss_mb(b.pid) for b in bots])
        cpu_end = total([cpu_s(b.pid) for b in bots])
        stop.set()
        await asyncio.wait(tasks, timeout=20)
        for task in tasks:
            task.cancel()
        await quiet(
            fake, idle=0.5, limit=15
        )  # let the bot finish what it was doing before stopping it
    finally:
        for bot in bots:
            if bot.returncode is None:
                bot.send_signal(signal.SIGINT)
                try:
                    await asyncio.wait_for(bot.wait(), 15)
                except TimeoutError:
                    bot.kill()
                    await bot.wait()
    errors = [
        line
        for log in logs
        for line in log.read_text(errors="replace").splitlines()
        if "ERROR" in line or "Traceback" in line
    ]
    figures = await postgres.figures(db) if isinstance(db, str) else database_figures(db)
    cpu = None if cpu_start is None or cpu_end is None else cpu_end - cpu_start
    return {
        "processes": max(1, level.processes),
        "games": games,
        "seats": seats,
        "think_s": think,
        "seconds": round(spent, 1),
        "interactions": stats.interactions,
        "interactions_per_s": round(stats.interactions / spent, 1),
        "actions_per_s": round(stats.actions_clicked / spent, 1),
        "response_ms": spread(stats.response_s),
        "followup_ms": spread(stats.followup_s),
        "bot_requests_per_interaction": round(sum(kinds.values()) / stats.interactions, 2)
        if stats.interactions
        else None,
        "bot_requests_by_kind": dict(kinds.most_common()),
        "picture_kb_per_interaction": round(picture_bytes / 1024 / stats.interactions, 1)
        if stats.interactions
        else None,
        "429s": refused,
        "failed": sum(stats.failed.values()),
        "failed_by_reason": stats.failed,
        "bot_errors_logged": len(errors),
        "first_errors": errors[:3],
        "cores_used": {
            "bot": round(cpu / spent, 2) if cpu is not None else None,
            "load_generator": round(here_cores, 2),
            "database": round(db_cores, 2) if db_cores is not None else None,
        },
        "bot_cpu_ms_per_interaction": round(cpu * 1000 / stats.interactions, 2)
        if cpu and stats.interactions
        else None,
        "finished_in_window": stats.finished,
        "finished_total": stats.finished_total,
        "rss_mb": {
            "start": rss_start,
            "end": rss_end,
            "samples": [(n, round(r, 1) if r else None) for n, r in samples],
        },
        "finished_before_window": finished_start,
        **figures,
    }


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    levels = [int(g) for g in args.games.split(",")]
    counts = [int(p) for p in args.processes.split(",")] if args.postgres else [0]
    server = postgres.Server() if args.postgres else None
    # One guild per shard of the largest count: every process gets its share of the tables.
    fake = FakeDiscord(
        channels=max(levels), record=False, guilds=max(1, *counts), rate_limits=args.limits
    )
    await fake.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            log = Path(tmp) / "sync.log"
            sync = await bot_process(
                fake, Path(tmp) / "sync.db", log, "sync", "--guild", str(GUILD_ID)
            )
            if await asyncio.wait_for(sync.wait(), 60) != 0:
                raise SystemExit(f"command sync failed: {log.read_text()[-2000:]}")
        rows = []
        for processes in counts:
            fake.reshard(max(1, processes))
            for games in levels:
                level = Level(
                    games, args.players, args.seconds, args.warmup, args.seed, args.think, processes
                )
                rows.append(await run_level(fake, level, args.keep, server))
                rate = rows[-1]["interactions_per_s"]
                print(f"  P={processes} G={games}: {rate} interactions/s", file=sys.stderr)
        if fake.problems or fake.unhandled:
            print(f"limit problems: {fake.problems[:5]} unhandled: {fake.unhandled[:5]}")
        return rows
    finally:
        await fake.stop()
        if server is not None:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bot")
    parser.add_argument("--quick", action="store_true", help="a run under 30 seconds")
    parser.add_argument("--games", default="10,100,1000", help="active games, comma-separated")
    parser.add_argument("--players", type=int, default=1, help="seats per game (1 = solo)")
    parser.add_argument("--seconds", type=float, default=None, help="measuring window per G")
    parser.add_argument("--warmup", type=float, default=None, help="seconds before measuring")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a player waits before each click (0: click as soon as answered)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--limits",
        action="store_true",
        help="the fake enforces Discord's rate limits (off: the bot's own pace, as before)",
    )
    parser.add_argument("--keep", action="store_true", help="keep each database and bot log")
    parser.add_argument("--profile", metavar="FILE", help="profile the bot (cProfile) into FILE")
    parser.add_argument(
        "--postgres", action="store_true", help="store games in PostgreSQL (a local server)"
    )
    parser.add_argument(
        "--processes",
        default="1,2",
        help="with --postgres: bot processes sharing the database (one shard each), per run",
    )
    args = parser.parse_args()
    if args.profile:
        PROFILE.append(str(Path(args.profile).resolve()))
    if args.seconds is None:
        args.seconds = 2.0 if args.quick else 60.0
    if args.warmup is None:
        args.warmup = 1.0 if args.quick else 10.0
    rows = asyncio.run(main_async(args))
    print(
        f"{'procs':>5} {'games':>6} {'int/s':>7} {'resp p50':>9} {'p99':>7} {'max':>7} "
        f"{'next p99':>9} {'failed':>6} {'errors':>6} {'cpu ms':>7} {'RSS MB':>13} "
        f"{'DB B/game':>9} {'cores bot/gen/db':>16}"
    )
    for r in rows:
        rss, resp = r["rss_mb"], r["response_ms"]
        cells = [
            (r["processes"], 5),
            (r["games"], 6),
            (r["interactions_per_s"], 7),
            (resp["p50"], 9),
            (resp["p99"], 7),
            (resp["max"], 7),
            (r["followup_ms"]["p99"], 9),
            (r["failed"], 6),
            (r["bot_errors_logged"], 6),
            (r["bot_cpu_ms_per_interaction"], 7),
            (f"{_mb(rss['start'])}->{_mb(rss['end'])}", 13),
            (r["db_bytes_per_game"], 9),
            ("/".join(str(c if c is not None else "-") for c in r["cores_used"].values()), 16),
        ]
        print(" ".join(f"{'-' if v is None else v!s:>{w}}" for v, w in cells))
    scaling = scaling_ratios(rows)
    for games, ratios in scaling.items():
        said = ", ".join(f"{p} processes: {ratio}x" for p, ratio in ratios.items())
        print(f"scaling at G={games} (interactions/s against {min(ratios)} process): {said}")
    machine = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
    }
    store = "postgresql" if args.postgres else "sqlite"
    print(
        json.dumps(
            {
                "bench": "bot",
                "quick": args.quick,
                "database": store,
                "machine": machine,
                "levels": rows,
                "scaling": scaling,
            }
        )
    )


def scaling_ratios(rows: list[dict[str, Any]]) -> dict[int, dict[int, float]]:
    """Per G, each process count's interactions per second over the smallest count's; a count
    measured more than once (``--processes 1,2,1,2``, to even out a noisy machine) counts with
    its mean."""
    out: dict[int, dict[int, float]] = {}
    for games in sorted({r["games"] for r in rows}):
        rates: dict[int, list[float]] = {}
        for r in rows:
            if r["games"] == games:
                rates.setdefault(r["processes"], []).append(r["interactions_per_s"])
        mean = {p: statistics.mean(v) for p, v in sorted(rates.items())}
        if len(mean) > 1 and mean[min(mean)]:
            out[games] = {p: round(rate / mean[min(mean)], 2) for p, rate in mean.items()}
    return out


def _mb(value: float | None) -> str:
    return "?" if value is None else f"{value:.0f}"


if __name__ == "__main__":
    main()
