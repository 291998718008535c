import pytest

from tests.limits import payload_problems

from .harness import Table, make_bot


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "fleet.db")


@pytest.fixture
def simcord_bot(db_path):
    return make_bot(db_path)


@pytest.fixture
async def table(simcord_env, simcord_bot):
    await simcord_bot.tree.sync()
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    t = Table(simcord_env, simcord_bot, guild, channel)
    yield t
    if t.bot.repo is not None:
        await t.bot.repo.close()
        t.bot.repo = None
    problems = payload_problems(simcord_env)
    assert not problems, problems[:5]
