"""Fleet, the card game (rules in RULES.md, card data in data/)."""

from engine.fleet_cards.rules import FleetCards

__all__ = ["FleetCards"]
