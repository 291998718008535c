"""The map as monospace text, the picture's fallback: a grid of space codes where they lie, and
one line per space with its tokens (or a port's demands) and the seats with a boat there.
Every line fits 36 characters."""

from __future__ import annotations

from bot.fronts.base import Ctx
from bot.fronts.mare_balticum.words import letter, species
from bot.i18n import Tr
from engine.mare_balticum.views import MareView

MARKS = {"port": "*", "light": " ", "dark": "="}
"""After a code: ``*`` a port, ``=`` a dark (2-token) space, nothing a light one."""


def grid_lines(view: MareView) -> list[str]:
    board = view.board
    cols, rows = board.grid
    cells = [["    "] * cols for _ in range(rows)]
    for space in board.spaces:
        x, y = space.cell
        cells[y][x] = f"{space.code:<3}{MARKS[space.kind]}"[:4]
    return ["".join(row).rstrip() for row in cells if "".join(row).strip()]


def sea_lines(view: MareView, ctx: Ctx) -> list[str]:
    """``BBA= S C    1 3``: code, tokens (a port: its demands in brackets), boats by seat."""
    tr = ctx.tr
    out = []
    demands = dict(view.demands)
    for space in view.board.spaces:
        code = space.code
        boats = " ".join(str(s + 1) for s, p in enumerate(view.players) if code in p.boats)
        if space.kind == "port":
            wanted = " ".join(letter(tr, k) if k else "·" for k in demands.get(code, ()))
            things = f"[{wanted}]"
        else:
            things = " ".join(letter(tr, k) for k in view.space_tokens(code))
            if not things and not boats:
                continue
        out.append(f"{code:<3}{MARKS[space.kind]} {things:<7} {boats}".rstrip()[:36])
    return out


def legend_lines(tr: Tr, kinds: tuple[str, ...]) -> list[str]:
    """``S salmon · C cod …`` wrapped at 36 characters."""
    lines: list[str] = []
    line = ""
    for kind in kinds:
        part = tr._("{letter} {name}", letter=letter(tr, kind), name=species(tr, kind))
        joined = f"{line} · {part}" if line else part
        if len(joined) > 36:
            lines.append(line)
            joined = part
        line = joined
    return [*lines, line]
