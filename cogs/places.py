"""Where a table is held: a thread opened from its lobby message in a text channel (or the
channel itself), or a thread of its own for a solo game. Shared by `/table new`, `/table solo`
and Play again, so a table opens the same way whichever asked for it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.fronts import get_front
from bot.i18n import translator
from bot.storage import GameRow
from bot.words import say
from cogs.panels import embed

if TYPE_CHECKING:
    from cogs.outbox import Outbox

Create = Callable[[int, int | None, int | None], Awaitable[GameRow]]
"""Stores the table once its place exists: (channel, parent channel, lobby message) → row."""


def _title(game: str, locale: str | None) -> str:
    tr = translator(locale, "table")
    return get_front(game).title(tr.domain_of(game))


async def open_lobby(
    channel: Any,
    game: str,
    locale: str | None,
    host: str,
    create: Create,
    here: bool = False,
    box: Outbox | None = None,
) -> GameRow:
    """A lobby for `game`: in a text channel, a message with the table's thread opened from
    it; with `here`, or in a thread, right in that channel. `box`: the channel's outbox, which
    posts the lobby in turn with the channel's other writes (tables opened at once in one
    channel would otherwise outrun its rate limit together)."""
    if here or not isinstance(channel, discord.TextChannel):
        return await create(channel.id, None, None)
    tr = translator(locale, "table")
    opening = embed(say(tr, "lobby_opening"))
    if box is not None:
        message = channel.get_partial_message(await box.post(embed=opening))
    else:
        message = await channel.send(embed=opening)
    name = say(tr, "thread_name", game=_title(game, locale), host=host)
    thread = None
    try:
        thread = await message.create_thread(name=name[:100])
        row = await create(thread.id, channel.id, message.id)
    except Exception:
        # Nothing was stored: take back what was posted (the thread is archived, as the bot
        # may not delete it).
        with contextlib.suppress(discord.HTTPException):
            await (box.delete(message.id) if box is not None else message.delete())
        if thread is not None:
            with contextlib.suppress(discord.HTTPException):
                await thread.edit(archived=True)
        raise
    # Named by its number once it has one: threads of one host's tables tell apart.
    numbered = say(tr, "thread_name_number", game=_title(game, locale), host=host, number=row.id)
    with contextlib.suppress(discord.HTTPException):
        await thread.edit(name=numbered[:100])
    return row


async def solo_thread(
    channel: discord.TextChannel, game: str, locale: str | None, host: str
) -> Any:
    """A public thread of its own for a solo game."""
    tr = translator(locale, "table")
    name = say(tr, "solo_thread_name", game=_title(game, locale), host=host)
    return await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread)


async def number_thread(thread: Any, game: str, locale: str | None, host: str, number: int) -> None:
    """A solo game's thread, named by its table's number."""
    tr = translator(locale, "table")
    name = say(tr, "solo_thread_name_number", game=_title(game, locale), host=host, number=number)
    with contextlib.suppress(discord.HTTPException):
        await thread.edit(name=name[:100])


async def archive(client: discord.Client, thread_id: int) -> None:
    """Put away a thread that will never hold a game (a lobby cancelled before it started)."""
    with contextlib.suppress(discord.HTTPException):
        thread = client.get_channel(thread_id) or await client.fetch_channel(thread_id)
        if isinstance(thread, discord.Thread):
            await thread.edit(archived=True)
