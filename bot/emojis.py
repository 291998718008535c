"""The application's emojis: the games' small pictures (`bot.fronts.EMOJIS`), uploaded once by
`python -m bot sync` and read once at start (one request), so prompts can show a die face as
a picture inside their text (``<:fd_cod:123…>``). Without them every text keeps its glyph."""

from __future__ import annotations

import logging
from collections.abc import Mapping

import discord

from bot.fronts import EMOJIS
from bot.fronts.emoji import EmojiArt

log = logging.getLogger(__name__)


def every_art() -> list[EmojiArt]:
    return [art for arts in EMOJIS.values() for art in arts]


async def fetch(client: discord.Client) -> dict[str, str]:
    """The uploaded pictures the games use, name → ``<:name:id>``; none when Discord cannot
    say (the texts then keep their glyphs)."""
    try:
        found = await client.fetch_application_emojis()
    except discord.DiscordException as exc:
        log.warning("application emojis not read, texts keep their glyphs: %s", exc)
        return {}
    wanted = {art.name for art in every_art()}
    return {e.name: str(e) for e in found if e.name in wanted}


async def upload(client: discord.Client) -> tuple[list[str], int]:
    """Upload every picture the application lacks (by name; a picture already there is
    left as it is): the names added, and how many were there."""
    there = {e.name for e in await client.fetch_application_emojis()}
    added = []
    for art in every_art():
        if art.name in there:
            continue
        await client.create_application_emoji(name=art.name, image=art.png())
        added.append(art.name)
    return added, len(there & {art.name for art in every_art()})


def glyphs(game: str, uploaded: Mapping[str, str]) -> dict[str, str]:
    """The game's glyphs that have an uploaded picture, glyph → ``<:name:id>``."""
    return {art.glyph: uploaded[art.name] for art in EMOJIS.get(game, ()) if art.name in uploaded}
