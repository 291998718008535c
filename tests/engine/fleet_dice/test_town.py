"""RULES §11: harbor ships and wharf buildings."""

from engine.fleet_dice.marking import mark
from engine.fleet_dice.player import king_crab_license

from .builders import GAME, SHEET, act, blank, marked, table, texts, using


def test_inuit_first_box_is_a_circle_launching_an_inuit_boat():
    # RULES §11, example D
    state = act(using(blank(), 0, "harbor"), 0, "use harbor:inuit")
    assert state.players[0].boats["inuit"] == [0]


def test_king_crab_license_circle_asks_for_a_bonus_nobody_has_taken():
    state = blank(2)
    state.players[1].king_crab_bonus = "fish"
    marked(state.players[0], "harbor:king_crab", 1)
    state = act(using(state, 0, "harbor"), 0, "use harbor:king_crab")
    assert king_crab_license(SHEET, state.players[0])
    bonuses = texts(GAME.legal_actions(state, 0))
    assert "bonus fish" not in bonuses and len(bonuses) == 5
    state = act(state, 0, "bonus buildings")
    assert state.players[0].king_crab_bonus == "buildings"


def test_later_king_crab_circles_launch_king_crab_boats():
    state = blank()
    marked(state.players[0], "harbor:king_crab", 3)
    mark(table(state), 0, "harbor:king_crab")
    assert state.players[0].boats["king_crab"] == [0]


def test_research_vessel_launches_on_every_circle():
    state = blank()
    t = table(state)
    for _ in range(5):
        mark(t, 0, "harbor:research_vessel")
    assert state.players[0].boats["research_vessel"] == [0] * 5


def test_barge_launches_on_its_circle():
    state = blank()
    t = table(state)
    for _ in range(3):
        mark(t, 0, "harbor:barge")
    assert state.players[0].boats["barge"] == [0]


def test_a_building_completes_when_its_last_box_is_marked():
    state = blank()
    t = table(state)
    mark(t, 0, "wharf:casino")
    assert state.players[0].completed == []
    mark(t, 0, "wharf:casino")
    assert state.players[0].completed == ["casino"]


def test_boxes_without_circles_do_nothing_but_lead_on():
    state = blank()
    mark(table(state), 0, "harbor:captains_club")
    assert state.players[0].tasks == [] and state.players[0].boats == {}
