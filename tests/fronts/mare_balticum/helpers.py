"""A Mare Balticum table for front tests: contexts, and states met in a played game."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bot.fronts.base import Ctx, Panel, SeatInfo
from bot.fronts.mare_balticum import MareBalticumFront
from bot.fronts.text import panel_text
from bot.i18n import Tr
from bot.service import RECENT_EVENTS
from engine.core.events import Event
from engine.games import get_game
from engine.mare_balticum.state import MareState

GAME = get_game("mare-balticum")
FRONT = MareBalticumFront()
NAMES = ["Alice", "Bob", "Carla", "Dmitri", "Eeva"]


def ctx(
    state: MareState,
    reader: int | None = None,
    recent: Sequence[Event] = (),
    ai: Sequence[int] = (),
    words: bool = False,
) -> Ctx:
    """A table's context as the bot gives it: `recent` its last public events, `ai` the seats
    the AI plays."""
    seats = [SeatInfo(n, ai=i in ai) for i, n in enumerate(NAMES[: len(state.players)])]
    tr = Tr("en", "mare-balticum")
    shown = tuple(e for e in recent if e.visible(reader))
    return Ctx(
        seats=seats, tr=tr, waiting=GAME.to_act(state), reader=reader, recent=shown, words=words
    )


def played(seats: int, seed: str, **options: object) -> Iterator[MareState]:
    """Every state of a game the heuristic plays, start to end."""
    state, _ = GAME.start(seats, seed, options)
    yield state
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.default_action(state, seat))
        yield state


def with_events(
    seats: int, seed: str, **options: object
) -> Iterator[tuple[MareState, list[Event]]]:
    """Every state of a heuristic game with the table's recent public events so far (as many
    as the bot keeps)."""
    state, events = GAME.start(seats, seed, options)
    recent = [e for e in events if e.visible(None)]
    yield state, recent[-RECENT_EVENTS:]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, more = GAME.apply(state, seat, GAME.default_action(state, seat))
        recent = [*recent, *(e for e in more if e.visible(None))][-RECENT_EVENTS:]
        yield state, recent


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
