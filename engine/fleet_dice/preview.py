"""What a choice would do, asked of the rules: a front shows it beside each option.

A preview applies the action to a seat's view and keeps what happens to that seat before the
table moves on (a new roll, another seat's turn): the box it marks, the circle that fires, the
coins, fish and star actions it earns. Previewing a view is safe: it has no seed, so any roll
it reaches shows made-up dice, and those are cut off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.actions import Action
from engine.core.errors import EngineError
from engine.core.events import Event
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.scoring import breakdown, king_crab_bonus_vp
from engine.fleet_dice.state import FleetView

TABLE_WIDE = frozenset({"roll", "leftover", "over", "markers", "ruth"})


@dataclass(frozen=True)
class Preview:
    """The effects of one action for the seat that takes it."""

    events: list[Event] = field(default_factory=list)
    """This seat's events, in order, until the table moves on."""
    stars: int = 0
    """Star actions it leaves the seat to carry out next."""
    vp: int = 0
    """Victory points it changes on the sheet as scored now."""
    coin_boxes: list[int] = field(default_factory=list)
    """The coin track boxes (0-based) it marks."""


def preview(game: FleetDice, view: FleetView, seat: int, action: Action) -> Preview:
    try:
        after, events = game.apply(view, seat, action)
    except EngineError:
        return Preview()
    mine: list[Event] = []
    for event in events:
        if event.kind in TABLE_WIDE or (event.seat is not None and event.seat != seat):
            break
        if event.seat == seat:
            mine.append(event)
    stars = sum(1 for t in after.players[seat].tasks if t.kind == "star")
    sheet = game.sheet_for(view)
    vp = sum(breakdown(sheet, after, seat).values()) - sum(breakdown(sheet, view, seat).values())
    before, now = view.players[seat].coins, after.players[seat].coins
    coins = [i for i, (a, b) in enumerate(zip(before, now, strict=True)) if a != b]
    return Preview(mine, stars, vp, coins)


def bonus_worth(game: FleetDice, view: FleetView, seat: int, bonus: str) -> int:
    """What a King Crab bonus would score for this seat now (RULES §11)."""
    trial = view.players[seat].clone()
    trial.king_crab_bonus = bonus
    return king_crab_bonus_vp(game.sheet_for(view), trial)
