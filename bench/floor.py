"""Our bot beside the floor, in one run on one loopback fake of Discord: printed figures, never
a test.

    python -m bench.floor [--tables 4] [--seconds 15] [--warmup 3] [--limits] [--spacing S]
                          [--games fleet-dice,fleet-cards,mare-balticum,black-fleet]
                          [--profile DIR] [--cprofile DIR]

The floor is the cheapest discord.py button bot (bench/floor_bot.py: one button, a click edits
its message). Each bot runs as its own process, one after the other, against the same fake:
first the floor, with one player per table clicking its button as soon as the last click is
answered; then our bot (as `./run.sh run` starts it, scheduler on) for each game, `--tables`
tables of four players clicking as soon as they are answered (tests/e2e/players.py).

Per bot, over the measuring window: CPU time per interaction (the process's user + system
time from /proc, its drawing thread included), interactions per second, REST calls per
interaction, picture bytes uploaded per interaction, 429s; then each game's ratio to the floor.
The fake's rate limits are off unless `--limits`: at this pace, with them on, our bot's tables
fall behind and its presenter skips edits, which would flatter its calls per interaction.

`--profile DIR` samples our bot with py-spy (``pip install py-spy``) during each window, every
thread (the drawing thread too), and prints what dominates its CPU; the raw stacks are kept in
DIR. py-spy's sampling costs the bot a little CPU: profile in a run of its own. `--cprofile DIR`
runs cProfile in our bot over each measuring window instead (DIR/<game>.prof): exact call
counts, to compare a change by what it calls rather than by noisy times.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.bot import cpu_s
from tests.e2e.fake_discord import CHANNEL_ID, GUILD_ID, TOKEN, FakeDiscord, user
from tests.e2e.players import Player, Stats, answered, custom_ids
from tests.e2e.process import ROOT, quiet, start_bot

GAMES = ["fleet-dice", "fleet-cards", "mare-balticum", "black-fleet"]
SEATS = 4


@dataclass
class Window:
    """What one bot did in the measuring window."""

    bot: str
    seconds: float
    interactions: int
    cpu_s: float | None
    requests: Counter[str]
    picture_bytes: int
    pictures: int
    too_many: int
    failed: dict[str, int]

    def figures(self) -> dict[str, Any]:
        n = max(1, self.interactions)
        return {
            "bot": self.bot,
            "interactions": self.interactions,
            "interactions_per_s": round(self.interactions / self.seconds, 1),
            "cpu_ms_per_interaction": round(self.cpu_s * 1000 / n, 2) if self.cpu_s else None,
            "cores": round(self.cpu_s / self.seconds, 2) if self.cpu_s else None,
            "rest_calls_per_interaction": round(sum(self.requests.values()) / n, 2),
            "picture_kb_per_interaction": round(self.picture_bytes / 1024 / n, 1),
            "pictures_per_interaction": round(self.pictures / n, 2),
            "429s": self.too_many,
            "failed": sum(self.failed.values()),
            "calls_by_kind": dict(self.requests.most_common()),
        }


class Meter:
    """The fake's counters and a process's CPU time, from the window's start."""

    def __init__(self, fake: FakeDiscord, pid: int, stats: Stats) -> None:
        self.fake, self.pid, self.stats = fake, pid, stats
        self.kinds = fake.request_kinds.copy()
        self.bytes, self.files = fake.file_bytes, fake.files
        self.refused = fake.limits.total_refused
        self.failed = dict(stats.failed)
        self.cpu = cpu_s(pid)
        self.started = time.perf_counter()
        stats.measuring = True

    def read(self, bot: str) -> Window:
        self.stats.measuring = False
        cpu = cpu_s(self.pid)
        fake = self.fake
        return Window(
            bot,
            time.perf_counter() - self.started,
            self.stats.interactions,
            None if cpu is None or self.cpu is None else cpu - self.cpu,
            fake.request_kinds - self.kinds,
            fake.file_bytes - self.bytes,
            fake.files - self.files,
            fake.limits.total_refused - self.refused,
            {
                k: n - self.failed.get(k, 0)
                for k, n in self.stats.failed.items()
                if n > self.failed.get(k, 0)
            },
        )


