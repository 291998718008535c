"""Replaying an action log from the seed (DESIGN: the log is the replay and the proof)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

from engine.core.events import Event
from engine.core.game import Game, S


def replay(
    game: Game[S, Any],
    seats: int,
    seed: str,
    log: Iterable[tuple[int, str]],
    options: BaseModel | Mapping[str, Any] | None = None,
) -> S:
    """The state after applying every (seat, action text) of `log` to a new game.

    Raises IllegalAction at the first entry the rules refuse: a tampered log does not replay.
    """
    state, _ = game.start(seats, seed, options)
    for seat, text in log:
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
    for seat, text in log:
        state, more = game.apply(state, seat, text)
        events += more
    return events
