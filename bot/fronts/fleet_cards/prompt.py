"""A seat's decision: what it is asked (a sentence), the context it needs to choose, and one
choice per legal action, each with a line saying what it does now and what it costs."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.fronts.base import Amount, Choice, Ctx, Multi, Panel
from bot.fronts.fleet_cards.tableau import hand_lines
from bot.fronts.fleet_cards.words import (
    BONUSES,
    EMOJI,
    boat,
    boat_name,
    book_of,
    counted,
    license_emoji,
    license_name,
)
from bot.i18n import Tr
from engine.core.actions import MAX_TEXT, Action
from engine.fleet_cards.actions import MOST_PAID
from engine.fleet_cards.auction import bid_amounts
from engine.fleet_cards.cards import BOAT_TYPES, Deck, kind_of
from engine.fleet_cards.holdings import (
    discount,
    hire_limit,
    launch_limit,
    launch_options,
    launchable_types,
    purse,
    trade_draw,
)
from engine.fleet_cards.payment import CRATE, least_overpaid, quickest, words
from engine.fleet_cards.standing import PAY, lot_of
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


def prompt_panel(view: FleetCardsView, seat: int, actions: Sequence[Action], ctx: Ctx) -> Panel:
    tr = ctx.tr
    book = book_of(view)
    p = view.players[seat]
    if p.task is None or not actions:
        return Panel(tr._("Nothing to decide right now."), standing_lines(tr, view, ctx))
    asked = owed(tr, view, seat)
    lines = _context(tr, book, view, p, ctx)
    fields = [(tr._("Your hand"), hand_lines(tr, book, p))]
    title = asked[:1].upper() + asked[1:]
    if p.task == "pay":
        # RULES §5.2: the cards go down together, picked in one menu, or at one click the
        # way that overpays least
        shortcut = [quickest_payment(tr, book, p)]
        return Panel(title, lines, fields, choices=shortcut, multi=payment_menu(tr, book, p))
    choices = [_choice(tr, book, view, p, a) for a in actions]
    if p.task in ("open", "raise"):
        choices += standing_menu(tr, actions)
    return Panel(title, lines, fields, choices=choices, amount=typed_bid(tr, actions))


def standing_menu(tr: Tr, actions: Sequence[Action]) -> list[Choice]:
    """RULES §4.10: "raise for me up to $N", a menu of limits above the lowest bid (the
    lowest is played now, the next raises when the bidding comes back), and the same with
    the payment made too if the bid wins (the quickest way, §5.2), from the lowest bid on
    (bid it, and pay if it wins). Nobody else sees the limit, only the bids as they are
    played."""
    bids = [int(a.args[0]) for a in actions if a.verb == "bid"]
    if not bids:
        return []
    least = min(bids)
    bidding = [
        Choice(
            tr._("up to ${limit}", limit=n),
            f"{STANDING} {n}",
            tr._(
                "${least} now, then the lowest raise each time, up to ${limit}",
                least=least,
                limit=n,
            ),
            group=tr._("Or bid for me, up to…"),
        )
        for n in bid_amounts(least + 1, max(bids))
    ]
    paying = [
        Choice(
            tr._("up to ${limit}, and pay", limit=n)
            if n > least
            else tr._("${limit}, and pay", limit=n),
            f"{STANDING} {n} {PAY}",
            tr._(
                "${least} now, raises up to ${limit}; if you win, you pay the way that "
                "overpays least",
                least=least,
                limit=n,
            )
            if n > least
            else tr._("${least} now; if you win, you pay the way that overpays least", least=n),
            group=tr._("Or bid and pay for me, up to…"),
        )
        for n in bid_amounts(least, max(bids))
    ]
    return bidding + paying


def standing_lines(tr: Tr, view: FleetCardsView, ctx: Ctx) -> list[str]:
    """The reader's own standing bid, while it holds (RULES §4.10)."""
    order = (ctx.standing or "").split(" ")
    lot = lot_of(ctx.standing or "")
    if len(order) < 2 or not lot or lot != view.auction.lot or not order[1].isdigit():
        return []
    if order[2:] == [PAY]:
        return [
            tr._(
                "Your standing bid on the {license}: up to ${limit}, and if you win it, "
                "the payment the way that overpays least. Only you see this.",
                license=license_name(tr, lot),
                limit=int(order[1]),
            )
        ]
    return [
        tr._(
            "Your standing bid on the {license}: up to ${limit}. Only you see this.",
            license=license_name(tr, lot),
            limit=int(order[1]),
        )
    ]


