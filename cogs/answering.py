"""Answering an interaction, shared by every command and button: whatever happens, the user
gets one answer — a refusal in one sentence of their language, "nothing changed, try again"
when storage failed, and anything unexpected logged and answered the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.faults import Crash
from bot.fronts import FRONTS, get_front
from bot.fronts.base import Ctx
from bot.i18n import Tr, translator
from bot.refusals import Refusal
from bot.storage import StorageError
from bot.words import say
from cogs.panels import Drawn

log = logging.getLogger(__name__)


def locale_of(interaction: discord.Interaction) -> str:
    """The clicking user's language (their Discord client's)."""
    return str(interaction.locale)


def guild_locale(interaction: discord.Interaction) -> str | None:
    return str(interaction.guild_locale) if interaction.guild_locale else None


def user_tr(interaction: discord.Interaction, domain: str = "table") -> Tr:
    """The clicking user's words."""
    return translator(locale_of(interaction), domain)


def moderator(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_threads)


def channel_id(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise Refusal("wrong_channel")
    return interaction.channel_id


async def run(
    interaction: discord.Interaction, handler: Callable[..., Awaitable[None]], *args: Any
) -> None:
    """Run a handler so that the interaction always gets an answer."""
    try:
        await handler(interaction, *args)
    except Refusal as refusal:
        await refuse(interaction, refusal)
    except StorageError:
        await answer(interaction, say(user_tr(interaction), "storage"))
    except (Crash, asyncio.CancelledError):
        raise
    except Exception:
        log.exception("interaction %s failed", interaction.id)
        await answer(interaction, say(user_tr(interaction), "storage"))


async def answer(interaction: discord.Interaction, text: str, **extra: Any) -> None:
    """An ephemeral sentence: the response, or a followup once the response is used."""
    with contextlib.suppress(discord.HTTPException):
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **extra)
        else:
            await interaction.response.send_message(text, ephemeral=True, **extra)


async def refuse(interaction: discord.Interaction, refusal: Refusal) -> None:
    await answer(interaction, refusal_text(interaction, refusal))


def refusal_text(interaction: discord.Interaction, refusal: Refusal) -> str:
    """A refusal in the clicker's words: the game's front words a move its rules refuse."""
    tr = user_tr(interaction)
    if refusal.error is not None:
        game = refusal.fields.get("game", "")
        if game in FRONTS:
            front = get_front(game)
            return front.refusal(refusal.error, Ctx((), tr.domain_of(front.domain)))
        return refusal.error.reason
    fields = dict(refusal.fields)
    if refusal.code == "unknown_game":
        fields["game"] = str(fields.get("game", ""))[:40]
    return say(tr, refusal.code, **fields)


async def send(interaction: discord.Interaction, drawn: Drawn) -> None:
    """A private panel as the interaction's response."""
    await interaction.response.send_message(ephemeral=True, **drawn.send())
