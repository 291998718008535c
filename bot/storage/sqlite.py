"""The SQLite adapter: WAL mode, BEGIN IMMEDIATE for every read-modify-write, numbered
migrations at startup, an append-only action log, an optimistic version check on every save.

Reads and writes have their own connections. Reads go to reader connections and never wait:
WAL lets them read the last committed state while a write (this process's or another's: an
admin's sqlite3 shell, a VACUUM, a second bot on the same file) holds the write lock. Writes go
one at a time through the write connection, and wait at most WRITE_WAIT_SECONDS in all (for
this process's other writes, then for another process's lock) before StorageBusy: nothing of a
refused write is ever applied, and the layer above still has time to answer the click.

SQLite's own errors never leave this module: a refused write (read-only file, full disk) is
StorageUnavailable, after the transaction was rolled back, so the caller can say "nothing
changed, try again". A database file deleted or replaced while the bot runs is noticed before
each write, which is then refused (DatabaseGone); a marker file beside the database
(`marker_of`) keeps the next start from making an empty database, with a new challenge secret,
in its place.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot import ratings
from bot.faults import crash_point
from bot.storage import rows
from bot.storage.migrations import MIGRATIONS
from bot.storage.models import (
    NOTIFY_WAYS,
    WRITE_WAIT_SECONDS,
    AlreadyPlayed,
    Attempt,
    BoardEntry,
    Call,
    ChannelBusy,
    Conflict,
    DatabaseGone,
    GameRow,
    GameStats,
    LogEntry,
    LoggedAction,
    NoSuchGame,
    OwedAnswer,
    RatingChange,
    RatingEntry,
    ResultEntry,
    RowHead,
    Shards,
    StorageBusy,
    StorageError,
    StorageUnavailable,
)
from bot.storage.settle import settle

log = logging.getLogger(__name__)

READERS = 2
"""Reader connections: a slow read (a leaderboard) does not hold up the others."""
WAIT_MS = round(WRITE_WAIT_SECONDS * 1000)
RATINGS_SCHEMA = 7
"""The migration that made the rating tables."""
_BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
APPEND = (
    "INSERT INTO actions (game_id, seq, seat, user_id, action, version, at) "
    "SELECT ?1, (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?1) + 1, "
    "?2, ?3, ?4, ?5, ?6"
)
"""Appends an action to a game's log, numbered after the last one in the same statement."""
T = TypeVar("T")


class WriteGivenUp(Exception):
    """A write whose caller gave up while BEGIN waited for the lock: rolled back."""


def marker_of(path: Path) -> Path:
    """The file that remembers a database was made at `path` (``fleet.db-id`` beside
    ``fleet.db``, as SQLite's own ``-wal`` and ``-shm`` files are named)."""
    return path.with_name(path.name + "-id")


