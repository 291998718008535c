"""Cog flows in SimCord: real discord.py parsing, views and responses, all in memory."""


async def test_two_humans_play_a_whole_game_through_clicks(table):
    alice, bob = table.add("alice", "bob")
    await table.open(alice)
    lobby = await table.lobby()
    assert lobby.channel.id == table.channel.id, "the lobby is posted where friends look"
    await bob.click(lobby, label="Join")
    lobby = await table.lobby()
    assert "bob" in lobby.embeds[0].description
    await alice.click(lobby, label="Start")
    row = await table.row()
    assert row.status == "active" and row.step_message_id
    lobby = await table.lobby()
    assert not lobby.components, "a started table's lobby has no buttons left"
    await table.play_to_end()
    row = await table.row()
    assert row.status == "over"
    last = [m async for m in table.thread().history(limit=3)]
    assert any(m.embeds and m.embeds[0].title == "Final scores" for m in last)
    assert (await table.state()).round == 10
    assert table.clicks > 40


async def test_one_human_and_three_ai_seats_play_to_the_end(table):
    (alice,) = table.add("alice")
    await table.open(alice)
    for _ in range(3):
        await alice.click(await table.lobby(), label="Add AI seat")
    lobby = await table.lobby()
    assert lobby.embeds[0].description.count("🤖") == 3
    await alice.click(lobby, label="Start")
    await table.play_to_end()
    row = await table.row()
    assert row.status == "over"
    assert len(row.seats) == 4
    entries = await table.service.repo.actions(row.id)
    assert {e.seat for e in entries} == {0, 1, 2, 3}
    assert all(e.user_id is None for e in entries if e.seat != 0)


async def test_solo_against_captain_ruth_shows_her_moves_and_the_rank(table):
    (alice,) = table.add("alice")
    await table.open(alice, "table solo")
    row = await table.row()
    assert row.options.solo and row.status == "active"
    board = await table.table_message()
    assert "Ruth" in board.embeds[0].description
    await table.play_to_end()
    history = [m async for m in table.thread().history(limit=5)]
    final = next(m for m in history if m.embeds and m.embeds[0].title == "Final scores")
    titles = ("Greenhorn", "Deckhand", "Helmsman", "Captain")
    assert any(t in final.embeds[0].fields[0].value for t in titles)
    events, complete = await table.service.history(await table.row())
    assert complete and any(e.kind == "ruth" for e in events)


async def test_a_lobby_option_is_a_toggle_only_the_host_presses(table):
    alice, bob = table.add("alice", "bob")
    await table.open(alice)
    await bob.click(await table.lobby(), label="Join")
    refused = await bob.click(await table.lobby(), label="Captain cards: off")
    assert refused.ephemeral and "Only the host" in refused.response.content
    await alice.click(await table.lobby(), label="Captain cards: off")
    lobby = await table.lobby()
    assert "Captain cards: on" in lobby.embeds[0].description
    await alice.click(lobby, label="Start")
    assert (await table.state()).options.captains
