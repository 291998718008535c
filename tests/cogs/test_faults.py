"""Every fault gets an answer and changes nothing: a database that refuses writes, a damaged
row, a log that no longer replays, a crafted command option."""

from tests.cogs.harness import ids, said


async def two_player_game(table):
    alice, bob = table.add("alice", "bob")
    await table.open(alice)
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    return alice, bob


async def test_a_database_that_refuses_writes_is_answered_and_recovers(table):
    alice, _ = await two_player_game(table)
    row = await table.row()
    loaded = await table.loaded()
    seat = loaded.game.to_act(loaded.state)[0]
    actor = table.players[row.seats[seat].user_id]
    board = await table.table_message()
    prompt = await actor.click(board, label="Act")  # reading still works
    await table.bot.repo.execute("PRAGMA query_only = ON")
    choice = next(i for i in ids(prompt.response.message) if i.startswith("fl1:do:"))
    move = await actor.click(prompt.response.message, custom_id=choice)
    assert "Couldn't save, so nothing changed" in said(move)
    before = len(table.channel.threads)
    opened = await alice.slash(table.channel, "table new", game="fleet-dice")
    assert "Couldn't save" in said(opened)
    history = [m async for m in table.bot.get_channel(table.channel.id).history(limit=20)]
    assert not any(m.embeds and "Opening a table" in (m.embeds[0].title or "") for m in history)
    assert len(table.channel.threads) <= before + 1
    await table.bot.repo.execute("PRAGMA query_only = OFF")
    assert (await table.row()).version == row.version, "nothing changed"
    again = await actor.click(prompt.response.message, custom_id=choice)
    assert again.acknowledged and (await table.row()).version > row.version


async def test_a_damaged_game_is_closed_by_its_host_and_the_channel_freed(table):
    alice, _ = await two_player_game(table)
    row = await table.row()
    await table.bot.repo.execute("UPDATE games SET seats = '{oops' WHERE id = ?", (row.id,))
    act = await alice.slash(table.handle(), "table act")
    assert "damaged" in said(act)
    ended = await alice.slash(table.handle(), "table end")
    assert "damaged game was closed" in said(ended)
    again = await alice.slash(table.handle(), "table new", game="fleet-dice")
    assert "Table open" in said(again)


async def test_a_log_that_no_longer_replays_is_still_answered(table):
    alice, _ = await two_player_game(table)
    for _ in range(4):
        await table.play_one()
    row = await table.row()
    await table.bot.repo.execute(
        "UPDATE actions SET action = 'reroll' WHERE game_id = ? AND seq = 2", (row.id,)
    )
    log = await alice.slash(table.handle(), "table log")
    assert log.ephemeral and "could not be read back" in log.response.embeds[0].description
    board = await table.table_message()
    button = await alice.click(board, label="Log")
    assert "could not be read back" in button.response.embeds[0].description


async def test_commands_in_a_thread_never_say_try_a_server(table):
    alice, _ = await two_player_game(table)
    result = await alice.slash(table.handle(), "table solo", game="fleet-dice")
    assert "try this in a server" not in said(result).lower()


async def channel_says(table, text):
    return [m async for m in table.thread().history(limit=10) if text in (m.content or "")]


async def test_a_damaged_row_closed_by_its_host_leaves_no_buttons_and_says_so(table):
    alice, _ = await two_player_game(table)
    row = await table.row()
    await table.bot.repo.execute("UPDATE games SET seats = '{oops' WHERE id = ?", (row.id,))
    ended = await alice.slash(table.handle(), "table end")
    assert "damaged game was closed" in said(ended)
    assert await channel_says(table, "could not be read, so alice closed it")
    step = await table.message(row.step_message_id)
    assert not step.components, "its buttons are gone"


async def test_a_game_whose_state_is_damaged_is_ended_with_its_messages_closed(
    table, db_path, caplog
):
    alice, _ = await two_player_game(table)
    row = await table.row()
    await table.bot.repo.execute("UPDATE games SET state = '{oops' WHERE id = ?", (row.id,))
    act = await alice.slash(table.handle(), "table act")
    assert "damaged" in said(act)
    ask = await alice.slash(table.handle(), "table end")
    end = next(i for i in ids(ask.response.message) if i.endswith(":yes"))
    ended = await alice.click(ask.response.message, custom_id=end)
    assert "ended" in said(ended) or "ended" in (ended.response.content or "")
    assert await channel_says(table, "The game was ended by alice")
    assert not (await table.message(row.step_message_id)).components
    caplog.clear()
    await table.restart(db_path)
    assert "could not republish" not in caplog.text, "no traceback at every restart"
    again = await alice.slash(table.handle(), "table new", game="fleet-dice")
    assert "Table open" in said(again)


async def test_a_table_of_a_game_this_bot_no_longer_has_can_be_ended(table):
    alice, _ = await two_player_game(table)
    row = await table.row()
    await table.bot.repo.execute("UPDATE games SET game = 'chess' WHERE id = ?", (row.id,))
    act = await alice.slash(table.handle(), "table act")
    assert "game ('chess') is no longer played by this bot" in said(act)
    ask = await alice.slash(table.handle(), "table end")
    end = next(i for i in ids(ask.response.message) if i.endswith(":yes"))
    await alice.click(ask.response.message, custom_id=end)
    assert await channel_says(table, "The game was ended by alice")
    again = await alice.slash(table.handle(), "table new", game="fleet-dice")
    assert "Table open" in said(again)
