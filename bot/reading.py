"""What a reader may see of a table: the one place outside the engine that asks a game for a
view or filters events by who may see them (boardgame.io's `playerView`, applied once).

A `Reading` is a game in some state and the reader it is read for: a seat, or None for the
public table. Everything it hands out (panels, a notice's words, the last moves) is drawn by
the game's front from `game.view(state, reader)` and the events `reader` may see, so nothing
above this module holds a full state to leak: the Discord layer and the terminal ask a
`Reading` and draw what it gives them.

No Discord here: the same readings serve the bot, the terminal and the tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.fronts import get_front
from bot.fronts.base import Ctx, Front, Panel, SeatInfo
from bot.i18n import Tr, translator
from bot.storage import GameRow
from bot.takeback import TakenBack
from bot.words import say
from engine.core.actions import Action
from engine.core.events import Event
from engine.core.game import AnyGame, GameResult
from engine.core.search import LEVELS, NORMAL

MOVE_WORDS = 300
"""At most this many characters of a decision taken back are quoted in the line about it."""
RECENT_EVENTS = 96
"""Public events kept with the table for its fronts' "last moves" (`Ctx.recent`). One click can
carry many: with AI seats, every turn up to the next person's is played in the same outcome
(Mare Balticum with one person and four AI seats: up to some 70 events between two of the
person's turns; Black Fleet: up to ~17 a turn, three AI seats in a row)."""


def ai_name(tr: Tr, n: int, level: str | None) -> str:
    """The `n`th AI seat's name, with its level: "AI 2 (strong)" (an unknown level reads
    "normal", as it plays)."""
    known = level if level in LEVELS else NORMAL
    return say(tr, "ai_name", n=n, level=say(tr, f"level_{known}"))


def seat_infos(row: GameRow, tr: Tr, now: bool = True) -> list[SeatInfo]:
    """What a front may know of a table's seats: names (an AI seat named in the reader's
    language with its level, an autopilot seat saying so) and who plays them. Without `now`
    (a replay, which shows earlier moments), nobody is said to be on autopilot."""
    infos = []
    robots = 0
    for seat in row.seats:
        name = seat.name
        if seat.is_ai:
            robots += 1
            name = ai_name(tr, robots, seat.level)
        autopilot = seat.autopilot and now
        if autopilot:
            name = say(tr, "autopilot_suffix", name=name)
        infos.append(SeatInfo(name, ai=seat.is_ai, autopilot=autopilot))
    return infos


EVENTS_KEPT = 1024
"""Tables whose stored events are kept parsed (96 small events each)."""
_parsed: dict[int, tuple[list[dict[str, Any]], tuple[Event, ...]]] = {}


def stored_events(row: GameRow) -> tuple[Event, ...]:
    """The table's last public events as stored with it (a damaged entry is skipped).

    A click reads its table several times (the clicker's prompt, the public step, each open
    prompt): the events are parsed once for what is stored, and kept for the table while
    its stored list is the same (the same list, or one equal to it).
    """
    found = _parsed.get(row.id)
    if found is not None and (found[0] is row.recent or found[0] == row.recent):
        return found[1]
    events = []
    for data in row.recent:
        try:
            events.append(Event.from_json(data))
        except ValueError:
            continue
    parsed = tuple(events)
    _parsed.pop(row.id, None)
    _parsed[row.id] = (list(row.recent), parsed)
    while len(_parsed) > EVENTS_KEPT:
        _parsed.pop(next(iter(_parsed)), None)
    return parsed


def turn_of(game: AnyGame, state: Any) -> str:
    """Which turn of the game this is, by its front (a player is called at most once in it)."""
    return get_front(game.id).turn(game.view(state, None))


def public_events(events: Iterable[Event]) -> list[Event]:
    """The events anyone may see (what a table keeps for its "last moves")."""
    return [e for e in events if e.visible(None)]


@dataclass(frozen=True)
class Prompt:
    """A seat's current decision: the panel (None when the seat owes nothing now), the token
    its buttons carry, and whom the table waits for instead."""

    panel: Panel | None
    token: str
    waiting: Sequence[str]
    notes: Sequence[str] = ()
    """What the reader has left to be played for them meanwhile (a standing bid), in words."""


@dataclass(frozen=True)
class Reading:
    """`game` in `state`, as `reader` (a seat, or None for the public) may see it, in the
    language of `tr` (the game's own domain)."""

    game: AnyGame
    state: Any
    seats: Sequence[SeatInfo]
    reader: int | None
    tr: Tr
    recent: Sequence[Event] = ()
    """The table's last events (any visibility: filtered here for the reader)."""
    playing: bool = True
    """False once the table is over or closed: nobody is waited for."""
    words: bool = False
    deadline: float | None = None
    """When the decisions now owed are played for whoever has not made them (a timestamp)."""
    orders: Sequence[str | None] = ()
    """Each seat's standing order (private: a front is given only its reader's own)."""

    @classmethod
    def of(
        cls,
        row: GameRow,
        game: AnyGame,
        state: Any,
        reader: int | None,
        locale: str | None,
        words: bool = False,
    ) -> Reading:
        """A stored table read by `reader` in `locale` (None: the table's own language)."""
        front = get_front(row.game)
        tr = translator(locale if locale is not None else row.locale, front.domain)
        seats = seat_infos(row, tr.domain_of("table"))
        playing = row.status == "active"
        deadline = row.deadline_at if playing else None
        orders = tuple(seat.standing for seat in row.seats)
        recent = stored_events(row)
        return cls(game, state, seats, reader, tr, recent, playing, words, deadline, orders)

    def as_reader(self, reader: int | None, words: bool = False) -> Reading:
        return replace(self, reader=reader, words=words)

    # --- what the front is given ----------------------------------------------------------------

    @property
    def front(self) -> Front[Any]:
        return get_front(self.game.id)

    def _view(self) -> Any:
        return self.game.view(self.state, self.reader)

    @property
    def view(self) -> Any:
        """What the reader may know of the game (for a replay's frame, and its tests)."""
        return self._view()

    def visible(self, events: Iterable[Event]) -> list[Event]:
        """The events the reader may see, in order."""
        return [e for e in events if e.visible(self.reader)]

    @property
    def waiting(self) -> list[int]:
        """The seats the table waits for now (public: who must act is never a secret)."""
        return list(self.game.to_act(self.state)) if self.playing else []

    @property
    def ctx(self) -> Ctx:
        recent = [e for e in self.recent if e.visible(self.reader)]
        order = None
        if self.reader is not None and 0 <= self.reader < len(self.orders):
            order = self.orders[self.reader]
        return Ctx(self.seats, self.tr, self.waiting, self.reader, recent, self.words, order)

    @property
    def token(self) -> str:
        """What this reader's buttons carry: the seat's token, or the public step's."""
        return str(self.game.token(self.state, self.reader))

    def over(self) -> bool:
        return bool(self.game.is_over(self.state)) or not self.playing

    # --- panels ---------------------------------------------------------------------------------

    def board(self) -> Panel:
        """The public table, read by nobody in particular (in words if the reader asked for
        the words behind its picture)."""
        return self.front.board(
            self.game.view(self.state, None), self.as_reader(None, self.words).ctx
        )

    def public_step(self) -> Panel | None:
        """The public message of the current step; None when it shows nothing (or is over).
        Under a turn deadline its live line says when the default moves are played."""
        if self.over():
            return None
        step = self.front.public_step(self.game.view(self.state, None), self.as_reader(None).ctx)
        if step is None or self.deadline is None or not step.status:
            return step
        when = say(self.tr.domain_of("table"), "deadline_status", when=self.when())
        return replace(step, status=f"{step.status}\n{when}")

    def when(self) -> str:
        """The deadline as a Discord time: each reader sees it in their own language and time
        zone, counting down (``in 6 hours``)."""
        return f"<t:{int(self.deadline or 0)}:R>"

    def replay(self, seat: int | None) -> Panel:
        """The public table as a replay shows it after `seat`'s turn (None: as set up), the
        turn's events being the `recent` ones."""
        return self.front.replay(self.game.view(self.state, None), seat, self.as_reader(None).ctx)

    def chapter(self) -> str:
        """Which part of the game this is, in its own words (a replay's jumps)."""
        return self.front.chapter(self.game.view(self.state, None), self.as_reader(None).ctx)

    def private(self) -> Panel:
        """The reader's own sheet, hand or tableau."""
        assert self.reader is not None, "a private panel has an owner"
        return self.front.private(self._view(), self.reader, self.ctx)

    def legal(self) -> list[Action]:
        if self.reader is None or not self.playing:
            return []
        return list(self.game.legal_actions(self.state, self.reader))

    def prompt(self) -> Prompt:
        """The reader's decision now, or whom the table waits for instead."""
        assert self.reader is not None, "a prompt is a seat's"
        actions = self.legal()
        if not actions:
            ctx = self.ctx
            notes: Sequence[str] = ()
            if ctx.standing is not None and self.playing:
                notes = self.front.prompt(self._view(), self.reader, [], ctx).lines
            return Prompt(None, self.token, [ctx.name(s) for s in ctx.waiting], notes)
        panel = self.front.prompt(self._view(), self.reader, actions, self.ctx)
        return Prompt(panel, self.token, ())

    def owed(self) -> str:
        """What the reader must decide, in a few words, for a notice."""
        assert self.reader is not None
        return self.front.owed(self._view(), self.reader, self.ctx)

    def turn(self) -> str:
        """Which turn a notice is for (a player is called at most once per turn)."""
        return self.front.turn(self.game.view(self.state, None))

    def final(self, result: GameResult | None = None) -> Panel:
        result = result if result is not None else self.game.result(self.state)
        return self.front.final(result, self.game.view(self.state, None), self.as_reader(None).ctx)

    def lines(self, events: Iterable[Event]) -> list[str]:
        """The events the reader may see, worded, oldest first (what the front leaves out is
        left out)."""
        ctx = self.ctx
        return [
            line for e in events if e.visible(self.reader) and (line := self.front.event(e, ctx))
        ]

    def taken_back(self, taken: TakenBack, own: bool = False) -> str:
        """The line saying that a decision was taken back, with what it had done in the game's
        words, as this reader may see them: for the table, naming the player, or (`own`) for
        the player who took it back."""
        lines = self.lines(taken.events)
        move = lines[0] if lines else ""
        if len(move) > MOVE_WORDS:
            move = move[: MOVE_WORDS - 1] + "…"
        table = self.tr.domain_of("table")
        if own:
            return say(table, "undone", move=move) if move else say(table, "undone_plain")
        name = self.ctx.name(taken.seat)
        if move:
            return say(table, "took_back", name=name, move=move)
        return say(table, "took_back_plain", name=name)

    def share(self, result: GameResult, number: int) -> str:
        """A daily challenge's spoiler-free result line."""
        return self.front.share(result, number, self.as_reader(None).ctx)
