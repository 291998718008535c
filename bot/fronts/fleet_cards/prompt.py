"""A seat's decision: what it is asked (a sentence), the context it needs to choose, and one
choice per legal action, each with a line saying what it does now and what it costs."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.fronts.base import Choice, Panel
from bot.fronts.fleet_cards.tableau import hand_lines
from bot.fronts.fleet_cards.words import (
    BONUSES,
    EMOJI,
    boat,
    boat_name,
    book_of,
    license_emoji,
    license_name,
)
from bot.i18n import Tr
from engine.core.actions import Action
from engine.fleet_cards.cards import Deck, kind_of
from engine.fleet_cards.holdings import discount, hire_limit, launch_limit, purse, trade_draw
from engine.fleet_cards.payment import CRATE
from engine.fleet_cards.views import FleetCardsView, PlayerView, as_player


def owed(tr: Tr, view: FleetCardsView, seat: int) -> str:
    """What a seat must decide, in a few words (lowercase, for a notice)."""
    p = view.players[seat]
    lot = view.auction.lot
    what = license_name(tr, lot) if lot else ""
    match p.task:
        case "choose":
            return tr._("choose a license to put up for auction, or decline")
        case "open":
            return tr._("name the opening bid for the {license}", license=what)
        case "raise":
            return tr._("raise the bid for the {license}, or pass", license=what)
        case "pay":
            payment = p.payment
            assert payment is not None
            return tr._("pay ${due} more for {what}", due=payment.due, what=_paying_for(tr, p))
        case "launch":
            return tr._("launch a boat, or stop")
        case "hire":
            return tr._("hire a captain, or stop")
        case "process":
            return tr._("process crates onto your Processing Vessel license, or stop")
        case "trade":
            return tr._("trade a processed crate for cards, or keep it")
        case "discard":
            return tr._("discard a card")
    return ""


def _paying_for(tr: Tr, p: PlayerView) -> str:
    payment = p.payment
    assert payment is not None
    if payment.kind == "license":
        return tr._("the {license}", license=license_name(tr, payment.item))
    return tr._("your {boat} boat", boat=boat_name(tr, payment.item))


def prompt_panel(view: FleetCardsView, seat: int, actions: Sequence[Action], tr: Tr) -> Panel:
    book = book_of(view)
    p = view.players[seat]
    if p.task is None or not actions:
        return Panel(tr._("Nothing to decide right now."))
    asked = owed(tr, view, seat)
    lines = _context(tr, book, view, p)
    fields = [(tr._("Your hand"), hand_lines(tr, book, p))]
    choices = [_choice(tr, book, view, p, a) for a in actions]
    return Panel(asked[:1].upper() + asked[1:], lines, fields, choices=choices)


def _context(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView) -> list[str]:
    a = view.auction
    mine = as_player(p)
    if p.task == "choose":
        return [tr._("You can pay up to ${most}.", most=purse(book, mine))]
    if p.task in ("open", "raise") and a.lot is not None:
        spec = book.licenses[a.lot]
        lines = [
            tr._(
                "{license}: minimum ${least}, {vp} VP.",
                license=license_name(tr, a.lot),
                least=spec.min_bid,
                vp=spec.vp,
            ),
            tr._(BONUSES[a.lot]) if a.lot in BONUSES else "",
        ]
        if a.leader is not None:
            lines.append(tr._("High bid: ${high}.", high=a.high))
        lines.append(tr._("You can pay up to ${most}.", most=purse(book, mine)))
        return [line for line in lines if line]
    if p.task == "pay" and p.payment is not None:
        pay = p.payment
        lines = [
            tr._(
                "Price ${cost}, Shrimp discount ${discount}: ${price} to pay.",
                cost=pay.cost,
                discount=pay.discount,
                price=pay.price,
            ),
            tr._(
                "Paid so far: ${paid}. Still due: ${due}. No change is given.",
                paid=pay.paid,
                due=pay.due,
            ),
        ]
        return lines
    if p.task == "launch":
        return [
            tr._(
                "Launches this round: {done} of {most}.",
                done=p.launches,
                most=launch_limit(book, mine),
            )
        ]
    if p.task == "hire":
        free = sum(1 for b in p.boats if not b.captain)
        return [
            tr._(
                "Boats without a captain: {free}. Captains hired this round: {done} of {most}.",
                free=free,
                done=p.hires,
                most=hire_limit(book, mine),
            )
        ]
    if p.task == "discard" and p.drawn:
        drawn = ", ".join(boat(tr, kind_of(c)) for c in p.drawn)
        return [tr._("Just drawn: {cards}. Keep one, discard the other.", cards=drawn)]
    if p.task == "discard":
        return [tr._("Your Tuna licenses let you discard any card of your hand.")]
    return []


def _choice(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, action: Action) -> Choice:
    arg = action.args[0] if action.args else ""
    return _CHOICES[action.verb](tr, book, view, p, arg, action.text)


def _open(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, lic: str, text: str) -> Choice:
    return license_choice(tr, book, lic, text)


def license_choice(tr: Tr, book: Deck, lic: str, text: str) -> Choice:
    """Put a license up: its minimum, its VP and what its bonus does."""
    spec = book.licenses[lic]
    detail = tr._(
        "opening bid from ${least} · {vp} VP · {bonus}",
        least=spec.min_bid,
        vp=spec.vp,
        bonus=tr._(BONUSES.get(lic, "")),
    )
    label = tr._("Put up {license}", license=license_name(tr, lic))
    return Choice(label, text, detail[:100], emoji=license_emoji(book, lic))


def _decline(
    tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str
) -> Choice:
    return decline_choice(tr, view)


def decline_choice(tr: Tr, view: FleetCardsView) -> Choice:
    """Buy no license this round (RULES §4.1), and what that brings with Gone Fishin'."""
    detail = tr._("buy no license this round")
    if view.options.gone_fishin and view.gone_fishin_left:
        detail = tr._("buy no license this round; take a Gone Fishin' card ($2, 2 VP)")
    return Choice(tr._("Decline"), "decline", detail, style="danger")


