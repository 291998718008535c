"""Take-backs at a table (`engine.core.undo`): which stored decision its player may take back
now. The game's rules say which decisions can ever be taken back; the action log says whether
this one still can: it must be the latest decision in effect, chosen by its player (not played
for them), with nobody else's entry stored after it, not even one taken back since.

A take-back is judged on the log replayed from the seed (a few tens of milliseconds for the
longest games), in a thread of its own so that the event loop goes on meanwhile.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.storage import GameRow, LoggedAction
from engine.core.events import Event
from engine.core.game import AnyGame
from engine.core.replay import UNDO, in_effect
from engine.core.undo import Move, last_moves

T = TypeVar("T")

REPLAYS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")
"""One thread replays logs for take-backs (pure CPU work, a few at a time at most)."""


async def off_loop(work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` in the replay thread."""
    return await asyncio.get_running_loop().run_in_executor(REPLAYS, functools.partial(work, *args))


@dataclass(frozen=True)
class TakenBack:
    """A decision taken back: the seat that had made it, and its events (the front words
    the public ones for the table, the player's own for their answer)."""

    seat: int
    events: Sequence[Event]


def _text(entry: LoggedAction) -> str:
    return entry.action


@dataclass(frozen=True)
class Latest:
    """A table's latest decision still in effect, and why the log alone says it cannot be
    taken back (a refusal code; None: the rules decide)."""

    entry: LoggedAction | None
    why: str | None


def latest(entries: Sequence[LoggedAction]) -> Latest:
    """The latest entry in effect of a stored log. It cannot be taken back if there is none
    (``undo_nothing``), if it was played for its seat (an AI seat, autopilot or a deadline:
    ``undo_automatic``), or if another seat's entry was stored after it, even one taken back
    since (``undo_others``): once someone else has decided, the decision stands."""
    kept = in_effect(entries, _text)
    if not kept:
        return Latest(None, "undo_nothing")
    last = kept[-1]
    if last.user_id is None:
        return Latest(last, "undo_automatic")
    after = [e for e in entries if e.seq > last.seq]
    if any((e.seat, e.user_id) != (last.seat, last.user_id) for e in after):
        return Latest(last, "undo_others")
    return Latest(last, None)


def taken_back(entries: Sequence[LoggedAction], seat: int, user_id: int) -> list[LoggedAction]:
    """The log once `user_id` (at `seat`) has taken back its latest entry: one entry more."""
    seq = max((e.seq for e in entries), default=0) + 1
    last = entries[-1] if entries else None
    version = last.version if last is not None else 0
    at = last.at if last is not None else 0.0
    return [*entries, LoggedAction(seq, seat, user_id, UNDO, version, at)]


@dataclass(frozen=True)
class Replayed:
    """A table's log replayed from its seed: the state it leads to, and its last two
    decisions in effect (oldest first), each with its log entry."""

    state: Any
    tail: list[tuple[LoggedAction, Move[Any]]]


def replayed(rules: AnyGame, row: GameRow, entries: Sequence[LoggedAction]) -> Replayed:
    """Replay a table's stored log (take-backs applied); raises EngineError where the rules
    refuse an entry."""
    kept = in_effect(entries, _text)
    log = [(e.seat, e.action) for e in kept]
    state, moves = last_moves(rules, len(row.seats), row.seed, log, row.game_options, depth=2)
    return Replayed(state, list(zip(kept[len(kept) - len(moves) :], moves, strict=True)))
