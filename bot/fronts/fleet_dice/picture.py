"""A player's score sheet as a picture, drawn like the printed one: the five boat columns with
their circles and boats, the harbor ships and wharf buildings, the coin track with its stars.
Ruth's crosses are red; in a prompt, each box a choice would mark is highlighted with that
choice's letter, the one its button or option shows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial

from PIL import Image, ImageDraw

from bot.fronts.base import Picture
from bot.fronts.fleet_dice.words import bonus_short, name
from bot.fronts.pictures import font, named, palette, png, remembered, swatch
from bot.i18n import Tr
from engine.fleet_dice.player import capacity, coin_boxes, king_crab_license, new_player
from engine.fleet_dice.scoring import breakdown
from engine.fleet_dice.sheet import BOAT_TYPES, HARBOR_SHIPS, WHARF_BUILDINGS, Sheet
from engine.fleet_dice.state import CROSSED, MARKED, FleetState, FleetView, PlayerState

WIDTH, HEIGHT = 860, 600
BOX = 24
PAPER = (250, 246, 234)
INK = (40, 44, 52)
FAINT = (150, 150, 150)
SEA = (214, 233, 244)
TOWN = (236, 228, 210)
MARK = (31, 78, 121)
RUTH = (200, 40, 40)
LIGHT = (255, 214, 74)
PLAIN = (255, 255, 255)
LIGHT_EDGE = (230, 120, 0)
DONE = (46, 139, 87)
COLUMN_TINT = {
    "shrimp": (248, 200, 196),
    "cod": (196, 214, 240),
    "lobster": (240, 180, 170),
    "swordfish": (205, 205, 225),
    "oyster": (222, 214, 196),
}
CIRCLE_LETTER = {
    "L": "L",
    "B": "B",
    "?": "?",
    "LICENSE": "K",
    "BOAT": "B",
    "FISH": "F",
    "ACTIVATE": "A",
}

Spot = tuple[str, int]
"""A box: its section and its index (0-based); ``("coins", i)`` for the coin track."""
Lit = Mapping[Spot, str]
"""The highlighted boxes, each with the letters of the choices that would mark it."""


def sheet_pictured(tr: Tr, sheet: Sheet, view: FleetView, seat: int, who: str, lit: Lit) -> Picture:
    """`sheet_picture`, named by what it shows and drawn only when a message needs it: the
    player's marks, coins, licenses, boats, bonus and buildings, the scores the heading
    adds up, the highlighted boxes, the name and the language. A move that changes none of
    these (another player's, a die picked) leaves the name, and the picture shown, as it is."""
    p = view.players[seat]
    key = named(
        "sheet",
        tr.language,
        sheet.sheet,
        view.ruth is not None,
        who,
        p.marks,
        p.coins,
        p.licenses,
        p.boats,
        p.king_crab_bonus,
        p.completed,
        p.hexagons,
        p.scrap_uses,
        breakdown(sheet, view, seat),
        sorted(lit.items()),
    )
    return Picture(key, partial(sheet_picture, tr, sheet, view, seat, who, lit))


@remembered
def sheet_picture(
    tr: Tr,
    sheet: Sheet,
    view: FleetView,
    seat: int,
    who: str,
    highlight: Iterable[Spot] | Lit = (),
) -> bytes:
    """The picture: a copy of the blank sheet for this language (drawn once), with this
    player's marks, boats, coins and scores, and the highlighted boxes, drawn over it. A box
    highlighted with letters shows them (``A``, or ``A/C`` when two choices mark it)."""
    lit: Lit = highlight if isinstance(highlight, Mapping) else dict.fromkeys(highlight, "")
    image = _blank(tr.language, sheet, view.ruth is not None).copy()
    draw = ImageDraw.Draw(image)
    p = view.players[seat]
    parts = breakdown(sheet, view, seat)
    draw.text((16, 12), tr._("{name} · {vp} VP", name=who, vp=sum(parts.values())), INK, font(22))
    summary = tr._(
        "fish {fish} · boats {boats} · licenses {licenses} · buildings {buildings} · bonus {bonus}",
        **parts,
    )
    draw.text((WIDTH - 16, 18), summary, INK, font(14), anchor="ra")
    _columns(draw, tr, sheet, view, seat, lit)
    _harbor(draw, tr, sheet, view, seat, lit, x=440, y=56)
    _wharf(draw, tr, sheet, view, seat, lit, x=440, y=250)
    _coins(draw, tr, sheet, view, seat, lit, y=480)
    if p.king_crab_bonus and king_crab_license(sheet, p):
        bonus = tr._("King Crab bonus: {bonus}", bonus=bonus_short(tr, p.king_crab_bonus))
        draw.text((WIDTH - 16, 36), bonus, MARK, font(12), anchor="ra")
    return png(image, palette=_palette(tr.language, sheet))


_BLANKS: dict[tuple[str, int, bool], Image.Image] = {}
_PALETTES: dict[tuple[str, int], Image.Image] = {}


def _blank(language: str, sheet: Sheet, solo: bool) -> Image.Image:
    """The sheet with every box open, its names and its legend, in one language: the part of
    the picture that never changes, drawn once per sheet, language and kind of game (only a
    solo legend speaks of Ruth; text is most of the drawing time)."""
    key = (language, id(sheet), solo)
    if key not in _BLANKS:
        _BLANKS[key] = _draw_blank(Tr(language, "fleet-dice"), sheet, solo)
    return _BLANKS[key]


def _palette(language: str, sheet: Sheet) -> Image.Image:
    """The colours of every picture of this sheet: the blank's, and each ink on each ground
    with its antialiased edges (a swatch), found once."""
    key = (language, id(sheet))
    if key not in _PALETTES:
        grounds = [PAPER, SEA, TOWN, PLAIN, LIGHT, *COLUMN_TINT.values()]
        inks = [INK, FAINT, MARK, RUTH, LIGHT_EDGE, DONE]
        exact = list(dict.fromkeys([*grounds, *inks]))
        sample = swatch(grounds, inks)
        _PALETTES[key] = palette(_blank(language, sheet, True), sample, exact=exact)
    return _PALETTES[key]


def _draw_blank(tr: Tr, sheet: Sheet, solo: bool) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    blank = FleetState(seed="", rounds=1, players=[new_player(sheet)])
    _columns(draw, tr, sheet, blank, 0, {}, static=True)
    _harbor(draw, tr, sheet, blank, 0, {}, x=440, y=56, static=True)
    _wharf(draw, tr, sheet, blank, 0, {}, x=440, y=250, static=True)
    _coins(draw, tr, sheet, blank, 0, {}, y=480, static=True)
    _legend(draw, tr, HEIGHT - 26, solo)
    return image


def _legend(draw: ImageDraw.ImageDraw, tr: Tr, y: int, solo: bool) -> None:
    """Sample boxes with what they mean, so the picture reads without the text sheet."""
    x = 16
    samples = [
        ("box", MARKED, None, tr._("marked")),
        *([("box", CROSSED, None, tr._("crossed by Ruth"))] if solo else []),
        ("box", ".", "A", tr._("what choice A marks")),
        (
            "L",
            ".",
            None,
            tr._("L license · B boat · ? either · K King Crab · F fishing · A activates"),
        ),
    ]
    for kind, mark, lit, text in samples:
        _box(draw, x, y, kind, mark, lit, 18)
        draw.text((x + 22, y + 3), text, INK, font(12))
        x += 30 + int(draw.textlength(text, font=font(12)))


def _box(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    kind: str,
    mark: str,
    lit: str | None,
    size: int = BOX,
) -> None:
    """One box: a square, or a circle with its letter; marked, crossed or open; lit (with the
    letters of the choices that would mark it) or not."""
    s = size - 2
    on = lit is not None
    fill = LIGHT if on else (255, 255, 255)
    outline = LIGHT_EDGE if on else FAINT
    width = 3 if on else 1
    shape = [x, y, x + s, y + s]
    if kind == "box":
        draw.rectangle(shape, fill=fill, outline=outline, width=width)
    else:
        draw.ellipse(shape, fill=fill, outline=outline, width=width)
    if lit:
        _letters(draw, x + s / 2, y + s / 2, lit, size)
    elif kind != "box" and mark not in (MARKED, CROSSED):
        draw.text((x + s / 2, y + s / 2), CIRCLE_LETTER[kind], INK, font(size // 2 + 2), "mm")
    if mark == MARKED:
        inset = 4
        draw.line([x + inset, y + inset, x + s - inset, y + s - inset], MARK, 3)
        draw.line([x + inset, y + s - inset, x + s - inset, y + inset], MARK, 3)
    elif mark == CROSSED:
        draw.line([x + 2, y + s - 2, x + s - 2, y + 2], RUTH, 3)


def _letters(draw: ImageDraw.ImageDraw, cx: float, cy: float, letters: str, size: int) -> None:
    """A choice's letter on the box it would mark: bold, as large as the box allows (two
    choices marking one box share it, smaller)."""
    big = size - 6 if len(letters) == 1 else max(9, (size - 4) * 2 // (len(letters) + 1))
    draw.text((cx, cy + 1), letters, LIGHT_EDGE, font(big, bold=True), "mm")


def _columns(
    draw: ImageDraw.ImageDraw,
    tr: Tr,
    sheet: Sheet,
    view: FleetView,
    seat: int,
    lit: Lit,
    static: bool = False,
) -> None:
    p = view.players[seat]
    if static:
        draw.rounded_rectangle([10, 48, 428, 466], 10, fill=SEA)
    column = sheet.section_boxes(BOAT_TYPES[0])
    for c, kind in enumerate(BOAT_TYPES):
        x = 18 + c * 82
        if static:
            draw.rounded_rectangle([x, 56, x + 76, 86], 6, fill=COLUMN_TINT[kind])
            draw.text((x + 38, 63), name(tr, kind), INK, font(13), anchor="ma")
        else:
            label = tr._("license {level}", level=p.licenses[kind])
            draw.text((x + 38, 92), label, INK, font(11), anchor="ma")
        for i, box in enumerate(column):
            mark, on = p.marks[kind][i], lit.get((kind, i))
            if static or on is not None or mark in (MARKED, CROSSED):
                _box(draw, x + 26, 110 + i * (BOX + 1), box, mark, on)
        fleet = p.boats.get(kind, [])
        cap = capacity(sheet, p, kind)
        for b in range(sheet.boat_count(kind)):
            chip = [x + 4 + (b % 2) * 36, 416 + (b // 2) * 24]
            chip += [chip[0] + 34, chip[1] + 20]
            if static:
                draw.rounded_rectangle(chip, 5, outline=FAINT)
            elif b < len(fleet):
                draw.rounded_rectangle(chip, 5, fill=(255, 255, 255), outline=MARK)
                text = f"{fleet[b]}/{cap}"
                draw.text((chip[0] + 17, chip[1] + 10), text, MARK, font(11), "mm")


def _row(
    draw: ImageDraw.ImageDraw,
    sheet: Sheet,
    p: PlayerState,
    section: str,
    lit: Lit,
    at: tuple[int, int],
    step: int,
    size: int,
    static: bool,
) -> None:
    """A section's boxes left to right: all of them on the static layer, only the marked and
    lit ones on the layer drawn per move."""
    x, y = at
    for i, box in enumerate(sheet.section_boxes(section)):
        mark, on = p.marks[section][i], lit.get((section, i))
        if static or on is not None or mark in (MARKED, CROSSED):
            _box(draw, x + i * step, y, box, mark, on, size)


def _harbor(
    draw: ImageDraw.ImageDraw,
    tr: Tr,
    sheet: Sheet,
    view: FleetView,
    seat: int,
    lit: Lit,
    x: int,
    y: int,
    static: bool = False,
) -> None:
    p = view.players[seat]
    if static:
        draw.rounded_rectangle([x - 8, y - 8, WIDTH - 10, y + 180], 10, fill=SEA)
        draw.text((x, y - 4), tr._("HARBOR"), INK, font(13))
    for r, ship in enumerate(HARBOR_SHIPS):
        section = f"harbor:{ship}"
        row_y = y + 16 + r * 32
        if static:
            draw.text((x, row_y + 5), name(tr, ship), INK, font(13))
        _row(draw, sheet, p, section, lit, (x + 140, row_y), BOX + 2, BOX, static)
        fleet = p.boats.get(ship, [])
        if static or not fleet:
            continue
        if ship != "research_vessel":
            cap = capacity(sheet, p, ship)
            chips = " ".join(f"{f}/{cap}" for f in fleet)
            draw.text((x + 300, row_y + 5), chips, MARK, font(12))
        else:
            draw.text((x + 300, row_y + 5), tr._("{n} launched", n=len(fleet)), MARK, font(12))


def _wharf(
    draw: ImageDraw.ImageDraw,
    tr: Tr,
    sheet: Sheet,
    view: FleetView,
    seat: int,
    lit: Lit,
    x: int,
    y: int,
    static: bool = False,
) -> None:
    p = view.players[seat]
    if static:
        draw.rounded_rectangle([x - 8, y - 8, WIDTH - 10, y + 216], 10, fill=TOWN)
        draw.text((x, y - 4), tr._("WHARF"), INK, font(13))
    for r, building in enumerate(WHARF_BUILDINGS):
        section = f"wharf:{building}"
        row_y = y + 14 + r * 25
        done = building in p.completed
        if static or done:
            draw.text((x, row_y + 4), name(tr, building), DONE if done else INK, font(13))
        _row(draw, sheet, p, section, lit, (x + 160, row_y), 24, 22, static)
        if static:
            continue
        if done:
            cx = x + 160 + 5 * 24 + 8
            draw.line([cx, row_y + 11, cx + 6, row_y + 17, cx + 18, row_y + 3], DONE, 3)
        if building == "seafood_buffet" and p.hexagons:
            text = ", ".join(name(tr, h) for h in p.hexagons)
            draw.text((x + 316, row_y + 4), text, MARK, font(11))
        if building == "scrap_yard" and done:
            uses = sheet.wharf["scrap_yard"].uses or 0
            draw.text((x + 316, row_y + 4), f"{p.scrap_uses}/{uses}", MARK, font(11))


def _coins(
    draw: ImageDraw.ImageDraw,
    tr: Tr,
    sheet: Sheet,
    view: FleetView,
    seat: int,
    lit: Lit,
    y: int,
    static: bool = False,
) -> None:
    p = view.players[seat]
    if not static:
        draw.text((16, y), tr._("COINS {coins}", coins=coin_boxes(p)), INK, font(13))
    per_row = 38
    size = 19
    for i, mark in enumerate(p.coins):
        bx = 16 + (i % per_row) * (size + 3)
        by = y + 20 + (i // per_row) * (size + 4)
        on = lit.get(("coins", i))
        if not (static or on is not None or mark in (MARKED, CROSSED)):
            continue
        edge = LIGHT_EDGE if on is not None else FAINT
        fill = LIGHT if on is not None else PLAIN
        draw.rectangle(
            [bx, by, bx + size, by + size], fill=fill, outline=edge, width=2 if on else 1
        )
        if on:
            _letters(draw, bx + size / 2, by + size / 2, on, size + 2)
        elif i in sheet.stars and mark not in (MARKED, CROSSED):
            draw.text((bx + size / 2, by + size / 2 + 1), "*", LIGHT_EDGE, font(16), "mm")
        if mark == MARKED:
            draw.line([bx + 3, by + 3, bx + size - 3, by + size - 3], MARK, 2)
            draw.line([bx + 3, by + size - 3, bx + size - 3, by + 3], MARK, 2)
        elif mark == CROSSED:
            draw.line([bx + 2, by + size - 2, bx + size - 2, by + 2], RUTH, 3)
