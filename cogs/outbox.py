"""One outbox per channel: the public messages of a channel written in order, one request at a
time, so a burst of clicks at one table never races itself and never outruns Discord's limit
of about five message writes per five seconds per channel.

- **Edits of one message coalesce**: while a write is under way (or discord.py sleeps on the
  channel's rate-limit bucket, which it reads from Discord's ``X-RateLimit-*`` headers), later
  edits of the same message replace each other; only the newest is sent.
- **Creates before the edits that depend on them**: an edit may target a message being
  posted; it waits for its id.
- **A post still queued takes what follows it**: an edit of a message not posted yet is
  folded into its post, and a delete of one drops both; a step's messages become fewer writes.
- **Notices first**: a lane for the pings that tell a player it is their turn, drained before the
  table's own edits, so the next player learns it before the board catches up.
- **Tidying last**: a step that is over loses its buttons in a lane drained only when nothing
  else waits, or with the table's edit of that message if one is still queued; and (with a
  spacing) only while the channel has made no more than `TIDY_ROOM` writes in the bucket's
  last five seconds. At game-night pace a thread asks for more writes than Discord allows;
  what a player must see (the new step, the moves on it, the pings) keeps the rest of the
  bucket, and a stale button left a moment longer only answers that the table moved on. (A
  step change is a burst: the new step posted, the old one tidied, often a second step a
  moment later; tidied at once, it spent the bucket the next moves needed.)
- **One message edited at most once per `spacing`** (a second by default, the pace Discord's
  channel bucket gives): the table's next edit of a message edited a moment ago waits out the
  rest of that second, and the clicks that come meanwhile merge into it. A burst of four
  players' clicks becomes one edit of the step message, not four; posts, notices and the other
  messages go on meanwhile.

Beyond that spacing nothing here sleeps of its own accord: the channel's pacing is discord.py's,
by Discord's own headers (a sliding window of the bot's own, narrower than Discord's fixed ones,
only lengthened the queues). A worker exists only while there is something to send (so a quiet
channel holds no task).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Literal

import discord

log = logging.getLogger(__name__)

Lane = Literal["notice", "table", "tidy"]

WINDOW = 5.0
"""Seconds of Discord's message-write bucket of a channel (five writes in it)."""
TIDY_ROOM = 2
"""Writes of the last `WINDOW` beyond which tidying waits: the bucket's rest is kept for the
new step, the moves on it and the pings."""


@dataclass
class Op:
    """One write: post (target None), edit or delete a message."""

    kind: Literal["post", "edit", "delete"]
    fields: dict[str, Any]
    target: int | asyncio.Future[int] | None = None
    done: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )
    merged: list[asyncio.Future[Any]] = field(default_factory=list)
    """Earlier edits of the same message this one replaced: they are done when it is."""
    lane: Lane = "table"
    tidied: dict[str, Any] = field(default_factory=dict)
    """The fields of a tidying edit folded into this one: they win over later edits."""
    context: contextvars.Context = field(default_factory=contextvars.copy_context)
    """Where the newest change this write carries was asked for (a click's handling): the
    request is made there, so what a log or a trace ties to that click includes it."""


