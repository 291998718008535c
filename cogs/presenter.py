"""Showing what changed: the board message edited in place, a public roll message per draft,
pings for the players who must act, the final scores. Uses the bot token (REST), never an old
interaction token, so it works hours later and after restarts."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.catalog import say
from bot.embeds import board_embed, final_embed, roll_text
from bot.service import Outcome, Refusal, TableService
from bot.storage import GameRow
from cogs.views import board_view, dice_view
from engine.fleet_dice.state import FleetState

log = logging.getLogger(__name__)


class Presenter:
    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service

    def channel(self, row: GameRow) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)

    async def publish(self, outcome: Outcome, roll_edited: bool = False) -> None:
        """Bring the channel up to date with an outcome."""
        row, state = outcome.row, outcome.state
        if state is None:
            return
        channel = self.channel(row)
        board_id, roll_id = row.board_message_id, row.roll_message_id
        board_id = await self._edit_or_post(
            channel,
            board_id,
            embed=board_embed(self.service.game, row, state),
            view=None if outcome.finished else board_view(row),
        )
        if outcome.new_roll and not outcome.finished:
            if roll_id:
                await self._strip(channel, roll_id)
            roll = await channel.send(roll_text(state, row), view=dice_view(row, state))
            roll_id = roll.id
        elif roll_id and not roll_edited:
            view = None if outcome.finished else dice_view(row, state)
            await self._edit_or_post(channel, roll_id, content=roll_text(state, row), view=view)
        if outcome.notice:
            await channel.send(outcome.notice)
        if outcome.finished:
            await channel.send(embed=final_embed(self.service.game, row, state))
            if row.options.challenge_day:
                await self._challenge_result(row, outcome.share)
        elif outcome.ping:
            await self.ping(row, outcome.ping, "your_turn", what="your decision")
        elif outcome.last_one is not None:
            await self.ping(row, [outcome.last_one], "last_one")
        if (board_id, roll_id) != (row.board_message_id, row.roll_message_id):
            await self.remember(row, board_id, roll_id)

    async def _challenge_result(self, row: GameRow, share: str | None) -> None:
        """Tell the channel where the player started: score and title, no spoilers."""
        if share is None:
            await self.channel(row).send(say("challenge_unverified"))
            return
        if row.parent_id:
            text = say("challenge_result", mention=f"<@{row.host_id}>", share=share)
            where = self.client.get_partial_messageable(row.parent_id, guild_id=row.guild_id)
            await where.send(text, allowed_mentions=discord.AllowedMentions.none())

    async def ping(self, row: GameRow, users: list[int], key: str, **fields: Any) -> None:
        """Mention exactly these users, and nobody else (DESIGN: pings)."""
        if not users:
            return
        mentions = " ".join(f"<@{u}>" for u in users)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in users]
        )
        await self.channel(row).send(
            say(key, mentions=mentions, **fields), allowed_mentions=allowed
        )

    async def post_board(self, row: GameRow, state: FleetState) -> None:
        """Post the board again at the bottom of the channel (/fleet board)."""
        channel = self.channel(row)
        if row.board_message_id:
            await self._strip(channel, row.board_message_id)
        message = await channel.send(
            embed=board_embed(self.service.game, row, state),
            view=None if state.phase == "over" else board_view(row),
        )
        await self.remember(row, message.id, row.roll_message_id)

    async def close(self, row: GameRow, notice: str) -> None:
        """A game ended early: take the buttons off its messages and say so."""
        channel = self.channel(row)
        for message_id in (row.board_message_id, row.roll_message_id):
            if message_id:
                await self._strip(channel, message_id)
        await channel.send(notice)

    async def remember(self, row: GameRow, board_id: int | None, roll_id: int | None) -> None:
        try:
            await self.service.set_messages(row.id, board_id, roll_id)
        except Refusal:
            log.warning("could not store message ids for game %s", row.id)

    async def _edit_or_post(
        self, channel: discord.PartialMessageable, message_id: int | None, **fields: Any
    ) -> int:
        if message_id:
            try:
                await channel.get_partial_message(message_id).edit(**fields)
                return message_id
            except discord.NotFound:
                pass  # someone deleted it: post a new one below
        message = await channel.send(**fields)
        return message.id

    async def _strip(self, channel: discord.PartialMessageable, message_id: int) -> None:
        # Deleted or too old to edit: nothing to strip.
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).edit(view=None)
