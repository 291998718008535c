"""A real PostgreSQL server for the tests, from the pgserver wheel, so that a fresh machine needs
nothing else: one server per test run, shared by the xdist workers (pgserver counts the
processes using a data folder and the last one stops it and deletes the folder), and a fresh
schema per test, which is cheaper than a database."""

from __future__ import annotations

import secrets
import tempfile
from pathlib import Path

import asyncpg

# Durability is not under test: a server that never waits for the disk keeps the suite fast.
TUNING = (
    "ALTER SYSTEM SET fsync = off; ALTER SYSTEM SET synchronous_commit = off; "
    "ALTER SYSTEM SET full_page_writes = off; SELECT pg_reload_conf();"
)


def start_server(run_id: str) -> str:
    """The URL of this test run's server (started by the first worker to ask)."""
    import pgserver

    data = Path(tempfile.gettempdir()) / f"fleet-pg-{run_id[:12]}"
    # Made here, not by pgserver, which refuses a folder another worker just made.
    data.mkdir(exist_ok=True)
    server = pgserver.get_server(data, cleanup_mode="delete")
    server.psql(TUNING)
    return str(server.get_uri())


async def fresh_schema(base_url: str) -> str:
    """A URL whose connections work in a new, empty schema of their own (asyncpg passes the
    URL's unknown query parameters on as settings). The schema's name is also the
    connections' application name, so a test can find them in pg_stat_activity."""
    schema = f"t_{secrets.token_hex(6)}"
    con = await asyncpg.connect(base_url)
    try:
        await con.execute(f"CREATE SCHEMA {schema}")
    finally:
        await con.close()
    return f"{base_url}&search_path={schema}&application_name={schema}"
