"""Storage behind a small repository interface (DESIGN: storage). `open_repository` picks
the adapter from the database setting; nothing above this package knows which it is."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from bot.storage.models import (
    DEADLINE_HOURS,
    GLOBAL,
    NOTIFY_WAYS,
    OPEN_STATUSES,
    WRITE_WAIT_SECONDS,
    AlreadyPlayed,
    Attempt,
    BoardEntry,
    Call,
    ChannelBusy,
    Conflict,
    CorruptGame,
    DatabaseGone,
    GameRow,
    GameStats,
    LogEntry,
    LoggedAction,
    NoSuchGame,
    OwedAnswer,
    RatingChange,
    RatingEntry,
    Repository,
    ResultEntry,
    RowHead,
    Seat,
    Shards,
    StorageBusy,
    StorageError,
    StorageUnavailable,
    TableOptions,
    Wait,
)
from bot.storage.postgres import PostgresRepository, describe, is_url
from bot.storage.sqlite import SqliteRepository

__all__ = [
    "DEADLINE_HOURS",
    "GLOBAL",
    "NOTIFY_WAYS",
    "OPEN_STATUSES",
    "WRITE_WAIT_SECONDS",
    "AlreadyPlayed",
    "Attempt",
    "BoardEntry",
    "Call",
    "ChannelBusy",
    "Conflict",
    "CorruptGame",
    "DatabaseGone",
    "GameRow",
    "GameStats",
    "LogEntry",
    "LoggedAction",
    "NoSuchGame",
    "OwedAnswer",
    "PostgresRepository",
    "RatingChange",
    "RatingEntry",
    "Repository",
    "ResultEntry",
    "RowHead",
    "Seat",
    "Shards",
    "SqliteRepository",
    "StorageBusy",
    "StorageError",
    "StorageUnavailable",
    "TableOptions",
    "Wait",
    "open_repository",
]


async def open_repository(
    database: str | Path, clock: Callable[[], float] = time.time
) -> SqliteRepository | PostgresRepository:
    """A ``postgresql://`` URL opens PostgreSQL; anything else is an SQLite file path, created
    if missing. Another kind of URL is refused (StorageUnavailable) rather than taken for a
    file name."""
    if isinstance(database, str) and is_url(database):
        return await PostgresRepository.open(database, clock)
    if isinstance(database, str) and "://" in database:
        raise StorageUnavailable(
            f"{describe(database)} is neither a file path nor a postgresql:// URL"
        )
    return await SqliteRepository.open(database, clock)
