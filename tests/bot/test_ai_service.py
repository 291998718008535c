"""Strong AI seats in the table service: a click saves the player's move and leaves the
strong seat's move to `play_ai`, which thinks it out in the thinker and saves it with the
same optimistic version check as any move; normal seats, autopilot and deadlines play at
once, with the heuristic."""

import pytest

from bot.refusals import Refusal
from bot.service import TableService
from bot.storage import SqliteRepository
from bot.thinking import PoolThinker
from engine.core.search import STRONG, ai_action
from engine.games import get_game
from tests.clock import TestClock

from .helpers import open_table

GAME = "fleet-cards"


class Counting:
    """A thinker in the test's own task, with a small budget; `before` runs at each call
    (to save something else while the seat thinks)."""

    def __init__(self) -> None:
        self.calls: list[int] = []
        self.before = None

    async def __call__(self, game, state, seat, seed):
        self.calls.append(seat)
        if self.before is not None:
            await self.before()
        return ai_action(game, state, seat, STRONG, seed, 4)

    def close(self) -> None:
        pass


@pytest.fixture
async def service(tmp_path):
    clock = TestClock()
    repo = await SqliteRepository.open(tmp_path / "s.db", clock)
    yield TableService(repo, clock, thinker=Counting())
    await repo.close()


async def with_strong_ai(service, humans=1):
    row = await open_table(service, 1, 1, game=GAME)
    for user in range(2, humans + 1):
        await service.join(row.id, user, f"u{user}")
    await service.add_ai(row.id, 1, "AI 1 (strong)", STRONG)
    return await service.start(row.id, 1)


async def until_the_ai_thinks(service, outcome):
    """Humans play their default moves until a move leaves the strong seat to think."""
    game = service.game(GAME)
    for _ in range(300):
        if outcome.thinking:
            return outcome
        row, state = outcome.row, outcome.state
        seat = next(s for s in game.to_act(state) if not row.seats[s].is_ai)
        action = game.default_action(state, seat)
        outcome = await service.act(row.id, row.seats[seat].user_id, action.text)
    raise AssertionError("the strong seat never had to move")


async def test_a_players_move_is_saved_and_the_strong_seats_move_is_left_to_think(service):
    outcome = await until_the_ai_thinks(service, await with_strong_ai(service))
    game = service.game(GAME)
    ai = len(outcome.row.seats) - 1
    assert ai in game.to_act(outcome.state)
    assert service.thinker.calls == [], "nothing was thought out during the click"
    assert await service.owed_ai_moves() == [outcome.row.id]
    played = await service.play_ai(outcome.row.id)
    assert played is not None and played.row.version == outcome.row.version + 1
    assert service.thinker.calls == [ai]
    logged = await service.repo.actions(outcome.row.id)
    assert (logged[-1].seat, logged[-1].user_id, logged[-1].version) == (
        ai,
        None,
        played.row.version,
    )


async def test_play_ai_does_nothing_when_no_strong_seat_must_move(service):
    outcome = await with_strong_ai(service)
    while outcome.thinking:
        outcome = await service.play_ai(outcome.row.id)
    assert await service.play_ai(outcome.row.id) is None
    assert await service.owed_ai_moves() == []


async def test_a_move_saved_while_the_strong_seat_thinks_makes_it_think_again(service):
    """The optimistic version check: the seat's first thought is about a game that moved on
    (another save came first), so it is not saved; the seat thinks again on the new state."""
    outcome = await until_the_ai_thinks(service, await with_strong_ai(service))
    thinker = service.thinker
    repo = service.repo

    async def someone_else_saves():
        thinker.before = None
        row = await repo.load(outcome.row.id)
        await repo.save(row, row.version)

    thinker.before = someone_else_saves
    played = await service.play_ai(outcome.row.id)
    assert played is not None
    assert len(thinker.calls) == 2
    ai_moves = [e for e in await repo.actions(outcome.row.id) if e.version == played.row.version]
    assert ai_moves and ai_moves[0].user_id is None, "the move was saved once, by the second try"


async def test_an_ai_seat_of_an_unknown_level_is_refused(service):
    row = await open_table(service, 1, 1, game=GAME)
    with pytest.raises(Refusal) as err:
        await service.add_ai(row.id, 1, "AI 1", "grandmaster")
    assert err.value.code == "bad_button"
    assert len((await service.row(row.id)).seats) == 1


async def test_autopilot_plays_the_normal_move_at_once(service):
    """An absent player's seat plays the heuristic during the click, never the search."""
    row = await open_table(service, 1, 1, game=GAME)
    await service.join(row.id, 2, "b")
    outcome = await service.start(row.id, 1)
    outcome = await service.set_autopilot(row.id, 1, False, 2, True)
    game = service.game(GAME)
    assert all(outcome.row.seats[s].user_id == 1 for s in game.to_act(outcome.state))
    assert not outcome.thinking and service.thinker.calls == []


async def test_a_worker_process_decides_as_this_process_would():
    """The bot's thinker sends the saved state to another process and gets the action back."""
    game = get_game("black-fleet")
    state, _ = game.start(3, "pool")
    seat = game.to_act(state)[0]
    while len(game.legal_actions(state, seat)) < 3:
        state, _ = game.apply(state, seat, game.default_action(state, seat))
        seat = game.to_act(state)[0]
    thinker = PoolThinker(workers=1, playouts=4)
    try:
        chosen = await thinker(game, state, seat, "seed")
    finally:
        thinker.close()
    assert chosen == ai_action(game, state, seat, STRONG, "seed", 4)
