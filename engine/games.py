"""The registry of games, above the core (as python-chess keeps its variants beside, not
inside, the board): adding a game is one line here. The registry pairs a game's rules with its
automatic players (`engine.core.seats.bind`), so no rules module imports its policies.

>>> "fleet-dice" in game_ids()
True
"""

from __future__ import annotations

from collections.abc import Callable

from engine.black_fleet import BlackFleet
from engine.black_fleet import policies as black_fleet_players
from engine.core.game import AnyGame
from engine.core.seats import bind
from engine.fleet_cards import FleetCards
from engine.fleet_cards import policies as fleet_cards_players
from engine.fleet_dice import FleetDice
from engine.fleet_dice import policies as fleet_dice_players
from engine.mare_balticum import MareBalticum
from engine.mare_balticum import policies as mare_balticum_players

GAMES: dict[str, Callable[[], AnyGame]] = {
    "fleet-dice": lambda: bind(FleetDice(), fleet_dice_players.automatic),
    "fleet-cards": lambda: bind(FleetCards(), fleet_cards_players.automatic),
    "mare-balticum": lambda: bind(MareBalticum(), mare_balticum_players.automatic),
    "black-fleet": lambda: bind(BlackFleet(), black_fleet_players.automatic),
}

_INSTANCES: dict[str, AnyGame] = {}


def register_game(game_id: str, factory: Callable[[], AnyGame]) -> None:
    """Add a game at run time (tests register their own small games this way)."""
    GAMES[game_id] = factory
    _INSTANCES.pop(game_id, None)


def game_ids() -> list[str]:
    return list(GAMES)


def get_game(game_id: str) -> AnyGame:
    """The game registered under `game_id`, built once."""
    if game_id not in GAMES:
        known = ", ".join(GAMES)
        raise KeyError(f"no game called {game_id!r}; known games: {known}")
    if game_id not in _INSTANCES:
        _INSTANCES[game_id] = GAMES[game_id]()
    return _INSTANCES[game_id]
