"""Bad input gets a clear refusal and changes nothing."""

import json
import random

import pytest

from engine.core.errors import EngineError, IllegalAction
from tests.engine.black_fleet.builders import GAME, act, table


@pytest.mark.parametrize(
    "text", ["", "fly away", "to", "attack pirate", "to f7 f8", "TO F7!", "x" * 80]
)
def test_malformed_action_text_is_refused_as_syntax(text):
    state = table(merchants={0: "B6"})
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, text)
    assert err.value.code == "syntax"
    assert GAME.dump_state(state) == before


@pytest.mark.parametrize(
    ("seat", "text", "reason"),
    [
        (0, "fly away", "'fly' is not an action of Black Fleet."),
        (0, "attack pirate", "'attack pirate' has the wrong number of parts for 'attack'."),
        (0, "move pirate j9 x y", "'move pirate j9 x y' has the wrong number of parts for 'move'."),
        (1, "end", "It is not your turn; wait until the table comes to you."),
        (7, "end", "There is no seat 8 at this table."),
    ],
)
def test_the_refusals_before_the_rules_keep_their_words(seat, text, reason):
    # RULES §5: one seat acts at a time; a malformed text is told apart from a wrong turn.
    with pytest.raises(IllegalAction) as err:
        GAME.apply(table(seat=0), seat, text)
    assert err.value.reason == reason


def test_an_action_of_the_wrong_seat_is_refused():
    state = table(seat=0)
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, "end")
    assert err.value.code == "not_your_turn"
    assert GAME.dump_state(state) == before
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 7, "end")
    assert err.value.code == "no_seat"


def test_an_action_of_another_step_is_refused_with_what_is_owed():
    state = table(stage="card")
    with pytest.raises(IllegalAction) as err:
        act(state, "end")
    assert err.value.code == "not_now" and err.value.fields["owed"] == "card"


def test_an_action_not_possible_from_where_the_ships_are_is_refused():
    state = table(merchants={0: "B6"})
    with pytest.raises(IllegalAction) as err:
        act(state, "trade")
    assert err.value.code == "cannot_act"


def test_nothing_can_be_played_once_the_game_is_over():
    state = table()
    state.stage = "over"
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "end")
    assert err.value.code == "over"


def test_a_corrupt_saved_game_is_refused_with_the_field_named():
    state = table()
    data = json.loads(GAME.dump_state(state))
    data["captains"][1]["doubloons"] = "lots"
    with pytest.raises(EngineError) as err:
        GAME.load_state(json.dumps(data))
    assert "captains.1.doubloons" in str(err.value)
    with pytest.raises(EngineError):
        GAME.load_state("{not json")


def test_a_saved_game_with_an_unknown_card_is_refused():
    data = json.loads(GAME.dump_state(table()))
    data["captains"][0]["fortune"] = ["f999"]
    with pytest.raises(EngineError) as err:
        GAME.load_state(json.dumps(data))
    assert "f999" in str(err.value)


def test_a_saved_game_from_a_newer_engine_is_refused():
    data = json.loads(GAME.dump_state(table()))
    data["schema_version"] = 99
    with pytest.raises(EngineError) as err:
        GAME.load_state(json.dumps(data))
    assert "newer" in str(err.value)


def test_the_quick_check_of_an_action_agrees_with_the_list_of_legal_actions():
    # apply checks a helm action alone; it must accept exactly what legal_actions lists.
    from engine.black_fleet.decisions import DECISIONS
    from engine.black_fleet.work import Work
    from engine.core.actions import Action

    state, _ = GAME.start(4, "agree")
    rng = random.Random(5)
    checked = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if state.stage == "helm":
            spaces = [s.lower() for s in GAME.house.map.sea]
            candidates = {Action("ship", (s,)) for s in ("merchant", "pirate", "yellow", "purple")}
            candidates |= {Action(v) for v in ("trade", "bury", "sell", "end")}
            candidates |= {
                Action("attack", (ship, sp)) for ship in ("pirate", "yellow") for sp in spaces
            }
            candidates |= {Action("fortune", (c.key,)) for c in GAME.house.fortune.values()}
            for action in candidates | set(legal):
                allowed = DECISIONS.kinds["helm"].allows(Work(GAME.house, state), seat, action)
                assert allowed == (action in legal)
            checked += 1
        state, _ = GAME.apply(state, seat, rng.choice(legal))
    assert checked


def test_a_choice_listed_for_one_state_is_checked_anew_on_another():
    # apply looks an action up in the choices it listed last only for that very state: the
    # same table once the ship has moved no longer offers the move.
    state = table(merchants={0: "B6"})
    listed = GAME.legal_actions(state, 0)
    move = next(a for a in listed if a.verb == "move" and a.args[0] == "merchant")
    moved, _ = GAME.apply(state, 0, move)
    GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(moved, 0, move)


def test_the_listed_choices_can_be_changed_by_the_caller_without_changing_the_rules():
    state = table(merchants={0: "B6"})
    listed = GAME.legal_actions(state, 0)
    end = next(a for a in listed if a.text == "end")
    listed.clear()
    assert end in GAME.legal_actions(state, 0)
    GAME.apply(state, 0, end)
