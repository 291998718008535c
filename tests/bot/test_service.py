"""The table service without Discord: lobby rules, turn checks, stale prompts, pings."""

import secrets

import pytest

from bot.refusals import Refusal
from bot.service import TableService
from bot.storage import SqliteRepository
from tests.clock import TestClock

from .helpers import open_table


@pytest.fixture
async def service(tmp_path):
    clock = TestClock()
    repo = await SqliteRepository.open(tmp_path / "s.db", clock)
    yield TableService(repo, clock)
    await repo.close()


GAME = "fleet-dice"


async def three_humans(service):
    row = await open_table(service, 1, 1)
    await service.join(row.id, 2, "b")
    await service.join(row.id, 3, "c")
    return await service.start(row.id, 1)


async def test_start_pings_only_the_first_picker(service):
    outcome = await three_humans(service)
    first = outcome.row.seats[outcome.state.order[0]].user_id
    assert outcome.ping == [first]


async def test_the_last_player_in_a_simultaneous_step_is_told_so(service):
    outcome = await three_humans(service)
    game = service.game(GAME)
    # Play picks until the leftover step, where all three decide at once.
    while outcome.state.stage != "leftover" or outcome.state.phase != "boat":
        state, row = outcome.state, outcome.row
        seat = game.to_act(state)[0]
        action = game.legal_actions(state, seat)[-1].text
        outcome = await service.act(row.id, row.seats[seat].user_id, action)
    waiting = game.to_act(outcome.state)
    assert len(waiting) == 3
    told = []
    for seat in waiting[:2]:
        while seat in game.to_act(outcome.state):
            action = game.legal_actions(outcome.state, seat)[-1].text
            outcome = await service.act(outcome.row.id, outcome.row.seats[seat].user_id, action)
            told.append(outcome.last_one)
    assert game.to_act(outcome.state) == [waiting[2]]
    last = outcome.row.seats[waiting[2]].user_id
    assert [t for t in told if t is not None] == [last]


async def test_a_prompt_from_before_the_seat_acted_is_stale(service):
    outcome = await three_humans(service)
    state, row = outcome.state, outcome.row
    game = service.game(GAME)
    seat = game.to_act(state)[0]
    user = row.seats[seat].user_id
    text = game.legal_actions(state, seat)[0].text
    await service.act(row.id, user, text, token="0")
    with pytest.raises(Refusal) as err:
        await service.act(row.id, user, "coin", token="0")
    assert err.value.stale and err.value.code == "stale"


async def test_a_die_from_an_earlier_phase_is_stale(service):
    outcome = await three_humans(service)
    state, row = outcome.state, outcome.row
    seat = service.game(GAME).to_act(state)[0]
    user = row.seats[seat].user_id
    with pytest.raises(Refusal) as err:
        await service.act(row.id, user, f"pick {state.pool[0]}", token="9t", public=True)
    assert err.value.stale


async def test_a_click_from_another_channel_is_refused_and_changes_nothing(service):
    outcome = await three_humans(service)
    state, row = outcome.state, outcome.row
    seat = service.game(GAME).to_act(state)[0]
    text = service.game(GAME).legal_actions(state, seat)[0].text
    with pytest.raises(Refusal) as err:
        await service.act(row.id, row.seats[seat].user_id, text, channel=999)
    assert err.value.code == "other_table"
    assert (await service.row(row.id)).version == row.version


async def test_lobby_changes_are_refused_after_the_start(service):
    outcome = await three_humans(service)
    for call in (
        service.join(outcome.row.id, 4, "d"),
        service.add_ai(outcome.row.id, 1, "AI 1"),
        service.leave(outcome.row.id, 2),
        service.cancel(outcome.row.id, 1),
        service.cycle_option(outcome.row.id, 1, "captains", [False, True]),
    ):
        with pytest.raises(Refusal) as err:
            await call
        assert err.value.code == "lobby_only"


async def test_only_the_host_cancels_and_the_host_cannot_leave(service):
    row = await open_table(service, 5, 1)
    await service.join(row.id, 2, "b")
    for call, code in (
        (service.cancel(row.id, 2), "host_only_cancel"),
        (service.leave(row.id, 1), "host_cannot_leave"),
        (service.leave(row.id, 3), "not_seated"),
        (service.start(row.id, 2), "host_only_start"),
    ):
        with pytest.raises(Refusal) as err:
            await call
        assert err.value.code == code
    assert (await service.cancel(row.id, 1)).status == "cancelled"


