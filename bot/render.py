"""Text renderings of a Fleet game: the board and each sheet, in lines of at most 40
characters so phones do not wrap them (DISCORD.md). The terminal and Discord both use them."""

from __future__ import annotations

from engine.core.events import Event
from engine.fleet_dice.marking import label
from engine.fleet_dice.player import (
    capacity,
    coin_boxes,
    king_crab_license,
    section_name,
    total_fish,
)
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.scoring import breakdown
from engine.fleet_dice.sheet import BOAT_TYPES, HARBOR_SHIPS, WHARF_BUILDINGS, Sheet
from engine.fleet_dice.state import CROSSED, MARKED, RUTH, FleetState, Task

LINE = 40
OPEN_GLYPH = {
    "box": "·",
    "L": "L",
    "B": "B",
    "?": "?",
    "LICENSE": "K",
    "BOAT": "B",
    "FISH": "F",
    "ACTIVATE": "A",
}
KEY = "x marked / crossed · open  L B ? circles"
SHORT = {"fish": "fish", "boats": "boats", "licenses": "lic", "buildings": "bldg", "bonus": "bonus"}


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def boxes(sheet: Sheet, marks: str, section: str) -> str:
    """``xxB·?`` — marked, crossed, and open boxes showing what their circle does."""
    kinds = sheet.section_boxes(section)
    return "".join(
        m if m in (MARKED, CROSSED) else OPEN_GLYPH[kind]
        for m, kind in zip(marks, kinds, strict=True)
    )


def sheet_lines(game: FleetDice, state: FleetState, seat: int) -> list[str]:
    """One player's whole sheet as text."""
    sheet = game.sheet_for(state)
    p = state.players[seat]
    parts = breakdown(sheet, state, seat)
    lines = [
        f"{seat_name(seat)} · {sum(parts.values())} VP so far",
        " ".join(f"{SHORT[k]} {v}" for k, v in parts.items()),
        "SEA        column        lic",
    ]
    for kind in BOAT_TYPES:
        lines.append(f"{label(kind):<10} {boxes(sheet, p.marks[kind], kind)}  L{p.licenses[kind]}")
        fleet = p.boats.get(kind, [])
        if fleet:
            cap = capacity(sheet, p, kind)
            lines.append("  boats " + " ".join(f"{f}/{cap}" for f in fleet))
    lines.append("HARBOR")
    for ship in HARBOR_SHIPS:
        section = f"harbor:{ship}"
        row = f"{label(ship):<15} {boxes(sheet, p.marks[section], section)}"
        if ship == "king_crab" and king_crab_license(sheet, p):
            row += f" bonus:{p.king_crab_bonus or '?'}"
        lines.append(row)
        fleet = p.boats.get(ship, [])
        if fleet and ship != "research_vessel":
            cap = capacity(sheet, p, ship)
            lines.append("  boats " + " ".join(f"{f}/{cap}" for f in fleet))
    lines.append("WHARF")
    for building in WHARF_BUILDINGS:
        section = f"wharf:{building}"
        done = " done" if building in p.completed else ""
        lines.append(f"{label(building):<19} {boxes(sheet, p.marks[section], section)}{done}")
    if p.hexagons:
        lines.append("  hexagons: " + ", ".join(label(h) for h in p.hexagons))
    if "scrap_yard" in p.completed:
        lines.append(f"  scrap yard uses: {p.scrap_uses}/{sheet.wharf['scrap_yard'].uses}")
    lines.append(f"COINS {coin_boxes(p)}  (* star)")
    stars = sheet.stars
    track = "".join(
        m if m in (MARKED, CROSSED) else ("*" if i in stars else "·") for i, m in enumerate(p.coins)
    )
    lines += [track[i : i + 25] for i in range(0, len(track), 25)]
    lines.append(KEY)
    return [line[:LINE] for line in lines]


def board_lines(game: FleetDice, state: FleetState) -> list[str]:
    """The table at a glance: round, phase, dice, who decides, and every player's standing."""
    sheet = game.sheet_for(state)
    if state.phase == "over":
        head = f"Game over after {state.rounds} rounds"
    else:
        head = f"Round {state.round}/{state.rounds} · {state.phase} phase"
    lines = [head]
    if state.pool and state.stage == "pick":
        lines.append("Dice: " + ", ".join(label(f) for f in state.pool))
    if state.leftover:
        lines.append(f"Leftover for everyone: {label(state.leftover)}")
    if state.solo and state.ruth:
        r = state.ruth
        lines.append(f"Ruth: {label(r.boat)}, {label(r.harbor)}, {label(r.wharf)}")
        order = " then ".join("Ruth" if s == RUTH else "you" for s in state.order)
        if order:
            lines.append(f"Pick order: {order}")
    elif state.phase != "over":
        lines.append(f"First player: {seat_name(state.first_player)}")
    for seat, p in enumerate(state.players):
        vp = sum(breakdown(sheet, state, seat).values())
        lines.append(f"{seat_name(seat)}: {vp} VP, {coin_boxes(p)} coins, {total_fish(p)} fish")
    waiting = game.to_act(state)
    if waiting:
        lines.append("Deciding: " + ", ".join(seat_name(s) for s in waiting))
    return [line[:LINE] for line in lines]


DECISION_PROMPTS = {
    "pick": "pick a die from the pool",
    "star": "star action: mark the top box of any section",
    "circle": "? circle: activate a license or launch a boat",
    "bonus": "choose your King Crab bonus",
    "oyster": "how many oyster boats take 1 fish + 1 coin?",
}


def decision_prompt(task: Task) -> str:
    if task.kind == "use":
        which = "your chosen" if task.chosen else "the leftover"
        return f"use {which} {label(task.face or '')} die"
    if task.kind == "circle":
        return f"{label(task.section or '')} ? circle: license or boat"
    return DECISION_PROMPTS.get(task.kind, task.kind)


def action_label(text: str) -> str:
    """A short human label for an action text (``use harbor:inuit`` → ``Inuit``)."""
    verb, _, arg = text.partition(" ")
    names = " + ".join(label(section_name(a)) for a in arg.split("+")) if arg else ""
    return {
        "pick": f"Take {names}",
        "use": f"Mark {names}" if arg not in ("coins", "market") else f"Use as {names}",
        "coin": "Take as 1 coin",
        "buffet": f"Seafood Buffet: {names} hexagon",
        "scrap": "Scrap Yard: star action",
        "reroll": "Casino: reroll",
        "star": f"Star: {names}",
        "choose": "Activate license" if arg == "license" else "Launch boat",
        "bonus": f"Bonus: {arg}",
        "oyster": f"{arg} oyster boat(s) take a coin",
    }.get(verb, text)


def event_line(event: Event) -> str:
    who = "" if event.seat is None else seat_name(event.seat) + " "
    return f"{who}{event.text}"
