"""The application's emojis read at start: a failed read leaves every text with its glyph, and
only the games' own pictures are taken."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot import emojis


class Client:
    def __init__(self, found: list[Any] | None = None, fails: bool = False) -> None:
        self.found = found or []
        self.fails = fails
        self.created: list[str] = []

    async def fetch_application_emojis(self) -> list[Any]:
        if self.fails:
            response = SimpleNamespace(status=503, reason="unavailable")
            raise discord.HTTPException(response, "unavailable")  # type: ignore[arg-type]
        return self.found

    async def create_application_emoji(self, name: str, image: bytes) -> None:
        self.created.append(name)


class Found:
    def __init__(self, name: str, id_: int) -> None:
        self.name = name
        self.id = id_

    def __str__(self) -> str:
        return f"<:{self.name}:{self.id}>"


async def test_a_failed_read_leaves_every_text_with_its_glyph():
    uploaded = await emojis.fetch(Client(fails=True))  # type: ignore[arg-type]
    assert uploaded == {}
    assert emojis.glyphs("fleet-dice", uploaded) == {}


async def test_only_the_games_own_pictures_are_taken():
    client = Client([Found("fd_cod", 11), Found("someone_elses", 12)])
    uploaded = await emojis.fetch(client)  # type: ignore[arg-type]
    assert uploaded == {"fd_cod": "<:fd_cod:11>"}
    cod = next(a.glyph for a in emojis.every_art() if a.name == "fd_cod")
    assert emojis.glyphs("fleet-dice", uploaded) == {cod: "<:fd_cod:11>"}


async def test_sync_uploads_only_what_is_missing():
    client = Client([Found("fd_cod", 11)])
    added, there = await emojis.upload(client)  # type: ignore[arg-type]
    names = [a.name for a in emojis.every_art()]
    assert "fd_cod" not in added and there == 1
    assert added == [n for n in names if n != "fd_cod"] == client.created
