"""The map as a picture (Pillow): sea spaces light and dark on their display cells, the routes
between them, ports with their demands, the tokens, every boat in its player's colour, this
turn's sails as arrows, and below the map the time track, the bag and the players."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageColor, ImageDraw

from bot.fronts.base import Ctx
from bot.fronts.mare_balticum.words import SEAT_COLOURS, letter, season, space_name, species
from bot.fronts.pictures import Font, colour_palette, full_font, png, remembered
from bot.fronts.pictures import font as default_font
from engine.core.events import Event
from engine.mare_balticum.board import AMBER, Board
from engine.mare_balticum.scoring import points
from engine.mare_balticum.views import MareView

CELL = 120
INSET = 7
MARGIN = 18
TOP = 62
BAND = 236
HEAD = 20
"""The players' column heads (cargo, warehouse, market), in pixels."""

LAND = "#e9e2cc"
ROUTE = "#8fb8d8"
LIGHT = "#cfe8f6"
DARK = "#2f6aa8"
PORT = "#f7e6bd"
PORT_EDGE = "#e07b1f"
INK = "#1d2b3a"
TOKEN_COLOURS = {
    "salmon": ("#f4845f", INK),
    "cod": ("#5f7f22", "white"),
    "herring": ("#b9c6cf", INK),
    "flounder": ("#8a5630", "white"),
    AMBER: ("#ffb000", INK),
}
SEASON_COLOURS = {"spring": "#cde8b5", "summer": "#fbe39a", "autumn": "#f4b27a"}
FALLBACK_TOKEN = ("#dddddd", INK)


@cache
def _font(size: int, bold: bool = False) -> tuple[Font, bool]:
    """The shared font, and whether it draws every letter (else text is folded to ASCII)."""
    return default_font(size, bold), full_font()


def fold(text: str) -> str:
    """``København`` → ``Kobenhavn``: what the ASCII-only fallback font can draw."""
    for wide, narrow in (("ø", "o"), ("Ø", "O"), ("ß", "ss"), ("æ", "ae"), ("Æ", "AE")):
        text = text.replace(wide, narrow)
    text = text.replace("×", "x").replace("−", "-")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if ord(c) < 128)


class Canvas:
    """A drawing surface that writes any text legibly with whatever font is available."""

    def __init__(self, width: int, height: int, clear: bool = False) -> None:
        """A land-coloured picture, or (`clear`) a see-through layer to lay over one."""
        if clear:
            self.image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        else:
            self.image = Image.new("RGB", (width, height), LAND)
        self.draw = ImageDraw.Draw(self.image)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: str = INK,
        bold: bool = False,
        anchor: str = "la",
    ) -> None:
        font, full = _font(size, bold)
        self.draw.text(xy, text if full else fold(text), font=font, fill=fill, anchor=anchor)

    def width(self, text: str, size: int, bold: bool = False) -> float:
        font, full = _font(size, bold)
        return float(self.draw.textlength(text if full else fold(text), font=font))


def _centre(board: Board, code: str) -> tuple[float, float]:
    x, y = board.by_code[code].cell
    return MARGIN + x * CELL + CELL / 2, TOP + y * CELL + CELL / 2


@remembered
def map_picture(view: MareView, ctx: Ctx) -> bytes:
    board = view.board
    cols, rows = board.grid
    canvas = Canvas(2 * MARGIN + cols * CELL, TOP + rows * CELL + BAND)
    _title(canvas, view, ctx)
    _routes(canvas, board)
    for space in board.spaces:
        _space(canvas, view, ctx, space.code)
    _sails(canvas, view)
    for space in board.spaces:
        _contents(canvas, view, ctx, space.code)
    _band(canvas, view, ctx, TOP + rows * CELL + 8)
    return _png(canvas.image)


def _png(image: Image.Image) -> bytes:
    return png(image, palette=_palette())


@cache
def _palette() -> Image.Image:
    """The map's colours, each kept exactly, and their blends; found once."""
    tokens = [fill for fill, _ in TOKEN_COLOURS.values()]
    grounds = [LAND, ROUTE, LIGHT, DARK, PORT, "white", *SEASON_COLOURS.values(), *tokens]
    inks = [INK, "white", "#173e66", "#4a7fae", "#9a8a6a", "#7a6a4a", "#6b5d40", PORT_EDGE]
    rgb = [ImageColor.getrgb(c)[:3] for c in [*grounds, *SEAT_COLOURS, FALLBACK_TOKEN[0]]]
    ink_rgb = [ImageColor.getrgb(c)[:3] for c in [*inks, *SEAT_COLOURS]]
    return colour_palette(rgb, ink_rgb)


