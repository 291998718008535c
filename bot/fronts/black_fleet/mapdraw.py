"""The map as a picture (Pillow) and as a compact text grid, both drawn from a view.

The picture shows sea and land, the ports in their goods colour with what they pay, docks,
beaches (and treasure buried there), Far Seas, lairs, and every ship in its player's or navy
colour with its cargo; grid labels on all four sides name the spaces the choices use. A
prompt may highlight spaces (where a ship can go), each labelled with its name.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache, partial
from itertools import pairwise

from PIL import Image, ImageDraw

from bot.fronts.base import Picture
from bot.fronts.black_fleet.words import SEAT_LETTERS, port_name
from bot.fronts.pictures import (
    Font,
    colour_palette,
    font,
    full_font,
    named,
    png,
    remembered,
)
from bot.i18n import Tr
from engine.black_fleet.house import House
from engine.black_fleet.seamap import coords, label
from engine.black_fleet.views import BlackFleetView

CELL = 46
EDGE = 26
"""Room for the grid labels around the map."""
LEGEND_ROW = 26

RGB = tuple[int, int, int]
SEA: RGB = (52, 120, 178)
SEA_LINE: RGB = (40, 98, 150)
FAR_SEAS: RGB = (28, 70, 122)
LAND: RGB = (150, 163, 104)
LAND_EDGE: RGB = (112, 124, 74)
SAND: RGB = (236, 214, 152)
PAPER: RGB = (244, 236, 214)
INK: RGB = (34, 30, 26)
HIGHLIGHT: RGB = (255, 236, 120)
GOODS: dict[str, RGB] = {
    "yellow": (247, 206, 44),
    "red": (214, 48, 42),
    "green": (58, 160, 72),
    "blue": (40, 84, 200),
    "violet": (150, 70, 190),
}
PLAYERS: dict[str, RGB] = {
    "black": (28, 28, 30),
    "white": (248, 248, 246),
    "orange": (244, 140, 28),
    "brown": (128, 78, 40),
}
NAVY: dict[str, RGB] = {"yellow": (255, 214, 0), "purple": (120, 50, 170)}


def ascii_text(text: str) -> str:
    """Text the picture's font can draw. The shared font draws every letter; without it,
    Pillow's own knows ASCII only, so accents are dropped (``Bahía`` → ``Bahia``) and
    anything else becomes ``?``."""
    if full_font():
        return text
    folded = unicodedata.normalize("NFKD", text.replace("ß", "ss"))
    return "".join(ch if ch.isascii() else "?" for ch in folded if not unicodedata.combining(ch))


def drawable(text: str) -> str:
    """A player's name as the font can draw it: letters of the Latin, Greek and Cyrillic
    alphabets with their accents; emoji and other scripts are left out."""
    kept = "".join(ch for ch in text if ord(ch) < 0x0530 or 0x1E00 <= ord(ch) < 0x2070 or ch == "€")
    return ascii_text(" ".join(kept.split()))


def _xy(space: str) -> tuple[int, int]:
    """The top-left pixel of a space's cell."""
    c, r = coords(space)
    return EDGE + c * CELL, EDGE + r * CELL


def _centre(space: str) -> tuple[int, int]:
    x, y = _xy(space)
    return x + CELL // 2, y + CELL // 2


def _outline(colour: RGB) -> RGB:
    """A line colour that stands out against `colour` (white ships get a dark edge)."""
    return INK if sum(colour) > 380 else (250, 250, 250)


def map_pictured(
    tr: Tr,
    house: House,
    view: BlackFleetView,
    highlight: Mapping[str, str] | None = None,
    last_moves: Sequence[tuple[str | None, str, str]] = (),
    names: Sequence[str] = (),
    mover: str | None = None,
) -> Picture:
    """`draw_map`, named by what it shows and drawn only when a message needs it: each
    captain's colour, ships, cargo, loot, doubloons, cards and victory card, the navy, the
    buried treasure, the ports' supply, and what this picture adds (highlights, trails,
    names, the ship being moved) in its language. A decision that moves nothing on the map
    (a card played, a card bought by nobody else) leaves the name as it is."""
    captains = [
        (
            c.colour,
            c.merchant,
            c.cargo[:3],
            c.pirate,
            c.loot[:2],
            c.doubloons,
            len(c.bought),
            len(c.development) or len(c.bought),
            c.victory,
        )
        for c in view.captains
    ]
    key = named(
        "map",
        tr.language,
        house.map.name,
        captains,
        sorted(view.navy.items()),
        sorted(view.buried.items()),
        sorted(view.supply.items()),
        sorted((highlight or {}).items()),
        list(last_moves),
        list(names),
        mover,
    )
    return Picture(
        key, partial(draw_map, tr, house, view, highlight, last_moves, tuple(names), mover)
    )


