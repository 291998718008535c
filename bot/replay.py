"""A game's replay: its action log played again from the seed, cut into steps a player steps
through, and each step drawn as the table saw it (Board Game Arena's replays).

A **step** is a seat's turn: its moves until it has nothing more to decide now, until another
seat moves, or until a new chapter (round) begins; at a table of one seat, which always has
something to decide, a step also ends where the step of play (`Game.step`) moves on. Step 0
is the table as set up. A 4-player
Fleet Dice game of 350 actions has some 180 steps (each pick and its use, each use of the
leftover die), a solo one ~40 for 64 actions; Black Fleet one per turn (~40 for 220 actions);
Mare Balticum ~65 for 190; the Fleet card game ~140 for 240 (a bid, a purchase paid, a
launch). A game's own words group the steps into **chapters** (`Front.chapter`: ``Round
3``), which a replay jumps between.

What a frame shows: the public table (`view(state, None)`) and the public events of its step,
at any step of any started game, to anyone who may open the replay; a seat's own view (hand,
sheet) and the events it saw only once the game has ended, and only to the person in that
seat. No Discord here: the cogs draw a `Frame`'s panel with its buttons.

Take-backs in the log (`engine.core.replay.UNDO`) are resolved with `in_effect` before
anything is replayed. A log that stops replaying (an entry the rules refuse) gives the steps
up to that entry, and says so.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, TypeVar

from bot.fronts import get_front
from bot.fronts.base import Panel, SeatInfo
from bot.i18n import Tr, translator
from bot.reading import Reading
from bot.refusals import Refusal
from bot.storage import GameRow
from bot.words import say
from engine.core.events import Event
from engine.core.game import AnyGame
from engine.core.replay import in_effect

log = logging.getLogger(__name__)

T = TypeVar("T")
Runner = Callable[..., Awaitable[Any]]
"""Runs ``f(*args)`` somewhere and awaits it (the Discord layer: on the drawing thread)."""

KEPT = 16
"""Replays kept in memory, the most recently asked for: a replay holds one state per step
(0.4–0.9 MB for the longest games of ours, `bench.replay`)."""
MAX_CHAPTERS = 25
"""A select menu's options: a game with more chapters lists the 25 around the current one."""


@dataclass(frozen=True)
class Step:
    """The table after one seat's turn (`seat` None: as set up)."""

    seat: int | None
    upto: int
    """How many log entries in effect have been played by the end of this step."""
    state: Any
    events: tuple[Event, ...]
    """Everything that happened in the step, any visibility (a frame shows its reader's)."""
    chapter: str = ""
    """Which chapter the table is in after the step (its words in English: only compared)."""


@dataclass(frozen=True)
class Timeline:
    """A game replayed: its steps, and whether the whole log replayed."""

    steps: tuple[Step, ...]
    complete: bool
    """False when the log stops replaying: the steps end before the entry refused."""
    entries: tuple[tuple[int, str], ...] = ()
    """The log entries in effect that were played, in order."""

    @property
    def last(self) -> int:
        """The last step's number (-1 when not even the setup replays)."""
        return len(self.steps) - 1

    def firsts(self) -> list[int]:
        """The first step of each chapter."""
        return [
            n for n, s in enumerate(self.steps) if n == 0 or s.chapter != self.steps[n - 1].chapter
        ]


Chapter = Callable[[Any], str]
"""A state's chapter (`Front.chapter` of its public view), in words that are only compared."""


def chapter_of(game: AnyGame) -> Chapter:
    """The chapters of `game`'s states, by its front, in English."""
    tr = translator(None, get_front(game.id).domain)
    return lambda state: Reading(game, state, (), None, tr).chapter()


def build(
    game: AnyGame,
    seats: int,
    seed: str,
    options: Mapping[str, Any] | None,
    actions: Sequence[tuple[int, str]],
    before: Timeline | None = None,
) -> Timeline:
    """The replay of a game whose action log is `actions` (take-backs included). `before`: a
    replay of an earlier moment of the same game, continued where the log only grew since
    (its last step is played again, as more of the same turn may have followed)."""
    chapter = chapter_of(game)
    entries = tuple(in_effect(actions, lambda entry: entry[1]))
    if (
        before is not None
        and before.complete
        and before.steps
        and entries[: len(before.entries)] == before.entries
    ):
        kept = list(before.steps[:-1]) or list(before.steps)
        return _play(game, chapter, seats == 1, kept, entries, kept[-1].upto)
    try:
        state, events = game.start(seats, seed, options)
    except Exception:
        log.warning("a game's setup no longer replays", exc_info=True)
        return Timeline((), False)
    first = Step(None, 0, state, tuple(events), chapter(state))
    return _play(game, chapter, seats == 1, [first], entries, 0)


def _play(
    game: AnyGame,
    chapter: Chapter,
    alone: bool,
    steps: list[Step],
    entries: tuple[tuple[int, str], ...],
    start: int,
) -> Timeline:
    """Play `entries[start:]` after `steps`, cutting them into turns: a step ends when its
    seat has nothing more to decide, before another seat's move, where a chapter begins, and
    (`alone`: a table of one seat) where the step of play moves on."""
    state, here = steps[-1].state, steps[-1].chapter
    seat_now: int | None = None
    events: list[Event] = []
    for n in range(start, len(entries)):
        seat, text = entries[n]
        if seat_now is not None and seat != seat_now:
            steps.append(Step(seat_now, n, state, tuple(events), here))
            seat_now, events = None, []
        try:
            new, more = game.apply(state, seat, text)
        except Exception:
            # An entry the rules refuse (or cannot read): the replay ends before it.
            log.warning("a log stops replaying at its entry %s (%r)", n, text[:60])
            if seat_now is not None:
                steps.append(Step(seat_now, n, state, tuple(events), here))
            return Timeline(tuple(steps), False, entries[:n])
        seat_now = seat
        events += more
        now = chapter(new)
        done = (
            seat not in game.to_act(new)
            or now != here
            or (alone and game.step(new) != game.step(state))
        )
        state, here = new, now
        if done:
            steps.append(Step(seat, n + 1, state, tuple(events), now))
            seat_now, events = None, []
    if seat_now is not None:
        steps.append(Step(seat_now, len(entries), state, tuple(events), here))
    return Timeline(tuple(steps), True, entries)


