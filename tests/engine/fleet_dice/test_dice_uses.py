"""RULES §5 (using a die) and §10 (license bonuses)."""

import pytest

from engine.core.errors import IllegalAction
from engine.fleet_dice.dice import BOAT_FACES, TOWN_FACES

from .builders import GAME, act, blank, completed, filled, marked, texts, using


def test_boat_face_marks_its_own_column():
    state = act(using(blank(), 0, "lobster"), 0, "use lobster")
    assert state.players[0].marks["lobster"].startswith("x.")


def test_without_a_shrimp_license_a_die_is_only_its_own_face():
    state = using(blank(), 0, "shrimp")
    assert [a for a in texts(GAME.legal_actions(state, 0)) if a.startswith("use")] == ["use shrimp"]


def test_three_coins_face_gains_three_coins():
    state = act(using(blank(), 0, "coins"), 0, "use coins")
    assert state.players[0].coins.count("x") == 3


def test_harbor_die_marks_any_one_harbor_ship():
    state = using(blank(), 0, "harbor")
    uses = texts(GAME.legal_actions(state, 0))
    assert [u for u in uses if u.startswith("use")] == [
        "use harbor:king_crab",
        "use harbor:captains_club",
        "use harbor:research_vessel",
        "use harbor:barge",
        "use harbor:inuit",
    ]


def test_wharf_die_marks_any_one_wharf_building():
    state = using(blank(), 0, "wharf")
    assert len([u for u in texts(GAME.legal_actions(state, 0)) if u.startswith("use")]) == 8
    state = act(state, 0, "use wharf:annas_bank")
    assert state.players[0].marks["wharf:annas_bank"] == "x...."


