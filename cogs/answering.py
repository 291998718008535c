"""Answering an interaction, shared by every command and button: whatever happens, the user
gets one answer in time — a refusal in one sentence of their language, "nothing changed, try
again" when storage failed, and anything unexpected logged and answered the same way.

Discord fails an interaction not answered within 3 seconds. `run` gives every handler
`ANSWER_WITHIN` seconds to answer; a handler still working then (storage or Discord slow) has
its interaction acknowledged for it, and its answer arrives as an edit or a followup. Every
first response goes through this module (`defer`, `edit`, `reply`, `send`), under one lock per
interaction, so the acknowledgement and a handler's own answer never race.
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
from bot.storage import StorageBusy, StorageError
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


ANSWER_WITHIN = 1.5
"""Seconds a handler may take before its interaction is acknowledged for it (Discord allows 3,
and the acknowledgement itself needs a round trip)."""

_LOCKS: dict[int, asyncio.Lock] = {}
"""One lock per interaction being answered (dropped when `run` returns)."""


def _lock(interaction: discord.Interaction) -> asyncio.Lock:
    return _LOCKS.setdefault(interaction.id, asyncio.Lock())


async def run(
    interaction: discord.Interaction, handler: Callable[..., Awaitable[None]], *args: Any
) -> None:
    """Run a handler so that the interaction always gets an answer, and in time."""
    work = asyncio.ensure_future(handler(interaction, *args))
    try:
        done, _ = await asyncio.wait({work}, timeout=ANSWER_WITHIN)
        if not done:
            try:
                await defer(interaction)
            except discord.HTTPException:
                log.warning("interaction %s could not be acknowledged in time", interaction.id)
        await work
    except Refusal as refusal:
        await refuse(interaction, refusal)
    except StorageBusy:
        await answer(interaction, say(user_tr(interaction), "busy_storage"))
    except StorageError:
        await answer(interaction, say(user_tr(interaction), "storage"))
    except (Crash, asyncio.CancelledError):
        work.cancel()
        raise
    except Exception:
        log.exception("interaction %s failed", interaction.id)
        await answer(interaction, say(user_tr(interaction), "storage"))
    finally:
        _LOCKS.pop(interaction.id, None)


def on_message(interaction: discord.Interaction) -> bool:
    """Whether the interaction came from a message's component: a button or menu, or a box
    that one opened (its answer may edit that message)."""
    kind = interaction.type
    if kind is discord.InteractionType.component:
        return True
    return kind is discord.InteractionType.modal_submit and interaction.message is not None


async def defer(interaction: discord.Interaction, ephemeral: bool = True) -> None:
    """Acknowledge now, answer later: a button's message stays as it is until edited, a
    command shows "thinking…" to its user alone. Nothing if already answered."""
    async with _lock(interaction):
        if interaction.response.is_done():
            return
        if on_message(interaction):
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def edit(interaction: discord.Interaction, **fields: Any) -> None:
    """Replace the message the button is on (or, for a command, its answer)."""
    async with _lock(interaction):
        if interaction.response.is_done():
            await interaction.edit_original_response(**fields)
        elif on_message(interaction):
            await interaction.response.edit_message(**fields)
        else:
            await interaction.response.send_message(ephemeral=True, **fields)


async def reply(interaction: discord.Interaction, **fields: Any) -> discord.Message | None:
    """A private message to the user: the response, or a followup once the response is used
    (then the sent message is returned, to be edited later)."""
    async with _lock(interaction):
        if interaction.response.is_done():
            sent: discord.Message = await interaction.followup.send(
                ephemeral=True, wait=True, **fields
            )
            return sent
        await interaction.response.send_message(ephemeral=True, **fields)
        return None


async def modal(interaction: discord.Interaction, box: discord.ui.Modal) -> None:
    """A box for the user to fill in, as the first answer (a box cannot follow another
    answer: if one was given already, the user is asked to click again)."""
    async with _lock(interaction):
        if not interaction.response.is_done():
            await interaction.response.send_modal(box)
            return
    await answer(interaction, say(user_tr(interaction), "busy"))


async def answer(interaction: discord.Interaction, text: str, **extra: Any) -> None:
    """An ephemeral sentence: the response, or a followup once the response is used."""
    with contextlib.suppress(discord.HTTPException):
        await reply(interaction, content=text, **extra)


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


async def send(interaction: discord.Interaction, drawn: Drawn) -> discord.Message | None:
    """A private panel as the interaction's answer."""
    return await reply(interaction, **drawn.send())
