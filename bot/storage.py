"""Storage behind a small repository interface (DESIGN: storage).

The first adapter is SQLite through aiosqlite: WAL mode, BEGIN IMMEDIATE for every
read-modify-write, numbered migrations run at startup, an append-only action log, and an
optimistic version check on every save. Nothing above this module knows it is SQLite.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

import aiosqlite
from pydantic import BaseModel, Field, ValidationError

Status = Literal["lobby", "active", "over", "cancelled"]
OPEN_STATUSES = ("lobby", "active")


class StorageError(Exception):
    """Something about stored data that a player or admin needs to hear about."""


class Conflict(StorageError):
    """The game changed since it was loaded: someone else acted first."""


class ChannelBusy(StorageError):
    """The channel already hosts an open game."""


class CorruptGame(StorageError):
    """A stored row cannot be read. Other games are unaffected."""


class Seat(BaseModel):
    user_id: int | None = None
    """None for an AI seat."""
    name: str
    autopilot: bool = False

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


class TableOptions(BaseModel):
    captains: bool = False
    trophies: bool = False
    turn_hours: int = 0
    """The turn deadline in hours; 0 is off."""
    solo: bool = False


class GameRow(BaseModel):
    """One game (lobby, running or finished) as stored."""

    id: int = 0
    game: str = "fleet-dice"
    guild_id: int | None = None
    channel_id: int
    parent_id: int | None = None
    """The channel a thread was opened from, to post results back."""
    host_id: int
    status: Status = "lobby"
    seats: list[Seat] = Field(default_factory=list)
    options: TableOptions = Field(default_factory=TableOptions)
    seed: str = ""
    state: str | None = None
    version: int = 0
    board_message_id: int | None = None
    roll_message_id: int | None = None
    recent: list[str] = Field(default_factory=list)
    deadline_at: float | None = None
    reminded: bool = False
    created_at: float = 0.0
    updated_at: float = 0.0

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return i
        return None


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    seat: int
    user_id: int | None
    action: str
    version: int
    at: float


class Repository(Protocol):
    """What the bot needs from storage; a PostgreSQL adapter would implement the same."""

    async def create(self, row: GameRow) -> GameRow: ...

    async def load(self, game_id: int) -> GameRow: ...

    async def load_by_channel(self, channel_id: int) -> GameRow | None: ...

    async def save(
        self, row: GameRow, expected_version: int, log: Sequence[tuple[int, int | None, str]] = ()
    ) -> GameRow: ...

    async def list_active(self) -> list[GameRow]: ...

    async def due(self, now: float) -> list[GameRow]: ...

    async def actions(self, game_id: int) -> list[LoggedAction]: ...

    async def close(self) -> None: ...


# Numbered migrations: append only, never edit a shipped one.
MIGRATIONS: list[tuple[int, str]] = [
    (
        1,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            parent_id INTEGER,
            host_id INTEGER NOT NULL,
            status TEXT NOT NULL,
            seats TEXT NOT NULL,
            options TEXT NOT NULL,
            seed TEXT NOT NULL,
            state TEXT,
            version INTEGER NOT NULL,
            board_message_id INTEGER,
            roll_message_id INTEGER,
            recent TEXT NOT NULL DEFAULT '[]',
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE UNIQUE INDEX games_one_open_per_channel
            ON games(channel_id) WHERE status IN ('lobby', 'active');
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            action TEXT NOT NULL,
            version INTEGER NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        );
        """,
    ),
    (
        2,
        """
        ALTER TABLE games ADD COLUMN deadline_at REAL;
        ALTER TABLE games ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX games_due ON games(deadline_at) WHERE status = 'active';
        """,
    ),
]

_COLUMNS = (
    "id, game, guild_id, channel_id, parent_id, host_id, status, seats, options, seed, state, "
    "version, board_message_id, roll_message_id, recent, deadline_at, reminded, created_at, "
    "updated_at"
)