def _title(canvas: Canvas, view: MareView, ctx: Ctx) -> None:
    tr = ctx.tr
    if view.over:
        what = tr._("Game over")
    elif view.phase == "setup":
        what = tr._("Starting boats: {name} places", name=ctx.name(view.active))
    elif view.phase in ("company", "safe"):
        what = tr._("Clock {n}: company tokens", n=view.clocks)
    else:
        what = tr.ngettext(
            "{name} to act, {n} action left",
            "{name} to act, {n} actions left",
            view.actions,
            name=ctx.name(view.active),
        )
    head = tr._("Mare Balticum · round {round} · {what}", round=view.round, what=what)
    canvas.text((MARGIN, 16), head, 28, bold=True)


def _routes(canvas: Canvas, board: Board) -> None:
    for space in board.spaces:
        for other in space.adjacent:
            if space.code < other:
                canvas.draw.line(
                    [_centre(board, space.code), _centre(board, other)], fill=ROUTE, width=10
                )


def _box(board: Board, code: str) -> tuple[float, float, float, float]:
    x, y = _centre(board, code)
    half = CELL / 2 - INSET
    return x - half, y - half, x + half, y + half


def _space(canvas: Canvas, view: MareView, ctx: Ctx, code: str) -> None:
    board = view.board
    kind = board.by_code[code].kind
    box = _box(board, code)
    if kind == "port":
        canvas.draw.rounded_rectangle(box, 14, fill=PORT, outline=PORT_EDGE, width=6)
        return
    fill, edge = (DARK, "#173e66") if kind == "dark" else (LIGHT, "#4a7fae")
    canvas.draw.rounded_rectangle(box, 14, fill=fill, outline=edge, width=2)


def _port_name(canvas: Canvas, view: MareView, ctx: Ctx, code: str, box: tuple[float, ...]) -> int:
    """The port's name on one or two lines, as large as fits; returns the lines used."""
    name = space_name(ctx.tr, view.board, code)
    room = box[2] - box[0] - 8
    lines = [name]
    if canvas.width(name, 17, bold=True) > room and " " in name:
        lines = name.split(" ", 1)
    for i, line in enumerate(lines):
        size = 17
        while size > 11 and canvas.width(line, size, bold=True) > room:
            size -= 1
        canvas.text(
            ((box[0] + box[2]) / 2, box[1] + 5 + 17 * i), line, size, bold=True, anchor="ma"
        )
    return len(lines)


