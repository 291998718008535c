"""Small builders: a table in exactly the situation a rule talks about.

States are edited directly here (a fresh copy each time), never through `apply`'s input."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.core.events import Event
from engine.games import get_game
from engine.mare_balticum.board import builtin_map
from engine.mare_balticum.state import MareState

GAME = get_game("mare-balticum")
BOARD = builtin_map()
PORTS = ("KOB", "STO", "GDA", "RIG", "STP")


def started(seats: int = 3, seed: str = "t", **options: Any) -> MareState:
    """A game past the starting boats: seat s on the s-th port of `PORTS`, the start player
    to act."""
    state, _ = GAME.start(seats, seed, options)
    for _ in range(seats):
        seat = state.seat
        state, _ = GAME.apply(state, seat, f"port {PORTS[seat].lower()}")
    return state


def edit(state: MareState, **fields: Any) -> MareState:
    """A copy of `state` with some fields replaced (players deep-copied)."""
    out = GAME.load_state(GAME.dump_state(state))
    for key, value in fields.items():
        setattr(out, key, value)
    return out


def player(state: MareState, seat: int, **fields: Any) -> MareState:
    """A copy of `state` with some fields of one player replaced."""
    out = edit(state)
    out.players[seat] = dataclasses.replace(out.players[seat], **fields)
    return out


def turn_of(state: MareState, seat: int, actions: int = 3) -> MareState:
    """It is `seat`'s turn, with `actions` left."""
    return edit(state, seat=seat, actions=actions, sub=None, phase="turn")


def act(state: MareState, seat: int, *texts: str) -> tuple[MareState, list[Event]]:
    events: list[Event] = []
    for text in texts:
        state, more = GAME.apply(state, seat, text)
        events += more
    return state, events


def texts(state: MareState, seat: int) -> list[str]:
    return [a.text for a in GAME.legal_actions(state, seat)]


def empty_sea(state: MareState) -> MareState:
    """No token anywhere on the sea."""
    return edit(state, tokens={s: [] for s in BOARD.seas})


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
