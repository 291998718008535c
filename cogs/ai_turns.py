"""Strong AI seats' moves, played in the background and shown when they are made.

A click is answered as soon as the player's own move is saved; when a strong AI seat must
move next, its move is thought out away from the event loop (`TableService.play_ai`, in the
service's thinker) by a task of this process, and published like any other outcome. One task
per table at a time; an outcome published while it runs (a human's move in a simultaneous
step) asks it to look again once it is done. At startup every table of this process's shards
whose strong seat was owed a move gets one (the process stopped while it was thinking: the
game, saved before the thinking began, lost nothing).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.refusals import Refusal
from bot.service import Outcome, TableService
from engine.core.errors import EngineError

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0
"""How long a table whose AI move failed (a storage hiccup, a worker process that died)
waits before its AI seat thinks again."""
ATTEMPTS = 3


class AiTurns:
    def __init__(self, service: TableService, publish: Callable[[Outcome], Awaitable[None]]):
        self.service = service
        self.publish = publish
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    def kick(self, game_id: int) -> None:
        """A strong AI seat of this table may have to move: make sure a task plays it."""
        if game_id in self._tasks:
            self._again.add(game_id)
            return
        task = asyncio.create_task(self._play(game_id), name=f"fleet-ai-{game_id}")
        self._tasks[game_id] = task
        task.add_done_callback(lambda _: self._done(game_id))

    def _done(self, game_id: int) -> None:
        self._tasks.pop(game_id, None)
        if game_id in self._again:
            self._again.discard(game_id)
            self.kick(game_id)

    def busy(self, game_id: int) -> bool:
        """Whether a strong AI seat of this table is thinking now."""
        return game_id in self._tasks

    async def resume(self) -> int:
        """At startup: every table owed a strong AI move gets it; how many were."""
        owed = await self.service.owed_ai_moves()
        for game_id in owed:
            self.kick(game_id)
        return len(owed)

    async def _play(self, game_id: int) -> None:
        failures = 0
        while True:
            self._again.discard(game_id)
            try:
                outcome = await self.service.play_ai(game_id)
            except (Refusal, EngineError) as exc:
                log.warning("game %s: its AI seat cannot move (%s)", game_id, exc)
                return
            except Exception:
                failures += 1
                log.exception(
                    "game %s: its AI seat's move failed (%d of %d)", game_id, failures, ATTEMPTS
                )
                if failures >= ATTEMPTS:
                    return
                await asyncio.sleep(RETRY_SECONDS)
                continue
            if outcome is None:
                return
            try:
                await self.publish(outcome)
            except Exception:
                log.exception("could not show an AI move of game %s", game_id)

    async def stop(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
