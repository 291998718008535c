"""Mare Balticum (rules in RULES.md, the map and components as data in data/)."""

from engine.mare_balticum.rules import MareBalticum

__all__ = ["MareBalticum"]
