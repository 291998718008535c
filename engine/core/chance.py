"""Keyed chance: dice, shuffles and deals derived from the game's seed and a key naming them.

A chance event never depends on earlier ones, so the same (seed, key) always gives the same
result, whatever the players chose before it. That is what lets a daily challenge give every
player the same dice or the same deck, and what makes a replay reproduce a game bit for bit.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def _rng(seed: str, key: str) -> random.Random:
    digest = hashlib.sha256(f"{seed}\x1f{key}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def roll(seed: str, key: str, faces: Sequence[T], count: int = 1) -> list[T]:
    """Roll `count` dice with the given faces for the roll named `key`.

    >>> roll("s", "r1:boat", "abc", 3) == roll("s", "r1:boat", "abc", 3)
    True
    """
    rng = _rng(seed, key)
    return [faces[rng.randrange(len(faces))] for _ in range(count)]


def shuffle(seed: str, key: str, items: Sequence[T]) -> list[T]:
    """A new list holding `items` in the order the shuffle named `key` puts them.

    >>> shuffle("s", "deck", range(5)) == shuffle("s", "deck", range(5))
    True
    >>> sorted(shuffle("s", "deck", range(5)))
    [0, 1, 2, 3, 4]
    """
    out = list(items)
    _rng(seed, key).shuffle(out)
    return out


def deal(
    seed: str, key: str, items: Sequence[T], hands: int, size: int
) -> tuple[list[list[T]], list[T]]:
    """Shuffle `items`, then deal `size` cards to each of `hands` hands, one at a time round
    the table. Returns the hands and the rest of the deck, top card first.

    >>> hands, rest = deal("s", "deal", range(10), 3, 2)
    >>> [len(h) for h in hands], len(rest)
    ([2, 2, 2], 4)
    """
    if hands * size > len(items):
        raise ValueError(f"cannot deal {hands}×{size} cards from {len(items)}")
    deck = shuffle(seed, key, items)
    dealt: list[list[T]] = [[] for _ in range(hands)]
    for i in range(hands * size):
        dealt[i % hands].append(deck[i])
    return dealt, deck[hands * size :]


def draw(seed: str, key: str, bag: Sequence[T]) -> int:
    """The index of the token drawn blindly from `bag` by the draw named `key`.

    >>> 0 <= draw("s", "bag:1", "abc") < 3
    True
    """
    if not bag:
        raise ValueError("cannot draw from an empty bag")
    return _rng(seed, key).randrange(len(bag))
