"""The registry of fronts, one per game: adding a game is one line here (and one in
`engine.games`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.fronts.base import Front
from bot.fronts.black_fleet import BlackFleetFront
from bot.fronts.emoji import EmojiArt
from bot.fronts.fleet_cards import FleetCardsFront
from bot.fronts.fleet_cards.emojis import EMOJIS as FLEET_CARDS_EMOJIS
from bot.fronts.fleet_dice import FleetDiceFront
from bot.fronts.fleet_dice.emojis import EMOJIS as FLEET_DICE_EMOJIS
from bot.fronts.mare_balticum import MareBalticumFront
from bot.i18n import register_domain

FRONTS: dict[str, Callable[[], Front[Any]]] = {
    "fleet-dice": FleetDiceFront,
    "fleet-cards": FleetCardsFront,
    "mare-balticum": MareBalticumFront,
    "black-fleet": BlackFleetFront,
}

EMOJIS: dict[str, tuple[EmojiArt, ...]] = {
    "fleet-dice": FLEET_DICE_EMOJIS,
    "fleet-cards": FLEET_CARDS_EMOJIS,
}
"""The pictures each game shows in its texts as application emojis (`bot.emojis`)."""

_INSTANCES: dict[str, Front[Any]] = {}


def register_front(game_id: str, factory: Callable[[], Front[Any]]) -> None:
    """Add a front at run time (tests register their own small games this way)."""
    FRONTS[game_id] = factory
    _INSTANCES.pop(game_id, None)


def get_front(game_id: str) -> Front[Any]:
    """The front of a game, built once; its words' catalogs are in `locales/` beside it."""
    if game_id not in FRONTS:
        raise KeyError(f"no front for {game_id!r}")
    if game_id not in _INSTANCES:
        front = FRONTS[game_id]()
        _INSTANCES[game_id] = front
        register_domain(front.domain, Path(inspect.getfile(type(front))).parent / "locales")
    return _INSTANCES[game_id]


def register_all() -> None:
    """Every front built, so every game's catalogs are known (before the first message)."""
    for game_id in FRONTS:
        get_front(game_id)
