"""The PostgreSQL adapter (asyncpg): the same contract as the SQLite one, for deployments where
several bot processes share one database.

A pool of connections serves every handler; each read-modify-write is one transaction, and the
optimistic version check (`UPDATE … WHERE version = $n`) is what keeps two processes from
applying a move twice. Due deadlines are claimed with ``FOR UPDATE SKIP LOCKED`` and a lease, so
each is handled by one process, and a process that dies leaves claims that simply expire.

Reads never wait for a write: PostgreSQL reads the last committed rows whatever locks writers
hold. A write waits at most WRITE_WAIT_SECONDS for a lock another connection holds (the
sessions' ``lock_timeout``; a save waits for one lock, its game's row) and as long again for a
free connection, then is refused with StorageBusy, rolled back: nothing of it is ever applied.

asyncpg's errors never leave this module: a refused or failed statement (server down, read-only,
disk full, a lost connection) is StorageUnavailable after the transaction was rolled back.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot import ratings
from bot.faults import crash_point
from bot.storage import rows
from bot.storage.models import (
    NOTIFY_WAYS,
    WRITE_WAIT_SECONDS,
    AlreadyPlayed,
    Attempt,
    BoardEntry,
    Call,
    ChannelBusy,
    Conflict,
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
    StorageUnavailable,
)
from bot.storage.postgres_schema import MIGRATIONS
from bot.storage.settle import settle

log = logging.getLogger(__name__)

POOL_SIZE = 10
"""Connections per process: handlers wait for a free one rather than open more. Several
processes times this must stay under the server's max_connections (100 by default)."""
CONNECT_SECONDS = 10.0
STATEMENT_SECONDS = 30.0
"""A statement that takes longer is abandoned: the caller hears "try again", not silence."""
MIGRATION_LOCK = 0x666C656574  # "fleet": processes starting together migrate one at a time
RATINGS_SCHEMA = 7
"""The migration that made the rating tables."""
REBUILD_LOCK_SECONDS = 60
"""How long a rebuild of the ratings waits for the games finishing meanwhile."""

_FAILURES = (
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,  # e.g. the server ended the connection mid-statement
    OSError,
    TimeoutError,
)
"""What the server or the connection can throw: the database is unavailable."""
_BUSY = (
    asyncpg.LockNotAvailableError,  # lock_timeout
    asyncpg.QueryCanceledError,  # statement_timeout
    asyncpg.DeadlockDetectedError,
    asyncpg.SerializationError,
)
"""What another connection's locks cause: the database is busy, try again."""


def describe(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = (parts.username or "") + ":***"
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc[-1]}"))


def is_url(database: str) -> bool:
    return database.startswith(("postgresql://", "postgres://"))


async def _connection_setup(con: asyncpg.Connection) -> None:
    # jsonb columns read and write Python data, as SQLite's JSON text does after parsing.
    await con.set_type_codec("jsonb", encoder=json.dumps, decoder=json.loads, schema="pg_catalog")


