"""Showing what changed, for every game: the board edited in place, a public message per step
(a roll, an auction), pings for the players who must act, the final scores. Uses the bot
token (REST), never an old interaction token, so it works hours later and after restarts.

Public messages speak the table's language (the server's, kept with the table).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord

from bot import challenge
from bot.faults import crash_point
from bot.fronts import get_front
from bot.fronts.base import Ctx, Front, Panel, SeatInfo
from bot.i18n import Tr, translator
from bot.service import Outcome, TableService
from bot.storage import GameRow
from bot.words import say
from cogs.panels import Drawn, board_view, draw_public, embed_of
from engine.core.events import Event
from engine.core.game import AnyGame

log = logging.getLogger(__name__)

FORGET_AFTER = 120.0
"""Seconds a finished game's published version is remembered."""
ENDED = 2**62
"""The version an ended game is shown at: newer than any outcome."""
RECONCILE_WINDOW = 86400.0
"""At startup, games that ended this recently still get their missing messages."""


@dataclass(frozen=True)
class Shown:
    """The messages that show one game, the version they show, and what they say (so an
    unchanged message is not edited again)."""

    board_id: int | None
    step_id: int | None
    version: int
    board_key: str = ""
    step_key: str = ""
    step_content: str = ""
    lobby_closed: bool = False


def _key(drawn: Drawn) -> str:
    """What a message would show, as one comparable string."""
    view = drawn.view.to_components() if drawn.view is not None else None
    image = len(drawn.image) if drawn.image is not None else None
    return json.dumps([drawn.embed.to_dict(), view, image], sort_keys=True, default=str)


def seat_infos(row: GameRow, tr: Tr) -> list[SeatInfo]:
    return [
        SeatInfo(
            say(tr, "autopilot_suffix", name=s.name) if s.autopilot else s.name,
            ai=s.is_ai,
            autopilot=s.autopilot,
        )
        for s in row.seats
    ]


def recent_events(row: GameRow) -> list[Event]:
    events = []
    for data in row.recent:
        try:
            events.append(Event.from_json(data))
        except ValueError:
            continue
    return events


