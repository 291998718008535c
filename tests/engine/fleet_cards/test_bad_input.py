"""Bad input gets a clear refusal and changes nothing."""

import json

import pytest

from engine.core.errors import EngineError, IllegalAction

from .builders import GAME, act, new


def refused(state, seat, text):
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, text)
    assert GAME.dump_state(state) == before
    assert err.value.reason
    return err.value


@pytest.mark.parametrize(
    "text", ["", "bid", "bid lots", "fly away", "pay", "launch whale", "open Cod!", "x" * 80]
)
def test_malformed_action_text_is_refused_as_syntax(text):
    state = new(2)
    assert refused(state, state.first_player, text).code == "syntax"


def test_an_action_of_a_seat_that_has_nothing_to_decide_is_refused():
    state = new(2)
    other = 1 - state.first_player
    assert refused(state, other, "decline").code == "not_your_turn"


def test_an_action_of_a_seat_that_does_not_exist_is_refused():
    assert refused(new(2), 5, "decline").code == "no_seat"


def test_an_action_answering_another_decision_is_refused_saying_what_is_owed():
    state = new(2)
    err = refused(state, state.first_player, "launch cod")
    assert err.code == "not_now" and err.fields["owed"] == "choose"


def test_nothing_can_be_played_once_the_game_is_over():
    state = new(2)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state = act(state, seat, GAME.default_action(state, seat).text)
    assert refused(state, 0, "decline").code == "over"
    assert GAME.legal_actions(state, 0) == []


@pytest.mark.parametrize("seats", [1, 5])
def test_a_table_of_the_wrong_size_is_refused(seats):
    with pytest.raises(EngineError, match="2 to 4"):
        GAME.start(seats, "x")


def test_unknown_options_and_an_unknown_card_file_are_refused():
    with pytest.raises(EngineError):
        GAME.start(2, "x", {"expansion": True})
    with pytest.raises(EngineError, match="card data"):
        GAME.start(2, "x", {"deck": "nope"})


def _saved(**change):
    data = json.loads(GAME.dump_state(new(2)))
    data.update(change)
    return json.dumps(data)


def test_a_damaged_saved_game_is_refused_with_a_reason():
    with pytest.raises(EngineError, match="corrupt"):
        GAME.load_state("not json")
    with pytest.raises(EngineError, match="phase"):
        GAME.load_state(_saved(phase="sailing"))
    with pytest.raises(EngineError, match="newer"):
        GAME.load_state(_saved(schema_version=99))


def test_a_saved_game_that_lost_or_doubled_a_card_is_refused():
    data = json.loads(GAME.dump_state(new(2)))
    lost = dict(data, deck=data["deck"][1:])
    with pytest.raises(EngineError, match="cards: missing"):
        GAME.load_state(json.dumps(lost))
    doubled = dict(data, deck=[*data["deck"], data["deck"][0]])
    with pytest.raises(EngineError, match="cards: doubled"):
        GAME.load_state(json.dumps(doubled))
    licenses = dict(data, row=[*data["row"], "pub"])
    with pytest.raises(EngineError, match="licenses"):
        GAME.load_state(json.dumps(licenses))
