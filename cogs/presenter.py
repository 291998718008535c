"""Showing what changed, for every game: the public step message (a roll, an auction) and the
board, pings for the players who must act, the final scores. Uses the bot token (REST), never
an old interaction token, so it works hours later and after restarts. Public messages speak
the table's language (the server's, kept with the table).

Every public write goes through the channel's outbox (`cogs.outbox`): one request at a time,
edits of one message merged while an earlier write is under way, the pings that tell a player
it is their turn sent before the table's own edits. A publish decides what to show under the
game's lock and hands it to the outbox; it waits for the writes after the lock is released,
so the next outcome can already merge its edits into the queued ones.

Few and useful notifications: a player is pinged at most once per turn they are waited on,
with what they owe and an Act button; their previous notice is deleted; a player whose prompt
is open (they clicked in the last minutes) sees their next decision there instead of a ping.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import discord

from bot import challenge
from bot.faults import crash_point
from bot.fronts.base import Choice, Panel, Picture
from bot.i18n import Tr, translator
from bot.reading import Reading
from bot.refusals import Refusal
from bot.service import Outcome, TableService
from bot.storage import GameRow, RowHead
from bot.words import say
from cogs.ai_turns import AiTurns
from cogs.calls import Calls
from cogs.layout import look_of
from cogs.lobby import lobby_drawn
from cogs.outbox import Lane, Outbox
from cogs.owed import answer_owed
from cogs.panels import Drawn, act_button, board_view, draw_public, embed_of, items_view
from cogs.prompts import drawn_prompt, off_loop
from engine.core.errors import EngineError
from engine.core.game import AnyGame

log = logging.getLogger(__name__)

FORGET_AFTER = 120.0
"""Seconds a finished game's published version is remembered."""
ENDED = 2**62
"""The version an ended game is shown at: newer than any outcome."""
RECONCILE_WINDOW = 86400.0
"""At startup, games that ended this recently still get their missing messages."""
PROMPT_FRESH = 14 * 60.0
"""An open prompt can be edited for 15 minutes (its interaction token's life); a minute spare."""
IMAGES_KEPT = 4096
"""Messages whose picture this process remembers (to keep an unchanged one in place)."""
FINAL_LOOKBACK = 10
"""Messages looked through at startup for final scores posted just before a crash."""

Editor = Callable[..., Awaitable[Any]]
MessageId = int | asyncio.Future[int]
"""A message's id, or the id it will have once the outbox has posted it."""


@dataclass(frozen=True)
class Shown:
    """The messages that show one game, the version they show, and what they say (so an
    unchanged message is not edited again)."""

    board_id: MessageId | None
    step_id: MessageId | None
    version: int
    board_key: str = ""
    step_key: str = ""
    step_content: str = ""
    lobby_closed: bool = False


@dataclass
class OpenPrompt:
    """A prompt a player has open, and how to show them their next decision there."""

    edit: Editor
    locale: str | None
    opened: float
    image: str | None = None
    """The picture it shows now (`Drawn.image_key`), kept in place when unchanged."""
    seen: object = None
    """What it shows now (`Drawn.seen`): the same decision again is not sent (None: unknown)."""


@dataclass
class Writes:
    """What one publish queued, to wait for once the game's lock is released."""

    board: asyncio.Future[Any] | None = None
    board_drawn: Drawn | None = None
    board_posted: bool = False
    step_posted: asyncio.Future[int] | None = None
    others: list[asyncio.Future[Any]] = dataclasses.field(default_factory=list)
    tidy: list[asyncio.Future[Any]] = dataclasses.field(default_factory=list)
    """Steps that are over losing their buttons: sent after everything else the channel has
    to send, so not waited for before the new messages' ids are saved."""


def _key(drawn: Drawn) -> str:
    """What a message would show, as one comparable string (its content too: a step whose
    live status line alone changed, such as who has chosen at a clock, is edited)."""
    view = drawn.view.to_components() if drawn.view is not None else None
    parts = [drawn.embed.to_dict(), view, drawn.image_key, drawn.content]
    return json.dumps(parts, sort_keys=True, default=str)


async def _id(message: MessageId | None) -> int | None:
    """A message's id, once posted (None if it could not be)."""
    if message is None or isinstance(message, int):
        return message
    try:
        return await message
    except discord.HTTPException:
        return None


