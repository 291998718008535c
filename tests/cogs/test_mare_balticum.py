"""Mare Balticum at the table, through the real bot in SimCord: a lobby of 3 to 5 seats, a whole
4-player game with AI seats played by clicks, the map picture as the table at the bottom of the
channel, a turn's actions chosen by the names the picture shows, the company tokens after a
clock under a deadline and on autopilot, and old buttons after a restart."""

import io

import discord
import pytest
from PIL import Image

from cogs.components import Unknown, decode_action
from tests.cogs.harness import said

GAME = "mare-balticum"
SEED = "5eed0f0a1ba1f1c0"


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table of these tests deals the same game, so a failure can be replayed."""
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n: SEED[: 2 * n])


async def four_seats(table, *, deadline=0, options=()):
    """alice hosts, bob joins, two AI seats; the host toggles `options`, then starts."""
    alice, bob = table.add("alice", "bob")
    extra = {"deadline": deadline} if deadline else {}
    await table.open(alice, game=GAME, **extra)
    await bob.click(await table.lobby(), label="Join")
    for _ in range(2):
        await alice.click(await table.lobby(), label="Add AI seat")
    for label in options:
        await alice.click(await table.lobby(), label=label)
    await alice.click(await table.lobby(), label="Start")
    return alice, bob


async def play_until(table, done, limit=400):
    for _ in range(limit):
        if done(await table.state()):
            return
        await table.play_one()
    raise AssertionError("the game never got there")


async def humans_owe_a_company_token(table):
    """Play on until both humans must choose a company token (a clock is out)."""
    row = await table.row()
    humans = {row.seat_of(a.id) for a in table.players.values()}
    rules = table.service.game(GAME)
    await play_until(
        table, lambda s: s.phase == "company" and humans <= set(rules.to_act(s)), limit=600
    )


async def picture_of(message):
    (attachment,) = message.attachments
    return Image.open(io.BytesIO(await attachment.read()))


async def test_the_lobby_seats_three_to_five_players_and_offers_the_optional_rules(table):
    alice, bob, carol, dan, eve, fay = table.add("alice", "bob", "carol", "dan", "eve", "fay")
    await table.open(alice, game=GAME)
    await bob.click(await table.lobby(), label="Join")
    refused = await alice.click(await table.lobby(), label="Start")
    assert "3" in said(refused) and (await table.row()).status == "lobby"  # RULES §1: 3-5
    for player in (carol, dan, eve):
        await player.click(await table.lobby(), label="Join")
    full = await fay.click(await table.lobby(), label="Join")
    assert "full" in said(full)
    refused = await alice.click(await table.lobby(), label="Add AI seat")
    assert "full" in said(refused)
    for label in ("Demand management (optional rule 1): off", "Contracts (optional rule 2): off"):
        await alice.click(await table.lobby(), label=label)
    lobby = await table.lobby()
    assert "Demand management (optional rule 1): on" in lobby.embeds[0].description
    assert "Contracts (optional rule 2): on" in lobby.embeds[0].description
    await alice.click(lobby, label="Start")
    state = await table.state()
    assert len(state.players) == 5 and all(p.reserve == 3 for p in state.players)  # RULES §2.1
    assert state.options.demand_management and state.options.contracts


async def test_two_people_and_two_ai_seats_play_a_whole_game_through_clicks(table):
    alice, bob = await four_seats(table)
    row = await table.row()
    assert row.status == "active" and len(row.seats) == 4
    first = await table.table_message()
    assert first.embeds[0].image.url.endswith("panel.png"), "the map picture is the table"
    picture = await picture_of(first)
    assert picture.format == "PNG" and picture.width > 800
    assert {c.label for c in first.components[0].children} >= {"Act", "Mine", "Log"}
    table.sensible = True
    await table.play_to_end()
    row = await table.row()
    assert row.status == "over"
    entries = await table.service.repo.actions(row.id)
    assert {e.seat for e in entries} == {0, 1, 2, 3}
    robots = {i for i, s in enumerate(row.seats) if s.is_ai}
    assert all(e.user_id is None for e in entries if e.seat in robots)
    for person in (alice, bob):
        mine = [e.action for e in entries if e.user_id == person.id]
        assert any(a.startswith("play ") for a in mine), "a company token chosen by a click"
        assert any(a.startswith(("fish ", "to ", "unload ")) for a in mine)
    history = [m async for m in table.thread().history(limit=200, oldest_first=True)]
    final = history[-1]
    assert final.embeds[0].title == "Mare Balticum — final scores"
    assert f"<@{alice.id}>" in final.content and f"<@{bob.id}>" in final.content
    assert [c.label for r in final.components for c in r.children] == ["Play again", "Replay"]
    result = table.service.game(GAME).result(await table.state())
    assert final.embeds[0].description.startswith("1. ")
    assert f": {result.seats[0].total} points" in final.embeds[0].description.splitlines()[0]
    assert (await picture_of(final)).width > 800
    steps = [m for m in history if m.embeds and "'s turn" in m.embeds[0].title]
    assert len(steps) > 5 and all(not m.components for m in steps), "passed turns: no buttons"
    told = "\n".join(m.embeds[0].description or "" for m in steps)
    assert "**AI 1 (normal)**:" in told and "**AI 2 (normal)**:" in told, "AI turns are told"
    assert "Company tokens revealed" in told


async def test_the_table_stays_at_the_bottom_of_the_channel(table):
    await four_seats(table)
    table.sensible = True
    for _ in range(25):
        await table.play_one()
        row = await table.row()
        newest = [m.id async for m in table.thread().history(limit=3)]
        assert row.step_message_id in newest
        step = await table.message(row.step_message_id)
        assert step.embeds[0].image.url.endswith("panel.png")
        assert step.content.startswith("⏳"), "the live line says who the table waits for"


async def a_person_may(table, verb):
    """Play on until a person at the table may start an action with `verb`; then they open
    their prompt. Returns (the rules, the state, the row, the person, the prompt)."""
    table.sensible = True
    rules = table.service.game(GAME)
    row = await table.row()
    people = {i for i, s in enumerate(row.seats) if not s.is_ai}

    def may(state):
        return (
            state.phase == "turn"
            and state.sub is None
            and state.seat in people
            and any(a.verb == verb for a in rules.legal_actions(state, state.seat))
        )

    await play_until(table, may)
    state = await table.state()
    actor = table.players[row.seats[state.seat].user_id]
    prompt = (await actor.click(await table.table_message(), label="Act")).response
    return rules, state, row, actor, prompt


async def test_a_sail_is_chosen_by_the_space_names_the_picture_shows(table):
    await four_seats(table)
    rules, state, _, actor, prompt = await a_person_may(table, "sail")
    board = rules.board_for(state)
    sail = next(a for a in offered(prompt) if a.startswith("sail "))
    origin = shown(board, sail.split()[1])
    where = (await table.choose(actor, prompt, sail)).response
    assert where.embeds[0].title == f"Where does the boat on {origin} sail?"
    target = next(a for a in offered(where) if a.startswith("to "))
    to = shown(board, target.split()[1])
    labels = [str(c.get("label")) for r in where.components for c in r["components"]]
    labels += [
        o["label"] for r in where.components for c in r["components"] for o in c.get("options", ())
    ]
    assert f"Sail to {to}" in labels
    await table.choose(actor, where, target)
    step = await table.message((await table.row()).step_message_id)
    assert f"sails {origin} → {to}" in step.embeds[0].description


def shown(board, code):
    """How the picture labels a space: a port by its name, a sea space by its code."""
    space = board.by_code[code.upper()]
    return space.name if space.kind == "port" else space.code


def offered(response):
    """Every action a prompt offers, on its buttons and in its select menus."""
    out = []
    for r in response.components:
        for c in r["components"]:
            if c["type"] == 3:
                out += [o["value"] for o in c["options"]]
            elif c.get("custom_id", "").startswith("fl1:do:"):
                out.append(decode_action(c["custom_id"].split(":", 4)[4]))
    return out


async def test_at_a_clock_everyone_is_asked_at_once_and_a_deadline_chooses_for_the_late(table):
    # RULES §8.2, §13.3
    alice, bob = await four_seats(table, deadline=24)
    table.sensible = True
    await humans_owe_a_company_token(table)
    row = await table.row()
    step = await table.message(row.step_message_id)
    assert step.embeds[0].title.startswith("⏰ Clock")
    assert "Choosing: alice and bob" in step.content, "both are asked at the same time"
    rules = table.service.game(GAME)
    state = await table.state()
    wanted = rules.default_action(state, row.seat_of(alice.id)).text
    prompt = (await alice.click(step, label="Act")).response
    await table.choose(alice, prompt, wanted)
    step = await table.message((await table.row()).step_message_id)
    assert "Choosing: bob. Chosen: alice" in step.content
    clocks = state.clocks
    row = await table.row()
    assert row.deadline_at is not None
    await table.bot.scheduler.tick(now=row.deadline_at + 1)
    entries = await table.service.repo.actions(row.id)
    late = [e for e in entries if e.seat == row.seat_of(bob.id) and e.action.startswith("play ")]
    assert late and late[-1].user_id is None, "bob's token was chosen for him"
    state = await table.state()
    assert state.phase != "company" or state.clocks > clocks, "the choices were revealed"
    history = [m async for m in table.thread().history(limit=10)]
    assert any("Time ran out" in (m.content or "") for m in history)
    told = "\n".join(m.embeds[0].description or "" for m in history if m.embeds)
    assert "Company tokens revealed — alice: " in told


async def test_autopilot_chooses_a_company_token_for_a_seat_that_owes_one(table):
    alice, bob = await four_seats(table)
    table.sensible = True
    await humans_owe_a_company_token(table)
    answer = await alice.slash(table.handle(), "table autopilot", player=bob)
    assert "autopilot" in said(answer)
    row = await table.row()
    state = await table.state()
    rules = table.service.game(GAME)
    assert row.seat_of(bob.id) not in rules.to_act(state)
    assert rules.to_act(state) == [row.seat_of(alice.id)], "only alice's choice is left"
    back = await bob.slash(table.handle(), "table autopilot", player=bob, on=False)
    assert "back in control" in said(back)
    clocks = state.clocks
    await table.play_one()
    state = await table.state()
    # The reveal: the game goes on (or the same refill draws the next clock at once).
    assert state.phase != "company" or state.clocks > clocks
    entries = await table.service.repo.actions(row.id)
    assert any(e.seat == row.seat_of(bob.id) and e.user_id is None for e in entries)


async def test_old_buttons_work_after_a_restart_in_the_middle_of_a_game(table, db_path):
    await four_seats(table)
    table.sensible = True
    rules = table.service.game(GAME)
    row = await table.row()
    people = {i for i, s in enumerate(row.seats) if not s.is_ai}
    await play_until(
        table,
        lambda s: s.phase == "turn" and s.seat in people and s.sub is None and s.turn > 6,
    )
    state = await table.state()
    actor = table.players[row.seats[state.seat].user_id]
    step = await table.table_message()
    prompt = (await actor.click(step, label="Act")).response
    before = len(await table.service.repo.actions(row.id))
    await table.restart(db_path)
    wanted = rules.default_action(state, state.seat).text
    assert wanted in offered(prompt)
    clicked = await table.choose(actor, prompt, wanted)  # a button of the old prompt
    assert clicked.acknowledged
    entries = await table.service.repo.actions(row.id)
    assert (entries[before].user_id, entries[before].action) == (actor.id, wanted)
    again = await actor.click(step, label="Act")  # the old table message's Act button
    assert again.ephemeral and again.response is not None
    for _ in range(6):
        await table.play_one()
    assert (await table.row()).status == "active"


async def test_the_sea_in_words_is_one_click_from_the_table(table):
    # The map picture is the table; the button under it answers with the same table in words
    # (players, the sea, the map as text), privately, with no picture.
    _, bob = await four_seats(table)
    board = await table.table_message()
    words = await bob.click(board, label="The sea in words")
    assert words.ephemeral
    embed = words.response.embeds[0]
    names = [f.name for f in embed.fields]
    assert "The sea in words" in names and "Players" in names, names
    assert embed.image is None or not embed.image.url


async def test_opening_the_contract_deck_is_the_action_with_no_way_back(table):
    # RULES §12.2, the rulebook: "un giocatore può guardare tra le carte del mazzo di contratti
    # commerciali e selezionarne una" — looking is the action: the deck's prompt offers the
    # cards and nothing else, and a crafted Back changes nothing.
    await four_seats(table, options=["Contracts (optional rule 2): off"])
    rules, state, row, actor, prompt = await a_person_may(table, "contract")
    assert "contract" in offered(prompt)
    deck = (await table.choose(actor, prompt, "contract")).response
    assert deck.embeds[0].title == "Take a contract"
    cards = offered(deck)
    assert cards and all(a.startswith("take ") for a in cards), cards
    version = (await table.row()).version
    token = rules.token(await table.state(), state.seat)
    crafted = f"fl1:do:{row.id}:{token}:back"
    view = discord.ui.View(timeout=None)
    view.add_item(Unknown(crafted))
    view.children[-1].item.label = "Back"
    message = await table.thread().send("crafted", view=view)
    refused = await actor.click(message, custom_id=crafted)
    assert refused.response.content == "That is not possible now: take one of the contracts."
    assert (await table.row()).version == version
    await table.choose(actor, deck, cards[0])
    after = await table.state()
    assert after.players[state.seat].contract == cards[0].split()[1]
    assert after.actions == state.actions - 1 or after.seat != state.seat
