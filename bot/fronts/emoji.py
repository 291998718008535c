"""Small pictures a game shows inside its texts, as Discord application emojis: a front names
each by the glyph it stands for (``🐟``), and the bot shows the picture wherever a prompt
writes that glyph, once `python -m bot sync` has uploaded it (`bot.emojis`). Without the
picture the glyph stays: the text reads the same."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

IVORY = (250, 246, 234, 255)
INK = (40, 44, 52, 255)
Pen = ImageDraw.ImageDraw
Paint = Callable[[Pen, float], None]
"""Paints a picture on a 100-unit grid (`u` pixels a unit), over a die's or a card's face."""

SIZE = 128
"""Discord shows emojis at up to 48 px (96 on large screens): 128 px is sharp everywhere."""
NAME = re.compile(r"[a-z0-9_]{2,32}")


@dataclass(frozen=True)
class EmojiArt:
    """One picture: `name` is the application emoji's (2–32 of ``a-z0-9_``, unique across
    the games), `glyph` the Unicode emoji it replaces in the game's texts, `draw` draws it
    (RGBA, transparent around it, any square size)."""

    name: str
    glyph: str
    draw: Callable[[int], Image.Image]

    def __post_init__(self) -> None:
        if not NAME.fullmatch(self.name):
            raise ValueError(f"emoji name {self.name!r}: 2–32 of a-z, 0-9 and _")

    def png(self) -> bytes:
        """The picture as Discord takes it: a PNG of `SIZE` px, drawn 4× larger and scaled
        down so its edges are smooth."""
        big = self.draw(SIZE * 4).resize((SIZE, SIZE), Image.Resampling.LANCZOS)
        out = io.BytesIO()
        big.save(out, "PNG", optimize=True)
        return out.getvalue()


# --- creatures more than one game draws ------------------------------------------------------


def fish(colour: tuple[int, int, int, int], bill: bool = False) -> Callable[[Pen, float], None]:
    """A fish facing left (a swordfish with its `bill`), on a 100-unit grid."""

    def paint(pen: Pen, u: float) -> None:
        pen.ellipse((22 * u, 34 * u, 72 * u, 66 * u), colour)
        pen.polygon([(70 * u, 50 * u), (88 * u, 32 * u), (88 * u, 68 * u)], colour)
        pen.ellipse((30 * u, 44 * u, 38 * u, 52 * u), IVORY)
        if bill:
            pen.polygon([(24 * u, 46 * u), (6 * u, 50 * u), (24 * u, 54 * u)], colour)
            pen.polygon([(40 * u, 36 * u), (58 * u, 18 * u), (58 * u, 38 * u)], colour)

    return paint


def shrimp(pen: Pen, u: float) -> None:
    colour = (236, 112, 84, 255)
    pen.arc((18 * u, 22 * u, 78 * u, 82 * u), 150, 40, colour, round(16 * u))
    pen.polygon([(70 * u, 30 * u), (88 * u, 18 * u), (84 * u, 38 * u)], colour)
    pen.line([(22 * u, 58 * u), (10 * u, 30 * u)], colour, round(3 * u))
    pen.line([(24 * u, 56 * u), (20 * u, 22 * u)], colour, round(3 * u))


def lobster(pen: Pen, u: float) -> None:
    colour = (200, 48, 40, 255)
    pen.ellipse((40 * u, 36 * u, 60 * u, 86 * u), colour)
    for x in (22, 62):
        pen.ellipse((x * u, 14 * u, (x + 16) * u, 34 * u), colour)
    pen.line([(44 * u, 42 * u), (30 * u, 30 * u)], colour, round(5 * u))
    pen.line([(56 * u, 42 * u), (70 * u, 30 * u)], colour, round(5 * u))
    pen.polygon([(40 * u, 88 * u), (50 * u, 78 * u), (60 * u, 88 * u)], colour)
