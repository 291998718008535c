"""Mare Balticum at the table: the map picture, panels and words (views only, no Discord)."""

from bot.fronts.mare_balticum.front import MareBalticumFront

__all__ = ["MareBalticumFront"]
