"""Phase one, the license auction (RULES §4): a chooser puts a license up at its minimum or
more, or declines for the phase; the others bid clockwise, raising or passing; the last one in
wins, pays, and is done for the phase. At the end the row is refilled.
"""

from __future__ import annotations

from engine.fleet_cards.payment import close_payment, start_payment
from engine.fleet_cards.state import Auction, FleetCardsState, Player
from engine.fleet_cards.work import Work

MENU = 24
"""At most this many bid amounts are offered at once (with Pass: a 25-option menu)."""
STEADY = 16
"""The first amounts above the minimum are offered one dollar apart (RULES §4.9)."""


def bid_amounts(low: int, high: int) -> list[int]:
    """The bids offered between the lowest legal bid and the most the bidder can pay
    (RULES §4.9): every amount when they fit a menu, else the first 16 one dollar apart and
    the rest spread evenly up to the most, which is always offered.

    >>> bid_amounts(4, 9)
    [4, 5, 6, 7, 8, 9]
    >>> amounts = bid_amounts(5, 60)
    >>> len(amounts), amounts[:3], amounts[-1]
    (24, [5, 6, 7], 60)
    """
    if high < low:
        return []
    if high - low + 1 <= MENU:
        return list(range(low, high + 1))
    head = list(range(low, low + STEADY))
    rest = MENU - STEADY
    last = head[-1]
    tail = {last + round((high - last) * (i + 1) / rest) for i in range(rest)}
    return head + sorted(tail)


def begin(t: Work) -> None:
    """A new auction phase: everyone may buy one license."""
    t.state.phase = "auction"
    t.state.auction = Auction()
    for seat in range(t.seats):
        t.player(seat).out = False


def owes_bidding(p: Player) -> bool:
    """Whether a seat owes a decision of the auction itself: choosing or opening a lot,
    raising or passing, or paying for a license just won (RULES §4.1–§4.5). Seats out of the
    auction may owe decisions of their end of round at the same time (§3.2)."""
    if p.task in ("choose", "open", "raise"):
        return True
    return p.task == "pay" and p.payment is not None and p.payment.kind == "license"


def owed(state: FleetCardsState) -> bool:
    """Whether the auction waits for a decision; only then does it stay on this lot."""
    return any(owes_bidding(p) for p in state.players)


def next_lot(t: Work) -> bool:
    """RULES §4.6: the first seat in turn order still in the phase chooses the next license.
    False when everyone has bought or declined: the phase is over."""
    players = t.state.players
    chooser = next((s for s in t.in_turn_order() if not players[s].out), None)
    if chooser is None or not t.state.row:
        return False
    bought = t.state.auction.bought
    t.state.auction = Auction(bought=bought)
    t.player(chooser).task = "choose"
    return True


def choose(t: Work, seat: int, license_id: str) -> None:
    """RULES §4.1: put a license up for auction; the opening bid comes next."""
    t.state.auction.lot = license_id
    t.state.auction.opener = seat
    t.player(seat).task = "open"
    t.emit("offer", seat, license=license_id)


def decline(t: Work, seat: int) -> None:
    """RULES §4.1: not choosing puts the chooser out of the rest of the phase."""
    p = t.player(seat)
    p.task = None
    p.out = True
    t.emit("decline", seat)
    if t.state.options.gone_fishin and t.state.gone_fishin:
        # RULES §14.2: a player who declines takes a Gone Fishin' card, in view of all.
        card = t.state.gone_fishin.pop(0)
        p.hand.append(card)
        t.emit("gone_fishin", seat, card=card)


def bid(t: Work, seat: int, amount: int) -> None:
    auction = t.state.auction
    auction.high = amount
    auction.leader = seat
    t.player(seat).task = None
    t.emit("bid", seat, license=auction.lot, amount=amount)
    _next_bidder(t, seat)


def pass_lot(t: Work, seat: int) -> None:
    """RULES §4.3: a player who passes is out of the bidding for this license."""
    t.state.auction.passed.append(seat)
    t.player(seat).task = None
    t.emit("pass", seat, license=t.state.auction.lot)
    _next_bidder(t, seat)


def bidders(t: Work) -> list[int]:
    """Seats that may still bid on this lot besides the high bidder, clockwise."""
    auction = t.state.auction
    players = t.state.players
    return [
        s
        for s in range(t.seats)
        if not players[s].out and s not in auction.passed and s != auction.leader
    ]


def _next_bidder(t: Work, after: int) -> None:
    """RULES §4.3: bidding goes clockwise until only the high bidder is left."""
    left = bidders(t)
    if not left:
        _win(t)
        return
    n = t.seats
    nxt = next((after + i) % n for i in range(1, n + 1) if (after + i) % n in left)
    t.player(nxt).task = "raise"


def _win(t: Work) -> None:
    """RULES §4.5: the high bidder wins, is done for the phase, and pays."""
    auction = t.state.auction
    seat = auction.leader
    assert seat is not None and auction.lot is not None
    p = t.player(seat)
    p.out = True
    t.emit("won", seat, license=auction.lot, amount=auction.high)
    if start_payment(t, seat, "license", auction.lot, auction.high):
        settle(t, seat)
    else:
        p.task = "pay"


def settle(t: Work, seat: int) -> None:
    """The license is paid for: it goes to its buyer; its bonus counts from now (§5.1)."""
    payment = close_payment(t, seat)
    p = t.player(seat)
    p.task = None
    p.licenses.append(payment.item)
    t.state.row.remove(payment.item)
    t.state.auction.bought += 1
    t.emit("bought", seat, license=payment.item)


def close(t: Work) -> None:
    """RULES §4.7–§4.8: refill the row to one license per player; if nobody bought, the row
    leaves play first. A row that cannot be filled makes this the last round (§11.1)."""
    state = t.state
    if state.auction.bought == 0 and state.row:
        state.cleared.extend(state.row)
        t.emit("cleared", None, licenses=list(state.row))
        state.row = []
    need = t.seats - len(state.row)
    revealed = state.licenses[:need]
    state.licenses = state.licenses[need:]
    state.row.extend(revealed)
    t.emit("row", None, revealed=revealed, row=list(state.row), left=len(state.licenses))
    if len(revealed) < need and not state.last_round:
        state.last_round = True
        t.emit("last_round", None)
    state.auction = Auction()
