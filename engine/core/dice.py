"""Seeded dice: each roll is derived from the game's seed and a key naming the roll.

A roll never depends on earlier rolls, so the same (seed, key) always shows the same faces,
whatever the players chose before it. That is what lets a daily challenge give every player
the same dice, and what makes a replay reproduce a game bit for bit.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def roll(seed: str, key: str, faces: Sequence[T], count: int = 1) -> list[T]:
    """Roll `count` dice with the given faces for the roll named `key`.

    >>> roll("s", "r1:boat", "abc", 3) == roll("s", "r1:boat", "abc", 3)
    True
    """
    digest = hashlib.sha256(f"{seed}\x1f{key}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:16], "big"))
    return [faces[rng.randrange(len(faces))] for _ in range(count)]
