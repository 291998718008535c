"""Versioned custom ids for every button and select the bot has ever shipped.

Format v1: ``fl1:<kind>:<game id>:<fields…>``, at most 100 characters (DISCORD.md). Old
messages live for ever, so a new format gets a new prefix and the old one stays parseable.

>>> decode(encode("do", 12, "3", "use harbor:inuit"))
CustomId(kind='do', game_id=12, fields=('3', 'use harbor:inuit'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "fl1"
MAX_LENGTH = 100
KINDS = {
    "lobby": 1,  # op: join, leave, ai, start, cancel
    "board": 1,  # op: sheet, act, log
    "die": 2,  # phase tag (3b / 3t), face
    "do": 2,  # the seat's action count when shown, action text
    "sel": 1,  # the seat's action count when shown; the value is the action text
    "end": 1,  # op: yes, no
}
LOBBY_OPS = ("join", "leave", "ai", "start", "cancel")
BOARD_OPS = ("sheet", "act", "log")
END_OPS = ("yes", "no")
_FIELD = re.compile(r"^[a-z0-9_:+.\-]{1,60}$")


@dataclass(frozen=True)
class CustomId:
    kind: str
    game_id: int
    fields: tuple[str, ...]


def encode(kind: str, game_id: int, *fields: str) -> str:
    """Spaces in an action text become dots: ``use harbor:inuit`` → ``use.harbor:inuit``."""
    text = ":".join((PREFIX, kind, str(game_id), *(f.replace(" ", ".") for f in fields)))
    if len(text) > MAX_LENGTH:
        raise ValueError(f"custom id longer than {MAX_LENGTH}: {text}")
    return text


def decode(custom_id: str) -> CustomId | None:
    """Parse a custom id; None for anything malformed or not ours (never raises)."""
    if not isinstance(custom_id, str) or len(custom_id) > MAX_LENGTH:
        return None
    head = custom_id.split(":", 3)
    if len(head) < 3 or head[0] != PREFIX or head[1] not in KINDS:
        return None
    kind, game = head[1], head[2]
    if not game.isdigit() or len(game) > 18:
        return None
    rest = head[3] if len(head) == 4 else ""
    want = KINDS[kind]
    # The last field (an action text) may itself hold colons (harbor:inuit).
    fields = tuple(rest.split(":", want - 1)) if rest else ()
    if len(fields) != want or not all(_FIELD.match(f) for f in fields):
        return None
    fields = tuple(f.replace(".", " ") for f in fields)
    if kind == "lobby" and fields[0] not in LOBBY_OPS:
        return None
    if kind == "board" and fields[0] not in BOARD_OPS:
        return None
    if kind == "end" and fields[0] not in END_OPS:
        return None
    if kind in ("do", "sel") and not fields[0].isdigit():
        return None
    if kind == "die" and not re.fullmatch(r"[0-9]{1,2}[bt]", fields[0]):
        return None
    return CustomId(kind, int(game), fields)
