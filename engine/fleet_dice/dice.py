"""The dice of Fleet: The Dice Game (RULES §1, §2.2)."""

from __future__ import annotations

from engine.core.chance import roll
from engine.fleet_dice.sheet import BOAT_TYPES

COINS = "coins"
HARBOR = "harbor"
WHARF = "wharf"
MARKET = "market"

BOAT_FACES: tuple[str, ...] = (*BOAT_TYPES, COINS)
TOWN_FACES: tuple[str, ...] = (HARBOR, HARBOR, WHARF, WHARF, MARKET, MARKET)
ALL_FACES: tuple[str, ...] = (*BOAT_FACES, HARBOR, WHARF, MARKET)


def is_boat_face(face: str) -> bool:
    return face in BOAT_FACES


def pool_size(seats: int) -> int:
    """Always one die more than players; solo uses the 2-player pools (RULES §2.2, §15)."""
    return max(seats, 2) + 1


def roll_boat_pool(seed: str, key: str, seats: int) -> list[str]:
    return roll(seed, key, BOAT_FACES, pool_size(seats))


def roll_town_pool(seed: str, key: str, seats: int) -> list[str]:
    town = roll(seed, key + ":town", TOWN_FACES, pool_size(seats) - 1)
    return [*town, *roll(seed, key + ":boat", BOAT_FACES)]


def reroll(seed: str, key: str, face: str) -> str:
    """A Casino reroll: the same kind of die, rolled again."""
    faces = BOAT_FACES if is_boat_face(face) else TOWN_FACES
    return roll(seed, key, faces)[0]
