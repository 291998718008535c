"""A player's sheet as monospace text: the accessible fallback of the sheet picture, in lines a
phone shows without wrapping (≤ 36 characters)."""

from __future__ import annotations

from bot.fronts.fleet_dice.words import bonus_short, name
from bot.i18n import Tr
from engine.fleet_dice.player import capacity, coin_boxes, king_crab_license
from engine.fleet_dice.scoring import breakdown
from engine.fleet_dice.sheet import BOAT_TYPES, HARBOR_SHIPS, WHARF_BUILDINGS, Sheet
from engine.fleet_dice.state import CROSSED, MARKED, FleetView

LINE = 36
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


def legend(tr: Tr, solo: bool = False) -> list[str]:
    """What the sheet's signs mean; Ruth's crosses only in a solo game, where she plays."""
    first = tr._("x yours  / Ruth's  · open  * star") if solo else tr._("x marked  · open  * star")
    return [
        first,
        tr._("L license  B boat  ? either"),
        tr._("K King Crab license  F fishing"),
        tr._("A activates  [2/4] a boat's fish"),
    ]


def boat_line(sheet: Sheet, view: FleetView, seat: int, kind: str) -> str | None:
    p = view.players[seat]
    fleet = p.boats.get(kind, [])
    if not fleet or kind == "research_vessel":
        return None
    cap = capacity(sheet, p, kind)
    return "  " + " ".join(f"[{f}/{cap}]" for f in fleet)


def name_width(tr: Tr, sheet: Sheet, section: str) -> int:
    """How wide a section's group prints its names: the longest name of the group in this
    language, so the boxes line up and no name is cut (the longest, German
    ``Ridback Konserven Co.``, leaves the wharf's lines at 29 of 36 characters)."""
    if section in BOAT_TYPES:
        group, suffix = list(BOAT_TYPES), len(" L0")
    elif section.startswith("harbor:"):
        group, suffix = [f"harbor:{k}" for k in HARBOR_SHIPS], 0
    else:
        group, suffix = [f"wharf:{k}" for k in WHARF_BUILDINGS], len(" ✓")
    widest = max(len(sheet.section_boxes(k)) for k in group)
    return min(max(len(name(tr, k)) for k in group), LINE - 1 - widest - suffix)


def section_lines(tr: Tr, sheet: Sheet, view: FleetView, seat: int, section: str) -> list[str]:
    """The line of one section (and its boats), as the sheet shows it."""
    p = view.players[seat]
    short = section.rpartition(":")[2]
    marks = boxes(sheet, p.marks[section], section)
    width = name_width(tr, sheet, section)
    label = f"{name(tr, short)[:width]:<{width}}"
    if section in BOAT_TYPES:
        lines = [f"{label} {marks} L{p.licenses[section]}"]
    elif section.startswith("harbor:"):
        lines = [f"{label} {marks}"]
        if short == "king_crab" and king_crab_license(sheet, p):
            lines.append("  " + tr._("bonus: {bonus}", bonus=bonus_short(tr, p.king_crab_bonus)))
    else:
        done = " ✓" if short in p.completed else ""
        lines = [f"{label} {marks}{done}"]
    boat = boat_line(sheet, view, seat, short)
    return [*lines, boat] if boat else lines


def wrap(text: str, width: int = LINE) -> list[str]:
    """Break a line at spaces so no part is wider than `width` (later parts indented)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        elif lines:
            lines.append("    " + word)
        else:
            lines.append(word)
    return lines


def standing(tr: Tr, sheet: Sheet, view: FleetView, seat: int) -> str:
    parts = breakdown(sheet, view, seat)
    return tr._("fish {fish} boats {boats} lic {licenses} bldg {buildings} +{bonus}", **parts)


def sheet_lines(tr: Tr, sheet: Sheet, view: FleetView, seat: int, who: str) -> list[str]:
    """One player's whole sheet as text."""
    p = view.players[seat]
    vp = sum(breakdown(sheet, view, seat).values())
    lines = [tr._("{name} · {vp} VP", name=who[:24], vp=vp), standing(tr, sheet, view, seat)]
    lines.append(tr._("SEA"))
    for kind in BOAT_TYPES:
        lines += section_lines(tr, sheet, view, seat, kind)
    lines.append(tr._("HARBOR"))
    for ship in HARBOR_SHIPS:
        lines += section_lines(tr, sheet, view, seat, f"harbor:{ship}")
    lines.append(tr._("WHARF"))
    for building in WHARF_BUILDINGS:
        lines += section_lines(tr, sheet, view, seat, f"wharf:{building}")
    if p.hexagons:
        text = tr._("hexagons: {list}", list=", ".join(name(tr, h) for h in p.hexagons))
        lines += wrap("  " + text)
    if "scrap_yard" in p.completed:
        uses = sheet.wharf["scrap_yard"].uses
        lines.append("  " + tr._("Scrap Yard used {used}/{uses}", used=p.scrap_uses, uses=uses))
    lines.append(tr._("COINS {coins}", coins=coin_boxes(p)))
    stars = sheet.stars
    track = "".join(
        m if m in (MARKED, CROSSED) else ("*" if i in stars else "·") for i, m in enumerate(p.coins)
    )
    lines += [track[i : i + 25] for i in range(0, len(track), 25)]
    lines += legend(tr, view.ruth is not None)
    return lines
