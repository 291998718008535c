"""A decision opened away from the table's channel is played where it was opened: the host's
first decision in the answer to Start (in the lobby's channel, the thread's parent), /table
turns in any channel, the Act button of a call by direct message. A private prompt is only
ever sent by the bot to the one person it shows, so its clicks act for that person's own seat
wherever it is; a button on a message anyone sees acts only in the table's own channel."""

from __future__ import annotations

from typing import Any

import discord

from tests.cogs.harness import ids, said
from tests.cogs.test_bad_input import Unknown
from tests.cogs.test_calls import AWAY, two_players, waiting


def choices(response: Any) -> list[str]:
    return [
        c["custom_id"]
        for r in response.components
        for c in r["components"]
        if c.get("custom_id", "").startswith("fl1:do:")
    ]


async def opened_by_turns(table: Any) -> tuple[Any, Any]:
    """Two players' table; the one it waits for opens their decision with /table turns in
    the channel the thread opened from: who, and the click that opened it."""
    await two_players(table)
    first, _ = await waiting(table)
    answer = await first.slash(table.channel, "table turns")
    (button,) = [c["custom_id"] for r in answer.response.components for c in r["components"]]
    return first, await first.click(answer.response.message, custom_id=button)


async def played_from(person: Any, response: Any, table: Any) -> Any:
    """`person` makes the first choice of the prompt `response` shows; it must apply."""
    before = (await table.row()).version
    chosen = await person.click(response.message, custom_id=choices(response)[0])
    assert "another channel" not in said(chosen), said(chosen)
    assert (await table.row()).version > before, "the choice applied"
    return chosen


async def test_the_hosts_first_decision_in_the_answer_to_start_is_played_there(table):
    alice, bob, carol = table.add("alice", "bob", "carol")
    for _ in range(12):  # tables until one waits for its host first (who chooses first is dealt)
        await table.open(alice, game="mare-balticum")
        for who in (bob, carol):
            await who.click(await table.lobby(), label="Join")
        start = await alice.click(await table.lobby(), label="Start")
        prompts = [f for f in start.followups if f.ephemeral and f.components]
        if prompts:
            break
        assert alice.id not in {w.user_id for w in (await table.row()).waits}
    (prompt,) = prompts
    assert prompt.message.channel.id == table.channel.id != table.thread_id, "in the lobby's"
    chosen = await played_from(alice, prompt, table)
    assert chosen.response is not None and chosen.response.ephemeral, "her next, in place"


async def test_a_decision_opened_with_table_turns_in_another_channel_is_played_there(table):
    first, opened = await opened_by_turns(table)
    chosen = await played_from(first, opened.response, table)
    # Its Undo works there too, and gives the same decision back.
    undo = [i for i in ids(chosen.response.message) if i.startswith("fl1:undo:")]
    if undo:
        version = (await table.row()).version
        back = await first.click(chosen.response.message, custom_id=undo[0])
        assert "another channel" not in said(back), said(back)
        assert (await table.row()).version > version, "taken back"


async def test_a_decision_opened_from_a_direct_message_call_is_played_there(table):
    alice, bob = await two_players(table)
    for person in (alice, bob):
        await person.slash(table.handle(), "table notify", where="dm")
    for _ in range(20):  # until someone away is called
        table.clock.advance(AWAY)
        await table.play_one()
        row = await table.row()
        dm_calls = {(c.user_id, c.turn) for c in await table.service.calls(row.id) if c.via == "dm"}
        called = [w for w in row.waits if (w.user_id, w.turn) in dm_calls and not w.forced]
        if called:
            break
    assert called, "someone was called by direct message"
    person = table.players[called[0].user_id]
    channel = await (await table.bot.fetch_user(person.id)).create_dm()
    message, *_ = [m async for m in channel.history(limit=5)]  # the newest call
    (button,) = ids(message)
    opened = await person.user.click(message, custom_id=button)
    await played_from(person.user, opened.response, table)


async def test_a_prompts_choice_forged_on_a_public_message_elsewhere_is_refused(table):
    first, opened = await opened_by_turns(table)
    cid = choices(opened.response)[0]
    # The same id, on a message anyone in another channel sees.
    other = table.bot.get_channel(table.guild.create_text_channel("elsewhere").id)
    view = discord.ui.View(timeout=None)
    view.add_item(Unknown(cid))
    view.children[-1].item.label = "forged"
    forged = await other.send("forged", view=view)
    version = (await table.row()).version
    result = await first.click(forged, custom_id=cid)
    assert "belongs to a table in another channel" in said(result)
    assert (await table.row()).version == version, "nothing changed"


async def test_a_stale_prompt_opened_elsewhere_says_so_there_and_shows_the_decision_owed(table):
    first, opened = await opened_by_turns(table)
    # The same decision opened twice, made from the second: the first prompt is stale.
    answer = await first.slash(table.channel, "table turns")
    (button,) = [c["custom_id"] for r in answer.response.components for c in r["components"]]
    again = await first.click(answer.response.message, custom_id=button)
    await played_from(first, again.response, table)
    version = (await table.row()).version
    stale = await first.click(opened.response.message, custom_id=choices(opened.response)[0])
    assert "moved on since that button was shown" in said(stale), said(stale)
    assert stale.response is not None and stale.response.ephemeral, "answered in its place"
    assert (await table.row()).version == version, "nothing changed"
