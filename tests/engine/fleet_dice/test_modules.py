"""RULES §14: captain cards and trophies."""

from engine.fleet_dice.flow import check_silver
from engine.fleet_dice.modules import CAPTAINS
from engine.fleet_dice.scoring import breakdown, result

from .builders import GAME, SHEET, blank, completed, table


def test_captain_cards_replace_the_start_roll_and_mark_their_boxes():
    state = GAME.new_game(4, "captains", {"captains": True})
    dealt = [p.captain for p in state.players]
    assert len(set(dealt)) == 4 and all(c in CAPTAINS for c in dealt)
    for p in state.players:
        card = CAPTAINS[p.captain]
        assert p.start is None
        boat = card.start_marks[0]
        assert p.marks[boat].startswith("xxx.")
        assert p.licenses[boat] == 1 and p.boats[boat] == [0]
        extra = card.start_marks[3]
        assert p.marks[extra].startswith("x")


def test_captain_cod_launches_a_research_vessel_at_setup():
    state = blank()
    p = state.players[0]
    p.captain = "cod"
    p.boats = {"research_vessel": [0], "cod": [0]}
    assert breakdown(SHEET, state, 0)["bonus"] == 2


def test_captain_bonus_is_capped_at_eight():
    state = blank()
    p = state.players[0]
    p.captain = "swordfish"  # 2 VP per full boat
    p.boats = {"cod": [4, 4, 4, 4], "shrimp": [3, 3]}
    assert breakdown(SHEET, state, 0)["bonus"] == 8


def test_trophies_draw_one_gold_and_one_silver():
    state = GAME.new_game(2, "trophies", {"trophies": True})
    assert state.gold and state.silver


def test_gold_trophy_goes_to_every_player_tied_for_most_at_game_end():
    state = blank(3)
    state.gold = "fish"
    state.phase = "over"
    state.players[0].boats = {"cod": [4]}
    state.players[1].boats = {"cod": [4]}
    state.players[2].boats = {"cod": [1]}
    bonus = [s.breakdown["bonus"] for s in sorted(result(SHEET, state).seats, key=lambda s: s.seat)]
    assert bonus == [5, 5, 0]


def test_gold_trophy_is_not_counted_before_the_end():
    state = blank(2)
    state.gold = "fish"
    state.players[0].boats = {"cod": [4]}
    assert breakdown(SHEET, state, 0)["bonus"] == 0


def test_silver_trophy_goes_to_the_first_to_reach_it_only():
    state = blank(2)
    state.silver = "buildings"
    for b in ["casino", "smokehouse", "bait_shop"]:
        completed(state.players[0], b)
    check_silver(table(state))
    assert state.silver_seats == [0]
    for b in ["casino", "smokehouse", "bait_shop"]:
        completed(state.players[1], b)
    check_silver(table(state))
    assert state.silver_seats == [0]


def test_silver_trophy_is_shared_by_simultaneous_achievers():
    state = blank(2)
    state.silver = "level3"
    state.players[0].licenses["cod"] = 3
    state.players[1].licenses["oyster"] = 3
    check_silver(table(state))
    assert state.silver_seats == [0, 1]
    assert breakdown(SHEET, state, 1)["bonus"] == 5


def test_modules_are_off_unless_asked_for():
    state = GAME.new_game(2, "plain")
    assert state.gold is None and state.silver is None
    assert all(p.captain is None for p in state.players)
