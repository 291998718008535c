"""Fishing, then processing and trading (RULES §8–§9), each seat when it gets there.

A seat's boats fish as soon as it is done hiring. It may go on to processing while others
have still to fish only if the fish supply cannot run out this round (§8.2): the supply is
public, and nothing else in processing touches what another seat may do (§3.2)."""

from __future__ import annotations

from engine.fleet_cards.holdings import launch_limit, owned, processable, trade_draw
from engine.fleet_cards.work import Work


def fish(t: Work, seat: int) -> None:
    """RULES §8.1: every captained boat of the seat below capacity takes one crate from the
    supply. A supply that runs out still pays every crate due this round (§8.2); the game
    then ends once everyone has fished (§11.2)."""
    capacity = t.book.boat_capacity
    p = t.player(seat)
    caught = 0
    for boat in p.boats:
        if boat.captain is not None and boat.crates < capacity:
            boat.crates += 1
            caught += 1
    t.state.crates -= caught
    p.stage = "fished"
    if caught:
        t.emit("fish", seat, crates=caught)


def most_catch(t: Work, seat: int) -> int:
    """The most crates a seat that has not fished yet could still take this round, from what
    the table sees: one a boat below capacity, and one for each boat it may still launch
    (RULES §6.3, §8.1). A seat still in the auction (no stage yet) may still buy a Cod
    license, which allows one more launch (§4.5: one license a phase)."""
    p = t.state.players[seat]
    capacity = t.book.boat_capacity
    room = sum(1 for boat in p.boats if boat.crates < capacity)
    if p.stage is None:
        room += t.book.bonuses.cod_launches[min(4, owned(t.book, p, "cod") + 1)]
    elif p.stage == "launch":
        room += max(0, launch_limit(t.book, p) - p.launches)
    return room


def may_process(t: Work) -> bool:
    """Whether a seat that has fished may go on to processing now (RULES §3.2, §8.2): not in
    the last round (§11.3), and only if the supply cannot run out this round, so a crate is
    left however much the seats still to fish catch, those still in the auction included
    (they launch and fish once it closes)."""
    state = t.state
    if state.last_round:
        return False
    to_fish = [s for s, p in enumerate(state.players) if p.stage in (None, "launch", "hire")]
    return state.crates > sum(most_catch(t, s) for s in to_fish)


def begin_processing(t: Work, seat: int) -> None:
    p = t.player(seat)
    p.stage = "process"
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
