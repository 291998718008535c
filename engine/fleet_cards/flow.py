"""The round, as a small state machine over `phase` (RULES §3): whenever no seat owes a
decision, the game moves one step on — the next lot of the auction, or the next phase."""

from __future__ import annotations

from engine.fleet_cards import auction, drawing, harvest, launching
from engine.fleet_cards.work import Work


def advance(t: Work) -> None:
    """Move the game on until some seat must decide, or the game is over."""
    state = t.state
    while state.phase != "over" and not any(p.task for p in state.players):
        _step(t)


def _step(t: Work) -> None:
    state = t.state
    phase = state.phase
    if phase == "auction":
        if not auction.next_lot(t):
            auction.close(t)
            _moved(t)
            launching.begin(t)
    elif phase == "launch":
        launching.lobster_draws(t)
        harvest.fish(t)
        _moved(t)
        if state.crates <= 0:
            _over(t, "fish")
        elif state.last_round:
            # RULES §11.3: nothing after fishing can change a score, so the last round ends here.
            _over(t, "licenses")
        else:
            harvest.begin_processing(t)
    elif phase == "processing":
        _moved(t)
        drawing.begin(t)
    elif phase == "draw":
        _moved(t)
        state.round += 1
        state.first_player = (state.first_player + 1) % t.seats
        t.emit("round", None, round=state.round, first=state.first_player)
        auction.begin(t)


def _moved(t: Work) -> None:
    """The public step moves on: buttons on the old public message go stale."""
    t.state.public += 1


def _over(t: Work, why: str) -> None:
    state = t.state
    state.phase = "over"
    state.end = "fish" if why == "fish" else "licenses"
    for seat in range(t.seats):
        t.player(seat).task = None
    t.emit("over", None, reason=why)
