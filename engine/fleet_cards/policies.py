"""The greedy `heuristic` player: it serves default actions (a timeout, an absent player), AI
seats, simulations and benchmarks. It decides from a seat's view only — its own hand, and of
the others what lies on the table — never from the full state. (The `random` player is the
core's `random_policy`.)

It values everything in dollars: a card is worth its cash, more if it is a boat it could
launch; a license is worth its VP plus what its bonus should bring in the rounds left. In an
auction it raises by the least while the price stays within its limit: what the license is
worth to it over the best it could take instead, weighed against what it is worth to the
rival still bidding (`bid_limit`); in the last round, all the cash its launches do not need.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.core.actions import Action
from engine.core.game import random_policy
from engine.core.search import SearchSettings
from engine.core.seats import Automatic
from engine.fleet_cards.cards import GONE_FISHIN, Deck, builtin_deck
from engine.fleet_cards.holdings import discount, launch_limit, launchable_types, purse
from engine.fleet_cards.payment import CRATE
from engine.fleet_cards.rules import FleetCards
from engine.fleet_cards.scoring import breakdown
from engine.fleet_cards.state import FleetCardsState
from engine.fleet_cards.views import FleetCardsView, PlayerView, as_player

# What a bonus brings per round left, in dollars, by licenses owned before this one. Tuned by
# simulation, not rules.
BONUS_PER_ROUND = {
    "shrimp": (1.3, 1.1, 0.9, 0.7),
    "cod": (1.4, 0.9, 0.8, 0.7),
    "lobster": (1.3, 0.8, 0.6, 0.5),
    "tuna": (1.5, 0.9, 0.8, 0.6),
    "processing": (1.0, 0.7, 0.6, 0.5),
}
BOAT_FUTURE_CRATES = 2.5
"""Crates a boat launched now still catches, on average: part of what launching is worth."""
CRATE_KEEP = 1.3
"""A processed crate kept: $1 of cash, or cards in trade."""
SELF = 0.85
"""How much of its own estimate of a license it trusts when bidding: estimates err, and a
license won dear costs the boats the money would have launched (measured: 0.85 beats 0.6,
0.7, 0.8, 0.9 and 1 against the earlier heuristic)."""
DENY = 1.0
"""How much a rival's surplus counts, shared among the rivals (measured: 1 beats 0, 0.3 and
0.5)."""
CARD_CASH = 2.0
"""A card of a rival's hand, unseen, is worth about this much cash."""
VP_LATE = 1.0
"""How much dearer a VP gets as the end nears (see `vp_rate`)."""
PROCESS_TO_TRADE = 3.0
"""Rounds left above which a crate is worth processing just to trade it."""
LAST_CAPTAIN_ROUNDS = 2.0
"""Rounds left above which a boat waiting for a captain gets the last card, not a launch."""


