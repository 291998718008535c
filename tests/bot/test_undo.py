"""Take-backs at a table, through the service and real storage: an undo is an entry of the
append-only action log, the table goes back to exactly the state before the decision (and
the log replays to it, after a restart too), several in a row where each is allowed; refused,
changing nothing, once anyone else has decided, for a stale button, a lost race, a decision
the rules make final and the move that ended the game."""

import pytest

from bot.refusals import Refusal
from bot.service import TableService
from bot.storage import SqliteRepository
from engine.core.replay import UNDO, replay
from engine.games import get_game
from tests.clock import TestClock

from .helpers import open_table


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table deals the same game, so a failure can be replayed."""
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n: "0dd5eed5a1ba1f1c"[: 2 * n])


@pytest.fixture
async def service(tmp_path):
    clock = TestClock()
    repo = await SqliteRepository.open(tmp_path / "u.db", clock)
    yield TableService(repo, clock)
    await repo.close()


async def two_humans(service, channel=1, game="fleet-dice", **options):
    row = await open_table(service, channel, 1, game=game, **options)
    await service.join(row.id, 2, "b")
    return await service.start(row.id, 1)


def whose_turn(outcome):
    """The seat and user the table waits for first."""
    seat = get_game(outcome.row.game).to_act(outcome.state)[0]
    return seat, outcome.row.seats[seat].user_id


async def replayed(service, row):
    rules = service.game(row.game)
    entries = await service.repo.actions(row.id)
    return replay(rules, len(row.seats), row.seed, [(e.seat, e.action) for e in entries])


async def refused(call):
    with pytest.raises(Refusal) as err:
        await call
    return err.value


async def test_an_undo_is_a_stored_entry_and_the_table_goes_back_to_the_state_before(service):
    start = await two_humans(service)
    seat, user = whose_turn(start)
    rules = service.game("fleet-dice")
    picked = await service.act(start.row.id, user, rules.legal_actions(start.state, seat)[0].text)
    assert await service.undo_offer(picked.row, user) == picked.row.version
    undone = await service.undo(start.row.id, user, version=picked.row.version)
    assert undone.state == start.state
    assert undone.taken_back is not None and undone.taken_back.seat == seat
    assert [e.kind for e in undone.taken_back.events] == ["pick"]
    entries = await service.repo.actions(start.row.id)
    assert [(e.user_id, e.action) for e in entries][-2:] == [
        (user, picked_text(entries)),
        (user, UNDO),
    ], "append-only: the decision stays in the log, the take-back follows it"
    assert await replayed(service, undone.row) == undone.state
    assert rules.load_state((await service.row(start.row.id)).state) == start.state
    assert undone.row.recent == start.row.recent, "the last moves lose the pick again"


def picked_text(entries):
    return next(e.action for e in entries if e.action.startswith("pick"))


async def test_after_a_restart_the_table_is_the_one_the_undo_left(service, tmp_path):
    start = await two_humans(service)
    seat, user = whose_turn(start)
    rules = service.game("fleet-dice")
    await service.act(start.row.id, user, rules.legal_actions(start.state, seat)[0].text)
    await service.undo(start.row.id, user)
    clock = TestClock()
    repo = await SqliteRepository.open(tmp_path / "u.db", clock)
    try:
        again = TableService(repo, clock)
        loaded = await again.load_game(start.row.id)
        assert loaded.state == start.state
        assert await replayed(again, loaded.row) == loaded.state
        # Nothing of the player's is left to take back: the table started with their pick.
        assert await again.undo_offer(loaded.row, user) is None
        assert (await refused(again.undo(start.row.id, user))).code == "undo_nothing"
    finally:
        await repo.close()


async def test_a_restarted_service_judges_the_offer_from_the_log(service, tmp_path):
    start = await two_humans(service)
    seat, user = whose_turn(start)
    rules = service.game("fleet-dice")
    picked = await service.act(start.row.id, user, rules.legal_actions(start.state, seat)[0].text)
    clock = TestClock()
    repo = await SqliteRepository.open(tmp_path / "u.db", clock)
    try:
        again = TableService(repo, clock)
        row = await again.row(start.row.id)
        assert await again.undo_offer(row, user) == picked.row.version
        other = next(s.user_id for s in row.seats if s.user_id != user)
        assert await again.undo_offer(row, other) is None
    finally:
        await repo.close()


async def test_several_decisions_of_a_turn_are_taken_back_in_a_row(service):
    # Mare Balticum: a turn is three actions; each of the first two can be taken back.
    row = await open_table(service, 3, 1, game="mare-balticum")
    for user in (2, 3):
        await service.join(row.id, user, f"u{user}")
    outcome = await service.start(row.id, 1)
    rules = service.game("mare-balticum")
    while outcome.state.phase == "setup":
        seat, user = whose_turn(outcome)
        outcome = await service.act(row.id, user, rules.legal_actions(outcome.state, seat)[0].text)
    seat, user = whose_turn(outcome)
    turn_start = outcome.state
    texts = []
    while outcome.state.actions > 1 or outcome.state.sub is not None:
        action = rules.default_action(outcome.state, seat).text
        texts.append(action)
        outcome = await service.act(row.id, user, action)
        assert await service.undo_offer(outcome.row, user) == outcome.row.version
    assert len(texts) >= 2
    for _ in texts:
        outcome = await service.undo(row.id, user, version=outcome.row.version)
    assert outcome.state == turn_start
    assert await service.undo_offer(outcome.row, user) is None, "the turn began with another's"
    assert await replayed(service, outcome.row) == outcome.state


async def test_nobody_takes_back_another_players_decision(service):
    start = await two_humans(service)
    seat, user = whose_turn(start)
    other = next(s.user_id for s in start.row.seats if s.user_id != user)
    rules = service.game("fleet-dice")
    picked = await service.act(start.row.id, user, rules.legal_actions(start.state, seat)[0].text)
    err = await refused(service.undo(start.row.id, other))
    assert err.code == "undo_not_yours" and err.fields == {"name": start.row.seats[seat].name}
    assert (await service.row(start.row.id)).version == picked.row.version
    assert (await refused(service.undo(start.row.id, 99))).code == "not_seated"
    assert (await refused(service.undo(start.row.id, user, channel=555))).code == "other_table"


async def play_until_the_other_must_decide(service, outcome):
    """Default decisions until the table waits for someone else than the player who decided
    last, and that player's decision is still the latest (not followed by a move with no
    choice the service played at once for the next player)."""
    rules = service.game(outcome.row.game)
    while not rules.is_over(outcome.state):
        seat, first = whose_turn(outcome)
        while seat in rules.to_act(outcome.state):
            action = rules.default_action(outcome.state, seat).text
            outcome = await service.act(outcome.row.id, first, action)
        entries = await service.repo.actions(outcome.row.id)
        if entries[-1].user_id == first and await service.undo_offer(outcome.row, first):
            return outcome, seat, first
    raise AssertionError("no decision the next player did not follow at once")


async def test_once_another_player_has_decided_the_decision_stands(service):
    # Even when that other decision was taken back since: it was made after this one.
    from engine.core.forced import publicly_forced

    start = await two_humans(service)
    rules = service.game("fleet-dice")
    outcome = start
    while True:
        outcome, _, first = await play_until_the_other_must_decide(service, outcome)
        assert await service.undo_offer(outcome.row, first) == outcome.row.version
        seat, second = whose_turn(outcome)
        takeable = []
        for action in rules.legal_actions(outcome.state, seat):
            after, events = rules.apply(outcome.state, seat, action)
            nothing_forced = all(publicly_forced(rules, after, s) is None for s in (0, 1))
            if rules.undoable(outcome.state, seat, action, after, events) is None and (
                nothing_forced
            ):
                takeable.append(action.text)
        if takeable:
            break
        # no decision of the second player here may be taken back: play on to another
        outcome = await service.act(
            start.row.id, second, rules.default_action(outcome.state, seat).text
        )
    outcome = await service.act(start.row.id, second, takeable[0])
    assert await service.undo_offer(outcome.row, first) is None
    await service.undo(start.row.id, second)
    err = await refused(service.undo(start.row.id, first))
    assert err.code == "undo_others"


async def test_an_ai_seats_move_after_the_decision_makes_it_stand(service):
    row = await open_table(service, 4, 1)
    await service.add_ai(row.id, 1, "AI 1")
    outcome = await service.start(row.id, 1)
    rules = service.game("fleet-dice")
    while True:
        seat = rules.to_act(outcome.state)[0]
        before = len(await service.repo.actions(row.id))
        outcome = await service.act(row.id, 1, rules.default_action(outcome.state, seat).text)
        entries = await service.repo.actions(row.id)
        if len(entries) > before + 1 and entries[-1].user_id is None:
            break
    assert await service.undo_offer(outcome.row, 1) is None
    assert (await refused(service.undo(row.id, 1))).code == "undo_automatic"


async def test_a_stale_undo_changes_nothing(service):
    start = await two_humans(service)
    seat, user = whose_turn(start)
    rules = service.game("fleet-dice")
    picked = await service.act(start.row.id, user, rules.legal_actions(start.state, seat)[0].text)
    err = await refused(service.undo(start.row.id, user, version=picked.row.version - 1))
    assert err.stale and err.code == "undo_stale"
    assert (await service.row(start.row.id)).version == picked.row.version


async def test_a_click_that_saves_first_makes_a_concurrent_undo_stale(service, monkeypatch):
    start = await two_humans(service)
    seat, user = whose_turn(start)
    rules = service.game("fleet-dice")
    picked = await service.act(start.row.id, user, rules.legal_actions(start.state, seat)[0].text)
    use = rules.legal_actions(picked.state, seat)[0].text
    read = service.repo.actions
    raced = []

    async def actions_then_a_click(game_id):
        entries = await read(game_id)
        if not raced:  # the player's other click lands while the undo is being judged
            raced.append(await service.act(start.row.id, user, use))
        return entries

    monkeypatch.setattr(service.repo, "actions", actions_then_a_click)
    err = await refused(service.undo(start.row.id, user, version=picked.row.version))
    assert err.stale and err.code == "undo_stale"
    row = await service.row(start.row.id)
    assert row.version == raced[0].row.version and row.state == raced[0].row.state
    monkeypatch.setattr(service.repo, "actions", read)
    entries = await service.repo.actions(start.row.id)
    assert UNDO not in [e.action for e in entries]


async def test_a_decision_the_rules_make_final_is_refused_with_their_reason(service):
    # Fleet: a license named for auction must be opened (its RULES §4.2).
    start = await two_humans(service, 5, game="fleet-cards")
    seat, user = whose_turn(start)
    rules = service.game("fleet-cards")
    named = next(a.text for a in rules.legal_actions(start.state, seat) if a.verb == "open")
    outcome = await service.act(start.row.id, user, named)
    assert await service.undo_offer(outcome.row, user) is None
    err = await refused(service.undo(start.row.id, user))
    assert err.code == "undo_final"
    assert (await service.row(start.row.id)).version == outcome.row.version


async def test_the_move_that_ended_the_game_is_final_and_its_results_stand(service):
    row = await open_table(service, 6, 1, game="fleet-dice", solo=True)
    outcome = await service.start(row.id, 1)
    rules = service.game("fleet-dice")
    while not outcome.finished:
        seat = rules.to_act(outcome.state)[0]
        outcome = await service.act(row.id, 1, rules.default_action(outcome.state, seat).text)
    assert outcome.result is not None
    assert (await refused(service.undo(row.id, 1))).code == "undo_game_end"
    stats = await service.stats(1)
    assert [s.games for s in stats] == [1]
    assert (await service.row(row.id)).status == "over"


async def test_a_take_back_keeps_the_tables_deadline(service):
    start = await two_humans(service, 7, turn_hours=24)
    seat, user = whose_turn(start)
    rules = service.game("fleet-dice")
    service.clock.advance(3600)
    picked = await service.act(start.row.id, user, rules.legal_actions(start.state, seat)[0].text)
    service.clock.advance(600)
    undone = await service.undo(start.row.id, user)
    assert undone.row.deadline_at == picked.row.deadline_at
    assert undone.row.reminded == picked.row.reminded


async def test_the_daily_challenge_allows_take_backs_for_everyone_alike(service):
    outcome = await service.start_challenge(
        game="fleet-dice",
        channel_id=8,
        guild_id=7,
        parent_id=None,
        user_id=1,
        name="u1",
        secret="s",
    )
    rules = service.game("fleet-dice")
    seat = rules.to_act(outcome.state)[0]
    picked = await service.act(outcome.row.id, 1, rules.legal_actions(outcome.state, seat)[0].text)
    undone = await service.undo(outcome.row.id, 1, version=picked.row.version)
    assert undone.state == outcome.state


async def test_a_seat_on_autopilot_takes_nothing_back(service):
    # Its next decisions would be played for it at once: the host puts it back first.
    start = await two_humans(service, 9)
    _, _, first = await play_until_the_other_must_decide(service, start)
    await service.set_autopilot(start.row.id, 1, False, first, True)
    assert (await refused(service.undo(start.row.id, first))).code == "undo_autopilot"
    assert await service.undo_offer(await service.row(start.row.id), first) is None
