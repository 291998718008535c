"""Final scoring (RULES §12): licenses, launched boats, crates on boats, King Crab bonuses (and
Gone Fishin' cards with that option); ties go to more boats, then more crates on boats.

The same breakdown is the running score the board shows during play: everything it counts is
on the table for all to see (Gone Fishin' cards are taken and spent in view, §14.2).
"""

from __future__ import annotations

from engine.core.game import GameResult, SeatResult
from engine.fleet_cards.cards import GONE_FISHIN, Deck, KingCrabBonus
from engine.fleet_cards.holdings import captained, crates_on_boats
from engine.fleet_cards.state import FleetCardsState, Player

CATEGORIES = ("licenses", "boats", "fish", "king_crab", "gone_fishin")
"""Breakdown codes, in the order a score sheet lists them."""


def families(book: Deck, p: Player) -> int:
    """RULES §12.2: different license kinds owned; the King Crab licenses count as one."""
    return len({book.licenses[lic].family for lic in p.licenses})


def king_crab_vp(book: Deck, p: Player, bonus: KingCrabBonus) -> int:
    if bonus.measure == "captained_boats":
        return bonus.vp(captained(p))
    if bonus.measure == "crates_on_boats":
        return bonus.vp(crates_on_boats(p))
    return bonus.vp(families(book, p))


def gone_fishin_cards(book: Deck, p: Player) -> int:
    """Gone Fishin' cards in hand (RULES §14.2): taken and spent in view of all."""
    types = book.card_types
    return sum(1 for c in p.hand if types[c] == GONE_FISHIN)


def breakdown(book: Deck, p: Player, gone: int | None = None) -> dict[str, int]:
    """VP by category. `gone`: the Gone Fishin' cards in hand, when already counted."""
    licenses = king_crab = 0
    for lic in p.licenses:
        spec = book.licenses[lic]
        licenses += spec.vp
        if spec.bonus is not None:
            king_crab += king_crab_vp(book, p, spec.bonus)
    boats = fish = 0
    types, specs = book.card_types, book.boats
    for b in p.boats:
        boats += specs[types[b.card]].vp
        fish += b.crates
    if gone is None:
        gone = gone_fishin_cards(book, p)
    return {
        "licenses": licenses,
        "boats": boats,
        "fish": fish,
        "king_crab": king_crab,
        "gone_fishin": gone * book.gone_fishin.vp,
    }


def tiebreak(p: Player) -> tuple[int, int]:
    """RULES §12.4: more launched boats, then more crates on boats."""
    return (len(p.boats), crates_on_boats(p))


def result(book: Deck, state: FleetCardsState) -> GameResult:
    scored = []
    for seat, p in enumerate(state.players):
        parts = breakdown(book, p)
        scored.append((seat, sum(parts.values()), tiebreak(p), parts))
    key = {seat: (total, tb) for seat, total, tb, _ in scored}
    order = sorted(scored, key=lambda s: (-s[1], -s[2][0], -s[2][1], s[0]))
    seats = [
        SeatResult(
            seat=seat,
            total=total,
            breakdown=parts,
            rank=1 + sum(1 for other in key.values() if other > key[seat]),
            tiebreak=tb[0] * 1000 + tb[1],
        )
        for seat, total, tb, parts in order
    ]
    winners = [s.seat for s in seats if s.rank == 1]
    top = [s for s in seats if s.total == seats[0].total]
    reasons: tuple[str, ...] = ()
    if len(winners) > 1:
        reasons = ("tie_shared",)
    elif len(top) > 1:
        same_boats = all(key[s.seat][1][0] == key[winners[0]][1][0] for s in top)
        reasons = ("tie_crates",) if same_boats else ("tie_boats",)
    if state.end is not None:
        reasons = (f"end_{state.end}", *reasons)
    return GameResult(seats, winners, reasons)
