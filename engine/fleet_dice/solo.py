"""Captain Ruth, the solo opponent (RULES §15).

Ruth has no sheet: she crosses boxes out of the player's sheet from the bottom. Every choice she
makes is emitted as an event with its reason, so a player can follow and check her.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.fleet_dice.dice import BOAT_FACES, COINS, HARBOR, MARKET, WHARF
from engine.fleet_dice.marking import complete_building
from engine.fleet_dice.player import (
    bottom_open,
    has_open,
    open_star_boxes,
    section_area,
    section_name,
)
from engine.fleet_dice.sheet import BOAT_TYPES, HARBOR_SHIPS
from engine.fleet_dice.state import CROSSED, MARKED, OPEN, RUTH, RuthState
from engine.fleet_dice.work import Work

SOLO_SEAT = 0
BOAT_ROUTE: tuple[str, ...] = BOAT_TYPES
HARBOR_ROUTE: tuple[str, ...] = HARBOR_SHIPS
WHARF_ROUTE: tuple[str, ...] = (
    "casino",
    "annas_bank",
    "scrap_yard",
    "bait_shop",
    "ridback_canning",
    "smokehouse",
    "fishermens_pub",
    "seafood_buffet",
)
ROUTES = {
    "boat": ("", BOAT_ROUTE),
    "harbor": ("harbor:", HARBOR_ROUTE),
    "wharf": ("wharf:", WHARF_ROUTE),
}


def along(route: Sequence[str], start: str) -> list[str]:
    """The route read from `start`, once round: ``along(BOAT_ROUTE, "oyster")[1] == "shrimp"``."""
    i = route.index(start)
    return [*route[i:], *route[:i]]


def pick_order(round_number: int) -> list[int]:
    """The player picks first in odd rounds, Ruth in even rounds."""
    return [SOLO_SEAT, RUTH] if round_number % 2 else [RUTH, SOLO_SEAT]


def target(t: Work, marker: str) -> str | None:
    """The section a marker points at: its own, or the next along its route with an open box."""
    ruth = _ruth(t)
    prefix, route = ROUTES[marker]
    for name in along(route, getattr(ruth, marker)):
        if has_open(t.player(SOLO_SEAT), prefix + name):
            return prefix + name
    return None


Choice = tuple[str, str | None, int, dict[str, str]]
"""Ruth's die: (face, section to cross or ``coins`` for a star, boxes, reason). The reason is
data for the front to word: ``{"reason": code, …fields}``."""


def choose(t: Work, pool: list[str]) -> Choice:
    """Ruth's die from the pool."""
    return _choose_town(t, pool) if t.state.phase == "town" else _choose_boat(t, pool)


def _choose_boat(t: Work, pool: list[str]) -> Choice:
    ruth = _ruth(t)
    p = t.player(SOLO_SEAT)
    for kind in along(BOAT_ROUTE, ruth.boat):
        if kind in pool and has_open(p, kind):
            if kind == ruth.boat:
                return kind, kind, 2, {"reason": "boat_marker", "section": kind}
            return kind, kind, 2, {"reason": "boat_route", "section": kind, "start": ruth.boat}
    if COINS in pool:
        return COINS, target(t, "boat"), 1, {"reason": "joker"}
    face = next(k for k in along(BOAT_ROUTE, ruth.boat) if k in pool)
    return face, None, 0, {"reason": "exhausted"}


def _choose_town(t: Work, pool: list[str]) -> Choice:
    # RULES §15 and §17.1: Harbor > Wharf > a boat die showing a boat > Market > 3 Coins (her
    # joker, only when nothing else is possible), each only while it has something to cross;
    # a die whose whole route is full falls through (§17.7).
    if HARBOR in pool and (section := target(t, "harbor")):
        return HARBOR, section, 2, {"reason": "harbor_first"}
    if WHARF in pool and (section := target(t, "wharf")):
        return WHARF, section, 2, {"reason": "wharf_next"}
    boat_dice = [f for f in pool if f in BOAT_TYPES]
    if boat_dice:
        face, section, count, why = _choose_boat(t, boat_dice)
        if section is not None:
            return face, section, count, {**why, "after_town": "1"}
    if MARKET in pool and open_star_boxes(t.sheet, t.player(SOLO_SEAT)):
        return MARKET, "coins", 1, {"reason": "market_star"}
    if COINS in pool and (section := target(t, "boat")):
        return COINS, section, 1, {"reason": "joker", "after_town": "1"}
    for face in (HARBOR, WHARF, *BOAT_FACES, MARKET):
        if face in pool:
            return face, None, 0, {"reason": "no_use"}
    raise AssertionError("Ruth was asked to pick from an empty pool")


