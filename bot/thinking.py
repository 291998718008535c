"""Where strong AI seats think: away from the event loop, so that no interaction's answer
waits for a search (up to a second of CPU).

A process pool by default: a search is CPU-bound Python, and a thread would hold the GIL
the event loop needs (`bench/ai.py --loop` measures both). The worker gets the game's id and
its saved state as text, rebuilds it and searches (`engine.core.search.ai_action`); nothing
but the chosen action's text comes back. A pool whose worker died is replaced at the next
decision; the decision that was lost is asked again by whoever needed it (`TableService.
play_ai`), and the game, saved before the thinking began, is untouched.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
from collections.abc import Awaitable
from typing import Any, Protocol

from engine.core.actions import Action
from engine.core.game import AnyGame
from engine.core.search import STRONG, ai_action
from engine.games import get_game

log = logging.getLogger(__name__)


class Thinker(Protocol):
    """Decides a strong AI seat's move without blocking the event loop."""

    def __call__(self, game: AnyGame, state: Any, seat: int, seed: str) -> Awaitable[Action]: ...

    def close(self) -> None: ...


def think(game_id: str, state: str, seat: int, seed: str, playouts: int | None) -> str:
    """In a worker process: the strong move of `seat` in the saved `state`, as action text."""
    game = get_game(game_id)
    return ai_action(game, game.load_state(state), seat, STRONG, seed, playouts).text


class PoolThinker:
    """Strong decisions in `workers` processes (0: in a thread of this process, for a small
    machine or the tests); `playouts` overrides every game's search budget."""

    def __init__(self, workers: int = 1, playouts: int | None = None) -> None:
        self.workers = workers
        self.playouts = playouts
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fork of a process running an event loop and database threads is unsafe
            context = multiprocessing.get_context("spawn")
            self._pool = concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    async def __call__(self, game: AnyGame, state: Any, seat: int, seed: str) -> Action:
        if self.workers <= 0:
            return await asyncio.to_thread(
                ai_action, game, state, seat, STRONG, seed, self.playouts
            )
        loop = asyncio.get_running_loop()
        text = game.dump_state(state)
        try:
            chosen = await loop.run_in_executor(
                self._executor(), think, game.id, text, seat, seed, self.playouts
            )
        except concurrent.futures.BrokenExecutor:
            log.warning("an AI worker process died: a new pool starts at the next decision")
            self.close()
            raise
        return game.parse_action(chosen)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
