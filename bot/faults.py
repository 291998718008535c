"""Named crash points, for tests that kill the bot between two writes.

A test arms a point (`with armed("saved") as hit:`); the next time the code passes it,
`Crash` is raised, which nothing in the bot catches (it is not an Exception), like a process
dying there; `hit` tells whether it was reached. Then the test restarts the bot on the same
database and checks nothing was lost. Unarmed, a crash point costs one set lookup.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

_ARMED: dict[str, list[bool]] = {}


class Crash(BaseException):
    """The process "died" at a crash point."""


def crash_point(name: str) -> None:
    hit = _ARMED.pop(name, None)
    if hit is not None:
        hit.append(True)
        raise Crash(name)


@contextlib.contextmanager
def armed(name: str) -> Iterator[list[bool]]:
    """Crash the next time `name` is passed, within this block; the list yielded holds
    True once it was."""
    hit: list[bool] = []
    _ARMED[name] = hit
    try:
        yield hit
    finally:
        _ARMED.pop(name, None)
