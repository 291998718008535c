"""What a player's licenses, hand and boats amount to: counts, bonuses, cash and what can be
launched. Pure functions over one player, shared by the rules, the views and the AI.

>>> from engine.fleet_cards.cards import builtin_deck
>>> from engine.fleet_cards.state import Player
>>> book = builtin_deck()
>>> p = Player(hand=["shrimp1", "tuna1", "cod1"], licenses=["shrimp"], processed=2)
>>> discount(book, p), cash_in_hand(book, p), purse(book, p)
(1, 6, 9)
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.fleet_cards.cards import BOAT_TYPES, GONE_FISHIN, Deck
from engine.fleet_cards.state import Player


def owned(book: Deck, p: Player, family: str) -> int:
    """How many licenses of `family` the player owns (at most 4 of a standard one)."""
    return sum(1 for lic in p.licenses if book.licenses[lic].family == family)


def _level(n: int) -> int:
    return min(n, 4)


def discount(book: Deck, p: Player) -> int:
    """RULES §5.1: $1 off every transaction per Shrimp license owned."""
    return book.bonuses.shrimp_discount[_level(owned(book, p, "shrimp"))]


def cash_in_hand(book: Deck, p: Player, without: str | None = None) -> int:
    cash = sum(map(book.card_cash.__getitem__, p.hand))
    return cash - book.card_cash[without] if without in p.hand else cash


def purse(book: Deck, p: Player) -> int:
    """The highest price the player can meet: hand, processed crates and the Shrimp discount
    (RULES §4.4: nobody may bid more)."""
    return cash_in_hand(book, p) + p.processed * book.crate_cash + discount(book, p)


def launch_limit(book: Deck, p: Player) -> int:
    """RULES §6.3: one boat a round, two with a Cod license."""
    return book.bonuses.cod_launches[_level(owned(book, p, "cod"))]


def hire_limit(book: Deck, p: Player) -> int:
    """RULES §7.2: one captain a round, two with a Lobster license."""
    return book.bonuses.lobster_hires[_level(owned(book, p, "lobster"))]


def cod_draw(book: Deck, p: Player) -> int:
    return book.bonuses.cod_draw[_level(owned(book, p, "cod"))]


def lobster_draw(book: Deck, p: Player) -> int:
    """RULES §7.3: cards by Lobster licenses and captained boats at the end of the phase."""
    captains = captained(p)
    steps = book.bonuses.lobster_draw[_level(owned(book, p, "lobster"))]
    return max((cards for least, cards in steps if captains >= least), default=0)


def trade_draw(book: Deck, p: Player) -> int:
    return book.bonuses.processing_trade[_level(owned(book, p, "processing"))]


def launchable_types(book: Deck, p: Player) -> set[str]:
    """Boat types the player's licenses allow (RULES §6.1: King Crab boats under any King
    Crab license)."""
    return {t for lic in p.licenses if (t := book.licenses[lic].boat) is not None}


def can_afford_launch(book: Deck, p: Player, card: str) -> bool:
    """RULES §6.2: the boat is paid from the *other* cards, crates and the discount."""
    cost = book.boats[book.boat_type(card)].cost
    spare = cash_in_hand(book, p, without=card) + p.processed * book.crate_cash
    return spare + discount(book, p) >= cost


def launch_options(book: Deck, p: Player) -> list[str]:
    """Boat types the player could launch now, in menu order."""
    allowed = launchable_types(book, p)
    out = []
    for kind in BOAT_TYPES:
        if kind not in allowed:
            continue
        card = first_of(book, p.hand, kind)
        if card is not None and can_afford_launch(book, p, card):
            out.append(kind)
    return out


def may_consider_launching(book: Deck, p: Player) -> bool:
    """Whether the player is asked to launch: only what everyone can see decides it (a boat
    license and a card in hand), never the hand's contents (RULES §13.2)."""
    return bool(boat_cards(book, p.hand)) and bool(launchable_types(book, p))


def uncaptained(p: Player) -> int:
    return sum(1 for b in p.boats if b.captain is None)


def captained(p: Player) -> int:
    return sum(1 for b in p.boats if b.captain is not None)


def crates_on_boats(p: Player) -> int:
    return sum(b.crates for b in p.boats)


def boat_cards(book: Deck, cards: Iterable[str]) -> list[str]:
    """The cards that are boats (not Gone Fishin')."""
    return [c for c in cards if book.card_types[c] != GONE_FISHIN]


def types_in(book: Deck, cards: Iterable[str]) -> list[str]:
    """The distinct card types among `cards`, in menu order (Gone Fishin' last)."""
    present = {book.card_types[c] for c in cards}
    return [t for t in (*BOAT_TYPES, GONE_FISHIN) if t in present]


def first_of(book: Deck, cards: Iterable[str], kind: str) -> str | None:
    """The card of type `kind` a player hands over when naming that type: cards of a type are
    all alike, so the first one held."""
    return next((c for c in cards if book.card_types[c] == kind), None)


def processable(p: Player) -> list[int]:
    """Crate counts of the boats a crate may still be processed from this round (§9.1)."""
    return sorted({b.crates for b in p.boats if b.crates > 0 and not b.processed})
