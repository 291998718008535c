import os
import uuid
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
def pg_base(request: pytest.FixtureRequest) -> str:
    """The test run's PostgreSQL server (started on first use), shared by xdist's workers."""
    from tests.postgres import start_server

    worker = getattr(request.config, "workerinput", None)
    run = worker["testrunuid"] if worker else uuid.uuid4().hex
    return start_server(run)


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
