"""End of game scoring in five categories (RULES §13), and the solo ranks (§15)."""

from __future__ import annotations

from engine.core.game import GameResult, SeatResult
from engine.fleet_dice.modules import CAPTAIN_BONUS_CAP, CAPTAINS, TROPHY_VP, gold_winners
from engine.fleet_dice.player import (
    buildings_complete,
    coin_boxes,
    full_boats,
    king_crab_license,
    launched,
    licenses_activated,
    total_fish,
)
from engine.fleet_dice.sheet import Sheet
from engine.fleet_dice.state import MARKED, FleetState, PlayerState

CATEGORIES = ("fish", "boats", "licenses", "buildings", "bonus")

SOLO_RANKS = (
    (85, "salty_captain"),
    (75, "my_captain"),
    (65, "helmsman"),
    (50, "deckhand"),
    (0, "greenhorn"),
)
"""RULES §15: the lowest score of each rank title, best first (codes; a front words them)."""


def solo_rank(total: int) -> str:
    """RULES §15: the title a solo score earns."""
    return next(title for floor, title in SOLO_RANKS if total >= floor)


def next_rank(total: int) -> tuple[int, str] | None:
    """The next title up and the score it needs, or None at the top."""
    higher = [(floor, title) for floor, title in SOLO_RANKS if floor > total]
    return higher[-1] if higher else None


def king_crab_bonus_vp(sheet: Sheet, p: PlayerState) -> int:
    """The chosen King Crab bonus, capped (RULES §11, examples E and G)."""
    bonus = p.king_crab_bonus
    if bonus is None:
        return 0
    value = {
        "fish": lambda: total_fish(p) // 6,
        "buildings": lambda: 2 * buildings_complete(p),
        "full": lambda: 2 * full_boats(sheet, p),
        "boats": lambda: launched(p),
        "licenses": lambda: 2 * licenses_activated(sheet, p),
        "coins": lambda: coin_boxes(p) // 5,
    }[bonus]()
    return min(sheet.king_crab_bonuses.cap, value)


def building_vp(sheet: Sheet, p: PlayerState) -> int:
    total = 0
    completed, marks = p.completed, p.marks
    for name, section, per_box, once_complete in sheet.wharf_scores:
        total += per_box * marks[section].count(MARKED)  # its boxes marked
        if name in completed:
            total += once_complete
    hexes = sheet.wharf["seafood_buffet"].hex_vp or [0]
    total += hexes[min(len(p.hexagons), len(hexes) - 1)]
    return total


def breakdown(sheet: Sheet, state: FleetState, seat: int) -> dict[str, int]:
    """VP by category, as the game stands now (final once the game is over)."""
    p = state.players[seat]
    vps = sheet.boat_vps
    boats = 0
    for kind, fish in p.boats.items():
        boats += vps[kind] * len(fish)
    licenses = 0
    for level in p.licenses.values():
        if level >= 3:
            licenses += sheet.level3_vp
    if king_crab_license(sheet, p):
        licenses += sheet.harbor["king_crab"].license_vp or 0
    bonus = king_crab_bonus_vp(sheet, p) + trophy_vp(sheet, state, seat)
    if p.captain:
        bonus += min(CAPTAIN_BONUS_CAP, CAPTAINS[p.captain].bonus(sheet, p))
    return {
        "fish": total_fish(p),
        "boats": boats,
        "licenses": licenses,
        "buildings": building_vp(sheet, p),
        "bonus": bonus,
    }


def trophy_vp(sheet: Sheet, state: FleetState, seat: int) -> int:
    vp = TROPHY_VP if seat in state.silver_seats else 0
    if (
        state.gold
        and state.phase == "over"
        and seat in gold_winners(sheet, state.players, state.gold)
    ):
        vp += TROPHY_VP
    return vp


def result(sheet: Sheet, state: FleetState) -> GameResult:
    """Highest total wins; ties go to most fish; still tied, the win is shared (RULES §13)."""
    rows = []
    for seat, p in enumerate(state.players):
        parts = breakdown(sheet, state, seat)
        rows.append((seat, sum(parts.values()), total_fish(p), parts))
    ordered = sorted(rows, key=lambda r: (-r[1], -r[2], r[0]))
    seats = []
    for seat, total, fish, parts in ordered:
        rank = 1 + sum(1 for r in rows if (r[1], r[2]) > (total, fish))
        title = solo_rank(total) if state.solo else None
        seats.append(SeatResult(seat, total, parts, rank, tiebreak=fish, title=title))
    winners = [s.seat for s in seats if s.rank == 1]
    reasons: tuple[str, ...] = ()
    top = [r for r in rows if r[1] == ordered[0][1]]
    if len(top) > 1:
        reasons = ("tie_broken",) if len(winners) == 1 else ("tie_shared",)
    return GameResult(seats=seats, winners=winners, reasons=reasons)
