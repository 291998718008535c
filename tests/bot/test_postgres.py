"""What only the PostgreSQL adapter meets: processes starting together, a server that goes away
or turns read-only, a URL that leads nowhere. (A client dying inside a transaction is in
test_storage, for both adapters.)"""

import asyncio
import contextlib

import asyncpg
import pytest

from bot.storage import (
    GameRow,
    PostgresRepository,
    Seat,
    StorageUnavailable,
    open_repository,
)
from bot.storage.postgres_schema import MIGRATIONS


def lobby(channel: int = 10) -> GameRow:
    return GameRow(
        game="fleet-dice",
        channel_id=channel,
        host_id=1,
        seats=[Seat(user_id=1, name="a")],
        seed="s",
    )


async def admin(url: str, sql: str) -> None:
    con = await asyncpg.connect(url)
    try:
        await con.execute(sql)
    finally:
        await con.close()


def schema_of(url: str) -> str:
    return url.rsplit("application_name=", 1)[1]


async def test_processes_starting_together_migrate_once(pg_url):
    repos = await asyncio.gather(*(PostgresRepository.open(pg_url) for _ in range(3)))
    try:
        assert {await r.schema_version() for r in repos} == {MIGRATIONS[-1][0]}
        con = await asyncpg.connect(pg_url)
        applied = await con.fetch("SELECT version FROM schema_migrations")
        await con.close()
        assert sorted(r[0] for r in applied) == [n for n, _ in MIGRATIONS]
    finally:
        for r in repos:
            await r.close()


async def test_dropped_connections_cost_at_most_one_clear_error_and_are_replaced(pg_url):
    repo = await PostgresRepository.open(pg_url)
    try:
        row = await repo.create(lobby())
        # The server drops every connection of this test (a restart, a failover). The pool
        # notices at once, or at the next use, which then hears "try again".
        await admin(
            pg_url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            f"WHERE application_name = '{schema_of(pg_url)}' AND pid <> pg_backend_pid()",
        )
        with contextlib.suppress(StorageUnavailable):
            await repo.load(row.id)
        row = await repo.save(row.model_copy(update={"recent": [{"kind": "x"}]}), row.version)
        # A connection dropped while a statement runs on it is one clear error...
        with pytest.raises(StorageUnavailable):
            await repo.execute("SELECT pg_terminate_backend(pg_backend_pid())")
        # ...and the next call works.
        saved = await repo.save(row.model_copy(update={"recent": [{"kind": "y"}]}), row.version)
        assert saved.version == row.version + 1
        assert (await repo.load(row.id)).recent == [{"kind": "y"}]
    finally:
        await repo.close()


async def test_a_read_only_server_refuses_writes_in_one_clear_error_and_changes_nothing(pg_url):
    writable = await PostgresRepository.open(pg_url)
    row = await writable.create(lobby())
    await writable.close()
    # A standby after a failover, say: every transaction is read-only.
    read_only = f"{pg_url}&default_transaction_read_only=on"
    with pytest.raises(StorageUnavailable) as err:
        await open_repository(read_only)
    assert "\n" not in str(err.value) and "read-only" in str(err.value)
    repo = await PostgresRepository.connect(read_only)  # no migration: it would be refused
    try:
        with pytest.raises(StorageUnavailable) as err:
            await repo.save(row, row.version, [(0, 1, "coin")])
        assert "read-only" in str(err.value)
        assert (await repo.load(row.id)).version == row.version, "nothing changed"
        assert await repo.actions(row.id) == []
    finally:
        await repo.close()


async def test_a_server_that_cannot_be_reached_is_refused_in_one_line_without_the_password():
    # Port 1 on the loopback address: nothing listens there, the refusal is immediate.
    with pytest.raises(StorageUnavailable) as err:
        await open_repository("postgresql://fleet:hunter2@127.0.0.1:1/fleet")
    message = str(err.value)
    assert "\n" not in message and "hunter2" not in message and "127.0.0.1:1" in message


async def test_a_url_of_another_database_is_refused_rather_taken_for_a_file(tmp_path):
    with pytest.raises(StorageUnavailable) as err:
        await open_repository("mysql://fleet:hunter2@127.0.0.1/fleet")
    assert "postgresql://" in str(err.value) and "hunter2" not in str(err.value)