class PostgresRepository:
    """`await PostgresRepository.open(url)` connects and runs pending migrations."""

    def __init__(self, pool: asyncpg.Pool, clock: Callable[[], float] = time.time) -> None:
        self._pool = pool
        self._clock = clock

    @classmethod
    async def open(
        cls, url: str, clock: Callable[[], float] = time.time, pool_size: int = POOL_SIZE
    ) -> PostgresRepository:
        """Connect and migrate; StorageUnavailable with one readable sentence (never the
        password) if the server cannot be reached or used."""
        repo = await cls.connect(url, clock, pool_size)
        try:
            await repo.migrate()
        except _FAILURES as exc:
            await repo.close()
            raise StorageUnavailable(f"cannot use {describe(url)}: {_line(exc)}") from exc
        return repo

    @classmethod
    async def connect(
        cls, url: str, clock: Callable[[], float] = time.time, pool_size: int = POOL_SIZE
    ) -> PostgresRepository:
        """Connect without migrating (`open` does both)."""
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                init=_connection_setup,
                timeout=CONNECT_SECONDS,
                command_timeout=STATEMENT_SECONDS,
                server_settings={"lock_timeout": f"{round(WRITE_WAIT_SECONDS * 1000)}ms"},
            )
        except (*_FAILURES, ValueError) as exc:
            raise StorageUnavailable(f"cannot connect to {describe(url)}: {_line(exc)}") from exc
        return cls(pool, clock)

    async def close(self) -> None:
        await self._pool.close()

    # --- connections and transactions -----------------------------------------------------

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection (StorageBusy if none is free within WRITE_WAIT_SECONDS); the
        server's and the connection's errors become StorageBusy (a lock held too long) or
        StorageUnavailable, except a broken constraint, which the caller turns into its
        meaning (ChannelBusy, AlreadyPlayed)."""
        try:
            con = await self._pool.acquire(timeout=WRITE_WAIT_SECONDS)
        except TimeoutError:
            log.warning("no free database connection within %.1f s", WRITE_WAIT_SECONDS)
            raise StorageBusy("every database connection is busy") from None
        except _FAILURES as exc:
            log.error("database error: %s", _line(exc))
            raise StorageUnavailable(_line(exc)) from exc
        try:
            yield con
        except asyncpg.IntegrityConstraintViolationError:
            raise
        except _BUSY as exc:
            log.warning("another connection held a lock too long: %s", _line(exc))
            raise StorageBusy(_line(exc)) from exc
        except _FAILURES as exc:
            log.error("database error: %s", _line(exc))
            raise StorageUnavailable(_line(exc)) from exc
        finally:
            await self._pool.release(con)

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection in a write transaction: rolled back on any error or cancellation,
        its COMMIT settled (`bot.storage.settle`)."""
        async with self._connection() as con:
            transaction = con.transaction()
            await transaction.start()
            try:
                yield con
            except BaseException:
                # A connection left mid-statement by a cancellation refuses the ROLLBACK;
                # the pool then resets it, which rolls back all the same.
                with contextlib.suppress(*_FAILURES):
                    await transaction.rollback()
                raise
            await settle(transaction.commit())

    async def schema_version(self) -> int:
        async with self._connection() as con:
            return await self._schema_version(con)

    @staticmethod
    async def _schema_version(con: asyncpg.Connection) -> int:
        await con.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations "
            "(version INTEGER PRIMARY KEY, at DOUBLE PRECISION)"
        )
        return int(await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))

    async def migrate(self, up_to: int | None = None) -> int:
        """Apply every migration newer than the database, each in its own transaction, under
        an advisory lock so that processes starting at once do not race."""
        async with self._pool.acquire() as con:
            await con.execute("SET lock_timeout = 0")  # wait for the process migrating now
            await con.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                current = await self._schema_version(con)
                for number, sql in MIGRATIONS:
                    if number <= current or (up_to is not None and number > up_to):
                        continue
                    async with con.transaction():
                        await con.execute(sql)
                        await con.execute(
                            "INSERT INTO schema_migrations (version, at) VALUES ($1, $2)",
                            number,
                            self._clock(),
                        )
                    current = number
                if current >= RATINGS_SCHEMA and await con.fetchval(
                    "SELECT EXISTS (SELECT 1 FROM rated_games) "
                    "AND NOT EXISTS (SELECT 1 FROM ratings)"
                ):
                    async with con.transaction():
                        await self._rebuild(con)
            finally:
                await con.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        return current

    # --- games -------------------------------------------------------------------------------

    async def create(
        self, row: GameRow, attempt: Attempt | None = None, log: Sequence[LogEntry] = ()
    ) -> GameRow:
        now = self._clock()
        row = row.model_copy(update={"created_at": now, "updated_at": now, "version": 0})
        stored = {**rows.values(row, rows.COLUMNS[1:]), "due_at": row.due_at}
        marks = ", ".join(f"${i}" for i in range(1, len(stored) + 1))
        try:
            async with self._writing() as con:
                game_id = await con.fetchval(
                    f"INSERT INTO games ({', '.join(stored)}) VALUES ({marks}) RETURNING id",
                    *stored.values(),
                )
                if attempt is not None:
                    await con.execute(
                        "INSERT INTO results (game_id, game, user_id, guild_id, kind, "
                        "challenge_day, started_at) VALUES ($1, $2, $3, $4, 'challenge', $5, $6)",
                        game_id,
                        row.game,
                        attempt.user_id,
                        row.guild_id,
                        attempt.day,
                        now,
                    )
                    if attempt.answer_token is not None:
                        await con.execute(
                            "UPDATE owed_answers SET game_id = $1 WHERE token = $2",
                            game_id,
                            attempt.answer_token,
                        )
                if log:
                    await self._append(con, game_id, log, 0, now)
        except asyncpg.UniqueViolationError as exc:
            if (exc.constraint_name or "").startswith("results"):
                raise AlreadyPlayed("already played this challenge") from exc
            raise ChannelBusy("this channel already hosts an open game") from exc
        return row.model_copy(update={"id": game_id})

    async def load(self, game_id: int) -> GameRow:
        async with self._connection() as con:
            found = await con.fetchrow(f"SELECT {rows.SELECT} FROM games WHERE id = $1", game_id)
        if found is None:
            raise NoSuchGame(f"no game {game_id}")
        return rows.parse(found)

    async def stamp(self, game_id: int) -> tuple[Any, ...] | None:
        async with self._connection() as con:
            found = await con.fetchrow(f"SELECT {rows.STAMP} FROM games WHERE id = $1", game_id)
        return tuple(found) if found is not None else None

    async def load_by_channel(self, channel_id: int) -> GameRow | None:
        async with self._connection() as con:
            found = await con.fetchrow(
                f"SELECT {rows.SELECT} FROM games WHERE channel_id = $1 "
                "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
                channel_id,
            )
        return rows.parse(found) if found is not None else None

    async def head(self, channel_id: int) -> RowHead | None:
        async with self._connection() as con:
            found = await con.fetchrow(
                "SELECT id, game, channel_id, parent_id, host_id, status, guild_id, "
                "board_message_id, step_message_id FROM games "
                "WHERE channel_id = $1 ORDER BY status IN ('lobby', 'active') DESC, id DESC "
                "LIMIT 1",
                channel_id,
            )
        return RowHead(*found) if found is not None else None

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
        columns = {**rows.values(new, rows.SAVED_COLUMNS), "due_at": new.due_at}
        columns.update(claimed_by=None, claimed_until=None)
        sets = ", ".join(f"{name} = ${i}" for i, name in enumerate(columns, 1))
        n = len(columns)
        async with self._writing() as con:
            status = await con.execute(
                f"UPDATE games SET {sets} WHERE id = ${n + 1} AND version = ${n + 2}",
                *columns.values(),
                row.id,
                expected_version,
            )
            if status != "UPDATE 1":
                raise Conflict("the game moved on")
            if log:
                await self._append(con, row.id, log, new.version, now)
            if results:
                await self._record(con, new, results, places, now)
        return new

    @staticmethod
    async def _append(
        con: asyncpg.Connection, game_id: int, log: Sequence[LogEntry], version: int, now: float
    ) -> None:
        """Append to the action log in one statement. The game's row is locked by the same
        transaction, so nobody else appends to this game meanwhile."""
        await con.execute(
            "INSERT INTO actions (game_id, seq, seat, user_id, action, version, at) "
            "SELECT $1, (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = $1) + t.n, "
            "t.seat, t.user_id, t.action, $5, $6 "
            "FROM unnest($2::integer[], $3::bigint[], $4::text[]) "
            "WITH ORDINALITY AS t(seat, user_id, action, n)",
            game_id,
            [seat for seat, _, _ in log],
            [user for _, user, _ in log],
            [action for _, _, action in log],
            version,
            now,
        )

    async def close_damaged(self, game_id: int) -> None:
        async with self._writing() as con:
            await con.execute(
                "UPDATE games SET status = 'cancelled', deadline_at = NULL, due_at = NULL, "
                "waits = '[]', "
                "version = version + 1, shown_version = version + 1, updated_at = $1 "
                "WHERE id = $2 AND status IN ('lobby', 'active')",
                self._clock(),
                game_id,
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
        sets = "".join(f"{name} = ${i}, " for i, name in enumerate(columns, 1))
        n = len(columns)
        async with self._writing() as con:
            await con.execute(
                f"UPDATE games SET {sets}shown_version = GREATEST(shown_version, ${n + 1}) "
                f"WHERE id = ${n + 2}",
                *columns.values(),
                shown_version,
                game_id,
            )

    async def unshown(self, since: float, shards: Shards | None = None) -> list[GameRow]:
        on_shards, params = _on_shards(shards, 2)
        return await self._select(
            "WHERE shown_version < version AND (status IN ('lobby', 'active') "
            f"OR updated_at >= $1){on_shards} ORDER BY id",
            since,
            *params,
        )

    async def claim_due(
        self,
        now: float,
        owner: str,
        lease_seconds: float,
        shards: Shards | None = None,
        limit: int = 50,
    ) -> list[GameRow]:
        # SKIP LOCKED: a game another process is claiming (or saving) right now is left to it
        # rather than waited for; the lease keeps it from being claimed again until it ends.
        on_shards, params = _on_shards(shards, 5)
        async with self._writing() as con:
            found = await con.fetch(
                "UPDATE games SET claimed_by = $1, claimed_until = $2 WHERE id IN ("
                "SELECT id FROM games WHERE status = 'active' AND due_at <= $3 "
                f"AND (claimed_until IS NULL OR claimed_until <= $3){on_shards} "
                "ORDER BY due_at LIMIT $4 FOR UPDATE SKIP LOCKED) "
                f"RETURNING {rows.SELECT}",
                owner,
                now + lease_seconds,
                now,
                limit,
                *params,
            )
        claimed = rows.parse_all(found)
        claimed.sort(key=lambda row: row.due_at or 0.0)  # RETURNING keeps no order
        return claimed

    async def actions(self, game_id: int) -> list[LoggedAction]:
        async with self._connection() as con:
            found = await con.fetch(
                "SELECT seq, seat, user_id, action, version, at FROM actions "
                "WHERE game_id = $1 ORDER BY seq",
                game_id,
            )
        return [LoggedAction(*r) for r in found]

    async def _select(self, where: str, *params: Any) -> list[GameRow]:
        async with self._connection() as con:
            found = await con.fetch(f"SELECT {rows.SELECT} FROM games {where}", *params)
        return rows.parse_all(found)

    async def guild_locale(self, guild_id: int) -> str | None:
        async with self._connection() as con:
            found = await con.fetchval(
                "SELECT locale FROM guild_settings WHERE guild_id = $1", guild_id
            )
        return str(found) if found else None

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        async with self._writing() as con:
            await con.execute(
                "INSERT INTO guild_settings (guild_id, locale) VALUES ($1, $2) "
                "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
                guild_id,
                locale,
            )
            if locale is not None:
                await con.execute(
                    "UPDATE games SET locale = $1 WHERE guild_id = $2 "
                    "AND status IN ('lobby', 'active')",
                    locale,
                    guild_id,
                )

    # --- the calls that find players -------------------------------------------------------------

    async def calls(self, game_id: int) -> list[Call]:
        async with self._connection() as con:
            found = await con.fetch(
                "SELECT game_id, user_id, turn, notified_at, message_id, via FROM calls "
                "WHERE game_id = $1",
                game_id,
            )
        return [Call(*record) for record in found]

    async def claim_call(self, game_id: int, user_id: int, turn: str, via: str) -> bool:
        async with self._writing() as con:
            status = await con.execute(
                "INSERT INTO calls (game_id, user_id, turn, notified_at, via) "
                "VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                game_id,
                user_id,
                turn,
                self._clock(),
                via,
            )
        return bool(status == "INSERT 0 1")

    async def set_call_message(
        self, game_id: int, user_ids: Sequence[int], turn: str, message_id: int | None
    ) -> None:
        async with self._writing() as con:
            await con.execute(
                "UPDATE calls SET message_id = $1 "
                "WHERE game_id = $2 AND user_id = ANY($3::bigint[]) AND turn = $4",
                message_id,
                game_id,
                list(user_ids),
                turn,
            )

    async def waiting_for(self, user_id: int) -> list[GameRow]:
        return await self._select(
            "WHERE status = 'active' AND waits @> jsonb_build_array("
            "jsonb_build_object('user_id', $1::bigint)) ORDER BY updated_at",
            user_id,
        )

    async def waiting(self, shards: Shards | None = None) -> list[GameRow]:
        on_shards, params = _on_shards(shards, 1)
        return await self._select(
            f"WHERE status = 'active' AND waits != '[]'::jsonb{on_shards} ORDER BY id", *params
        )

    async def with_strong_ai(self, shards: Shards | None = None) -> list[GameRow]:
        on_shards, params = _on_shards(shards, 1)
        return await self._select(
            "WHERE status = 'active' AND EXISTS (SELECT 1 FROM jsonb_array_elements(seats) s "
            f"WHERE s->>'level' = 'strong'){on_shards} ORDER BY id",
            *params,
        )

    async def notify_way(self, user_id: int) -> tuple[str, float | None]:
        async with self._connection() as con:
            found = await con.fetchrow(
                "SELECT notify, dms_closed_at FROM user_settings WHERE user_id = $1", user_id
            )
        return (str(found[0]), found[1]) if found is not None else ("thread", None)

    async def set_notify_way(self, user_id: int, way: str) -> None:
        if way not in NOTIFY_WAYS:
            raise ValueError(f"no such way to be called: {way!r}")
        async with self._writing() as con:
            await con.execute(
                "INSERT INTO user_settings (user_id, notify) VALUES ($1, $2) "
                "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, "
                "dms_closed_at = NULL",
                user_id,
                way,
            )

    async def set_dms_closed(self, user_id: int, at: float | None) -> None:
        async with self._writing() as con:
            await con.execute(
                "INSERT INTO user_settings (user_id, dms_closed_at) VALUES ($1, $2) "
                "ON CONFLICT (user_id) DO UPDATE SET dms_closed_at = excluded.dms_closed_at",
                user_id,
                at,
            )

    async def owe_answer(self, token: str, user_id: int, locale: str, at: float) -> None:
        async with self._writing() as con:
            await con.execute(
                "INSERT INTO owed_answers (token, user_id, locale, asked_at) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (token) DO NOTHING",
                token,
                user_id,
                locale,
                at,
            )

    async def answered(self, token: str) -> None:
        async with self._writing() as con:
            await con.execute("DELETE FROM owed_answers WHERE token = $1", token)

    async def owed_answers(self) -> list[OwedAnswer]:
        async with self._connection() as con:
            found = await con.fetch(
                "SELECT token, user_id, locale, game_id, asked_at FROM owed_answers "
                "ORDER BY asked_at"
            )
        return [OwedAnswer(str(r[0]), int(r[1]), str(r[2]), r[3], float(r[4])) for r in found]

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Raw access for tests and maintenance scripts (``$1`` placeholders)."""
        async with self._connection() as con:
            await con.execute(sql, *params)

    # --- results, challenges and leaderboards ------------------------------------------------

    async def meta(self, key: str, default: str) -> str:
        """A stored value, set to `default` the first time it is asked for."""
        async with self._connection() as con:
            found = await con.fetchval("SELECT value FROM meta WHERE key = $1", key)
        if found is not None:
            return str(found)
        async with self._writing() as con:
            await con.execute(
                "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
                key,
                default,
            )
            return str(await con.fetchval("SELECT value FROM meta WHERE key = $1", key))

    async def attempted(self, game: str, day: str, user_id: int) -> bool:
        async with self._connection() as con:
            found = await con.fetchval(
                "SELECT 1 FROM results WHERE game = $1 AND challenge_day = $2 AND user_id = $3",
                game,
                day,
                user_id,
            )
        return found is not None

    async def _record(
        self,
        con: asyncpg.Connection,
        row: GameRow,
        results: Sequence[ResultEntry],
        places: Sequence[int],
        now: float,
    ) -> None:
        """Inside a transaction: each human seat's result, completing a claimed attempt, and
        the ratings the game changes."""
        rates_ai = False
        if row.guild_id is not None and any(seat.is_ai for seat in row.seats):
            rates_ai = bool(
                await con.fetchval(
                    "SELECT rate_ai FROM guild_settings WHERE guild_id = $1", row.guild_id
                )
            )
        standings = rows.standings(row, results, places, rates_ai)
        place = {s.user_id: s.place for s in standings if s.user_id is not None}
        for r in results:
            status = await con.execute(
                "UPDATE results SET score = $1, title = $2, won = $3, assisted = $4, "
                "finished_at = $5 WHERE game_id = $6 AND user_id = $7 AND finished_at IS NULL",
                r.score,
                r.title,
                r.won,
                r.assisted,
                now,
                row.id,
                r.user_id,
            )
            if status == "UPDATE 0":
                await con.execute(
                    "INSERT INTO results (game_id, game, user_id, guild_id, kind, score, title, "
                    "won, assisted, started_at, finished_at, place) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) "
                    "ON CONFLICT DO NOTHING",
                    row.id,
                    row.game,
                    r.user_id,
                    row.guild_id,
                    row.kind,
                    r.score,
                    r.title,
                    r.won,
                    r.assisted,
                    row.created_at,
                    now,
                    place.get(r.user_id),
                )
        crash_point("results_recorded")
        if standings:
            await self._rate(con, row, standings, now)

    async def _rate(
        self,
        con: asyncpg.Connection,
        row: GameRow,
        standings: Sequence[ratings.Standing],
        now: float,
    ) -> None:
        """Inside the transaction that records a game's results: lock the ratings the game
        changes (made first if new; always in one order, so that two games sharing players
        cannot deadlock), then take the game's place in the rating order (once: a game
        already rated is left as it is) and update them. Taking the place only once the
        ratings are locked makes that order the order the updates were really applied in, so
        a rebuild gives the same numbers even when processes finish games at once."""
        users = sorted({s.user_id for s in standings if s.user_id is not None})
        scopes = list(ratings.scopes(row.guild_id))
        mu, sigma = ratings.NEW
        await con.execute(
            "INSERT INTO ratings (game, guild_id, user_id, mu, sigma, ordinal, games) "
            "SELECT $1, s, u, $4, $5, $6, 0 FROM unnest($2::bigint[]) s, unnest($3::bigint[]) u "
            "ORDER BY s, u ON CONFLICT DO NOTHING",
            row.game,
            scopes,
            users,
            mu,
            sigma,
            ratings.ordinal(mu, sigma),
        )
        found = await con.fetch(
            "SELECT guild_id, user_id, mu, sigma, games FROM ratings WHERE game = $1 "
            "AND guild_id = ANY($2::bigint[]) AND user_id = ANY($3::bigint[]) "
            "ORDER BY guild_id, user_id FOR UPDATE",
            row.game,
            scopes,
            users,
        )
        ai = [[s.level, s.place] for s in standings if s.user_id is None]
        taken = await con.fetchval(
            "INSERT INTO rated_games (game_id, game, guild_id, ai, rated_at) "
            "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id) DO NOTHING RETURNING seq",
            row.id,
            row.game,
            row.guild_id,
            ai,
            now,
        )
        if taken is None:
            return
        before = {(row.game, g, u): ratings.Rated(m, s, n) for g, u, m, s, n in found if n > 0}
        game = ratings.RatedGame(row.id, row.game, row.guild_id, tuple(standings))
        after, changes = ratings.rate_game(game, before)
        await self._write_ratings(con, after, changes)

    @staticmethod
    async def _write_ratings(
        con: asyncpg.Connection,
        table: dict[ratings.Key, ratings.Rated],
        changes: Sequence[ratings.Change],
    ) -> None:
        await con.executemany(
            "INSERT INTO ratings (game, guild_id, user_id, mu, sigma, ordinal, games) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game, guild_id, user_id) DO UPDATE "
            "SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
            "games = excluded.games",
            [
                (*key, r.mu, r.sigma, ratings.ordinal(r.mu, r.sigma), r.games)
                for key, r in sorted(table.items())
            ],
        )
        await con.executemany(
            "INSERT INTO rating_changes (game_id, guild_id, user_id, mu_before, sigma_before, "
            "mu, sigma) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            changes,
        )

    async def record_results(
        self, row: GameRow, results: Sequence[ResultEntry], places: Sequence[int] = ()
    ) -> None:
        async with self._writing() as con:
            await self._record(con, row, results, places, self._clock())

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
        where = ["game = $1", "finished_at IS NOT NULL", "NOT assisted", "challenge_day <= $2"]
        params: list[Any] = [game, last_day]
        if first_day is not None:
            params.append(first_day)
            where.append(f"challenge_day >= ${len(params)}")
        if guild_id is not None:
            params.append(guild_id)
            where.append(f"guild_id = ${len(params)}")
        params.append(limit)
        # DISTINCT ON keeps each player's first row in the inner order: their best score,
        # and of equal scores the earliest finish.
        sql = (
            "SELECT user_id, score, title, finished_at FROM ("
            "SELECT DISTINCT ON (user_id) user_id, score, title, finished_at "
            f"FROM results WHERE {' AND '.join(where)} "
            "ORDER BY user_id, score DESC, finished_at ASC) best "
            f"ORDER BY score DESC, finished_at ASC LIMIT ${len(params)}"
        )
        async with self._connection() as con:
            found = await con.fetch(sql, *params)
        return [BoardEntry(int(r[0]), int(r[1]), r[2], float(r[3])) for r in found]

    async def user_stats(self, user_id: int) -> list[GameStats]:
        async with self._connection() as con:
            found = await con.fetch(
                f"SELECT {', '.join(rows.STATS_COLUMNS)} FROM results "
                "WHERE user_id = $1 AND finished_at IS NOT NULL ORDER BY finished_at DESC",
                user_id,
            )
        return rows.user_stats([dict(r) for r in found])

    async def guild_rates_ai(self, guild_id: int) -> bool:
        async with self._connection() as con:
            found = await con.fetchval(
                "SELECT rate_ai FROM guild_settings WHERE guild_id = $1", guild_id
            )
        return bool(found)

    async def set_guild_rates_ai(self, guild_id: int, rates: bool) -> None:
        async with self._writing() as con:
            await con.execute(
                "INSERT INTO guild_settings (guild_id, rate_ai) VALUES ($1, $2) "
                "ON CONFLICT (guild_id) DO UPDATE SET rate_ai = excluded.rate_ai",
                guild_id,
                rates,
            )

    # --- ratings -------------------------------------------------------------------------------

    async def rating_board(
        self, game: str, guild_id: int | None, limit: int = 10
    ) -> list[RatingEntry]:
        async with self._connection() as con:
            found = await con.fetch(
                f"SELECT {rows.RATING_COLUMNS} FROM ratings WHERE game = $1 AND guild_id = $2 "
                "ORDER BY ordinal DESC, games DESC, user_id LIMIT $3",
                game,
                guild_id or 0,
                limit,
            )
        return [RatingEntry(*r) for r in found]

    async def user_ratings(self, user_id: int, guild_id: int | None = None) -> list[RatingEntry]:
        async with self._connection() as con:
            found = await con.fetch(
                f"SELECT {rows.RATING_COLUMNS} FROM ratings WHERE user_id = $1 "
                "AND guild_id IN (0, $2) ORDER BY game, guild_id",
                user_id,
                guild_id or 0,
            )
        return [RatingEntry(*r) for r in found]

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        async with self._connection() as con:
            found = await con.fetch(
                f"SELECT {rows.CHANGE_COLUMNS} FROM rating_changes WHERE game_id = $1 "
                "ORDER BY guild_id, user_id",
                game_id,
            )
        return [RatingChange(*r) for r in found]

    async def rebuild_ratings(self) -> int:
        async with self._writing() as con:
            return await self._rebuild(con)

    async def _rebuild(self, con: asyncpg.Connection) -> int:
        """Inside a transaction: every rating again, from the rated games' standings alone.
        Games finishing meanwhile wait (or are refused, busy) until it is done."""
        await con.execute(f"SET LOCAL lock_timeout = '{REBUILD_LOCK_SECONDS}s'")
        await con.execute("LOCK TABLE rated_games, ratings, rating_changes IN EXCLUSIVE MODE")
        games = rows.rated_games(await con.fetch(rows.RATED_STANDINGS))
        table, changes = ratings.replay(games)
        await con.execute("DELETE FROM rating_changes")
        await con.execute("DELETE FROM ratings")
        await self._write_ratings(con, table, changes)
        return len(games)


def _on_shards(shards: Shards | None, first: int) -> tuple[str, tuple[Any, ...]]:
    """A WHERE clause limiting games to these shards (none for every shard); its parameters
    are numbered from `first`."""
    if shards is None or shards.all:
        return "", ()
    clause = f" AND COALESCE((guild_id >> 22) % ${first}, 0) = ANY(${first + 1}::bigint[])"
    return clause, (shards.count, list(shards.ids))


def _line(exc: BaseException) -> str:
    """An error as one line (asyncpg's can span several)."""
    return " ".join(str(exc).split()) or type(exc).__name__
