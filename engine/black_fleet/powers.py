"""Development powers a captain has bought (RULES §11) and the fortune powers in force this
turn (RULES §9), as numbers the other modules ask for: one place to look them up."""

from __future__ import annotations

from typing import NamedTuple

from engine.black_fleet.house import DevelopmentPower, House
from engine.black_fleet.state import Turn
from engine.black_fleet.views import CaptainLike

HAND_LIMIT = 3
"""Fortune cards a captain may keep at the end of a turn (RULES §8.3)."""
MOVEMENT_HAND = 2
"""Movement cards a captain draws back up to (RULES §8.1)."""
PIRATE_HOLD = 1
RAID_REWARD = 2
SINK_REWARD = 2


class PowerSum(NamedTuple):
    """What a captain's bought cards of one power come to."""

    total: int
    """Their amounts summed."""
    most: int
    """The highest amount (a limit the power raises)."""
    bonus: int
    """Their `bonus` numbers summed."""


def sums(house: House, captain: CaptainLike) -> dict[str, PowerSum]:
    """The captain's development powers, each with its bought cards summed (a shared value:
    never change it)."""
    # The rules ask about powers many times for every decision, and a captain buys only a
    # few cards in a game: each set of bought cards is summed once.
    bought = tuple(captain.bought)
    known: dict[tuple[str, ...], dict[str, PowerSum]] = house.bought_powers
    found = known.get(bought)
    if found is None:
        found = {}
        for key in bought:
            card = house.development[key]
            was = found.get(card.power)
            found[card.power] = (
                PowerSum(card.amount, card.amount, card.bonus)
                if was is None
                else PowerSum(
                    was.total + card.amount, max(was.most, card.amount), was.bonus + card.bonus
                )
            )
        if len(known) > 4096:
            known.clear()
        known[bought] = found
    return found


def total(house: House, captain: CaptainLike, power: DevelopmentPower) -> int:
    """The sum of the amounts of the bought cards with this power (0: none bought)."""
    found = sums(house, captain).get(power)
    return 0 if found is None else found.total


def has(house: House, captain: CaptainLike, power: DevelopmentPower) -> bool:
    return power in sums(house, captain)


def at_least(house: House, captain: CaptainLike, power: DevelopmentPower, base: int) -> int:
    """A limit a power raises (hand sizes, the pirate's hold): the highest of `base` and the
    bought cards' amounts, so two such cards do not add up."""
    found = sums(house, captain).get(power)
    return base if found is None else max(base, found.most)


def bonus(house: House, captain: CaptainLike, power: DevelopmentPower) -> int:
    """The `bonus` number of the bought cards with this power, summed."""
    found = sums(house, captain).get(power)
    return 0 if found is None else found.bonus


def hand_limit(house: House, captain: CaptainLike) -> int:
    return at_least(house, captain, "lookout", HAND_LIMIT)


def movement_hand(house: House, captain: CaptainLike) -> int:
    return at_least(house, captain, "seer", MOVEMENT_HAND)


def pirate_hold(house: House, captain: CaptainLike) -> int:
    return at_least(house, captain, "deep_hold", PIRATE_HOLD)


def effect(turn: Turn, name: str) -> int:
    """A fortune power in force this turn: its amount, 0 if none was played."""
    return turn.effects.get(name, 0)