@remembered
def draw_map(
    tr: Tr,
    house: House,
    view: BlackFleetView,
    highlight: Mapping[str, str] | None = None,
    last_moves: Sequence[tuple[str | None, str, str]] = (),
    names: Sequence[str] = (),
    mover: str | None = None,
) -> bytes:
    """The map as PNG bytes. `highlight` maps spaces to mark to a short caption (their
    name); `last_moves` are (from, to, player colour) lines to draw for this turn's moves;
    `names` the seats' names for the legend; `mover` the space of the ship being moved."""
    sea = house.map
    width = EDGE * 2 + sea.width * CELL
    legend = LEGEND_ROW * (len(sea.ports) + len(view.captains)) + 18
    height = EDGE * 2 + sea.height * CELL + legend
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    _grid(draw, house, view)
    if highlight:
        _highlight(draw, highlight)
    for start, end, colour in last_moves:
        _trail(draw, house, start, end, PLAYERS.get(colour) or NAVY.get(colour) or INK)
    _ships(draw, view)
    if mover is not None:
        x, y = _xy(mover)
        draw.rectangle((x - 2, y - 2, x + CELL + 1, y + CELL + 1), outline=INK, width=1)
        draw.rectangle((x - 1, y - 1, x + CELL, y + CELL), outline=(255, 255, 255), width=3)
    _beach_badges(draw, house, view)
    _labels(draw, sea.width, sea.height)
    _legend(draw, tr, house, view, EDGE * 2 + sea.height * CELL, names)
    # A flat map needs few colours: a palette image is a third of the bytes and quicker
    # to compress; the palette is found once.
    return png(image, palette=_palette())


@cache
def _palette() -> Image.Image:
    grounds = [PAPER, SEA, SEA_LINE, FAR_SEAS, LAND, LAND_EDGE, SAND, HIGHLIGHT]
    colours = [*GOODS.values(), *PLAYERS.values(), *NAVY.values()]
    return colour_palette([*grounds, *colours], [INK, (255, 255, 255), *colours])