def leftover_target(t: Work, face: str) -> tuple[str | None, dict[str, str]]:
    """Where Ruth's use of the leftover die crosses one box: the target she would choose for it.
    With nothing to cross, the die is spent with no effect, and the reason says so (§17.7)."""
    section, why = _leftover_target(t, face)
    if section is None and why["reason"] != "leftover_full":
        return None, {"reason": "nothing"}
    return section, why


def _leftover_target(t: Work, face: str) -> tuple[str | None, dict[str, str]]:
    if face in BOAT_TYPES:
        if has_open(t.player(SOLO_SEAT), face):
            return face, {"reason": "leftover_boat", "section": face}
        return None, {"reason": "leftover_full", "section": face}
    if face == COINS:
        return target(t, "boat"), {"reason": "joker"}
    if face == HARBOR:
        return target(t, "harbor"), {"reason": "harbor_marker"}
    if face == WHARF:
        return target(t, "wharf"), {"reason": "wharf_marker"}
    star = "coins" if open_star_boxes(t.sheet, t.player(SOLO_SEAT)) else None
    return star, {"reason": "market_star"}


def ruth_picks(t: Work) -> None:
    face, section, count, why = choose(t, t.state.pool)
    t.state.pool.remove(face)
    t.state.taken.append(f"ruth:{face}")
    t.emit("ruth", None, face=face, leftover=False, **why)
    cross(t, section, count)


def ruth_uses_leftover(t: Work) -> None:
    face = t.state.leftover
    assert face is not None
    section, why = leftover_target(t, face)
    t.emit("ruth", None, face=face, leftover=True, **why)
    cross(t, section, 1)


def cross(t: Work, section: str | None, count: int) -> None:
    """Cross `count` bottom-most open boxes of a section, or the next open coin star."""
    if section is None or count == 0:
        return
    p = t.player(SOLO_SEAT)
    if section == "coins":
        stars = open_star_boxes(t.sheet, p)
        if stars:
            i = stars[0]
            p.coins = p.coins[:i] + CROSSED + p.coins[i + 1 :]
            t.emit("cross", SOLO_SEAT, section="coins", boxes=[i + 1])
        return
    crossed = []
    for _ in range(count):
        marks = p.marks[section]
        box = bottom_open(marks)
        if box is None:
            break
        p.marks[section] = marks[:box] + CROSSED + marks[box + 1 :]
        crossed.append(box + 1)
    if crossed:
        t.emit("cross", SOLO_SEAT, section=section, boxes=sorted(crossed))
        _filled_by_crossing(t, section)


def _filled_by_crossing(t: Work, section: str) -> None:
    """RULES §17.8: Anna's Bank and the Fishermen's Pub (no activation circle) count as
    completed once every box is filled, boxes Ruth crossed included, provided one of them is
    the player's own mark: a building Ruth crossed entirely is lost."""
    if section_area(section) != "wharf":
        return
    building = section_name(section)
    boxes = t.sheet.section_boxes(section)
    marks = t.player(SOLO_SEAT).marks[section]
    if "ACTIVATE" not in boxes and OPEN not in marks and MARKED in marks:
        complete_building(t, SOLO_SEAT, building)


def move_markers(t: Work) -> None:
    """End of round: each marker moves one step along its route, skipping sections with no
    open box (RULES §15, example I); a marker with nowhere to go stays."""
    ruth = _ruth(t)
    p = t.player(SOLO_SEAT)
    for marker, (prefix, route) in ROUTES.items():
        here = getattr(ruth, marker)
        for name in along(route, here)[1:]:
            if has_open(p, prefix + name):
                setattr(ruth, marker, name)
                break
    t.emit("markers", None, boat=ruth.boat, harbor=ruth.harbor, wharf=ruth.wharf)


def _ruth(t: Work) -> RuthState:
    assert t.state.ruth is not None
    return t.state.ruth
