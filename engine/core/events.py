"""Events: what happened, for logs, boards and players who want to follow along."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `seat` is None for table-wide events (a roll, a new round).

    `kind` is a stable machine name (``roll``, ``mark``, ``coins``, ``ruth`` …); `text` a short
    English sentence; `data` the values a renderer or message catalog needs.
    """

    kind: str
    text: str
    seat: int | None = None
    data: dict[str, object] = field(default_factory=dict)
