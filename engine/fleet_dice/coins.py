"""Coins and the coin track (RULES §4, §9)."""

from __future__ import annotations

from engine.fleet_dice.state import MARKED, OPEN, task_of
from engine.fleet_dice.work import Work


def gain_coins(t: Work, seat: int, amount: int, reason: str) -> None:
    """Each coin marks the next open coin box; a star box grants a star action (RULES §4, §9).

    Boxes Captain Ruth crossed are skipped without a star action (RULES §15).
    """
    p = t.player(seat)
    stars = t.sheet.stars
    gained = 0
    for _ in range(amount):
        i = p.coins.find(OPEN)
        if i < 0:
            break
        p.coins = p.coins[:i] + MARKED + p.coins[i + 1 :]
        gained += 1
        if i in stars:
            t.spawn(seat, task_of("star", source="coins", box=i + 1))
    t.emit("coins", seat, amount=gained, reason=reason)
