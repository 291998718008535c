"""Shared helpers for the pictures fronts draw with Pillow (PNG bytes on a panel)."""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import cache, wraps
from pathlib import Path
from typing import ParamSpec

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
P = ParamSpec("P")

PICTURES_KEPT = 128
"""How many recent pictures are kept, drawn (a Mare Balticum map is ~45 KB: ~6 MB at most)."""
_kept: OrderedDict[bytes, bytes] = OrderedDict()
_keeping = threading.Lock()


def remembered(draw: Callable[P, bytes]) -> Callable[P, bytes]:
    """A picture is drawn once for what it shows: called again with arguments that print the
    same (views, data and translators print everything they hold), the drawing returns the
    PNG it made then, without drawing. Printing the arguments costs 0.2–2 ms; drawing a map
    10–50 times that.

    >>> calls = []
    >>> @remembered
    ... def picture(what: object) -> bytes:
    ...     calls.append(what)
    ...     return b"PNG"
    >>> picture((1, 2)), picture((1, 2)), len(calls)
    (b'PNG', b'PNG', 1)
    >>> lines = iter(["a"])  # printed by where it lives, not what it holds: drawn each time
    >>> picture(lines), picture(lines), len(calls)
    (b'PNG', b'PNG', 3)
    """

    @wraps(draw)
    def drawing(*args: P.args, **kwargs: P.kwargs) -> bytes:
        what = repr((draw.__module__, draw.__qualname__, args, sorted(kwargs.items())))
        if " at 0x" in what:
            # Something prints only where it lives (a generator, an object without a
            # repr): another one at the same address could show something else.
            return draw(*args, **kwargs)
        key = hashlib.blake2b(what.encode(), digest_size=16).digest()
        with _keeping:
            found = _kept.get(key)
            if found is not None:
                _kept.move_to_end(key)
                return found
        image = draw(*args, **kwargs)
        with _keeping:
            _kept[key] = image
            while len(_kept) > PICTURES_KEPT:
                _kept.popitem(last=False)
        return image

    return drawing


def named(kind: str, *shown: object) -> str:
    """A picture's name (`Picture.key`) from exactly what it shows, known before it is drawn:
    the same values, the same name; any value printed differently, another name. Each value
    must print what it holds (data, not objects printed by where they live).

    >>> named("sheet", "en", {"cod": 2}) == named("sheet", "en", {"cod": 2})
    True
    >>> named("sheet", "en", {"cod": 2}) == named("sheet", "en", {"cod": 3})
    False
    """
    what = repr(shown)
    if " at 0x" in what:
        raise TypeError(f"a picture is named by data, not by {what}")
    return f"{kind}:{hashlib.blake2b(what.encode(), digest_size=16).hexdigest()}"


def _font_file(bold: bool) -> Path | None:
    """Source Sans Pro (every letter of English, German, Portuguese, Italian, and the
    Polish and Nordic names of ports), from its package."""
    try:
        import font_source_sans_pro
    except ImportError:
        return None
    name = "SourceSansPro-Semibold.ttf" if bold else "SourceSansPro-Regular.ttf"
    path = Path(font_source_sans_pro.font_directory) / name
    return path if path.exists() else None


def full_font() -> bool:
    """Whether the font draws every letter (else only ASCII: text must be folded)."""
    return _font_file(False) is not None


@cache
def font(size: int, bold: bool = False) -> Font:
    """A scalable font at `size` pixels; Pillow's own if the font package is missing."""
    path = _font_file(bold)
    if path is not None:
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def palette(
    *images: Image.Image, exact: Sequence[tuple[int, int, int]] = (), colors: int = 64
) -> Image.Image:
    """One palette for a family of drawings, made once from samples of everything they draw
    (a blank and a swatch of its colours), with the design's `exact` colours kept as they are:
    mapping a picture onto it costs a fifth of finding a palette per picture."""
    composite = Image.new("RGB", (sum(i.width for i in images), max(i.height for i in images)))
    x = 0
    for image in images:
        composite.paste(image.convert("RGB"), (x, 0))
        x += image.width
    found = composite.quantize(colors=colors - len(exact), method=Image.Quantize.FASTOCTREE)
    entries = [c for rgb in exact for c in rgb] + (found.getpalette() or [])
    result = Image.new("P", (1, 1))
    result.putpalette(entries[: 3 * colors])
    return result


RGB = tuple[int, int, int]


def swatch(grounds: Sequence[RGB], inks: Sequence[RGB]) -> Image.Image:
    """Every ink on every ground, as text and a slanted line: the colours a drawing's
    antialiased edges blend, for `palette`."""
    image = Image.new("RGB", (40 * len(inks), 24 * len(grounds)))
    draw = ImageDraw.Draw(image)
    for row, ground in enumerate(grounds):
        for col, ink in enumerate(inks):
            x, y = 40 * col, 24 * row
            draw.rectangle([x, y, x + 39, y + 23], fill=ground)
            draw.text((x + 2, y + 2), "Ag8", ink, font(14))
            draw.line([x + 28, y + 4, x + 38, y + 20], ink, 2)
    return image


def colour_palette(grounds: Sequence[RGB], inks: Sequence[RGB], colors: int = 64) -> Image.Image:
    """The palette of a drawing made of these grounds and inks: each kept exactly, and the
    blends between them."""
    exact = list(dict.fromkeys([*grounds, *inks]))
    return palette(swatch(grounds, inks), exact=exact, colors=colors)


def png(image: Image.Image, colors: int | None = 64, palette: Image.Image | None = None) -> bytes:
    """The image as PNG bytes. Drawings use few colours: a palette of `colors` found for this
    picture, or a family's `palette` made once, makes the file a third of the size (None and
    no palette keep full colour, for photos and gradients)."""
    if palette is not None:
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    elif colors is not None and image.mode != "P":
        image = image.quantize(colors=colors, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()
