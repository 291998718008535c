"""Take-backs at the table, through the real bot in SimCord: Undo on a player's private prompt
where the rules allow it, the prompt back at the earlier decision, the table told in the
game's words and redrawn; several in a row; and every bad Undo (stale, another player's,
crafted, another channel's, one the rules refuse) answered clearly, changing nothing."""

import discord
import pytest

from cogs.components import Unknown, decode_action
from tests.cogs.harness import ids, said


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table of these tests deals the same game, so a failure can be replayed."""
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n: "b1ac4f1ee75eed00"[: 2 * n])


async def two_player_game(table, game="fleet-dice"):
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game=game)
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    return alice, bob


async def two_people_and_an_ai(table, game):
    """alice hosts, bob joins, one AI seat; everyone plays the way the default move would."""
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game=game)
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Add AI seat")
    await alice.click(await table.lobby(), label="Start")
    table.sensible = True


def buttons(message):
    return [c["custom_id"] for r in message.components for c in r["components"]]


def undo_of(message):
    found = [i for i in buttons(message) if i.startswith("fl1:undo:")]
    assert len(found) <= 1
    return found[0] if found else None


async def whose_turn(table):
    loaded = await table.loaded()
    seat = loaded.game.to_act(loaded.state)[0]
    return table.players[loaded.row.seats[seat].user_id]


async def thread_lines(table, limit=20):
    return [m.content async for m in table.thread().history(limit=limit) if m.content]


async def crafted(table, *custom_ids):
    """A message carrying buttons with these ids, as someone could forge them."""
    view = discord.ui.View(timeout=None)
    for i, cid in enumerate(custom_ids):
        view.add_item(Unknown(cid))
        view.children[-1].item.label = f"b{i}"
    return await table.thread().send("crafted", view=view)


async def test_fleet_dice_undo_gives_the_die_back_in_the_prompt_and_on_the_table(table):
    await two_player_game(table)
    player = await whose_turn(table)
    start = await table.state()
    row = await table.row()
    roll = await table.message(row.step_message_id)
    dice_before = [i for i in ids(roll) if i.startswith("fl1:pub:")]
    prompt = await player.click(await table.table_message(), label="Act")
    choices = buttons(prompt.response)
    assert undo_of(prompt.response) is None, "nothing to take back at the start"
    pick = next(i for i in choices if ":pick." in i)
    picked = await player.click(prompt.response.message, custom_id=pick)
    undo = undo_of(picked.response)
    assert undo is not None, "the pick can be taken back: the prompt offers Undo"
    assert [c["label"] for r in picked.response.components for c in r["components"]][-1] == ("Undo")
    taken = await player.click(picked.response.message, custom_id=undo)
    assert said(taken).startswith("↩️ Taken back: ")
    assert buttons(taken.response) == choices, "the prompt is the pick again"
    assert await table.state() == start
    lines = await thread_lines(table)
    assert any(line.startswith(f"↩️ {player.name} took back a move: ") for line in lines)
    roll = await table.message((await table.row()).step_message_id)
    assert sorted(i.rsplit(":", 1)[1] for i in ids(roll) if i.startswith("fl1:pub:")) == sorted(
        i.rsplit(":", 1)[1] for i in dice_before
    ), "the public roll shows the die back in the pool"


async def test_a_stale_undo_says_so_and_changes_nothing(table):
    await two_player_game(table)
    player = await whose_turn(table)
    prompt = await player.click(await table.table_message(), label="Act")
    pick = next(i for i in buttons(prompt.response) if ":pick." in i)
    picked = await player.click(prompt.response.message, custom_id=pick)
    undo = undo_of(picked.response)
    # The same decision opened again elsewhere, and answered there: the table moves on.
    again = await player.slash(table.handle(), "table act")
    assert undo_of(again.response) == undo
    use = next(i for i in buttons(again.response) if i.startswith("fl1:do:"))
    await player.click(again.response.message, custom_id=use)
    version = (await table.row()).version
    stale = await player.click(picked.response.message, custom_id=undo)
    assert "The table moved on since that Undo was shown" in said(stale)
    assert (await table.row()).version == version
    entries = await table.service.repo.actions((await table.row()).id)
    assert "undo" not in [e.action for e in entries]


async def test_undo_of_someone_else_a_crafted_one_and_another_tables_change_nothing(table):
    alice, bob = await two_player_game(table)
    player = await whose_turn(table)
    other = bob if player is alice else alice
    start = await table.state()
    prompt = await player.click(await table.table_message(), label="Act")
    pick = next(i for i in buttons(prompt.response) if ":pick." in i)
    picked = await player.click(prompt.response.message, custom_id=pick)
    undo = undo_of(picked.response)
    row = await table.row()
    forged = await crafted(
        table,
        undo,  # the player's own Undo, pressed by the other player
        f"fl1:undo:{row.id}:x1",  # a malformed version
        "fl1:undo:99999:1",  # a table that does not exist
        f"fl1:undo:{row.id}:{row.version + 5}",  # a version the table never showed
    )
    answers = [said(await other.click(forged, custom_id=cid)) for cid in buttons_of(forged)[:3]]
    assert answers[0] == (
        f"The last move at this table is {player.name}'s: "
        "you can only take back your own last move."
    )
    assert "older version" in answers[1]
    assert "no game in this channel" in answers[2]
    assert "The table moved on since that Undo was shown" in said(
        await player.click(forged, custom_id=buttons_of(forged)[3])
    )
    assert (await table.row()).version == row.version
    # The player's own Undo, forged onto a message anyone sees: answered privately, and the
    # message never shows their decision.
    public = await table.thread().send("crafted", view=_view(undo))
    taken = await player.click(public, custom_id=undo)
    assert said(taken).startswith("↩️ Taken back")
    assert (await table.thread().fetch_message(public.id)).content == "crafted"
    assert await table.state() == start
    row = await table.row()
    # An Undo forged in another channel names another channel's table.
    other_channel = table.bot.get_channel(table.guild.create_text_channel("elsewhere").id)
    elsewhere = await other_channel.send("crafted", view=_view(f"fl1:undo:{row.id}:{row.version}"))
    answer = said(await player.click(elsewhere, custom_id=f"fl1:undo:{row.id}:{row.version}"))
    assert "belongs to a table in another channel" in answer
    assert (await table.row()).version == row.version


def buttons_of(message):
    return [c.custom_id for r in message.components for c in r.children]


def _view(*custom_ids):
    view = discord.ui.View(timeout=None)
    for cid in custom_ids:
        view.add_item(Unknown(cid))
    return view


async def test_table_undo_as_a_command_and_one_the_rules_refuse(table):
    await two_player_game(table)
    player = await whose_turn(table)
    nothing = await player.slash(table.handle(), "table undo")
    assert said(nothing) == "You have no move to take back."
    start = await table.state()
    prompt = await player.click(await table.table_message(), label="Act")
    pick = next(i for i in buttons(prompt.response) if ":pick." in i)
    await player.click(prompt.response.message, custom_id=pick)
    taken = await player.slash(table.handle(), "table undo")
    assert "↩️ Taken back: " in said(taken)
    assert await table.state() == start
    # Play on until a decision rolls the next dice: that one stands.
    while True:
        before = await table.state()
        await table.play_one()
        after = await table.state()
        if (after.round, after.phase) != (before.round, before.phase) and after.phase in (
            "boat",
            "town",
        ):
            break
    row = await table.row()
    last = (await table.service.repo.actions(row.id))[-1]
    refused = await table.players[last.user_id].slash(table.handle(), "table undo")
    assert said(refused) == "That move can't be taken back: it rolled dice."
    assert (await table.row()).version == row.version


async def test_mare_balticum_a_turns_actions_are_taken_back_one_by_one(table):
    await two_people_and_an_ai(table, "mare-balticum")
    rules = table.service.game("mare-balticum")
    # Play until a person's turn begins, past the starting boats and their first sail.
    while True:
        loaded = await table.loaded()
        state = loaded.state
        seat = rules.to_act(state)[0]
        user = loaded.row.seats[seat].user_id
        if (
            state.phase == "turn"
            and state.actions == 3
            and state.sub is None
            and user is not None
            and state.players[seat].reserve == 0
        ):
            break
        await table.play_one()
    player = table.players[user]
    turn_start = state
    board = await table.table_message()
    shown_before = board.embeds[0].description
    prompt = await player.click(board, label="Act")
    message = prompt.response.message
    response = prompt.response
    chosen = 0
    while (await table.state()).actions > 1 or (await table.state()).sub is not None:
        choice = next(i for i in buttons(response) if i.startswith("fl1:do:"))
        clicked = await player.click(message, custom_id=choice)
        response, message = clicked.response, clicked.response.message
        chosen += 1
        assert undo_of(response) is not None
    assert chosen >= 2
    for n in range(chosen):
        undo = undo_of(response)
        assert undo is not None, f"take-back {n + 1} of {chosen}"
        taken = await player.click(message, custom_id=undo)
        assert said(taken).startswith("↩️ Taken back")
        response, message = taken.response, taken.response.message
    assert await table.state() == turn_start
    assert undo_of(response) is None, "the turn began with someone else's decision"
    lines = await thread_lines(table, 40)
    assert sum(line.startswith(f"↩️ {player.name} took back a move") for line in lines) == chosen
    board = await table.table_message()
    assert board.embeds[0].description == shown_before, "the table shows the turn's start"


async def test_taking_back_a_move_that_passed_the_turn_clears_the_next_players_prompt(table):
    alice, bob = await two_player_game(table)
    player = await whose_turn(table)
    other = bob if player is alice else alice
    waiting = await other.click(await table.table_message(), label="Act")
    assert "Nothing to decide" in waiting.response.embeds[0].title
    prompt = await player.click(await table.table_message(), label="Act")
    pick = next(i for i in buttons(prompt.response) if ":pick." in i)
    picked = await player.click(prompt.response.message, custom_id=pick)
    use = next(i for i in buttons(picked.response) if i.endswith(":coin"))
    used = await player.click(picked.response.message, custom_id=use)
    assert await whose_turn(table) is other
    assert "Nothing to decide" not in waiting.response.embeds[0].title, "the other's pick"
    assert "Nothing to decide" in used.response.embeds[0].title
    undo = undo_of(used.response)
    assert undo is not None, "Undo shows while the player waits for the other"
    taken = await player.click(used.response.message, custom_id=undo)
    assert said(taken).startswith("↩️ Taken back: ")
    assert await whose_turn(table) is player
    assert waiting.response.embeds[0].title == (
        f"Nothing to decide for you right now; the table is waiting for {player.name}."
    )
    assert not [i for i in buttons(waiting.response) if i.startswith("fl1:do:")]


async def choose_a_move(player, prompt):
    """A ship's move from a Black Fleet helm prompt: a button, or an option of a menu."""
    children = [c for r in prompt.components for c in r["components"]]
    for c in children:
        cid = c.get("custom_id", "")
        if cid.startswith("fl1:do:") and decode_action(cid.split(":", 4)[4]).startswith("move "):
            return await player.click(prompt.message, custom_id=cid)
    for c in children:
        moves = [o["value"] for o in c.get("options", []) if o["value"].startswith("move ")]
        if c["type"] == 3 and moves:
            return await player.select(prompt.message, moves[:1], custom_id=c["custom_id"])
    raise AssertionError("no ship can move")


