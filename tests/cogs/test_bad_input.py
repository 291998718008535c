"""Bad input gets a clear answer and changes nothing: wrong players, stale, crafted and
double clicks, permissions; plus restarts, deadlines and autopilot."""

import asyncio

import discord

from bot.refusals import Refusal
from cogs.answering import ANSWER_WITHIN
from cogs.components import Unknown
from tests.cogs.harness import ids, said


async def two_player_game(table, deadline=0):
    alice, bob = table.add("alice", "bob")
    await table.open(alice, deadline=deadline) if deadline else await table.open(alice)
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    return alice, bob


async def whose_pick(table):
    state = await table.state()
    row = await table.row()
    waiting = table.service.game(row.game).to_act(state)
    seat = state.order[state.picks]
    if seat not in waiting:
        # a decision with no choice was played at once for it (a start bonus): whoever is left
        seat = waiting[0]
    current = table.players[row.seats[seat].user_id]
    other = next(a for a in table.players.values() if a.id != current.id)
    return current, other, row


def die_ids(message):
    return [i for i in ids(message) if i.startswith("fl1:pub:")]


def button_ids(response):
    return [c["custom_id"] for r in response.components for c in r["components"]]


async def test_a_wrong_player_die_click_is_refused_and_changes_nothing(table):
    await two_player_game(table)
    current, other, row = await whose_pick(table)
    roll = await table.message(row.step_message_id)
    result = await other.click(roll, custom_id=die_ids(roll)[0])
    assert said(result) == (
        f"The table is waiting for {current.name} right now; you'll be pinged when it's your turn."
    )
    assert (await table.row()).version == row.version


async def test_someone_without_a_seat_is_told_what_to_do_instead(table):
    await two_player_game(table)
    carol = table.guild.add_member(table.env.create_user("carol"))
    row = await table.row()
    board = await table.table_message()
    for label in ("Act", "Mine"):
        result = await carol.click(board, label=label)
        assert "not playing in this game" in said(result)
    assert (await table.row()).version == row.version


async def test_a_stale_prompt_is_answered_with_the_current_choice_and_changes_nothing(table):
    await two_player_game(table)
    current, _, _row = await whose_pick(table)
    board = await table.table_message()
    first = await current.click(board, label="Act")
    second = await current.click(board, label="Act")  # the same prompt, shown twice
    choice = button_ids(first.response)[0]
    await current.click(first.response.message, custom_id=choice)
    version = (await table.row()).version
    stale = await current.click(second.response.message, custom_id=choice)
    assert "moved on" in said(stale)
    assert (await table.row()).version == version


async def test_a_double_click_applies_once(table):
    await two_player_game(table)
    current, _, row = await whose_pick(table)
    board = await table.table_message()
    a = await current.click(board, label="Act")
    b = await current.click(board, label="Act")
    choice = button_ids(a.response)[0]
    await current.click(a.response.message, custom_id=choice)
    await current.click(b.response.message, custom_id=choice)
    entries = await table.service.repo.actions(row.id)
    assert len([e for e in entries if e.user_id == current.id]) == 1


async def test_crafted_custom_ids_are_answered_clearly(table):
    alice, _ = await two_player_game(table)
    row = await table.row()
    crafted = [
        "fl1:do:99999:0:coin",  # a game that does not exist
        f"fl1:do:{row.id}:X!:coin",  # a malformed token
        f"fl1:do:{row.id}:0:drop.table",  # not an action
        f"fl1:lobby:{row.id}:nuke",  # an unknown lobby operation
        "fl1:" + "9" * 90,  # garbage
        "xx9:do:1:0:coin",  # not our format at all
        f"fl1:sel:{row.id}:0",  # a select id pressed as a button with no value
    ]
    view = discord.ui.View(timeout=None)
    for i, cid in enumerate(crafted):
        view.add_item(Unknown(cid))
        view.children[-1].item.label = f"b{i}"
    message = await table.thread().send("crafted", view=view)
    answers = {}
    for cid in crafted:
        result = await alice.click(message, custom_id=cid)
        answers[cid] = said(result)
        assert answers[cid], cid
    assert "no game in this channel" in answers[crafted[0]]
    assert "older version" in answers[crafted[1]]
    assert "not a move of this game" in answers[crafted[2]]
    assert "older version" in answers[crafted[3]]
    assert "isn't one of mine" in answers[crafted[5]]
    assert (await table.row()).version == row.version


async def test_a_forged_id_naming_another_channels_table_is_refused(table):
    alice, _ = await two_player_game(table)
    row = await table.row()
    # Another channel, where alice pastes a button that names the first table's game.
    other = table.guild.create_text_channel("elsewhere")
    channel = table.bot.get_channel(other.id)
    view = discord.ui.View(timeout=None)
    for i, cid in enumerate([f"fl1:board:{row.id}:mine", f"fl1:board:{row.id}:log"]):
        view.add_item(Unknown(cid))
        view.children[-1].item.label = f"b{i}"
    message = await channel.send("forged", view=view)
    for cid in (f"fl1:board:{row.id}:mine", f"fl1:board:{row.id}:log"):
        result = await alice.click(message, custom_id=cid)
        assert "belongs to a table in another channel" in said(result)


