"""RULES §15: solo mode against Captain Ruth."""

import pytest

from engine.fleet_dice import solo
from engine.fleet_dice.state import RUTH, RuthState

from .builders import GAME, act, blank, completed, filled, marked, table, texts, using


def solo_table(**markers):
    state = blank(1)
    state.ruth = RuthState(**markers)
    return state


def test_solo_setup_uses_two_player_pools_eight_rounds_and_three_markers():
    state = GAME.new_game(1, "solo")
    assert state.rounds == 8
    assert len(state.pool) == 3
    assert state.ruth == RuthState(boat="shrimp", harbor="king_crab", wharf="casino")


def test_player_picks_first_in_odd_rounds_ruth_in_even_rounds():
    assert solo.pick_order(1) == [0, RUTH]
    assert solo.pick_order(2) == [RUTH, 0]


def test_example_i_markers_move_along_their_routes():
    # RULES §16 I: at the end of round 5: Oyster → Shrimp, Inuit → King Crab, Canning → Smokehouse.
    state = solo_table(boat="oyster", harbor="inuit", wharf="ridback_canning")
    solo.move_markers(table(state))
    assert state.ruth == RuthState(boat="shrimp", harbor="king_crab", wharf="smokehouse")


def test_markers_from_the_start_reach_example_i_after_five_rounds():
    state = solo_table()
    for _ in range(4):
        solo.move_markers(table(state))
    assert state.ruth == RuthState(boat="oyster", harbor="inuit", wharf="ridback_canning")


def test_markers_skip_sections_with_no_open_box():
    state = solo_table(boat="shrimp", harbor="king_crab", wharf="casino")
    p = state.players[0]
    filled(p, "cod")
    filled(p, "harbor:captains_club")
    filled(p, "wharf:annas_bank")
    solo.move_markers(table(state))
    assert state.ruth == RuthState(boat="lobster", harbor="research_vessel", wharf="scrap_yard")


def test_boat_phase_ruth_takes_the_die_her_marker_is_on():
    state = solo_table(boat="cod")
    face, section, count, why = solo.choose(table(state), ["shrimp", "cod", "oyster"])
    assert (face, section, count) == ("cod", "cod", 2)
    assert why == {"reason": "boat_marker", "section": "cod"}


def test_boat_phase_ruth_takes_the_next_type_along_her_route():
    state = solo_table(boat="cod")
    face, section, count, why = solo.choose(table(state), ["shrimp", "oyster", "coins"])
    assert (face, section, count) == ("oyster", "oyster", 2)
    assert why["reason"] == "boat_route"


def test_ruth_skips_types_whose_column_has_no_open_box():
    state = solo_table(boat="cod")
    filled(state.players[0], "oyster")
    face, *_ = solo.choose(table(state), ["shrimp", "oyster"])
    assert face == "shrimp"


def test_three_coins_is_her_joker_only_when_nothing_else_is_possible():
    state = solo_table(boat="lobster")
    filled(state.players[0], "cod")
    face, section, count, why = solo.choose(table(state), ["cod", "coins"])
    assert (face, section, count) == ("coins", "lobster", 1)
    assert why == {"reason": "joker"}


def test_joker_crosses_the_next_column_along_the_route_with_an_open_box():
    state = solo_table(boat="lobster")
    filled(state.players[0], "lobster")
    face, section, count, _ = solo.choose(table(state), ["coins", "coins"])
    assert (face, section, count) == ("coins", "swordfish", 1)


def test_ruth_takes_an_exhausted_die_and_passes_when_nothing_else_remains():
    state = solo_table(boat="shrimp")
    filled(state.players[0], "cod")
    filled(state.players[0], "oyster")
    face, section, count, why = solo.choose(table(state), ["oyster", "cod"])
    assert section is None and count == 0 and face in ("cod", "oyster")
    assert why == {"reason": "exhausted"}


@pytest.mark.parametrize(
    ("pool", "face"),
    [
        (["market", "wharf", "harbor", "cod"], "harbor"),
        (["market", "wharf", "cod"], "wharf"),
        (["market", "market", "cod"], "cod"),
        (["market", "market", "coins"], "market"),  # §17.1: the joker comes last
        (["coins", "coins"], "coins"),
        (["market", "market"], "market"),
    ],
)
def test_town_phase_priority_harbor_wharf_boat_die_market(pool, face):
    state = solo_table()
    state.phase = "town"
    assert solo.choose(table(state), pool)[0] == face


def test_town_dice_target_the_section_her_marker_is_on_or_the_next_open_one():
    state = solo_table(harbor="barge", wharf="casino")
    state.phase = "town"
    filled(state.players[0], "harbor:barge")
    assert solo.choose(table(state), ["harbor"])[1] == "harbor:inuit"
    assert solo.choose(table(state), ["wharf"])[1] == "wharf:casino"


