"""Development powers a captain has bought (RULES §11) and the fortune powers in force this
turn (RULES §9), as numbers the other modules ask for: one place to look them up."""

from __future__ import annotations

from engine.black_fleet.house import DevelopmentPower, House
from engine.black_fleet.state import Turn
from engine.black_fleet.view import CaptainLike

HAND_LIMIT = 3
"""Fortune cards a captain may keep at the end of a turn (RULES §8.3)."""
MOVEMENT_HAND = 2
"""Movement cards a captain draws back up to (RULES §8.1)."""
PIRATE_HOLD = 1
RAID_REWARD = 2
SINK_REWARD = 2


def total(house: House, captain: CaptainLike, power: DevelopmentPower) -> int:
    """The sum of the amounts of the bought cards with this power (0: none bought)."""
    return sum(
        card.amount for key in captain.bought if (card := house.development[key]).power == power
    )


def has(house: House, captain: CaptainLike, power: DevelopmentPower) -> bool:
    return any(house.development[key].power == power for key in captain.bought)


def at_least(house: House, captain: CaptainLike, power: DevelopmentPower, base: int) -> int:
    """A limit a power raises (hand sizes, the pirate's hold): the highest of `base` and the
    bought cards' amounts, so two such cards do not add up."""
    return max(
        [base]
        + [card.amount for key in captain.bought if (card := house.development[key]).power == power]
    )


def bonus(house: House, captain: CaptainLike, power: DevelopmentPower) -> int:
    """The `bonus` number of the bought cards with this power, summed."""
    return sum(
        card.bonus for key in captain.bought if (card := house.development[key]).power == power
    )


def hand_limit(house: House, captain: CaptainLike) -> int:
    return at_least(house, captain, "lookout", HAND_LIMIT)


def movement_hand(house: House, captain: CaptainLike) -> int:
    return at_least(house, captain, "seer", MOVEMENT_HAND)


def pirate_hold(house: House, captain: CaptainLike) -> int:
    return at_least(house, captain, "deep_hold", PIRATE_HOLD)


def effect(turn: Turn, name: str) -> int:
    """A fortune power in force this turn: its amount, 0 if none was played."""
    return turn.effects.get(name, 0)