def heuristic(
    view: FleetCardsView, seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    """The action that looks best for this seat, from its view."""
    if len(legal) == 1:
        return legal[0]
    me = view.players[seat]
    book = builtin_deck(view.options.deck)
    verbs = {a.verb for a in legal}
    if me.task == "pay":
        return _pay(book, view, me, legal)
    if "open" in verbs or "decline" in verbs:
        return _choose(book, view, me, legal)
    if "bid" in verbs:
        return _bid(book, view, me, legal)
    if "launch" in verbs:
        return _launch(book, view, me, legal)
    if "hire" in verbs:
        return min(
            (a for a in legal if a.verb == "hire"), key=lambda a: keep_value(book, me, a.args[0])
        )
    if "process" in verbs:
        return _process(book, view, me, legal)
    if "trade" in verbs:
        return Action("trade")
    if "discard" in verbs:
        return min(legal, key=lambda a: keep_value(book, me, a.args[0]))
    return legal[0]


def rounds_left(view: FleetCardsView) -> float:
    """About how many rounds the game still has: licenses run out at about one per player a
    round, fish crates at one per captained boat."""
    boats = sum(sum(1 for b in p.boats if b.captain and b.crates < 4) for p in view.players)
    if view.last_round or view.crates <= boats:
        return 1.0  # RULES §11: the row cannot be refilled, or this fishing empties the supply
    licenses = view.licenses_left
    if view.phase == "auction" and view.seat is not None and view.players[view.seat].stage:
        # At its end of round while the others still bid (RULES §3.2): the deck as the close
        # will leave it, as if the auction were over, each seat still in it buying (§4.7).
        still = sum(1 for p in view.players if not p.out)
        licenses -= view.seats - max(0, len(view.row) - still)
    elif view.phase == "auction" and view.licenses_left < view.seats:
        return 1.0  # a row this phase's buyers empty cannot be refilled (§4.7, §11.1)
    by_licenses = 1 + max(0, licenses) / max(1, view.seats - 0.5)
    by_fish = 1 + view.crates / max(1, boats + view.seats)
    return min(by_licenses, by_fish)


def vp_rate(left: float) -> float:
    """Dollars a VP is worth: more as the end nears and cash has less left to buy."""
    return 1.0 + VP_LATE / max(1.0, left)


def _launchable(book: Deck, me: PlayerView) -> set[str]:
    return launchable_types(book, as_player(me))


def keep_value(book: Deck, me: PlayerView, kind: str) -> float:
    """What a card of `kind` is worth to keep in hand."""
    if kind == GONE_FISHIN:
        return book.gone_fishin.cash + book.gone_fishin.vp
    spec = book.boats[kind]
    value = float(spec.cash)
    if kind in _launchable(book, me):
        value += 0.6 * (spec.vp + BOAT_FUTURE_CRATES - spec.cost)
    return value


def _hand_types(book: Deck, me: PlayerView) -> list[str]:
    return [book.card_types[c] for c in me.hand or ()]


# --- paying ---------------------------------------------------------------------------------


def _pay(book: Deck, view: FleetCardsView, me: PlayerView, legal: Sequence[Action]) -> Action:
    """Pay from the cheapest set that covers what is due: a knapsack over the hand."""
    assert me.payment is not None
    due = me.payment.due
    items: list[tuple[str, int, float]] = [
        (k, book.kind_cash(k), keep_value(book, me, k)) for k in _hand_types(book, me)
    ]
    items += [(CRATE, book.crate_cash, CRATE_KEEP)] * me.processed
    # best[a]: (lost value, the items) to pay at least `a` (capped at `due`).
    best: list[tuple[float, tuple[int, ...]] | None] = [None] * (due + 1)
    best[0] = (0.0, ())
    for i, (_, cash, keep) in enumerate(items):
        for a in range(due, -1, -1):
            here = best[a]
            if here is None:
                continue
            b = min(due, a + cash)
            # a little for overpaying, so exact change wins a tie
            cost = here[0] + keep + 0.01 * max(0, a + cash - due)
            if best[b] is None or cost < best[b][0]:  # type: ignore[index]
                best[b] = (cost, (*here[1], i))
    plan = best[due]
    if plan is None or not plan[1]:
        return legal[0]
    first = max(plan[1], key=lambda i: items[i][1])
    return Action("pay", (items[first][0],))


# --- the auction ----------------------------------------------------------------------------


def worth(book: Deck, view: FleetCardsView, me: PlayerView, lic: str) -> float:
    """What a license is worth to this player now, in dollars."""
    spec = book.licenses[lic]
    left = rounds_left(view)
    have = sum(1 for mine in me.licenses if book.licenses[mine].family == spec.family)
    value = spec.vp * vp_rate(left)
    if spec.family in BONUS_PER_ROUND:
        rates = BONUS_PER_ROUND[spec.family]
        value += rates[min(have, 3)] * max(0.0, left - 1)
    if spec.boat is not None and spec.boat not in _launchable(book, me):
        # A new kind of boat to launch: the boats of that kind in hand.
        held = _hand_types(book, me).count(spec.boat)
        boat = book.boats[spec.boat]
        value += min(held, 2) * (boat.vp + min(BOAT_FUTURE_CRATES, left - 1)) * 0.5
    if spec.bonus is not None:
        captains = sum(1 for b in me.boats if b.captain)
        crates = sum(b.crates for b in me.boats)
        fams = len({book.licenses[x].family for x in (*me.licenses, lic)})
        measure = {
            "captained_boats": captains + min(3, left),
            "crates_on_boats": crates + captains * min(3, left - 1),
            "license_families": fams + (1 if left > 3 else 0),
        }[spec.bonus.measure]
        value += spec.bonus.vp(int(measure)) * vp_rate(left)
    return value


def _budget(book: Deck, me: PlayerView) -> int:
    """Most it can pay (RULES §4.4)."""
    return purse(book, as_player(me))


def _choose(book: Deck, view: FleetCardsView, me: PlayerView, legal: Sequence[Action]) -> Action:
    budget = _budget(book, me)
    best, margin = Action("decline"), _decline_value(book, view)
    for action in legal:
        if action.verb != "open":
            continue
        lic = action.args[0]
        least = book.licenses[lic].min_bid
        gain = worth(book, view, me, lic) - least
        if least <= budget and gain > margin:
            best, margin = action, gain
    return best


def rival_purse(book: Deck, p: PlayerView) -> float:
    """About what a rival can pay: their hand is unseen, its size is not (RULES §13.1)."""
    return p.hand_size * CARD_CASH + p.processed * book.crate_cash + discount(book, as_player(p))


def surplus(book: Deck, view: FleetCardsView, p: PlayerView, lic: str, budget: float) -> float:
    """What winning `lic` at no price is worth to player `p` over the best they could gain
    instead in this auction phase (RULES §4.5: one license a phase; the others of the row are
    theirs at their minimum, and declining may bring a Gone Fishin' card)."""
    row = list(view.row)
    if lic in row:
        row.remove(lic)
    gains = [
        worth(book, view, p, other) - book.licenses[other].min_bid
        for other in dict.fromkeys(row)
        if book.licenses[other].min_bid <= budget
    ]
    return worth(book, view, p, lic) - max([0.0, _decline_value(book, view), *gains])


def bid_limit(book: Deck, view: FleetCardsView, seat: int, lic: str) -> int:
    """The most this player bids for `lic`, as far as they can pay (RULES §4.4).

    Scores count against the rivals': whoever wins, the other takes what is left, so a rise
    of the price is worth making while winning at it beats letting the rival win at it. With
    one rival that is up to the mean of both players' surplus (a license the rival values
    more is pushed up to it, one this player values more is kept from them); with more, the
    strongest rival still bidding counts as one of several."""
    me = view.players[seat]
    budget = _budget(book, me)
    if rounds_left(view) <= 1.0 and _best_of_row(book, view, me, budget) == lic:
        # RULES §11: cash scores nothing once this round is over: all of it may go for the
        # license it wants most, but what its launches this round will cost.
        return max(0, budget - launch_reserve(book, me))
    mine = SELF * surplus(book, view, me, lic, budget)
    a = view.auction
    rivals = [
        max(
            min(surplus(book, view, p, lic, rival_purse(book, p)), rival_purse(book, p)),
            a.high if s == a.leader else 0,  # a bid shows what the license is worth to them
        )
        for s, p in enumerate(view.players)
        if s != seat and not p.out and s not in a.passed
    ]
    if rivals:
        share = DENY / max(1, view.seats - 1)
        mine = (mine + share * max(rivals)) / (1 + share)
    return min(budget, int(mine))


def _best_of_row(book: Deck, view: FleetCardsView, me: PlayerView, budget: int) -> str | None:
    """The license of the row worth most to this player, whatever it costs (within reach)."""
    within = [lic for lic in dict.fromkeys(view.row) if book.licenses[lic].min_bid <= budget]
    return max(within, key=lambda lic: worth(book, view, me, lic), default=None)


def launch_reserve(book: Deck, me: PlayerView) -> int:
    """What the boats it could launch this round would cost: the dearest it holds and its
    licenses allow, as many as it may launch (RULES §6.2, §6.3)."""
    player = as_player(me)
    allowed = launchable_types(book, player)
    costs = sorted(
        (book.boats[k].cost for k in _hand_types(book, me) if k in allowed), reverse=True
    )
    off = discount(book, player)
    return sum(max(0, c - off) for c in costs[: launch_limit(book, player)])


def _decline_value(book: Deck, view: FleetCardsView) -> float:
    """Declining brings a Gone Fishin' card (RULES §14.2): cash now, VP at the end."""
    if view.options.gone_fishin and view.gone_fishin_left:
        return book.gone_fishin.cash + book.gone_fishin.vp * vp_rate(rounds_left(view))
    return 0.0


def _bid(book: Deck, view: FleetCardsView, me: PlayerView, legal: Sequence[Action]) -> Action:
    """Raise by the least while the price stays within its limit (an English auction)."""
    bids = sorted((a for a in legal if a.verb == "bid"), key=lambda a: int(a.args[0]))
    lot = view.auction.lot
    if not bids or lot is None or view.seat is None:
        return Action("pass")
    lowest = bids[0]
    if int(lowest.args[0]) <= bid_limit(book, view, view.seat, lot) or Action("pass") not in legal:
        return lowest
    return Action("pass")


def standing_limit(view: FleetCardsView, seat: int, legal: Sequence[Action]) -> int | None:
    """The standing bid (RULES §4.10) this player would leave on the license being auctioned:
    the price up to which the heuristic, bidding click by click, keeps raising against a rival
    who keeps raising (each rival bid shows what the license is worth to them, see
    `bid_limit`), within the bids it may make. None when that is no more than the lowest bid
    now (it bids that, or passes): nothing would stand.

    >>> from engine.fleet_cards.actions import parse_action as p
    >>> from engine.fleet_cards.rules import FleetCards
    >>> rules = FleetCards()
    >>> state, _ = rules.start(2, "a1", rules.options())
    >>> standing_limit(rules.view(state, 0), 0, rules.legal_actions(state, 0)) is None
    True
    """
    bids = sorted(int(a.args[0]) for a in legal if a.verb == "bid")
    lot = view.auction.lot
    if len(bids) < 2 or lot is None or view.players[seat].task not in ("open", "raise"):
        return None
    book = builtin_deck(view.options.deck)
    rivals = [s for s, p in enumerate(view.players) if s != seat and not p.out]
    reached = None
    for price in bids:
        # The heuristic bids `price` when the rival who values the license most leads at
        # the price below it.
        pushed = [
            view._replace(auction=view.auction._replace(high=price - 1, leader=rival))
            for rival in rivals
            if rival not in view.auction.passed
        ] or [view]
        if price > max(bid_limit(book, v, seat, lot) for v in pushed):
            break
        reached = price
    return reached if reached is not None and reached > bids[0] else None


def _process(book: Deck, view: FleetCardsView, me: PlayerView, legal: Sequence[Action]) -> Action:
    """A full boat gives a crate (it fishes again next round); another boat gives one only to
    have a crate to trade for cards while the game is young."""
    full = Action("process", (str(book.boat_capacity),))
    left = rounds_left(view)
    if full in legal and left > 1:
        return full
    processes = [a for a in legal if a.verb == "process"]
    if processes and me.processed == 0 and left > PROCESS_TO_TRADE:
        return max(processes, key=lambda a: int(a.args[0]))
    return Action("stop")


def _launch(book: Deck, view: FleetCardsView, me: PlayerView, legal: Sequence[Action]) -> Action:
    launches = [a for a in legal if a.verb == "launch"]
    if not launches or rounds_left(view) < 1:
        return Action("stop")
    best = max(launches, key=lambda a: (book.boats[a.args[0]].vp, -book.boats[a.args[0]].cash))
    if _last_captain(book, view, me, best.args[0]):
        return Action("stop")
    return best


def _last_captain(book: Deck, view: FleetCardsView, me: PlayerView, kind: str) -> bool:
    """Whether launching `kind` would spend the last card a boat waiting for a captain could
    have: a boat without one never fishes, so while rounds are left, hiring comes first."""
    waiting = any(not b.captain for b in me.boats)
    price = max(0, book.boats[kind].cost - discount(book, as_player(me)))
    left = len(me.hand or ()) - 1 - (1 if price else 0)
    return waiting and left < 1 and rounds_left(view) > LAST_CAPTAIN_ROUNDS


def search_settings(
    book_of: Callable[[FleetCardsState], Deck],
) -> SearchSettings[FleetCardsState]:
    """How a strong seat searches (`engine.core.search`): playouts to the end of the game
    (a whole game costs a few milliseconds), scored as the game scores."""

    def estimate(state: FleetCardsState) -> list[float]:
        book = book_of(state)
        return [float(sum(breakdown(book, p).values())) for p in state.players]

    return SearchSettings(playouts=48, depth=None, candidates=8, estimate=estimate, win=10.0)


def automatic(game: FleetCards) -> Automatic[FleetCardsState, FleetCardsView]:
    """The automatic players the registry binds to the rules (`engine.core.seats`)."""
    return Automatic({"random": random_policy, "heuristic": heuristic}, search_settings(game.book))
