"""A crash between any two writes (ISSUE: nothing lost): the bot dies at a named point, is
restarted on the same database, and every table is either not there or playable, with its
messages published, its attempt and its score kept."""

import pytest
from discord.webhook.async_ import async_context

from bot.faults import Crash, armed
from cogs.calls import PRESENT
from cogs.owed import SESSION, TOKEN_LIFE
from engine.core.forced import publicly_forced
from tests.cogs.harness import ids, said

CRASHES = {}


def crashes(error):
    if isinstance(error, BaseExceptionGroup):
        return all(crashes(e) for e in error.exceptions)
    return isinstance(error, Crash) or isinstance(error.__cause__, Crash)


@pytest.fixture(autouse=True)
async def only_crashes(table):
    """Whatever the bot raised during a test here must be the crash it was told to have."""
    yield
    assert all(crashes(e) for e in table.env.errors), table.env.errors


async def crashed(table, coro, hit):
    """Run a click or command that must hit the armed crash point: the process "dies" there
    (whatever the click answered is left as it was)."""
    try:
        await coro
    except (Crash, BaseExceptionGroup) as error:
        assert crashes(error), error
    assert hit, "the crash point was reached"


async def shown_and_playable(table, db_path):
    """After a restart: the table's messages show its state, and it plays to the end."""
    await table.restart(db_path)
    row = await table.row()
    assert row.shown_version == row.version, "startup published what the crash left unshown"
    if row.status == "active":
        board = await table.table_message()
        assert any(i.endswith(":act") for i in ids(board))
        for _ in range(3):  # the buttons work…
            await table.play_one()
        await finish(table)  # …and the game goes on to its end
    return await table.row()


async def finish(table):
    """Every waiting seat plays its default move through the service, to the end."""
    for _ in range(3000):
        loaded = await table.loaded()
        if loaded.row.status != "active":
            return
        seat = loaded.game.to_act(loaded.state)[0]
        action = loaded.game.default_action(loaded.state, seat)
        await table.service.act(loaded.row.id, loaded.row.seats[seat].user_id, action.text)


async def two_players(table, start=True):
    alice, bob = table.add("alice", "bob")
    await table.open(alice)
    await bob.click(await table.lobby(), label="Join")
    if start:
        await alice.click(await table.lobby(), label="Start")
    return alice, bob


@pytest.mark.parametrize("point", ["created"])
async def test_a_crash_right_after_a_table_is_created_still_gives_a_lobby(table, db_path, point):
    (alice,) = table.add("alice")
    with armed(point) as hit:
        await crashed(table, table.open(alice), hit)
    await table.restart(db_path)
    row = await table.service.find(table.thread_id)
    assert row.status == "lobby" and row.shown_version == row.version
    lobby = await table.lobby()
    assert any(i.endswith(":join") for i in ids(lobby)), "the lobby has its buttons"


async def test_a_crash_after_the_start_is_saved_publishes_the_board_on_restart(table, db_path):
    alice, _ = await two_players(table, start=False)
    with armed("saved") as hit:
        await crashed(table, alice.click(await table.lobby(), label="Start"), hit)
    row = await table.row()
    assert row.status == "active" and row.step_message_id is None
    done = await shown_and_playable(table, db_path)
    assert done.status == "over"
    lobby = await table.lobby()
    assert not lobby.components, "the started table's lobby lost its buttons"


@pytest.mark.parametrize("point", ["before_save", "saved", "board_shown"])
async def test_a_crash_around_a_move_loses_nothing(table, db_path, point):
    await two_players(table)
    for _ in range(3):
        await table.play_one()
    before = await table.row()
    with armed(point) as hit:
        await crashed(table, table.play_one(check=False), hit)
    after = await table.row()
    if point == "before_save":
        assert after.version == before.version, "nothing was saved"
    else:
        assert after.version > before.version, "the move was saved"
    done = await shown_and_playable(table, db_path)
    assert done.status == "over"
    steps = [
        m.embeds[0].title
        async for m in table.thread().history(limit=400)
        if m.embeds and m.embeds[0].title[:1] in "🎲🎣"
    ]
    assert steps and len(steps) == len(set(steps)), "each roll posted once, never twice"