def typed_bid(tr: Tr, actions: Sequence[Action]) -> Amount | None:
    """RULES §4.9: any amount the bidder can afford is a bid; when the menu leaves some out,
    the player may type one (from the lowest offered to the most they can pay, which the
    menu always offers)."""
    amounts = [int(a.args[0]) for a in actions if a.verb == "bid"]
    if not amounts or len(amounts) > max(amounts) - min(amounts):
        return None
    return Amount("bid", tr._("Other amount…"), min(amounts), max(amounts))


def payment_menu(tr: Tr, book: Deck, p: PlayerView) -> Multi:
    """Every card of the hand and every processed crate as an option showing its cash value;
    the action lays the picked ones down (``pay tuna tuna:2 crate``). As many may be picked as
    an action's text holds."""
    assert p.payment is not None
    options: list[Choice] = []
    kinds = [kind_of(c) for c in p.hand or ()] + [CRATE] * p.processed
    for kind, word in zip(kinds, words(kinds), strict=True):
        label = tr._("Processed crate") if kind == CRATE else boat_name(tr, kind)
        options.append(Choice(f"{label} · ${_cash(book, kind)}", word, emoji=EMOJI.get(kind)))
    options = options[:MENU]
    due = p.payment.due
    placeholder = tr._("Pick the cards that pay the ${due} due…", due=due)
    return Multi("pay", options, placeholder, low=1, high=_most_words(options))


def quickest_payment(tr: Tr, book: Deck, p: PlayerView) -> Choice:
    """The payment in one click: the cards that cover what is due overpaying the least (the
    dearest single card when their names would not fit one action's text)."""
    assert p.payment is not None
    due = p.payment.due
    held = [kind_of(c) for c in p.hand or ()] + [CRATE] * p.processed
    kinds = quickest(book, held, due, MAX_TEXT)
    value = sum(_cash(book, k) for k in kinds)
    # Alike cards counted, not repeated: the label is a button's (80 characters at most).
    counted: dict[str, int] = {}
    for k in kinds:
        counted[k] = counted.get(k, 0) + 1
    names = " + ".join(
        tr._("{n}× {card}", n=n, card=_card_name(tr, k)) if n > 1 else _card_name(tr, k)
        for k, n in counted.items()
    )
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
    label = tr._("Pay with {cards}", cards=names)
    if len(label) > MAX_LABEL:
        label = tr._("Pay ${value} in one go", value=value)
    return Choice(label, " ".join(["pay", *words(kinds)]), detail, style="primary")


MAX_LABEL = 80
"""A button's label holds 80 characters (DISCORD.md): five names in German can need more."""


def _card_name(tr: Tr, kind: str) -> str:
    return tr._("processed crate") if kind == CRATE else boat_name(tr, kind)


def _cash(book: Deck, kind: str) -> int:
    return book.crate_cash if kind == CRATE else book.kind_cash(kind)


MENU = 25
"""A Discord menu holds 25 options."""
STANDING = "standing"
"""A choice that leaves a standing bid sends ``standing <limit>`` (the service's word)."""


def _most_words(options: Sequence[Choice]) -> int:
    """How many options one action's text can name (``pay`` and the longest words first)."""
    room = MAX_TEXT - len("pay")
    lengths = sorted((len(c.action or "") + 1 for c in options), reverse=True)
    most = 0
    for n in lengths:
        if room < n or most == MOST_PAID:
            break
        room -= n
        most += 1
    return max(1, most)


