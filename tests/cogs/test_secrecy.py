"""Hidden information through the whole bot, for every registered game: what a player is shown
depends only on what that player may know.

The engine's contract gives, for a reader r and a state, `redeal(state, r, x)`: a state r cannot
tell apart from it (every card r has not seen, the deck order, the seed, drawn again). So for
every game played through the bot, at many moments and for each person at the table:

1. **What r asks to see.** With the stored state swapped for a redealt one, r's `/table act`,
   `/table mine` and `/table log` answer exactly as before, and so do the public step and board
   and the notice r would be sent.
2. **What r's click brings.** The same click by r, played from the state and from the redealt
   one, gives r the same prompt, hand or sheet, public table, lines of the log, notice and ping
   — whenever r's own view afterwards is the same (a card r draws, or a move an AI seat bases
   on its own hidden cards, may rightly differ; those are counted, not compared).

3. **What the replay shows.** Once the game is over, every public frame of its replay (the
   viewer stepped through from the final scores, text and picture) is the same when each
   replayed state is swapped for a redealt one and the events no one else saw are dropped.

No per-game knowledge is needed: a new game is covered by registering it.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

import pytest

from bot.fronts import FRONTS
from bot.fronts.base import png_of
from bot.reading import Reading, public_events
from bot.replay import Timeline
from bot.service import Outcome, TableService
from bot.storage import GameRow, SqliteRepository
from cogs.panels import Drawn, draw_public, embed_of
from cogs.prompts import prompt_drawn
from engine.games import get_game
from tests.bot.helpers import execute
from tests.cogs.harness import ids

EARLY, LATER = 3, 20
"""Clicks between two looks at what each player is shown: often at first (short games), then
spread over the rest of a long game."""
MOST_CHECKS = 12


def seats_for(game_id: str) -> tuple[int, int]:
    """People and AI seats: two people, and an AI seat where the game seats three."""
    game = get_game(game_id)
    people = min(2, game.max_seats)
    robots = 1 if game.max_seats >= 3 else 0
    return people, max(robots, game.min_seats - people)


def payload(answer: Any) -> str:
    """Everything an answer shows its reader, comparable."""
    response = answer.response
    shown = {
        "content": response.content if response is not None else None,
        "embeds": [e.to_dict() for e in response.embeds] if response is not None else [],
        "components": response.components if response is not None else [],
        "followups": [[f.content, [e.to_dict() for e in f.embeds]] for f in answer.followups],
    }
    return json.dumps(shown, sort_keys=True, ensure_ascii=False, default=str)


def drawn(d: Drawn | None) -> Any:
    if d is None:
        return None
    components = d.view.to_components() if d.view is not None else None
    return [d.embed.to_dict(), components, png_of(d.image), d.content]


def shown_to(reading: Reading, game_id: int) -> dict[str, Any]:
    """What the bot draws for a reading's reader: their decision, their own panel, the public
    step and board (each also in the words behind its picture), and the words of a notice to
    them."""
    spoken = reading.as_reader(reading.reader, words=True)
    out: dict[str, Any] = {
        "prompt": drawn(prompt_drawn(reading, game_id)[0]),
        "private": drawn(Drawn(embed_of(p := reading.private()), None, p.image)),
        "board": drawn(Drawn(embed_of(b := reading.board()), None, b.image)),
        "private_words": embed_of(spoken.private()).to_dict(),
        "board_words": embed_of(spoken.board()).to_dict(),
        "turn": reading.turn(),
    }
    step = reading.public_step()
    tr = reading.tr.domain_of("table")
    out["step"] = drawn(draw_public(step, game_id, reading.token, tr)) if step else None
    if reading.reader in reading.waiting:
        out["owed"] = reading.owed()
    return out


class Watch:
    """Looks at what each person is shown, now and then, with the hidden parts redealt."""

    def __init__(self, table: Any, people: list[Any], tmp_path: Any) -> None:
        self.table = table
        self.people = people
        self.tmp_path = tmp_path
        self.clicks = 0
        self.due = False
        self.counts: Counter[str] = Counter()

    async def after(self, actor: Any, result: Any) -> None:
        """After a click: now and then, look at what everyone is shown. A look whose clicks
        all led where the hidden cards decide (a reveal, an AI's move) is tried again at the
        next click, so that every look compares a click too."""
        self.clicks += 1
        every = EARLY if self.counts["checks"] < 4 else LATER
        if self.clicks % every == 0:
            self.due = True
        if not self.due or self.counts["checks"] >= MOST_CHECKS:
            return
        loaded = await self.table.loaded()
        if loaded.row.status != "active":
            return
        self.counts["checks"] += 1
        compared = self.counts["clicked"]
        for person in self.people:
            seat = loaded.row.seat_of(person.id)
            other = loaded.game.redeal(loaded.state, seat, f"{self.clicks}:{seat}")
            if loaded.game.dump_state(other) != loaded.game.dump_state(loaded.state):
                self.counts["redealt"] += 1
            await self.asking(person, loaded, other)
            await self.clicking(person, loaded, seat, other)
        self.due = self.counts["clicked"] == compared

    async def asking(self, person: Any, loaded: Any, other: Any) -> None:
        """1. The same questions, answered from the state and from the redealt state."""
        before = [await self.ask(person, command) for command in COMMANDS]
        await self.store(loaded.row, loaded.game.dump_state(other))
        try:
            after = [await self.ask(person, command) for command in COMMANDS]
        finally:
            await self.store(loaded.row, loaded.row.state)
        assert before == after, f"{person.name} was shown something of what they cannot know"
        seat = loaded.row.seat_of(person.id)
        mine = Reading.of(loaded.row, loaded.game, loaded.state, seat, None)
        theirs = Reading.of(loaded.row, loaded.game, other, seat, None)
        assert shown_to(mine, loaded.row.id) == shown_to(theirs, loaded.row.id)
        await self.log_lines(person, loaded, seat)
        self.counts["asked"] += 1

    async def log_lines(self, person: Any, loaded: Any, seat: int) -> None:
        """The log is the game's history, which a redeal cannot change: each of its lines
        must be the wording, for this person, of an event they were allowed to see."""
        events, complete = await self.table.service.history(loaded.row)
        assert complete
        reading = Reading.of(loaded.row, loaded.game, loaded.state, seat, None)
        front, ctx = reading.front, reading.ctx
        allowed = Counter(
            line
            for e in events
            if e.visible_to is None or seat in e.visible_to
            if (line := front.event(e, ctx))
        )
        log = await person.slash(self.table.handle(), "table log")
        lines = Counter((log.response.embeds[0].description or "").splitlines())
        assert not lines - allowed, (person.name, lines - allowed)

    async def ask(self, person: Any, command: str) -> str:
        return payload(await person.slash(self.table.handle(), command))

    async def store(self, row: GameRow, state: str | None) -> None:
        """Put `state` in place of the stored one, version and all (no writer of the bot
        does that: each save raises the version), so the service must forget the table it
        kept."""
        await execute(
            self.table.service.repo, "UPDATE games SET state = ? WHERE id = ?", (state, row.id)
        )
        self.table.service.kept.forget(row.id)

    async def clicking(self, person: Any, loaded: Any, seat: int, other: Any) -> None:
        """2. The same click from both states, when the person has a decision."""
        game, row = loaded.game, loaded.row
        if seat not in game.to_act(loaded.state):
            return
        action = game.default_action(loaded.state, seat).text
        first = await self.twin(row, loaded.state, person.id, action, "a")
        second = await self.twin(row, other, person.id, action, "b")
        if game.view(first.state, seat) != game.view(second.state, seat) or seen_by(
            first, seat
        ) != seen_by(second, seat):
            # What they may know differs (a card they drew, a move an AI based on its own
            # cards, a payment from another hand): nothing to compare.
            self.counts["diverged"] += 1
            return
        assert said(first, game, seat) == said(second, game, seat), person.name
        self.counts["clicked"] += 1

    async def twin(self, row: GameRow, state: Any, user: int, action: str, name: str) -> Outcome:
        """The click played on a copy of the table holding `state`."""
        path = self.tmp_path / f"twin-{self.clicks}-{user}-{name}.db"
        repo = await SqliteRepository.open(path, self.table.clock)
        try:
            game = get_game(row.game)
            copy = row.model_copy(update={"state": game.dump_state(state)})
            created = await repo.create(copy)
            return await TableService(repo, self.table.clock).act(created.id, user, action)
        finally:
            await repo.close()


COMMANDS = ("table act", "table mine", "table log")


def seen_by(outcome: Outcome, seat: int) -> list[Any]:
    """The events of an outcome that the seat may see, as data."""
    return [e.to_json() for e in outcome.events if e.visible(seat)]


def said(outcome: Outcome, game: Any, seat: int) -> dict[str, Any]:
    """Everything an outcome brings the person in `seat`."""
    row = outcome.row
    reading = Reading.of(row, game, outcome.state, seat, None)
    user = row.seats[seat].user_id
    out = shown_to(reading, row.id) if not outcome.finished else {}
    out.update(
        lines=reading.lines(outcome.events),
        pinged=user in outcome.ping or user == outcome.last_one,
        notice=outcome.notice,
        finished=outcome.finished,
    )
    if outcome.finished:
        out["final"] = drawn(draw_public(reading.final(), row.id, "", reading.tr))
    return out


async def replay_frames(table: Any, person: Any) -> list[str]:
    """Every frame of the finished table's public replay as `person` is shown it, stepped
    through with ▶ from the Replay button of the final scores: its text, its controls and
    its picture."""
    history = [m async for m in table.thread().history(limit=10)]
    final = next(m for m in history if any(":rp:" in i for i in ids(m)))
    opened = await person.click(final, label="Replay")
    viewer = opened.response if opened.response is not None else opened.followups[-1]
    frames = []
    while True:
        picture = b"".join([await a.read() for a in viewer.attachments])
        shown = json.dumps([[e.to_dict() for e in viewer.embeds], viewer.components])
        frames.append(shown + picture.hex())
        ahead = [
            c
            for r in viewer.components
            for c in r["components"]
            if c["type"] == 2 and c["custom_id"].endswith(":n") and not c.get("disabled")
        ]
        if not ahead:
            return frames
        viewer = (await person.click(viewer.message, custom_id=ahead[0]["custom_id"])).response


def redealt(game: Any, timeline: Timeline) -> Timeline:
    """The same replay with every state redealt for the public table (every hand, the deck,
    the seed drawn again) and only the events everyone saw."""
    steps = tuple(
        dataclasses.replace(
            step,
            state=game.redeal(step.state, None, f"replay:{n}"),
            events=tuple(public_events(step.events)),
        )
        for n, step in enumerate(timeline.steps)
    )
    return dataclasses.replace(timeline, steps=steps)


async def replay_is_public(table: Any, person: Any) -> int:
    """3. The replay's frames, from the replayed states and from redealt ones; the number of
    frames whose state the redeal changed."""
    row = await table.row()
    game = get_game(row.game)
    shown = await replay_frames(table, person)
    timeline = await table.service.replay(row)
    assert len(shown) == len(timeline.steps)
    other = redealt(game, timeline)
    table.service.timelines.put(row.id, row.version, other)
    assert await replay_frames(table, person) == shown, "the replay shows a hidden fact"
    return sum(
        game.dump_state(a.state) != game.dump_state(b.state)
        for a, b in zip(timeline.steps, other.steps, strict=True)
    )


@pytest.mark.parametrize("game_id", list(FRONTS))
async def test_each_player_is_shown_only_what_they_may_know(table, game_id, tmp_path, monkeypatch):
    # One deal per game, so that every run looks at the same moments.
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n=8: "5ec2e7" + "0" * (2 * n - 6))
    people_count, robots = seats_for(game_id)
    people = table.add(*["alice", "bob"][:people_count])
    await table.open(people[0], game=game_id)
    for person in people[1:]:
        await person.click(await table.lobby(), label="Join")
    for _ in range(robots):
        await people[0].click(await table.lobby(), label="Add AI seat")
    await people[0].click(await table.lobby(), label="Start")
    watch = Watch(table, people, tmp_path)
    table.sensible = True
    table.on_click = watch.after
    await table.play_to_end()
    counts = watch.counts
    assert counts["checks"] >= 3, counts
    assert counts["asked"] == counts["checks"] * len(people)
    assert counts["clicked"] >= 2, counts
    hidden = get_game(game_id).id != "fleet-dice"  # the dice game hides only its seed
    assert counts["redealt"] > 0 or not hidden, "redeal changed what the player cannot see"
    changed = await replay_is_public(table, people[-1])
    assert changed > 0 or not hidden, "the replay's states were redealt"


async def test_a_replay_showing_a_hidden_hand_is_noticed_by_this_test(table, monkeypatch):
    """The replay's check can fail: a frame that showed the first seat's hand differs once
    the hands are redealt."""
    (alice, bob) = table.add("alice", "bob")
    await table.open(alice, game="test-hands")
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    table.sensible = True
    await table.play_to_end()

    def leaking(self: Reading, seat: int | None) -> Any:
        return self.as_reader(0).private()

    monkeypatch.setattr(Reading, "replay", leaking)
    with pytest.raises(AssertionError, match="the replay shows a hidden fact"):
        await replay_is_public(table, alice)


async def test_a_redealt_state_is_noticed_by_this_test(table, tmp_path):
    """The check can fail: a table whose stored hand is swapped for another (not a redeal)
    shows its owner a different hand."""
    (alice, bob) = table.add("alice", "bob")
    await table.open(alice, game="test-hands")
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    loaded = await table.loaded()
    seat = loaded.row.seat_of(alice.id)
    state = loaded.state
    hands = list(state.hands)
    other_seat = 1 - seat
    hands[seat], hands[other_seat] = hands[other_seat], hands[seat]
    swapped = dataclasses.replace(state, hands=hands)
    watch = Watch(table, [alice], tmp_path)
    before = await watch.ask(alice, "table mine")
    await watch.store(loaded.row, loaded.game.dump_state(swapped))
    assert await watch.ask(alice, "table mine") != before


async def test_the_tokens_in_anothers_warehouse_are_shown_to_no_one(table, tmp_path, monkeypatch):
    """Mare Balticum's warehouses lie face down (RULES §6.2, the rulebook: the fish go "faccia
    in giù" into the warehouse): with the others' warehouses mixed among them, each keeping how
    many it holds, every person is shown exactly what they were shown before: prompt, hand,
    board, picture, log."""
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n=8: "5ec2e7" + "0" * (2 * n - 6))
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game="mare-balticum")
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Add AI seat")
    await alice.click(await table.lobby(), label="Start")
    table.sensible = True

    def kinds(state, seat):
        return sum(1 for n in state.players[seat].warehouse.values() if n)

    for _ in range(600):
        loaded = await table.loaded()
        state = loaded.state
        if all(kinds(state, s) >= 2 for s in range(3)) and loaded.row.status == "active":
            break
        await table.play_one()
    else:
        raise AssertionError("no moment with two kinds of token in every warehouse")
    watch = Watch(table, [alice, bob], tmp_path)
    mixed = 0
    for person in (alice, bob):
        seat = loaded.row.seat_of(person.id)
        for n in range(3):
            other = loaded.game.redeal(state, seat, f"warehouses:{n}")
            own = [p.warehouse for s, p in enumerate(other.players) if s != seat]
            mixed += own != [p.warehouse for s, p in enumerate(state.players) if s != seat]
            assert [sum(p.warehouse.values()) for p in other.players] == [
                sum(p.warehouse.values()) for p in state.players
            ]
            await watch.asking(person, loaded, other)
    assert mixed >= 4, "the redeal mixed the others' warehouses"
