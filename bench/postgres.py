"""PostgreSQL for the bot benchmark: a server from the pgserver wheel in a temporary folder, a
fresh database per measured level, and what the games cost on disk."""

from __future__ import annotations

import itertools
import tempfile
import warnings
from pathlib import Path
from typing import Any

import asyncpg

# As durable as the SQLite default (WAL, synchronous=NORMAL): a power cut may lose the last
# commits, never corrupts. Without it every move would wait for a disk flush.
TUNING = "ALTER SYSTEM SET synchronous_commit = off; SELECT pg_reload_conf();"

_numbers = itertools.count(1)
SIZE = (
    "SELECT SUM(pg_total_relation_size(c.oid)) FROM pg_class c "
    "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'"
)


class Server:
    """A PostgreSQL server for one benchmark run, deleted when the run ends."""

    def __init__(self) -> None:
        with warnings.catch_warnings():
            # pgserver asks platformdirs for a runtime folder; the /tmp it falls back to is fine.
            warnings.filterwarnings("ignore", "XDG_RUNTIME_DIR is not set")
            import pgserver

        self.folder = Path(tempfile.mkdtemp(prefix="fleet-bench-pg-"))
        self._server = pgserver.get_server(self.folder / "data", cleanup_mode="delete")
        self._server.psql(TUNING)
        self.url = str(self._server.get_uri())

    async def fresh_database(self) -> str:
        """The URL of a new, empty database."""
        name = f"bench_{next(_numbers)}"
        con = await asyncpg.connect(self.url)
        try:
            await con.execute(f"CREATE DATABASE {name}")
        finally:
            await con.close()
        return self.url.replace("/postgres?", f"/{name}?", 1)

    def cpu_s(self) -> float:
        """CPU seconds used so far by the server and its backends."""
        import psutil

        main = psutil.Process(self._server.get_pid())
        used = 0.0
        for process in [main, *main.children(recursive=True)]:
            try:
                times = process.cpu_times()
            except psutil.NoSuchProcess:
                continue  # a backend that just ended
            used += times.user + times.system
        return used

    def stop(self) -> None:
        self._server.cleanup()


async def figures(url: str) -> dict[str, Any]:
    """The same figures as for SQLite: bytes on disk per stored game (tables, indexes, TOAST,
    and the dead row versions autovacuum has not reclaimed yet; then compacted), and the bytes
    of a finished game's own row and action log."""
    con = await asyncpg.connect(url)
    try:
        used = await con.fetchval(SIZE)
        # Every move rewrites its game's row: the old versions wait for autovacuum. Compacted,
        # the size is what the games themselves take.
        await con.execute("VACUUM FULL")
        compacted = int(await con.fetchval(SIZE) or 0)
        status = dict(await con.fetch("SELECT status, COUNT(*) FROM games GROUP BY status"))
        count, row_bytes, action_bytes, actions = await con.fetchrow(
            """
            SELECT COUNT(*),
                   SUM(pg_column_size(g.*)),
                   SUM((SELECT SUM(pg_column_size(a.*)) FROM actions a WHERE a.game_id = g.id)),
                   SUM((SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id))
            FROM games g WHERE g.status = 'over'
            """
        )
    finally:
        await con.close()
    games = sum(status.values())
    # SUM over bigint is numeric: Decimal in Python.
    used, row_bytes, action_bytes = (int(v or 0) for v in (used, row_bytes, action_bytes))
    return {
        "games_stored": games,
        "games_finished": status.get("over", 0),
        "db_bytes_used": used,
        "db_bytes_per_game": round(used / games) if games else None,
        "db_bytes_per_game_compacted": round(compacted / games) if games else None,
        "row_bytes_per_finished_game": round((row_bytes + action_bytes) / count) if count else None,
        "actions_per_finished_game": round(int(actions) / count, 1) if count else None,
    }