def _grid(draw: ImageDraw.ImageDraw, house: House, view: BlackFleetView) -> None:
    sea = house.map
    towns = {p.town: p for p in sea.ports}
    small, tiny = font(15), font(11)
    for r in range(sea.height):
        for c in range(sea.width):
            space = label(c, r)
            x, y = _xy(space)
            box = (x, y, x + CELL - 1, y + CELL - 1)
            if space in towns:
                port = towns[space]
                draw.rectangle(box, fill=LAND, outline=LAND_EDGE)
                inner = (x + 5, y + 5, x + CELL - 6, y + CELL - 6)
                draw.rounded_rectangle(inner, 6, fill=GOODS.get(port.goods, SAND), outline=INK)
                draw.text(
                    (x + CELL // 2, y + CELL // 2),
                    port.code,
                    font=font(20),
                    fill=_outline(GOODS.get(port.goods, SAND)),
                    anchor="mm",
                )
                continue
            if space in sea.land:
                draw.rectangle(box, fill=LAND, outline=LAND_EDGE)
                continue
            draw.rectangle(box, fill=FAR_SEAS if space in sea.far_seas else SEA, outline=SEA_LINE)
            if space in sea.far_seas:
                for k in range(3):
                    yy = y + 12 + k * 10
                    draw.arc((x + 8, yy - 4, x + 22, yy + 4), 180, 360, fill=(150, 190, 230))
                    draw.arc((x + 22, yy - 4, x + 36, yy + 4), 0, 180, fill=(150, 190, 230))
            elif space in sea.port_of_dock:
                port = sea.port_of_dock[space]
                ring = GOODS.get(port.goods, SAND)
                draw.rectangle((x + 3, y + 3, x + CELL - 4, y + CELL - 4), outline=ring, width=3)
                _anchor(draw, x + CELL // 2, y + CELL // 2, (220, 232, 244))
            elif space in sea.beaches:
                draw.ellipse((x + 6, y + 6, x + CELL - 7, y + CELL - 7), fill=SAND, outline=INK)
                draw.text(
                    (x + CELL // 2, y + CELL // 2),
                    str(sea.beaches[space]),
                    font=small,
                    fill=INK,
                    anchor="mm",
                )
                buried = view.buried.get(space, 0)
                if buried:
                    # A small chest with the number of cubes buried here so far.
                    draw.rectangle((x + CELL - 17, y + 2, x + CELL - 3, y + 12), fill=(120, 72, 28))
                    draw.text(
                        (x + CELL - 10, y + 7), str(buried), font=tiny, fill=SAND, anchor="mm"
                    )
            elif space in sea.lairs:
                _skull(draw, x + CELL // 2, y + CELL // 2)
            for navy, start in sea.navy_starts.items():
                if start == space:
                    draw.ellipse(
                        (x + 4, y + 4, x + CELL - 5, y + CELL - 5), outline=NAVY[navy], width=2
                    )


def _anchor(draw: ImageDraw.ImageDraw, cx: int, cy: int, colour: RGB) -> None:
    draw.ellipse((cx - 3, cy - 12, cx + 3, cy - 6), outline=colour, width=2)
    draw.line((cx, cy - 6, cx, cy + 10), fill=colour, width=2)
    draw.line((cx - 6, cy - 2, cx + 6, cy - 2), fill=colour, width=2)
    draw.arc((cx - 10, cy - 2, cx + 10, cy + 12), 20, 160, fill=colour, width=2)


def _skull(draw: ImageDraw.ImageDraw, cx: int, cy: int) -> None:
    bone = (236, 232, 220)
    draw.ellipse((cx - 11, cy - 13, cx + 11, cy + 7), fill=bone, outline=INK)
    draw.rectangle((cx - 6, cy + 4, cx + 6, cy + 11), fill=bone, outline=INK)
    draw.ellipse((cx - 7, cy - 6, cx - 2, cy - 1), fill=INK)
    draw.ellipse((cx + 2, cy - 6, cx + 7, cy - 1), fill=INK)
    for k in (-3, 0, 3):
        draw.line((cx + k, cy + 5, cx + k, cy + 11), fill=INK)


def _star(draw: ImageDraw.ImageDraw, cx: int, cy: int, colour: RGB) -> None:
    """A five-pointed star: this seat bought its victory card."""
    points = []
    for k in range(10):
        radius = 10 if k % 2 == 0 else 4
        angle = math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
    draw.polygon(points, fill=colour, outline=INK)


def _highlight(draw: ImageDraw.ImageDraw, spaces: Mapping[str, str]) -> None:
    caption = font(12)
    for space, text in spaces.items():
        x, y = _xy(space)
        draw.rectangle((x + 1, y + 1, x + CELL - 2, y + CELL - 2), outline=HIGHLIGHT, width=3)
        draw.rectangle((x + 2, y + CELL - 15, x + CELL - 3, y + CELL - 3), fill=HIGHLIGHT)
        draw.text((x + CELL // 2, y + CELL - 9), text, font=caption, fill=INK, anchor="mm")


def _trail(
    draw: ImageDraw.ImageDraw, house: House, start: str | None, end: str, colour: RGB
) -> None:
    """A dotted line from where a ship started this turn to where it went, along a shortest
    way by sea (the event names the ends, not the way taken), with a ring where it began."""
    if start is None or start == end:
        return
    sea = house.map
    path = [start]
    while path[-1] != end and len(path) < 40:
        here = path[-1]
        path.append(
            min(sea.neighbours[here], key=lambda n: sea.distance(n, end))
            if here in sea.neighbours
            else end
        )
    edge = _outline(colour)
    for a, b in pairwise(path):
        (x0, y0), (x1, y1) = _centre(a), _centre(b)
        for k in range(5):
            x, y = x0 + (x1 - x0) * k / 5, y0 + (y1 - y0) * k / 5
            draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=colour, outline=edge)
    x, y = _centre(start)
    draw.ellipse((x - 9, y - 9, x + 9, y + 9), outline=colour, width=3)


def _ships(draw: ImageDraw.ImageDraw, view: BlackFleetView) -> None:
    for navy, space in view.navy.items():
        _navy(draw, space, NAVY[navy])
    for seat, c in enumerate(view.captains):
        colour = PLAYERS.get(c.colour, INK)
        letter = SEAT_LETTERS[seat] if seat < len(SEAT_LETTERS) else "?"
        if c.merchant is not None:
            _merchant(draw, c.merchant, colour, c.cargo, letter)
        if c.pirate is not None:
            _pirate(draw, c.pirate, colour, c.loot, letter)


def _hull(draw: ImageDraw.ImageDraw, x: int, y: int, top: int, colour: RGB, letter: str) -> None:
    """A hull in the player's colour with the seat's letter on it."""
    edge = _outline(colour)
    hull = [(x + 4, y + top), (x + CELL - 4, y + top), (x + CELL - 11, y + 41), (x + 11, y + 41)]
    draw.polygon(hull, fill=colour, outline=edge)
    draw.text((x + CELL // 2, y + (top + 41) // 2), letter, font=font(12), fill=edge, anchor="mm")


def _merchant(
    draw: ImageDraw.ImageDraw, space: str, colour: RGB, cargo: Sequence[str], letter: str
) -> None:
    """A broad hull carrying its cubes, under a white sail."""
    x, y = _xy(space)
    draw.line((x + CELL // 2, y + 4, x + CELL // 2, y + 28), fill=INK, width=2)
    draw.polygon(
        [(x + CELL // 2 + 2, y + 4), (x + CELL // 2 + 14, y + 16), (x + CELL // 2 + 2, y + 16)],
        fill=(250, 250, 250),
        outline=INK,
    )
    for k, cube in enumerate(cargo[:3]):
        cx = x + 8 + k * 11
        draw.rectangle((cx, y + 19, cx + 9, y + 28), fill=GOODS.get(cube, SAND), outline=INK)
    _hull(draw, x, y, 28, colour, letter)


def _pirate(
    draw: ImageDraw.ImageDraw, space: str, colour: RGB, loot: Sequence[str], letter: str
) -> None:
    """A hull under a big black sail with a white skull: a pirate, whatever its colour."""
    x, y = _xy(space)
    mast = x + 16
    draw.line((mast, y + 3, mast, y + 28), fill=INK, width=2)
    draw.polygon([(mast + 1, y + 3), (mast + 1, y + 27), (x + CELL - 8, y + 27)], fill=INK)
    bone = (240, 240, 236)
    draw.ellipse((mast + 4, y + 14, mast + 11, y + 21), fill=bone)
    draw.rectangle((mast + 6, y + 20, mast + 9, y + 23), fill=bone)
    for k, cube in enumerate(loot[:2]):
        cx = x + 4
        draw.rectangle(
            (cx, y + 6 + k * 10, cx + 9, y + 15 + k * 10),
            fill=GOODS.get(cube, SAND),
            outline=INK,
        )
    _hull(draw, x, y, 28, colour, letter)


def _beach_badges(draw: ImageDraw.ImageDraw, house: House, view: BlackFleetView) -> None:
    """A beach under a ship still shows its value, in a corner."""
    taken = set(view.navy.values())
    for c in view.captains:
        taken.update(s for s in (c.merchant, c.pirate) if s is not None)
    for space, worth in house.map.beaches.items():
        if space in taken:
            x, y = _xy(space)
            draw.ellipse((x + CELL - 16, y + 1, x + CELL - 2, y + 15), fill=SAND, outline=INK)
            draw.text((x + CELL - 9, y + 8), str(worth), font=font(11), fill=INK, anchor="mm")


def _navy(draw: ImageDraw.ImageDraw, space: str, colour: RGB) -> None:
    x, y = _xy(space)
    cx, cy = x + CELL // 2, y + CELL // 2
    diamond = [(cx, y + 4), (x + CELL - 4, cy), (cx, y + CELL - 4), (x + 4, cy)]
    draw.polygon(diamond, fill=colour, outline=(250, 250, 250))
    draw.polygon([(cx, y + 8), (x + CELL - 8, cy), (cx, y + CELL - 8), (x + 8, cy)], outline=INK)
    _anchor(draw, cx, cy, INK if sum(colour) > 380 else (250, 250, 250))


def _labels(draw: ImageDraw.ImageDraw, columns: int, rows: int) -> None:
    text = font(15)
    bottom = EDGE + rows * CELL
    right = EDGE + columns * CELL
    for c in range(columns):
        x = EDGE + c * CELL + CELL // 2
        letter = label(c, 0)[0]
        draw.text((x, EDGE // 2), letter, font=text, fill=INK, anchor="mm")
        draw.text((x, bottom + EDGE // 2), letter, font=text, fill=INK, anchor="mm")
    for r in range(rows):
        y = EDGE + r * CELL + CELL // 2
        draw.text((EDGE // 2, y), str(r + 1), font=text, fill=INK, anchor="mm")
        draw.text((right + EDGE // 2, y), str(r + 1), font=text, fill=INK, anchor="mm")


def _legend(
    draw: ImageDraw.ImageDraw,
    tr: Tr,
    house: House,
    view: BlackFleetView,
    top: int,
    names: Sequence[str],
) -> None:
    """Each port: its letter, goods and supply, and the price of every colour it buys; then
    each seat: its letter in its colour, its name, doubloons and cards bought."""
    text = font(15)
    y = top + 6
    for port in house.map.ports:
        swatch = GOODS.get(port.goods, SAND)
        draw.rounded_rectangle((EDGE, y, EDGE + 22, y + 20), 4, fill=swatch, outline=INK)
        draw.text((EDGE + 11, y + 10), port.code, font=text, fill=_outline(swatch), anchor="mm")
        name = ascii_text(port_name(tr, house, port.code))
        draw.text((EDGE + 30, y + 2), name, font=text, fill=INK)
        stock = ascii_text(tr._("{n} in port", n=view.supply.get(port.goods, 0)))
        draw.text((EDGE + 180, y + 2), stock, font=text, fill=INK)
        x = EDGE + 290
        draw.text((x, y + 2), ascii_text(tr._("buys:")), font=text, fill=INK)
        x += 46
        for colour, price in sorted(port.buys.items(), key=lambda kv: (-kv[1], kv[0])):
            fill = GOODS.get(colour, SAND)
            draw.rectangle((x, y + 2, x + 16, y + 18), fill=fill, outline=INK)
            draw.text((x + 22, y + 2), str(price), font=text, fill=INK)
            x += 48
        y += LEGEND_ROW
    y += 10
    draw.line((EDGE, y - 6, EDGE + 13 * CELL, y - 6), fill=LAND_EDGE)
    bold = font(15, bold=True)
    for seat, c in enumerate(view.captains):
        chip = PLAYERS.get(c.colour, INK)
        letter = SEAT_LETTERS[seat] if seat < len(SEAT_LETTERS) else "?"
        hull = [(EDGE, y + 3), (EDGE + 24, y + 3), (EDGE + 19, y + 19), (EDGE + 5, y + 19)]
        draw.polygon(hull, fill=chip, outline=_outline(chip))
        draw.text((EDGE + 12, y + 11), letter, font=font(12), fill=_outline(chip), anchor="mm")
        name = _fit(drawable(names[seat]) if seat < len(names) else letter, bold, 230) or letter
        draw.text((EDGE + 32, y + 2), name, font=bold, fill=INK)
        coins = ascii_text(tr.ngettext("{n} doubloon", "{n} doubloons", c.doubloons))
        draw.text((EDGE + 280, y + 2), coins, font=text, fill=INK)
        cards = ascii_text(
            tr._("{n}/{all} cards", n=len(c.bought), all=len(c.development) or len(c.bought))
        )
        draw.text((EDGE + 400, y + 2), cards, font=text, fill=INK)
        if c.victory:
            _star(draw, EDGE + 490, y + 11, GOODS["yellow"])
        y += LEGEND_ROW


def _fit(text: str, face: Font, width: int) -> str:
    """`text` cut with an ellipsis to fit `width` pixels."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def text_grid(house: House, view: BlackFleetView) -> list[str]:
    """The map in monospace, 29 characters wide: ``#`` land, port letters, ``=`` docks,
    ``.`` sea, beach values, ``~`` Far Seas, ``x`` lairs; ships over it: A–D a seat's
    merchant, a–d its pirate, Y and P the navy ships."""
    sea = house.map
    towns = {p.town: p.code for p in sea.ports}
    cells: dict[str, str] = {}
    for space in sea.sea:
        cells[space] = (
            "~"
            if space in sea.far_seas
            else "="
            if space in sea.port_of_dock
            else str(sea.beaches[space])
            if space in sea.beaches
            else "x"
            if space in sea.lairs
            else "."
        )
    for navy, space in view.navy.items():
        cells[space] = navy[0].upper()
    for seat, captain in enumerate(view.captains):
        letter = SEAT_LETTERS[seat] if seat < len(SEAT_LETTERS) else "?"
        if captain.merchant is not None:
            cells[captain.merchant] = letter
        if captain.pirate is not None:
            cells[captain.pirate] = letter.lower()
    header = "   " + " ".join(label(c, 0)[0] for c in range(sea.width))
    lines = [header]
    for r in range(sea.height):
        row = []
        for c in range(sea.width):
            space = label(c, r)
            row.append(cells.get(space) or towns.get(space, "#"))
        lines.append(f"{r + 1:>2} " + " ".join(row))
    return lines
