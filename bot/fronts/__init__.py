"""The registry of fronts, one per game: adding a game is one line here (and one in
`engine.games`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.fronts.base import Front
from bot.fronts.black_fleet import BlackFleetFront
from bot.fronts.fleet_cards import FleetCardsFront
from bot.fronts.fleet_dice import FleetDiceFront
from bot.fronts.mare_balticum import MareBalticumFront

FRONTS: dict[str, Callable[[], Front[Any]]] = {
    "fleet-dice": FleetDiceFront,
    "fleet-cards": FleetCardsFront,
    "mare-balticum": MareBalticumFront,
    "black-fleet": BlackFleetFront,
}

_INSTANCES: dict[str, Front[Any]] = {}


def register_front(game_id: str, factory: Callable[[], Front[Any]]) -> None:
    """Add a front at run time (tests register their own small games this way)."""
    FRONTS[game_id] = factory
    _INSTANCES.pop(game_id, None)


def get_front(game_id: str) -> Front[Any]:
    if game_id not in FRONTS:
        raise KeyError(f"no front for {game_id!r}")
    if game_id not in _INSTANCES:
        _INSTANCES[game_id] = FRONTS[game_id]()
    return _INSTANCES[game_id]