def _same(a: MessageId, b: MessageId) -> bool:
    """The same message: the same id, or the same post still under way."""
    return a is b or (isinstance(a, int) and isinstance(b, int) and a == b)


def _distinct(messages: list[MessageId]) -> list[MessageId]:
    out: list[MessageId] = []
    for m in messages:
        if not any(_same(m, o) for o in out):
            out.append(m)
    return out


class Presenter:
    """Publishes one game at a time: a lock per game keeps two outcomes of the same game from
    deciding its messages at once. An outcome older than what is shown changes nothing, and
    one with a newer outcome already queued leaves the edits to that one (a new step's
    message is still posted, so the channel keeps every roll). Message ids and the version
    shown are written with `set_messages`, which no game save can undo; a version is marked
    shown only once everything it sent has been sent."""

    def __init__(self, client: discord.Client, service: TableService, spacing: float = 0.0) -> None:
        self.client = client
        self.service = service
        self.spacing = spacing
        """Seconds between two edits of one public message (`cogs.outbox`)."""
        self._locks: dict[int, asyncio.Lock] = {}
        self._shown: dict[int, Shown] = {}
        self._newest: dict[int, int] = {}
        self._prompts: dict[tuple[int, int], OpenPrompt] = {}
        self._outboxes: dict[int, Outbox] = {}
        self._images: OrderedDict[int, str] = OrderedDict()
        """Message id → the picture it carries (`Drawn.image_key`)."""
        self.clock = service.clock
        """How old an open prompt is, by the same injected clock as the service."""
        self.calls = Calls(client, service, self.table_box, self._refresh_prompt)
        """Who is at the table, and calling those who are not."""
        self.ai = AiTurns(service, self.publish)
        """Strong AI seats' moves, thought out in the background and published here."""

    # --- helpers -------------------------------------------------------------------------------

    def shown_step_key(self, game_id: int) -> str | None:
        """The step the step message shows now, if this process knows it."""
        shown = self._shown.get(game_id)
        return shown.step_key if shown is not None else None

    def outbox(self, channel_id: int, guild_id: int | None) -> Outbox:
        box = self._outboxes.get(channel_id)
        if box is None:
            channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
            box = self._outboxes[channel_id] = Outbox(channel, self.spacing)
        return box

    def table_box(self, row: GameRow) -> Outbox:
        return self.outbox(row.channel_id, row.guild_id)

    def lobby_box(self, row: GameRow) -> Outbox:
        where = row.parent_id if row.parent_id and row.lobby_message_id else row.channel_id
        return self.outbox(where, row.guild_id)

    def reading(self, row: GameRow, rules: AnyGame, state: Any) -> Reading:
        """The public table (in the table's language)."""
        return Reading.of(row, rules, state, None, None)

    def prompt_opened(
        self,
        game_id: int,
        user_id: int,
        edit: Editor,
        locale: str | None,
        drawn: Drawn | None = None,
    ) -> None:
        """A player has a prompt open (showing `drawn`, if known): their next decision can be
        shown there, and what it shows already is not sent again."""
        image, seen = (drawn.image_key, drawn.seen) if drawn is not None else (None, None)
        self._prompts[(game_id, user_id)] = OpenPrompt(edit, locale, self.clock(), image, seen)

    def newest_public(self, game_id: int) -> int | None:
        """The newest message known to show this table (its step message or board), if this
        process has shown it."""
        shown = self._shown.get(game_id)
        if shown is None:
            return None
        known = [m for m in (shown.step_id, shown.board_id) if isinstance(m, int)]
        return max(known) if known else None

    @contextlib.asynccontextmanager
    async def _game(self, row: GameRow, done: bool = False) -> AsyncIterator[Shown]:
        """Hold the game's lock; yields what is shown now (from the row after a restart)."""
        self._newest[row.id] = max(self._newest.get(row.id, -1), row.version)
        async with self._locks.setdefault(row.id, asyncio.Lock()):
            # A table with no board or step message yet has shown nothing of its game.
            shown = row.shown_version if row.board_message_id or row.step_message_id else -1
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
        for key in [k for k in self._prompts if k[0] == game_id]:
            self._prompts.pop(key, None)
        self.calls.forget(game_id)

    # --- writing -------------------------------------------------------------------------------

    def _post(self, box: Outbox, drawn: Drawn, lane: Lane = "table") -> asyncio.Future[int]:
        posted = box.post(lane, **drawn.send())
        if drawn.image is not None:
            posted.add_done_callback(lambda f: self._remember(f, drawn.image_key))
        return posted

    def _remember(self, posted: asyncio.Future[int], image: str) -> None:
        if posted.cancelled() or posted.exception() is not None:
            return
        self._images[posted.result()] = image
        while len(self._images) > IMAGES_KEPT:
            self._images.popitem(last=False)

    async def pictured(
        self, drawn: Drawn, message: MessageId | None = None, shown: str | None = None
    ) -> Drawn:
        """`drawn` with its picture drawn (in the drawing thread), unless `message` already
        shows it (or the message it goes to shows `shown`, a `Drawn.image_key`): a picture
        that only names what it shows is drawn only when sent."""
        if not isinstance(drawn.image, Picture):
            return drawn
        if isinstance(message, int) and self._images.get(message) == drawn.image_key:
            return drawn
        if shown is not None and shown == drawn.image_key:
            return drawn
        return dataclasses.replace(drawn, image=await off_loop(drawn.image.ready))

    def _edit(self, box: Outbox, message: MessageId, drawn: Drawn) -> asyncio.Future[None]:
        """Edit a message to show `drawn`; a picture it already carries stays where it is."""
        shown = self._images.get(message) if isinstance(message, int) else None
        edited = box.edit(message, **drawn.edit(shown_image=shown))
        if isinstance(message, int):
            self._images[message] = drawn.image_key
        return edited

    async def _edit_or_post(self, box: Outbox, message: MessageId | None, drawn: Drawn) -> int:
        """Edit the message, or post a new one if there is none (or it was deleted)."""
        if message is not None:
            try:
                await self._edit(box, message, drawn)
                known = await _id(message)
                if known is not None:
                    return known
            except discord.NotFound:
                pass  # someone deleted it: post a new one below
        return await self._post(box, drawn)

    # --- the lobby -------------------------------------------------------------------------------

    def lobby(self, row: GameRow, tr: Tr) -> Drawn:
        """The lobby message: seats, options, and (while open) its buttons."""
        return lobby_drawn(row, tr)

    async def show_lobby(self, row: GameRow) -> None:
        """Edit (or post) the lobby message to show `row`."""
        tr = translator(row.locale, "table")
        drawn = self.lobby(row, tr)
        message_id = await self._edit_or_post(self.lobby_box(row), row.lobby_message_id, drawn)
        await self.service.set_messages(row, lobby=message_id)

    # --- publishing an outcome ----------------------------------------------------------------

    async def publish(
        self, outcome: Outcome, step_edited: bool = False, again: bool = False
    ) -> None:
        """Bring the channel up to date with an outcome. `step_edited`: the click's own
        response already showed the new public step; `again`: published again at startup (a
        crash came between some of its writes and marking them shown)."""
        row, state = outcome.row, outcome.state
        if state is None:
            return
        try:
            await self._publish(outcome, step_edited, again)
        finally:
            if outcome.thinking:
                self.ai.kick(row.id)  # after this outcome's messages: the AI moves next

    async def _publish(self, outcome: Outcome, step_edited: bool, again: bool) -> None:
        row, state = outcome.row, outcome.state
        if outcome.stalled is not None:
            tr = translator(row.locale, "table")
            moves = tr.number(outcome.stalled)
            await self.close(outcome, "—", say(tr, "stalled", moves=moves))
            return
        rules = self.service.game(row.game)
        public = self.reading(row, rules, state)
        ttr = public.tr.domain_of("table")
        done = outcome.finished or outcome.ended
        box = self.table_box(row)
        writes = Writes()
        async with self._game(row, done=done) as shown:
            queued = row.version < self._newest[row.id]
            if not outcome.finished:
                await self.calls.after(row, public, outcome.actor, again)
            step = None if done else public.public_step()
            new_step = step is not None and step.key != shown.step_key
            table_due = row.version > shown.version and (not queued or new_step)
            if table_due:
                shown = await self._table(row, public, shown, step, step_edited, writes)
                self._shown[row.id] = shown
            if not shown.lobby_closed and row.lobby_message_id and row.status != "lobby":
                writes.others.append(self._close_lobby(row, ttr))
                shown = dataclasses.replace(self._shown.get(row.id, shown), lobby_closed=True)
                self._shown[row.id] = shown
            if outcome.notice:
                key, fields = outcome.notice
                writes.others.append(box.post(content=say(ttr, key, **fields)))
            if outcome.taken_back is not None:
                line = public.taken_back(outcome.taken_back)
                writes.others.append(box.post(content=line[:2000]))
        await self._settle(row, shown, writes, table_due and not outcome.finished)
        if outcome.taken_back is not None:
            await self._release_prompts(row, public, outcome.actor)
        if outcome.finished and table_due:
            if row.lobby_message_id:  # its title says the game is over
                with contextlib.suppress(discord.HTTPException):
                    await self._close_lobby(row, ttr)
            await self._final(outcome, public, again)
            await self.calls.clear(row)
            crash_point("final_shown")
            await self.service.set_messages(row, True, shown.step_key)

    async def _settle(self, row: GameRow, shown: Shown, writes: Writes, mark: bool) -> None:
        """Wait for one publish's writes; remember where new messages are, and (with `mark`)
        that the table shows `row.version`."""
        board_id = await _id(shown.board_id) if writes.board_posted else None
        step_id = await _id(writes.step_posted) if writes.step_posted else None
        if writes.board is not None:
            try:
                await writes.board
            except discord.NotFound:
                board_id = await self._board_again(row, writes)
            except discord.HTTPException:
                pass
        for future in writes.others:
            with contextlib.suppress(discord.HTTPException):
                await future
        ids: dict[str, int | None] = {"board": board_id} if board_id else {}
        if step_id is not None:
            ids["step"] = step_id
        if mark:
            ids = {"board": await _id(shown.board_id), "step": await _id(shown.step_id), **ids}
            await self.service.set_messages(row, True, shown.step_key, **ids)
        elif ids:
            await self.service.set_messages(row, False, shown.step_key, **ids)
        for future in writes.tidy:
            with contextlib.suppress(discord.HTTPException):
                await future

    async def _board_again(self, row: GameRow, writes: Writes) -> int | None:
        """The board was deleted (by a moderator, say): post it anew at the bottom."""
        assert writes.board_drawn is not None
        posted = self._post(self.table_box(row), writes.board_drawn)
        shown = self._shown.get(row.id)
        if shown is not None:
            self._shown[row.id] = dataclasses.replace(shown, board_id=posted)
        return await _id(posted)

    async def _release_prompts(self, row: GameRow, public: Reading, actor: int | None) -> None:
        """After a take-back, people the table no longer waits for (the decision taken back
        had passed the turn to them) see so in the prompt they have open, whose buttons
        would only be stale now."""
        waiting = {w.user_id for w in row.waits}
        for seat, sitting in enumerate(row.seats):
            user = sitting.user_id
            if user is not None and user != actor and user not in waiting:
                await self._refresh_prompt(row, public, seat, user)

    async def _refresh_prompt(self, row: GameRow, public: Reading, seat: int, user: int) -> bool:
        """Show a user their new decision in the prompt they have open; False if none is
        (or it can no longer be edited)."""
        open_prompt = self._prompts.get((row.id, user))
        if open_prompt is None or self.clock() - open_prompt.opened > PROMPT_FRESH:
            return False
        reading = Reading.of(row, public.game, public.state, seat, open_prompt.locale)
        undo = await self.service.undo_offer(row, user)
        look = look_of(self.client, row.game)
        # Built here: a prompt is words and names its picture; only a picture the prompt
        # does not show yet is drawn, in the drawing thread.
        prompt = reading.prompt()
        tr = reading.tr.domain_of("table")
        drawn, _ = drawn_prompt(prompt, tr, row.id, undo, look)
        if drawn.seen == open_prompt.seen:
            return True  # it shows this decision already
        drawn = await self.pictured(drawn, shown=open_prompt.image)
        try:
            await open_prompt.edit(**drawn.edit(shown_image=open_prompt.image))
            open_prompt.image, open_prompt.seen = drawn.image_key, drawn.seen
        except discord.HTTPException:
            self._prompts.pop((row.id, user), None)
            return False
        return True

    async def _table(
        self,
        row: GameRow,
        public: Reading,
        shown: Shown,
        step: Panel | None,
        step_edited: bool,
        writes: Writes,
    ) -> Shown:
        """Queue the writes that make the board and the step message show the row's version."""
        box = self.table_box(row)
        ttr = public.tr.domain_of("table")
        board_id, board_key = shown.board_id, shown.board_key
        playing = row.status == "active"
        if public.front.board_message:
            panel = await off_loop(public.board)
            board = Drawn(
                embed_of(panel), board_view(row.id, ttr) if playing else None, panel.image
            )
            new_key = _key(board)
            if new_key != board_key or board_id is None:
                if board_id is None:
                    board_id = self._post(box, board)
                    writes.board_posted = True
                else:
                    writes.board = self._edit(box, board_id, board)
                    writes.board_drawn = board
                board_key = new_key
        crash_point("board_shown")
        step_id, step_key, content = shown.step_id, shown.step_key, shown.step_content
        if step is None:
            if step_id and step_key:
                writes.tidy.append(self._strip(box, step_id))
            step_key, content = "", ""
        else:
            drawn = draw_public(step, row.id, public.token, ttr)
            new_content = _key(drawn)
            if step.key != shown.step_key:
                # The new step first, then the old one loses its buttons: the table always
                # shows one Act button, even while a rate limit holds the second write back.
                passed = step_id if step_id and shown.step_key else None
                drawn = await self.pictured(drawn)
                step_id = writes.step_posted = self._post(box, drawn)
                if passed:
                    writes.tidy.append(self._strip(box, passed))
            elif new_content != content and step_id and (not step_edited or box.pending(step_id)):
                # Edited by the click's own answer, an older edit still queued would bring back
                # what it replaced: the queued one becomes this one.
                drawn = await self.pictured(drawn, step_id)
                writes.others.append(self._edit(box, step_id, drawn))
            step_key, content = step.key, new_content
        return Shown(
            board_id, step_id, row.version, board_key, step_key, content, shown.lobby_closed
        )

    def _close_lobby(self, row: GameRow, tr: Tr) -> asyncio.Future[None]:
        """Once a game has started or ended, its lobby message loses its buttons."""
        assert row.lobby_message_id is not None
        return self._edit(self.lobby_box(row), row.lobby_message_id, self.lobby(row, tr))

    async def _final(self, outcome: Outcome, public: Reading, again: bool = False) -> None:
        """The final scores, pinging every human seat once, with Play again (unless they were
        posted just before a crash)."""
        row = outcome.row
        box = self.table_box(row)
        panel = public.final(outcome.result)
        if row.options.challenge_day:
            panel = dataclasses.replace(panel, choices=())  # one attempt a day: no Play again
        ttr = public.tr.domain_of("table")
        replay = Choice(say(ttr, "replay"), None, emoji="⏯️", op="replay")
        panel = dataclasses.replace(panel, choices=[*panel.choices, replay])
        rated = await self._ratings(row, public)
        if rated:
            panel = dataclasses.replace(panel, fields=[*panel.fields, rated])
        drawn = draw_public(panel, row.id, "", public.tr.domain_of("table"))
        if not (again and await self._posted_since(row, drawn.embed.title or "")):
            humans = [s.user_id for s in row.seats if s.user_id is not None]
            mentions = " ".join(f"<@{u}>" for u in humans)
            # Everyone is named; the one whose own click ended the game is not notified.
            told = [u for u in humans if u != outcome.actor]
            allowed = discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in told]
            )
            await box.post(content=mentions or None, allowed_mentions=allowed, **drawn.send())
        crash_point("final_posted")
        if row.options.challenge_day:
            await self._challenge_result(outcome, public, again)

    async def _posted_since(self, row: GameRow, title: str) -> bool:
        """Whether the final scores were already posted after the last step message: asked
        when a finished game is published again at startup (its version not marked shown),
        so that a crash between posting them and marking them shown posts them once."""
        after = row.step_message_id or row.board_message_id
        return await self._said(
            row.channel_id, row.guild_id, after, lambda m: any(e.title == title for e in m.embeds)
        )

    async def _said(
        self,
        channel_id: int,
        guild_id: int | None,
        after: int | None,
        found: Callable[[discord.Message], bool],
    ) -> bool:
        """Whether one of the bot's last messages in a channel (newer than `after`) is one
        it would post now."""
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        me = getattr(self.client.user, "id", None)
        with contextlib.suppress(discord.HTTPException):
            async for message in channel.history(limit=FINAL_LOOKBACK):
                if after is not None and message.id <= after:
                    break
                if message.author.id == me and found(message):
                    return True
        return False

    async def _ratings(self, row: GameRow, public: Reading) -> tuple[str, list[str]] | None:
        """The final scores' ratings field: each player's new rating and what the game
        changed (``alice 1,512 (+18)``), in the table's language; None if it was not rated."""
        changes = await self.service.rating_changes(row)
        if not changes:
            return None
        ttr = public.tr.domain_of("table")
        names = {s.user_id: s.name for s in row.seats if s.user_id is not None}
        lines = [
            say(
                ttr,
                "rating_line",
                name=names.get(c.user_id, "?"),
                points=ttr.number(c.points),
                gain=("+" if c.gain >= 0 else "−") + ttr.number(abs(c.gain)),
            )
            for c in sorted(changes, key=lambda c: -c.points)
        ]
        return say(ttr, "ratings"), lines

    async def _challenge_result(self, outcome: Outcome, public: Reading, again: bool) -> None:
        """Tell the channel where the player started: score and title, no spoilers (once,
        also when published again after a crash)."""
        row = outcome.row
        ttr = public.tr.domain_of("table")
        if outcome.result is None:
            await self.table_box(row).post(content=say(ttr, "challenge_unverified"))
            return
        if row.parent_id and row.options.challenge_day:
            number = challenge.number(date.fromisoformat(row.options.challenge_day))
            share = public.share(outcome.result, number)
            text = say(ttr, "challenge_result", mention=f"<@{row.host_id}>", share=share)
            # Its replay would spoil the day's dice: it opens to others the next day (UTC).
            opens = datetime.combine(date.fromisoformat(row.options.challenge_day), time(), UTC)
            when = f"<t:{int((opens + timedelta(days=1)).timestamp())}:f>"
            text += "\n" + say(ttr, "challenge_replay", when=when, number=row.id)
            if again and await self._said(
                row.parent_id, row.guild_id, None, lambda m: m.content == text
            ):
                return
            await self.outbox(row.parent_id, row.guild_id).post(
                content=text, allowed_mentions=discord.AllowedMentions.none()
            )

    async def ping(self, row: GameRow, users: list[int], key: str, **fields: Any) -> None:
        """Mention exactly these users, and nobody else (DESIGN: pings)."""
        if not users:
            return
        tr = translator(row.locale, "table")
        mentions = " ".join(f"<@{u}>" for u in users)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in users]
        )
        await self.table_box(row).post(
            "notice",
            content=say(tr, key, len(users), mentions=mentions, **fields),
            allowed_mentions=allowed,
            view=items_view(act_button(row.id, tr)),
        )

    async def scheduled(self, outcome: Outcome) -> None:
        """A deadline's outcome: a half-time reminder pings whom the table waits for (with
        the deadline as a Discord time, which each reader sees in their own language), a
        default move is published like any other."""
        if outcome.reminder is not None:
            deadline = int(outcome.row.deadline_at or self.clock())
            await self.ping(outcome.row, outcome.ping, outcome.reminder, when=f"<t:{deadline}:R>")
            return
        await self.publish(outcome)

    async def post_board(self, row: GameRow, state: Any) -> None:
        """The table again at the bottom of the channel (/table board), the old copy removed:
        the board, or for a game whose step message is its table, that message."""
        public = self.reading(row, self.service.game(row.game), state)
        ttr = public.tr.domain_of("table")
        over = public.over()
        step = None if over or public.front.board_message else public.public_step()
        box = self.table_box(row)
        async with self._game(row, done=over) as shown:
            if step is not None:
                if shown.step_id:
                    self._delete(box, shown.step_id)
                drawn = await self.pictured(draw_public(step, row.id, public.token, ttr))
                posted = self._post(box, drawn)
                new = dataclasses.replace(
                    shown, step_id=posted, step_key=step.key, step_content=_key(drawn)
                )
                self._shown[row.id] = new
            else:
                if shown.board_id:
                    self._delete(box, shown.board_id)
                panel = public.board()
                drawn = Drawn(
                    embed_of(panel), None if over else board_view(row.id, ttr), panel.image
                )
                posted = self._post(box, drawn)
                new = dataclasses.replace(
                    shown,
                    board_id=posted,
                    board_key=_key(drawn),
                    version=max(shown.version, row.version),
                )
                self._shown[row.id] = new
        message_id = await posted
        ids = {"step": message_id} if step is not None else {"board": message_id}
        await self.service.set_messages(row, False, step.key if step else None, **ids)

    async def close(self, outcome: Outcome, by: str, reason: str | None = None) -> None:
        """A game ended early: its standings, no buttons left, and a notice (who ended it,
        or `reason`)."""
        row = outcome.row
        box = self.table_box(row)
        async with self._game(row, done=True) as shown:
            tr = translator(row.locale, "table")
            writes: list[asyncio.Future[Any]] = []
            if outcome.state is not None:
                public = self.reading(row, self.service.game(row.game), outcome.state)
                panel = public.board()
                drawn = Drawn(embed_of(panel), None, panel.image)
                if shown.board_id:
                    writes.append(self._edit(box, shown.board_id, drawn))
                else:
                    writes.append(self._post(box, drawn))
            if shown.step_id:
                writes.append(self._strip(box, shown.step_id))
            writes.append(box.post(content=reason or say(tr, "ended", name=by)))
            if row.lobby_message_id and row.state is None:
                writes.append(self._close_lobby(row, tr))
            # Whatever outcome is still queued, it must not put the buttons back.
            self._shown[row.id] = Shown(shown.board_id, shown.step_id, ENDED)
        for future in writes:
            with contextlib.suppress(discord.HTTPException):
                await future
        await self.calls.clear(row)
        await self.service.set_messages(row)

    async def close_damaged(self, head: RowHead, by: str) -> None:
        """A table closed because its saved data could not be read: its messages lose their
        buttons, and the channel is told."""
        box = self.outbox(head.channel_id, head.guild_id)
        for message in (head.board_message_id, head.step_message_id):
            if message:
                with contextlib.suppress(discord.HTTPException):
                    await self._strip(box, message)
        locale = await self.service.public_locale(head.guild_id, None)
        with contextlib.suppress(discord.HTTPException):
            await box.post(content=say(translator(locale, "table"), "damaged_ended", name=by))

    async def reconcile(self, now: float) -> int:
        """At startup: every table whose messages are behind its state (a crash between a
        save and its messages) gets them published now, and everyone a table waits for who
        was not called yet is called."""
        await answer_owed(self.client, self.service, now)
        count = 0
        for row in await self.service.waiting():
            if row.shown_version < row.version:
                continue  # published below, calls and all
            try:
                public = self.reading(row, self.service.rules_of(row), self.service.readable(row))
                if public.state is not None:
                    await self.calls.after(row, public, None, again=True)
            except Exception:
                log.exception("game %s: could not call whom it waits for", row.id)
        # Each process repairs only its own shards' tables; the others repair theirs.
        for row in await self.service.unshown(now - RECONCILE_WINDOW):
            try:
                await self._republish(row)
                count += 1
            except (Refusal, EngineError) as exc:
                # Damaged, or a game this bot no longer has: /table end closes it.
                log.warning(
                    "game %s: not republished, its saved data cannot be read (%s)", row.id, exc
                )
            except Exception:
                log.exception("game %s: could not republish its messages", row.id)
        await self.ai.resume()
        return count

    async def _republish(self, row: GameRow) -> None:
        if row.status == "lobby" or (row.status == "cancelled" and row.state is None):
            await self.show_lobby(row)
            return
        if row.status == "cancelled":
            await self.close(Outcome(row, self.service.readable(row), ended=True), "—")
            return
        rules = self.service.game(row.game)
        state = rules.load_state(row.state or "")
        result = None
        finished = rules.is_over(state)
        if finished:
            verified = await self.service.verified_results(row, rules, state)
            result = verified[0] if verified else None
        await self.publish(Outcome(row, state, finished=finished, result=result), again=True)

    # --- low level -------------------------------------------------------------------------------

    def _strip(self, box: Outbox, message: MessageId) -> asyncio.Future[None]:
        """A step that is over keeps its record: no buttons, and no live status line (after
        everything else the channel has to send)."""
        return box.edit(message, lane="tidy", content=None, view=None)

    def _delete(self, box: Outbox, message: MessageId) -> asyncio.Future[None]:
        return box.delete(message)
