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
from pydantic import ValidationError

from bot.storage.migrations import MIGRATIONS
from bot.storage.models import (
    AlreadyPlayed,
    Attempt,
    BoardEntry,
    ChannelBusy,
    Conflict,
    CorruptGame,
    GameRow,
    GameStats,
    LogEntry,
    LoggedAction,
    NoSuchGame,
    ResultEntry,
    RowHead,
    StorageError,
    StorageUnavailable,
)

log = logging.getLogger(__name__)

_COLUMNS = (
    "id",
    "game",
    "guild_id",
    "channel_id",
    "parent_id",
    "host_id",
    "status",
    "seats",
    "options",
    "game_options",
    "seed",
    "state",
    "version",
    "lobby_message_id",
    "board_message_id",
    "step_message_id",
    "shown_version",
    "step_key",
    "recent",
    "locale",
    "deadline_at",
    "reminded",
    "created_at",
    "updated_at",
)
_SELECT = ", ".join(_COLUMNS)
_JSON = ("seats", "options", "game_options", "recent")
_MESSAGES = (
    "lobby_message_id",
    "board_message_id",
    "step_message_id",
    "shown_version",
    "step_key",
)
"""Written only by `set_messages`: a save from a row loaded earlier must not undo them."""


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
                    cursor = await self._db.execute(
                        f"INSERT INTO games ({_SELECT}) VALUES ({', '.join('?' * len(_COLUMNS))})",
                        (None, *_values(row)[1:]),
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
            found = await self._rows(f"SELECT {_SELECT} FROM games WHERE id = ?", (game_id,))
        if not found:
            raise NoSuchGame(f"no game {game_id}")
        return _row(found[0])

    async def load_by_channel(self, channel_id: int) -> GameRow | None:
        async with self._guard():
            found = await self._rows(
                f"SELECT {_SELECT} FROM games WHERE channel_id = ? "
                "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
                (channel_id,),
            )
        return _row(found[0]) if found else None

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
        pairs = [
            (name, value)
            for name, value in zip(_COLUMNS, _values(new), strict=True)
            if name != "id" and name not in _MESSAGES
        ]
        sets = ", ".join(f"{name} = ?" for name, _ in pairs)
        async with self._guard(), self._transaction():
            updated = await self._run(
                f"UPDATE games SET {sets} WHERE id = ? AND version = ?",
                (*(value for _, value in pairs), row.id, expected_version),
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
                "UPDATE games SET status = 'cancelled', deadline_at = NULL, "
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
        unknown = set(columns) - set(_MESSAGES)
        if unknown:
            raise ValueError(f"no such message column: {sorted(unknown)}")
        sets = "".join(f"{name} = ?, " for name in columns)
        async with self._guard():
            await self._run(
                f"UPDATE games SET {sets}shown_version = MAX(shown_version, ?) WHERE id = ?",
                (*columns.values(), shown_version, game_id),
            )

    async def unshown(self, since: float) -> list[GameRow]:
        return await self._select(
            "WHERE shown_version < version AND (status IN ('lobby', 'active') "
            "OR updated_at >= ?) ORDER BY id",
            (since,),
        )

    async def due(self, now: float) -> list[GameRow]:
        """Active games whose deadline or half-time reminder has come."""
        rows = await self._select(
            "WHERE status = 'active' AND deadline_at IS NOT NULL ORDER BY deadline_at"
        )
        due = []
        for row in rows:
            assert row.deadline_at is not None
            half = row.deadline_at - row.options.turn_hours * 3600 / 2
            if now >= row.deadline_at or (not row.reminded and now >= half):
                due.append(row)
        return due

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
            found = await self._rows(f"SELECT {_SELECT} FROM games {where}", params)
        out = []
        for r in found:
            try:
                out.append(_row(r))
            except CorruptGame:
                continue  # one damaged row must not stop the others
        return out

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
        return await self._select(
            "WHERE status = 'over' AND NOT EXISTS (SELECT 1 FROM results r "
            "WHERE r.game_id = games.id AND r.finished_at IS NOT NULL) ORDER BY id"
        )

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
            rows = await self._rows(
                "SELECT game, kind, score, title, won, challenge_day FROM results "
                "WHERE user_id = ? AND finished_at IS NOT NULL ORDER BY finished_at DESC",
                (user_id,),
            )
        out = []
        for game in sorted({str(r[0]) for r in rows}):
            mine = [r for r in rows if r[0] == game]
            solo = [int(r[2]) for r in mine if r[1] in ("solo", "challenge")]
            titles: dict[str, int] = {}
            for r in mine:
                if r[3]:
                    titles[r[3]] = titles.get(r[3], 0) + 1
            out.append(
                GameStats(
                    game=game,
                    games=len(mine),
                    wins=sum(1 for r in mine if r[1] == "multi" and r[4]),
                    best_solo=max(solo) if solo else None,
                    mean_solo=round(sum(solo) / len(solo), 1) if solo else None,
                    titles=titles,
                    challenge_days=sorted({str(r[5]) for r in mine if r[5]}, reverse=True),
                )
            )
        return out


def _values(row: GameRow) -> tuple[Any, ...]:
    data = row.model_dump()
    out = []
    for name in _COLUMNS:
        value = data[name]
        if name in _JSON:
            value = json.dumps(value)
        elif name == "reminded":
            value = int(value)
        out.append(value)
    return tuple(out)


def _row(r: Sequence[Any]) -> GameRow:
    data = dict(zip(_COLUMNS, r, strict=True))
    try:
        for name in _JSON:
            data[name] = json.loads(data[name])
        data["reminded"] = bool(data["reminded"])
        return GameRow.model_validate(data)
    except (ValueError, TypeError, ValidationError) as exc:
        game_id = data.get("id")
        raise CorruptGame(f"game {game_id} has a damaged row: {exc}", game_id) from exc