async def test_black_fleet_a_ships_move_is_taken_back_before_a_card_is_shown(table):
    await two_people_and_an_ai(table, "black-fleet")
    rules = table.service.game("black-fleet")
    while True:  # until a person must play their movement card
        loaded = await table.loaded()
        state = loaded.state
        seat = rules.to_act(state)[0]
        if state.stage == "card" and loaded.row.seats[seat].user_id is not None:
            break
        await table.play_one()
    player = table.players[loaded.row.seats[seat].user_id]
    play = next(a.text for a in rules.legal_actions(state, seat) if a.verb == "play")
    card_prompt = await player.slash(table.handle(), "table act")
    await table.choose(player, card_prompt.response, play)  # the card alone, no move with it
    loaded = await table.loaded()
    state = loaded.state
    assert state.stage == "helm"
    assert await table.service.undo_offer(loaded.row, player.id) is None, "the card is shown"
    helm = state
    prompt = await player.slash(table.handle(), "table act")
    moved = await choose_a_move(player, prompt.response)
    assert (await table.state()).stage == "helm" and (await table.state()) != helm
    undo = undo_of(moved.response)
    assert undo is not None
    taken = await player.click(moved.response.message, custom_id=undo)
    assert said(taken).startswith("↩️ Taken back")
    assert await table.state() == helm
    assert undo_of(taken.response) is None, "the movement card played before it stands"
    lines = await thread_lines(table, 40)
    assert any(line.startswith(f"↩️ {player.name} took back a move") for line in lines)


async def test_the_daily_challenge_allows_take_backs_and_the_answer_says_so(table):
    (alice,) = table.add("alice")
    before = {t.id for t in table.channel.threads}
    await alice.slash(table.channel, "challenge")
    (thread,) = [t for t in table.channel.threads if t.id not in before]
    table.thread_id = thread.id
    start = await table.state()
    prompt = await alice.slash(table.handle(), "table act")
    pick = next(i for i in buttons(prompt.response) if ":pick." in i)
    picked = await alice.click(prompt.response.message, custom_id=pick)
    taken = await alice.click(picked.response.message, custom_id=undo_of(picked.response))
    assert said(taken).startswith("↩️ Taken back: ")
    assert said(taken).endswith(
        "Take-backs are allowed in the daily challenge, for everyone alike."
    )
    assert await table.state() == start