def _context(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, ctx: Ctx) -> list[str]:
    a = view.auction
    mine = as_player(p)
    if p.task == "choose":
        return [tr._("Whoever wins it pays with cards at their cash value; no change is given.")]
    if p.task in ("open", "raise") and a.lot is not None:
        spec = book.licenses[a.lot]
        lines = [
            tr._(
                "{emoji} **{license}**: minimum ${least}, {vp} VP.",
                emoji=license_emoji(book, a.lot),
                license=license_name(tr, a.lot),
                least=spec.min_bid,
                vp=spec.vp,
            ),
            tr._("Bonus: {bonus}.", bonus=tr._(BONUSES[a.lot])) if a.lot in BONUSES else "",
        ]
        if a.leader is not None:
            lines.append(
                tr._("High bid: **${high}** by **{name}**.", high=a.high, name=ctx.name(a.leader))
            )
        still = [
            ctx.name(s)
            for s, other in enumerate(view.players)
            if not other.out and s not in a.passed and s != a.leader
        ]
        lines.append(tr._("May still bid: {names}.", names=tr.list(still)))
        return [line for line in lines if line]
    if p.task == "pay" and p.payment is not None:
        pay = p.payment
        lines = [
            tr._(
                "Price ${cost}, ${discount} off for your Shrimp licenses: ${price} to pay.",
                cost=pay.cost,
                discount=pay.discount,
                price=pay.price,
            )
            if pay.discount
            else tr._("Price ${price}.", price=pay.price)
        ]
        if pay.paid:
            spent = [counted(tr, [boat(tr, kind_of(c)) for c in pay.cards])] if pay.cards else []
            if pay.crates:
                spent.append(tr.ngettext("{n} crate", "{n} crates", pay.crates))
            lines.append(
                tr._("Paid ${paid} so far: {spent}.", paid=pay.paid, spent=", ".join(spent))
            )
        lines.append(
            tr._(
                "**${due}** still due: pick the cards, together or one at a time; no change "
                "is given.",
                due=pay.due,
            )
        )
        return lines
    if p.task == "launch":
        kinds = [k for k in BOAT_TYPES if k in launchable_types(book, mine)]
        lines = [
            tr._(
                "Your licenses launch: {boats}. Launches this round: {done} of {most}.",
                boats=", ".join(boat(tr, k) for k in kinds),
                done=p.launches,
                most=launch_limit(book, mine),
            )
        ]
        if not launch_options(book, mine):
            lines.append(
                tr._(
                    "None of your cards can be launched now: a boat needs its license, and "
                    "its cost paid with your other cards."
                )
            )
        return lines
    if p.task == "hire":
        free = [b.kind for b in p.boats if not b.captain]
        return [
            tr._(
                "Boats without a captain: {free}. Captains hired this round: {done} of {most}.",
                free=len(free),
                done=p.hires,
                most=hire_limit(book, mine),
            ),
            tr._(
                "The captain goes face down under your {boat} boat, which fishes from then on.",
                boat=boat(tr, free[0]) if free else "",
            ),
        ]
    if p.task == "process":
        return [
            tr._(
                "One crate from each boat at most: it leaves the boat (−1 VP) and waits on "
                "your license, $1 in a payment or a trade."
            )
        ]
    if p.task == "discard" and p.drawn:
        drawn = counted(tr, [boat(tr, kind_of(c)) for c in p.drawn])
        return [
            tr._("Just drawn: {cards}. Discard one of them.", cards=drawn),
            tr._("Discards are face down: nobody sees which."),
        ]
    if p.task == "discard":
        return [
            tr._("Your Tuna licenses let you discard any card of your hand."),
            tr._("Discards are face down: nobody sees which."),
        ]
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
    """A bid amount and what paying it would leave in hand (the cards that cover it
    overpaying the least, after the Shrimp discount; no change is given, RULES §5.1)."""
    n, a = int(arg), view.auction
    least = a.high + 1 if a.leader is not None else book.licenses[a.lot or ""].min_bid
    mine = as_player(p)
    if n == purse(book, mine):
        return Choice(
            f"${n}", text, tr._("all you can pay"), group=tr._("Your bid"), style="primary"
        )
    held = [kind_of(c) for c in p.hand or ()] + [CRATE] * p.processed
    paid = least_overpaid(book, held, n - discount(book, mine)) or []
    left = sum(_cash(book, k) for k in held) - sum(_cash(book, k) for k in paid)
    detail = tr._("leaves you ${left}", left=left)
    if n == least:
        lowest = tr._("the lowest bid") if a.leader is None else tr._("the lowest raise")
        detail = f"{lowest} · {detail}"
    return Choice(f"${n}", text, detail, group=tr._("Your bid"), style="primary")


