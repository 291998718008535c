"""Game nights under Discord's rate limits: the real bot process, four people at a Fleet Dice
table in a thread, each answering when their prompt or a ping shows their turn, a second or two
later (so a simultaneous step is answered by all four within 1–2 s); five such tables at once
in one guild; and four people at a Mare Balticum table (turns in order, several actions each,
and its own way of naming whom the table waits for). Every click must be answered once,
within 3 s, every turn must be shown, each game must get through its rounds, and Discord must
never have to answer 429.

The figures (when a player sees their turn, when a move shows on the table, decisions a
minute) are printed, never asserted; `python -m bench.game_night` plays longer nights, limits on
and off, side by side."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .fake_discord import GUILD_ID, FakeDiscord
from .players import GameNight, Stats, spread
from .process import start_bot

ROUNDS = 1
"""Rounds each table plays here: a round of four is some 30 decisions, 20–30 s of play."""


@dataclass
class Night:
    """What happened at a game night's tables."""

    limits: bool
    tables: list[GameNight]
    stats: Stats
    fake: FakeDiscord
    started: float
    seconds: float
    decisions: int
    through: list[bool]
    """Each table got through its rounds (or to its final scores)."""
    errors: list[str]
    """The bot's log lines with an error or a traceback."""

    def figures(self) -> dict[str, Any]:
        in_play = [r for r in self.fake.limits.refusals if r.at >= self.started]
        return {
            "tables": len(self.tables),
            "rate_limits": self.limits,
            "seconds": round(self.seconds, 1),
            "interactions": self.stats.interactions,
            "failed": sum(self.stats.failed.values()),
            "429s": self.fake.limits.total_refused,
            "429s_in_play": len(in_play),
            "429s_by_kind": dict(self.fake.limits.refused),
            "response_ms": spread(self.stats.response_s),
            "turn_shown_ms": spread([s for t in self.tables for s in t.sight.turn_shown_s]),
            "move_shown_ms": spread([s for t in self.tables for s in t.moves_shown()]),
            "decisions_per_minute": round(self.decisions * 60 / self.seconds, 1),
            "turns_never_shown": sum(t.sight.unseen for t in self.tables),
        }


async def until_round(db: Path, table: GameNight, rounds: int, stop: asyncio.Event) -> None:
    """Stop the table once its game is past `rounds` (or over), as the database says."""
    while not stop.is_set():
        with sqlite3.connect(db) as con:
            found = con.execute(
                "SELECT json_extract(state, '$.round'), status FROM games WHERE channel_id = ?",
                (table.thread,),
            ).fetchone()
        if found is not None and (found[1] != "active" or (found[0] or 0) > rounds):
            stop.set()
        await asyncio.sleep(0.2)


def decisions(db: Path) -> int:
    with sqlite3.connect(db) as con:
        (count,) = con.execute("SELECT COUNT(*) FROM actions").fetchone()
    return int(count)


async def game_night(
    folder: Path,
    tables: int,
    rounds: int,
    limits: bool = True,
    seed: int = 1,
    game: str = "fleet-dice",
) -> Night:
    """Four people at each of `tables` tables of `game` in one guild, all at once, through
    the real bot (its requests traced) until each game is past `rounds`."""
    fake = FakeDiscord(rate_limits=limits)
    await fake.start()
    db = folder / "night.db"
    sync = await start_bot(fake, db, "sync", "--guild", str(GUILD_ID))
    _, err = await asyncio.wait_for(sync.communicate(), 60)
    assert sync.returncode == 0, err.decode()
    bot = await start_bot(fake, db, "run", trace=True)
    try:
        await asyncio.wait_for(fake.ready.wait(), 60)
        stats = Stats()
        nights = [
            GameNight(fake, game, 4, stats, random.Random(f"{seed}:{i}"), index=i)
            for i in range(tables)
        ]
        opened = await asyncio.gather(*(night.open() for night in nights))
        assert all(opened), stats.failed
        stats.measuring = True
        stops = [asyncio.Event() for _ in nights]
        pairs = list(zip(nights, stops, strict=True))
        watchers = [asyncio.create_task(until_round(db, n, rounds, s)) for n, s in pairs]
        started = time.perf_counter()
        await asyncio.wait_for(asyncio.gather(*(n.play(s) for n, s in pairs)), 40 * rounds + 60)
        seconds = time.perf_counter() - started
        for watcher in watchers:
            watcher.cancel()
        through = [s.is_set() or n.over() for n, s in pairs]
    finally:
        bot.terminate()
        _, err = await bot.communicate()
        await fake.stop()
    log = err.decode(errors="replace").splitlines()
    errors = [line for line in log if "ERROR" in line or "Traceback" in line]
    return Night(limits, nights, stats, fake, started, seconds, decisions(db), through, errors)


def check(night: Night) -> None:
    print(night.figures())
    assert not night.stats.failed, f"failed interactions: {night.stats.failed}"
    # Every write to a channel goes through its outbox, one at a time, and discord.py reads
    # the buckets from the headers: Discord never has to answer 429, tables opening at once
    # in one channel included.
    assert not night.fake.limits.refusals, night.fake.limits.refusals
    assert all(night.through), "every table got through its rounds"
    assert not [t.sight.unseen for t in night.tables if t.sight.unseen], "every turn was shown"
    assert not [t.sight.untraced for t in night.tables if t.sight.untraced], "traced writes"
    assert not night.errors, night.errors[:3]
    assert not night.fake.unhandled, night.fake.unhandled
    assert not night.fake.problems, night.fake.problems


@pytest.mark.parametrize("limits", [True, False], ids=["rate-limited", "unlimited"])
async def test_four_players_at_one_table_answer_each_step_within_seconds(tmp_path, limits):
    check(await game_night(tmp_path, tables=1, rounds=ROUNDS, limits=limits))


async def test_five_tables_at_once_in_one_guild(tmp_path):
    check(await game_night(tmp_path, tables=5, rounds=ROUNDS))


async def test_four_players_at_a_mare_balticum_table_under_the_rate_limits(tmp_path):
    check(await game_night(tmp_path, tables=1, rounds=ROUNDS, game="mare-balticum"))
