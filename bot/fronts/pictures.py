"""Shared helpers for the pictures fronts draw with Pillow (PNG bytes on a panel)."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from PIL import Image, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


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


def png(image: Image.Image, colors: int | None = 64) -> bytes:
    """The image as PNG bytes. Drawings use few colours: a fast palette of `colors` makes the
    file a third of the size (None keeps full colour, for photos and gradients)."""
    if colors is not None and image.mode != "P":
        image = image.quantize(colors=colors, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()
