import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.games import register

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

register()


@pytest.fixture(scope="session")
def pg_base(testrun_uid: str) -> str:
    """The test run's PostgreSQL server (started on first use)."""
    from tests.postgres import start_server

    return start_server(testrun_uid)


@pytest.fixture
async def pg_url(pg_base: str) -> str:
    """A fresh, empty PostgreSQL schema for one test, as a database URL."""
    from tests.postgres import fresh_schema

    return await fresh_schema(pg_base)


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database for one test, once for each adapter: an SQLite path or a URL."""
    if request.param == "sqlite":
        return str(tmp_path / "fleet.db")
    from tests.postgres import fresh_schema

    return await fresh_schema(request.getfixturevalue("pg_base"))
