"""Turn deadlines: half-time reminders and default moves at the deadline.

Deadlines are stored with each game, so a restart loses nothing: the first tick after start
catches up with everything that fell due while the bot was down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.service import Outcome, TableService
from bot.storage import StorageError

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(
        self,
        service: TableService,
        publish: Callable[[Outcome], Awaitable[None]],
        tick_seconds: float = 30.0,
    ) -> None:
        self.service = service
        self.publish = publish
        self.tick_seconds = tick_seconds
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="fleet-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def tick(self, now: float | None = None) -> int:
        """Handle everything due now; returns how many games were touched."""
        outcomes = await self.service.run_due(now)
        for outcome in outcomes:
            try:
                await self.publish(outcome)
            except Exception:
                log.exception("could not show a deadline outcome for game %s", outcome.row.id)
        return len(outcomes)

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except StorageError as exc:
                # Storage says so itself (once, for a deleted file); the next tick tries again.
                log.warning("deadlines not checked this time: %s", exc)
            except Exception:
                log.exception("scheduler tick failed")
            await asyncio.sleep(self.tick_seconds)