class Presenter:
    """Publishes one game at a time: a lock per game keeps two outcomes of the same game from
    editing its messages at once. An outcome older than what is shown changes nothing, and
    one with a newer outcome already queued leaves the edits to that one (a new step's
    message is still posted, so the channel keeps every roll). Notices and pings are always
    sent. Message ids and the version shown are written with `set_messages`, which no game
    save can undo."""

    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service
        self._locks: dict[int, asyncio.Lock] = {}
        self._shown: dict[int, Shown] = {}
        self._newest: dict[int, int] = {}

    # --- helpers -------------------------------------------------------------------------------

    def shown_step_key(self, game_id: int) -> str | None:
        """The step the public step message shows now, if this process knows it."""
        shown = self._shown.get(game_id)
        return shown.step_key if shown is not None else None

    def channel(self, row: GameRow) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)

    def lobby_channel(self, row: GameRow) -> discord.PartialMessageable:
        where = row.parent_id if row.parent_id and row.lobby_message_id else row.channel_id
        return self.client.get_partial_messageable(where, guild_id=row.guild_id)

    def context(
        self, row: GameRow, rules: AnyGame, state: Any, front: Front[Any], reader: int | None
    ) -> Ctx:
        """A public (or one seat's) context in the table's language."""
        tr = translator(row.locale, front.domain)
        waiting = rules.to_act(state) if state is not None else []
        recent = [e for e in recent_events(row) if e.visible(reader)]
        return Ctx(seat_infos(row, tr.domain_of("table")), tr, waiting, reader, recent)

    @contextlib.asynccontextmanager
    async def _game(self, row: GameRow, done: bool = False) -> AsyncIterator[Shown]:
        """Hold the game's lock; yields what is shown now (from the row after a restart)."""
        self._newest[row.id] = max(self._newest.get(row.id, -1), row.version)
        async with self._locks.setdefault(row.id, asyncio.Lock()):
            # A table with no board yet has shown nothing of its game.
            shown = row.shown_version if row.board_message_id else -1
            yield self._shown.get(row.id) or Shown(
                row.board_message_id, row.step_message_id, shown, step_key=row.step_key
            )
        if done:
            # Kept a while so that an older outcome still queued cannot bring back the
            # buttons; then dropped, so memory does not grow with the games that ended.
            loop = asyncio.get_running_loop()
            loop.call_later(FORGET_AFTER, self._forget, row.id)

    def _forget(self, game_id: int) -> None:
        self._shown.pop(game_id, None)
        self._locks.pop(game_id, None)
        self._newest.pop(game_id, None)

    # --- the lobby -------------------------------------------------------------------------------

    def lobby(self, row: GameRow, tr: Tr) -> Drawn:
        """The lobby message: seats, options, and (while open) its buttons."""
        from cogs.lobby import lobby_drawn

        return lobby_drawn(row, tr)

    async def show_lobby(self, row: GameRow) -> None:
        """Edit (or post) the lobby message to show `row`."""
        tr = translator(row.locale, "table")
        drawn = self.lobby(row, tr)
        channel = self.lobby_channel(row)
        message_id = await self._edit_or_post(channel, row.lobby_message_id, drawn)
        await self.service.set_messages(row, lobby=message_id)

    # --- publishing an outcome ----------------------------------------------------------------

    async def publish(self, outcome: Outcome, step_edited: bool = False) -> None:
        """Bring the channel up to date with an outcome. `step_edited`: the click's own
        response already showed the new public step."""
        row, state = outcome.row, outcome.state
        if state is None:
            return
        rules = self.service.game(row.game)
        front = get_front(row.game)
        ctx = self.context(row, rules, state, front, None)
        view = rules.view(state, None)
        ttr = ctx.tr.domain_of("table")
        done = outcome.finished or outcome.ended
        async with self._game(row, done=done) as shown:
            channel = self.channel(row)
            queued = row.version < self._newest[row.id]
            step = None if done else front.public_step(view, ctx)
            new_step = step is not None and step.key != shown.step_key
            if row.version > shown.version and (not queued or new_step):
                token = rules.token(state, None)
                shown = await self._table(row, front, view, ctx, shown, step, token, step_edited)
                self._shown[row.id] = shown
                await self.service.set_messages(
                    row, True, shown.step_key, board=shown.board_id, step=shown.step_id
                )
            if not shown.lobby_closed and row.lobby_message_id and row.status != "lobby":
                await self._close_lobby(row, ttr)
                shown = dataclasses.replace(self._shown.get(row.id, shown), lobby_closed=True)
                self._shown[row.id] = shown
            if outcome.notice:
                key, fields = outcome.notice
                await channel.send(say(ttr, key, **fields))
            if outcome.finished:
                await self._final(outcome, rules, front, ctx)
            elif outcome.ping:
                await self._your_turn(row, rules, front, state, ctx, outcome.ping)
            elif outcome.last_one is not None:
                await self.ping(row, [outcome.last_one], "last_one")

    async def _your_turn(
        self,
        row: GameRow,
        rules: AnyGame,
        front: Front[Any],
        state: Any,
        ctx: Ctx,
        users: list[int],
    ) -> None:
        """One ping per user with a new decision, saying what it is."""
        owed: dict[str, list[int]] = {}
        for user in users:
            seat = row.seat_of(user)
            if seat is not None:
                what = front.owed(rules.view(state, seat), seat, ctx)
                owed.setdefault(what, []).append(user)
        for what, group in owed.items():
            await self.ping(row, group, "your_turn", game=front.title(ctx.tr), what=what)

    async def _table(
        self,
        row: GameRow,
        front: Front[Any],
        view: Any,
        ctx: Ctx,
        shown: Shown,
        step: Panel | None,
        token: str,
        step_edited: bool,
    ) -> Shown:
        """Edit (or post) the board and the step message to show the row's version."""
        channel = self.channel(row)
        ttr = ctx.tr.domain_of("table")
        over = row.status != "active"
        board_panel = front.board(view, ctx)
        board = Drawn(
            embed_of(board_panel), None if over else board_view(row.id, ttr), board_panel.image
        )
        board_id = shown.board_id
        board_key = _key(board)
        if board_key != shown.board_key or board_id is None:
            board_id = await self._edit_or_post(channel, board_id, board)
            if board_id != shown.board_id:  # a new message: remember it at once
                await self.service.set_messages(row, shown=False, board=board_id)
        crash_point("board_shown")
        step_id, step_key, content = shown.step_id, shown.step_key, shown.step_content
        if step is None:
            if step_id and step_key:
                await self._strip(channel, step_id)
            step_key, content = "", ""
        else:
            drawn = draw_public(step, row.id, token, ttr)
            new_content = _key(drawn)
            if step.key != shown.step_key:
                if step_id and shown.step_key:
                    await self._strip(channel, step_id)
                step_id = (await channel.send(**drawn.send())).id
                await self.service.set_messages(row, False, step.key, step=step_id)
            elif not step_edited and new_content != content and step_id:
                step_id = await self._edit_or_post(channel, step_id, drawn)
            step_key, content = step.key, new_content
        return Shown(
            board_id, step_id, row.version, board_key, step_key, content, shown.lobby_closed
        )

    async def _close_lobby(self, row: GameRow, tr: Tr) -> None:
        """Once a game has started or ended, its lobby message loses its buttons."""
        if row.status == "lobby" or row.lobby_message_id is None:
            return
        with contextlib.suppress(discord.HTTPException):
            channel = self.lobby_channel(row)
            await channel.get_partial_message(row.lobby_message_id).edit(
                **self.lobby(row, tr).edit()
            )

    async def _final(self, outcome: Outcome, rules: AnyGame, front: Front[Any], ctx: Ctx) -> None:
        row = outcome.row
        channel = self.channel(row)
        result = outcome.result or rules.result(outcome.state)
        panel = front.final(result, rules.view(outcome.state, None), ctx)
        drawn = Drawn(embed_of(panel), None, panel.image)
        humans = [s.user_id for s in row.seats if s.user_id is not None]
        mentions = " ".join(f"<@{u}>" for u in humans)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in humans]
        )
        await channel.send(content=mentions or None, allowed_mentions=allowed, **drawn.send())
        if row.options.challenge_day:
            await self._challenge_result(outcome, front, ctx)

    async def _challenge_result(self, outcome: Outcome, front: Front[Any], ctx: Ctx) -> None:
        """Tell the channel where the player started: score and title, no spoilers."""
        row = outcome.row
        ttr = ctx.tr.domain_of("table")
        if outcome.result is None:
            await self.channel(row).send(say(ttr, "challenge_unverified"))
            return
        if row.parent_id and row.options.challenge_day:
            from datetime import date

            number = challenge.number(date.fromisoformat(row.options.challenge_day))
            share = front.share(outcome.result, number, ctx)
            text = say(ttr, "challenge_result", mention=f"<@{row.host_id}>", share=share)
            where = self.client.get_partial_messageable(row.parent_id, guild_id=row.guild_id)
            await where.send(text, allowed_mentions=discord.AllowedMentions.none())

    async def ping(self, row: GameRow, users: list[int], key: str, **fields: Any) -> None:
        """Mention exactly these users, and nobody else (DESIGN: pings)."""
        if not users:
            return
        tr = translator(row.locale, "table")
        mentions = " ".join(f"<@{u}>" for u in users)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in users]
        )
        await self.channel(row).send(
            say(tr, key, mentions=mentions, **fields), allowed_mentions=allowed
        )

    async def post_board(self, row: GameRow, state: Any) -> None:
        """Post the board again at the bottom of the channel (/table board)."""
        rules = self.service.game(row.game)
        front = get_front(row.game)
        ctx = self.context(row, rules, state, front, None)
        ttr = ctx.tr.domain_of("table")
        over = rules.is_over(state) or row.status != "active"
        async with self._game(row, done=over) as shown:
            channel = self.channel(row)
            if shown.board_id:
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(shown.board_id).delete()
            panel = front.board(rules.view(state, None), ctx)
            drawn = Drawn(embed_of(panel), None if over else board_view(row.id, ttr), panel.image)
            message = await channel.send(**drawn.send())
            new = Shown(
                message.id,
                shown.step_id,
                max(shown.version, row.version),
                _key(drawn),
                shown.step_key,
                shown.step_content,
                shown.lobby_closed,
            )
            self._shown[row.id] = new
            await self.service.set_messages(row, board=message.id)

    async def close(self, outcome: Outcome, by: str) -> None:
        """A game ended early: standings on the board, no buttons left, and a notice."""
        row = outcome.row
        async with self._game(row, done=True) as shown:
            channel = self.channel(row)
            tr = translator(row.locale, "table")
            if outcome.state is not None:
                rules = self.service.game(row.game)
                front = get_front(row.game)
                ctx = self.context(row, rules, outcome.state, front, None)
                ctx = Ctx(ctx.seats, ctx.tr, (), None, ctx.recent)
                panel = front.board(rules.view(outcome.state, None), ctx)
                drawn = Drawn(embed_of(panel), None, panel.image)
                if shown.board_id:
                    await self._edit_or_post(channel, shown.board_id, drawn)
            if shown.step_id:
                await self._strip(channel, shown.step_id)
            await channel.send(say(tr, "ended", name=by))
            if row.lobby_message_id and row.state is None:
                await self._close_lobby(row, tr)
            # Whatever outcome is still queued, it must not put the buttons back.
            self._shown[row.id] = Shown(shown.board_id, shown.step_id, ENDED)
            await self.service.set_messages(row)

    async def reconcile(self, now: float) -> int:
        """At startup: every table whose messages are behind its state (a crash between a
        save and its messages) gets them published now."""
        count = 0
        # Each process repairs only its own shards' tables; the others repair theirs.
        for row in await self.service.repo.unshown(now - RECONCILE_WINDOW, self.service.shards):
            try:
                await self._republish(row)
                count += 1
            except Exception:
                log.exception("game %s: could not republish its messages", row.id)
        return count

    async def _republish(self, row: GameRow) -> None:
        if row.status == "lobby" or (row.status == "cancelled" and row.state is None):
            await self.show_lobby(row)
            return
        rules = self.service.game(row.game)
        state = rules.load_state(row.state or "")
        if row.status == "cancelled":
            await self.close(Outcome(row, state, ended=True), "—")
            return
        result = None
        finished = rules.is_over(state)
        if finished:
            verified = await self.service.verified_results(row, rules, state)
            result = verified[0] if verified else None
        await self.publish(Outcome(row, state, finished=finished, result=result))

    # --- low level -------------------------------------------------------------------------------

    async def _edit_or_post(
        self, channel: discord.PartialMessageable, message_id: int | None, drawn: Drawn
    ) -> int:
        if message_id:
            try:
                await channel.get_partial_message(message_id).edit(**drawn.edit())
                return message_id
            except discord.NotFound:
                pass  # someone deleted it: post a new one below
        message = await channel.send(**drawn.send())
        return message.id

    async def _strip(self, channel: discord.PartialMessageable, message_id: int) -> None:
        # Deleted or too old to edit: nothing to strip.
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).edit(view=None)
