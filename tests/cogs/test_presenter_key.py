"""Whether a public message must be edited is decided by everything it shows."""

import discord

from cogs.panels import Drawn
from cogs.presenter import _key


def test_a_new_picture_of_the_same_size_is_a_change():
    embed = discord.Embed(title="Turn 4")
    before = Drawn(embed, image=b"\x89PNG" + b"a" * 100)
    after = Drawn(embed, image=b"\x89PNG" + b"b" * 100)
    assert _key(before) != _key(after)
    assert _key(before) == _key(Drawn(embed, image=b"\x89PNG" + b"a" * 100))


def test_a_status_line_alone_is_a_change():
    embed = discord.Embed(title="Turn 4")
    assert _key(Drawn(embed, content="waiting for alice")) != _key(Drawn(embed, content=None))
