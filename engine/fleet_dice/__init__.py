"""Fleet: The Dice Game (rules in RULES.md, sheet as data in sheets/)."""

from engine.fleet_dice.rules import FleetDice

__all__ = ["FleetDice"]
