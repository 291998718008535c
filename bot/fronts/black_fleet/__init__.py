"""Black Fleet at the table: the map picture, turns, hands and choices, drawn from views."""

from bot.fronts.black_fleet.front import BlackFleetFront

__all__ = ["BlackFleetFront"]
