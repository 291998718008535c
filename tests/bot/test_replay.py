"""A game's replay without Discord: the log played again into steps (a seat's turn), each frame
the public view and the public events of its step (a seat's own only after the end, only its
owner's), take-backs resolved, a log that stops replaying shown up to there, replays kept
and continued rather than played again, and who may open one where."""

from __future__ import annotations

import itertools
from datetime import date
from typing import Any

import pytest

from bot.fronts import get_front
from bot.fronts.base import Ctx, SeatInfo
from bot.i18n import translator
from bot.refusals import Refusal
from bot.replay import Timeline, Timelines, build, frame, may_replay, reader_of
from bot.service import TableService
from bot.storage import GameRow, Seat, SqliteRepository, TableOptions
from engine.core.replay import UNDO
from engine.games import get_game
from engine.simulate import default_game
from tests.clock import TestClock

from .helpers import execute, open_table

SEED = "9a1b2c3d4e5f6a7b"
TABLES = [
    ("fleet-dice", 1),
    ("fleet-dice", 3),
    ("fleet-cards", 3),
    ("mare-balticum", 3),
    ("black-fleet", 3),
    ("test-hands", 2),
]


def played(game_id: str, seats: int) -> tuple[Any, list[tuple[int, str]]]:
    """A whole game, every seat playing its default move."""
    return get_game(game_id), default_game(get_game(game_id), seats, SEED)


def with_take_backs(log: list[tuple[int, str]], every: int = 7) -> list[tuple[int, str]]:
    """The same game with a move taken back and played again now and then (the log keeps
    both, as players' take-backs leave it)."""
    out: list[tuple[int, str]] = []
    for n, (seat, text) in enumerate(log):
        if n % every == 3:
            out += [(seat, text), (seat, UNDO)]
        out.append((seat, text))
    return out


def replayed(game: Any, seats: int, log: list[tuple[int, str]]) -> tuple[list[Any], list[Any]]:
    """The states after each entry and the events of each (setup first), played directly."""
    state, setup = game.start(seats, SEED, None)
    states, events = [state], [setup]
    for seat, text in log:
        state, more = game.apply(state, seat, text)
        states.append(state)
        events.append(more)
    return states, events


def names(seats: int) -> list[SeatInfo]:
    return [SeatInfo(f"p{s}") for s in range(seats)]


@pytest.mark.parametrize(("game_id", "seats"), TABLES)
def test_each_frame_shows_the_public_view_and_public_events_of_its_step(game_id, seats):
    game, log = played(game_id, seats)
    timeline = build(game, seats, SEED, None, with_take_backs(log))
    assert timeline.complete and timeline.steps[-1].upto == len(log)
    states, events = replayed(game, seats, log)
    front = get_front(game_id)
    tr = translator("de", front.domain)
    infos = names(seats)
    if len(log) > 50:
        assert len(timeline.steps) < len(log) / 1.2, "steps are turns, not single moves"
    before = 0
    for n, step in enumerate(timeline.steps):
        shown = frame(game, timeline, n, None, infos, tr, running=False)
        if n:
            assert step.upto > before
            assert {seat for seat, _ in log[before : step.upto]} == {step.seat}, "one seat's turn"
        state = states[step.upto]
        view = game.view(state, None)
        assert shown.view == view
        batches = events[before + 1 : step.upto + 1] if n else events[:1]
        public = [e for batch in batches for e in batch if e.visible_to is None]
        assert list(shown.events) == public
        ctx = Ctx(infos, tr, [], None, tuple(public))
        lines = [line for e in public if (line := front.event(e, ctx))]
        told, shown_lines = shown.panel.fields[0]
        assert told == "In diesem Schritt"
        assert list(shown_lines) == (lines or ["Nichts, was der Tisch sah."])
        waiting = game.to_act(state) if n < timeline.last else []
        table = front.replay(view, step.seat, Ctx(infos, tr, waiting, None, tuple(public)))
        assert list(shown.panel.fields[1:]) == list(table.fields)
        notes = len(shown.panel.lines) - len(table.lines)
        assert list(shown.panel.lines[notes:]) == list(table.lines)
        assert shown.panel.image == table.image
        first = max(f for _, f in shown.chapters if f <= n)
        assert shown.chapters[shown.chapter][1] == first
        first_view = game.view(states[timeline.steps[first].upto], None)
        assert shown.chapters[shown.chapter][0] == front.chapter(first_view, ctx)
        before = step.upto
    labels = [label for label, _ in shown.chapters]
    assert len(labels) >= 3 and all(a != b for a, b in itertools.pairwise(labels))