@pytest.mark.parametrize(
    ("fish", "coins"), [(0, 2), (4, 2), (5, 3), (11, 3), (12, 4), (39, 6), (40, 7)]
)
def test_market_pays_by_total_fish(fish, coins):
    # RULES §11
    state = using(blank(), 0, "market")
    state.players[0].boats["cod"] = [min(fish, 4)] * (fish // 4) + ([fish % 4] if fish % 4 else [])
    state = act(state, 0, "use market")
    assert state.players[0].coins.count("x") == coins


def test_smokehouse_adds_two_coins_at_the_market():
    state = using(blank(), 0, "market")
    completed(state.players[0], "smokehouse")
    state = act(state, 0, "use market")
    assert state.players[0].coins.count("x") == 2 + 2


@pytest.mark.parametrize("face", [*BOAT_FACES, *TOWN_FACES[::2]])
def test_any_die_may_be_taken_as_one_coin(face):
    for chosen in (True, False):
        state = act(using(blank(), 0, face, chosen), 0, "coin")
        assert state.players[0].coins.count("x") == 1


def test_bait_shop_makes_a_die_taken_as_coin_give_two():
    state = using(blank(), 0, "cod")
    completed(state.players[0], "bait_shop")
    assert act(state, 0, "coin").players[0].coins.count("x") == 2


def test_seafood_buffet_lets_a_boat_die_fill_its_hexagon_once():
    state = using(blank(), 0, "cod")
    completed(state.players[0], "seafood_buffet")
    assert "buffet cod" in texts(GAME.legal_actions(state, 0))
    state = act(state, 0, "buffet cod")
    assert state.players[0].hexagons == ["cod"]
    again = using(state, 0, "cod", chosen=False)
    assert "buffet cod" not in texts(GAME.legal_actions(again, 0))


def test_seafood_buffet_takes_no_three_coins_and_needs_the_building():
    state = using(blank(), 0, "coins")
    completed(state.players[0], "seafood_buffet")
    assert not [a for a in texts(GAME.legal_actions(state, 0)) if a.startswith("buffet")]
    state = using(blank(), 0, "cod")
    assert "buffet cod" not in texts(GAME.legal_actions(state, 0))


def test_shrimp_license_never_applies_to_the_buffet():
    state = using(blank(), 0, "shrimp")
    state.players[0].licenses["shrimp"] = 3
    completed(state.players[0], "seafood_buffet")
    buffets = [a for a in texts(GAME.legal_actions(state, 0)) if a.startswith("buffet")]
    assert buffets == ["buffet shrimp"]
    state = act(state, 0, "buffet shrimp")
    assert state.players[0].tasks == [] or state.players[0].tasks[0].kind != "star"


def test_scrap_yard_turns_any_die_into_a_star_action_three_times():
    state = blank()
    completed(state.players[0], "scrap_yard")
    for use in range(3):
        state = using(state, 0, "market", chosen=False)
        state = act(state, 0, "scrap")
        assert GAME.pending(state, 0).kind == "star"
        state = act(state, 0, "star cod")
        assert state.players[0].scrap_uses == use + 1
    state = using(state, 0, "market", chosen=False)
    assert "scrap" not in texts(GAME.legal_actions(state, 0))


def test_casino_rerolls_the_chosen_die_once_per_phase_and_the_new_face_must_be_used():
    state = using(blank(), 0, "cod")
    completed(state.players[0], "casino")
    assert "reroll" in texts(GAME.legal_actions(state, 0))
    after, events = GAME.apply(state, 0, "reroll")
    new_face = GAME.pending(after, 0).face
    assert new_face in BOAT_FACES
    assert any(e.kind == "reroll" for e in events)
    assert "reroll" not in texts(GAME.legal_actions(after, 0))
    if new_face != "cod":
        assert "use cod" not in texts(GAME.legal_actions(after, 0))


def test_casino_never_rerolls_the_leftover_die():
    state = using(blank(), 0, "cod", chosen=False)
    completed(state.players[0], "casino")
    assert "reroll" not in texts(GAME.legal_actions(state, 0))


def test_casino_reroll_of_a_town_die_stays_a_town_die():
    state = using(blank(phase="town"), 0, "market")
    completed(state.players[0], "casino")
    after = act(state, 0, "reroll")
    assert GAME.pending(after, 0).face in TOWN_FACES


# --- §10 license bonuses --------------------------------------------------------------------


def test_shrimp_level1_chosen_shrimp_may_be_any_boat_face_three_coins_included():
    state = using(blank(), 0, "shrimp")
    state.players[0].licenses["shrimp"] = 1
    uses = texts(GAME.legal_actions(state, 0))
    for face in ["shrimp", "cod", "lobster", "swordfish", "oyster", "coins"]:
        assert f"use {face}" in uses
    state = act(state, 0, "use swordfish")
    assert state.players[0].marks["swordfish"].startswith("x.")
    assert state.players[0].tasks == [] or state.players[0].tasks[0].kind != "star"


def test_shrimp_license_never_applies_to_the_leftover_die():
    state = using(blank(), 0, "shrimp", chosen=False)
    state.players[0].licenses["shrimp"] = 3
    assert [u for u in texts(GAME.legal_actions(state, 0)) if u.startswith("use")] == ["use shrimp"]


def test_shrimp_level2_adds_one_star_action():
    state = using(blank(), 0, "shrimp")
    state.players[0].licenses["shrimp"] = 2
    state = act(state, 0, "use cod")
    assert [t.kind for t in state.players[0].tasks] == ["star"]


def test_shrimp_level3_uses_the_die_as_two_boat_faces_and_a_star():
    state = using(blank(), 0, "shrimp")
    state.players[0].licenses["shrimp"] = 3
    uses = [u for u in texts(GAME.legal_actions(state, 0)) if u.startswith("use")]
    assert "use cod+lobster" in uses and "use cod+cod" in uses and "use coins+coins" in uses
    assert "use cod" not in uses
    state = act(state, 0, "use cod+lobster")
    p = state.players[0]
    assert p.marks["cod"].startswith("x.") and p.marks["lobster"].startswith("x.")
    assert [t.kind for t in p.tasks] == ["star"]


def test_shrimp_level3_same_face_twice_needs_two_open_boxes():
    state = using(blank(), 0, "shrimp")
    state.players[0].licenses["shrimp"] = 3
    marked(state.players[0], "cod", 11)
    assert "use cod+cod" not in texts(GAME.legal_actions(state, 0))


def test_shrimp_level3_second_face_waits_for_the_first_faces_decision():
    # RULES §4: depth-first. Box 5 of oyster is a ? circle.
    state = using(blank(), 0, "shrimp")
    state.players[0].licenses["shrimp"] = 3
    marked(state.players[0], "cod", 4)
    state = act(state, 0, "use cod+lobster")
    assert [t.kind for t in state.players[0].tasks] == ["circle", "mark", "star"]


@pytest.mark.parametrize("level", [1, 2, 3])
def test_cod_license_pays_for_every_launch_harbor_boats_included(level):
    state = using(blank(), 0, "harbor")
    state.players[0].licenses["cod"] = level
    state = act(state, 0, "use harbor:research_vessel")
    assert state.players[0].boats["research_vessel"] == [0]
    assert state.players[0].coins.count("x") == level


def test_captains_club_is_not_a_boat_for_the_cod_license():
    state = using(blank(), 0, "harbor")
    state.players[0].licenses["cod"] = 3
    marked(state.players[0], "harbor:captains_club", 1)
    state = act(state, 0, "use harbor:captains_club")
    assert state.players[0].coins.count("x") == 0


def test_an_illegal_use_is_refused_and_changes_nothing():
    state = using(blank(), 0, "cod")
    before = GAME.dump_state(state)
    for bad in ["use lobster", "buffet cod", "scrap", "reroll", "use harbor:barge", "pick cod"]:
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, bad)
    assert GAME.dump_state(state) == before


def test_filled_column_leaves_coin_as_the_use():
    state = using(blank(), 0, "cod")
    filled(state.players[0], "cod")
    assert texts(GAME.legal_actions(state, 0)) == ["coin"]
