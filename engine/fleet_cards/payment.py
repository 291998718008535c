"""Paying a price card by card (RULES §5): boat cards at their cash value, processed crates at
$1, after the Shrimp discount; the payment ends once the price is covered, and no change is
given. Every card paid is public: it goes face up to the discard pile."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from engine.fleet_cards.holdings import discount, first_of
from engine.fleet_cards.state import Payment
from engine.fleet_cards.table import Table

CRATE = "crate"
"""What ``pay crate`` pays with: one processed fish crate."""


def start_payment(
    t: Table, seat: int, kind: Literal["license", "boat"], item: str, cost: int
) -> bool:
    """Open a payment; True when the discount alone already covers it."""
    p = t.player(seat)
    p.payment = Payment(kind=kind, item=item, cost=cost, discount=discount(t.book, p))
    return p.payment.due == 0


def pay(t: Table, seat: int, what: str) -> bool:
    """Pay one card of type `what` (or one processed crate); True once the price is covered."""
    p = t.player(seat)
    payment = p.payment
    assert payment is not None
    if what == CRATE:
        p.processed -= 1
        payment = replace(payment, paid=payment.paid + t.book.crate_cash, crates=payment.crates + 1)
        t.emit("spend", seat, crate=True, value=t.book.crate_cash)
    else:
        card = first_of(t.book, p.hand, what)
        assert card is not None
        p.hand.remove(card)
        t.spend(card)
        value = t.book.cash(card)
        payment = replace(payment, paid=payment.paid + value, cards=(*payment.cards, card))
        t.emit("spend", seat, card=card, kind=what, value=value)
    p.payment = payment
    return payment.due == 0


def close_payment(t: Table, seat: int) -> Payment:
    """The finished payment, told to everyone (what was paid, and how much was overpaid)."""
    p = t.player(seat)
    payment = p.payment
    assert payment is not None and payment.due == 0
    p.payment = None
    t.emit(
        "paid",
        seat,
        kind=payment.kind,
        item=payment.item,
        cost=payment.cost,
        discount=payment.discount,
        paid=payment.paid,
        cards=list(payment.cards),
        crates=payment.crates,
        overpaid=max(0, payment.paid - payment.price),
    )
    return payment