@pytest.mark.parametrize(("game_id", "seats"), [t for t in TABLES if t[1] > 1])
def test_a_seats_own_frame_is_its_own_view_and_what_it_saw(game_id, seats):
    game, log = played(game_id, seats)
    timeline = build(game, seats, SEED, None, log)
    states, events = replayed(game, seats, log)
    front = get_front(game_id)
    tr = translator(None, front.domain)
    seat = seats - 1
    before = 0
    for n, step in enumerate(timeline.steps):
        shown = frame(game, timeline, n, seat, names(seats), tr, running=False)
        assert shown.view == game.view(states[step.upto], seat)
        batches = events[before + 1 : step.upto + 1] if n else events[:1]
        assert list(shown.events) == [e for b in batches for e in b if e.visible(seat)]
        assert "Your own view" in shown.panel.lines[1]
        before = step.upto


def test_a_take_back_is_resolved_before_anything_is_replayed():
    game, log = played("fleet-cards", 3)
    plain = build(game, 3, SEED, None, log)
    taken = build(game, 3, SEED, None, with_take_backs(log, every=2))
    assert [s.upto for s in taken.steps] == [s.upto for s in plain.steps]
    assert taken.steps[-1].state == plain.steps[-1].state
    # A take-back of the last move: the replay ends before it.
    shorter = build(game, 3, SEED, None, [*log[:40], (log[39][0], UNDO)])
    assert shorter.complete and shorter.steps[-1].upto == 39


def test_a_log_that_stops_replaying_is_shown_up_to_there_and_says_so():
    game, log = played("black-fleet", 3)
    broken = [*log[:60], (log[60][0], "sail to:atlantis"), *log[61:]]
    timeline = build(game, 3, SEED, None, broken)
    assert not timeline.complete
    assert timeline.steps[-1].upto == 60 and timeline.entries == tuple(log[:60])
    states, _ = replayed(game, 3, log[:60])
    assert timeline.steps[-1].state == states[-1]
    shown = frame(game, timeline, timeline.last, None, names(3), translator(None, "x"), False)
    assert any("stop replaying" in line for line in shown.panel.lines)
    earlier = frame(game, timeline, 1, None, names(3), translator(None, "x"), False)
    assert not any("stop replaying" in line for line in earlier.panel.lines)
    # A seat the game does not have: refused like any other entry.
    assert not build(game, 3, SEED, None, [(7, log[0][1])]).complete
    # A setup that no longer works (a seat count the game refuses): nothing to show.
    nothing = build(game, 9, SEED, None, log)
    assert nothing.last == -1 and not nothing.complete