class Timelines:
    """The replays recently asked for, one per table, each for the table's version it was
    built at: a finished game's replay is built once, a running game's continued from where
    it was (see `build`)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._kept: OrderedDict[int, tuple[int, Timeline]] = OrderedDict()

    def get(self, game_id: int, version: int) -> Timeline | None:
        found = self._kept.get(game_id)
        if found is None or found[0] != version:
            return None
        self._kept.move_to_end(game_id)
        return found[1]

    def latest(self, game_id: int) -> Timeline | None:
        """The replay kept for this table, whatever its version."""
        found = self._kept.get(game_id)
        return found[1] if found is not None else None

    def put(self, game_id: int, version: int, timeline: Timeline) -> None:
        self._kept[game_id] = (version, timeline)
        self._kept.move_to_end(game_id)
        while len(self._kept) > self.kept:
            self._kept.popitem(last=False)


async def inline(f: Callable[..., T], *args: Any) -> T:
    """Run `f` right here (tests, the terminal)."""
    return f(*args)


# --- who may see what --------------------------------------------------------------------------


def may_replay(
    row: GameRow, user_id: int, channel_id: int | None, guild_id: int | None, today: date
) -> None:
    """Refused unless this person may open this table's replay here.

    In the table's own channel anyone may (its public messages are there already); a player
    of the table anywhere. A daily challenge is its player's alone until its day is over (its
    dice would spoil the day); then anyone in its server may, from any channel (its result
    line says how)."""
    if row.state is None:
        raise Refusal("not_started")
    seated = row.seat_of(user_id) is not None
    day = row.options.challenge_day
    if day and not seated and date.fromisoformat(day) >= today:
        raise Refusal("replay_after_day")
    if seated or channel_id == row.channel_id:
        return
    if day and row.guild_id is not None and row.guild_id == guild_id:
        return
    raise Refusal("replay_elsewhere")


def reader_of(row: GameRow, user_id: int, view: str) -> int | None:
    """The seat whose view a replay shows (``t``: the public table, None; ``s2``: seat 2's
    own), refused unless it is the asker's own seat and the game has ended."""
    if view == "t":
        return None
    seat = int(view[1:]) if view[1:].isdigit() else -1
    if not 0 <= seat < len(row.seats) or row.seats[seat].user_id != user_id:
        raise Refusal("replay_not_yours")
    if row.status == "active":
        raise Refusal("replay_private_running")
    return seat


# --- frames ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """One step of a replay as its reader sees it: the view it is drawn from, the events it
    shows (those of the step the reader may see), the panel, and the chapters to jump to."""

    step: int
    last: int
    reader: int | None
    view: Any
    events: tuple[Event, ...]
    panel: Panel
    chapters: tuple[tuple[str, int], ...]
    chapter: int
    """Which of `chapters` the step is in."""


def frame(
    game: AnyGame,
    timeline: Timeline,
    number: int,
    reader: int | None,
    seats: Sequence[SeatInfo],
    tr: Tr,
    running: bool,
) -> Frame:
    """Step `number` of `timeline` for `reader` (None: the public table) in `tr`'s language
    (the game's domain). `running`: the game is still being played."""
    step = timeline.steps[number]
    ttr = tr.domain_of("table")
    playing = running or number < timeline.last

    def reading(state: Any, who: int | None, recent: Sequence[Event] = ()) -> Reading:
        return Reading(game, state, seats, who, tr, tuple(recent), playing)

    chapters = tuple(
        (reading(timeline.steps[n].state, None).chapter(), n) for n in timeline.firsts()
    )
    now = reading(step.state, reader, step.events)
    shown = tuple(now.visible(step.events))
    panel = now.replay(step.seat) if reader is None else now.private()
    head = _head(ttr, now.ctx.name, number, timeline.last, step.seat)
    notes = [head]
    if reader is not None:
        notes.append(say(ttr, "replay_yours"))
    elif running:
        notes.append(say(ttr, "replay_running"))
    if not timeline.complete and number == timeline.last:
        notes.append(say(ttr, "replay_broken", step=timeline.last))
    lines = now.lines(step.events) or [say(ttr, "replay_quiet")]
    chapter = max(i for i, (_, first) in enumerate(chapters) if first <= number)
    title = say(ttr, "replay_title", game=now.front.title(tr), chapter=chapters[chapter][0])
    framed = replace(
        panel,
        title=title,
        lines=[*notes, *panel.lines],
        fields=[(say(ttr, "replay_events"), lines), *panel.fields],
        choices=(),
        multi=None,
        key="",
        status="",
    )
    return Frame(number, timeline.last, reader, now.view, shown, framed, chapters, chapter)


def _head(
    tr: Tr, name: Callable[[int | None], str], number: int, last: int, seat: int | None
) -> str:
    if seat is None:
        return say(tr, "replay_setup", step=number, steps=last)
    return say(tr, "replay_step", step=number, steps=last, name=name(seat))
