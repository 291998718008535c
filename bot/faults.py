"""Named crash points, for tests that kill the bot between two writes.

A test arms a point (`armed("after_save")`); the next time the code passes it, `Crash` is
raised, which nothing in the bot catches (it is not an Exception), like a process dying
there. Then the test restarts the bot on the same database and checks nothing was lost.
Unarmed, a crash point costs one set lookup.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

_ARMED: set[str] = set()


class Crash(BaseException):
    """The process "died" at a crash point."""


def crash_point(name: str) -> None:
    if name in _ARMED:
        _ARMED.discard(name)
        raise Crash(name)


@contextlib.contextmanager
def armed(name: str) -> Iterator[None]:
    """Crash the next time `name` is passed, within this block."""
    _ARMED.add(name)
    try:
        yield
    finally:
        _ARMED.discard(name)
