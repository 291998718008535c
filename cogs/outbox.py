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
  else waits. At game-night pace a thread asks for more writes than Discord allows; what a
  player must see (the new step, the moves on it) goes first, and a stale button left a moment
  longer only answers that the table moved on.

Nothing here sleeps of its own accord: pacing is discord.py's, by Discord's own headers (a
sliding window of the bot's own, narrower than Discord's fixed ones, only lengthened the
queues). A worker exists only while there is something to send (so a quiet channel holds no
task).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Literal

import discord

log = logging.getLogger(__name__)

Lane = Literal["notice", "table", "tidy"]


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


class Outbox:
    def __init__(self, channel: discord.PartialMessageable) -> None:
        self.channel = channel
        self._lanes: dict[Lane, deque[Op]] = {"notice": deque(), "table": deque(), "tidy": deque()}
        self._worker: asyncio.Task[None] | None = None
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
            self.coalesced += 1
            return self._follow(post.done)
        queue = self._lanes[lane]
        for queued in queue:
            if queued.kind == "edit" and queued.target is target:
                queued.merged.append(queued.done)
                queued.done = asyncio.get_running_loop().create_future()
                queued.fields = {**queued.fields, **fields}
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
                for op in [o for o in queue if o is post or o.target is target]:
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
            op.target is target or op.done is target for q in self._lanes.values() for op in q
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
        self._lanes[lane].append(op)
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._drain(), name="outbox")

    async def idle(self) -> None:
        """Wait until everything queued so far has been sent."""
        while self._worker is not None and not self._worker.done():
            await asyncio.shield(self._worker)

    # --- sending ---------------------------------------------------------------------------------

    def _next(self) -> Op | None:
        lanes: tuple[Lane, ...] = ("notice", "table", "tidy")
        for lane in lanes:
            queue = self._lanes[lane]
            if queue:
                return queue.popleft()
        return None

    async def _drain(self) -> None:
        while (op := self._next()) is not None:
            try:
                result = await self._send(op)
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
        return None

    def _partial(self, message_id: int) -> discord.PartialMessage:
        get = self.channel.get_partial_message
        partial: discord.PartialMessage = get(message_id)
        return partial


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
