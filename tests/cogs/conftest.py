import hashlib
import itertools

import pytest

from tests.clock import TestClock
from tests.limits import payload_problems

from .harness import Sim, make_bot


@pytest.fixture(autouse=True)
def dealt(monkeypatch, request):
    """Every table of a flow deals from seeds made of the test's name: a flow whose course
    depends on the dice or cards runs the same way every time (a test that sets its own seed
    overrides this)."""
    name = request.node.nodeid.encode()
    made = itertools.count()

    def token_hex(n: int = 8) -> str:
        return hashlib.blake2b(name + str(next(made)).encode(), digest_size=n).hexdigest()

    monkeypatch.setattr("bot.service.secrets.token_hex", token_hex)


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "fleet.db")


@pytest.fixture
def clock():
    """The bot's time: 2026-11-22 12:00 UTC unless the test sets another instant before the
    first click; it then advances with SimCord's virtual time."""
    return TestClock()


@pytest.fixture
def simcord_bot(db_path, clock):
    return make_bot(db_path, clock)


@pytest.fixture
async def table(simcord_env, simcord_bot, clock):
    clock.follow(simcord_env)
    await simcord_bot.tree.sync()
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    t = Sim(simcord_env, simcord_bot, guild, channel, clock=clock)
    yield t
    if t.bot.repo is not None:
        await t.bot.repo.close()
        t.bot.repo = None
    problems = payload_problems(simcord_env)
    assert not problems, problems[:5]
