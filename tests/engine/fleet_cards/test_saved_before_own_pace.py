"""Games saved while a phase after the auction waited for everyone (before RULES §3.2 let
each seat go at its own pace) load and play on. The three texts in `saved/` were written by
that engine, mid-phase: one seat done, the other still to decide."""

import json
from pathlib import Path

import pytest

from engine.core.errors import EngineError

from .builders import GAME, new

SAVED = Path(__file__).parent / "saved"


def saved(phase: str) -> str:
    return (SAVED / f"{phase}.json").read_text()


def play_out(state):
    moves = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.default_action(state, seat))
        moves += 1
        assert moves < 5000
    return state


@pytest.mark.parametrize(
    ("phase", "stages"),
    [
        ("launch", [("hire", None), ("launch", "launch")]),
        ("processing", [("process", None), ("process", "process")]),
        ("draw", [("done", None), ("draw", "discard")]),
    ],
)
def test_a_game_saved_mid_phase_loads_as_the_same_moment_and_plays_to_the_end(phase, stages):
    # RULES §3.2: the seat that was done goes on with the next move at the table.
    state = GAME.load_state(saved(phase))
    assert state.phase == "work"
    assert [(p.stage, p.task) for p in state.players] == stages
    assert GAME.to_act(state) == [1]
    assert GAME.load_state(GAME.dump_state(state)) == state
    assert GAME.is_over(play_out(state))


def test_a_seat_done_hiring_in_a_saved_launch_phase_fishes_with_the_next_move():
    # RULES §7.3, §8.1: its Lobster draw and its catch, once anyone moves.
    state = GAME.load_state(saved("launch"))
    state, _ = GAME.apply(state, 1, "stop")
    assert state.players[0].stage not in ("launch", "hire")


def test_a_seat_without_a_place_in_the_round_is_refused_as_corrupt():
    data = json.loads(GAME.dump_state(new(2)))
    with pytest.raises(EngineError, match="stage"):
        GAME.load_state(json.dumps(dict(data, phase="work")))
    data["players"][0]["stage"] = "draw"
    with pytest.raises(EngineError, match="stage"):
        GAME.load_state(json.dumps(data))
