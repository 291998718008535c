"""Answers owed to commands acknowledged before slow work ("thinking…"): a crash between the
acknowledgement and the answer would leave the person looking at "thinking…" until Discord
gives up. Each such command records its interaction's token first; at startup every answer
still owed is sent, once, while the token is valid (15 minutes), saying what became of the
work: the table it made, or that nothing was done."""

from __future__ import annotations

import logging
from datetime import date

import discord
from discord.webhook.async_ import async_context

from bot import challenge
from bot.i18n import translator
from bot.service import TableService
from bot.storage import OwedAnswer
from bot.words import say

log = logging.getLogger(__name__)

TOKEN_LIFE = 15 * 60.0
"""Seconds an interaction's token can edit its answer."""
SESSION = "_HTTPClient__session"
"""Where discord.py's HTTP client keeps its session (its `Interaction` reads it the same way)."""
MARGIN = 30.0
"""Seconds short of that at which an owed answer is given up (it would not arrive in time)."""


async def answer_owed(client: discord.Client, service: TableService, now: float) -> int:
    """Send every answer still owed that can still be sent; forget the rest. How many sent."""
    sent = 0
    application_id = client.application_id
    for owed in await service.owed_answers():
        if application_id is not None and now - owed.asked_at < TOKEN_LIFE - MARGIN:
            text = await _what_became(service, owed)
            try:
                await _edit_original(client, application_id, owed.token, text)
                sent += 1
            except discord.HTTPException as exc:
                log.warning("an owed answer could not be sent (%s)", exc.status)
        await service.answered(owed.token)
    return sent


async def _edit_original(
    client: discord.Client, application_id: int, token: str, text: str
) -> None:
    """Edit an interaction's answer from its token alone, by the route discord.py's own
    `Interaction.edit_original_response` takes (``…/messages/@original``; `Webhook.edit_message`
    would quote the ``@``)."""
    http = client.http
    adapter = async_context.get()
    await adapter.edit_original_interaction_response(
        application_id,
        token,
        session=getattr(http, SESSION),
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        payload={"content": text},
    )


async def _what_became(service: TableService, owed: OwedAnswer) -> str:
    tr = translator(owed.locale, "table")
    if owed.game_id is None:
        return say(tr, "owed_nothing_done")
    row = (await service.load_any(owed.game_id)).row
    where = f"<#{row.channel_id}>" if row.guild_id is not None else say(tr, "your_dms")
    if row.options.challenge_day:
        number = challenge.number(date.fromisoformat(row.options.challenge_day))
        return say(tr, "challenge_started", number=number, channel=where)
    return say(tr, "opened_here", channel=where)
