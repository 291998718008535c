"""Phases three and four: fishing, then processing and trading (RULES §8–§9)."""

from __future__ import annotations

from engine.fleet_cards.holdings import owned, processable, trade_draw
from engine.fleet_cards.work import Work


def fish(t: Work) -> None:
    """RULES §8.1: every captained boat below capacity takes one crate from the supply. A
    supply that runs out still pays every crate due in this phase (§8.2); the game then ends
    (§11.2)."""
    capacity = t.book.boat_capacity
    for seat in t.in_turn_order():
        p = t.player(seat)
        caught = 0
        for boat in p.boats:
            if boat.captain is not None and boat.crates < capacity:
                boat.crates += 1
                caught += 1
        t.state.crates -= caught
        if caught:
            t.emit("fish", seat, crates=caught)
    if t.state.crates <= 0:
        t.emit("fish_out", None, credited=-t.state.crates)


def begin_processing(t: Work) -> None:
    t.state.phase = "processing"
    for seat in range(t.seats):
        p = t.player(seat)
        for boat in p.boats:
            boat.processed = False
        _next_step(t, seat)


def _next_step(t: Work, seat: int) -> None:
    """Processing first, while a boat still has a crate to give; then trading, if a crate
    lies on the license (RULES §9)."""
    p = t.player(seat)
    if not owned(t.book, p, "processing"):
        p.task = None
    elif p.task != "trade" and processable(p):
        p.task = "process"
    elif p.processed:
        p.task = "trade"
    else:
        p.task = None


def process(t: Work, seat: int, crates: int) -> None:
    """RULES §9.1: one crate from a boat (one holding `crates` crates) onto the license."""
    p = t.player(seat)
    boat = next(b for b in p.boats if b.crates == crates and not b.processed)
    boat.crates -= 1
    boat.processed = True
    p.processed += 1
    t.emit("process", seat, crates=crates)
    _next_step(t, seat)


def stop_processing(t: Work, seat: int) -> None:
    p = t.player(seat)
    p.task = "trade" if p.processed else None


def trade(t: Work, seat: int) -> None:
    """RULES §9.2: one processed crate leaves the game for cards from the supply."""
    p = t.player(seat)
    p.processed -= 1
    p.task = None
    t.emit("trade", seat)
    t.draw(seat, trade_draw(t.book, p), "trade")


def keep_crates(t: Work, seat: int) -> None:
    t.player(seat).task = None
