"""Small pictures a game shows inside its texts, as Discord application emojis: a front names
each by the glyph it stands for (``🐟``), and the bot shows the picture wherever a prompt
writes that glyph, once `python -m bot sync` has uploaded it (`bot.emojis`). Without the
picture the glyph stays: the text reads the same."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

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
