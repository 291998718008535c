"""Replaying an action log from the seed (DESIGN: the log is the replay and the proof)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.state import FleetState, Options


def replay(
    game: FleetDice,
    seats: int,
    seed: str,
    log: Iterable[tuple[int, str]],
    options: Mapping[str, Any] | Options | None = None,
) -> FleetState:
    """The state after applying every (seat, action text) of `log` to a new game.

    Raises IllegalAction at the first entry the rules refuse: a tampered log does not replay.
    """
    state = game.new_game(seats, seed, options)
    for seat, text in log:
        state, _ = game.apply(state, seat, text)
    return state
