"""Launching boats and hiring captains (RULES §6–§7), the start of each seat's end of round.

Every player works through launching, the Cod draw, hiring, then the Lobster draw at their
own pace (RULES §3.2): nothing one player does here changes what another may do.
"""

from __future__ import annotations

from engine.fleet_cards.holdings import (
    boat_cards,
    captained,
    cod_draw,
    first_of,
    hire_limit,
    launch_limit,
    lobster_draw,
    may_consider_launching,
    owned,
    uncaptained,
)
from engine.fleet_cards.payment import close_payment, start_payment
from engine.fleet_cards.state import Boat
from engine.fleet_cards.work import Work


def begin(t: Work) -> None:
    """The auction is over: every seat not yet at its end of round starts it (RULES §3.2)."""
    t.state.phase = "work"
    for seat in range(t.seats):
        if t.state.players[seat].stage is None:
            begin_seat(t, seat)


def begin_seat(t: Work, seat: int) -> None:
    """One seat starts its own end of round: at the auction's close, or once it is out of
    the auction when that cannot change the game (RULES §3.2, `flow.early`)."""
    p = t.player(seat)
    p.launches = 0
    p.hires = 0
    p.stage = "launch"
    if may_consider_launching(t.book, p):
        p.task = "launch"
    else:
        _start_hiring(t, seat)


def launch(t: Work, seat: int, kind: str) -> None:
    """RULES §6.1: the boat goes face up on the tableau, then its cost is paid from the cards
    left in hand."""
    p = t.player(seat)
    card = first_of(t.book, p.hand, kind)
    assert card is not None
    p.hand.remove(card)
    p.boats.append(Boat(card=card))
    t.emit("launch", seat, boat=kind, card=card, index=len(p.boats) - 1)
    if start_payment(t, seat, "boat", kind, t.book.boats[kind].cost):
        settle(t, seat)
    else:
        p.task = "pay"


def settle(t: Work, seat: int) -> None:
    """The launch is paid; a Cod license may allow a second one (RULES §6.3)."""
    close_payment(t, seat)
    p = t.player(seat)
    p.launches += 1
    if p.launches < launch_limit(t.book, p) and may_consider_launching(t.book, p):
        p.task = "launch"
    else:
        stop_launching(t, seat)


def stop_launching(t: Work, seat: int) -> None:
    """RULES §6.4: a player who launched draws the Cod bonus once, before hiring."""
    p = t.player(seat)
    if p.launches and owned(t.book, p, "cod"):
        t.draw(seat, cod_draw(t.book, p), "cod")
    _start_hiring(t, seat)


def _start_hiring(t: Work, seat: int) -> None:
    """RULES §7.1: asked only if a boat lacks a captain and the hand holds a card."""
    p = t.player(seat)
    p.stage = "hire"
    p.task = "hire" if uncaptained(p) and boat_cards(t.book, p.hand) else None


def hire(t: Work, seat: int, kind: str) -> None:
    """RULES §7.1: a card from hand goes face down on a boat without a captain (the first
    launched of them: which one makes no difference, §7.4)."""
    p = t.player(seat)
    card = first_of(t.book, p.hand, kind)
    assert card is not None
    index = next(i for i, b in enumerate(p.boats) if b.captain is None)
    p.hand.remove(card)
    p.boats[index].captain = card
    p.hires += 1
    t.emit("hire", seat, index=index, boat=t.book.boat_type(p.boats[index].card))
    t.tell(seat, "captain", card=card, index=index)
    if p.hires < hire_limit(t.book, p):
        _start_hiring(t, seat)
    else:
        p.task = None


def stop_hiring(t: Work, seat: int) -> None:
    t.player(seat).task = None


def lobster_bonus(t: Work, seat: int) -> None:
    """RULES §7.3: once the seat is done hiring, cards by the captained boats it then has."""
    p = t.player(seat)
    if owned(t.book, p, "lobster") and captained(p):
        t.draw(seat, lobster_draw(t.book, p), "lobster")