def test_a_chosen_die_crosses_the_two_bottom_most_open_boxes():
    state = solo_table()
    marked(state.players[0], "cod", 3)
    solo.cross(table(state), "cod", 2)
    assert state.players[0].marks["cod"] == "xxx.......//"


def test_the_leftover_die_crosses_one_bottom_most_box():
    state = solo_table()
    state.leftover = "swordfish"
    solo.ruth_uses_leftover(table(state))
    assert state.players[0].marks["swordfish"].endswith("./")


def test_crossed_boxes_are_closed_and_a_crossed_circle_never_fires():
    state = using(solo_table(), 0, "harbor")
    p = state.players[0]
    marked(p, "harbor:barge", 2)
    p.marks["harbor:barge"] = "xx/"
    assert "use harbor:barge" not in texts(GAME.legal_actions(state, 0))
    assert "barge" not in p.boats


def test_wharf_exception_a_building_completes_if_the_player_marks_its_last_open_box():
    # Ruth crossed the Casino's activation circle; the player marks the last open box.
    state = using(solo_table(), 0, "wharf")
    state.players[0].marks["wharf:casino"] = "./"
    state = act(state, 0, "use wharf:casino")
    assert state.players[0].completed == ["casino"]


def test_a_building_ruth_finishes_crossing_is_not_complete():
    state = solo_table()
    state.players[0].marks["wharf:bait_shop"] = "x."
    solo.cross(table(state), "wharf:bait_shop", 1)
    assert state.players[0].marks["wharf:bait_shop"] == "x/"
    assert state.players[0].completed == []


def test_ruth_can_wipe_out_a_two_box_building_in_one_action():
    state = solo_table()
    solo.cross(table(state), "wharf:smokehouse", 2)
    assert state.players[0].marks["wharf:smokehouse"] == "//"


def test_annas_bank_scores_only_boxes_the_player_marked():
    from engine.fleet_dice.scoring import breakdown

    from .builders import SHEET

    state = solo_table()
    state.players[0].marks["wharf:annas_bank"] = "xx.//"
    completed(state.players[0], "fishermens_pub")
    assert breakdown(SHEET, state, 0)["buildings"] == 2 * 2 + 10


def test_market_die_crosses_the_next_open_star_and_coins_skip_it_without_a_star_action():
    state = solo_table()
    solo.cross(table(state), "coins", 1)
    assert state.players[0].coins[2] == "/"
    state = act(using(state, 0, "coins"), 0, "use coins")
    p = state.players[0]
    assert p.coins.startswith("xx/x")
    assert p.tasks == [] or p.tasks[0].kind != "star"


def test_leftover_market_die_crosses_a_star_too():
    state = solo_table()
    state.leftover = "market"
    solo.ruth_uses_leftover(table(state))
    assert state.players[0].coins[2] == "/"


def test_first_picker_gets_a_contested_last_box_player_first():
    # Odd round: the player picked first, so the player's leftover mark comes before Ruth's.
    state = _leftover_round(1, "cod")
    state = act(state, 0, "use cod")
    assert state.players[0].marks["cod"][-1] == "x"


def test_first_picker_gets_a_contested_last_box_ruth_first():
    state = _leftover_round(2, "cod")
    assert state.players[0].marks["cod"][-1] == "/"
    assert "use cod" not in texts(GAME.legal_actions(state, 0))


def test_every_ruth_decision_is_an_event_with_a_reason():
    state, events = GAME.start(1, "reasons")
    while state.round < 3:
        seat = GAME.to_act(state)[0]
        state, new = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
        events += new
    ruth = [e for e in events if e.kind == "ruth"]
    assert len(ruth) == 2 * 2 * 2  # 2 rounds x 2 phases x (a pick and a leftover)
    reasons = {"boat_marker", "boat_route", "joker", "exhausted", "harbor_first", "wharf_next"}
    reasons |= {"market_star", "no_use", "leftover_boat", "leftover_full", "harbor_marker"}
    reasons |= {"wharf_marker"}
    assert all(e.data["reason"] in reasons for e in ruth)
    assert [e.data["leftover"] for e in ruth[:2]] == [False, True]


def _leftover_round(round_number, face):
    """A solo table at the leftover step with one open cod box left."""
    state = solo_table()
    state.round = round_number
    state.phase = "boat"
    state.order = solo.pick_order(round_number)
    state.picks = 2
    state.pool = [face]
    marked(state.players[0], "cod", 11)
    from engine.fleet_dice.flow import advance

    t = table(state)
    advance(t)
    return state
