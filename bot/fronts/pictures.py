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


def png(image: Image.Image) -> bytes:
    """The image as PNG bytes, optimised for a small upload."""
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
