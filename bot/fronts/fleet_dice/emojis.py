"""Fleet: The Dice Game's dice faces as emoji pictures: the five boats, the coins and the
three town faces (RULES §1), each on a die, for prompts that name dice (``Pick 🐟 Cod``)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.fronts.emoji import INK, IVORY, EmojiArt, Pen, fish, lobster, shrimp
from bot.fronts.fleet_dice.words import EMOJI


def _die(size: int, paint: Callable[[Pen, float], None]) -> Image.Image:
    """A die with a dark edge (it reads on dark and light themes), its face painted by
    `paint` on a 100-unit grid."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    u = size / 100
    pen.rounded_rectangle((3 * u, 3 * u, 97 * u, 97 * u), 18 * u, IVORY, INK, round(5 * u))
    paint(pen, u)
    return image


def _oyster(pen: Pen, u: float) -> None:
    shell = (120, 104, 92, 255)
    pen.pieslice((16 * u, 26 * u, 84 * u, 90 * u), 180, 360, shell)
    pen.chord((16 * u, 40 * u, 84 * u, 76 * u), 0, 180, shell)
    for x in (32, 50, 68):
        pen.line([(50 * u, 58 * u), (x * u, 30 * u)], IVORY, round(3 * u))
    pen.ellipse((42 * u, 52 * u, 58 * u, 68 * u), (245, 245, 255, 255), INK, round(2 * u))


def _coins(pen: Pen, u: float) -> None:
    gold = (228, 176, 38, 255)
    for x, y in ((20, 44), (46, 44), (33, 20)):
        pen.ellipse((x * u, y * u, (x + 34) * u, (y + 34) * u), gold, INK, round(3 * u))


def _harbor(pen: Pen, u: float) -> None:
    navy = (31, 78, 121, 255)
    w = round(7 * u)
    pen.ellipse((40 * u, 12 * u, 60 * u, 32 * u), None, navy, w)
    pen.line([(50 * u, 32 * u), (50 * u, 84 * u)], navy, w)
    pen.line([(32 * u, 42 * u), (68 * u, 42 * u)], navy, w)
    pen.arc((20 * u, 44 * u, 80 * u, 88 * u), 20, 160, navy, w)


def _wharf(pen: Pen, u: float) -> None:
    orange = (222, 120, 28, 255)
    w = round(7 * u)
    pen.line([(30 * u, 86 * u), (30 * u, 16 * u)], orange, w)
    pen.line([(30 * u, 18 * u), (84 * u, 18 * u)], orange, w)
    pen.line([(30 * u, 36 * u), (48 * u, 18 * u)], orange, round(4 * u))
    pen.line([(74 * u, 18 * u), (74 * u, 52 * u)], INK, round(3 * u))
    pen.rectangle((66 * u, 52 * u, 82 * u, 64 * u), INK)
    pen.rectangle((16 * u, 82 * u, 46 * u, 90 * u), orange)


def _market(pen: Pen, u: float) -> None:
    green = (46, 139, 87, 255)
    pen.ellipse((20 * u, 34 * u, 80 * u, 90 * u), green)
    pen.polygon([(36 * u, 16 * u), (64 * u, 16 * u), (56 * u, 36 * u), (44 * u, 36 * u)], green)
    pen.line([(40 * u, 36 * u), (60 * u, 36 * u)], INK, round(4 * u))
    pen.ellipse((40 * u, 52 * u, 60 * u, 72 * u), (228, 176, 38, 255), INK, round(2 * u))


FACES: dict[str, Callable[[Pen, float], None]] = {
    "shrimp": shrimp,
    "cod": fish((70, 110, 150, 255)),
    "lobster": lobster,
    "swordfish": fish((40, 80, 160, 255), bill=True),
    "oyster": _oyster,
    "coins": _coins,
    "harbor": _harbor,
    "wharf": _wharf,
    "market": _market,
}


def _face(face: str) -> Callable[[int], Image.Image]:
    return lambda size: _die(size, FACES[face])


EMOJIS: tuple[EmojiArt, ...] = tuple(
    EmojiArt(f"fd_{face}", EMOJI[face], _face(face)) for face in FACES
)
"""Each die face, named ``fd_<face>``, in place of its glyph in the game's prompts."""
