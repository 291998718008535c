"""Black Fleet at the table, through the real bot in SimCord: the lobby, a whole game of two
players and an AI seat through clicks, a ship's move in few clicks, the turn's message that
carries the map and tells the turns nobody clicked through, restarts, deadlines, autopilot."""

import re

import pytest

from cogs.components import decode_action
from engine.black_fleet.movement import destinations
from tests.cogs.harness import said

SEED = "0000000000000003"
"""A deal where Ana starts and her first card can take the pirate in from the Far Seas to
more than 25 spaces (several selects)."""
VICTORY_10 = "Victory card: 10 doubloons (standard game)"


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table of these tests deals the same cards."""
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n=8: SEED)


async def three_seats(table, **options):
    """Ana (host) and Björn, and one AI seat, playing Black Fleet."""
    ana, bjorn = table.add("Ana Sofía", "Björn")
    await table.open(ana, game="black-fleet", **options)
    await bjorn.click(await table.lobby(), label="Join")
    await ana.click(await table.lobby(), label="Add AI seat")
    await ana.click(await table.lobby(), label="Start")
    return ana, bjorn


async def to_stage(table, stage, human=True):
    """Play (sensibly, through the bot) until a human seat owes a decision of `stage`."""
    for _ in range(300):
        loaded = await table.loaded()
        state = loaded.state
        seat = loaded.game.to_act(state)[0]
        if state.stage == stage and (not human or loaded.row.seats[seat].user_id):
            return loaded, seat
        await table.play_one()
    raise AssertionError(f"no {stage} decision came")


def select_values(response):
    return {
        c["placeholder"]: [o["value"] for o in c["options"]]
        for r in response.components
        for c in r["components"]
        if c["type"] == 3
    }


def offered(response):
    """Every action a prompt offers, as buttons or as select options."""
    out: set[str] = set()
    for r in response.components:
        for c in r["components"]:
            if c["type"] == 3:
                out.update(o["value"] for o in c["options"])
            elif c.get("custom_id", "").startswith("fl1:do:"):
                out.add(decode_action(c["custom_id"].split(":", 4)[4]))
    return out


async def test_the_lobby_seats_three_or_four_and_the_host_toggles_the_victory_card(table):
    ana, bo = table.add("Ana", "Bo")
    await table.open(ana, game="black-fleet")
    await bo.click(await table.lobby(), label="Join")
    refused = await ana.click(await table.lobby(), label="Start")
    assert "needs 3 to 4 seats" in said(refused)
    refused = await bo.click(await table.lobby(), label=VICTORY_10)
    assert "Only the host" in said(refused)
    await ana.click(await table.lobby(), label=VICTORY_10)
    lobby = await table.lobby()
    assert "Victory card: 20 doubloons (longer game)" in lobby.embeds[0].description
    await ana.click(lobby, label="Add AI seat")
    await ana.click(await table.lobby(), label="Add AI seat")
    refused = await ana.click(await table.lobby(), label="Add AI seat")
    assert "full (4 seats)" in said(refused)
    await ana.click(await table.lobby(), label="Start")
    state = await table.state()
    assert state.options.victory == 20 and len(state.captains) == 4


async def test_two_players_and_an_ai_seat_play_a_whole_game_through_clicks(table):
    ana, bjorn = await three_seats(table)
    row = await table.row()
    assert row.status == "active" and row.step_message_id and not row.board_message_id
    pings: dict[tuple[int, int], int] = {}
    seen = 0
    table.sensible = True
    while (await table.row()).status == "active":
        await table.play_one()
        turn = (await table.state()).turns
        for req in table.env.http_requests[seen:]:
            content = ((req.json or {}) if isinstance(req.json, dict) else {}).get("content") or ""
            if req.method == "POST" and "your move" in content:
                for user in (ana, bjorn):
                    if f"<@{user.id}>" in content:
                        pings[(user.id, turn)] = pings.get((user.id, turn), 0) + 1
        seen = len(table.env.http_requests)
    # Playing live, both are at the table: a turn shows in their open prompt, and a call
    # comes only for a turn left for two minutes; never two in a turn.
    assert all(n == 1 for n in pings.values()), "at most one notice a turn"
    assert table.clicks > 60
    messages = [m async for m in table.thread().history(limit=200, oldest_first=True)]
    final = messages[-1]
    assert final.embeds[0].title == "Black Fleet — final scores"
    assert final.attachments, "the final map"
    assert f"<@{ana.id}>" in final.content and f"<@{bjorn.id}>" in final.content
    turns = [m for m in messages if m.embeds and "'s turn" in (m.embeds[0].title or "")]
    assert turns and all(m.attachments for m in turns), "every turn's message has the map"
    assert all(not m.components for m in turns), "a finished turn keeps no buttons"
    entries = await table.service.repo.actions(row.id)
    assert {e.seat for e in entries} == {0, 1, 2}
    assert all(e.user_id is None for e in entries if e.seat == 2)
    # Every turn of the AI seat, and every purchase, is told in the channel: the AI's turns
    # are over before any message could show them.
    text = "\n".join(m.embeds[0].description or "" for m in messages if m.embeds)
    events, complete = await table.service.history(await table.row())
    assert complete
    ai_turns = [e.data["round"] for e in events if e.kind == "turn" and e.seat == 2]
    assert ai_turns
    for number in ai_turns:
        assert re.search(rf"\*\*Round {number} · \S+ AI 1 \(normal\)\*\*:", text), number
    front_names = table.service.game("black-fleet").house.development
    for e in events:
        if e.kind == "buy" and e.data["card"] != "victory":
            assert f"buys {front_names[e.data['card']].name}" in text
        elif e.kind == "buy":
            assert "buys the victory card" in text


async def test_a_ship_goes_to_a_place_in_one_click_from_its_own_menu(table):
    # RULES §5.5: one menu per ship, each place it can reach once, named as the map labels
    # it; the action it can make there comes in the same choice.
    await three_seats(table)
    loaded, seat = await to_stage(table, "card")
    actor = table.players[loaded.row.seats[seat].user_id]
    house = loaded.game.house
    me = loaded.state.captains[seat]
    card = max(me.movement, key=lambda c: house.movement[c].pirate)
    prompt = await actor.click(await table.table_message(), label="Act")
    helm = await table.choose(actor, prompt.response, f"play {card}")
    state = await table.state()
    menus = select_values(helm.response)
    pirate = next(name for name in menus if name.startswith(f"🏴‍☠️ Pirate ({me.pirate})"))
    reach = destinations(house, state, "pirate")
    places = {v.split()[2] for v in menus[pirate] if v.startswith("move pirate")}
    shown = [v for v in menus[pirate] if v.startswith("move pirate")]
    assert len(shown) == len(set(shown)) <= 25
    if len(reach) <= 24:
        assert places == {space.lower() for space in reach}
    else:
        assert "ship pirate" in menus[pirate], "the map with every place"
    far = max((s for s in reach if s.lower() in places), key=lambda s: reach[s].cost)
    custom = next(
        c["custom_id"]
        for r in helm.response.components
        for c in r["components"]
        if c.get("placeholder") == pirate
    )
    await actor.select(helm.response.message, [f"move pirate {far.lower()}"], custom_id=custom)
    assert (await table.state()).captains[seat].pirate == far, "one click"
    step = await table.table_message()
    assert f"to {far}" in step.embeds[0].description


async def test_the_map_shows_every_place_a_ship_can_reach(table):
    # RULES §5.5: "ship pirate" opens the map with the ship's reach highlighted, then "to".
    await three_seats(table)
    loaded, seat = await to_stage(table, "helm")
    actor = table.players[loaded.row.seats[seat].user_id]
    prompt = await actor.click(await table.table_message(), label="Act")
    course = await table.choose(actor, prompt.response, "ship pirate")
    state = await table.state()
    reach = destinations(loaded.game.house, state, "pirate")
    places = {a for a in offered(course.response) if a != "back"}
    assert places == {f"to {space.lower()}" for space in reach}
    assert all(len(values) <= 25 for values in select_values(course.response).values())
    assert "back" in offered(course.response)
    assert course.response.attachments, "the map with the reachable spaces highlighted"


async def test_old_buttons_work_after_a_restart_mid_turn(table, db_path):
    await three_seats(table)
    loaded, seat = await to_stage(table, "helm")
    actor = table.players[loaded.row.seats[seat].user_id]
    turn_message = await table.table_message()
    prompt = await actor.click(turn_message, label="Act")
    await table.restart(db_path)
    again = await actor.click(turn_message, label="Act")  # the turn's message from before
    assert again.ephemeral and "move your ships" in again.response.embeds[0].title
    # Ending the moves (with the fortune card it makes them discard, where that is known).
    menu, value = next(
        (c["custom_id"], o["value"])
        for r in prompt.response.components
        for c in r["components"]
        if c["type"] == 3
        for o in c["options"]
        if o["value"].split(" then ")[0] == "end"
    )
    result = await actor.select(prompt.response.message, [value], custom_id=menu)  # old prompt
    assert result.acknowledged and not said(result)
    entries = await table.service.repo.actions(loaded.row.id)
    mine = [e.action for e in entries if e.user_id == actor.id]
    assert " then ".join(mine[-len(value.split(" then ")) :]) == value


async def test_a_deadline_plays_the_late_turn_and_the_next_message_tells_it(table):
    await three_seats(table, deadline=24)
    row = await table.row()
    late = row.seats[(await table.state()).turn.seat].name
    await table.bot.scheduler.tick(now=row.deadline_at + 1)
    entries = await table.service.repo.actions(row.id)
    assert len(entries) == 1 and entries[0].user_id is None, "one placement was due"
    messages = [m async for m in table.thread().history(limit=10)]
    assert any("Time ran out" in (m.content or "") and late in m.content for m in messages)
    while (await table.state()).stage == "setup":
        row = await table.row()
        await table.bot.scheduler.tick(now=row.deadline_at + 1)
    state = await table.state()
    assert state.stage == "enter" and state.turns == 1, "the first turn: pirates come in"
    first = state.turn.seat
    row = await table.row()
    await table.bot.scheduler.tick(now=row.deadline_at + 1)
    state = await table.state()
    assert state.turns == 2, "the whole late turn was played"
    step = await table.table_message()
    assert step.embeds[0].title.startswith("Round 1 ·") and "'s turn" in step.embeds[0].title
    assert f"**Round 1 · ⚫ {row.seats[first].name}**:" in step.embeds[0].description


async def test_a_seat_on_autopilot_plays_its_turns_and_they_are_told(table):
    ana, bjorn = await three_seats(table)
    await ana.slash(table.handle(), "table autopilot", player=bjorn)
    row = await table.row()
    assert row.seats[row.seat_of(bjorn.id)].autopilot
    table.sensible = True
    await to_stage(table, "card")
    while (await table.state()).round < 2:
        await table.play_one()
    step = await table.table_message()
    text = step.embeds[0].description
    assert re.search(r"\*\*Round 1 · \S+ Björn \(autopilot\)\*\*:", text), text
    assert re.search(r"\*\*Round 1 · \S+ AI 1 \(normal\)\*\*:", text), text


async def test_a_game_ended_early_shows_the_map_with_its_text_grid_and_no_buttons(table):
    ana, _ = await three_seats(table)
    await to_stage(table, "helm")
    ask = await ana.slash(table.handle(), "table end")
    await ana.click(ask.response.message, label="End the game")
    history = [m async for m in table.thread().history(limit=6)]
    board = next(m for m in history if m.embeds and m.embeds[0].title == "Black Fleet")
    assert board.attachments, "the map"
    grid = board.embeds[0].description
    assert "A B C D E F G H I J K L M" in grid and "A–D merchants" in grid
    assert all(len(line) <= 36 for line in grid.split("```")[1].splitlines())
    assert not any(m.components for m in history), "no button left"


async def test_a_card_and_its_first_move_are_one_choice(table):
    # RULES §5.4–5.5: the card step offers each movement card with the first move it opens;
    # picking one plays the card, then the move, each checked by the rules.
    await three_seats(table)
    loaded, seat = await to_stage(table, "card")
    actor = table.players[loaded.row.seats[seat].user_id]
    prompt = await actor.click(await table.table_message(), label="Act")
    menus = select_values(prompt.response)
    plays = [a.text for a in loaded.game.legal_actions(loaded.state, seat) if a.verb == "play"]
    assert len([n for n in menus if n.startswith("Play ") and n.endswith(", then…")]) == min(
        len(plays), 3
    ), "a menu per movement card"
    together = [v for values in menus.values() for v in values if " then move " in v]
    assert together and all(v.split(" then ")[0] in plays for v in together)
    assert set(plays) <= offered(prompt.response), "each card can still be played alone"
    choice = together[0]
    menu = next(
        c["custom_id"]
        for r in prompt.response.components
        for c in r["components"]
        if c["type"] == 3 and choice in [o["value"] for o in c["options"]]
    )
    await actor.select(prompt.response.message, [choice], custom_id=menu)
    entries = await table.service.repo.actions(loaded.row.id)
    assert [e.action for e in entries[-2:]] == choice.split(" then ")
    state = await table.state()
    assert state.stage == "helm" and state.turn.seat == seat


async def test_a_forged_choice_of_several_steps_is_refused_and_changes_nothing(table):
    import discord

    from cogs.components import encode_action

    await three_seats(table)
    loaded, seat = await to_stage(table, "card")
    actor = table.players[loaded.row.seats[seat].user_id]
    token = loaded.game.token(loaded.state, seat)
    play = next(a.text for a in loaded.game.legal_actions(loaded.state, seat) if a.verb == "play")
    answers = {
        f"{play} then move merchant a1": "That ship cannot reach A1 this turn.",
        f"{play} then end then end then end": "is not a move of this game.",
    }
    for forged, answer in answers.items():
        cid = f"fl1:do:{loaded.row.id}:{token}:{encode_action(forged)}"
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="forged", custom_id=cid))
        message = await table.thread().send("a prompt", view=view)
        result = await actor.click(message, custom_id=cid)
        assert answer in result.response.content
        assert (await table.row()).version == loaded.row.version, "nothing changed"
