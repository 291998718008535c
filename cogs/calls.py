"""Calling players when the table waits for them: turns that find their players, and never
spam them.

- **Who is at the table.** A person who clicked something at this table in the last two
  minutes (`PRESENT`) sees their next decision where they are looking: in the prompt they have
  open, or, with none open (they were answering the public message's buttons), on the table's
  newest message, which names them and carries the step's buttons. They are called only if
  they leave it unanswered for two minutes; so is the person whose own click it was (the
  click's answer shows what they owe next, or they just pressed Start).
- **Everyone else is called**, by something that really notifies: a message in the table's
  thread that mentions them (one message for all who owe the same decision at once), or a
  direct message if they chose so (`/table notify`), with a button that opens the decision
  wherever they are. Closed DMs fall back to the thread, which says so once.
- **Never twice for the same wait**: a call is claimed in the database per person and turn
  (the front's turn: a round, a player's turn) before it is sent, so no process, restart or
  second outcome calls again; never for one's own action, never an AI or autopilot seat;
  a decision with one forced choice is asked, not called.
- **One call while it is unread**: a person's call at a table is *unread* from the moment it
  notifies them (a mention in the thread or a direct message, sent by this process) until
  they next click or type anything at that table. A decision that opens for them meanwhile
  (the one they were called for was played at its deadline, by autopilot, or taken back) is
  covered by that call: their mention still stands and its button opens whatever they owe
  now, so no second notification is sent. Still notifying: a deadline's half-time reminder
  (its own message), a call from another table, and any call after a restart (who has read
  what is not kept). Once they are back, a decision still covered is theirs like any other:
  called if they leave it for two minutes.
- **Nothing lost at a restart**: calls due when the process stopped are sent at startup; one
  claimed but not known to be sent is looked for in the thread first, so it is sent once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.faults import crash_point
from bot.reading import Reading
from bot.service import TableService
from bot.storage import Call, GameRow, Wait
from bot.words import say
from cogs.panels import act_button, items_view, turn_button

if TYPE_CHECKING:
    from cogs.outbox import Outbox

log = logging.getLogger(__name__)

PRESENT = 120.0
"""Seconds after a person's last click during which they count as at the table."""
LOOKBACK = 15
"""Messages looked through at startup for a call claimed just before a crash."""

Refresh = Callable[[GameRow, Reading, int, int], Awaitable[bool]]
"""Shows a seat's new decision in the prompt its person has open; False if none is."""


