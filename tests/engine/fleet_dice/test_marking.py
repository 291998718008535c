"""RULES §4 (golden rules of marking), §6 (columns, licenses, boats), §9 (star actions)."""

import pytest

from engine.core.errors import IllegalAction
from engine.fleet_dice.marking import mark
from engine.fleet_dice.state import Task

from .builders import GAME, act, blank, deciding, filled, marked, table, texts, using, with_coins


def test_marking_takes_the_top_most_open_box():
    # RULES §4: never skip.
    state = blank()
    marked(state.players[0], "cod", 3)
    t = table(state)
    mark(t, 0, "cod")
    assert state.players[0].marks["cod"].startswith("xxxx.")


def test_a_section_with_no_open_box_cannot_be_chosen():
    # RULES §4
    state = using(blank(), 0, "cod")
    filled(state.players[0], "cod")
    assert "use cod" not in texts(GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "use cod")


def test_l_circle_activates_the_next_license():
    # RULES §6: box 2 of the house column is an L.
    state = using(blank(), 0, "cod")
    marked(state.players[0], "cod", 1)
    state = act(state, 0, "use cod")
    assert state.players[0].licenses["cod"] == 1


def test_level2_license_pays_two_coins():
    # RULES §6
    state = blank()
    state.players[0].licenses["lobster"] = 1
    marked(state.players[0], "lobster", 6)  # box 7 is the second L
    t = table(state)
    mark(t, 0, "lobster")
    assert state.players[0].licenses["lobster"] == 2
    assert state.players[0].coins.startswith("xx.")


def test_new_license_level_replaces_the_old_bonus():
    # RULES §6, §10: bonuses never add up: Lobster 2 gives +2 income, not +3.
    from engine.fleet_dice.player import income

    state = blank()
    state.players[0].licenses["lobster"] = 2
    assert income(table(state).sheet, state.players[0]) == 1 + 2


def test_l_with_all_levels_active_does_nothing():
    # RULES §6
    state = blank()
    state.players[0].licenses["cod"] = 3
    marked(state.players[0], "cod", 1)
    t = table(state)
    mark(t, 0, "cod")
    assert state.players[0].licenses["cod"] == 3
    assert state.players[0].coins.count("x") == 0


def test_b_circle_launches_the_next_boat():
    # RULES §6: box 3 is a B.
    state = blank()
    marked(state.players[0], "swordfish", 2)
    mark(table(state), 0, "swordfish")
    assert state.players[0].boats["swordfish"] == [0]


def test_b_with_every_boat_launched_does_nothing():
    state = blank()
    state.players[0].boats["shrimp"] = [0, 0, 0, 0]
    marked(state.players[0], "shrimp", 2)
    mark(table(state), 0, "shrimp")
    assert len(state.players[0].boats["shrimp"]) == 4


def test_question_circle_lets_the_player_choose():
    # RULES §6: ? (box 5) with both effects possible asks license or boat.
    state = using(blank(), 0, "oyster")
    marked(state.players[0], "oyster", 4)
    state = act(state, 0, "use oyster")
    assert texts(GAME.legal_actions(state, 0)) == ["choose license", "choose boat"]
    boat = act(state, 0, "choose boat")
    assert boat.players[0].boats["oyster"] == [0] and boat.players[0].licenses["oyster"] == 0
    lic = act(state, 0, "choose license")
    assert lic.players[0].licenses["oyster"] == 1 and "oyster" not in lic.players[0].boats


def test_question_circle_with_one_effect_takes_that_one():
    # RULES §6: if only one has an effect, that one.
    state = blank()
    state.players[0].licenses["cod"] = 3
    marked(state.players[0], "cod", 4)
    mark(table(state), 0, "cod")
    assert state.players[0].boats["cod"] == [0]
    assert state.players[0].tasks == []


def test_question_circle_with_no_effect_does_nothing():
    state = blank()
    state.players[0].licenses["cod"] = 3
    state.players[0].boats["cod"] = [0, 0, 0, 0]
    marked(state.players[0], "cod", 4)
    mark(table(state), 0, "cod")
    assert state.players[0].tasks == []


def test_coins_mark_the_coin_track_and_a_star_box_grants_a_star_action():
    # RULES §4, example F: 3 coins crossing one star → one star action at once.
    state = using(blank(), 0, "coins")
    with_coins(state.players[0], 1)  # the star is box 3
    state = act(state, 0, "use coins")
    assert state.players[0].coins.startswith("xxxx.")
    assert GAME.pending(state, 0).kind == "star"
    state = act(state, 0, "star wharf:bait_shop")
    assert state.players[0].marks["wharf:bait_shop"] == "x."


def test_star_action_marks_any_section_and_resolves_its_circle():
    # RULES §9
    state = deciding(blank(), 0, Task(kind="star", source="test"))
    marked(state.players[0], "cod", 2)
    state = act(state, 0, "star cod")
    assert state.players[0].boats["cod"] == [0]


def test_star_action_targets_are_every_section_with_an_open_box():
    # RULES §9: never a coin, fish, license or boat box, nor a hexagon — those are not sections.
    state = deciding(blank(), 0, Task(kind="star", source="test"))
    filled(state.players[0], "cod")
    targets = [t for t in texts(GAME.legal_actions(state, 0)) if t != "skip"]
    assert len(targets) == 5 - 1 + 5 + 8
    assert "star cod" not in targets and "star harbor:inuit" in targets


def test_star_action_is_forfeited_when_nothing_is_markable():
    # RULES §9
    state = blank()
    for section in list(state.players[0].marks):
        filled(state.players[0], section)
    state = using(state, 0, "coins")
    with_coins(state.players[0], 1)
    state, events = GAME.apply(state, 0, "use coins")
    assert GAME.pending(state, 0) is None or GAME.pending(state, 0).kind != "star"
    assert any(e.kind == "forfeit" for e in events)


def test_chains_resolve_depth_first_in_order():
    # RULES §4: the first face's level-2 license pays 2 coins, crossing the star on box 3;
    # that star action comes before the die's second face and the Shrimp L2+ star.
    state = using(blank(), 0, "shrimp")
    p = state.players[0]
    p.licenses.update(shrimp=3, cod=1)
    marked(p, "cod", 6)  # box 7 is the second L
    with_coins(p, 1)
    state = act(state, 0, "use cod+lobster")
    tasks = state.players[0].tasks
    assert [(t.kind, t.source or t.section) for t in tasks] == [
        ("star", "coins"),
        ("mark", "lobster"),
        ("star", "Shrimp license"),
    ]
    assert state.players[0].licenses["cod"] == 2


def test_several_star_actions_are_carried_out_one_after_another():
    # RULES §9
    state = using(blank(), 0, "market")
    p = state.players[0]
    with_coins(p, 5)
    p.boats["cod"] = [4] * 4 + []
    p.boats["swordfish"] = [4] * 4
    p.boats["lobster"] = [3] * 4  # 44 fish → market pays 7: boxes 6-12, stars 6, 9, 12
    state = act(state, 0, "use market")
    assert [t.kind for t in state.players[0].tasks] == ["star", "star", "star"]
    state = act(state, 0, "star wharf:casino", "star wharf:casino")
    assert state.players[0].completed == ["casino"]
    assert [t.kind for t in state.players[0].tasks] == ["star"]
