"""The SQLite adapter: WAL mode, BEGIN IMMEDIATE for every read-modify-write, numbered
migrations at startup, an append-only action log, an optimistic version check on every save.

One connection serves every handler, behind a lock: a transaction must not interleave with
another coroutine's statements. SQLite's own errors never leave this module: a refused write
(read-only file, full disk, a lock held too long) is StorageUnavailable, after the
transaction was rolled back, so the caller can say "nothing changed, try again".
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage import rows
from bot.storage.migrations import MIGRATIONS
from bot.storage.models import (
    AlreadyPlayed,
    Attempt,
    BoardEntry,
    ChannelBusy,
    Conflict,
    GameRow,
    GameStats,
    LogEntry,
    LoggedAction,
    NoSuchGame,
    ResultEntry,
    RowHead,
    Shards,
    StorageError,
    StorageUnavailable,
)

log = logging.getLogger(__name__)


class SqliteRepository:
    """`await SqliteRepository.open(path)` runs pending migrations."""

    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._clock = clock
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, path: str | Path, clock: Callable[[], float] = time.time
    ) -> SqliteRepository:
        """Open (creating it if needed) and migrate; StorageUnavailable with one readable
        sentence if the file cannot be opened, written or read as a database."""
        if str(path) != ":memory:":
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StorageUnavailable(
                    f"cannot create the folder for {path}: {exc.strerror}"
                ) from exc
        db = await aiosqlite.connect(str(path), isolation_level=None)
        repo = cls(db, clock)
        try:
            for pragma in (
                "journal_mode=WAL",
                "synchronous=NORMAL",
                "foreign_keys=ON",
                "busy_timeout=5000",
            ):
                await repo._run(f"PRAGMA {pragma}")
            await repo.migrate()
        except (sqlite3.Error, StorageError) as exc:
            await db.close()  # else aiosqlite's thread keeps the process alive
            raise StorageUnavailable(f"cannot use {path} as the database: {exc}") from exc
        return repo

    async def close(self) -> None:
        await self._db.close()

    # --- statements and transactions ---------------------------------------------------------

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement and close its cursor at once (an open cursor would keep a
        statement in progress and block COMMIT). Returns the affected row count."""
        cursor = await self._db.execute(sql, params)
        count = cursor.rowcount
        await cursor.close()
        return count

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        async with self._db.execute(sql, params) as cursor:
            return [tuple(r) for r in await cursor.fetchall()]

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """BEGIN IMMEDIATE … COMMIT; on any error roll back if a transaction is still open
        (SQLite may already have rolled back after a failed COMMIT) and re-raise."""
        try:
            await self._run("BEGIN IMMEDIATE")
            yield
            await self._run("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    await self._run("ROLLBACK")
            raise

    @contextlib.asynccontextmanager
    async def _guard(self) -> AsyncIterator[None]:
        """Hold the connection lock; SQLite's operational errors become StorageUnavailable."""
        async with self._lock:
            try:
                yield
            except sqlite3.IntegrityError:
                raise
            except sqlite3.Error as exc:
                log.error("database error: %s", exc)
                raise StorageUnavailable(str(exc)) from exc

    async def schema_version(self) -> int:
        await self._run(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, at REAL)"
        )
        rows = await self._rows("SELECT MAX(version) FROM schema_migrations")
        return int(rows[0][0]) if rows and rows[0][0] is not None else 0

    async def migrate(self, up_to: int | None = None) -> int:
        """Apply every migration newer than the database, each in its own transaction."""
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
        return current

    # --- games ---------------------------------------------------------------------------------

    async def create(
        self, row: GameRow, attempt: Attempt | None = None, log: Sequence[LogEntry] = ()
    ) -> GameRow:
        now = self._clock()
        row = row.model_copy(update={"created_at": now, "updated_at": now, "version": 0})
        async with self._guard():
            try:
                async with self._transaction():
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
        async with self._guard():
            found = await self._rows(f"SELECT {rows.SELECT} FROM games WHERE id = ?", (game_id,))
        if not found:
            raise NoSuchGame(f"no game {game_id}")
        return rows.parse(found[0])

    async def load_by_channel(self, channel_id: int) -> GameRow | None:
        async with self._guard():
            found = await self._rows(
                f"SELECT {rows.SELECT} FROM games WHERE channel_id = ? "
                "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
                (channel_id,),
            )
        return rows.parse(found[0]) if found else None

    async def head(self, channel_id: int) -> RowHead | None:
        async with self._guard():
            found = await self._rows(
                "SELECT id, game, channel_id, parent_id, host_id, status FROM games "
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
    ) -> GameRow:
        now = self._clock()
        new = row.model_copy(update={"version": expected_version + 1, "updated_at": now})
        # A save ends any claim on the game: what was due has been handled or has moved on.
        columns = {**_values(new, rows.SAVED_COLUMNS), "due_at": new.due_at}
        columns.update(claimed_by=None, claimed_until=None)
        sets = ", ".join(f"{name} = ?" for name in columns)
        async with self._guard(), self._transaction():
            updated = await self._run(
                f"UPDATE games SET {sets} WHERE id = ? AND version = ?",
                (*columns.values(), row.id, expected_version),
            )
            if updated != 1:
                raise Conflict("the game moved on")
            if log:
                found = await self._rows(
                    "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (row.id,)
                )
                seq = int(found[0][0])
                await self._db.executemany(
                    "INSERT INTO actions (game_id, seq, seat, user_id, action, version, at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (row.id, seq + i + 1, seat, user, action, new.version, now)
                        for i, (seat, user, action) in enumerate(log)
                    ],
                )
            if results:
                await self._record(new, results, now)
        return new

    async def close_damaged(self, game_id: int) -> None:
        async with self._guard(), self._transaction():
            await self._run(
                "UPDATE games SET status = 'cancelled', deadline_at = NULL, due_at = NULL, "
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
        async with self._guard():
            await self._run(
                f"UPDATE games SET {sets}shown_version = MAX(shown_version, ?) WHERE id = ?",
                (*columns.values(), shown_version, game_id),
            )

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
        # BEGIN IMMEDIATE takes the write lock first, so two processes sharing the file
        # cannot both read the same game as unclaimed.
        on_shards, params = _on_shards(shards)
        async with self._guard(), self._transaction():
            found = await self._rows(
                f"SELECT {rows.SELECT} FROM games WHERE status = 'active' AND due_at <= ? "
                f"AND (claimed_until IS NULL OR claimed_until <= ?){on_shards} "
                "ORDER BY due_at LIMIT ?",
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
        async with self._guard():
            rows = await self._rows(
                "SELECT seq, seat, user_id, action, version, at FROM actions "
                "WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        return [LoggedAction(*r) for r in rows]

    async def _select(self, where: str, params: Sequence[Any] = ()) -> list[GameRow]:
        async with self._guard():
            found = await self._rows(f"SELECT {rows.SELECT} FROM games {where}", params)
        return rows.parse_all(found)

    async def guild_locale(self, guild_id: int) -> str | None:
        async with self._guard():
            found = await self._rows(
                "SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
        return str(found[0][0]) if found and found[0][0] else None

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        async with self._guard(), self._transaction():
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

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Raw access for tests and maintenance scripts."""
        async with self._guard():
            await self._run(sql, params)

    # --- results, challenges and leaderboards --------------------------------------------------

    async def meta(self, key: str, default: str) -> str:
        """A stored value, set to `default` the first time it is asked for."""
        async with self._guard():
            await self._run("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (key, default))
            found = await self._rows("SELECT value FROM meta WHERE key = ?", (key,))
        return str(found[0][0])

    async def attempted(self, game: str, day: str, user_id: int) -> bool:
        async with self._guard():
            found = await self._rows(
                "SELECT 1 FROM results WHERE game = ? AND challenge_day = ? AND user_id = ?",
                (game, day, user_id),
            )
        return bool(found)

    async def _record(self, row: GameRow, results: Sequence[ResultEntry], now: float) -> None:
        """Inside a transaction: each human seat's result, completing a claimed attempt."""
        for r in results:
            updated = await self._run(
                "UPDATE results SET score = ?, title = ?, won = ?, assisted = ?, finished_at = ? "
                "WHERE game_id = ? AND user_id = ? AND finished_at IS NULL",
                (r.score, r.title, int(r.won), int(r.assisted), now, row.id, r.user_id),
            )
            if not updated:
                await self._run(
                    "INSERT OR IGNORE INTO results (game_id, game, user_id, guild_id, kind, "
                    "score, title, won, assisted, started_at, finished_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    ),
                )

    async def record_results(self, row: GameRow, results: Sequence[ResultEntry]) -> None:
        async with self._guard(), self._transaction():
            await self._record(row, results, self._clock())

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
        async with self._guard():
            rows = await self._rows(sql, (*params, limit))
        return [BoardEntry(int(r[0]), int(r[1]), r[2], float(r[3])) for r in rows]

    async def user_stats(self, user_id: int) -> list[GameStats]:
        async with self._guard():
            found = await self._rows(
                f"SELECT {', '.join(rows.STATS_COLUMNS)} FROM results "
                "WHERE user_id = ? AND finished_at IS NOT NULL ORDER BY finished_at DESC",
                (user_id,),
            )
        return rows.user_stats([dict(zip(rows.STATS_COLUMNS, r, strict=True)) for r in found])


def _values(row: GameRow, columns: Sequence[str] = rows.COLUMNS) -> dict[str, Any]:
    """Column values as SQLite stores them: JSON as text, booleans as 0 or 1."""
    out = rows.values(row, columns)
    for name in rows.JSON_COLUMNS:
        if name in out:
            out[name] = json.dumps(out[name])
    if "reminded" in out:
        out["reminded"] = int(out["reminded"])
    return out


def _on_shards(shards: Shards | None) -> tuple[str, tuple[int, ...]]:
    """A WHERE clause limiting games to these shards (none for every shard)."""
    if shards is None or shards.all:
        return "", ()
    marks = ", ".join("?" * len(shards.ids))
    return f" AND COALESCE((guild_id >> 22) % ?, 0) IN ({marks})", (shards.count, *shards.ids)