@pytest.mark.parametrize(("game_id", "seats"), TABLES)
def test_a_replay_continued_after_more_moves_is_the_replay_played_afresh(game_id, seats):
    game, log = played(game_id, seats)
    for cut in (1, len(log) // 3, len(log) // 2 + 1, len(log) - 1):
        earlier = build(game, seats, SEED, None, log[:cut])
        continued = build(game, seats, SEED, None, log, before=earlier)
        afresh = build(game, seats, SEED, None, log)
        assert continued == afresh, cut
        # The earlier steps are not played again: they are the very same objects.
        assert continued.steps[0] is earlier.steps[0]


def test_a_take_back_after_a_kept_replay_plays_it_afresh():
    game, log = played("fleet-dice", 3)
    earlier = build(game, 3, SEED, None, log[:50])
    taken = [*log[:50], (log[49][0], UNDO), log[49]]
    again = build(game, 3, SEED, None, taken, before=earlier)
    assert again == build(game, 3, SEED, None, log[:50])
    undone = build(game, 3, SEED, None, [*log[:50], (log[49][0], UNDO)], before=earlier)
    assert undone.steps[-1].upto == 49 and undone.steps[0] is not earlier.steps[0]


def test_the_replays_kept_are_the_most_recently_asked_for():
    kept = Timelines(kept=2)
    a, b, c = (Timeline((), True) for _ in range(3))
    kept.put(1, 5, a)
    kept.put(2, 5, b)
    assert kept.get(1, 5) is a  # asked for: now the most recent
    kept.put(3, 5, c)
    assert kept.get(2, 5) is None and kept.get(1, 5) is a and kept.get(3, 5) is c
    assert kept.get(1, 6) is None, "another version of the table is another replay"
    assert kept.latest(1) is a


# --- through the service: the stored log, kept per version ------------------------------------


@pytest.fixture
async def service(tmp_path):
    clock = TestClock()
    repo = await SqliteRepository.open(tmp_path / "r.db", clock)
    yield TableService(repo, clock)
    await repo.close()


async def test_a_replay_is_built_once_per_version_and_continued_after_a_move(service, monkeypatch):
    row = await open_table(service, 1, 1, game="fleet-cards")
    await service.add_ai(row.id, 1, "AI 1")
    outcome = await service.start(row.id, 1)
    for _ in range(6):
        loaded = await service.load_game(row.id)
        action = loaded.game.default_action(loaded.state, 0).text
        outcome = await service.act(row.id, 1, action)
    reads = []
    actions = service.repo.actions

    async def counted(game_id: int) -> Any:
        reads.append(game_id)
        return await actions(game_id)

    monkeypatch.setattr(service.repo, "actions", counted)
    first = await service.replay(outcome.row)
    assert await service.replay(outcome.row) is first and reads == [row.id]
    assert first.steps[-1].state == outcome.state
    loaded = await service.load_game(row.id)
    moved = await service.act(row.id, 1, loaded.game.default_action(loaded.state, 0).text)
    later = await service.replay(moved.row)
    assert len(reads) == 2 and later.steps[-1].state == moved.state
    assert later.steps[0] is first.steps[0], "continued, not played again"


async def test_a_damaged_entry_in_the_stored_log_ends_the_replay_there(service):
    row = await open_table(service, 1, 1, game="fleet-dice", solo=True)
    outcome = await service.start(row.id, 1)
    for _ in range(8):
        loaded = await service.load_game(row.id)
        action = loaded.game.default_action(loaded.state, 0).text
        outcome = await service.act(row.id, 1, action)
    await execute(
        service.repo,
        "UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
        ("pick unicorn", row.id, 5),
    )
    timeline = await service.replay(outcome.row)
    assert not timeline.complete and timeline.steps[-1].upto < 8


# --- who may open what ---------------------------------------------------------------------------

DAY = date(2026, 11, 22)


def table_row(**changes: Any) -> GameRow:
    row = GameRow(
        id=4,
        game="fleet-dice",
        channel_id=100,
        guild_id=7,
        parent_id=50,
        host_id=1,
        status="over",
        seats=[Seat(user_id=1, name="a"), Seat(user_id=2, name="b"), Seat(name="AI 1")],
        state="{}",
    )
    return row.model_copy(update=changes)


def refusal(call: Any, *args: Any) -> str | None:
    try:
        call(*args)
    except Refusal as refused:
        return refused.code
    return None


def test_anyone_in_the_tables_channel_and_its_players_anywhere_may_open_its_replay():
    row = table_row()
    assert refusal(may_replay, row, 9, 100, 7, DAY) is None  # in its channel
    assert refusal(may_replay, row, 2, 555, None, DAY) is None  # a player, from their DMs
    assert refusal(may_replay, row, 9, 555, 7, DAY) == "replay_elsewhere"
    assert refusal(may_replay, row.model_copy(update={"state": None}), 1, 100, 7, DAY) == (
        "not_started"
    )


def test_a_challenges_replay_is_its_players_alone_until_its_day_is_over():
    row = table_row(
        seats=[Seat(user_id=1, name="a")],
        options=TableOptions(solo=True, challenge_day=DAY.isoformat()),
    )
    assert refusal(may_replay, row, 1, 555, 7, DAY) is None
    for channel in (100, 50, 555):
        assert refusal(may_replay, row, 9, channel, 7, DAY) == "replay_after_day"
    tomorrow = date(2026, 11, 23)
    assert refusal(may_replay, row, 9, 50, 7, tomorrow) is None  # where its line was shared
    assert refusal(may_replay, row, 9, 555, 7, tomorrow) is None  # anywhere in its server
    assert refusal(may_replay, row, 9, 555, 8, tomorrow) == "replay_elsewhere"


def test_a_seats_own_view_is_its_owners_only_and_only_after_the_game():
    row = table_row()
    assert reader_of(row, 9, "t") is None
    assert reader_of(row, 2, "s1") == 1
    for user, view in ((1, "s1"), (9, "s1"), (1, "s2"), (1, "s9")):
        assert refusal(reader_of, row, user, view) == "replay_not_yours", (user, view)
    assert refusal(reader_of, row.model_copy(update={"status": "active"}), 2, "s1") == (
        "replay_private_running"
    )
    assert reader_of(row.model_copy(update={"status": "cancelled"}), 1, "s0") == 0
