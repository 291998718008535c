"""Turns that find their players: a person away from the table is called by a message that
mentions them (or a direct message, if they chose so), never twice in a turn, never for their
own move; a person at the table sees their decision in the prompt they use (or, with none
open, on the table's newest message), and is called if they leave it for two minutes; calls
due when the process stopped are sent once at startup; /table turns lists every table waiting
for them."""

from __future__ import annotations

from typing import Any

import discord

from cogs.calls import PRESENT
from tests.cogs.harness import ids, said

AWAY = 15 * 60.0


async def two_players(table: Any, game: str = "fleet-dice") -> tuple[Any, Any]:
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game=game)
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    return alice, bob


async def calls_to(table: Any, user: Any, limit: int = 30) -> list[Any]:
    history = [m async for m in table.thread().history(limit=limit)]
    return [m for m in history if f"<@{user.id}>" in (m.content or "") and "your move" in m.content]


async def waiting(table: Any) -> tuple[Any, Any]:
    """The person the table waits for first, and the other."""
    loaded = await table.loaded()
    seat = loaded.game.to_act(loaded.state)[0]
    first = table.players[loaded.row.seats[seat].user_id]
    other = next(p for p in table.players.values() if p is not first)
    return first, other


async def test_the_host_is_not_called_for_pressing_start(table):
    alice, _ = await two_players(table)
    assert not await calls_to(table, alice), "alice just pressed Start: she is at the table"


async def away_and_started(table: Any, game: str = "fleet-dice") -> tuple[Any, Any]:
    """alice opens a table, bob joins and goes away; alice presses Start (she is at the
    table). Returns who is waited for first and the other."""
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game=game)
    await bob.click(await table.lobby(), label="Join")
    table.clock.advance(AWAY)
    await alice.click(await table.lobby(), label="Start")
    return await waiting(table)


async def test_someone_away_is_called_and_someone_present_only_once_they_leave(table):
    first, _ = await away_and_started(table)
    alice = next(p for p in table.players.values() if p.name == "alice")
    if first is alice:
        assert not await calls_to(table, alice), "at the table: not called at once"
        await table.env.advance_time(PRESENT + 5)
        assert len(await calls_to(table, alice)) == 1, "left it for two minutes: called"
    else:
        assert len(await calls_to(table, first)) == 1, "away: called at once"
    await table.env.advance_time(PRESENT + 5)
    assert len(await calls_to(table, first)) == 1, "never twice for the same wait"


async def test_a_player_who_chose_direct_messages_is_called_there_with_a_button(table):
    alice, bob = await two_players(table)
    for person in (alice, bob):
        answer = await person.slash(table.handle(), "table notify", where="dm")
        assert "direct message" in said(answer)
    for _ in range(20):  # until someone away is called
        table.clock.advance(AWAY)
        before = {m.id async for m in table.thread().history(limit=30)}
        await table.play_one()
        row = await table.row()
        if any(c.via == "dm" for c in await table.service.calls(row.id)):
            break
    called = [w for w in row.waits if (w.user_id, w.turn) in {
        (c.user_id, c.turn) for c in await table.service.calls(row.id) if c.via == "dm"
    }]  # fmt: skip
    assert called, "someone was called by direct message"
    person = table.players[called[0].user_id]
    # (A forced one-choice decision is asked in the thread by name, without a notification;
    # this call is not.)
    also = [m.content for m in await calls_to(table, person) if m.id not in before]
    assert not also, "not in the thread"
    dm = await table.bot.fetch_user(person.id)
    channel = await dm.create_dm()
    (message,) = [m async for m in channel.history(limit=5)]
    assert "Your move in" in message.content and f"/{row.channel_id}" in message.content
    (button,) = ids(message)
    assert button.endswith(":turn")
    opened = await person.user.click(message, custom_id=button)  # from the DM
    assert opened.ephemeral and opened.response.components, "their own decision opens there"


async def test_closed_direct_messages_fall_back_to_the_thread_saying_so_once(table, monkeypatch):
    alice, bob = await two_players(table)
    for person in (alice, bob):
        await person.slash(table.handle(), "table notify", where="dm")

    async def closed(*args: Any, **kwargs: Any) -> Any:
        response = type("R", (), {"status": 403, "reason": "Forbidden"})()
        raise discord.Forbidden(response, "Cannot send messages to this user")

    monkeypatch.setattr(discord.User, "send", closed)
    noted: list[Any] = []
    for _ in range(20):  # until someone away is called
        table.clock.advance(AWAY)
        await table.play_one()
        history = [m async for m in table.thread().history(limit=10)]
        noted = [m for m in history if "direct messages are closed" in (m.content or "")]
        if noted:
            break
    assert noted, "called in the thread, told why"
    for _ in range(6):
        table.clock.advance(AWAY)
        await table.play_one()
    history = [m async for m in table.thread().history(limit=60)]
    for person in (alice, bob):
        told = [
            m
            for m in history
            if f"<@{person.id}>" in (m.content or "") and "direct messages are closed" in m.content
        ]
        assert len(told) <= 1, "said once"


