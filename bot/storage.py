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
    challenge_day: str | None = None
    """The UTC day (ISO) of the daily challenge this game is, if it is one."""


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


class AlreadyPlayed(StorageError):
    """This player already has an attempt at this challenge."""


@dataclass(frozen=True)
class BoardEntry:
    user_id: int
    score: int
    title: str | None
    finished_at: float


@dataclass(frozen=True)
class UserStats:
    games: int
    wins: int
    best_solo: int | None
    mean_solo: float | None
    titles: dict[str, int]
    challenge_days: list[str]
    """Days (ISO dates) with a finished challenge, newest first."""


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

    async def set_messages(self, game_id: int, board_id: int | None, roll_id: int | None) -> None:
        """Which messages show the game. Not game state: no version check, no version bump, and
        `save` never writes these two columns, so neither can undo the other."""
        ...

    async def list_active(self) -> list[GameRow]: ...

    async def due(self, now: float) -> list[GameRow]: ...

    async def actions(self, game_id: int) -> list[LoggedAction]: ...

    async def meta(self, key: str, default: str) -> str: ...

    async def claim_attempt(
        self, row: GameRow, day: str, user_id: int, guild_id: int | None
    ) -> GameRow: ...

    async def record_results(
        self,
        game_id: int,
        kind: str,
        guild_id: int | None,
        entries: Sequence[tuple[int, int, str | None, bool]],
        started_at: float,
    ) -> None: ...

    async def leaderboard(
        self, first_day: str | None, last_day: str, guild_id: int | None, limit: int = 10
    ) -> list[BoardEntry]: ...

    async def user_stats(self, user_id: int) -> UserStats: ...

    async def attempted(self, day: str, user_id: int) -> bool: ...

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
    (
        3,
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE results (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game_id INTEGER NOT NULL REFERENCES games(id),
            user_id INTEGER NOT NULL,
            guild_id INTEGER,
            kind TEXT NOT NULL,
            challenge_day TEXT,
            score INTEGER,
            title TEXT,
            won INTEGER NOT NULL DEFAULT 0,
            started_at REAL NOT NULL,
            finished_at REAL,
            UNIQUE (challenge_day, user_id)
        );
        CREATE INDEX results_daily
            ON results(challenge_day, score DESC, finished_at) WHERE finished_at IS NOT NULL;
        CREATE INDEX results_daily_guild
            ON results(guild_id, challenge_day, score DESC, finished_at)
            WHERE finished_at IS NOT NULL;
        CREATE INDEX results_user ON results(user_id, kind, finished_at);
        CREATE INDEX results_best_per_user
            ON results(user_id, score DESC, finished_at, challenge_day, guild_id, title)
            WHERE finished_at IS NOT NULL;
        """,
    ),
]

_COLUMNS = (
    "id, game, guild_id, channel_id, parent_id, host_id, status, seats, options, seed, state, "
    "version, board_message_id, roll_message_id, recent, deadline_at, reminded, created_at, "
    "updated_at"
)
_MESSAGE_COLUMNS = ("board_message_id", "roll_message_id")
"""Written only by `set_messages`: a save from a row loaded earlier must not undo them."""


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

    async def _insert_game(self, row: GameRow) -> GameRow:
        now = self._clock()
        row = row.model_copy(update={"created_at": now, "updated_at": now, "version": 0})
        cur = await self._db.execute(
            f"INSERT INTO games ({_COLUMNS}) VALUES "
            f"({', '.join('?' for _ in _COLUMNS.split(','))})",
            (None, *_values(row)[1:]),
        )
        game_id = cur.lastrowid
        await cur.close()
        assert game_id is not None
        return row.model_copy(update={"id": game_id})

    async def _create(self, row: GameRow) -> GameRow:
        await self._run("BEGIN IMMEDIATE")
        try:
            created = await self._insert_game(row)
            await self._run("COMMIT")
        except aiosqlite.IntegrityError as exc:
            await self._run("ROLLBACK")
            raise ChannelBusy("this channel already hosts an open game") from exc
        except BaseException:
            await self._run("ROLLBACK")
            raise
        return created

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
        names = [c.strip() for c in _COLUMNS.split(",")]
        pairs = [
            (name, value)
            for name, value in zip(names, _values(new), strict=True)
            if name != "id" and name not in _MESSAGE_COLUMNS
        ]
        sets = ", ".join(f"{name} = ?" for name, _ in pairs)
        await self._run("BEGIN IMMEDIATE")
        try:
            updated = await self._run(
                f"UPDATE games SET {sets} WHERE id = ? AND version = ?",
                (*(value for _, value in pairs), row.id, expected_version),
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

    async def set_messages(self, game_id: int, board_id: int | None, roll_id: int | None) -> None:
        async with self._lock:
            await self._run(
                "UPDATE games SET board_message_id = ?, roll_message_id = ? WHERE id = ?",
                (board_id, roll_id, game_id),
            )

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

    # --- results, challenges and leaderboards ---------------------------------------------------

    async def meta(self, key: str, default: str) -> str:
        """A stored value, set to `default` the first time it is asked for."""
        async with self._lock:
            await self._run("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (key, default))
            async with self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as c:
                found = await c.fetchone()
        assert found is not None
        return str(found[0])

    async def claim_attempt(
        self, row: GameRow, day: str, user_id: int, guild_id: int | None
    ) -> GameRow:
        """Create a challenge game and its attempt in one transaction: one attempt per player
        per challenge, even when two are started at the same moment."""
        async with self._lock:
            await self._run("BEGIN IMMEDIATE")
            try:
                created = await self._insert_game(row)
                await self._run(
                    "INSERT INTO results (game_id, user_id, guild_id, kind, challenge_day, "
                    "started_at) VALUES (?, ?, ?, 'challenge', ?, ?)",
                    (created.id, user_id, guild_id, day, self._clock()),
                )
                await self._run("COMMIT")
            except aiosqlite.IntegrityError as exc:
                await self._run("ROLLBACK")
                message = str(exc)
                if "results" in message:
                    raise AlreadyPlayed("already played this challenge") from exc
                raise ChannelBusy("this channel already hosts an open game") from exc
            except BaseException:
                await self._run("ROLLBACK")
                raise
            return created

    async def record_results(
        self,
        game_id: int,
        kind: str,
        guild_id: int | None,
        entries: Sequence[tuple[int, int, str | None, bool]],
        started_at: float,
    ) -> None:
        """Store each human seat's (user, score, title, won) once a game is over and verified."""
        now = self._clock()
        async with self._lock:
            await self._run("BEGIN IMMEDIATE")
            try:
                for user_id, score, title, won in entries:
                    updated = await self._run(
                        "UPDATE results SET score = ?, title = ?, won = ?, finished_at = ? "
                        "WHERE game_id = ? AND user_id = ? AND finished_at IS NULL",
                        (score, title, int(won), now, game_id, user_id),
                    )
                    if not updated:
                        await self._run(
                            "INSERT INTO results (game_id, user_id, guild_id, kind, score, title, "
                            "won, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (
                                game_id,
                                user_id,
                                guild_id,
                                kind,
                                score,
                                title,
                                int(won),
                                started_at,
                                now,
                            ),
                        )
                await self._run("COMMIT")
            except BaseException:
                await self._run("ROLLBACK")
                raise

    async def leaderboard(
        self, first_day: str | None, last_day: str, guild_id: int | None, limit: int = 10
    ) -> list[BoardEntry]:
        """Best challenge score per player between two days (inclusive); ties go to whoever
        finished first. `guild_id` limits it to one server."""
        where = ["finished_at IS NOT NULL", "challenge_day <= ?"]
        params: list[Any] = [last_day]
        if first_day is not None:
            where.append("challenge_day >= ?")
            params.append(first_day)
        if guild_id is not None:
            where.insert(0, "guild_id = ?")
            params.insert(0, guild_id)
        # SQLite picks the other columns from the row holding MIN(rank key) in each group.
        sql = (
            "SELECT user_id, score, title, finished_at, MIN(-score * 1e12 + finished_at) "
            f"FROM results WHERE {' AND '.join(where)} GROUP BY user_id "
            "ORDER BY score DESC, finished_at ASC LIMIT ?"
        )
        async with self._lock, self._db.execute(sql, (*params, limit)) as c:
            rows = await c.fetchall()
        return [BoardEntry(int(r[0]), int(r[1]), r[2], float(r[3])) for r in rows]

    async def attempted(self, day: str, user_id: int) -> bool:
        """Whether this player already has an attempt at this challenge."""
        async with (
            self._lock,
            self._db.execute(
                "SELECT 1 FROM results WHERE challenge_day = ? AND user_id = ?", (day, user_id)
            ) as c,
        ):
            return await c.fetchone() is not None

    async def user_stats(self, user_id: int) -> UserStats:
        async with (
            self._lock,
            self._db.execute(
                "SELECT kind, score, title, won, challenge_day FROM results "
                "WHERE user_id = ? AND finished_at IS NOT NULL ORDER BY finished_at DESC",
                (user_id,),
            ) as c,
        ):
            rows = await c.fetchall()
        solo = [int(r[1]) for r in rows if r[0] in ("solo", "challenge")]
        titles: dict[str, int] = {}
        for r in rows:
            if r[2]:
                titles[r[2]] = titles.get(r[2], 0) + 1
        days = sorted({str(r[4]) for r in rows if r[4]}, reverse=True)
        return UserStats(
            games=len(rows),
            wins=sum(1 for r in rows if r[0] == "multi" and r[3]),
            best_solo=max(solo) if solo else None,
            mean_solo=round(sum(solo) / len(solo), 1) if solo else None,
            titles=titles,
            challenge_days=days,
        )


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
