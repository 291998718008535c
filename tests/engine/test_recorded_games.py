"""The engine plays recorded games exactly as it did when they were recorded: the same seed,
the same policies and the same actions give the same legal actions, views, tokens, states,
events, results and strong decisions (`tests.engine.recorded.chain`), and a state saved then loads
and saves again unchanged."""

import pytest

from engine.games import get_game
from tests.engine.recorded.chain import EVERY, PLAN, load, play

CASES = [(game_id, i) for game_id, plans in PLAN.items() for i in range(len(plans))]
SAVED = [(game_id, i) for game_id, i in CASES if i % 5 == 0]


@pytest.fixture(scope="module")
def recordings():
    return {game_id: load(game_id) for game_id in PLAN}


@pytest.mark.parametrize(("game_id", "index"), CASES)
def test_recorded_game_plays_the_same_bit_for_bit(recordings, game_id, index):
    recorded = recordings[game_id][index]
    played = play(game_id, index, PLAN[game_id][index])
    before, now = recorded["checkpoints"].split(), played["checkpoints"].split()
    differ = next((i for i, (a, b) in enumerate(zip(before, now, strict=False)) if a != b), None)
    assert differ is None, f"the game differs before action {(differ or 0) * EVERY + EVERY}"
    assert played["actions"] == recorded["actions"]
    assert played["final"] == recorded["final"]
    assert played["strong"] == recorded["strong"]


@pytest.mark.parametrize(("game_id", "index"), SAVED)
def test_a_state_saved_before_loads_and_saves_unchanged(recordings, game_id, index):
    game = get_game(game_id)
    saved = recordings[game_id][index]["saved"]
    state = game.load_state(saved)
    assert game.dump_state(state) == saved
    seat = game.to_act(state)[0]
    assert game.legal_actions(state, seat)