async def test_table_turns_lists_every_table_waiting_with_a_button_each(table):
    await two_players(table)
    first, _ = await waiting(table)
    answer = await first.slash(table.channel, "table turns")
    embed = answer.response.embeds[0]
    assert embed.title == "Tables waiting for you"
    assert "Fleet: The Dice Game" in embed.description and "since <t:" in embed.description
    (button,) = [c["custom_id"] for r in answer.response.components for c in r["components"]]
    opened = await first.click(answer.response.message, custom_id=button)
    assert opened.ephemeral and opened.response.components, "the decision, from another channel"
    (carol,) = table.add("carol")
    nothing = await carol.slash(table.channel, "table turns")
    assert "No table is waiting for you" in nothing.response.embeds[0].description


async def reminders_to(table: Any, user: Any) -> list[Any]:
    history = [m async for m in table.thread().history(limit=60)]
    return [
        m for m in history if f"<@{user.id}>" in (m.content or "") and "waiting for" in m.content
    ]


async def test_a_decision_opening_while_a_call_is_unread_is_covered_by_that_call(table):
    """bob is called and never comes back; at the deadline his move is played for him and
    his next turn opens: his call still stands, unread, and covers it (no second call); the
    deadline's half-time reminder still notifies him; once he is back, the decision is his
    like any other, and he is called when he leaves it for two minutes."""
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game="fleet-dice", deadline=24)
    await bob.click(await table.lobby(), label="Join")
    table.clock.advance(AWAY)
    await alice.click(await table.lobby(), label="Start")
    await table.env.advance_time(PRESENT + 5)  # alice has left too: both are called
    row = await table.row()
    first_turn = {w.turn for w in row.waits if w.user_id == bob.id}
    (first_call,) = await calls_to(table, bob)
    assert first_turn, "bob is called once"
    for _ in range(12):  # deadlines play for both until bob owes a decision of a new turn
        await table.env.advance_time(row.deadline_at + 1 - table.clock())
        await table.bot.scheduler.tick()
        row = await table.row()
        if any(w.user_id == bob.id and w.turn not in first_turn for w in row.waits):
            break
    (new,) = [w for w in row.waits if w.user_id == bob.id]
    assert new.turn not in first_turn, "a decision of a new turn opened for bob"
    assert [m.id for m in await calls_to(table, bob)] == [first_call.id], "covered: not called"
    called = {(c.user_id, c.turn) for c in await table.service.calls(row.id)}
    assert (bob.id, new.turn) not in called
    await table.env.advance_time(row.deadline_at - 6 * 3600 - table.clock())
    await table.bot.scheduler.tick()
    (reminder,) = await reminders_to(table, bob)
    assert reminder.mentions and bob.id in [u.id for u in reminder.mentions], "it notifies"
    # bob comes back (opens the board's Act) and leaves the decision for two minutes.
    board = await table.table_message()
    act = next(i for i in ids(board) if i.endswith(":act"))
    await bob.click(board, custom_id=act)
    assert [m.id for m in await calls_to(table, bob)] == [first_call.id], "at the table"
    await table.env.advance_time(PRESENT + 5)
    (call,) = await calls_to(table, bob)  # the call for an earlier turn is taken away
    assert call.id != first_call.id and bob.id in [u.id for u in call.mentions], "called"
    assert (bob.id, new.turn) in {(c.user_id, c.turn) for c in await table.service.calls(row.id)}


async def test_someone_at_the_table_without_a_prompt_open_is_called_only_once_they_leave(table):
    # bob joined a moment ago and has no prompt open: at the table, he sees his decision on
    # the table's newest message, and is called only if he leaves it for two minutes.
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game="fleet-dice")
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    first, _ = await waiting(table)
    for _ in range(10):  # bob must owe the decision: alice takes hers (within seconds)
        if first is bob:
            break
        await table.play_one(seat=(await table.loaded()).row.seat_of(alice.id))
        first, _ = await waiting(table)
    assert first is bob
    assert not await calls_to(table, bob), "at the table: not called at once"
    await table.env.advance_time(PRESENT + 5)
    assert len(await calls_to(table, bob)) == 1, "left it for two minutes: called"
