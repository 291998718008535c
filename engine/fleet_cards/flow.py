"""The round, as a small state machine (RULES §3): the auction moves on lot by lot whenever
nobody owes an auction decision; each seat moves on through its own end of round (`Stage`,
RULES §3.2) whenever it owes nothing — from the auction's close, or as soon as it is out of
the auction when that cannot change the game (`early`) — and the next auction begins once
the auction is closed and every seat is done."""

from __future__ import annotations

from engine.fleet_cards import auction, drawing, harvest, launching
from engine.fleet_cards.state import FleetCardsState
from engine.fleet_cards.work import Work


def advance(t: Work) -> None:
    """Move the game on until every seat must decide or wait, or the game is over."""
    state = t.state
    fished: set[int] = set()
    while state.phase != "over":
        if state.phase == "auction":
            if auction.owed(state):
                # Seats out of the auction work through their end of round meanwhile.
                if early(state):
                    for seat in t.in_turn_order():
                        p = state.players[seat]
                        if p.out and p.stage is None and p.task is None:
                            launching.begin_seat(t, seat)
                if not _end_of_round(t, fished):
                    return
            elif not auction.next_lot(t):
                auction.close(t)
                _moved(t)
                launching.begin(t)
        elif not _end_of_round(t, fished):
            return


def early(state: FleetCardsState) -> bool:
    """Whether a seat out of the auction (RULES §4.1, §4.5) starts its end of round at once
    (§3.2): only when this is certainly not the last round, that is when the license deck
    can refill the whole row at the auction's close (§4.7, §11.1), so the seat would do the
    same after the close; its fishing and processing wait on the fish supply as always
    (`harvest.may_process`)."""
    return not state.last_round and len(state.licenses) >= len(state.players)


def _end_of_round(t: Work, fished: set[int]) -> bool:
    """One step of one seat's end of round, in turn order, or of the table once every seat
    has got as far as it can; False when everyone left owes a decision or waits."""
    state = t.state
    for seat in t.in_turn_order():
        p = state.players[seat]
        if p.task is not None or p.stage is None:
            continue
        if p.stage == "hire":
            # RULES §7.3 then §8.1: its Lobster draw, then its boats fish.
            launching.lobster_bonus(t, seat)
            harvest.fish(t, seat)
            fished.add(seat)
            return True
        if p.stage == "fished" and harvest.may_process(t):
            if seat not in fished:
                # It waited for the others' catch: a new turn for it (during the auction too,
                # where the public buttons then go stale: a seat rarely waits that long).
                _moved(t)
            harvest.begin_processing(t, seat)
            return True
        if p.stage == "process":
            drawing.begin(t, seat)
            return True
    if state.phase == "auction":
        return False  # the table moves on once the auction is closed
    stages = {p.stage for p in state.players}
    if stages == {"fished"}:
        # Everyone has fished and nobody could go on (RULES §8.2, §11.2, §11.3).
        if state.crates <= 0:
            t.emit("fish_out", None, credited=-state.crates)
            _over(t, "fish")
        else:
            # RULES §11.3: nothing after fishing can change a score, so the last round ends.
            assert state.last_round
            _over(t, "licenses")
        return True
    if stages == {"done"}:
        _moved(t)
        state.round += 1
        state.first_player = (state.first_player + 1) % t.seats
        for seat in range(t.seats):
            t.player(seat).stage = None
        t.emit("round", None, round=state.round, first=state.first_player)
        auction.begin(t)
        return True
    return False


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
