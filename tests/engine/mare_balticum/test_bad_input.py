"""Bad input gets a clear refusal and changes nothing."""

import json

import pytest

from engine.core.actions import Action
from engine.core.errors import EngineError, IllegalAction

from .builders import GAME, edit, started, turn_of


@pytest.mark.parametrize(
    "text", ["fish", "fly away", "fish bba s@lmon", "play x3 salmon cod", "", "x" * 70]
)
def test_malformed_action_text_is_refused_and_changes_nothing(text):
    state = turn_of(started(3), 0)
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, text)
    assert err.value.code == "syntax"
    assert err.value.reason
    assert GAME.dump_state(state) == before


@pytest.mark.parametrize(
    "action",
    [Action("fish", ("bba",)), Action("fly"), Action("unload", ()), Action("play", ("x3", "s@"))],
)
def test_a_malformed_action_given_as_a_value_is_refused_as_text_is_and_changes_nothing(action):
    state = turn_of(started(3), 0)
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, action)
    assert err.value.code == "syntax"
    assert GAME.dump_state(state) == before


def test_an_action_of_the_wrong_seat_is_refused():
    state = turn_of(started(3), 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, "launch sta")
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 7, "launch ore")
    assert err.value.code == "no_seat"


def test_an_action_of_another_decision_names_what_is_owed():
    state = turn_of(started(3), 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "play x3 salmon")
    assert err.value.code == "not_now"
    assert err.value.fields["owed"] == "turn"


def test_a_space_not_on_the_map_is_named_in_the_refusal():
    state = turn_of(started(3), 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "launch zz")
    assert err.value.code == "no_space"


def test_nothing_is_played_after_the_end():
    state = edit(started(3), phase="over")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "launch ore")
    assert err.value.code == "over"


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (lambda d: "{not json", "corrupt"),
        (lambda d: json.dumps({**d, "phase": "lunch"}), "phase"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "seed"}), "seed"),
        (lambda d: json.dumps({**d, "tokens": {"KOB": []}}), "sea"),
        (lambda d: json.dumps({**d, "schema_version": 99}), "newer"),
    ],
)
def test_a_corrupt_saved_game_is_refused_with_a_reason(damage, why):
    data = json.loads(GAME.dump_state(started(3)))
    with pytest.raises(EngineError, match=why):
        GAME.load_state(damage(data))


def test_a_boat_off_the_map_in_a_saved_game_is_refused():
    data = json.loads(GAME.dump_state(started(3)))
    data["players"][0]["boats"] = ["ATL"]
    with pytest.raises(EngineError, match="boat"):
        GAME.load_state(json.dumps(data))


@pytest.mark.parametrize("options", [{"contracts": "maybe"}, {"tides": True}, {"map": 3}])
def test_bad_options_are_refused(options):
    with pytest.raises(EngineError, match="bad options"):
        GAME.start(3, "s", options)


@pytest.mark.parametrize("seats", [2, 6])
def test_only_three_to_five_players(seats):
    with pytest.raises(EngineError, match="3 to 5"):
        GAME.start(seats, "s")