class Calls:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        box: Callable[[GameRow], Outbox],
        refresh: Refresh,
    ) -> None:
        self.client = client
        self.service = service
        self.box = box
        self.refresh = refresh
        self.clock = service.clock
        self._seen: dict[tuple[int, int], float] = {}
        self._later: dict[tuple[int, int], asyncio.TimerHandle] = {}
        self._messages: dict[tuple[int, int], tuple[str, Any]] = {}
        """(game, user) → the turn and message of their last call in the thread."""
        self._called: dict[tuple[int, int], float] = {}
        """(game, user) → when a call last notified them (in this process)."""
        self._covered: dict[tuple[int, int], Wait] = {}
        """(game, user) → a wait their unread call covers (not called on its own)."""

    # --- presence --------------------------------------------------------------------------------

    def seen(self, game_id: int, user_id: int) -> None:
        """A person clicked something at this table (they have read their call, if any: a
        decision it covered is called if they leave it for two minutes)."""
        self._seen[(game_id, user_id)] = self.clock()
        covered = self._covered.pop((game_id, user_id), None)
        if covered is not None:
            self._call_later(game_id, covered)

    def present(self, game_id: int, user_id: int) -> bool:
        last = self._seen.get((game_id, user_id))
        return last is not None and self.clock() - last < PRESENT

    def unread(self, game_id: int, user_id: int) -> bool:
        """Whether a call notified this person at this table and they have not been back
        since (see the module's docstring)."""
        called = self._called.get((game_id, user_id))
        return called is not None and self._seen.get((game_id, user_id), float("-inf")) < called

    def forget(self, game_id: int) -> None:
        kept = (*self._seen, *self._later, *self._messages, *self._called, *self._covered)
        for key in [k for k in kept if k[0] == game_id]:
            self._seen.pop(key, None)
            handle = self._later.pop(key, None)
            if handle is not None:
                handle.cancel()
            self._messages.pop(key, None)
            self._called.pop(key, None)
            self._covered.pop(key, None)

    # --- after an outcome ------------------------------------------------------------------------

    async def after(
        self, row: GameRow, public: Reading, actor: int | None, again: bool = False
    ) -> None:
        """The table now waits for `row.waits`: show or call each as they need. `actor`: who
        clicked (their own answer already shows their next decision); `again`: at startup."""
        if not row.waits:
            return
        told = {(n.user_id, n.turn): n for n in await self.service.calls(row.id)}
        due: list[Wait] = []
        quiet: list[Wait] = []
        for wait in row.waits:
            if wait.user_id == actor:
                # Their own click's answer shows what they owe next (or they just opened the
                # game): called only if they leave it for two minutes.
                self._call_later(row.id, wait)
                continue
            await self.refresh(row, public, wait.seat, wait.user_id)
            known = told.get((wait.user_id, wait.turn))
            if known is not None:
                # Called this turn already: the call (and its Act button) still stands.
                if again and known.message_id is None and known.via == "thread":
                    await self._in_doubt(row, public, wait, known)
                continue
            if self.present(row.id, wait.user_id):
                # At the table: in the prompt they use if one is open (refreshed above), else on the
                # table's newest message, which names them and carries the step's buttons.
                self._call_later(row.id, wait)
                continue
            if wait.forced:
                # One choice the rules force (asking it keeps what a hand holds secret): asked
                # in the thread by name, without a notification.
                quiet.append(wait)
                continue
            due.append(wait)
        await self.call(row, public, due)
        await self.call(row, public, quiet, quiet=True)

    def _call_later(self, game_id: int, wait: Wait) -> None:
        """Call a person at the table if they leave their decision for two minutes."""
        key = (game_id, wait.user_id)
        handle = self._later.pop(key, None)
        if handle is not None:
            handle.cancel()
        last = self._seen.get(key, self.clock())
        delay = max(1.0, last + PRESENT - self.clock())
        loop = asyncio.get_running_loop()
        self._later[key] = loop.call_later(
            delay, lambda: asyncio.ensure_future(self._check(game_id, wait.user_id, wait.turn))
        )

    async def _check(self, game_id: int, user_id: int, turn: str) -> None:
        self._later.pop((game_id, user_id), None)
        try:
            loaded = await self.service.load_game(game_id)
        except Exception:
            return
        row = loaded.row
        wait = next((w for w in row.waits if w.user_id == user_id and w.turn == turn), None)
        if wait is None or wait.forced:
            return
        if self.present(game_id, user_id):
            self._call_later(game_id, wait)
            return
        told = {(n.user_id, n.turn) for n in await self.service.calls(game_id)}
        if (user_id, turn) not in told:
            public = Reading.of(row, loaded.game, loaded.state, None, None)
            await self.call(row, public, [wait])

    # --- calling ---------------------------------------------------------------------------------

    async def call(
        self, row: GameRow, public: Reading, waits: list[Wait], quiet: bool = False
    ) -> None:
        """Call these people now: those who owe the same decision in one thread message,
        those who chose direct messages each in their own. `quiet`: named in the thread,
        without a notification."""
        thread: dict[str, list[Wait]] = {}
        for wait in waits:
            if not quiet and self.unread(row.id, wait.user_id):
                # Their call has not been read yet: it covers this decision too.
                self._covered[(row.id, wait.user_id)] = wait
                continue
            way, closed_at = await self.service.notify_way(wait.user_id)
            via = "dm" if way in ("dm", "both") and closed_at is None and not quiet else "thread"
            if not await self.service.claim_call(row.id, wait.user_id, wait.turn, via):
                continue  # already called this turn (another outcome, another process)
            crash_point("call_claimed")
            if not quiet:
                self._called[(row.id, wait.user_id)] = self.clock()
            owed = public.as_reader(wait.seat).owed()
            if via == "dm":
                if await self._direct(row, public, wait, owed):
                    if way == "dm":
                        continue
                else:  # their DMs are closed: called here, and told why, this once
                    owed = f"{owed} {say(public.tr.domain_of('table'), 'dms_closed')}"
            thread.setdefault(owed, []).append(wait)
        for owed, group in thread.items():
            await self._post(row, public, owed, group, quiet)

    async def _post(
        self, row: GameRow, public: Reading, owed: str, group: list[Wait], quiet: bool = False
    ) -> None:
        ttr = public.tr.domain_of("table")
        users = [w.user_id for w in group]
        mentions = " ".join(f"<@{u}>" for u in users)
        game = public.front.title(public.tr)
        if public.deadline is None:
            text = say(ttr, "your_turn", len(users), mentions=mentions, game=game, what=owed)
        else:
            when = public.when()
            text = say(
                ttr, "your_turn_deadline", len(users), mentions=mentions, game=game, what=owed,
                when=when,
            )  # fmt: skip
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[] if quiet else [discord.Object(u) for u in users]
        )
        box = self.box(row)
        posted = box.post(
            "notice",
            content=text,
            allowed_mentions=allowed,
            view=items_view(act_button(row.id, ttr)),
        )
        old = [self._messages.get((row.id, u)) for u in users]
        for user in users:
            self._messages[(row.id, user)] = (group[0].turn, posted)
        message_id = None
        with contextlib.suppress(discord.HTTPException):
            message_id = await posted
        await self.service.set_call_message(row.id, users, group[0].turn, message_id)
        # A call for an earlier turn that no one else still has is taken away.
        current = [m for (game_id, _), (_, m) in self._messages.items() if game_id == row.id]
        for entry in old:
            if entry is not None and not any(entry[1] is m for m in current):
                with contextlib.suppress(discord.HTTPException):
                    await box.delete(entry[1])

    async def _direct(self, row: GameRow, public: Reading, wait: Wait, owed: str) -> bool:
        """A direct message with a button that opens the decision; False if their DMs are
        closed (then they are called in the thread from now on, told so once)."""
        user_tr = public.tr.domain_of("table")
        where = f"https://discord.com/channels/{row.guild_id or '@me'}/{row.channel_id}"
        text = say(
            user_tr,
            "your_turn_dm",
            game=public.front.title(public.tr),
            what=owed,
            where=where,
        )
        if public.deadline is not None:
            text = f"{text} {say(user_tr, 'deadline_status', when=public.when())}"
        try:
            user = self.client.get_user(wait.user_id) or await self.client.fetch_user(wait.user_id)
            message = await user.send(text, view=items_view(turn_button(row.id, user_tr)))
        except discord.Forbidden:
            await self.service.set_dms_closed(wait.user_id, self.clock())
            return False
        except discord.HTTPException:
            return False
        await self.service.set_call_message(row.id, [wait.user_id], wait.turn, message.id)
        return True

    async def _in_doubt(self, row: GameRow, public: Reading, wait: Wait, known: Call) -> None:
        """At startup: a call claimed before a crash but not known to be sent. Sent if the
        thread does not show it."""
        channel = self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        me = getattr(self.client.user, "id", None)
        mention = f"<@{wait.user_id}>"
        with contextlib.suppress(discord.HTTPException):
            async for message in channel.history(limit=LOOKBACK):
                if message.author.id == me and mention in (message.content or ""):
                    await self.service.set_call_message(
                        row.id, [wait.user_id], wait.turn, message.id
                    )
                    return
        await self._post(row, public, public.as_reader(wait.seat).owed(), [wait])

    async def clear(self, row: GameRow) -> None:
        """A finished or closed table's calls are taken away (the final scores call everyone)."""
        box = self.box(row)
        gone = [self._messages.pop(k)[1] for k in [k for k in self._messages if k[0] == row.id]]
        seen: list[Any] = []
        for message in gone:
            if any(message is s for s in seen):
                continue
            seen.append(message)
            with contextlib.suppress(discord.HTTPException):
                await box.delete(message)
