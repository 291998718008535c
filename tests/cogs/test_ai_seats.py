"""AI seats of two levels through the whole bot in SimCord: the host chooses each seat's
level in the lobby and its name says it; a strong seat's move is thought out while the
players' clicks are answered, shown when it is made, and made after a restart if the bot
stopped while it was thinking."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
import simcord.actors

from bot.faults import Crash, armed
from engine.core.search import STRONG, ai_action
from tests.cogs.harness import ids, said

GAME = "fleet-cards"


class Gate:
    """A strong seat that thinks until the test lets it decide (a slow search, without any
    clock): every decision waits for `open`."""

    def __init__(self, env) -> None:
        self.env = env
        self.open = asyncio.Event()
        self.asked = 0

    async def __call__(self, game, state, seat, seed):
        self.asked += 1
        await self.env.external_wait(self.open.wait(), reason="a strong AI seat thinks")
        return ai_action(game, state, seat, STRONG, seed, 4)

    def close(self) -> None:
        pass


async def alice_against_a_strong_seat(table):
    (alice,) = table.add("alice")
    await table.open(alice, game=GAME)
    await alice.click(await table.lobby(), label="Add strong AI seat")
    gate = Gate(table.env)
    table.bot.service.thinker = gate
    started = await alice.click(await table.lobby(), label="Start")
    assert started.acknowledged
    return gate


async def until_the_ai_must_move(table, gate):
    """Alice plays (through clicks) until the strong seat must move; every click of hers was
    answered (`play_one` checks it) though the seat has not decided."""
    for _ in range(80):
        loaded = await table.loaded()
        if 1 in loaded.game.to_act(loaded.state):
            assert gate.asked, "the seat is thinking"
            return loaded
        await table.play_one()
    raise AssertionError("the strong seat never had to move")


def ai_moves(entries):
    return [e for e in entries if e.seat == 1]


async def test_the_host_chooses_each_ai_seats_level_and_its_name_says_it(table):
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game="black-fleet")
    refused = await bob.click(await table.lobby(), label="Add strong AI seat")
    assert "Only the host" in said(refused)
    assert len((await table.row()).seats) == 1, "a refused click changes nothing"
    await alice.click(await table.lobby(), label="Add AI seat")
    await alice.click(await table.lobby(), label="Add strong AI seat")
    lobby = await table.lobby()
    assert "🤖 AI 1 (normal)" in lobby.embeds[0].description
    assert "🤖 AI 2 (strong)" in lobby.embeds[0].description
    row = await table.row()
    assert [s.level for s in row.seats] == [None, "normal", "strong"]
    await alice.click(lobby, label="Remove AI seat")
    assert [s.level for s in (await table.row()).seats] == [None, "normal"]


@pytest.fixture
def portuguese_server(monkeypatch):
    build = simcord.actors._interactions.base_payload

    def payload(backend, **kw):
        record, body = build(backend, **kw)
        if "guild_locale" in body:
            body["guild_locale"] = "pt-BR"
        return record, body

    monkeypatch.setattr(simcord.actors._interactions, "base_payload", payload)


async def test_the_level_reads_in_the_servers_language(table, portuguese_server):
    (alice,) = table.add("alice")
    await table.open(alice, game="black-fleet")
    lobby = await table.lobby()
    strong = next(
        c for r in lobby.components for c in r.children if c.custom_id.endswith(":strong")
    )
    await alice.click(lobby, custom_id=strong.custom_id)
    assert "IA 1 (forte)" in (await table.lobby()).embeds[0].description
    assert strong.label == "Adicionar IA forte"


async def test_a_click_is_answered_while_the_strong_seat_still_thinks(table):
    """The player's click is answered and the table shown with the seat still thinking; its
    move comes after, as an outcome of its own."""
    gate = await alice_against_a_strong_seat(table)
    loaded = await until_the_ai_must_move(table, gate)
    row = loaded.row
    before = ai_moves(await table.service.repo.actions(row.id))
    assert row.shown_version == row.version, "the table shows the click's outcome already"
    gate.open.set()
    await table.env.settle()
    after = await table.loaded()
    assert len(ai_moves(await table.service.repo.actions(row.id))) > len(before)
    assert after.row.version > row.version
    assert after.row.shown_version == after.row.version, "the seat's move was shown"
    await table.play_one()  # and the game goes on


async def test_a_strong_seat_thinking_when_the_bot_stops_moves_after_the_restart(table, db_path):
    """The bot stops while the seat thinks: nothing of the move was saved, the game loads,
    and the restarted bot's seat thinks again and moves."""
    gate = await alice_against_a_strong_seat(table)
    loaded = await until_the_ai_must_move(table, gate)
    before = ai_moves(await table.service.repo.actions(loaded.row.id))
    assert (await table.row()).version == loaded.row.version
    await table.restart(db_path)
    await table.env.settle()
    after = await table.loaded()
    assert len(ai_moves(await table.service.repo.actions(loaded.row.id))) > len(before)
    assert after.row.shown_version == after.row.version
    for _ in range(5):
        if (await table.row()).status != "active":
            break
        await table.play_one()


async def test_a_crash_right_after_the_seat_decided_loses_nothing(table, db_path):
    gate = await alice_against_a_strong_seat(table)
    loaded = await until_the_ai_must_move(table, gate)
    version = loaded.row.version
    with armed("thought") as hit:
        gate.open.set()
        with contextlib.suppress(Crash, BaseExceptionGroup):
            await table.env.settle()
    assert hit, "the seat decided and the process died before saving"
    assert (await table.row()).version == version, "nothing was saved"
    table.env.errors.clear()
    await table.restart(db_path)
    await table.env.settle()
    assert (await table.row()).version > version, "the seat moved after the restart"
    board = await table.table_message()
    assert any(i.endswith(":act") for i in ids(board))
