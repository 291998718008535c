"""The shared game contract: actions, seeded dice, the registry."""

import pytest

from engine.core import Action, ActionSyntaxError, roll
from engine.games import game_ids, get_game


def test_action_text_round_trips():
    for text in ["pick cod", "use cod+lobster", "star harbor:inuit", "coin", "oyster 2"]:
        assert Action.parse(text).text == text
        assert Action.parse(Action.parse(text).text) == Action.parse(text)


def test_action_parse_normalises_case_and_spaces():
    assert Action.parse("  PICK   Cod ") == Action("pick", ("cod",))


@pytest.mark.parametrize("text", ["", "   ", "pick <@123>", "pick cod; drop table", "x" * 61])
def test_malformed_action_text_is_refused_with_a_reason(text):
    with pytest.raises(ActionSyntaxError) as err:
        Action.parse(text)
    assert "is not an action" in err.value.reason


def test_same_seed_and_key_give_the_same_roll():
    assert roll("seed", "r1:boat", range(6), 5) == roll("seed", "r1:boat", range(6), 5)


def test_a_roll_does_not_depend_on_other_rolls():
    # Rolls are named, not drawn from a shared sequence: rolling something else first
    # (a Casino reroll, another phase) never shifts a later roll.
    before = roll("seed", "r2:town", range(6), 3)
    roll("seed", "r1:boat:casino:0", range(6), 1)
    assert roll("seed", "r2:town", range(6), 3) == before


def test_different_keys_give_independent_rolls():
    rolls = {tuple(roll("seed", f"r{i}", range(6), 4)) for i in range(50)}
    assert len(rolls) > 40


def test_rolls_are_fair_enough():
    faces = roll("fairness", "many", range(6), 60000)
    for face in range(6):
        assert 9400 < faces.count(face) < 10600


def test_registry_knows_fleet_dice():
    assert "fleet-dice" in game_ids()
    assert get_game("fleet-dice").name == "Fleet: The Dice Game"


def test_registry_refuses_an_unknown_game():
    with pytest.raises(KeyError, match="known games: fleet-dice"):
        get_game("chess")
