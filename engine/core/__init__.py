"""The contract every game implements: actions, events, seeded dice, errors, registry."""

from engine.core.actions import Action, ActionSyntaxError
from engine.core.dice import roll
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event
from engine.core.game import Game, GameResult, SeatResult, game_ids, get_game, register_game

__all__ = [
    "Action",
    "ActionSyntaxError",
    "EngineError",
    "Event",
    "Game",
    "GameResult",
    "IllegalAction",
    "SeatResult",
    "game_ids",
    "get_game",
    "register_game",
    "roll",
]
