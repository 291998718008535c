"""Showing what changed: the board message edited in place, a public roll message per draft,
pings for the players who must act, the final scores. Uses the bot token (REST), never an old
interaction token, so it works hours later and after restarts."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord

from bot.catalog import say
from bot.embeds import board_embed, final_embed, roll_text
from bot.service import Outcome, TableService
from bot.storage import GameRow
from cogs.views import board_view, dice_view
from engine.fleet_dice.state import FleetState

log = logging.getLogger(__name__)

FORGET_AFTER = 120.0
"""Seconds a finished game's published version is remembered."""
ENDED = 2**62
"""The version an ended game is shown at: newer than any outcome."""


@dataclass(frozen=True)
class Shown:
    """The messages that show one game, the game version they show, and what they say (so an
    unchanged message is not edited again)."""

    board_id: int | None
    roll_id: int | None
    version: int
    board_key: str = ""
    roll_key: str = ""


def _key(view: discord.ui.View | None, **fields: Any) -> str:
    """What a message would show, as one comparable string."""
    shown = {k: v.to_dict() if isinstance(v, discord.Embed) else v for k, v in fields.items()}
    shown["components"] = view.to_components() if view is not None else None
    return json.dumps(shown, sort_keys=True, default=str)


class Presenter:
    """Publishes one game at a time: a lock per game keeps two outcomes of the same game from
    editing its messages at once. An outcome older than what is shown changes no board or
    roll, and one with a newer outcome already queued leaves them to that one: under load the
    edits coalesce and the messages always end on the newest state. Notices and pings are
    always sent. A message whose content would not change is not edited. Message ids are
    cached per active game and written with `set_messages`, which no game save can undo."""

    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service
        self._locks: dict[int, asyncio.Lock] = {}
        self._shown: dict[int, Shown] = {}
        self._newest: dict[int, int] = {}

    def channel(self, row: GameRow) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)

    @contextlib.asynccontextmanager
    async def _game(self, row: GameRow, done: bool = False) -> AsyncIterator[Shown]:
        """Hold the game's lock; yields what is shown now (from the row after a restart)."""
        self._newest[row.id] = max(self._newest.get(row.id, -1), row.version)
        async with self._locks.setdefault(row.id, asyncio.Lock()):
            yield self._shown.get(row.id) or Shown(row.board_message_id, row.roll_message_id, -1)
        if done:
            # Kept a while so that an older outcome still queued cannot bring back the
            # buttons; then dropped, so memory does not grow with the games that ended.
            loop = asyncio.get_running_loop()
            loop.call_later(FORGET_AFTER, self._forget, row.id)

    def _forget(self, game_id: int) -> None:
        self._shown.pop(game_id, None)
        self._locks.pop(game_id, None)
        self._newest.pop(game_id, None)

    async def _show(self, row: GameRow, old: Shown, new: Shown) -> None:
        self._shown[row.id] = new
        if (new.board_id, new.roll_id) != (old.board_id, old.roll_id):
            await self.service.set_messages(row.id, new.board_id, new.roll_id)

    async def publish(self, outcome: Outcome, roll_edited: bool = False) -> None:
        """Bring the channel up to date with an outcome."""
        row, state = outcome.row, outcome.state
        if state is None:
            return
        async with self._game(row, done=outcome.finished) as shown:
            channel = self.channel(row)
            queued = row.version < self._newest[row.id]
            # A newer outcome is queued: it will edit the messages. A new draft's roll is
            # still posted in its turn, so the channel keeps every roll of the game.
            if row.version > shown.version and (not queued or outcome.new_roll):
                new_roll = outcome.new_roll and not outcome.finished
                await self._show(
                    row, shown, await self._table(outcome, shown, new_roll, roll_edited)
                )
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

    async def _table(
        self, outcome: Outcome, shown: Shown, new_roll: bool, roll_edited: bool
    ) -> Shown:
        """Edit (or post) the board and the roll message to show the outcome."""
        row, state = outcome.row, outcome.state
        assert state is not None
        channel = self.channel(row)
        board_id, roll_id, roll_key = shown.board_id, shown.roll_id, shown.roll_key
        embed = board_embed(self.service.game, row, state)
        view = None if outcome.finished else board_view(row)
        board_key = _key(view, embed=embed)
        if board_key != shown.board_key or board_id is None:
            board_id = await self._edit_or_post(channel, board_id, embed=embed, view=view)
        text = roll_text(state, row)
        if new_roll:
            if roll_id:
                await self._strip(channel, roll_id)
            dice = dice_view(row, state)
            roll_id = (await channel.send(text, view=dice)).id
            roll_key = _key(dice, content=text)
        elif roll_edited:  # the die click's own response showed this
            roll_key = _key(None if outcome.finished else dice_view(row, state), content=text)
        elif roll_id:
            dice = None if outcome.finished else dice_view(row, state)
            key = _key(dice, content=text)
            if key != roll_key:
                roll_id = await self._edit_or_post(channel, roll_id, content=text, view=dice)
                roll_key = key
        return Shown(board_id, roll_id, row.version, board_key, roll_key)

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
        async with self._game(row, done=state.phase == "over") as shown:
            channel = self.channel(row)
            if shown.board_id:
                await self._strip(channel, shown.board_id)
            message = await channel.send(
                embed=board_embed(self.service.game, row, state),
                view=None if state.phase == "over" else board_view(row),
            )
            await self._show(row, shown, Shown(message.id, shown.roll_id, row.version))

    async def close(self, row: GameRow, notice: str) -> None:
        """A game ended early: take the buttons off its messages and say so."""
        async with self._game(row, done=True) as shown:
            channel = self.channel(row)
            for message_id in (shown.board_id, shown.roll_id):
                if message_id:
                    await self._strip(channel, message_id)
            await channel.send(notice)
            # Whatever outcome is still queued, it must not put the buttons back.
            self._shown[row.id] = Shown(shown.board_id, shown.roll_id, ENDED)

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
