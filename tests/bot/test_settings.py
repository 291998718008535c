"""Shard settings: which shards a process serves, refused when they cannot be right, and the
sharded client they give."""

import os
from pathlib import Path

import pytest
from discord.ext import commands
from pydantic import ValidationError

from bot.app import make_bot
from bot.settings import Settings
from bot.storage import Shards


def settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg, arg-type]


def test_without_shard_settings_the_bot_runs_on_one_unsharded_connection():
    assert settings().shards is None
    bot = make_bot(settings())
    assert not isinstance(bot, commands.AutoShardedBot)


def test_shard_ids_name_the_shards_this_process_serves():
    chosen = settings(shard_count=4, shard_ids="1, 3")
    assert chosen.shards == Shards(4, (1, 3))
    bot = make_bot(chosen)
    assert isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])


def test_a_shard_count_alone_serves_every_shard():
    assert settings(shard_count=2).shards == Shards(2, (0, 1))


@pytest.mark.parametrize(
    ("values", "said"),
    [
        ({"shard_ids": "0"}, "needs FLEET_SHARD_COUNT"),
        ({"shard_count": 2, "shard_ids": "0,2"}, "from 0 to 1"),
        ({"shard_count": 2, "shard_ids": "1,1"}, "twice"),
        ({"shard_count": 2, "shard_ids": "one"}, "comma-separated list of numbers"),
        ({"shard_count": 0}, "greater than or equal to 1"),
    ],
    ids=["ids-without-count", "outside-count", "twice", "not-numbers", "no-shards"],
)
def test_shard_settings_that_cannot_be_right_are_refused(values, said):
    with pytest.raises(ValidationError, match=said):
        settings(**values)


def test_a_guild_belongs_to_the_shard_discord_puts_it_on_and_direct_messages_to_shard_0():
    shards = Shards(3, (2,))
    assert shards.serves(2 << 22) and shards.serves((5 << 22) + 12345)
    assert not shards.serves(1 << 22)
    assert not shards.serves(None) and Shards(3, (0,)).serves(None)


def test_the_example_env_file_copied_as_it_is_gives_the_defaults(tmp_path, monkeypatch):
    # Optional settings stand empty in .env.example: empty means unset, never an error.
    example = Path(__file__).parents[2] / ".env.example"
    (tmp_path / ".env").write_text(example.read_text())
    monkeypatch.chdir(tmp_path)
    for name in [n for n in os.environ if n.startswith("FLEET_")]:
        monkeypatch.delenv(name)
    loaded = Settings()
    assert loaded.token is None and loaded.dev_guild is None and loaded.shards is None
    assert loaded.database == "data/fleet.db"