async def test_a_forged_id_from_a_challenges_parent_channel_reads_nothing_of_it(table):
    # The daily challenge is played in a private thread; its parent channel is public. Only
    # the lobby's buttons may be pressed from a table's parent channel, and a challenge has none.
    (alice,) = table.add("alice")
    (mallory,) = table.add("mallory")
    await alice.slash(table.channel, "challenge")
    row = await table.service.repo.load(1)
    assert row.options.challenge_day and row.parent_id == table.channel.id
    channel = table.bot.get_channel(table.channel.id)
    forged = [f"fl1:board:{row.id}:{op}" for op in ("log", "mine", "act")]
    view = discord.ui.View(timeout=None)
    for i, cid in enumerate(forged):
        view.add_item(Unknown(cid))
        view.children[-1].item.label = f"b{i}"
    message = await channel.send("forged", view=view)
    for who in (mallory, alice):
        for cid in forged:
            result = await who.click(message, custom_id=cid)
            assert "belongs to a table in another channel" in said(result), (who.name, cid)
    assert (await table.service.repo.load(row.id)).version == row.version


async def test_concurrent_clicks_on_one_prompt_apply_at_most_once(table):
    await two_player_game(table)
    current, _, row = await whose_pick(table)
    state = await table.state()
    seat = row.seat_of(current.id)
    game = table.service.game(row.game)
    text = game.legal_actions(state, seat)[0].text
    token = game.token(state, seat)
    results = await asyncio.gather(
        table.service.act(row.id, current.id, text, token=token),
        table.service.act(row.id, current.id, text, token=token),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(refused) == 1 and refused[0].stale
    entries = await table.service.repo.actions(row.id)
    assert len([e for e in entries if e.user_id == current.id]) == 1


async def test_old_buttons_keep_working_after_a_restart(table, db_path):
    await two_player_game(table)
    current, _, row = await whose_pick(table)
    roll = await table.message(row.step_message_id)
    await table.restart(db_path)
    result = await current.click(roll, custom_id=die_ids(roll)[0])  # an old message
    assert result.acknowledged
    entries = await table.service.repo.actions(row.id)
    assert [e.action.split()[0] for e in entries if e.user_id == current.id] == ["pick"]
    prompt = await current.click(roll, label="Act")  # the same old message
    assert prompt.ephemeral and prompt.response.components
    for _ in range(5):
        await table.play_one()
    assert (await table.row()).status == "active"


async def test_a_deadline_reminds_at_half_time_then_plays_the_default_move(table):
    await two_player_game(table, deadline=24)
    current, _, row = await whose_pick(table)
    assert row.deadline_at is not None
    scheduler = table.bot.scheduler
    await scheduler.tick(now=row.deadline_at - 11 * 3600)
    last = [m async for m in table.thread().history(limit=1)][0]  # noqa: RUF015
    assert "reminder" in last.content or "last one" in last.content
    assert str(current.id) in last.content
    assert f"<t:{int(row.deadline_at)}:R>" in last.content, "when, in the reader's words"
    assert (await table.service.repo.actions(row.id)) == []
    await scheduler.tick(now=row.deadline_at + 1)
    entries = await table.service.repo.actions(row.id)
    assert entries and entries[0].user_id is None and entries[0].seat == row.seat_of(current.id)
    history = [m.content async for m in table.thread().history(limit=6)]
    assert any("Time ran out" in c for c in history)


async def test_end_by_a_player_without_permission_is_refused(table):
    _alice, bob = await two_player_game(table)
    result = await bob.slash(table.handle(), "table end")
    assert "Only the host or a moderator" in said(result)
    assert (await table.row()).status == "active"


async def test_the_host_ends_the_game_after_confirming(table):
    alice, _ = await two_player_game(table)
    ask = await alice.slash(table.handle(), "table end")
    kept = await alice.click(ask.response.message, label="Keep playing")
    assert (await table.row()).status == "active" and kept.acknowledged
    ask = await alice.slash(table.handle(), "table end")
    await alice.click(ask.response.message, label="End the game")
    row = await table.row()
    assert row.status == "cancelled"
    board = await table.table_message()
    assert not board.components


async def test_a_moderator_can_end_and_autopilot(table):
    _alice, bob = await two_player_game(table)
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_threads=True))
    mod = table.guild.add_member(table.env.create_user("mod"), roles=[mods])
    result = await mod.slash(table.handle(), "table autopilot", player=bob)
    assert "autopilot" in said(result)
    row = await table.row()
    assert row.seats[row.seat_of(bob.id)].autopilot
    state = await table.state()
    assert row.seat_of(bob.id) not in table.service.game(row.game).to_act(state)
    ask = await mod.slash(table.handle(), "table end")
    await mod.click(ask.response.message, label="End the game")
    assert (await table.row()).status == "cancelled"


