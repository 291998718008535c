"""Black Fleet (Space Cowboys, 2014): merchants, pirates and the navy on one map."""

from engine.black_fleet.rules import BlackFleet

__all__ = ["BlackFleet"]
