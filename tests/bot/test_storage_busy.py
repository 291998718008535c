"""Another connection holds the database's write lock (SQLite: an admin's sqlite3 shell in a
transaction; PostgreSQL: a row lock on the game): reads are answered at once, writes are refused
within the bound with StorageBusy and nothing of them applied, now or later, and the same writes
apply normally once the lock is released. On both adapters.

Times are measured only to prove an order of magnitude: the lock is held for up to HOLD seconds,
and every answer comes in a fraction of that."""

import asyncio
import contextlib
import sqlite3
import threading
import time

import asyncpg
import pytest

from bot.storage import (
    WRITE_WAIT_SECONDS,
    GameRow,
    PostgresRepository,
    Seat,
    SqliteRepository,
    StorageBusy,
    open_repository,
)
from bot.storage import sqlite as sqlite_adapter
from bot.storage.settle import settle
from tests.clock import TestClock

HOLD = 10.0
"""How long the other connection would hold its lock if the test did not release it."""
PROMPT = HOLD / 2
"""An answer that comes before this did not wait for the lock."""


def lobby(channel: int = 10) -> GameRow:
    return GameRow(
        game="fleet-dice",
        channel_id=channel,
        host_id=1,
        seats=[Seat(user_id=1, name="a")],
        seed="s",
    )


class SqliteHolder:
    """A second process's connection, in a thread: BEGIN IMMEDIATE, a write, then nothing
    until released (or HOLD seconds pass)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.holding = threading.Event()
        self.release = threading.Event()
        self.thread = threading.Thread(target=self._hold)

    def _hold(self) -> None:
        con = sqlite3.connect(self.path, isolation_level=None)
        con.execute("BEGIN IMMEDIATE")
        con.execute("INSERT INTO meta (key, value) VALUES ('admin', 'was here')")
        self.holding.set()
        self.release.wait(HOLD)
        con.execute("ROLLBACK")
        con.close()

    async def __aenter__(self) -> "SqliteHolder":
        self.thread.start()
        assert await asyncio.to_thread(self.holding.wait, HOLD)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.release.set()
        await asyncio.to_thread(self.thread.join)


class PostgresHolder:
    """Another connection that locks the game's row and keeps its transaction open."""

    def __init__(self, url: str, game_id: int) -> None:
        self.url = url
        self.game_id = game_id

    async def __aenter__(self) -> "PostgresHolder":
        self.con = await asyncpg.connect(self.url)
        self.transaction = self.con.transaction()
        await self.transaction.start()
        await self.con.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", self.game_id)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.transaction.rollback()
        await self.con.close()


def holding(repo, database: str, game_id: int):
    if isinstance(repo, PostgresRepository):
        return PostgresHolder(database, game_id)
    return SqliteHolder(database)


@pytest.fixture
async def repo(database):
    r = await open_repository(database, TestClock())
    yield r
    await r.close()


async def timed(call):
    """The call's outcome (its result, or the exception it raised) and how long it took."""
    started = time.monotonic()
    try:
        outcome = await call
    except Exception as exc:
        outcome = exc
    return outcome, time.monotonic() - started


async def test_reads_are_answered_at_once_while_another_connection_holds_the_lock(repo, database):
    row = await repo.create(lobby())
    row = await repo.save(row, row.version, [(0, 1, "pick cod")])
    async with holding(repo, database, row.id):
        # A click of this process waits for the lock meanwhile: reads do not queue behind it.
        waiting = asyncio.create_task(repo.save(row, row.version, [(0, 1, "use cod")]))
        await asyncio.sleep(0.05)
        assert (await repo.load(row.id)).version == row.version
        assert not waiting.done(), "the read was answered before the waiting write gave up"
        for read in (
            repo.load(row.id),
            repo.load_by_channel(row.channel_id),
            repo.head(row.channel_id),
            repo.actions(row.id),
            repo.unshown(0),
            repo.leaderboard("fleet-dice", None, "2026-11-22", None),
            repo.rating_board("fleet-dice", None),
            repo.user_stats(1),
        ):
            outcome, spent = await timed(read)
            assert not isinstance(outcome, Exception), outcome
            assert spent < PROMPT
        assert (await repo.load(row.id)).version == row.version
        with pytest.raises(StorageBusy):
            await waiting


