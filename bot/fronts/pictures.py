"""Shared helpers for the pictures fronts draw with Pillow (PNG bytes on a panel)."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: int) -> Font:
    """Pillow's own scalable font at `size` pixels: no font file to ship or find."""
    return ImageFont.load_default(size=size)


def png(image: Image.Image, colors: int | None = 64) -> bytes:
    """The image as PNG bytes. Drawings use few colours: a fast palette of `colors` makes the
    file a third of the size (None keeps full colour, for photos and gradients)."""
    if colors is not None and image.mode != "P":
        image = image.quantize(colors=colors, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()
