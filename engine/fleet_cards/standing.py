"""Standing bids (RULES §4.10): "raise for me up to $N" on the license being auctioned,
played exactly as the bidder would have clicked each raise, from the bidder's own view; and,
if the bidder asked for it, "and if I win it, pay the quickest way" (the one-step payment
that overpays least, §5.2)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.actions import MAX_TEXT, Action
from engine.core.errors import IllegalAction
from engine.fleet_cards.cards import builtin_deck, kind_of
from engine.fleet_cards.payment import CRATE, quickest, words
from engine.fleet_cards.views import FleetCardsView

PAY = "pay"
"""The word that makes a standing bid pay for the license too (``"12 pay"``)."""


def order_for(view: FleetCardsView, seat: int, legal: Sequence[Action], text: str) -> str:
    """The standing order a bidder leaves now, saying "up to `text` dollars" (``"12"``), or
    that and paying if they win (``"12 pay"``): the license, the limit and the word
    (``"L07 12"``, ``"L07 12 pay"``). Refused unless the bidder is to open or raise the bid,
    with a limit at least the lowest legal bid and no more than they can pay (§4.4)."""
    lot = view.auction.lot
    bids = [int(a.args[0]) for a in legal if a.verb == "bid"]
    if lot is None or not bids or view.players[seat].task not in ("open", "raise"):
        raise IllegalAction(
            "A standing bid is left when it is your turn to bid.", "standing_not_bidding"
        )
    text, _, paying = text.partition(" ")
    if paying not in ("", PAY):
        raise IllegalAction("A standing bid is a whole number of dollars.", "standing_amount")
    if not text.isdigit() or len(text) > 3:
        raise IllegalAction("A standing bid is a whole number of dollars.", "standing_amount")
    limit = int(text)
    if limit < min(bids):
        raise IllegalAction(
            f"The lowest bid now is ${min(bids)}.", "standing_too_low", least=min(bids)
        )
    if limit > max(bids):
        raise IllegalAction(
            f"You can pay at most ${max(bids)}.", "standing_unaffordable", most=max(bids)
        )
    order = f"{lot}{AT}{lot_key(view)} {limit}"
    return f"{order} {PAY}" if paying else order


AT = "@"
"""Between the license and which lot of the game it is (``tuna@3.1``)."""


def lot_key(view: FleetCardsView) -> str:
    """Which lot of the game is up (``3.1``: round 3, after one license bought in it): a
    license kind comes up again later, and an order left on one lot never plays on another."""
    return f"{view.round}.{view.auction.bought}"


def lot_of(order: str) -> str:
    """The license a standing order is for (``"tuna@3.1 7"`` → ``"tuna"``).

    >>> lot_of("tuna@3.1 7 pay"), lot_of("tuna 7")
    ('tuna', 'tuna')
    """
    return order.split(" ")[0].partition(AT)[0]


def _on(view: FleetCardsView, lot: str) -> bool:
    """Whether an order's lot is the one up now: the same license, and the same lot of the
    game (an order saved before lots were told apart names the license alone)."""
    kind, _, key = lot.partition(AT)
    return view.auction.lot == kind and (not key or key == lot_key(view))


def standing_action(
    view: FleetCardsView, seat: int, legal: Sequence[Action], order: str
) -> Action | None:
    """What the order plays now, or None when it does not apply (another license, or a
    decision that is neither a bid nor, for an order that pays, the payment for that
    license): the lowest legal bid while it is within the limit, else Pass (at the opening,
    where Pass is not offered, the lowest bid); the quickest payment (§5.2) for the license
    it won.

    >>> from engine.fleet_cards.actions import parse_action as p
    >>> from engine.fleet_cards.views import AuctionView
    >>> class V:
    ...     round = 3
    ...     auction = AuctionView("L1", 7, 1, 1, (), 0)
    ...     players = [type("P", (), {"task": "raise"})()]
    >>> standing_action(V(), 0, [p("bid 8"), p("bid 9"), p("pass")], "L1@3.0 8").text
    'bid 8'
    >>> standing_action(V(), 0, [p("bid 9"), p("pass")], "L1@3.0 8").text
    'pass'
    >>> standing_action(V(), 0, [p("bid 8"), p("pass")], "L2@3.0 30") is None
    True
    >>> standing_action(V(), 0, [p("bid 8"), p("pass")], "L1@2.0 30") is None
    True
    """
    parts = order.split(" ")
    if len(parts) not in (2, 3) or not parts[1].isdigit() or parts[2:] not in ([], [PAY]):
        return None  # not an order this game leaves (a damaged saved row): it plays nothing
    lot, limit, paying = parts[0], parts[1], len(parts) == 3
    me = view.players[seat]
    if paying and me.task == "pay" and me.payment is not None:
        if me.payment.kind != "license" or not _on(view, lot):
            return None
        held = [kind_of(card) for card in me.hand or ()] + [CRATE] * me.processed
        kinds = quickest(builtin_deck(view.options.deck), held, me.payment.due, MAX_TEXT)
        return Action("pay", tuple(words(kinds)))
    if not _on(view, lot) or me.task not in ("open", "raise"):
        return None
    bids = [a for a in legal if a.verb == "bid"]
    if not bids:
        return next((a for a in legal if a.verb == "pass"), None)
    lowest = min(bids, key=lambda a: int(a.args[0]))
    if int(lowest.args[0]) <= int(limit):
        return lowest
    return next((a for a in legal if a.verb == "pass"), lowest)