class Outbox:
    def __init__(
        self, channel: discord.PartialMessageable, spacing: float = 0.0, window: float = WINDOW
    ) -> None:
        """`spacing`: the seconds a message edited in the table's lane waits before its next
        edit there (0: none, and tidying is not held back either); `window`: the seconds of
        the channel's write bucket."""
        self.channel = channel
        self.spacing = spacing
        self.window = window
        self._lanes: dict[Lane, deque[Op]] = {"notice": deque(), "table": deque(), "tidy": deque()}
        self._worker: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        """Set when something is queued: a worker waiting out a spacing looks again."""
        self._edited: dict[int, float] = {}
        """Message id → when the table's lane last edited it (the loop's clock)."""
        self._sent_at: deque[float] = deque()
        """When the channel's writes of the last `window` seconds were sent (with a spacing)."""
        self.sent = 0
        """Requests made (for figures)."""
        self.coalesced = 0
        """Writes that never had to be sent: replaced by a newer edit, folded into a post."""

    # --- queueing --------------------------------------------------------------------------------

    def post(self, lane: Lane = "table", **fields: Any) -> asyncio.Future[int]:
        """A new message; the future gives its id."""
        op = Op("post", fields)
        self._queue(lane, op)
        return op.done

    def edit(
        self, target: int | asyncio.Future[int], lane: Lane = "table", **fields: Any
    ) -> asyncio.Future[None]:
        """Replace a message's content (the newest edit of a message queued wins; a message
        still queued for posting is posted as edited)."""
        post = self._queued_post(target)
        if post is not None:
            post.fields = _posted_as_edited(post.fields, fields)
            post.context = contextvars.copy_context()
            self.coalesced += 1
            return self._follow(post.done)
        # A message's buttons taken away (the tidy lane) ride with an edit of it still queued
        # for the table: one request leaves it as the two would.
        lanes: tuple[Lane, ...] = ("table", "tidy") if lane == "tidy" else (lane,)
        for queued in (op for name in lanes for op in self._lanes[name]):
            if queued.kind == "edit" and _same(queued.target, target):
                queued.merged.append(queued.done)
                queued.done = asyncio.get_running_loop().create_future()
                if lane == "tidy":
                    queued.tidied = {**queued.tidied, **fields}
                # What tidying took away stays away, whatever the table asks after it.
                queued.fields = {**queued.fields, **fields, **queued.tidied}
                queued.context = contextvars.copy_context()
                self.coalesced += 1
                return queued.done
        op = Op("edit", fields, target)
        self._queue(lane, op)
        return op.done

    def delete(
        self, target: int | asyncio.Future[int], lane: Lane = "table"
    ) -> asyncio.Future[None]:
        """Remove a message (one still queued for posting is never posted, nor its edits)."""
        post = self._queued_post(target)
        if post is not None:
            for queue in self._lanes.values():
                for op in [o for o in queue if o is post or _same(o.target, target)]:
                    queue.remove(op)
                    for future in (*op.merged, op.done):
                        if not future.done():
                            future.set_exception(discord.NotFound(_Gone(), "not posted"))
                        future.exception()  # retrieved: nobody need wait for it
            self.coalesced += 2
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            done.set_result(None)
            return done
        op = Op("delete", {}, target)
        self._queue(lane, op)
        return op.done

    def pending(self, target: int | asyncio.Future[int]) -> bool:
        """Whether a write of this message is queued (not yet under way)."""
        return any(
            _same(op.target, target) or op.done is target for q in self._lanes.values() for op in q
        )

    def _queued_post(self, target: int | asyncio.Future[int]) -> Op | None:
        """The post, still queued, whose id `target` will be."""
        if not isinstance(target, asyncio.Future):
            return None
        for queue in self._lanes.values():
            for op in queue:
                if op.kind == "post" and op.done is target:
                    return op
        return None

    @staticmethod
    def _follow(posted: asyncio.Future[int]) -> asyncio.Future[None]:
        """Done (or failed) when the post is."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def settle(f: asyncio.Future[int]) -> None:
            if done.done():
                return
            if f.cancelled():
                done.cancel()
            elif (exc := f.exception()) is not None:
                done.set_exception(exc)
            else:
                done.set_result(None)

        posted.add_done_callback(settle)
        return done

    def _queue(self, lane: Lane, op: Op) -> None:
        op.lane = lane
        self._lanes[lane].append(op)
        self._wake.set()
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._drain(), name="outbox")

    async def idle(self) -> None:
        """Wait until everything queued so far has been sent."""
        while self._worker is not None and not self._worker.done():
            await asyncio.shield(self._worker)

    # --- sending ---------------------------------------------------------------------------------

    def _next(self) -> Op | float | None:
        """The next write to send; else the seconds until an edit held by the spacing may go
        (None: nothing queued). A held edit holds the writes of its message queued after it,
        so a message's writes keep their order."""
        now = asyncio.get_running_loop().time()
        wait: float | None = None
        held: set[int] = set()
        lanes: tuple[Lane, ...] = ("notice", "table", "tidy")
        for lane in lanes:
            queue = self._lanes[lane]
            for op in queue:
                target = _settled(op.target)
                if target is not None and target in held:
                    continue
                if lane == "tidy" and self.spacing > 0:
                    room = self._room(now)
                    if room > 0:
                        if target is not None:
                            held.add(target)
                        wait = room if wait is None else min(wait, room)
                        continue
                if lane == "table" and op.kind == "edit" and target is not None:
                    due = self._edited.get(target, -self.spacing) + self.spacing - now
                    if due > 0:
                        held.add(target)
                        wait = due if wait is None else min(wait, due)
                        continue
                queue.remove(op)
                return op
        return wait

    def _room(self, now: float) -> float:
        """Seconds until the channel has room for tidying (0: now): no more than
        `TIDY_ROOM` writes in the bucket's window, the rest kept for what players must see."""
        sent = self._sent_at
        while sent and sent[0] <= now - self.window:
            sent.popleft()
        if len(sent) <= TIDY_ROOM:
            return 0.0
        return sent[-TIDY_ROOM - 1] + self.window - now

    async def _drain(self) -> None:
        while True:
            self._wake.clear()
            op = self._next()
            if op is None:
                return
            if not isinstance(op, Op):
                # Only held edits: wait out the spacing, or until something else is queued.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(op):
                        await self._wake.wait()
                continue
            try:
                # Made in the context of the change it carries, not of whoever started the
                # worker (a worker lives on through a spacing, over many clicks).
                result = await asyncio.create_task(self._send(op), context=op.context)
            except Exception as exc:
                for future in (*op.merged, op.done):
                    if not future.done():
                        future.set_exception(exc)
                continue
            for future in op.merged:
                if not future.done():
                    future.set_result(None)
            if not op.done.done():
                op.done.set_result(result)

    async def _send(self, op: Op) -> Any:
        if self.spacing > 0:
            self._sent_at.append(asyncio.get_running_loop().time())
        if op.kind == "post":
            self.sent += 1
            message = await self.channel.send(**op.fields)
            return message.id
        target = op.target
        if isinstance(target, asyncio.Future):
            target = await target
        assert target is not None
        partial = self._partial(target)
        self.sent += 1
        if op.kind == "delete":
            await partial.delete()
            return None
        await partial.edit(**op.fields)
        if self.spacing > 0 and op.lane == "table":
            now = asyncio.get_running_loop().time()
            edited = self._edited
            for old in [m for m, at in edited.items() if at + self.spacing <= now]:
                del edited[old]  # a message edited long ago waits for nothing
            edited[target] = now
        return None

    def _partial(self, message_id: int) -> discord.PartialMessage:
        get = self.channel.get_partial_message
        partial: discord.PartialMessage = get(message_id)
        return partial


def _same(a: int | asyncio.Future[int] | None, b: int | asyncio.Future[int] | None) -> bool:
    """Whether two targets are one message: ids by value, a post's future by itself."""
    return a is b or (isinstance(a, int) and a == b)


def _settled(target: int | asyncio.Future[int] | None) -> int | None:
    """The message id a target is, once known."""
    if isinstance(target, int):
        return target
    if (
        target is not None
        and target.done()
        and not target.cancelled()
        and target.exception() is None
    ):
        return target.result()
    return None


class _Gone:
    """The response a message never posted would have had (for `discord.NotFound`)."""

    status = 404
    reason = "not posted"


def _posted_as_edited(post: dict[str, Any], edit: dict[str, Any]) -> dict[str, Any]:
    """A post's fields with an edit applied before it is sent: ``None`` clears a field,
    ``attachments`` become the post's file."""
    out = {**post}
    for key, value in edit.items():
        if key == "attachments":
            out.pop("file", None)
            if value:
                out["file"] = value[0]
        elif value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out