def _bid(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str) -> Choice:
    n, a = int(arg), view.auction
    most = purse(book, as_player(p))
    if a.leader is None:
        detail = tr._("open at ${n}; you can pay up to ${most}", n=n, most=most)
    else:
        detail = tr._(
            "beat ${high} by ${more}; you can pay up to ${most}",
            high=a.high,
            more=n - a.high,
            most=most,
        )
    return Choice(f"${n}", text, detail, group="bid", style="primary")


def _pass(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str) -> Choice:
    lic = license_name(tr, view.auction.lot or "")
    detail = tr._("out of the bidding for the {license}", license=lic)
    return Choice(tr._("Pass"), text, detail, style="danger")


def _launch(
    tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, kind: str, text: str
) -> Choice:
    spec = book.boats[kind]
    price = max(0, spec.cost - discount(book, as_player(p)))
    detail = tr._(
        "costs ${cost} (${price} after discount), paid from your other cards · {vp} VP",
        cost=spec.cost,
        price=price,
        vp=spec.vp,
    )
    label = tr._("Launch {boat}", boat=boat_name(tr, kind))
    return Choice(label, text, detail, emoji=EMOJI.get(kind), style="primary")


def _hire(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, kind: str, text: str) -> Choice:
    target = next((b.kind for b in p.boats if not b.captain), "")
    detail = tr._(
        "a ${cash} card goes face down on your {boat} boat, which then fishes",
        cash=book.boats[kind].cash,
        boat=boat_name(tr, target),
    )
    label = tr._("Hire a {card} card", card=boat_name(tr, kind))
    return Choice(label, text, detail, emoji=EMOJI.get(kind), style="primary")


def _process(
    tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str
) -> Choice:
    n = int(arg)
    detail = (
        tr._("−1 VP now, +$1 crate; the full boat fishes again")
        if n == book.boat_capacity
        else tr._("−1 VP now, +$1 crate on your Processing Vessel license")
    )
    return Choice(tr._("Process from a boat of {n}", n=n), text, detail, emoji=EMOJI["crate"])


def _trade(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str) -> Choice:
    n = trade_draw(book, as_player(p))
    detail = tr.ngettext("a processed crate for {n} card", "a processed crate for {n} cards", n)
    return Choice(tr._("Trade a crate"), text, detail, style="primary")


def _discard(
    tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, kind: str, text: str
) -> Choice:
    detail = tr._("face down; a ${cash} card", cash=book.boats[kind].cash)
    label = tr._("Discard {card}", card=boat_name(tr, kind))
    return Choice(label, text, detail, emoji=EMOJI.get(kind))


def _stop(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str) -> Choice:
    label, detail = {
        "launch": (tr._("Launch no more"), tr._("hiring captains comes next")),
        "hire": (tr._("Hire no more"), tr._("you are done with this phase")),
        "process": (tr._("Stop processing"), tr._("keep the other crates on your boats")),
        "trade": (tr._("Keep your crates"), tr._("no trade this round")),
    }.get(p.task or "", (tr._("Stop"), ""))
    return Choice(label, text, detail)


def _pay(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str) -> Choice:
    return _pay_choice(tr, book, p, arg, text)


_CHOICES: dict[str, Callable[[Tr, Deck, FleetCardsView, PlayerView, str, str], Choice]] = {
    "open": _open,
    "decline": _decline,
    "bid": _bid,
    "pass": _pass,
    "pay": _pay,
    "launch": _launch,
    "hire": _hire,
    "process": _process,
    "trade": _trade,
    "discard": _discard,
    "stop": _stop,
}
"""One choice per verb: its label and what it does now."""


def _pay_choice(tr: Tr, book: Deck, p: PlayerView, arg: str, text: str) -> Choice:
    assert p.payment is not None
    due = p.payment.due
    if arg == CRATE:
        value = book.crate_cash
        label = tr._("Pay a processed crate")
        emoji: str | None = EMOJI["crate"]
    else:
        value = book.kind_cash(arg)
        label = tr._("Pay with {card}", card=boat_name(tr, arg))
        emoji = EMOJI.get(arg)
    if value > due:
        detail = tr._(
            "${value}: covers the ${due} due, ${over} overpaid",
            value=value,
            due=due,
            over=value - due,
        )
    elif value == due:
        detail = tr._("${value}: covers the ${due} due exactly", value=value, due=due)
    else:
        detail = tr._("${value}: ${left} still due after it", value=value, left=due - value)
    return Choice(label, text, detail, emoji=emoji, style="primary")
