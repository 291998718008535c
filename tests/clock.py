"""The tests' clock: every test that touches a day, a deadline or a prompt's age gets its time
from here, never from the machine.

`TestClock` is what the bot, the service and the repository call for "now". It starts at an
instant the test chooses and moves only when the test moves it (`set`, `advance`), or, once
`follow` ties it to a SimCord environment, as SimCord's virtual time advances (so
``env.advance_time(16 * 60)`` ages a prompt by 16 minutes for the bot too).

`WALL_CLOCKS` are the instants the suite also runs its date-sensitive tests at, with the
machine's own clock moved there by ``time-machine`` (see ``tests/conftest.py``): a test that
still read the real date would fail at one of them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

NOON = datetime(2026, 11, 22, 12, 0, tzinfo=UTC).timestamp()
"""The default instant: challenge #326, mid-day, far from any boundary."""

WALL_CLOCKS = {
    "new-year": "2027-01-01T00:00:30+00:00",
    "new-year-eve": "2026-12-31T23:59:50+00:00",
    "leap-day": "2028-02-29T12:00:00+00:00",
}
"""Where the machine's clock is put to prove a test does not read it."""


def at(text: str) -> float:
    """A timestamp from ISO text (``2026-12-31T23:59:50+00:00``)."""
    return datetime.fromisoformat(text).timestamp()


class TestClock:
    """A clock the test owns; callable like ``time.time``."""

    __test__ = False  # not a test class, whatever its name says

    def __init__(self, now: float = NOON) -> None:
        self._base = now
        self._env: Any = None
        self._env_start = 0.0

    def follow(self, env: Any) -> None:
        """Advance with SimCord's virtual time from now on."""
        self._base = self()
        self._env = env
        self._env_start = env.now().timestamp()

    def _elapsed(self) -> float:
        return self._env.now().timestamp() - self._env_start if self._env is not None else 0.0

    def __call__(self) -> float:
        return self._base + self._elapsed()

    def set(self, now: float) -> None:
        self._base = now - self._elapsed()

    def advance(self, seconds: float) -> None:
        self._base += seconds
