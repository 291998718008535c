"""The card game's boats and crates as emoji pictures: each boat type on a card (the cards
in hand are the boats, RULES §2), the processed crate as a crate, for prompts that name them
(``Pay with 🐠 Tuna``, a menu of cards to pay with). The creatures are drawn as Fleet: The
Dice Game draws them, on a card's face instead of a die's."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.fronts.emoji import INK, IVORY, EmojiArt, Paint, Pen, fish, lobster, shrimp
from bot.fronts.fleet_cards.words import EMOJI

INNER = 0.78
"""The creature's share of the card's height: it stays clear of the card's edge."""


def _card(size: int, paint: Paint) -> Image.Image:
    """A portrait card with a dark edge (it reads on dark and light themes), its creature
    painted by `paint` on a 100-unit grid and set on the card's face."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    u = size / 100
    pen.rounded_rectangle((14 * u, 3 * u, 86 * u, 97 * u), 12 * u, IVORY, INK, round(5 * u))
    face = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    paint(ImageDraw.Draw(face), u)
    small = round(size * INNER)
    face = face.resize((small, small), Image.Resampling.LANCZOS)
    image.alpha_composite(face, ((size - small) // 2, (size - small) // 2))
    return image


def _tuna(pen: Pen, u: float) -> None:
    navy, fin = (36, 62, 118, 255), (236, 190, 40, 255)
    pen.ellipse((12 * u, 32 * u, 74 * u, 68 * u), navy)
    pen.polygon([(70 * u, 50 * u), (92 * u, 24 * u), (84 * u, 50 * u), (92 * u, 76 * u)], navy)
    pen.polygon([(38 * u, 34 * u), (52 * u, 14 * u), (56 * u, 34 * u)], navy)
    for x in (60, 66):
        pen.polygon([(x * u, 34 * u), ((x + 4) * u, 28 * u), ((x + 6) * u, 36 * u)], fin)
        pen.polygon([(x * u, 66 * u), ((x + 4) * u, 72 * u), ((x + 6) * u, 64 * u)], fin)
    pen.ellipse((20 * u, 42 * u, 28 * u, 50 * u), IVORY)


def _king_crab(pen: Pen, u: float) -> None:
    red = (170, 46, 52, 255)
    w = round(6 * u)
    for side in (-1, 1):
        for y in (54, 64, 74):
            pen.line([(50 * u, y * u), ((50 + side * 40) * u, (y + 10) * u)], red, w)
        pen.line([(50 * u, 44 * u), ((50 + side * 26) * u, 24 * u)], red, w)
        x = 50 + side * 30
        pen.ellipse(((x - 10) * u, 8 * u, (x + 10) * u, 28 * u), red)
    pen.ellipse((28 * u, 38 * u, 72 * u, 78 * u), red)
    for x in (42, 58):
        pen.ellipse(((x - 3) * u, 44 * u, (x + 3) * u, 50 * u), IVORY)


def _processing(pen: Pen, u: float) -> None:
    hull, deck = (46, 72, 96, 255), (150, 156, 164, 255)
    pen.polygon([(6 * u, 60 * u), (94 * u, 60 * u), (82 * u, 82 * u), (16 * u, 82 * u)], hull)
    pen.rectangle((22 * u, 40 * u, 66 * u, 60 * u), deck, INK, round(2 * u))
    pen.rectangle((54 * u, 18 * u, 64 * u, 40 * u), (200, 70, 50, 255))
    for x in (28, 40):
        pen.rectangle((x * u, 46 * u, (x + 7) * u, 53 * u), IVORY)


def _crate(pen: Pen, u: float) -> None:
    wood, dark = (190, 134, 72, 255), (120, 80, 40, 255)
    pen.rectangle((16 * u, 22 * u, 84 * u, 82 * u), wood, dark, round(4 * u))
    for y in (42, 62):
        pen.line([(16 * u, y * u), (84 * u, y * u)], dark, round(3 * u))
    pen.line([(18 * u, 24 * u), (82 * u, 80 * u)], dark, round(4 * u))


PAINTS: dict[str, Paint] = {
    "shrimp": shrimp,
    "lobster": lobster,
    "cod": fish((70, 110, 150, 255)),
    "tuna": _tuna,
    "king_crab": _king_crab,
    "processing": _processing,
}


def _boat(kind: str) -> Callable[[int], Image.Image]:
    return lambda size: _card(size, PAINTS[kind])


def _crate_picture(size: int) -> Image.Image:
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    _crate(ImageDraw.Draw(image), size / 100)
    return image


EMOJIS: tuple[EmojiArt, ...] = (
    *(EmojiArt(f"fc_{kind}", EMOJI[kind], _boat(kind)) for kind in PAINTS),
    EmojiArt("fc_crate", EMOJI["crate"], _crate_picture),
)
"""Each boat type on a card, named ``fc_<type>``, and the processed crate, in place of their
glyphs in the game's prompts."""
