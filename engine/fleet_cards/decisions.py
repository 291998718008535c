"""Every decision a seat can owe, declared once: what is legal, what it does, and why another
action is refused (RULES §4–§10). Each decision offers at most 25 actions: compound choices
are split into steps (choose a license, then the bid; a payment card by card, or typed at once)."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.decisions import Decision, Decisions
from engine.core.errors import IllegalAction
from engine.fleet_cards import auction, drawing, harvest, launching
from engine.fleet_cards.actions import VERBS, action_of, payable
from engine.fleet_cards.cards import BOAT_TYPES
from engine.fleet_cards.holdings import (
    can_afford_launch,
    first_of,
    launch_options,
    launchable_types,
    processable,
    purse,
    types_in,
)
from engine.fleet_cards.payment import CRATE, laid_down, pay_all
from engine.fleet_cards.state import TaskKind
from engine.fleet_cards.work import Work


def _refuse_plain(t: Work, seat: int, action: Action) -> IllegalAction:
    return IllegalAction(f"'{action.text}' is not possible now.", "not_now", action=action.text)


def _afford(amount: int) -> IllegalAction:
    return IllegalAction(
        f"You cannot pay ${amount}: your cards, processed crates and discount fall short.",
        "cannot_afford",
        amount=amount,
    )


def _not_in_hand(kind: str) -> IllegalAction:
    return IllegalAction(f"You hold no {kind} card.", "not_in_hand", kind=kind)


# --- the auction (RULES §4) ------------------------------------------------------------------


def _legal_choose(t: Work, seat: int) -> list[Action]:
    money = purse(t.book, t.player(seat))
    offered = dict.fromkeys(t.state.row)
    opens = [action_of("open", lic) for lic in offered if t.book.licenses[lic].min_bid <= money]
    return [*opens, action_of("decline")]


def _decide_choose(t: Work, seat: int, action: Action) -> None:
    if action.verb == "decline":
        auction.decline(t, seat)
    else:
        auction.choose(t, seat, action.args[0])


def _refuse_choose(t: Work, seat: int, action: Action) -> IllegalAction:
    lic = action.args[0] if action.args else ""
    if lic not in t.state.row:
        return IllegalAction(
            f"'{lic}' is not among the licenses on offer.", "not_offered", license=lic
        )
    return _afford(t.book.licenses[lic].min_bid)


def lowest_bid(t: Work) -> int:
    """The opening minimum, or one more than the high bid (RULES §4.2–§4.3)."""
    a = t.state.auction
    assert a.lot is not None
    return a.high + 1 if a.leader is not None else t.book.licenses[a.lot].min_bid


def _legal_bid(t: Work, seat: int) -> list[Action]:
    amounts = auction.bid_amounts(lowest_bid(t), purse(t.book, t.player(seat)))
    bids = [action_of("bid", str(n)) for n in amounts]
    return bids if t.player(seat).task == "open" else [*bids, action_of("pass")]


def _decide_bid(t: Work, seat: int, action: Action) -> None:
    if action.verb == "pass":
        auction.pass_lot(t, seat)
    else:
        auction.bid(t, seat, int(action.args[0]))


def _typed_bid(t: Work, seat: int, action: Action) -> bool:
    """RULES §4.9: any amount from the lowest legal bid up to what the bidder can pay, menu or
    not (the rulebook allows any overbid a player can afford)."""
    if action.verb != "bid":
        return False
    return lowest_bid(t) <= int(action.args[0]) <= purse(t.book, t.player(seat))


def _refuse_bid(t: Work, seat: int, action: Action) -> IllegalAction:
    if action.verb == "pass":
        return IllegalAction(
            "You chose this license: open the bidding at its minimum or more.", "must_open"
        )
    amount, least = int(action.args[0]), lowest_bid(t)
    if amount < least:
        return IllegalAction(f"Bid at least ${least}.", "bid_too_low", least=least)
    return _afford(amount)


# --- paying (RULES §5) ------------------------------------------------------------------------


def _legal_pay(t: Work, seat: int) -> list[Action]:
    p = t.player(seat)
    actions = [action_of("pay", kind) for kind in types_in(t.book, p.hand)]
    return [*actions, action_of("pay", CRATE)] if p.processed else actions


def _paid_kinds(action: Action) -> list[str]:
    kinds = [payable(word) for word in action.args]
    return [k for k in kinds if k is not None]


def _typed_pay(t: Work, seat: int, action: Action) -> bool:
    """RULES §5.2: several cards and crates laid down at once, each of them needed."""
    return len(action.args) > 1 and laid_down(t, seat, _paid_kinds(action)) is None


def _decide_pay(t: Work, seat: int, action: Action) -> None:
    if pay_all(t, seat, _paid_kinds(action)):
        payment = t.player(seat).payment
        assert payment is not None
        (auction.settle if payment.kind == "license" else launching.settle)(t, seat)


def _refuse_pay(t: Work, seat: int, action: Action) -> IllegalAction:
    kinds = _paid_kinds(action)
    why = laid_down(t, seat, kinds)
    if why == CRATE:
        return IllegalAction("You have no processed crate to pay with.", "no_crates")
    payment = t.player(seat).payment
    if why == "more" and payment is not None:
        due = payment.due
        return IllegalAction(
            f"That is more than the ${due} due needs: a payment ends once it is covered.",
            "more_than_due",
            due=due,
        )
    return _not_in_hand(why or kinds[0])


# --- launching and hiring (RULES §6–§7) ------------------------------------------------------


def _legal_launch(t: Work, seat: int) -> list[Action]:
    kinds = launch_options(t.book, t.player(seat))
    return [*(action_of("launch", k) for k in kinds), action_of("stop")]


def _decide_launch(t: Work, seat: int, action: Action) -> None:
    if action.verb == "stop":
        launching.stop_launching(t, seat)
    else:
        launching.launch(t, seat, action.args[0])


def _refuse_launch(t: Work, seat: int, action: Action) -> IllegalAction:
    kind, p = action.args[0], t.player(seat)
    if kind not in launchable_types(t.book, p):
        return IllegalAction(
            f"You own no license that launches {kind} boats.", "no_license", kind=kind
        )
    card = first_of(t.book, p.hand, kind)
    if card is None:
        return _not_in_hand(kind)
    assert not can_afford_launch(t.book, p, card)
    return _afford(t.book.boats[kind].cost)


def _legal_hire(t: Work, seat: int) -> list[Action]:
    kinds = [k for k in types_in(t.book, t.player(seat).hand) if k in BOAT_TYPES]
    return [*(action_of("hire", k) for k in kinds), action_of("stop")]


def _decide_hire(t: Work, seat: int, action: Action) -> None:
    if action.verb == "stop":
        launching.stop_hiring(t, seat)
    else:
        launching.hire(t, seat, action.args[0])


def _refuse_card(t: Work, seat: int, action: Action) -> IllegalAction:
    return _not_in_hand(action.args[0])


# --- processing and trading (RULES §9) --------------------------------------------------------


def _legal_process(t: Work, seat: int) -> list[Action]:
    counts = processable(t.player(seat))
    return [*(action_of("process", str(n)) for n in counts), action_of("stop")]


def _decide_process(t: Work, seat: int, action: Action) -> None:
    if action.verb == "stop":
        harvest.stop_processing(t, seat)
    else:
        harvest.process(t, seat, int(action.args[0]))


def _refuse_process(t: Work, seat: int, action: Action) -> IllegalAction:
    n = int(action.args[0])
    return IllegalAction(
        f"None of your boats still to process this round holds {n} crates.", "no_boat", crates=n
    )


def _legal_trade(t: Work, seat: int) -> list[Action]:
    return [action_of("trade"), action_of("stop")]


def _decide_trade(t: Work, seat: int, action: Action) -> None:
    if action.verb == "stop":
        harvest.keep_crates(t, seat)
    else:
        harvest.trade(t, seat)


# --- drawing (RULES §10) ------------------------------------------------------------------------


def _legal_discard(t: Work, seat: int) -> list[Action]:
    kinds = types_in(t.book, drawing.discard_choices(t, t.player(seat)))
    return [action_of("discard", k) for k in kinds]


def _decide_discard(t: Work, seat: int, action: Action) -> None:
    drawing.discard(t, seat, action.args[0])


def _refuse_discard(t: Work, seat: int, action: Action) -> IllegalAction:
    if t.player(seat).drawn:
        kind = action.args[0]
        return IllegalAction(
            f"Discard one of the cards just drawn; none is a {kind}.", "not_drawn", kind=kind
        )
    return _not_in_hand(action.args[0])


EXPECT: dict[TaskKind, str] = {
    "choose": "choose a license to put up for auction, or decline",
    "open": "open the bidding on the license you chose",
    "raise": "raise the bid or pass",
    "pay": "pay with a card or a processed crate",
    "launch": "launch a boat, or stop launching",
    "hire": "hire a captain, or stop hiring",
    "process": "process a crate from a boat, or stop",
    "trade": "trade a processed crate for cards, or keep your crates",
    "discard": "discard a card",
}
"""What a seat is asked for, to say why an action of another decision is refused."""

DECISIONS: Decisions[Work, TaskKind] = Decisions(
    kinds={
        "choose": Decision(_legal_choose, _decide_choose, _refuse_choose),
        "open": Decision(_legal_bid, _decide_bid, _refuse_bid, _typed_bid),
        "raise": Decision(_legal_bid, _decide_bid, _refuse_bid, _typed_bid),
        "pay": Decision(_legal_pay, _decide_pay, _refuse_pay, _typed_pay),
        "launch": Decision(_legal_launch, _decide_launch, _refuse_launch),
        "hire": Decision(_legal_hire, _decide_hire, _refuse_card),
        "process": Decision(_legal_process, _decide_process, _refuse_process),
        "trade": Decision(_legal_trade, _decide_trade, _refuse_plain),
        "discard": Decision(_legal_discard, _decide_discard, _refuse_discard),
    },
    verbs=VERBS,
    expected=EXPECT,
)