async def test_commands_outside_a_game_say_how_to_start_one(table):
    (alice,) = table.add("alice")
    for command in ("table act", "table board", "table log", "table mine"):
        result = await alice.slash(table.channel, command)
        assert "/table new" in said(result), command


async def test_rules_and_sheet_and_log_answer_privately(table):
    alice, bob = await two_player_game(table)
    for command in ("table rules", "table log", "table mine"):
        result = await alice.slash(table.handle(), command)
        assert result.ephemeral and result.response.embeds, command
    mine = await bob.slash(table.handle(), "table mine")
    assert "bob" in mine.response.embeds[0].title


async def test_a_second_table_in_the_same_channel_is_refused(table):
    alice, _ = await two_player_game(table)
    result = await alice.slash(table.handle(), "table new", game="fleet-dice", here=True)
    assert "already hosts a game" in (
        result.followups[0].content if result.followups else result.response.content
    )


async def test_lobby_rules_host_only_start_and_full_table(table):
    alice, bob = table.add("alice", "bob")
    await table.open(alice)
    lobby = await table.lobby()
    result = await alice.click(lobby, label="Start")
    assert "2 to 4 seats" in result.response.content
    await bob.click(lobby, label="Join")
    again = await bob.click(await table.lobby(), label="Join")
    assert "already have a seat" in again.response.content
    result = await bob.click(await table.lobby(), label="Start")
    assert "Only the host" in result.response.content
    for _ in range(2):
        await alice.click(await table.lobby(), label="Add AI seat")
    full = await alice.click(await table.lobby(), label="Add AI seat")
    assert "full" in full.response.content
    left = await bob.click(await table.lobby(), label="Leave")
    assert "bob" not in (await table.lobby()).embeds[0].description and left.acknowledged


async def test_a_prompt_click_that_takes_long_is_deferred_then_answered(table, monkeypatch):
    # Past ANSWER_WITHIN the click is acknowledged first (Discord's 3 seconds), then the
    # prompt is edited; a stale click on that path still changes nothing.
    await two_player_game(table)
    answer_within = ANSWER_WITHIN
    act = table.service.act

    async def slow_act(*args, **kwargs):
        await asyncio.sleep(answer_within + 0.5)
        return await act(*args, **kwargs)

    monkeypatch.setattr(table.service, "act", slow_act)
    current, _, row = await whose_pick(table)
    board = await table.table_message()
    first = await current.click(board, label="Act")
    second = await current.click(board, label="Act")
    choice = button_ids(first.response)[0]
    done = await current.click(first.response.message, custom_id=choice)
    assert done.acknowledged
    # The clicked prompt now offers the next decision (the use of the picked die).
    acted = int(choice.split(":")[3])
    after = [c for c in button_ids(done.response) if c.startswith("fl1:do:")]
    assert after and all(int(c.split(":")[3]) == acted + 1 for c in after)
    entries = await table.service.repo.actions(row.id)
    assert [e.action for e in entries if e.user_id == current.id] == [
        choice.rsplit(":", 1)[1].replace(".", " ")
    ]
    version = (await table.row()).version
    assert version > row.version
    stale = await current.click(second.response.message, custom_id=choice)
    assert "moved on" in said(stale)
    assert (await table.row()).version == version


async def test_a_table_whose_automatic_seats_never_finish_is_ended_saying_why(table, monkeypatch):
    # Every game of ours ends within a few hundred default moves; a table whose seats are all
    # AI or autopilot and that has not ended after AUTOPLAY_LIMIT of them never will.
    alice, bob = await two_player_game(table)
    await alice.slash(table.handle(), "table autopilot", player=bob)
    assert (await table.row()).status == "active", "alice still plays"
    monkeypatch.setattr("bot.service.AUTOPLAY_LIMIT", 3)  # (a whole game takes hundreds)
    await alice.slash(table.handle(), "table autopilot", player=alice)
    row = await table.row()
    assert row.status == "cancelled" and row.waits == []
    history = [m async for m in table.thread().history(limit=10)]
    assert "played 3 moves in a row without finishing it" in history[0].content
    assert not any(m.components for m in history), "no button left"


async def test_a_prompt_choice_the_rules_refuse_shows_the_decision_owed(table):
    # A choice of the right seat and token that the rules refuse now (the decision it showed
    # changed without this player acting): the answer says why and shows what they owe.
    from cogs.components import encode_action

    await two_player_game(table)
    loaded = await table.loaded()
    seat = loaded.game.to_act(loaded.state)[0]
    actor = table.players[loaded.row.seats[seat].user_id]
    token = loaded.game.token(loaded.state, seat)
    cid = f"fl1:do:{loaded.row.id}:{token}:{encode_action('star wharf:casino')}"
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="forged", custom_id=cid))
    message = await table.thread().send("a prompt", view=view)
    result = await actor.click(message, custom_id=cid)
    assert result.response.content == "That is not possible now: pick a die from the pool."
    assert result.response.components, "the decision owed is shown with its choices"
    assert (await table.row()).version == loaded.row.version, "nothing changed"
