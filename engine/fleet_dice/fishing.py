"""Fishing phases (RULES §8): the round's, for everyone in even rounds, and the Captain's Club's,
for one player alone."""

from __future__ import annotations

from engine.fleet_dice.coins import gain_coins
from engine.fleet_dice.player import capacity, full_boats, is_full
from engine.fleet_dice.state import PlayerState, task_of
from engine.fleet_dice.work import Work

BOAT_CATCH = 1
"""RULES §8: a launched boat that is not full catches 1 fish a fishing phase."""
OYSTER_CATCH = 2
"""RULES §8: an oyster boat catches 2 (or 1 fish and 1 coin, §17.2)."""


def oyster_choices(t: Work, p: PlayerState) -> int:
    """How many oyster boats may take 1 fish + 1 coin instead of 2 fish (0: no choice to make).
    RULES §17.2: every oyster boat may, with or without an Oyster license."""
    return sum(1 for fish in p.boats.get("oyster", []) if not is_full(t.sheet, p, "oyster", fish))


def start_fishing(t: Work, seat: int, source: str) -> None:
    """Fish now, or first ask the oyster question when it has more than one answer."""
    if oyster_choices(t, t.player(seat)):
        t.spawn(seat, task_of("oyster", source=source))
    else:
        fish(t, seat, source, 0)


def fish(t: Work, seat: int, source: str, oyster_coins: int) -> None:
    """One fishing phase for one player, in the order of RULES §8.

    `oyster_coins` oyster boats take 1 fish + 1 coin; those with the least room left are the
    ones that do, since they lose the least fish by it.
    """
    p = t.player(seat)
    sheet = t.sheet
    caught = 0
    # 1. The Barge catches 1 fish per full boat owned, counted before the others fish.
    full = full_boats(sheet, p)
    for i in range(len(p.boats.get("barge", []))):
        caught += _catch(t, p, "barge", i, full)
    # 2. Every other launched boat that is not full catches 1; research vessels never fish.
    for kind, boats in p.boats.items():
        if kind in ("barge", "research_vessel", "oyster"):
            continue
        for i in range(len(boats)):
            caught += _catch(t, p, kind, i, BOAT_CATCH)
    # 3. Oyster boats catch 2, or 1 fish and 1 coin.
    coins = 0
    oysters = p.boats.get("oyster", [])
    by_room = sorted(range(len(oysters)), key=lambda i: capacity(sheet, p, "oyster") - oysters[i])
    takers = [i for i in by_room if not is_full(sheet, p, "oyster", oysters[i])][:oyster_coins]
    for i in range(len(oysters)):
        if i in takers:
            caught += _catch(t, p, "oyster", i, OYSTER_CATCH - 1)
            coins += 1
        else:
            caught += _catch(t, p, "oyster", i, OYSTER_CATCH)
    t.emit("fish", seat, fish=caught, source=source)
    # 4. Stars from these coins resolve after fishing: they are spawned, not resolved here.
    if coins:
        gain_coins(t, seat, coins, "oyster boats")
    # 5. Round fishing only: the Swordfish license bonus.
    level = p.licenses["swordfish"]
    if source == "round" and level:
        if level == 2:
            gain_coins(t, seat, 1, "Swordfish license")
        for _ in range(2 if level >= 3 else 1):
            t.spawn(seat, task_of("star", source="swordfish"))


def _catch(t: Work, p: PlayerState, kind: str, index: int, fish: int) -> int:
    room = capacity(t.sheet, p, kind) - p.boats[kind][index]
    caught = max(0, min(fish, room))
    if caught:
        # Replaced, not changed in place: copies of the state share a player's boats.
        boats = p.boats[kind] = p.boats[kind].copy()
        boats[index] += caught
    return caught
