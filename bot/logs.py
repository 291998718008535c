"""Logging for the bot process: one format, and no secret in any line at any level.

At DEBUG, aiosqlite logs every SQL parameter (a challenge's seed, the challenge secret) and
discord.py logs request URLs and gateway payloads that carry interaction tokens. Those
loggers stay at INFO whatever the level asked for, and a filter blanks anything shaped like
an interaction or webhook token that still reaches a line. The bot token is never logged.
"""

from __future__ import annotations

import logging
import re

QUIET = ("aiosqlite", "discord.http", "discord.gateway", "discord.webhook.async_")
"""Loggers that print secrets below INFO."""
_TOKENS = re.compile(
    r"(?P<head>/(?:interactions|webhooks)/[0-9]+/)[A-Za-z0-9._\-]{20,}|"
    r"(?P<key>['\"]token['\"]\s*:\s*['\"])[^'\"]+"
)


class Redact(logging.Filter):
    """Blank interaction and webhook tokens in a record's message."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = _TOKENS.sub(lambda m: (m["head"] or m["key"]) + "***", message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def configure(level: str) -> None:
    numeric = logging.getLevelName(level.upper())
    if not isinstance(numeric, int):
        numeric = logging.INFO
    logging.basicConfig(
        level=numeric, format="%(asctime)s %(levelname)s %(name)s: %(message)s", force=True
    )
    for handler in logging.getLogger().handlers:
        handler.addFilter(Redact())
    for name in QUIET:
        logging.getLogger(name).setLevel(max(numeric, logging.INFO))