async def test_a_crash_after_the_last_move_keeps_the_score_and_posts_the_final(table, db_path):
    (alice,) = table.add("alice")
    await table.open(alice, "table solo")
    row = await table.row()
    game = table.service.game(row.game)
    while True:  # the default moves up to the one that ends the game
        loaded = await table.loaded()
        text = game.default_action(loaded.state, 0).text
        after = settled(loaded, game.apply(loaded.state, 0, text)[0])
        if game.is_over(after):
            break
        await table.service.act(loaded.row.id, alice.id, text)
    with armed("saved") as hit:
        await crashed(table, table.service.act(loaded.row.id, alice.id, text), hit)  # the last move
    stats = await table.service.repo.user_stats(alice.id)
    assert stats and stats[0].games == 1, "the score was saved with the last move"
    await table.restart(db_path)
    history = [m async for m in table.thread().history(limit=5)]
    assert any(m.embeds and m.embeds[0].title == "Final scores" for m in history)


async def test_a_crash_after_a_challenge_is_claimed_keeps_the_attempt_playable(table, db_path):
    (alice,) = table.add("alice")
    before = {t.id for t in table.channel.threads}
    with armed("created") as hit:
        await crashed(table, alice.slash(table.channel, "challenge"), hit)
    (thread,) = [t for t in table.channel.threads if t.id not in before]
    table.thread_id = thread.id
    assert await table.service.repo.attempted(
        "fleet-dice", (await table.row()).options.challenge_day, alice.id
    )
    done = await shown_and_playable(table, db_path)
    assert done.status == "over"
    assert await table.service.repo.leaderboard("fleet-dice", None, "2100-01-01", None)


async def test_a_crash_after_a_deadline_move_is_saved_shows_it_on_restart(table, db_path):
    alice, bob = table.add("alice", "bob")
    await table.open(alice, deadline=24)
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    row = await table.row()
    with armed("saved") as hit:
        await crashed(table, table.bot.scheduler.tick(now=row.deadline_at + 1), hit)
    after = await table.row()
    assert after.version > row.version and after.shown_version < after.version
    done = await shown_and_playable(table, db_path)
    assert done.status == "over"


def settled(loaded, state):
    """The state after the moves the service plays straight after a person's: AI seats', and
    people's moves with no choice that the table can see are forced."""
    game, seats = loaded.game, loaded.row.seats
    while not game.is_over(state):
        robots = [s for s in game.to_act(state) if seats[s].is_ai]
        if robots:
            state, _ = game.apply(state, robots[0], game.default_action(state, robots[0]))
            continue
        forced = [(s, f) for s in game.to_act(state) if (f := publicly_forced(game, state, s))]
        if not forced:
            break
        state, _ = game.apply(state, *forced[0])
    return state


async def to_the_last_move(table):
    """Every seat's default move through the service, up to the one that ends the game; that
    one is left for a click through the bot."""
    for _ in range(3000):
        loaded = await table.loaded()
        seat = loaded.game.to_act(loaded.state)[0]
        action = loaded.game.default_action(loaded.state, seat)
        after = settled(loaded, loaded.game.apply(loaded.state, seat, action)[0])
        if loaded.game.is_over(after):
            return
        await table.service.act(loaded.row.id, loaded.row.seats[seat].user_id, action.text)
    raise AssertionError("the game did not end")


def posted(history, title):
    return sum(1 for m in history if any(e.title == title for e in m.embeds))


@pytest.mark.parametrize("point", ["final_posted", "final_shown"])
@pytest.mark.parametrize("game", ["fleet-dice", "fleet-cards", "mare-balticum", "black-fleet"])
async def test_a_crash_around_the_final_scores_shows_them_once(table, db_path, game, point):
    people = table.add(*["alice", "bob", "carol"][: max(2, table.service.game(game).min_seats)])
    await table.open(people[0], game=game)
    for person in people[1:]:
        await person.click(await table.lobby(), label="Join")
    await people[0].click(await table.lobby(), label="Start")
    await to_the_last_move(table)
    table.sensible = True
    with armed(point) as hit:
        await crashed(table, table.play_one(check=False), hit)
    row = await table.row()
    assert row.status == "over" and row.shown_version < row.version
    await table.restart(db_path)
    row = await table.row()
    assert row.shown_version == row.version
    history = [m async for m in table.thread().history(limit=20)]
    everyone = " ".join(f"<@{p.id}>" for p in people)
    finals = [m for m in history if m.embeds and m.content == everyone]
    assert len(finals) == 1, "the final scores (pinging every player) once, never twice"


