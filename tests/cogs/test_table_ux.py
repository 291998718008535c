"""Fleet Dice at the table, as players live it: one notice per turn, an open prompt that shows
the next decision, the table at the bottom, an ending worth reaching, a lobby people find."""

from tests.cogs.harness import ids, said


async def two_player_game(table):
    alice, bob = table.add("alice", "bob")
    await table.open(alice)
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    return alice, bob


def notices(messages, user):
    return [
        m for m in messages if f"<@{user.id}>" in (m.content or "") and "your move" in m.content
    ]


async def test_a_player_is_pinged_at_most_once_a_round_and_old_notices_go(table):
    alice, bob = await two_player_game(table)
    pinged: dict[tuple[int, int], int] = {}
    seen = 0
    while (await table.row()).status == "active":
        table.clock.advance(15 * 60)  # players come back after a while: prompts are stale
        await table.play_one()
        state = await table.state()
        new = table.env.http_requests[seen:]
        seen = len(table.env.http_requests)
        for req in new:
            body = req.json if isinstance(req.json, dict) else {}
            content = body.get("content") or ""
            if req.method == "POST" and "your move" in content:
                for actor in (alice, bob):
                    if f"<@{actor.id}>" in content:
                        key = (actor.id, state.round)
                        pinged[key] = pinged.get(key, 0) + 1
                        components = body.get("components") or []
                        assert any("fl1:board:" in str(c) for c in components), "an Act button"
        history = [m async for m in table.thread().history(limit=50)]
        for actor in (alice, bob):
            assert len(notices(history, actor)) <= 1, "the previous notice was removed"
    assert pinged and max(pinged.values()) == 1
    final = [m async for m in table.thread().history(limit=3)]
    assert not any(notices(final, a) for a in (alice, bob)), "notices are gone at the end"
    assert any(f"<@{alice.id}>" in (m.content or "") and m.embeds for m in final), (
        "one ping with the result"
    )


async def test_an_open_prompt_shows_the_next_decision_instead_of_a_ping(table):
    alice, bob = await two_player_game(table)
    row = await table.row()
    loaded = await table.loaded()
    first = loaded.game.to_act(loaded.state)[0]
    mover = table.players[row.seats[first].user_id]
    waiter = alice if mover is bob else bob
    prompt = await waiter.click(await table.table_message(), label="Act")  # nothing to do yet
    assert "Nothing to decide" in prompt.response.embeds[0].title
    before = len(table.env.http_requests)
    while waiter.id not in [
        (await table.row()).seats[s].user_id
        for s in (await table.loaded()).game.to_act(await table.state())
    ]:
        await table.play_one()
    posted = [
        r for r in table.env.http_requests[before:] if r.method == "POST" and "/messages" in r.path
    ]
    assert not [r for r in posted if f"<@{waiter.id}>" in ((r.json or {}).get("content") or "")]
    shown = await table.thread().fetch_message(prompt.response.message.id) if False else None
    assert shown is None
    edits = [
        r
        for r in table.env.http_requests[before:]
        if r.method == "PATCH" and "/webhooks/" in r.path
    ]
    assert edits, "the waiting player's open prompt was edited with their decision"


async def test_the_table_is_at_the_bottom_and_board_reposts_it_without_a_copy(table):
    alice, _ = await two_player_game(table)
    await table.play_one()
    row = await table.row()
    newest = [m async for m in table.thread().history(limit=3)]
    assert row.step_message_id in [m.id for m in newest]
    answer = await alice.slash(table.handle(), "table board")
    assert "bottom of the channel again" in said(answer)
    moved = await table.row()
    assert moved.step_message_id != row.step_message_id
    last = [m async for m in table.thread().history(limit=1)][0]  # noqa: RUF015
    assert last.id == moved.step_message_id
    titles = [m.embeds[0].title async for m in table.thread().history(limit=50) if m.embeds]
    assert len(titles) == len(set(titles)), "no frozen copy left behind"


async def test_play_again_opens_a_lobby_with_the_same_seats(table):
    alice, bob = await two_player_game(table)
    table.sensible = True
    await table.play_to_end()
    final = [m async for m in table.thread().history(limit=2)][0]  # noqa: RUF015
    assert "Final scores" in final.embeds[0].title and "wins" in final.embeds[0].description
    old = await table.row()
    # Two people played: the game is rated, and the scores say what it did (rules of
    # bot.ratings: both start alike, so the winner gains what the loser loses, about).
    (rated,) = [f for f in final.embeds[0].fields if f.name == "Ratings"]
    changes = await table.service.rating_changes(old)
    assert {c.user_id for c in changes} == {alice.id, bob.id}
    for c in changes:
        name = "alice" if c.user_id == alice.id else "bob"
        sign = "+" if c.gain >= 0 else "−"
        assert f"{name} {c.points:,} ({sign}{abs(c.gain):,})" in rated.value
    assert sorted(c.gain > 0 for c in changes) == [False, True], "one gains, one loses"
    again = await bob.click(final, label="Play again")
    assert "Table open" in said(again)
    new = await table.service.repo.load(old.id + 1)
    assert new.status == "lobby" and new.host_id == bob.id
    assert sorted(s.user_id for s in new.seats) == sorted([alice.id, bob.id])
    lobby = await table.message(new.lobby_message_id, table.bot.get_channel(table.channel.id))
    assert any(i.endswith(":start") for i in ids(lobby))


async def test_a_game_ended_early_shows_its_standings_and_waits_for_no_one(table):
    alice, _ = await two_player_game(table)
    await table.play_one()
    ask = await alice.slash(table.handle(), "table end")
    await alice.click(ask.response.message, label="End the game")
    history = [m async for m in table.thread().history(limit=5)]
    standings = next(m for m in history if m.embeds and "Standings" in str(m.embeds[0].to_dict()))
    assert "⏳" not in str(standings.embeds[0].to_dict())
    assert not any(m.components for m in history), "no button left"


async def test_only_the_host_adds_or_removes_ai_seats(table):
    alice, bob = table.add("alice", "bob")
    await table.open(alice)
    await bob.click(await table.lobby(), label="Join")
    refused = await bob.click(await table.lobby(), label="Add AI seat")
    assert "Only the host" in said(refused)
    await alice.click(await table.lobby(), label="Add AI seat")
    assert (await table.lobby()).embeds[0].description.count("🤖") == 1
    await alice.click(await table.lobby(), label="Remove AI seat")
    assert "🤖" not in (await table.lobby()).embeds[0].description


async def test_a_solo_players_decision_is_never_more_than_two_messages_up(table):
    """One reader: when the table has posted below their prompt, their next decision follows
    them down as a new private message (the clicked one removed)."""
    (alice,) = table.add("alice")
    await table.open(alice, "table solo")
    table.sensible = True
    distances = []
    for _ in range(80):
        if (await table.row()).status != "active":
            break
        await table.play_one()
        prompt = table.open_prompts.get(alice.id)
        if prompt is None or (await table.row()).status != "active":
            continue
        below = [m async for m in table.thread().history(limit=40) if m.id > prompt.id]
        distances.append(len(below))
    assert len(distances) > 20
    assert max(distances) <= 2, str(distances)
