"""Questions about one player's sheet. Pure look-ups: rules, scoring, policies and renderers
all ask here, so "full boat" or "complete building" is computed in one place only."""

from __future__ import annotations

from engine.fleet_dice.sheet import BOAT_TYPES, HARBOR_SHIPS, WHARF_BUILDINGS, Sheet
from engine.fleet_dice.state import MARKED, OPEN, PlayerState


def new_player(sheet: Sheet) -> PlayerState:
    return PlayerState(
        marks={s: OPEN * len(sheet.section_boxes(s)) for s in sheet.sections},
        coins=OPEN * sheet.coin_track.length,
        licenses=dict.fromkeys(BOAT_TYPES, 0),
    )


def top_open(marks: str) -> int | None:
    """Index of the top-most open box (RULES §4: always mark the top-most open box)."""
    i = marks.find(OPEN)
    return None if i < 0 else i


def bottom_open(marks: str) -> int | None:
    i = marks.rfind(OPEN)
    return None if i < 0 else i


def has_open(p: PlayerState, section: str) -> bool:
    return OPEN in p.marks[section]


def open_sections(sheet: Sheet, p: PlayerState) -> list[str]:
    """Every section a star action could mark, in sheet order (RULES §9)."""
    return [s for s in sheet.sections if OPEN in p.marks[s]]


def any_open(p: PlayerState) -> bool:
    """Whether a star action has anywhere to mark (RULES §9)."""
    return any(OPEN in marks for marks in p.marks.values())


def section_area(section: str) -> str:
    """``boat``, ``harbor`` or ``wharf``."""
    area, _, _ = section.rpartition(":")
    return area or "boat"


def section_name(section: str) -> str:
    return section.rpartition(":")[2]


def capacity(sheet: Sheet, p: PlayerState, kind: str) -> int:
    return sheet.boat_capacity(kind, p.licenses["oyster"] if kind == "oyster" else 0)


def is_full(sheet: Sheet, p: PlayerState, kind: str, fish: int) -> bool:
    """A boat is full when all its fish boxes are marked; research vessels never are (§6, §11)."""
    cap = capacity(sheet, p, kind)
    return cap > 0 and fish >= cap


def full_boats(sheet: Sheet, p: PlayerState) -> int:
    return sum(
        1 for kind, boats in p.boats.items() for fish in boats if is_full(sheet, p, kind, fish)
    )


def total_fish(p: PlayerState) -> int:
    return sum(sum(boats) for boats in p.boats.values())


def launched(p: PlayerState, kind: str | None = None) -> int:
    if kind is not None:
        return len(p.boats.get(kind, []))
    return sum(len(b) for b in p.boats.values())


def coin_boxes(p: PlayerState) -> int:
    """Coin boxes marked (crossed stars are skipped, never counted)."""
    return p.coins.count(MARKED)


def king_crab_license(sheet: Sheet, p: PlayerState) -> bool:
    marks = p.marks["harbor:king_crab"]
    return any(marks[i] == MARKED for i in sheet.king_crab_licenses)


def licenses_activated(sheet: Sheet, p: PlayerState) -> int:
    """Every license box activated, King Crab included."""
    return sum(p.licenses.values()) + (1 if king_crab_license(sheet, p) else 0)


def complete(p: PlayerState, building: str) -> bool:
    return building in p.completed


def marked_boxes(p: PlayerState, section: str) -> int:
    return p.marks[section].count(MARKED)


def harbor_boxes_marked(p: PlayerState) -> int:
    return sum(marked_boxes(p, f"harbor:{s}") for s in HARBOR_SHIPS)


def launch_effective(sheet: Sheet, p: PlayerState, kind: str) -> bool:
    return launched(p, kind) < sheet.boat_count(kind)


def license_effective(sheet: Sheet, p: PlayerState, boat_type: str) -> bool:
    return p.licenses[boat_type] < sheet.license_levels


BASE_INCOME = 1
"""RULES §3, §7: every income phase brings 1 coin before any bonus."""
CANNING_PER_FULL_BOAT = 1
"""RULES §7, §11: Ridback Canning Co. adds 1 coin of income per full boat."""


def income(sheet: Sheet, p: PlayerState) -> int:
    """RULES §7: 1 + Lobster level + 1 per full boat with Ridback Canning, capped."""
    canning = CANNING_PER_FULL_BOAT * full_boats(sheet, p) if complete(p, "ridback_canning") else 0
    return min(sheet.income_cap, BASE_INCOME + p.licenses["lobster"] + canning)


def buildings_complete(p: PlayerState) -> int:
    return sum(1 for b in WHARF_BUILDINGS if b in p.completed)


def boat_types_launched(p: PlayerState) -> int:
    return sum(1 for t in BOAT_TYPES if p.boats.get(t))


def open_star_boxes(sheet: Sheet, p: PlayerState) -> list[int]:
    return [i for i in sorted(sheet.stars) if p.coins[i] == OPEN]
