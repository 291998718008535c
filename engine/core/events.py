"""Events: what happened, as data, for logs, boards and players who follow along.

The engine never words an event: a front does, in the reader's language. An event may be
private: `visible_to` names the seats that may see it (a card drawn into a hand), and every
reader is shown only the public events and their own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `seat` is None for table-wide events (a roll, a new round).

    `kind` is a stable machine name (``roll``, ``mark``, ``coins`` …) and `data` the values a
    front needs to word it; both are JSON data, so an event can be stored as it is.

    >>> Event("draw", 1, {"card": "c7"}, frozenset({1})).visible(0)
    False
    >>> Event("roll", None, {"pool": ["cod"]}).visible(None)
    True
    """

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None
    """None: everyone sees it. Otherwise only these seats do."""

    def visible(self, reader: int | None) -> bool:
        """Whether `reader` (a seat, or None for the public table) may see this event."""
        return self.visible_to is None or (reader is not None and reader in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.data:
            out["data"] = dict(self.data)
        if self.visible_to is not None:
            out["to"] = sorted(self.visible_to)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """The inverse of `to_json`; raises ValueError on anything else."""
        try:
            kind = data["kind"]
            seat = data.get("seat")
            fields = data.get("data", {})
            to = data.get("to")
        except (TypeError, KeyError) as exc:
            raise ValueError(f"not an event: {data!r}") from exc
        if not isinstance(kind, str) or not isinstance(fields, dict):
            raise ValueError(f"not an event: {data!r}")
        if seat is not None and not isinstance(seat, int):
            raise ValueError(f"not an event: {data!r}")
        visible = None if to is None else frozenset(int(s) for s in to)
        return cls(kind, seat, fields, visible)


def visible_events(events: Iterable[Event], reader: int | None) -> list[Event]:
    """The events `reader` may see, in order."""
    return [e for e in events if e.visible(reader)]
