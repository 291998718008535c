"""Standing bids (RULES §4.10): "raise for me up to $N" on the license being auctioned,
played exactly as the bidder would have clicked each raise, from the bidder's own view."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.fleet_cards.views import FleetCardsView


def order_for(view: FleetCardsView, seat: int, legal: Sequence[Action], text: str) -> str:
    """The standing order a bidder leaves now, saying "up to `text` dollars": the license and
    the limit (``"L07 12"``). Refused unless the bidder is to open or raise the bid, with a
    limit at least the lowest legal bid and no more than they can pay (§4.4)."""
    lot = view.auction.lot
    bids = [int(a.args[0]) for a in legal if a.verb == "bid"]
    if lot is None or not bids or view.players[seat].task not in ("open", "raise"):
        raise IllegalAction(
            "A standing bid is left when it is your turn to bid.", "standing_not_bidding"
        )
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
    return f"{lot} {limit}"


def standing_action(
    view: FleetCardsView, seat: int, legal: Sequence[Action], order: str
) -> Action | None:
    """What the order plays now, or None when it does not apply (another license, or a
    decision that is not a bid): the lowest legal bid while it is within the limit, else
    Pass (at the opening, where Pass is not offered, the lowest bid).

    >>> from engine.fleet_cards.actions import parse_action as p
    >>> from engine.fleet_cards.views import AuctionView
    >>> class V:
    ...     auction = AuctionView("L1", 7, 1, 1, (), 0)
    ...     players = [type("P", (), {"task": "raise"})()]
    >>> standing_action(V(), 0, [p("bid 8"), p("bid 9"), p("pass")], "L1 8").text
    'bid 8'
    >>> standing_action(V(), 0, [p("bid 9"), p("pass")], "L1 8").text
    'pass'
    >>> standing_action(V(), 0, [p("bid 8"), p("pass")], "L2 30") is None
    True
    """
    lot, _, limit = order.partition(" ")
    if view.auction.lot != lot or view.players[seat].task not in ("open", "raise"):
        return None
    bids = [a for a in legal if a.verb == "bid"]
    if not bids:
        return next((a for a in legal if a.verb == "pass"), None)
    lowest = min(bids, key=lambda a: int(a.args[0]))
    if int(lowest.args[0]) <= int(limit):
        return lowest
    return next((a for a in legal if a.verb == "pass"), lowest)
