"""One outbox per channel: the public messages of a channel written in order, one request at a
time, so a burst of clicks at one table never races itself and never outruns Discord's limit
of about five message writes per five seconds per channel.

- **Edits of one message coalesce**: while a write is under way (or discord.py sleeps on the
  channel's rate-limit bucket, which it reads from Discord's ``X-RateLimit-*`` headers), later
  edits of the same message replace each other; only the newest is sent.
- **Creates before the edits that depend on them**: an edit may target a message still queued
  for posting; it waits for its id.
- **Notices first**: a lane for the pings that tell a player it is their turn, drained before the
  table's own edits, so the next player learns it before the board catches up.

Nothing here sleeps of its own accord: pacing is discord.py's, by Discord's own headers. A
worker exists only while there is something to send (so a quiet channel holds no task).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Literal

import discord

log = logging.getLogger(__name__)

Lane = Literal["notice", "table"]


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
        self._lanes: dict[Lane, deque[Op]] = {"notice": deque(), "table": deque()}
        self._worker: asyncio.Task[None] | None = None
        self.sent = 0
        """Requests made (for figures)."""
        self.coalesced = 0
        """Edits that never had to be sent, replaced by a newer one."""

    # --- queueing --------------------------------------------------------------------------------

    def post(self, lane: Lane = "table", **fields: Any) -> asyncio.Future[int]:
        """A new message; the future gives its id."""
        op = Op("post", fields)
        self._queue(lane, op)
        return op.done

    def edit(
        self, target: int | asyncio.Future[int], lane: Lane = "table", **fields: Any
    ) -> asyncio.Future[None]:
        """Replace a message's content (the newest edit of a message queued wins)."""
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
        op = Op("delete", {}, target)
        self._queue(lane, op)
        return op.done

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
        lanes: tuple[Lane, ...] = ("notice", "table")
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
