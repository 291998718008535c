"""Paying a price (RULES §5): boat cards at their cash value, processed crates at
$1, after the Shrimp discount; the payment ends once the price is covered, and no change is
given. Every card paid is public: it goes face up to the discard pile."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

from engine.fleet_cards.cards import Deck
from engine.fleet_cards.holdings import discount, first_of
from engine.fleet_cards.state import Payment
from engine.fleet_cards.work import Work

CRATE = "crate"
"""What ``pay crate`` pays with: one processed fish crate."""


def start_payment(
    t: Work, seat: int, kind: Literal["license", "boat"], item: str, cost: int
) -> bool:
    """Open a payment; True when the discount alone already covers it."""
    p = t.player(seat)
    p.payment = Payment(kind=kind, item=item, cost=cost, discount=discount(t.book, p))
    return p.payment.due == 0


def pay(t: Work, seat: int, what: str) -> bool:
    """Pay one card of type `what` (or one processed crate); True once the price is covered."""
    p = t.player(seat)
    payment = p.payment
    assert payment is not None
    if what == CRATE:
        p.processed -= 1
        payment = payment.plus(t.book.crate_cash)
        t.emit("spend", seat, crate=True, value=t.book.crate_cash)
    else:
        card = first_of(t.book, p.hand, what)
        assert card is not None
        p.hand.remove(card)
        t.spend(card)
        value = t.book.cash(card)
        payment = payment.plus(value, card)
        t.emit("spend", seat, card=card, kind=what, value=value)
    p.payment = payment
    return payment.due == 0


def cash_of(t: Work, what: str) -> int:
    """What one card of type `what`, or one processed crate, pays."""
    return t.book.crate_cash if what == CRATE else t.book.kind_cash(what)


def laid_down(t: Work, seat: int, kinds: list[str]) -> str | None:
    """Why several cards and crates cannot be laid down at once for the payment under way, or
    None if they can (RULES §5.2): the payer holds them all, and each one is needed — the
    payment ends as soon as it is covered, so no card may be left over once it is."""
    p = t.player(seat)
    assert p.payment is not None
    held = Counter(t.book.card_types[c] for c in p.hand)
    held[CRATE] = p.processed
    for kind, n in Counter(kinds).items():
        if n > held[kind]:
            return CRATE if kind == CRATE else kind
    values = [cash_of(t, k) for k in kinds]
    if sum(values) - min(values) >= p.payment.due:
        return "more"
    return None


def pay_all(t: Work, seat: int, kinds: list[str]) -> bool:
    """Lay several cards and crates down at once (each must be needed, see `laid_down`), the
    cheapest last, so the payment ends on the last one; True once the price is covered."""
    if len(kinds) == 1:
        return pay(t, seat, kinds[0])
    done = False
    for kind in sorted(kinds, key=lambda k: -cash_of(t, k)):
        done = pay(t, seat, kind)
    return done


def least_overpaid(book: Deck, kinds: Sequence[str], due: int) -> list[str] | None:
    """Which of `kinds` (boat types, Gone Fishin', ``crate``) cover `due` overpaying the
    least, and then with the fewest: a way to pay in one step, each one needed (one that
    could be left out would cover with less overpaid). The dearest first; None if they do not
    cover it.

    >>> from engine.fleet_cards.cards import builtin_deck
    >>> least_overpaid(builtin_deck(), ["tuna", "cod", "cod", "shrimp"], 4)
    ['tuna', 'cod']
    """
    values = [book.crate_cash if k == CRATE else book.kind_cash(k) for k in kinds]
    if due <= 0 or sum(values) < due:
        return None
    # fewest[s]: the fewest items adding up to exactly s, up to the most one item overshoots
    top = due + max(values)
    fewest: list[tuple[int, ...] | None] = [None] * (top + 1)
    fewest[0] = ()
    for i, value in enumerate(values):
        for s in range(top, value - 1, -1):
            before, now = fewest[s - value], fewest[s]
            if before is not None and (now is None or len(before) + 1 < len(now)):
                fewest[s] = (*before, i)
    picked = next(p for p in fewest[due:] if p is not None)
    return [kinds[i] for i in sorted(picked, key=lambda i: -values[i])]


def quickest(book: Deck, held: Sequence[str], due: int, longest: int) -> list[str]:
    """The payment in one step (RULES §5.2): the items of `held` that cover `due` overpaying
    the least (`least_overpaid`), or, when they do not cover it or their words would not fit
    an action's `longest` characters, the dearest single item, towards it.

    >>> from engine.fleet_cards.cards import builtin_deck
    >>> quickest(builtin_deck(), ["tuna", "cod", "cod", "shrimp"], 4, 100)
    ['tuna', 'cod']
    >>> quickest(builtin_deck(), ["tuna", "cod", "cod", "shrimp"], 4, 10)
    ['tuna']
    """
    kinds = least_overpaid(book, held, due)
    if kinds is None or len(" ".join(["pay", *words(kinds)])) > longest:
        kinds = [max(held, key=lambda k: book.crate_cash if k == CRATE else book.kind_cash(k))]
    return kinds


def words(kinds: Sequence[str]) -> list[str]:
    """The words naming these cards in a payment: copies told apart (``tuna tuna:2``).

    >>> words(["tuna", "tuna", "cod"])
    ['tuna', 'tuna:2', 'cod']
    """
    seen: dict[str, int] = {}
    named = []
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        named.append(kind if seen[kind] == 1 else f"{kind}:{seen[kind]}")
    return named


def close_payment(t: Work, seat: int) -> Payment:
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
