"""The table service without Discord: lobby rules, turn checks, stale prompts, pings."""

import pytest

from bot.service import Refusal, TableService
from bot.storage import SqliteRepository

from .helpers import open_table


@pytest.fixture
async def service(tmp_path):
    repo = await SqliteRepository.open(tmp_path / "s.db")
    yield TableService(repo)
    await repo.close()


async def three_humans(service):
    row = await open_table(service, 1, 1)
    await service.join(row.id, 2, "b")
    await service.join(row.id, 3, "c")
    outcome = await service.start(row.id, 1)
    return outcome


async def test_start_pings_only_the_first_picker(service):
    outcome = await three_humans(service)
    state = outcome.state
    first = outcome.row.seats[state.order[0]].user_id
    assert outcome.ping == [first]


async def test_the_last_player_in_a_simultaneous_step_is_told_so(service):
    outcome = await three_humans(service)
    game = service.game
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
    seat = service.game.to_act(state)[0]
    user = row.seats[seat].user_id
    text = service.game.legal_actions(state, seat)[0].text
    await service.act(row.id, user, text, acted=0)
    with pytest.raises(Refusal) as err:
        await service.act(row.id, user, "coin", acted=0)
    assert err.value.stale


async def test_a_die_from_an_earlier_phase_is_stale(service):
    outcome = await three_humans(service)
    state, row = outcome.state, outcome.row
    seat = service.game.to_act(state)[0]
    with pytest.raises(Refusal) as err:
        await service.act(row.id, row.seats[seat].user_id, f"pick {state.pool[0]}", die_phase="9t")
    assert err.value.stale


async def test_lobby_changes_are_refused_after_the_start(service):
    outcome = await three_humans(service)
    for call in (
        service.join(outcome.row.id, 4, "d"),
        service.add_ai(outcome.row.id, 1),
        service.leave(outcome.row.id, 2),
        service.cancel(outcome.row.id, 1),
    ):
        with pytest.raises(Refusal, match="lobby has closed"):
            await call


async def test_only_the_host_cancels_and_the_host_cannot_leave(service):
    row = await open_table(service, 5, 1)
    await service.join(row.id, 2, "b")
    with pytest.raises(Refusal, match="Only the host"):
        await service.cancel(row.id, 2)
    with pytest.raises(Refusal, match="host can't leave"):
        await service.leave(row.id, 1)
    with pytest.raises(Refusal, match="not playing"):
        await service.leave(row.id, 3)
    assert (await service.cancel(row.id, 1)).status == "cancelled"


async def test_autopilot_needs_the_host_or_a_moderator_and_a_seated_target(service):
    outcome = await three_humans(service)
    row = outcome.row
    with pytest.raises(Refusal, match="Only the host or a moderator"):
        await service.set_autopilot(row.id, 2, False, 3, True)
    with pytest.raises(Refusal, match="no seat"):
        await service.set_autopilot(row.id, 1, False, 99, True)
    done = await service.set_autopilot(row.id, 2, True, 3, True)
    assert done.row.seats[2].autopilot and "autopilot" in done.notice


async def test_a_player_with_nothing_to_decide_is_told_to_wait(service):
    outcome = await three_humans(service)
    state, row = outcome.state, outcome.row
    idle = next(s for s in range(3) if s not in service.game.to_act(state))
    with pytest.raises(Refusal, match="not your decision"):
        await service.act(row.id, row.seats[idle].user_id, "coin")


async def test_a_deadline_plays_only_the_decisions_that_were_due(service):
    # Solo: after the player's default pick, Ruth picks and the player owes the leftover at
    # once. That next decision gets its own deadline; it is not played for them.
    row = await open_table(service, 40, 4, solo=True, turn_hours=1)
    outcome = await service.start(row.id, 4)
    assert outcome.row.deadline_at is not None
    (late,) = await service.run_due(outcome.row.deadline_at + 1)
    entries = await service.repo.actions(row.id)
    assert [e.action.split()[0] for e in entries][:1] == ["pick"]
    assert all(e.user_id is None for e in entries)
    state = late.state
    assert state.round == 1 and not service.game.is_over(state)
    assert service.game.to_act(state) == [0]
    assert late.row.deadline_at > outcome.row.deadline_at  # a fresh deadline for what is next


async def test_a_half_time_reminder_changes_nothing_but_the_reminded_flag(service):
    row = await open_table(service, 41, 4, solo=True, turn_hours=2)
    outcome = await service.start(row.id, 4)
    (reminded,) = await service.run_due(outcome.row.deadline_at - 3000)
    assert reminded.reminder == "last_one" and reminded.ping == [4]
    assert reminded.row.reminded and reminded.row.state == outcome.row.state
    assert await service.run_due(outcome.row.deadline_at - 2000) == []  # reminded only once
