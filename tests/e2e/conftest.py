"""The loopback fake of Discord every end-to-end test runs against (a test module that needs
other channels, guilds or shards defines its own `fake`)."""

from collections.abc import AsyncIterator

import pytest

from .fake_discord import FakeDiscord


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()
