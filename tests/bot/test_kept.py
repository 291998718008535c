"""Tables kept in memory between clicks (`bot.kept`): reused while the database holds the
same version, read again once anyone else has written, on both adapters."""

import pytest

from bot.refusals import Refusal
from bot.service import TableService
from bot.storage import open_repository
from tests.clock import TestClock

from .helpers import execute, open_table

GAME = "fleet-dice"


@pytest.fixture
async def two_services(database):
    """Two services on one database, as two bot processes are."""
    clock = TestClock()
    repos = [await open_repository(database, clock) for _ in range(2)]
    yield [TableService(repo, clock) for repo in repos]
    for repo in repos:
        await repo.close()


async def started(service):
    row = await open_table(service, 1, 1)
    await service.join(row.id, 2, "b")
    return await service.start(row.id, 1)


async def play_one(service, outcome):
    """The first seat to act plays its first legal action."""
    game = service.game(GAME)
    seat = game.to_act(outcome.state)[0]
    action = game.legal_actions(outcome.state, seat)[0].text
    return await service.act(outcome.row.id, outcome.row.seats[seat].user_id, action)


async def test_a_table_another_process_saved_is_read_again(two_services):
    a, b = two_services
    outcome = await play_one(a, await started(a))
    await a.load_game(outcome.row.id)  # kept by a, at this version
    theirs = await play_one(b, await b.load_game(outcome.row.id))
    mine = await a.load_game(outcome.row.id)
    assert mine.row.version == theirs.row.version == outcome.row.version + 1
    assert mine.state == theirs.state != outcome.state


async def test_a_prompt_is_stale_once_another_process_played_its_seat(two_services):
    a, b = two_services
    outcome = await play_one(a, await started(a))
    game = a.game(GAME)
    seat = game.to_act(outcome.state)[0]
    token = game.token(outcome.state, seat)
    await a.load_game(outcome.row.id)  # kept by a, with that token current
    await play_one(b, await b.load_game(outcome.row.id))  # b plays that same seat
    with pytest.raises(Refusal) as err:
        await a.act(outcome.row.id, outcome.row.seats[seat].user_id, "coin", token=token)
    assert err.value.stale


async def test_messages_written_by_another_process_show_on_a_kept_table(two_services):
    a, b = two_services
    outcome = await play_one(a, await started(a))
    await b.set_messages(outcome.row, board=555, step=777, step_key="roll-2")
    row = (await a.load_game(outcome.row.id)).row
    assert (row.board_message_id, row.step_message_id, row.step_key) == (555, 777, "roll-2")
    assert row.shown_version == outcome.row.version


async def test_a_table_closed_by_hand_is_not_served_from_memory(two_services):
    a, _ = two_services
    outcome = await play_one(a, await started(a))
    await execute(a.repo, "UPDATE games SET status = 'over', version = version + 1")
    with pytest.raises(Refusal) as err:
        await a.load_game(outcome.row.id)
    assert err.value.code == "game_over"


async def test_a_kept_table_is_neither_loaded_nor_parsed_again(two_services, monkeypatch):
    a, _ = two_services
    outcome = await play_one(a, await started(a))
    loads, parses = [], []
    real_load, rules = a.repo.load, a.game(GAME)
    real_parse = rules.load_state

    async def load(game_id):
        loads.append(game_id)
        return await real_load(game_id)

    def parse(text):
        parses.append(text)
        return real_parse(text)

    monkeypatch.setattr(a.repo, "load", load)
    monkeypatch.setattr(rules, "load_state", parse)
    loaded = await a.load_game(outcome.row.id)
    assert loaded.state is outcome.state
    assert (loads, parses) == ([], [])
