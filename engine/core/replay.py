"""Replaying an action log from the seed (DESIGN: the log is the replay and the proof)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel

from engine.core.events import Event
from engine.core.game import Game, S

UNDO = "undo"
"""The action text of a take-back in an action log: it cancels the latest entry still in
effect. The log stays append-only; a take-back is an entry like any other."""

T = TypeVar("T")


def in_effect(log: Iterable[T], text: Callable[[T], str]) -> list[T]:
    """The entries of `log` still in effect: each take-back (`UNDO`) cancels the latest
    entry before it not cancelled yet, and is itself dropped.

    >>> in_effect(["a", "b", UNDO, "c", UNDO, UNDO, "d"], str)
    ['d']
    >>> in_effect(["a", "b", UNDO, "c"], str)
    ['a', 'c']
    """
    kept: list[T] = []
    for entry in log:
        if text(entry) == UNDO:
            if kept:
                kept.pop()
        else:
            kept.append(entry)
    return kept


def replay(
    game: Game[S, Any],
    seats: int,
    seed: str,
    log: Iterable[tuple[int, str]],
    options: BaseModel | Mapping[str, Any] | None = None,
) -> S:
    """The state after applying every (seat, action text) of `log` to a new game.

    Take-backs (`UNDO`) cancel the entries they take back. Raises IllegalAction at the first
    entry the rules refuse: a tampered log does not replay.
    """
    state, _ = game.start(seats, seed, options)
    for seat, text in in_effect(log, lambda entry: entry[1]):
        state, _ = game.apply(state, seat, text)
    return state


def replay_events(
    game: Game[S, Any],
    seats: int,
    seed: str,
    log: Iterable[tuple[int, str]],
    options: BaseModel | Mapping[str, Any] | None = None,
) -> list[Event]:
    """Every event of a game, setup included, as its action log replays."""
    state, events = game.start(seats, seed, options)
    for seat, text in in_effect(log, lambda entry: entry[1]):
        state, more = game.apply(state, seat, text)
        events += more
    return events