async def stopped(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(process.wait(), 15)
        except TimeoutError:
            process.kill()
            await process.wait()


# --- the floor -----------------------------------------------------------------------------------


async def clicker(fake: FakeDiscord, channel: int, stats: Stats, stop: asyncio.Event) -> None:
    """One player at the floor bot's message in `channel`, clicking as soon as answered."""
    who = user(30_000_000 + channel - CHANNEL_ID, f"floor-{channel - CHANNEL_ID}")
    while not stop.is_set():
        message = next(
            (
                fake.messages[m]
                for m in fake.by_channel.get(channel, [])
                if m in fake.messages and "floor:click" in custom_ids(fake.messages[m])
            ),
            None,
        )
        if message is None:
            await fake.written(0.1)
            await asyncio.sleep(0.5)  # discord.py listens for its button once it is posted
            continue
        inter = await fake.click(who, int(message["id"]), "floor:click", timeout=None)
        await answered(stats, inter, deferred=False)


async def floor(fake: FakeDiscord, tables: int, warmup: float, seconds: float) -> Window:
    fake.ready.clear()
    channels = [str(CHANNEL_ID + i) for i in range(tables)]
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.floor_bot",
        fake.base,
        *channels,
        env={**os.environ, "FLEET_TOKEN": TOKEN, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.DEVNULL,
    )
    stats, stop = Stats(), asyncio.Event()
    try:
        await asyncio.wait_for(fake.ready.wait(), 60)
        players = [clicker(fake, CHANNEL_ID + i, stats, stop) for i in range(tables)]
        tasks = [asyncio.create_task(p) for p in players]
        await asyncio.sleep(warmup)
        meter = Meter(fake, process.pid, stats)
        await asyncio.sleep(seconds)
        window = meter.read("floor")
        stop.set()
        await asyncio.wait(tasks, timeout=10)
    finally:
        await stopped(process)
    return window


# --- our bot -------------------------------------------------------------------------------------


async def ours(
    fake: FakeDiscord,
    game: str,
    tables: int,
    warmup: float,
    seconds: float,
    profile: Path | None,
    cprofile: Path | None = None,
    spacing: float | None = None,
) -> Window:
    folder = Path(tempfile.mkdtemp(prefix="fleet-floor-"))
    try:
        db, log = folder / "bench.db", folder / "bot.log"
        sync = await start_bot(fake, db, "sync", "--guild", str(GUILD_ID))
        await asyncio.wait_for(sync.communicate(), 60)
        fake.ready.clear()
        bot = await start_bot(
            fake,
            db,
            "run",
            scheduler=True,
            **({"FLEET_TEST_PROFILE": str(cprofile / f"{game}.prof")} if cprofile else {}),
            **({"FLEET_EDIT_SPACING": str(spacing)} if spacing is not None else {}),
            stdout=asyncio.subprocess.DEVNULL,
            stderr=log.open("wb"),
        )
        stats, stop = Stats(), asyncio.Event()
        try:
            await asyncio.wait_for(fake.ready.wait(), 60)
            players = [
                Player(fake, CHANNEL_ID + i, SEATS, stats, random.Random(f"{game}:{i}"), 0, game)
                for i in range(tables)
            ]
            tasks = [asyncio.create_task(p.run(stop)) for p in players]
            await asyncio.sleep(warmup)
            sampler = await py_spy(bot.pid, seconds, profile / f"{game}.txt") if profile else None
            if cprofile is not None:
                bot.send_signal(signal.SIGUSR1)
            meter = Meter(fake, bot.pid, stats)
            await asyncio.sleep(seconds)
            window = meter.read(game)
            if cprofile is not None:
                bot.send_signal(signal.SIGUSR2)
            stop.set()
            await asyncio.wait(tasks, timeout=20)
            if sampler is not None:
                await sampler.wait()
            await quiet(fake, idle=0.5, limit=15)
        finally:
            await stopped(bot)
        errors = [line for line in log.read_text().splitlines() if "ERROR" in line]
        if errors:
            window.failed["bot errors logged"] = len(errors)
        return window
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def py_spy(pid: int, seconds: float, out: Path) -> asyncio.subprocess.Process:
    """Sample every thread of `pid` for `seconds`, as collapsed stacks in `out`."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    return await asyncio.create_subprocess_exec(
        spy,
        "record",
        "--pid",
        str(pid),
        "--duration",
        str(int(seconds)),
        "--rate",
        "200",
        "--nonblocking",
        "--format",
        "raw",
        "--output",
        str(out),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )


WAITS = (
    ".select (selectors.py",
    "_connection_worker_thread (aiosqlite/core.py:59)",
    "_worker (concurrent/futures/thread.py:81)",
    "wait (threading.py",
)
"""Where a thread waits (for the network, an SQL job, a picture to draw): not CPU."""
AREAS = {
    "PIL/": "pictures (Pillow)",
    "bot/fronts/": "fronts (panels, layout)",
    "aiosqlite/": "SQLite",
    "sqlite3": "SQLite",
    "discord/": "discord.py",
    "aiohttp/": "HTTP (aiohttp)",
    "asyncio/": "event loop",
    "selectors.py": "event loop",
    "concurrent/futures/": "thread handoff",
    "engine/": "rules (engine)",
    "bot/": "bot (service, reading)",
    "cogs/": "cogs",
    "pydantic": "pydantic",
    "json/": "json",
}
"""What a running function is part of, by its file."""


def profile_top(raw: Path, top: int = 12) -> dict[str, Any]:
    """What a py-spy sample of our bot spent its CPU on, waits left out: per area (by the
    running function's file), the busiest functions (running), the project's functions on the
    stack, and the drawing thread's share."""
    own: Counter[str] = Counter()
    ours: Counter[str] = Counter()
    areas: Counter[str] = Counter()
    busy = drawing = 0
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        raw_frames = stack.split(";")
        if any(wait in raw_frames[-1] for wait in WAITS):
            continue
        n = int(count)
        busy += n
        drawing += n * any("concurrent/futures/thread.py" in f for f in raw_frames)
        frames = [_name(f) for f in raw_frames]
        own[frames[-1]] += n
        areas[next((a for k, a in AREAS.items() if k in raw_frames[-1]), "other")] += n
        for frame in set(frames):
            if frame.endswith(("(bot)", "(cogs)", "(engine)")) and "__main__" not in frame:
                ours[frame] += n

    def share(counter: Counter[str]) -> list[tuple[str, float]]:
        return [(f, round(100 * n / max(1, busy), 1)) for f, n in counter.most_common(top)]

    return {
        "busy_samples": busy,
        "drawing_thread_percent": round(100 * drawing / max(1, busy), 1),
        "areas_percent": share(areas),
        "running_percent": share(own),
        "ours_on_stack_percent": share(ours),
    }


def _name(frame: str) -> str:
    """``function (module)`` of a py-spy frame ``function (path/to/module.py:123)``; the
    project's own files as ``(bot)``, ``(cogs)``, ``(engine)`` with their path."""
    name, _, where = frame.rpartition(" (")
    path = where.rsplit(":", 1)[0].rsplit("site-packages/", 1)[-1]
    top = path.split("/", 1)[0]
    if top in ("bot", "cogs", "engine"):
        return f"{path.removesuffix('.py')}.{name} ({top})"
    return f"{name} ({path})"


# --- the run -------------------------------------------------------------------------------------


async def run(args: argparse.Namespace) -> list[Window]:
    fake = FakeDiscord(channels=args.tables, record=False, rate_limits=args.limits)
    await fake.start()
    profile = Path(args.profile).resolve() if args.profile else None
    if profile is not None:
        profile.mkdir(parents=True, exist_ok=True)
    cprofile = Path(args.cprofile).resolve() if args.cprofile else None
    if cprofile is not None:
        cprofile.mkdir(parents=True, exist_ok=True)
    try:
        windows = [await floor(fake, args.tables, args.warmup, args.seconds)]
        print(f"  floor: {windows[0].figures()['interactions_per_s']} int/s", file=sys.stderr)
        for game in args.games.split(","):
            windows.append(
                await ours(
                    fake,
                    game,
                    args.tables,
                    args.warmup,
                    args.seconds,
                    profile,
                    cprofile,
                    args.spacing,
                )
            )
            print(f"  {game}: {windows[-1].figures()['interactions_per_s']} int/s", file=sys.stderr)
        if fake.unhandled or fake.problems:
            print(f"unhandled: {fake.unhandled[:5]} limit problems: {fake.problems[:5]}")
        return windows
    finally:
        await fake.stop()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.floor")
    parser.add_argument("--tables", type=int, default=4, help="tables (channels) played at once")
    parser.add_argument("--seconds", type=float, default=15.0, help="measuring window per bot")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--limits", action="store_true", help="the fake enforces rate limits")
    parser.add_argument("--profile", metavar="DIR", help="sample our bot with py-spy into DIR")
    parser.add_argument("--cprofile", metavar="DIR", help="run our bot under cProfile into DIR")
    parser.add_argument(
        "--spacing",
        type=float,
        default=None,
        help="seconds between two edits of one public message (default: the bot's own)",
    )
    args = parser.parse_args()
    windows = asyncio.run(run(args))
    rows = [w.figures() for w in windows]
    base = rows[0]
    print(
        f"{'bot':>14} {'int/s':>7} {'cpu ms/int':>10} {'× floor':>7} {'calls/int':>9} "
        f"{'pic KB/int':>10} {'429s':>5} {'failed':>6}"
    )
    for r in rows:
        ratio = None
        if r["cpu_ms_per_interaction"] and base["cpu_ms_per_interaction"]:
            ratio = round(r["cpu_ms_per_interaction"] / base["cpu_ms_per_interaction"], 1)
        r["cpu_ratio_to_floor"] = ratio
        cells = [
            (r["bot"], 14),
            (r["interactions_per_s"], 7),
            (r["cpu_ms_per_interaction"], 10),
            (ratio, 7),
            (r["rest_calls_per_interaction"], 9),
            (r["picture_kb_per_interaction"], 10),
            (r["429s"], 5),
            (r["failed"], 6),
        ]
        print(" ".join(f"{'-' if v is None else v!s:>{w}}" for v, w in cells))
    profiles = {}
    if args.profile:
        for game in args.games.split(","):
            raw = Path(args.profile) / f"{game}.txt"
            if raw.exists():
                profiles[game] = profile_top(raw)
                print(f"== {game}: where our bot's CPU went (py-spy, % of busy samples)")
                top = profiles[game]
                print(f"   drawing thread {top['drawing_thread_percent']} %")
                for title, key in (
                    ("by area", "areas_percent"),
                    ("running", "running_percent"),
                    ("ours on the stack", "ours_on_stack_percent"),
                ):
                    print(f"   {title}:")
                    for name, pct in top[key]:
                        print(f"   {pct:6.1f} %  {name}")
            else:
                print(f"== {game}: no profile (is py-spy installed?)")
    print(
        json.dumps(
            {
                "bench": "floor",
                "tables": args.tables,
                "seats": SEATS,
                "rate_limits": args.limits,
                "rows": rows,
                "profiles": profiles,
            }
        )
    )


if __name__ == "__main__":
    main()
