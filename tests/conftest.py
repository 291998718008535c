import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import time_machine
from hypothesis import HealthCheck, settings

from tests.clock import WALL_CLOCKS
from tests.games import register

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

register()

collect_ignore = ["fixtures/make_release1.py"]
"""The script that wrote the first release's database, with that release's code: kept as the
record of how the fixture was made, not run."""


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


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A `wall_clock` test runs once with the machine's clock as it is and once at each of
    WALL_CLOCKS (2027-01-01 00:00:30, 2026-12-31 23:59:50, 2028-02-29 12:00 UTC)."""
    if metafunc.definition.get_closest_marker("wall_clock") is not None:
        metafunc.fixturenames.append("wall_clock")
        metafunc.parametrize(
            "wall_clock", [None, *WALL_CLOCKS.values()], ids=["machine", *WALL_CLOCKS]
        )


@pytest.fixture(autouse=True)
def _machine_clock(request: pytest.FixtureRequest) -> Iterator[None]:
    """Put the machine's clock where a `wall_clock` test asks (it keeps ticking from there)."""
    params = request.node.callspec.params if hasattr(request.node, "callspec") else {}
    # FLEET_TEST_WALL_CLOCK (ISO text) moves every test's machine clock, for a whole-suite check.
    where = params.get("wall_clock") or os.environ.get("FLEET_TEST_WALL_CLOCK")
    if where is None:
        yield
        return
    with time_machine.travel(where, tick=True):
        yield