async def test_a_write_is_refused_within_the_bound_and_nothing_of_it_is_ever_applied(
    repo, database
):
    row = await repo.create(lobby())
    moved = row.model_copy(update={"recent": [{"kind": "moved"}]})
    async with holding(repo, database, row.id):
        outcome, spent = await timed(repo.save(moved, row.version, [(0, 1, "pick cod")]))
        assert isinstance(outcome, StorageBusy)
        assert spent < PROMPT
        assert (await repo.load(row.id)).version == row.version
    # Released: the refused write was not committed after all, and the same write now applies.
    await asyncio.sleep(2 * WRITE_WAIT_SECONDS)
    assert (await repo.load(row.id)).recent == [] and await repo.actions(row.id) == []
    saved = await repo.save(moved, row.version, [(0, 1, "pick cod")])
    assert (await repo.load(row.id)).recent == [{"kind": "moved"}]
    assert [a.action for a in await repo.actions(row.id)] == ["pick cod"]
    assert saved.version == row.version + 1


async def test_many_clicks_at_once_are_each_refused_within_the_bound(repo, database):
    row = await repo.create(lobby())
    async with holding(repo, database, row.id):
        started = time.monotonic()
        outcomes = await asyncio.gather(
            *(repo.save(row, row.version, [(0, 1, f"pick {i}")]) for i in range(6)),
            return_exceptions=True,
        )
        spent = time.monotonic() - started
    assert all(isinstance(o, StorageBusy) for o in outcomes), outcomes
    assert spent < PROMPT
    assert await repo.actions(row.id) == []


async def test_a_write_cancelled_while_it_waits_for_the_lock_is_not_applied(repo, database):
    # A layer above that gives up (a timeout) must not find the move applied behind its back.
    row = await repo.create(lobby())
    async with holding(repo, database, row.id):
        waiting = asyncio.create_task(repo.save(row, row.version, [(0, 1, "pick cod")]))
        await asyncio.sleep(WRITE_WAIT_SECONDS / 4)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
    await asyncio.sleep(2 * WRITE_WAIT_SECONDS)
    assert (await repo.load(row.id)).version == row.version
    assert await repo.actions(row.id) == []
    assert (await repo.save(row, row.version)).version == row.version + 1, "the next one works"


async def test_a_write_cancelled_during_its_commit_is_applied_and_says_so(tmp_path, monkeypatch):
    # Once its statements run SQLite applies the write whatever the caller does: the save then
    # returns normally, so the click is never told "nothing changed" about a move that stands.
    repo = await SqliteRepository.open(tmp_path / "c.db", TestClock())
    row = await repo.create(lobby())
    real = sqlite_adapter._count
    writing = threading.Event()

    def slow_write(db, sql, params):
        writing.set()
        time.sleep(0.2)
        return real(db, sql, params)

    monkeypatch.setattr(sqlite_adapter, "_count", slow_write)
    saving = asyncio.create_task(repo.save(row, row.version, [(0, 1, "pick cod")]))
    await asyncio.to_thread(writing.wait, HOLD)
    saving.cancel()
    saved = await saving
    monkeypatch.setattr(sqlite_adapter, "_count", real)
    assert saved.version == row.version + 1
    assert (await repo.load(row.id)).version == saved.version
    assert [a.action for a in await repo.actions(row.id)] == ["pick cod"]
    await repo.close()


async def test_a_settled_commit_reports_its_own_failure_through_cancellation():
    async def failing():
        await asyncio.sleep(0.05)
        raise sqlite3.OperationalError("disk I/O error")

    task = asyncio.create_task(settle(failing()))
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(sqlite3.OperationalError):
        await task


async def test_a_busy_write_leaves_the_connection_ready_for_the_next(tmp_path):
    # BEGIN refused for the lock: no transaction is left open on the write connection.
    path = tmp_path / "b.db"
    repo = await SqliteRepository.open(path, TestClock())
    async with SqliteHolder(str(path)):
        with pytest.raises(StorageBusy):
            await repo.create(lobby(1))
    first = await repo.create(lobby(1))
    second = await repo.create(lobby(2))
    assert second.id == first.id + 1
    with contextlib.suppress(Exception):
        await repo.close()


async def test_a_deadline_tick_with_nothing_due_does_not_wait_for_the_lock(repo, database):
    row = await repo.create(lobby())
    async with holding(repo, database, row.id):
        outcome, spent = await timed(repo.claim_due(2_000_000_000.0, "me", 60))
    assert outcome == [] and spent < PROMPT