@pytest.mark.parametrize("point", ["final_posted", "final_shown"])
async def test_a_crash_around_a_challenges_end_posts_its_line_once(table, db_path, point):
    (alice,) = table.add("alice")
    before = {t.id for t in table.channel.threads}
    await alice.slash(table.channel, "challenge")
    (thread,) = [t for t in table.channel.threads if t.id not in before]
    table.thread_id = thread.id
    await to_the_last_move(table)
    table.sensible = True
    with armed(point) as hit:
        await crashed(table, table.play_one(check=False), hit)
    await table.restart(db_path)
    history = [m async for m in table.thread().history(limit=20)]
    assert posted(history, "Final scores") == 1
    shared = [m.content async for m in table.bot.get_channel(table.channel.id).history(limit=10)]
    assert sum("finished today's challenge" in c for c in shared) == 1


SEED = "ca11ed0100000000"


async def test_a_call_due_when_the_process_stopped_is_sent_once_after_the_restart(
    table, db_path, monkeypatch
):
    # A seed with which the host moves first: she just pressed Start, her first decision is in
    # its answer, and she is called only if she leaves it for two minutes.
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n=8: SEED[: 2 * n])
    alice, _ = await two_players(table)
    row = await table.row()
    (wait,) = row.waits
    person = table.players[wait.user_id]
    assert person is alice

    async def calls():
        history = [m async for m in table.thread().history(limit=30)]
        return [
            m
            for m in history
            if f"<@{person.id}>" in (m.content or "") and "your move" in m.content
        ]

    assert not await calls(), "at the table: not called yet"
    # Two minutes pass without a click: the call is claimed, and the process dies.
    with armed("call_claimed") as hit:
        await crashed(table, table.env.advance_time(PRESENT + 5), hit)
    assert not await calls(), "the process died before the message was sent"
    await table.restart(db_path)
    assert len(await calls()) == 1, "called once at startup"
    await table.restart(db_path)
    assert len(await calls()) == 1, "not twice after a second restart"


async def answer_of(table, token: str) -> str:
    """What an interaction's own answer says now, read by its token."""
    found = await async_context.get().get_original_interaction_response(
        table.bot.application_id, token, session=getattr(table.bot.http, SESSION)
    )
    return str(found["content"])


@pytest.mark.parametrize("point", ["answer_owed", "created"])
async def test_a_challenge_cut_off_by_a_crash_is_answered_at_the_restart(table, db_path, point):
    """Acknowledged ("thinking…") and then the process dies: at the restart the answer says
    what became of it (nothing was done: try again; or where the challenge waits), once."""
    (alice,) = table.add("alice")
    before = {t.id for t in table.channel.threads}
    with armed(point) as hit:
        await crashed(table, alice.slash(table.channel, "challenge"), hit)
    (owed,) = await table.service.owed_answers()
    assert owed.user_id == alice.id
    assert await answer_of(table, owed.token) == "", "thinking…"
    await table.restart(db_path)
    assert await table.service.owed_answers() == [], "answered, then forgotten"
    said_then = await answer_of(table, owed.token)
    threads = [t for t in table.channel.threads if t.id not in before]
    if point == "answer_owed":
        assert "restarted before this was done" in said_then and "try again" in said_then
        again = await alice.slash(table.channel, "challenge")
        assert "is waiting for you" in said(again), "nothing was taken: the attempt is open"
    else:
        (thread,) = threads
        assert f"is waiting for you in <#{thread.id}>" in said_then
        row = await table.service.repo.load_by_channel(thread.id)
        assert row is not None and row.host_id == alice.id and row.id == owed.game_id


async def test_an_answer_owed_past_its_token_is_forgotten_unsent(table, db_path):
    (alice,) = table.add("alice")
    with armed("answer_owed") as hit:
        await crashed(table, alice.slash(table.channel, "challenge"), hit)
    (owed,) = await table.service.owed_answers()
    table.clock.advance(TOKEN_LIFE)
    await table.restart(db_path)
    assert await table.service.owed_answers() == []
    assert await answer_of(table, owed.token) == "", "too late to answer: left as it was"