class SqliteRepository:
    """The SQLite adapter. `await SqliteRepository.open(path)` runs pending migrations."""

    def __init__(self, db: aiosqlite.Connection, clock: Any = time.time) -> None:
        self._db = db
        self._clock = clock
        # One connection serves every handler: a transaction must not interleave with another
        # coroutine's statements, and reads must not see another's uncommitted writes.
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, clock: Any = time.time) -> SqliteRepository:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        repo = cls(db, clock)
        for pragma in (
            "journal_mode=WAL",
            "synchronous=NORMAL",
            "foreign_keys=ON",
            "busy_timeout=5000",
        ):
            await repo._run(f"PRAGMA {pragma}")
        await repo.migrate()
        return repo

    async def close(self) -> None:
        await self._db.close()

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement and close its cursor at once (an open cursor would keep a
        statement in progress and block COMMIT). Returns the affected row count."""
        cursor = await self._db.execute(sql, params)
        count = cursor.rowcount
        await cursor.close()
        return count

    async def schema_version(self) -> int:
        await self._run(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, at REAL)"
        )
        async with self._db.execute("SELECT MAX(version) FROM schema_migrations") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    async def migrate(self, up_to: int | None = None) -> int:
        """Apply every migration newer than the database, each in its own transaction."""
        current = await self.schema_version()
        for number, sql in MIGRATIONS:
            if number <= current or (up_to is not None and number > up_to):
                continue
            await self._run("BEGIN IMMEDIATE")
            try:
                for statement in filter(str.strip, sql.split(";")):
                    await self._run(statement)
                await self._run(
                    "INSERT INTO schema_migrations (version, at) VALUES (?, ?)",
                    (number, self._clock()),
                )
                await self._run("COMMIT")
            except BaseException:
                await self._run("ROLLBACK")
                raise
            current = number
        return current

    # --- games -------------------------------------------------------------------------------

    async def _create(self, row: GameRow) -> GameRow:
        now = self._clock()
        row = row.model_copy(update={"created_at": now, "updated_at": now, "version": 0})
        values = _values(row)
        await self._run("BEGIN IMMEDIATE")
        try:
            cur = await self._db.execute(
                f"INSERT INTO games ({_COLUMNS}) VALUES "
                f"({', '.join('?' for _ in _COLUMNS.split(','))})",
                (None, *values[1:]),
            )
            game_id = cur.lastrowid
            await cur.close()
            await self._run("COMMIT")
        except aiosqlite.IntegrityError as exc:
            await self._run("ROLLBACK")
            raise ChannelBusy("this channel already hosts an open game") from exc
        except BaseException:
            await self._run("ROLLBACK")
            raise
        assert game_id is not None
        return row.model_copy(update={"id": game_id})

    async def _load(self, game_id: int) -> GameRow:
        async with self._db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)) as c:
            found = await c.fetchone()
        if found is None:
            raise StorageError(f"no game {game_id}")
        return _row(found)

    async def _load_by_channel(self, channel_id: int) -> GameRow | None:
        """The open game in a channel, else the most recent finished one."""
        async with self._db.execute(
            f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
            (channel_id,),
        ) as c:
            found = await c.fetchone()
        return _row(found) if found else None

    async def _save(
        self, row: GameRow, expected_version: int, log: Sequence[tuple[int, int | None, str]] = ()
    ) -> GameRow:
        """Write the row and append `log` (seat, user, action) in one transaction, only if the
        stored version is still `expected_version`. Raises Conflict otherwise."""
        now = self._clock()
        new = row.model_copy(update={"version": expected_version + 1, "updated_at": now})
        values = _values(new)
        sets = ", ".join(f"{c.strip()} = ?" for c in _COLUMNS.split(",")[1:])
        await self._run("BEGIN IMMEDIATE")
        try:
            updated = await self._run(
                f"UPDATE games SET {sets} WHERE id = ? AND version = ?",
                (*values[1:], row.id, expected_version),
            )
            if updated != 1:
                await self._run("ROLLBACK")
                raise Conflict("the game moved on")
            if log:
                async with self._db.execute(
                    "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (row.id,)
                ) as c:
                    found = await c.fetchone()
                seq = int(found[0]) if found else 0
                await self._db.executemany(
                    "INSERT INTO actions (game_id, seq, seat, user_id, action, version, at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (row.id, seq + i + 1, seat, user, action, new.version, now)
                        for i, (seat, user, action) in enumerate(log)
                    ],
                )
            await self._run("COMMIT")
        except Conflict:
            raise
        except BaseException:
            await self._run("ROLLBACK")
            raise
        return new

    async def _list_active(self) -> list[GameRow]:
        return await self._select("WHERE status = 'active' ORDER BY id")

    async def _due(self, now: float) -> list[GameRow]:
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

    async def _actions(self, game_id: int) -> list[LoggedAction]:
        async with self._db.execute(
            "SELECT seq, seat, user_id, action, version, at FROM actions "
            "WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ) as c:
            rows = await c.fetchall()
        return [LoggedAction(*r) for r in rows]

    async def _select(self, where: str) -> list[GameRow]:
        async with self._db.execute(f"SELECT {_COLUMNS} FROM games {where}") as c:
            found = await c.fetchall()
        out = []
        for r in found:
            try:
                out.append(_row(r))
            except CorruptGame:
                continue  # one damaged row must not stop the others
        return out

    # --- the Repository interface: every call holds the connection lock -------------------------

    async def create(self, row: GameRow) -> GameRow:
        async with self._lock:
            return await self._create(row)

    async def load(self, game_id: int) -> GameRow:
        async with self._lock:
            return await self._load(game_id)

    async def load_by_channel(self, channel_id: int) -> GameRow | None:
        async with self._lock:
            return await self._load_by_channel(channel_id)

    async def save(
        self, row: GameRow, expected_version: int, log: Sequence[tuple[int, int | None, str]] = ()
    ) -> GameRow:
        async with self._lock:
            return await self._save(row, expected_version, log)

    async def list_active(self) -> list[GameRow]:
        async with self._lock:
            return await self._list_active()

    async def due(self, now: float) -> list[GameRow]:
        async with self._lock:
            return await self._due(now)

    async def actions(self, game_id: int) -> list[LoggedAction]:
        async with self._lock:
            return await self._actions(game_id)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Raw access for tests and maintenance scripts."""
        async with self._lock:
            await self._run(sql, params)


def _values(row: GameRow) -> tuple[Any, ...]:
    return (
        row.id,
        row.game,
        row.guild_id,
        row.channel_id,
        row.parent_id,
        row.host_id,
        row.status,
        json.dumps([s.model_dump() for s in row.seats]),
        row.options.model_dump_json(),
        row.seed,
        row.state,
        row.version,
        row.board_message_id,
        row.roll_message_id,
        json.dumps(row.recent),
        row.deadline_at,
        int(row.reminded),
        row.created_at,
        row.updated_at,
    )


def _row(r: Sequence[Any]) -> GameRow:
    names = [c.strip() for c in _COLUMNS.split(",")]
    data = dict(zip(names, r, strict=True))
    try:
        data["seats"] = json.loads(data["seats"])
        data["options"] = json.loads(data["options"])
        data["recent"] = json.loads(data["recent"])
        data["reminded"] = bool(data["reminded"])
        return GameRow.model_validate(data)
    except (ValueError, TypeError, ValidationError) as exc:
        raise CorruptGame(f"game {data.get('id')} has a damaged row: {exc}") from exc
