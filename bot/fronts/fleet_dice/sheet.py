"""A player's sheet as monospace text, in lines short enough for a phone (DISCORD.md)."""

from __future__ import annotations

from bot.fronts.fleet_dice.words import name
from bot.i18n import Tr
from engine.fleet_dice.player import capacity, coin_boxes, king_crab_license
from engine.fleet_dice.scoring import breakdown
from engine.fleet_dice.sheet import BOAT_TYPES, HARBOR_SHIPS, WHARF_BUILDINGS, Sheet
from engine.fleet_dice.state import CROSSED, MARKED, FleetView

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


def boxes(sheet: Sheet, marks: str, section: str) -> str:
    """``xxB·?``: marked, crossed, and open boxes showing what their circle does."""
    kinds = sheet.section_boxes(section)
    return "".join(
        m if m in (MARKED, CROSSED) else OPEN_GLYPH[kind]
        for m, kind in zip(marks, kinds, strict=True)
    )


def sheet_lines(tr: Tr, sheet: Sheet, view: FleetView, seat: int, who: str) -> list[str]:
    """One player's whole sheet as text."""
    p = view.players[seat]
    parts = breakdown(sheet, view, seat)
    lines = [
        tr._("{name} · {vp} VP", name=who, vp=sum(parts.values())),
        tr._("fish {fish} boats {boats} lic {licenses} bldg {buildings} bonus {bonus}", **parts),
        tr._("SEA        column        lic"),
    ]
    for kind in BOAT_TYPES:
        lines.append(
            f"{name(tr, kind):<10} {boxes(sheet, p.marks[kind], kind)}  L{p.licenses[kind]}"
        )
        fleet = p.boats.get(kind, [])
        if fleet:
            cap = capacity(sheet, p, kind)
            lines.append("  " + tr._("fish") + " " + " ".join(f"{f}/{cap}" for f in fleet))
    lines.append(tr._("HARBOR"))
    for ship in HARBOR_SHIPS:
        section = f"harbor:{ship}"
        row = f"{name(tr, ship):<15} {boxes(sheet, p.marks[section], section)}"
        if ship == "king_crab" and king_crab_license(sheet, p):
            row += " " + tr._("bonus: {bonus}", bonus=p.king_crab_bonus or "?")
        lines.append(row)
        fleet = p.boats.get(ship, [])
        if fleet and ship != "research_vessel":
            cap = capacity(sheet, p, ship)
            lines.append("  " + tr._("fish") + " " + " ".join(f"{f}/{cap}" for f in fleet))
    lines.append(tr._("WHARF"))
    for building in WHARF_BUILDINGS:
        section = f"wharf:{building}"
        done = " ✓" if building in p.completed else ""
        lines.append(f"{name(tr, building):<19} {boxes(sheet, p.marks[section], section)}{done}")
    if p.hexagons:
        lines.append(
            "  " + tr._("hexagons: {list}", list=", ".join(name(tr, h) for h in p.hexagons))
        )
    if "scrap_yard" in p.completed:
        uses = sheet.wharf["scrap_yard"].uses
        lines.append("  " + tr._("scrap yard uses: {used}/{uses}", used=p.scrap_uses, uses=uses))
    lines.append(tr._("COINS {coins}  (* star)", coins=coin_boxes(p)))
    stars = sheet.stars
    track = "".join(
        m if m in (MARKED, CROSSED) else ("*" if i in stars else "·") for i, m in enumerate(p.coins)
    )
    lines += [track[i : i + 25] for i in range(0, len(track), 25)]
    lines.append(tr._("x yours / Ruth's · open: L B ? circles"))
    return [line[:LINE] for line in lines]