async def test_a_table_seats_at_most_the_games_players(service):
    row = await open_table(service, 6, 1)
    for n in range(2, 5):
        await service.join(row.id, n, f"u{n}")
    with pytest.raises(Refusal) as err:
        await service.join(row.id, 9, "u9")
    assert err.value.code == "lobby_full" and err.value.fields == {"seats": 4}
    lone = await open_table(service, 7, 1)
    with pytest.raises(Refusal) as err:
        await service.start(lone.id, 1)
    assert err.value.code == "need_players"


async def test_options_cycle_through_their_values_and_stay_valid(service):
    row = await open_table(service, 8, 1)
    row = await service.cycle_option(row.id, 1, "captains", [False, True])
    assert row.game_options["captains"] is True
    row = await service.cycle_option(row.id, 1, "captains", [False, True])
    assert row.game_options["captains"] is False
    for key, values in (("no_such", [1]), ("captains", [])):
        with pytest.raises(Refusal) as err:
            await service.cycle_option(row.id, 1, key, values)
        assert err.value.code == "bad_button"
    with pytest.raises(Refusal) as err:
        await service.cycle_option(row.id, 1, "sheet", [17])
    assert err.value.code == "bad_options"
    assert (await service.row(row.id)).game_options["sheet"] == "house-v1"


async def test_autopilot_needs_the_host_or_a_moderator_and_a_seated_target(service):
    outcome = await three_humans(service)
    row = outcome.row
    for args, code in (
        ((2, False, 3, True), "autopilot_denied"),
        ((1, False, 99, True), "no_such_player"),
    ):
        with pytest.raises(Refusal) as err:
            await service.set_autopilot(row.id, *args)
        assert err.value.code == code
    done = await service.set_autopilot(row.id, 2, True, 3, True)
    assert done.row.seats[2].autopilot and done.notice == ("autopilot_on", {"name": "c"})
    back = await service.set_autopilot(row.id, 3, False, 3, False)  # a player takes their seat back
    assert not back.row.seats[2].autopilot


async def test_a_player_with_nothing_to_decide_is_told_who_the_table_waits_for(service):
    outcome = await three_humans(service)
    state, row = outcome.state, outcome.row
    game = service.game(GAME)
    idle = next(s for s in range(3) if s not in game.to_act(state))
    with pytest.raises(Refusal) as err:
        await service.act(row.id, row.seats[idle].user_id, "coin")
    waiting = row.seats[game.to_act(state)[0]].name
    assert err.value.code == "not_your_turn" and err.value.fields == {"names": [waiting]}


async def test_an_illegal_move_is_refused_with_the_engines_reason(service):
    outcome = await three_humans(service)
    state, row = outcome.state, outcome.row
    seat = service.game(GAME).to_act(state)[0]
    absent = next(f for f in ("cod", "shrimp", "lobster", "market") if f not in state.pool)
    with pytest.raises(Refusal) as err:
        await service.act(row.id, row.seats[seat].user_id, f"pick {absent}")
    assert err.value.code == "illegal" and err.value.error.code == "not_now"
    with pytest.raises(Refusal) as err:
        await service.act(row.id, row.seats[seat].user_id, "fly away")
    assert err.value.code == "not_an_action"
    assert (await service.row(row.id)).version == row.version


DEADLINE_DEAL = "1234567890abcdef"


@pytest.mark.wall_clock
async def test_a_deadline_plays_only_the_decisions_that_were_due(service, monkeypatch):
    # Solo: after the player's default pick, Ruth picks and the player owes the leftover at
    # once. That next decision gets its own deadline; it is not played for them. (A deal
    # fixed so that the player's next decision has a choice: a move with none would be
    # played at once as theirs, which is not the deadline's doing.)
    monkeypatch.setattr(secrets, "token_hex", lambda n: DEADLINE_DEAL)
    row = await open_table(service, 40, 4, solo=True, turn_hours=1)
    outcome = await service.start(row.id, 4)
    assert outcome.row.deadline_at is not None
    service.clock.set(outcome.row.deadline_at + 1)  # the hour goes by
    (late,) = await service.run_due(service.clock())
    entries = await service.repo.actions(row.id)
    assert [e.action.split()[0] for e in entries][:1] == ["pick"]
    assert all(e.user_id is None for e in entries)
    state = late.state
    game = service.game(GAME)
    assert state.round == 1 and not game.is_over(state)
    assert game.to_act(state) == [0]
    assert late.row.deadline_at > outcome.row.deadline_at  # a fresh deadline for what is next
    assert late.notice == ("deadline_applied", {"names": ["u4"]})


