"""The daily challenge: one per game per UTC day, the same dice or deck for everyone.

The game seed is an HMAC of the game and the day under a server-side secret, so nobody can
predict it. Every roll or shuffle is derived from (seed, purpose) by the engine, never from a
shared sequence, so all players see the same chance whatever they choose.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, date, datetime, timedelta

FIRST_DAY = date(2026, 1, 1)
"""Challenge #1."""

PERIODS = ("today", "week", "all-time")
SCOPES = ("server", "global")


def day_of(timestamp: float) -> date:
    return datetime.fromtimestamp(timestamp, UTC).date()


def number(day: date) -> int:
    return (day - FIRST_DAY).days + 1


def seed(secret: str, game: str, day: date) -> str:
    """The day's seed for one game (``fleet-dice:2026-11-22`` under the secret)."""
    message = f"{game}:{day.isoformat()}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:32]


def period_days(period: str, today: date) -> tuple[str | None, str]:
    """The first and last challenge day (ISO) a leaderboard period covers."""
    if period == "today":
        return today.isoformat(), today.isoformat()
    if period == "week":
        return (today - timedelta(days=6)).isoformat(), today.isoformat()
    return None, today.isoformat()


def streak(days: list[str], today: date) -> int:
    """Consecutive challenge days played, ending today (or yesterday, if today is still open)."""
    played = {date.fromisoformat(d) for d in days}
    current = today if today in played else today - timedelta(days=1)
    count = 0
    while current in played:
        count += 1
        current -= timedelta(days=1)
    return count