def _pass(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str) -> Choice:
    lic = license_name(tr, view.auction.lot or "")
    detail = tr._("out of the bidding for the {license}", license=lic)
    return Choice(tr._("Pass"), text, detail, group=tr._("Your bid"), style="danger")


def _launch(
    tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, kind: str, text: str
) -> Choice:
    spec = book.boats[kind]
    off = discount(book, as_player(p))
    if off >= spec.cost:
        detail = tr._(
            "{vp} VP · costs ${cost}, free with the Shrimp discount", cost=spec.cost, vp=spec.vp
        )
    elif off:
        detail = tr._(
            "{vp} VP · costs ${cost}, ${price} after the Shrimp discount, paid with "
            "your other cards",
            cost=spec.cost,
            price=max(0, spec.cost - off),
            vp=spec.vp,
        )
    else:
        detail = tr._(
            "{vp} VP · costs ${cost}, paid with your other cards", cost=spec.cost, vp=spec.vp
        )
    label = tr._("Launch {boat}", boat=boat_name(tr, kind))
    return Choice(label, text, detail, emoji=EMOJI.get(kind), style="primary")


def _hire(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, kind: str, text: str) -> Choice:
    detail = tr._("the card's ${cash} is cash no more", cash=book.boats[kind].cash)
    label = tr._("{card} card as captain", card=boat_name(tr, kind))
    return Choice(label, text, detail, emoji=EMOJI.get(kind), style="primary")


def _process(
    tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str
) -> Choice:
    n = int(arg)
    boats = counted(tr, [boat(tr, b.kind) for b in p.boats if b.crates == n and not b.processed])
    detail = (
        tr._("from {boats}; the full boat fishes again", boats=boats)
        if n == book.boat_capacity
        else tr._("from {boats}", boats=boats)
    )
    label = tr.ngettext(
        "The only crate of a boat",
        "A crate from a boat holding {n}",
        n,
    )
    return Choice(label, text, detail[:100], emoji=EMOJI["crate"])


def _trade(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str) -> Choice:
    n = trade_draw(book, as_player(p))
    detail = tr.ngettext("a processed crate for {n} card", "a processed crate for {n} cards", n)
    return Choice(tr._("Trade a crate"), text, detail, style="primary")


def _discard(
    tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, kind: str, text: str
) -> Choice:
    if kind in launchable_types(book, as_player(p)):
        detail = tr._("${cash} as cash; your licenses launch it", cash=book.kind_cash(kind))
    else:
        detail = tr._("${cash} as cash", cash=book.kind_cash(kind))
    label = tr._("Discard {card}", card=boat_name(tr, kind))
    return Choice(label, text, detail, emoji=EMOJI.get(kind))


def _stop(tr: Tr, book: Deck, view: FleetCardsView, p: PlayerView, arg: str, text: str) -> Choice:
    label, detail = {
        "launch": (tr._("Done launching"), tr._("next: hire captains")),
        "hire": (tr._("Hire no more"), tr._("next: your boats fish")),
        "process": (tr._("Stop processing"), tr._("keep the other crates on your boats")),
        "trade": (tr._("Keep your crates"), tr._("no trade this round; next: draw cards")),
    }.get(p.task or "", (tr._("Stop"), ""))
    return Choice(label, text, detail)


_CHOICES: dict[str, Callable[[Tr, Deck, FleetCardsView, PlayerView, str, str], Choice]] = {
    "open": _open,
    "decline": _decline,
    "bid": _bid,
    "pass": _pass,
    "launch": _launch,
    "hire": _hire,
    "process": _process,
    "trade": _trade,
    "discard": _discard,
    "stop": _stop,
}
"""One choice per verb: its label and what it does now (a payment is a menu, `payment_menu`)."""
