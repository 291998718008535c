"""Fleet: The Dice Game (rules in RULES.md, sheet as data in sheets/)."""

from engine.core.game import register_game
from engine.fleet_dice.rules import FleetDice

register_game("fleet-dice", FleetDice)

__all__ = ["FleetDice"]