def _sails(canvas: Canvas, view: MareView) -> None:
    """This turn's sails, as arrows in the sailing player's colour, a little see-through so
    the spaces under them stay readable."""
    sails = [e for e in view.log if e.kind == "sail" and e.seat is not None]
    if not sails or view.over:
        return
    layer = Canvas(*canvas.image.size, clear=True)
    _arrows(layer, view, sails)
    faded = layer.image.copy()
    faded.putalpha(layer.image.getchannel("A").point(lambda a: a * 3 // 4))
    canvas.image.paste(faded, (0, 0), faded)


def _arrows(canvas: Canvas, view: MareView, sails: Sequence[Event]) -> None:
    for event in sails:
        assert event.seat is not None
        a = _centre(view.board, str(event.data["origin"]))
        b = _centre(view.board, str(event.data["to"]))
        colour = SEAT_COLOURS[event.seat % len(SEAT_COLOURS)]
        canvas.draw.line([a, b], fill=INK, width=11)
        canvas.draw.line([a, b], fill=colour, width=6)
        angle = math.atan2(b[1] - a[1], b[0] - a[0])
        tip = (b[0] - 30 * math.cos(angle), b[1] - 30 * math.sin(angle))
        head = [
            tip,
            (tip[0] - 20 * math.cos(angle - 0.45), tip[1] - 20 * math.sin(angle - 0.45)),
            (tip[0] - 20 * math.cos(angle + 0.45), tip[1] - 20 * math.sin(angle + 0.45)),
        ]
        canvas.draw.polygon(head, fill=colour, outline=INK, width=2)


def _token(
    canvas: Canvas, ctx: Ctx, xy: tuple[float, float], kind: str, r: int = 18, square: bool = False
) -> None:
    """A token: a disc on the sea; a demand token (``square``) on a port."""
    fill, ink = TOKEN_COLOURS.get(kind, FALLBACK_TOKEN)
    x, y = xy
    box = (x - r, y - r, x + r, y + r)
    if square:
        canvas.draw.rounded_rectangle(box, 5, fill=fill, outline=INK, width=2)
    else:
        canvas.draw.ellipse(box, fill=fill, outline=INK, width=2)
    canvas.text((x, y + 1), letter(ctx.tr, kind), r + 2, fill=ink, bold=True, anchor="mm")


def _slot(canvas: Canvas, xy: tuple[float, float], symbol: str | None, r: int = 16) -> None:
    """An empty round demand space (its symbol shown when optional rule 1 gives it a use)."""
    x, y = xy
    canvas.draw.rounded_rectangle(
        (x - r, y - r, x + r, y + r), 5, fill="white", outline="#9a8a6a", width=2
    )
    if symbol is not None:
        canvas.text(
            (x, y + 1), symbol.replace("-", "−"), 16, fill="#7a6a4a", bold=True, anchor="mm"
        )


def _boat(canvas: Canvas, x: float, y: float, seat: int) -> None:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    hull = [(x - 14, y), (x + 14, y), (x + 9, y + 11), (x - 9, y + 11)]
    sail = [(x - 2, y - 21), (x - 2, y - 3), (x + 12, y - 3)]
    edge = "white" if seat == 4 else INK
    canvas.draw.polygon(hull, fill=colour, outline=edge, width=2)
    canvas.draw.polygon(sail, fill=colour, outline=edge, width=2)
    canvas.draw.line([(x - 2, y - 21), (x - 2, y)], fill=edge, width=2)


def _contents(canvas: Canvas, view: MareView, ctx: Ctx, code: str) -> None:
    board = view.board
    box = _box(board, code)
    cx = (box[0] + box[2]) / 2
    if board.by_code[code].kind == "port":
        lines = _port_name(canvas, view, ctx, code, box)
        symbols = board.by_code[code].demand
        demands = dict(view.demands).get(code, ())
        n = len(symbols)
        for i, (symbol, wanted) in enumerate(zip(symbols, demands, strict=False)):
            xy = (cx + (i - (n - 1) / 2) * 32, box[1] + 26 + 15 * lines)
            if wanted:
                _token(canvas, ctx, xy, wanted, 13, square=True)
            else:
                _slot(canvas, xy, symbol if view.options.demand_management else None, 13)
    else:
        ink = "white" if board.by_code[code].kind == "dark" else INK
        canvas.text((box[0] + 8, box[1] + 5), code, 24, fill=ink, bold=True)
        tokens = view.space_tokens(code)
        for i, kind in enumerate(tokens):
            _token(canvas, ctx, (cx + (i - (len(tokens) - 1) / 2) * 40, box[1] + 50), kind, 17)
    seats = [s for s, p in enumerate(view.players) if code in p.boats]
    step = min(30.0, (box[2] - box[0] - 30) / max(1, len(seats) - 1))
    base = box[3] - (13 if board.by_code[code].kind == "port" else 16)
    for i, seat in enumerate(seats):
        _boat(canvas, cx + (i - (len(seats) - 1) / 2) * step, base, seat)


def _band(canvas: Canvas, view: MareView, ctx: Ctx, y: float) -> None:
    tr = ctx.tr
    board = view.board
    canvas.text((MARGIN, y + 4), tr._("Time"), 20, bold=True)
    for i, name in enumerate(board.time_track):
        x = MARGIN + i * 62
        box = (x, y + 30, x + 56, y + 86)
        canvas.draw.rounded_rectangle(
            box, 8, fill=SEASON_COLOURS.get(name, "#dddddd"), outline=INK, width=2
        )
        if i < view.clocks:
            _clock(canvas, (x + 28, y + 58))
        canvas.text((x + 28, y + 90), season(tr, name), 13, anchor="ma")
    clocks = dict(view.bag).get("clock", 0)
    tokens = sum(n for k, n in view.bag if k != "clock")
    bag = tr._(
        "Bag: {tokens}, {clocks}",
        tokens=tr.ngettext("{n} token", "{n} tokens", tokens),
        clocks=tr.ngettext("{n} clock", "{n} clocks", clocks),
    )
    canvas.text((MARGIN, y + 114), bag, 18)
    if view.final_round and not view.over:
        canvas.text((MARGIN, y + 138), tr._("Last round: {n}", n=view.final_round), 18, bold=True)
    half = (len(board.kinds) + 1) // 2
    _legend(canvas, ctx, MARGIN, y + 168, board.kinds[:half])
    _legend(canvas, ctx, MARGIN, y + 196, board.kinds[half:])
    _players(canvas, view, ctx, MARGIN + 6 * 62 + 30, y + 4)


def _clock(canvas: Canvas, xy: tuple[float, float]) -> None:
    x, y = xy
    canvas.draw.ellipse((x - 18, y - 18, x + 18, y + 18), fill="white", outline=INK, width=3)
    canvas.draw.line([(x, y), (x, y - 12)], fill=INK, width=3)
    canvas.draw.line([(x, y), (x + 9, y + 4)], fill=INK, width=3)


def _legend(canvas: Canvas, ctx: Ctx, x: float, y: float, kinds: Sequence[str]) -> None:
    for kind in kinds:
        _token(canvas, ctx, (x + 12, y + 10), kind, 12)
        name = species(ctx.tr, kind)
        canvas.text((x + 30, y + 1), name, 17)
        x += 42 + canvas.width(name, 17)


def _players(canvas: Canvas, view: MareView, ctx: Ctx, x: float, y: float) -> None:
    """One row a player under column heads: the boat in their colour and name, the cargo as
    tokens in its slots, the warehouse's count, the market (a square per species that holds a
    company token; its value once the game is over), the safe; at the end, the points."""
    tr = ctx.tr
    board = view.board
    names = []
    for seat in range(len(view.players)):
        name = ctx.name(seat)
        names.append(name if len(name) <= 14 else name[:13] + "…")
    cargo_x = x + 44 + max(canvas.width(n, 20, bold=True) for n in names) + 12
    stored_x = cargo_x + board.cargo_slots * 25 + 14
    heads = (tr._("cargo"), tr._("warehouse"), tr._("market"))
    # Column heads a phone shows at a third of this size still read (HEAD px, bold).
    market_x = stored_x + canvas.width(heads[1], HEAD, bold=True) + 14
    end_x = market_x + len(board.species) * 28 + 10
    for head, at in zip(heads, (cargo_x, stored_x, market_x), strict=True):
        canvas.text((at, y), head, HEAD, fill=INK, bold=True)
    for seat, p in enumerate(view.players):
        row = y + 28 + seat * 38
        if seat == view.active and view.phase in ("setup", "turn"):
            canvas.text((x - 22, row + 6), "▶", 20, bold=True)
        _boat(canvas, x + 14, row + 16, seat)
        canvas.text((x + 36, row + 6), names[seat], 20, bold=True)
        for slot in range(board.cargo_slots):
            centre = (cargo_x + 11 + slot * 25, row + 17)
            if slot < len(p.cargo):
                _token(canvas, ctx, centre, p.cargo[slot], 11)
            else:
                canvas.draw.ellipse(
                    (centre[0] - 10, centre[1] - 10, centre[0] + 10, centre[1] + 10),
                    outline="#9a8a6a",
                    width=2,
                )
        stored = p.stored
        canvas.text(
            (stored_x + canvas.width(heads[1], HEAD, bold=True) / 2, row + 6),
            str(stored),
            20,
            anchor="ma",
        )
        market = dict(p.market)
        for i, kind in enumerate(board.species):
            value = market.get(kind) if view.over else None
            _market_space(
                canvas, ctx, (market_x + 12 + i * 28, row + 17), kind, kind in market, value
            )
        if view.over:
            known = {k: v for k, v in p.market if v is not None}
            scored = points(
                board, dict(p.warehouse or ()), known, p.contract or "", view.options.contracts
            )
            canvas.text((end_x, row + 6), tr._("{n} points", n=sum(scored.values())), 20, bold=True)
        elif view.phase == "company":
            # Who has chosen is public (what they chose is not, until the reveal).
            chosen = tr._("✓ chosen") if p.chosen else tr._("choosing…")
            canvas.text((end_x, row + 8), chosen, 17, bold=p.chosen)
        elif p.safe:
            canvas.text((end_x, row + 8), tr._("safe"), 17)


def _market_space(
    canvas: Canvas,
    ctx: Ctx,
    xy: tuple[float, float],
    kind: str,
    filled: bool,
    value: int | None = None,
) -> None:
    """A market space: the species' colour when a company token lies on it (its value once
    it is known to all), else an outline."""
    x, y = xy
    if not filled:
        canvas.draw.rounded_rectangle(
            (x - 11, y - 11, x + 11, y + 11), 4, outline="#9a8a6a", width=2
        )
        return
    if value is None:
        _token(canvas, ctx, xy, kind, 11, square=True)
        return
    fill, ink = TOKEN_COLOURS.get(kind, FALLBACK_TOKEN)
    canvas.draw.rounded_rectangle(
        (x - 13, y - 12, x + 13, y + 12), 4, fill=fill, outline=INK, width=2
    )
    canvas.text((x, y + 1), f"×{value}", 14, fill=ink, bold=True, anchor="mm")
