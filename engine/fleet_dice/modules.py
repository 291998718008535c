"""Optional modules (RULES §14): captain cards and trophies. House content: the printed cards
are not available, so these tables are ours, kept as data in one place."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.fleet_dice.player import (
    boat_types_launched,
    buildings_complete,
    coin_boxes,
    full_boats,
    harbor_boxes_marked,
    launched,
    licenses_activated,
    total_fish,
)
from engine.fleet_dice.sheet import Sheet
from engine.fleet_dice.state import PlayerState

Measure = Callable[[Sheet, PlayerState], int]


@dataclass(frozen=True)
class CaptainCard:
    id: str
    name: str
    start_marks: tuple[str, ...]
    """Sections whose next box is marked at setup, in order (circles resolve normally)."""
    bonus_text: str
    bonus: Measure


CAPTAIN_BONUS_CAP = 8

CAPTAINS: dict[str, CaptainCard] = {
    c.id: c
    for c in (
        CaptainCard(
            "shrimp",
            "Captain Shrimp",
            ("shrimp", "shrimp", "shrimp", "wharf:casino"),
            "2 VP per launched shrimp boat",
            lambda s, p: 2 * launched(p, "shrimp"),
        ),
        CaptainCard(
            "cod",
            "Captain Cod",
            ("cod", "cod", "cod", "harbor:research_vessel"),
            "1 VP per launched boat of any kind",
            lambda s, p: launched(p),
        ),
        CaptainCard(
            "lobster",
            "Captain Lobster",
            ("lobster", "lobster", "lobster", "wharf:bait_shop"),
            "1 VP per 6 coin boxes marked",
            lambda s, p: coin_boxes(p) // 6,
        ),
        CaptainCard(
            "swordfish",
            "Captain Swordfish",
            ("swordfish", "swordfish", "swordfish", "harbor:captains_club"),
            "2 VP per full boat",
            lambda s, p: 2 * full_boats(s, p),
        ),
        CaptainCard(
            "oyster",
            "Captain Oyster",
            ("oyster", "oyster", "oyster", "harbor:inuit"),
            "1 VP per 5 fish",
            lambda s, p: total_fish(p) // 5,
        ),
    )
}


@dataclass(frozen=True)
class Trophy:
    id: str
    text: str
    measure: Measure
    threshold: int = 0
    """Silver: reached when measure >= threshold. Gold: the highest measure wins."""


TROPHY_VP = 5

GOLD: dict[str, Trophy] = {
    t.id: t
    for t in (
        Trophy("fish", "most fish", lambda s, p: total_fish(p)),
        Trophy("boats", "most launched boats of any kind", lambda s, p: launched(p)),
        Trophy("buildings", "most completed wharf buildings", lambda s, p: buildings_complete(p)),
        Trophy("licenses", "most activated licenses", licenses_activated),
        Trophy("coins", "most coin boxes marked", lambda s, p: coin_boxes(p)),
    )
}

SILVER: dict[str, Trophy] = {
    t.id: t
    for t in (
        Trophy("full", "first to have 3 full boats", full_boats, 3),
        Trophy(
            "buildings",
            "first to complete 3 wharf buildings",
            lambda s, p: buildings_complete(p),
            3,
        ),
        Trophy(
            "level3",
            "first to activate a level-3 license",
            lambda s, p: max(p.licenses.values()),
            3,
        ),
        Trophy(
            "fleet",
            "first to launch a boat of each of the 5 types",
            lambda s, p: boat_types_launched(p),
            5,
        ),
        Trophy("harbor", "first to mark 8 harbor boxes", lambda s, p: harbor_boxes_marked(p), 8),
    )
}


def gold_winners(sheet: Sheet, players: list[PlayerState], trophy: str) -> list[int]:
    """Seats with the most of the gold trophy's measure; tied players all score (RULES §14)."""
    values = [GOLD[trophy].measure(sheet, p) for p in players]
    best = max(values)
    if best <= 0:
        return []
    return [seat for seat, v in enumerate(values) if v == best]


def silver_reached(sheet: Sheet, p: PlayerState, trophy: str) -> bool:
    t = SILVER[trophy]
    return t.measure(sheet, p) >= t.threshold
