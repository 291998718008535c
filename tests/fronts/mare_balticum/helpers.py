"""A Mare Balticum table for front tests: contexts, and states met in a played game."""

from __future__ import annotations

from collections.abc import Iterator

from bot.fronts.base import Ctx, Panel, SeatInfo
from bot.fronts.mare_balticum import MareBalticumFront
from bot.fronts.text import panel_text
from bot.i18n import Tr
from engine.mare_balticum import MareBalticum
from engine.mare_balticum.state import MareState

GAME = MareBalticum()
FRONT = MareBalticumFront()
NAMES = ["Alice", "Bob", "Carla", "Dmitri", "Eeva"]


def ctx(state: MareState, reader: int | None = None) -> Ctx:
    seats = [SeatInfo(n) for n in NAMES[: len(state.players)]]
    return Ctx(seats=seats, tr=Tr("en", "mare-balticum"), waiting=GAME.to_act(state), reader=reader)


def played(seats: int, seed: str, **options: object) -> Iterator[MareState]:
    """Every state of a game the heuristic plays, start to end."""
    state, _ = GAME.start(seats, seed, options)
    yield state
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.default_action(state, seat))
        yield state


def first(states: Iterator[MareState], test) -> MareState:  # type: ignore[no-untyped-def]
    return next(s for s in states if test(s))


def text(panel: Panel | None) -> str:
    return "" if panel is None else panel_text(panel)


def monospace(panel: Panel) -> list[str]:
    """The lines inside code blocks of a panel's fields."""
    out = []
    for _, lines in panel.fields:
        inside = False
        for line in lines:
            if line == "```":
                inside = not inside
            elif inside:
                out.append(line)
    return out