@pytest.mark.wall_clock
async def test_a_half_time_reminder_changes_nothing_but_the_reminded_flag(service):
    row = await open_table(service, 41, 4, solo=True, turn_hours=12)
    outcome = await service.start(row.id, 4)
    (reminded,) = await service.run_due(outcome.row.deadline_at - 5 * 3600)
    assert reminded.reminder == "last_one" and reminded.ping == [4]
    assert reminded.row.reminded and reminded.row.state == outcome.row.state
    assert await service.run_due(outcome.row.deadline_at - 4 * 3600) == []  # reminded once


async def test_a_deadline_outside_the_offered_choices_is_refused(service):
    with pytest.raises(ValueError, match="turn deadline"):
        await open_table(service, 42, 1, turn_hours=5)


async def test_a_game_that_is_not_registered_is_refused(service):
    with pytest.raises(Refusal) as err:
        await open_table(service, 43, 1, game="chess")
    assert err.value.code == "unknown_game"


async def black_fleet_in_the_card_step(service):
    """Three people at Black Fleet, played on until a seat must play its movement card."""
    row = await open_table(service, 9, 1, game="black-fleet")
    await service.join(row.id, 2, "b")
    await service.join(row.id, 3, "c")
    outcome = await service.start(row.id, 1)
    rules = service.game("black-fleet")
    state, row = outcome.state, outcome.row
    while state.stage != "card":
        seat = rules.to_act(state)[0]
        action = rules.default_action(state, seat).text
        state = (await service.act(row.id, row.seats[seat].user_id, action)).state
    return rules, state, await service.row(row.id)


async def test_a_choice_of_several_steps_plays_each_and_logs_each(service):
    rules, state, row = await black_fleet_in_the_card_step(service)
    seat = rules.to_act(state)[0]
    play = next(a for a in rules.legal_actions(state, seat) if a.verb == "play")
    after, _ = rules.apply(state, seat, play)
    move = next(a for a in rules.legal_actions(after, seat) if a.verb == "move")
    outcome = await service.act(row.id, row.seats[seat].user_id, f"{play.text} then {move.text}")
    assert outcome.state == rules.apply(after, seat, move)[0]
    logged = [e.action for e in await service.repo.actions(row.id)][-2:]
    assert logged == [play.text, move.text]


async def test_a_choice_with_one_illegal_step_changes_nothing(service):
    rules, state, row = await black_fleet_in_the_card_step(service)
    seat = rules.to_act(state)[0]
    user = row.seats[seat].user_id
    play = next(a for a in rules.legal_actions(state, seat) if a.verb == "play")
    with pytest.raises(Refusal) as err:
        await service.act(row.id, user, f"{play.text} then move merchant a99")
    assert err.value.code == "illegal"
    with pytest.raises(Refusal) as err:
        await service.act(row.id, user, f"{play.text} then end then end then end")
    assert err.value.code == "not_an_action"
    after = await service.row(row.id)
    assert after.version == row.version and rules.load_state(after.state) == state


async def test_a_deadline_plays_every_late_seat_even_when_another_moves_the_game_on(service):
    # Card game RULES §3.2: a seat out of the auction plays its end of round while another
    # still bids. Both are late: the bidder's default moves the auction on, and the seat at
    # its end of round still has its whole due end of round played, not a fresh deadline.
    row = await open_table(service, 44, 1, game="fleet-cards", turn_hours=1)
    await service.join(row.id, 2, "bob")
    outcome = await service.start(row.id, 1)
    rules = service.game("fleet-cards")
    for _ in range(200):
        state, row = outcome.state, outcome.row
        waiting = rules.to_act(state)
        working = [s for s in waiting if state.players[s].stage is not None]
        bidding = [s for s in waiting if state.players[s].stage is None]
        if state.phase == "auction" and working and bidding:
            break
        seat = waiting[0]
        action = rules.default_action(state, seat).text
        outcome = await service.act(row.id, row.seats[seat].user_id, action)
    else:
        raise AssertionError("no seat was at its end of round during an auction")
    (worker,), (bidder,) = working, bidding
    service.clock.set(row.deadline_at + 1)
    (late,) = await service.run_due(service.clock())
    entries = await service.repo.actions(row.id)
    assert {worker, bidder} <= {e.seat for e in entries if e.user_id is None}
    assert late.state.players[worker].stage == "done", "its whole end of round was played"
    assert late.notice == ("deadline_applied", {"names": [row.seats[s].name for s in waiting]})
