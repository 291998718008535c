"""Using a die (RULES §5), with the alternatives buildings and licenses open (§10, §11)."""

from __future__ import annotations

from dataclasses import replace

from engine.core.actions import Action
from engine.fleet_dice.actions import USE, action_of
from engine.fleet_dice.coins import gain_coins
from engine.fleet_dice.dice import COINS, HARBOR, MARKET, WHARF, reroll
from engine.fleet_dice.player import complete, has_open, open_sections, total_fish
from engine.fleet_dice.sheet import BOAT_TYPES, HARBOR_SHIPS, WHARF_BUILDINGS, Sheet
from engine.fleet_dice.state import OPEN, FleetState, PlayerState, Task, task_of
from engine.fleet_dice.work import Work

COIN_DIE = 1
"""RULES §5: a die taken as coin gives 1 coin…"""
BAIT_SHOP_COIN_DIE = 2
"""…and 2 once the Bait Shop is complete (RULES §11)."""
SMOKEHOUSE_BONUS = 2
"""RULES §11: the Smokehouse adds 2 coins to every Market use."""


def coins_for_a_die(p: PlayerState) -> int:
    """What a die taken as coin gives this player (RULES §5, §11)."""
    return BAIT_SHOP_COIN_DIE if complete(p, "bait_shop") else COIN_DIE


def market_coins(sheet: Sheet, p: PlayerState) -> int:
    """What a Market die pays this player now: by the fish on their boats, +2 with the
    Smokehouse (RULES §11)."""
    bonus = SMOKEHOUSE_BONUS if complete(p, "smokehouse") else 0
    return sheet.market_coins(total_fish(p)) + bonus


HARBOR_SECTIONS = tuple(f"harbor:{s}" for s in HARBOR_SHIPS)
WHARF_SECTIONS = tuple(f"wharf:{b}" for b in WHARF_BUILDINGS)
COIN = action_of("coin")


def shrimp_level(p: PlayerState, task: Task) -> int:
    """Shrimp license bonuses apply to the chosen Shrimp die only (RULES §10)."""
    return p.licenses["shrimp"] if task.chosen and task.face == "shrimp" else 0


def usable_boat_faces(p: PlayerState, task: Task) -> list[str]:
    """Boat faces this die may be used as: its own, or any with a Shrimp license."""
    assert task.face is not None
    faces = [*BOAT_TYPES, COINS] if shrimp_level(p, task) else [task.face]
    return [f for f in faces if f == COINS or (f in BOAT_TYPES and has_open(p, f))]


def may_reroll(state: FleetState, p: PlayerState, task: Task) -> bool:
    """Casino: the chosen die only, once per phase (RULES §5)."""
    return task.chosen and complete(p, "casino") and p.rerolled != state.phase_key


def may_scrap(sheet: Sheet, p: PlayerState) -> bool:
    uses = sheet.wharf["scrap_yard"].uses or 0
    return complete(p, "scrap_yard") and p.scrap_uses < uses and bool(open_sections(sheet, p))


def die_uses(sheet: Sheet, state: FleetState, p: PlayerState, task: Task) -> list[Action]:
    """Every legal use of the die in `task`, normal uses first."""
    face = task.face
    assert face is not None
    uses: list[Action]
    if face == HARBOR:
        uses = [USE[s] for s in HARBOR_SECTIONS if OPEN in p.marks[s]]
    elif face == WHARF:
        uses = [USE[s] for s in WHARF_SECTIONS if OPEN in p.marks[s]]
    elif face == MARKET:
        uses = [USE["market"]]
    else:
        faces = usable_boat_faces(p, task)
        if shrimp_level(p, task) >= 3:
            # RULES §10: use it as two boat faces; pairs are listed once, in sheet order.
            uses = []
            for i, first in enumerate(faces):
                for second in faces[i:]:
                    if first == second != COINS and p.marks[first].count(OPEN) < 2:
                        continue
                    uses.append(action_of("use", f"{first}+{second}"))
        else:
            uses = [USE[f] for f in faces]
    uses.append(COIN)
    buffet = complete(p, "seafood_buffet") and state.round >= p.buffet_from
    if buffet and face in BOAT_TYPES and face not in p.hexagons:
        uses.append(action_of("buffet", face))
    if may_scrap(sheet, p):
        uses.append(action_of("scrap"))
    if may_reroll(state, p, task):
        uses.append(action_of("reroll"))
    return uses


def may_use(sheet: Sheet, state: FleetState, p: PlayerState, task: Task, action: Action) -> bool:
    """Whether `action` is one of `die_uses`, asked without listing them (apply asks it of
    every die used)."""
    face = task.face
    verb = action.verb
    if verb == "coin":
        return True
    if verb == "use":
        arg = action.args[0]
        if face == HARBOR:
            return arg in HARBOR_SECTIONS and OPEN in p.marks[arg]
        if face == WHARF:
            return arg in WHARF_SECTIONS and OPEN in p.marks[arg]
        if face == MARKET:
            return arg == "market"
        if shrimp_level(p, task) >= 3:
            return action in die_uses(sheet, state, p, task)
        return arg in usable_boat_faces(p, task)
    if verb == "buffet":
        buffet = complete(p, "seafood_buffet") and state.round >= p.buffet_from
        return buffet and face in BOAT_TYPES and face not in p.hexagons and action.args[0] == face
    if verb == "scrap":
        return may_scrap(sheet, p)
    if verb == "reroll":
        return may_reroll(state, p, task)
    return False


def use_die(t: Work, seat: int, task: Task, action: Action) -> None:
    """Carry out a legal use. The use task is still at the front of the queue."""
    p = t.player(seat)
    state = t.state
    assert task.face is not None
    if action.verb == "reroll":
        old = task.face
        face = reroll(state.seed, f"r{state.round}:{state.phase}:casino:{seat}", old)
        p.tasks[0] = replace(task, face=face)
        p.rerolled = state.phase_key
        t.emit("reroll", seat, old=old, face=face)
        return
    p.tasks.pop(0)
    if action.verb == "coin":
        gain_coins(t, seat, coins_for_a_die(p), "die taken as coin")
    elif action.verb == "buffet":
        p.hexagons.append(task.face)
        t.emit("buffet", seat, hexagon=task.face)
    elif action.verb == "scrap":
        p.scrap_uses += 1
        t.emit("scrap", seat, uses=p.scrap_uses)
        t.spawn(seat, task_of("star", source="scrap yard"))
    elif action.args[0] == "market":
        gain_coins(t, seat, market_coins(t.sheet, p), "market")
    elif action.args[0].startswith(("harbor:", "wharf:")):
        t.spawn(seat, task_of("mark", section=action.args[0]))
    else:
        for face in action.args[0].split("+"):
            if face == COINS:
                t.spawn(seat, task_of("gain", coins=3, source="3 Coins"))
            else:
                t.spawn(seat, task_of("mark", section=face))
        if shrimp_level(p, task) >= 2:
            t.spawn(seat, task_of("star", source="Shrimp license"))
