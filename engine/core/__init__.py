"""The contract every game implements: actions, events, keyed chance, errors, results.

The core imports no game; the registry of games lives above it, in `engine.games`.
"""

from engine.core.actions import Action, ActionSyntaxError
from engine.core.chance import deal, draw, roll, shuffle
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event, visible_events
from engine.core.game import AnyGame, Game, GameResult, Policy, SeatResult, random_policy
from engine.core.replay import replay, replay_events

__all__ = [
    "Action",
    "ActionSyntaxError",
    "AnyGame",
    "EngineError",
    "Event",
    "Game",
    "GameResult",
    "IllegalAction",
    "Policy",
    "SeatResult",
    "deal",
    "draw",
    "random_policy",
    "replay",
    "replay_events",
    "roll",
    "shuffle",
    "visible_events",
]
