"""Players click while another process holds the database's write lock (an admin's sqlite3
shell in a transaction): every click is answered — reads at once, moves with "the table is busy,
nothing changed" — and nothing is applied; the same clicks work once the lock is released. And
while Discord is slow to accept the bot's edits, every click is still acknowledged."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.bot.test_storage_busy import SqliteHolder
from tests.cogs.harness import ids, said

BUSY = "The table is busy — nothing changed"


async def card_table(table: Any) -> tuple[Any, Any]:
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game="fleet-cards")
    await bob.click(await table.lobby(), label="Join")
    return alice, bob


async def test_clicks_while_another_process_holds_the_write_lock(table, db_path):
    alice, _ = await card_table(table)
    carol, dan = table.add("carol", "dan")
    await alice.click(await table.lobby(), label="Start")
    row = await table.row()
    # Another table's lobby, in another channel, that carol will try to join.
    more = table.guild.create_text_channel("more")
    await dan.slash(more, "table new", game="fleet-dice")
    history = [m async for m in table.bot.get_channel(more.id).history(limit=5)]
    lobby = next(m for m in history if m.components)
    step = await table.table_message()
    auction = next(i for i in ids(step) if i.startswith("fl1:pub:"))
    waiting = await table.loaded()
    seat = waiting.game.to_act(waiting.state)[0]
    owner = table.players[waiting.row.seats[seat].user_id]

    holder = SqliteHolder(db_path)
    holder.thread.start()
    await asyncio.to_thread(holder.holding.wait)
    try:
        # Reads: answered at once.
        act = await owner.slash(table.handle(), "table act")
        assert act.acknowledged and act.response.components, "the prompt, read while locked"
        mine = await owner.slash(table.handle(), "table mine")
        assert mine.acknowledged and mine.response.embeds
        # Moves: refused in one sentence, nothing applied.
        choice = next(
            c["custom_id"]
            for r in act.response.components
            for c in r["components"]
            if c["type"] == 2
        )
        refused = [
            await owner.click(act.response.message, custom_id=choice),
            await owner.click(step, custom_id=auction),
            await carol.click(lobby, label="Join"),
        ]
        for result in refused:
            assert result.acknowledged and BUSY in said(result), said(result)
    finally:
        holder.release.set()
        await asyncio.to_thread(holder.thread.join)
    after = await table.row()
    assert after.version == row.version, "nothing was applied"
    other = await table.service.find(lobby.thread.id if lobby.thread else more.id)
    assert [s.name for s in other.seats] == ["dan"], "carol was not seated"

    # The lock is gone: the same move goes through.
    again = await owner.slash(table.handle(), "table act")
    choice = next(
        c["custom_id"] for r in again.response.components for c in r["components"] if c["type"] == 2
    )
    moved = await owner.click(again.response.message, custom_id=choice)
    assert moved.acknowledged and BUSY not in said(moved)
    assert (await table.row()).version > row.version


async def test_clicks_are_acknowledged_while_discord_is_slow_to_accept_edits(table, monkeypatch):
    alice, _ = await card_table(table)
    await alice.click(await table.lobby(), label="Start")
    real = table.bot.presenter.table_box(await table.row()).channel.send

    async def slow_send(*args: Any, **kwargs: Any) -> Any:
        await asyncio.to_thread(time.sleep, 0.5)  # Discord is slow to accept each message
        return await real(*args, **kwargs)

    monkeypatch.setattr(table.bot.presenter.table_box(await table.row()).channel, "send", slow_send)
    table.sensible = True
    for _ in range(6):
        await table.play_one()  # asserts each click was acknowledged
    assert table.clicks == 6