class SqliteRepository:
    """`await SqliteRepository.open(path)` runs pending migrations. Built directly on one
    connection (as migration tests do), it reads and writes through that one."""

    def __init__(
        self,
        db: aiosqlite.Connection,
        clock: Callable[[], float] = time.time,
        readers: Sequence[aiosqlite.Connection] = (),
        path: Path | None = None,
    ) -> None:
        self._db = db
        self._clock = clock
        self._lock = asyncio.Lock()
        self._readers = list(readers)
        self._turn = 0
        self._busy_ms = WAIT_MS
        self._path = path
        self._file = _identity(path) if path is not None else None
        self._gone = False

    @classmethod
    async def open(
        cls, path: str | Path, clock: Callable[[], float] = time.time
    ) -> SqliteRepository:
        """Open (creating it if needed) and migrate; StorageUnavailable with one readable
        sentence if the file cannot be opened, written or read as a database, or if it is
        missing while its marker says a database was made there."""
        memory = str(path) == ":memory:"
        path = Path(path)
        if not memory:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StorageUnavailable(
                    f"cannot create the folder for {path}: {exc.strerror}"
                ) from exc
            _refuse_lost(path)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        repo = cls(db, clock)
        try:
            for pragma in (
                "journal_mode=WAL",
                "synchronous=NORMAL",
                "foreign_keys=ON",
                f"busy_timeout={WAIT_MS}",
            ):
                await repo._run(f"PRAGMA {pragma}")
            await repo.migrate()
            if not memory:
                await repo._mark(path)
                for _ in range(READERS):
                    repo._readers.append(await _reader(path))
                repo._path, repo._file = path, _identity(path)
        except (sqlite3.Error, StorageError) as exc:
            await repo.close()  # else aiosqlite's threads keep the process alive
            raise StorageUnavailable(f"cannot use {path} as the database: {exc}") from exc
        return repo

    async def close(self) -> None:
        for reader in self._readers:
            await reader.close()
        await self._db.close()

    async def _mark(self, path: Path) -> None:
        """Give the database an id and write it in the marker beside it, or check that the
        marker there names this database. A database from before markers takes the id of a
        marker already there: it is an older copy of the same database."""
        marker = marker_of(path)
        written = _marker_id(marker)
        async with self._writing():
            await self._run(
                "INSERT OR IGNORE INTO meta (key, value) VALUES ('database_id', ?)",
                (written or uuid.uuid4().hex,),
            )
            found = await self._rows("SELECT value FROM meta WHERE key = 'database_id'")
        database_id = str(found[0][0])
        if written is None:
            with contextlib.suppress(OSError):  # a read-only folder: run, just unguarded
                marker.write_text(
                    f"{database_id}\nA database was made at {path.name}: while this file is "
                    "here, the bot will not start on a missing or empty one in its place.\n"
                )
        elif written != database_id:
            raise StorageUnavailable(
                f"{path} is not the database {marker} was written for; if it should be used "
                f"from now on, delete {marker}"
            )

    # --- statements, connections and transactions ------------------------------------------

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement on the write connection and close its cursor at once (an
        open cursor would keep a statement in progress and block COMMIT). Returns the
        affected row count."""
        cursor = await self._db.execute(sql, params)
        count = cursor.rowcount
        await cursor.close()
        return count

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows from the write connection: inside a write transaction, or while migrating."""
        async with self._db.execute(sql, params) as cursor:
            return [tuple(r) for r in await cursor.fetchall()]

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows from a reader connection: the last committed state, without waiting for any
        write. Without readers (an in-memory database), from the write connection between
        its transactions."""
        with self._errors():
            if not self._readers:
                async with self._lock:
                    return await self._rows(sql, params)
            reader = self._readers[self._turn % len(self._readers)]
            self._turn += 1
            return [tuple(r) for r in await reader.execute_fetchall(sql, params)]

    async def _take_lock(self) -> None:
        """The write connection, waited for at most WRITE_WAIT_SECONDS: else StorageBusy."""
        try:
            async with asyncio.timeout(WRITE_WAIT_SECONDS):
                await self._lock.acquire()
        except TimeoutError:
            log.warning("a write waited %.1f s for the earlier ones: refused", WRITE_WAIT_SECONDS)
            raise StorageBusy("the database is busy with other writes") from None

    @contextlib.asynccontextmanager
    async def _writing(self, single: bool = False) -> AsyncIterator[None]:
        """One write transaction: refused at once if the database file is gone, and with
        StorageBusy once it has waited WRITE_WAIT_SECONDS for the write connection and the
        database's write lock together. `single`: the write is one statement, atomic on its
        own, so it needs no BEGIN and COMMIT (two trips to SQLite's thread fewer)."""
        self._check_file()
        deadline = time.monotonic() + WRITE_WAIT_SECONDS
        await self._take_lock()
        try:
            with self._errors():
                await self._wait_at_most(deadline - time.monotonic())
                if single:
                    yield
                else:
                    async with self._transaction():
                        yield
        finally:
            self._lock.release()

    async def _write(self, work: Callable[[sqlite3.Connection], T], single: bool = False) -> T:
        """One write transaction run whole in SQLite's thread: `work(connection)` between BEGIN
        IMMEDIATE and COMMIT (`single`: one statement, atomic on its own, without them), in
        one trip to that thread instead of one per statement, with the same guarantees as
        `_writing`: the file is checked first, the wait for the lock is bounded, and a write
        given up while BEGIN waits for another process's lock is rolled back, while one given up
        once its work has begun is waited for and stands (`settle`)."""
        deadline = time.monotonic() + WRITE_WAIT_SECONDS
        await self._take_lock()
        given_up = threading.Event()
        ms = max(1, round((deadline - time.monotonic()) * 1000))

        def job() -> T:
            self._check_file()
            db = self._db._conn
            if abs(ms - self._busy_ms) > 50:
                db.execute(f"PRAGMA busy_timeout = {ms}")
                self._busy_ms = ms
            if single:
                return work(db)
            db.execute("BEGIN IMMEDIATE")
            try:
                if given_up.is_set():
                    raise WriteGivenUp
                result = work(db)
                db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
            return result

        try:
            with self._errors():
                # aiosqlite runs only its own calls on its thread publicly: `_execute` runs
                # any function there, in turn with them.
                trip = self._db._execute(job)  # type: ignore[no-untyped-call]
                done: asyncio.Future[T] = asyncio.ensure_future(trip)
                try:
                    return await asyncio.shield(done)
                except asyncio.CancelledError:
                    given_up.set()
                    try:
                        return await settle(done)
                    except Exception:
                        raise asyncio.CancelledError from None  # nothing of it was applied
        finally:
            self._lock.release()

    async def _wait_at_most(self, seconds: float) -> None:
        """Let BEGIN wait for another process's lock only as long as the write has left
        (SQLite's busy timeout, set again only when it changes by more than a little)."""
        ms = max(1, round(seconds * 1000))
        if abs(ms - self._busy_ms) > 50:
            await self._run(f"PRAGMA busy_timeout = {ms}")
            self._busy_ms = ms

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """BEGIN IMMEDIATE … COMMIT. On any error or cancellation, ROLLBACK: it is queued
        behind whatever statement SQLite's thread is still running (a cancelled await does not
        stop it, not even a BEGIN still waiting for the lock), so it always ends what that
        began; after a failed COMMIT SQLite may have rolled back already. The COMMIT itself is
        settled (`bot.storage.settle`)."""
        try:
            await self._run("BEGIN IMMEDIATE")
            yield
            await settle(self._run("COMMIT"))
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                await self._run("ROLLBACK")
            raise

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """SQLite's errors as the repository's: a lock held too long is StorageBusy, any other
        operational error StorageUnavailable; a broken constraint goes to the caller, which
        knows its meaning (ChannelBusy, AlreadyPlayed)."""
        try:
            yield
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            if getattr(exc, "sqlite_errorcode", 0) & 0xFF in _BUSY:
                log.warning("another connection held the database's lock: write refused")
                raise StorageBusy("another connection holds the database's lock") from exc
            log.error("database error: %s", exc)
            raise StorageUnavailable(str(exc)) from exc

    def _check_file(self) -> None:
        """Refuse the write if the database file was deleted or replaced since it was opened:
        it would land in the deleted file and be lost. Said in the log once."""
        if self._path is None:
            return
        if not self._gone and _identity(self._path) != self._file:
            self._gone = True
            log.error(
                "the database file %s was deleted or replaced while the bot ran: every write "
                "is refused from now on; restore it from a backup and restart the bot",
                self._path,
            )
        if self._gone:
            raise DatabaseGone(f"the database file {self._path} was deleted or replaced")

    async def schema_version(self) -> int:
        await self._run(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, at REAL)"
        )
        rows = await self._rows("SELECT MAX(version) FROM schema_migrations")
        return int(rows[0][0]) if rows and rows[0][0] is not None else 0

    async def migrate(self, up_to: int | None = None) -> int:
        """Apply every migration newer than the database, each in its own transaction; then
        compute the ratings if they are missing (their tables were just made)."""
        current = await self.schema_version()
        for number, migration in MIGRATIONS:
            if number <= current or (up_to is not None and number > up_to):
                continue
            async with self._transaction():
                if isinstance(migration, str):
                    for statement in filter(str.strip, migration.split(";")):
                        await self._run(statement)
                else:
                    await migration(self._rows)
                await self._run(
                    "INSERT INTO schema_migrations (version, at) VALUES (?, ?)",
                    (number, self._clock()),
                )
            current = number
        if current >= RATINGS_SCHEMA:
            missing = await self._rows(
                "SELECT EXISTS (SELECT 1 FROM rated_games) AND NOT EXISTS (SELECT 1 FROM ratings)"
            )
            if missing[0][0]:
                async with self._transaction():
                    await self._rebuild()
        return current

    # --- games ---------------------------------------------------------------------------------

    async def create(
        self, row: GameRow, attempt: Attempt | None = None, log: Sequence[LogEntry] = ()
    ) -> GameRow:
        now = self._clock()
        row = row.model_copy(update={"created_at": now, "updated_at": now, "version": 0})
        try:
            async with self._writing():
                stored = {**_values(row), "id": None, "due_at": row.due_at}
                cursor = await self._db.execute(
                    f"INSERT INTO games ({', '.join(stored)}) "
                    f"VALUES ({', '.join('?' * len(stored))})",
                    tuple(stored.values()),
                )
                game_id = cursor.lastrowid
                await cursor.close()
                assert game_id is not None
                if attempt is not None:
                    await self._run(
                        "INSERT INTO results (game_id, game, user_id, guild_id, kind, "
                        "challenge_day, started_at) VALUES (?, ?, ?, ?, 'challenge', ?, ?)",
                        (game_id, row.game, attempt.user_id, row.guild_id, attempt.day, now),
                    )
                    if attempt.answer_token is not None:
                        await self._run(
                            "UPDATE owed_answers SET game_id = ? WHERE token = ?",
                            (game_id, attempt.answer_token),
                        )
                await self._db.executemany(
                    "INSERT INTO actions (game_id, seq, seat, user_id, action, version, at) "
                    "VALUES (?, ?, ?, ?, ?, 0, ?)",
                    [(game_id, i + 1, s, u, a, now) for i, (s, u, a) in enumerate(log)],
                )
        except sqlite3.IntegrityError as exc:
            if "results" in str(exc):
                raise AlreadyPlayed("already played this challenge") from exc
            raise ChannelBusy("this channel already hosts an open game") from exc
        return row.model_copy(update={"id": game_id})

    async def load(self, game_id: int) -> GameRow:
        found = await self._read(f"SELECT {rows.SELECT} FROM games WHERE id = ?", (game_id,))
        if not found:
            raise NoSuchGame(f"no game {game_id}")
        return rows.parse(found[0])

    async def stamp(self, game_id: int) -> tuple[Any, ...] | None:
        found = await self._read(f"SELECT {rows.STAMP} FROM games WHERE id = ?", (game_id,))
        return found[0] if found else None

    async def load_by_channel(self, channel_id: int) -> GameRow | None:
        found = await self._read(
            f"SELECT {rows.SELECT} FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return rows.parse(found[0]) if found else None

    async def head(self, channel_id: int) -> RowHead | None:
        found = await self._read(
            "SELECT id, game, channel_id, parent_id, host_id, status, guild_id, "
            "board_message_id, step_message_id FROM games "
            "WHERE channel_id = ? ORDER BY status IN ('lobby', 'active') DESC, id DESC "
            "LIMIT 1",
            (channel_id,),
        )
        return RowHead(*found[0]) if found else None

    async def save(
        self,
        row: GameRow,
        expected_version: int,
        log: Sequence[LogEntry] = (),
        results: Sequence[ResultEntry] = (),
        places: Sequence[int] = (),
    ) -> GameRow:
        now = self._clock()
        new = row.model_copy(update={"version": expected_version + 1, "updated_at": now})
        # A save ends any claim on the game: what was due has been handled or has moved on.
        columns = {**_values(new, rows.SAVED_COLUMNS), "due_at": new.due_at}
        columns.update(claimed_by=None, claimed_until=None)
        update = f"UPDATE games SET {', '.join(f'{name} = ?' for name in columns)} " + (
            "WHERE id = ? AND version = ?"
        )
        values = (*columns.values(), row.id, expected_version)
        entries = [(row.id, seat, user, action, new.version, now) for seat, user, action in log]
        if results:
            # The last move: its results and ratings are recorded in the same transaction.
            async with self._writing():
                if await self._run(update, values) != 1:
                    raise Conflict("the game moved on")
                await self._db.executemany(APPEND, entries)
                await self._record(new, results, places, now)
            return new

        def work(db: sqlite3.Connection) -> None:
            if _count(db, update, values) != 1:
                raise Conflict("the game moved on")
            if entries:
                _append(db, entries)

        await self._write(work)
        return new

    async def close_damaged(self, game_id: int) -> None:
        async with self._writing():
            await self._run(
                "UPDATE games SET status = 'cancelled', deadline_at = NULL, due_at = NULL, "
                "waits = '[]', "
                "version = version + 1, shown_version = version + 1, updated_at = ? "
                "WHERE id = ? AND status IN ('lobby', 'active')",
                (self._clock(), game_id),
            )

    async def set_messages(
        self, game_id: int, shown_version: int, step_key: str | None = None, **ids: int | None
    ) -> None:
        columns: dict[str, object] = {f"{name}_message_id": value for name, value in ids.items()}
        if step_key is not None:
            columns["step_key"] = step_key
        unknown = set(columns) - set(rows.MESSAGE_COLUMNS)
        if unknown:
            raise ValueError(f"no such message column: {sorted(unknown)}")
        sets = "".join(f"{name} = ?, " for name in columns)
        sql = f"UPDATE games SET {sets}shown_version = MAX(shown_version, ?) WHERE id = ?"
        values = (*columns.values(), shown_version, game_id)
        await self._write(lambda db: _count(db, sql, values), single=True)

    async def unshown(self, since: float, shards: Shards | None = None) -> list[GameRow]:
        on_shards, params = _on_shards(shards)
        return await self._select(
            "WHERE shown_version < version AND (status IN ('lobby', 'active') "
            f"OR updated_at >= ?){on_shards} ORDER BY id",
            (since, *params),
        )

    async def claim_due(
        self,
        now: float,
        owner: str,
        lease_seconds: float,
        shards: Shards | None = None,
        limit: int = 50,
    ) -> list[GameRow]:
        on_shards, params = _on_shards(shards)
        due = (
            "FROM games WHERE status = 'active' AND due_at <= ? "
            f"AND (claimed_until IS NULL OR claimed_until <= ?){on_shards} "
        )
        # Most ticks find nothing due: a read says so without taking the write lock.
        if not await self._read(f"SELECT 1 {due}LIMIT 1", (now, now, *params)):
            return []
        # BEGIN IMMEDIATE takes the write lock first, so two processes sharing the file
        # cannot both read the same game as unclaimed.
        async with self._writing():
            found = await self._rows(
                f"SELECT {rows.SELECT} {due}ORDER BY due_at LIMIT ?",
                (now, now, *params, limit),
            )
            ids = [r[0] for r in found]
            if ids:
                await self._run(
                    "UPDATE games SET claimed_by = ?, claimed_until = ? "
                    f"WHERE id IN ({', '.join('?' * len(ids))})",
                    (owner, now + lease_seconds, *ids),
                )
        return rows.parse_all(found)

    async def actions(self, game_id: int) -> list[LoggedAction]:
        found = await self._read(
            "SELECT seq, seat, user_id, action, version, at FROM actions "
            "WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [LoggedAction(*r) for r in found]

    async def _select(self, where: str, params: Sequence[Any] = ()) -> list[GameRow]:
        found = await self._read(f"SELECT {rows.SELECT} FROM games {where}", params)
        return rows.parse_all(found)

    async def guild_locale(self, guild_id: int) -> str | None:
        found = await self._read(
            "SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return str(found[0][0]) if found and found[0][0] else None

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        async with self._writing():
            await self._run(
                "INSERT INTO guild_settings (guild_id, locale) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
                (guild_id, locale),
            )
            if locale is not None:
                await self._run(
                    "UPDATE games SET locale = ? WHERE guild_id = ? "
                    "AND status IN ('lobby', 'active')",
                    (locale, guild_id),
                )

    async def guild_rates_ai(self, guild_id: int) -> bool:
        found = await self._read(
            "SELECT rate_ai FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return bool(found and found[0][0])

    async def set_guild_rates_ai(self, guild_id: int, rates: bool) -> None:
        async with self._writing():
            await self._run(
                "INSERT INTO guild_settings (guild_id, rate_ai) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET rate_ai = excluded.rate_ai",
                (guild_id, int(rates)),
            )

    # --- the calls that find players -------------------------------------------------------------

    async def calls(self, game_id: int) -> list[Call]:
        found = await self._read(
            "SELECT game_id, user_id, turn, notified_at, message_id, via FROM calls "
            "WHERE game_id = ?",
            (game_id,),
        )
        return [Call(*record) for record in found]

    async def claim_call(self, game_id: int, user_id: int, turn: str, via: str) -> bool:
        values = (game_id, user_id, turn, self._clock(), via)

        sql = (
            "INSERT INTO calls (game_id, user_id, turn, notified_at, via) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
        )
        return await self._write(lambda db: _count(db, sql, values) == 1, single=True)

    async def set_call_message(
        self, game_id: int, user_ids: Sequence[int], turn: str, message_id: int | None
    ) -> None:
        values = [(message_id, game_id, user_id, turn) for user_id in user_ids]
        await self._write(
            lambda db: db.executemany(
                "UPDATE calls SET message_id = ? WHERE game_id = ? AND user_id = ? AND turn = ?",
                values,
            ).close()
        )

    async def waiting_for(self, user_id: int) -> list[GameRow]:
        return await self._select(
            "WHERE status = 'active' AND EXISTS (SELECT 1 FROM json_each(games.waits) "
            "WHERE json_extract(value, '$.user_id') = ?) ORDER BY updated_at",
            (user_id,),
        )

    async def waiting(self, shards: Shards | None = None) -> list[GameRow]:
        on_shards, params = _on_shards(shards)
        return await self._select(
            f"WHERE status = 'active' AND waits != '[]'{on_shards} ORDER BY id", tuple(params)
        )

    async def with_strong_ai(self, shards: Shards | None = None) -> list[GameRow]:
        on_shards, params = _on_shards(shards)
        return await self._select(
            "WHERE status = 'active' AND EXISTS (SELECT 1 FROM json_each(games.seats) "
            f"WHERE json_extract(value, '$.level') = 'strong'){on_shards} ORDER BY id",
            tuple(params),
        )

    async def notify_way(self, user_id: int) -> tuple[str, float | None]:
        found = await self._read(
            "SELECT notify, dms_closed_at FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return (str(found[0][0]), found[0][1]) if found else ("thread", None)

    async def set_notify_way(self, user_id: int, way: str) -> None:
        if way not in NOTIFY_WAYS:
            raise ValueError(f"no such way to be called: {way!r}")
        async with self._writing():
            await self._run(
                "INSERT INTO user_settings (user_id, notify) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, "
                "dms_closed_at = NULL",
                (user_id, way),
            )

    async def set_dms_closed(self, user_id: int, at: float | None) -> None:
        async with self._writing():
            await self._run(
                "INSERT INTO user_settings (user_id, dms_closed_at) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dms_closed_at = excluded.dms_closed_at",
                (user_id, at),
            )

    async def owe_answer(self, token: str, user_id: int, locale: str, at: float) -> None:
        async with self._writing():
            await self._run(
                "INSERT INTO owed_answers (token, user_id, locale, asked_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (token) DO NOTHING",
                (token, user_id, locale, at),
            )

    async def answered(self, token: str) -> None:
        async with self._writing():
            await self._run("DELETE FROM owed_answers WHERE token = ?", (token,))

    async def owed_answers(self) -> list[OwedAnswer]:
        found = await self._read(
            "SELECT token, user_id, locale, game_id, asked_at FROM owed_answers ORDER BY asked_at"
        )
        return [OwedAnswer(str(t), int(u), str(loc), g, float(a)) for t, u, loc, g, a in found]

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Raw access for tests and maintenance scripts, on the write connection."""
        async with self._lock:
            with self._errors():
                await self._run(sql, params)

    # --- results, challenges and leaderboards --------------------------------------------------

    async def meta(self, key: str, default: str) -> str:
        """A stored value, set to `default` the first time it is asked for."""
        found = await self._read("SELECT value FROM meta WHERE key = ?", (key,))
        if found:
            return str(found[0][0])
        async with self._writing():
            await self._run("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (key, default))
            found = await self._rows("SELECT value FROM meta WHERE key = ?", (key,))
        return str(found[0][0])

    async def attempted(self, game: str, day: str, user_id: int) -> bool:
        found = await self._read(
            "SELECT 1 FROM results WHERE game = ? AND challenge_day = ? AND user_id = ?",
            (game, day, user_id),
        )
        return bool(found)

    async def _record(
        self, row: GameRow, results: Sequence[ResultEntry], places: Sequence[int], now: float
    ) -> None:
        """Inside a transaction: each human seat's result, completing a claimed attempt, and
        the ratings the game changes."""
        rates_ai = False
        if row.guild_id is not None and any(seat.is_ai for seat in row.seats):
            found = await self._rows(
                "SELECT rate_ai FROM guild_settings WHERE guild_id = ?", (row.guild_id,)
            )
            rates_ai = bool(found and found[0][0])
        standings = rows.standings(row, results, places, rates_ai)
        place = {s.user_id: s.place for s in standings if s.user_id is not None}
        for r in results:
            updated = await self._run(
                "UPDATE results SET score = ?, title = ?, won = ?, assisted = ?, finished_at = ? "
                "WHERE game_id = ? AND user_id = ? AND finished_at IS NULL",
                (r.score, r.title, int(r.won), int(r.assisted), now, row.id, r.user_id),
            )
            if not updated:
                await self._run(
                    "INSERT OR IGNORE INTO results (game_id, game, user_id, guild_id, kind, "
                    "score, title, won, assisted, started_at, finished_at, place) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        row.id,
                        row.game,
                        r.user_id,
                        row.guild_id,
                        row.kind,
                        r.score,
                        r.title,
                        int(r.won),
                        int(r.assisted),
                        row.created_at,
                        now,
                        place.get(r.user_id),
                    ),
                )
        crash_point("results_recorded")
        if standings:
            await self._rate(row, standings, now)

    async def _rate(self, row: GameRow, standings: Sequence[ratings.Standing], now: float) -> None:
        """Inside the transaction that records a game's results: take the game's place in
        the rating order (once: a game already rated is left as it is), then update the
        ratings of its players in every scope it counts in."""
        ai = [[s.level, s.place] for s in standings if s.user_id is None]
        taken = await self._run(
            "INSERT OR IGNORE INTO rated_games (game_id, game, guild_id, ai, rated_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (row.id, row.game, row.guild_id, json.dumps(ai), now),
        )
        if not taken:
            return
        game = ratings.RatedGame(row.id, row.game, row.guild_id, tuple(standings))
        users = sorted({s.user_id for s in standings if s.user_id is not None})
        marks = ", ".join("?" * len(users))
        found = await self._rows(
            "SELECT guild_id, user_id, mu, sigma, games FROM ratings WHERE game = ? "
            f"AND guild_id IN (0, ?) AND user_id IN ({marks})",
            (row.game, row.guild_id or 0, *users),
        )
        before = {(row.game, g, u): ratings.Rated(mu, sigma, n) for g, u, mu, sigma, n in found}
        after, changes = ratings.rate_game(game, before)
        await self._write_ratings(after, changes)

    async def _write_ratings(
        self, table: dict[ratings.Key, ratings.Rated], changes: Sequence[ratings.Change]
    ) -> None:
        await self._db.executemany(
            "INSERT INTO ratings (game, guild_id, user_id, mu, sigma, ordinal, games) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, guild_id, user_id) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
            "games = excluded.games",
            [
                (*key, r.mu, r.sigma, ratings.ordinal(r.mu, r.sigma), r.games)
                for key, r in sorted(table.items())
            ],
        )
        await self._db.executemany(
            "INSERT INTO rating_changes (game_id, guild_id, user_id, mu_before, sigma_before, "
            "mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?)",
            changes,
        )

    async def record_results(
        self, row: GameRow, results: Sequence[ResultEntry], places: Sequence[int] = ()
    ) -> None:
        async with self._writing():
            await self._record(row, results, places, self._clock())

    async def unrecorded(self) -> list[GameRow]:
        return await self._select(rows.UNRECORDED)

    async def leaderboard(
        self,
        game: str,
        first_day: str | None,
        last_day: str,
        guild_id: int | None,
        limit: int = 10,
    ) -> list[BoardEntry]:
        """Best challenge score per player between two days (inclusive); ties go to whoever
        finished first. Assisted scores never count. `guild_id` limits it to one server."""
        where = ["game = ?", "finished_at IS NOT NULL", "assisted = 0", "challenge_day <= ?"]
        params: list[Any] = [game, last_day]
        if first_day is not None:
            where.append("challenge_day >= ?")
            params.append(first_day)
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        # SQLite picks the other columns from the row holding MIN(rank key) in each group.
        sql = (
            "SELECT user_id, score, title, finished_at, MIN(-score * 1e12 + finished_at) "
            f"FROM results WHERE {' AND '.join(where)} GROUP BY user_id "
            "ORDER BY score DESC, finished_at ASC LIMIT ?"
        )
        found = await self._read(sql, (*params, limit))
        return [BoardEntry(int(r[0]), int(r[1]), r[2], float(r[3])) for r in found]

    async def user_stats(self, user_id: int) -> list[GameStats]:
        found = await self._read(
            f"SELECT {', '.join(rows.STATS_COLUMNS)} FROM results "
            "WHERE user_id = ? AND finished_at IS NOT NULL ORDER BY finished_at DESC",
            (user_id,),
        )
        return rows.user_stats([dict(zip(rows.STATS_COLUMNS, r, strict=True)) for r in found])

    # --- ratings -------------------------------------------------------------------------------

    async def rating_board(
        self, game: str, guild_id: int | None, limit: int = 10
    ) -> list[RatingEntry]:
        found = await self._read(
            f"SELECT {rows.RATING_COLUMNS} FROM ratings WHERE game = ? AND guild_id = ? "
            "ORDER BY ordinal DESC, games DESC, user_id LIMIT ?",
            (game, guild_id or 0, limit),
        )
        return [RatingEntry(*r) for r in found]

    async def user_ratings(self, user_id: int, guild_id: int | None = None) -> list[RatingEntry]:
        found = await self._read(
            f"SELECT {rows.RATING_COLUMNS} FROM ratings WHERE user_id = ? "
            "AND guild_id IN (0, ?) ORDER BY game, guild_id",
            (user_id, guild_id or 0),
        )
        return [RatingEntry(*r) for r in found]

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        found = await self._read(
            f"SELECT {rows.CHANGE_COLUMNS} FROM rating_changes WHERE game_id = ? "
            "ORDER BY guild_id, user_id",
            (game_id,),
        )
        return [RatingChange(*r) for r in found]

    async def rebuild_ratings(self) -> int:
        async with self._writing():
            return await self._rebuild()

    async def _rebuild(self) -> int:
        """Inside a transaction: every rating again, from the rated games' standings alone."""
        games = rows.rated_games(await self._rows(rows.RATED_STANDINGS))
        table, changes = ratings.replay(games)
        await self._run("DELETE FROM rating_changes")
        await self._run("DELETE FROM ratings")
        await self._write_ratings(table, changes)
        return len(games)


def _values(row: GameRow, columns: Sequence[str] = rows.COLUMNS) -> dict[str, Any]:
    """Column values as SQLite stores them: JSON as text, booleans as 0 or 1."""
    out = rows.values(row, columns)
    for name in rows.JSON_COLUMNS:
        if name in out:
            out[name] = json.dumps(out[name])
    if "reminded" in out:
        out["reminded"] = int(out["reminded"])
    return out


def _append(db: sqlite3.Connection, entries: Sequence[tuple[Any, ...]]) -> None:
    """Append entries to a game's action log, in SQLite's thread."""
    db.executemany(APPEND, entries).close()


def _count(db: sqlite3.Connection, sql: str, params: Sequence[Any]) -> int:
    """Execute one statement in SQLite's thread, its cursor closed at once (see `_run`);
    returns the affected row count."""
    cursor = db.execute(sql, params)
    count = cursor.rowcount
    cursor.close()
    return count


def _on_shards(shards: Shards | None) -> tuple[str, tuple[int, ...]]:
    """A WHERE clause limiting games to these shards (none for every shard)."""
    if shards is None or shards.all:
        return "", ()
    marks = ", ".join("?" * len(shards.ids))
    return f" AND COALESCE((guild_id >> 22) % ?, 0) IN ({marks})", (shards.count, *shards.ids)


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file is at `path` (device and inode), or None if none is."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


def _marker_id(marker: Path) -> str | None:
    """The database id a marker holds (its first line), or None without a marker."""
    try:
        return marker.read_text().split("\n", 1)[0].strip() or None
    except FileNotFoundError:
        return None


def _refuse_lost(path: Path) -> None:
    """Refuse to start on a missing or empty database where a marker says one was made:
    starting afresh would silently lose every game and result, and make a new challenge
    secret (today's challenges would change under the players' feet)."""
    marker = marker_of(path)
    fresh = not path.exists() or path.stat().st_size == 0
    if fresh and marker.exists():
        raise StorageUnavailable(
            f"{path} is missing or empty, but {marker} says a database was made there: "
            f"restore it from a backup, or delete {marker} to start a new, empty one "
            "(with a new challenge secret)"
        )


async def _reader(path: Path) -> aiosqlite.Connection:
    """A connection that only reads: WAL gives it the last committed state at once."""
    reader = await aiosqlite.connect(str(path), isolation_level=None)
    for pragma in ("query_only=ON", f"busy_timeout={WAIT_MS}"):
        await reader.execute(f"PRAGMA {pragma}")
    return reader
