"""RULES §17: the rulings from the second reading of the rulebooks, one test each."""

from engine.core.errors import IllegalAction
from engine.fleet_dice import solo
from engine.fleet_dice.flow import held
from engine.fleet_dice.modules import gold_winners
from engine.fleet_dice.scoring import building_vp
from engine.fleet_dice.state import RuthState, Task

from .builders import (
    GAME,
    SHEET,
    act,
    blank,
    completed,
    deciding,
    filled,
    marked,
    table,
    texts,
    using,
    with_boats,
)


def solo_table(**markers):
    state = blank(1)
    state.ruth = RuthState(**markers)
    return state


def test_17_1_ruths_joker_in_the_town_phase_comes_after_the_market():
    state = solo_table(boat="cod")
    state.phase = "town"
    face, section, count, why = solo.choose(table(state), ["coins", "market"])
    assert face == "market" and why == {"reason": "market_star"}
    filled(state.players[0], "cod")  # no boat die of use; no star: the joker, for what it is
    state.players[0].coins = "x" * len(state.players[0].coins)
    face, section, count, why = solo.choose(table(state), ["coins", "market"])
    assert (face, section, count) == ("coins", "lobster", 1)
    assert why == {"reason": "joker", "after_town": "1"}


def test_17_2_every_oyster_boat_may_take_a_coin_without_an_oyster_license():
    state = deciding(blank(), 0, Task(kind="fish", source="round"))
    p = state.players[0]
    assert p.licenses["oyster"] == 0
    with_boats(p, "oyster", 0, 1)
    state.players[0].tasks = []
    from engine.fleet_dice.fishing import start_fishing

    t = table(state)
    start_fishing(t, 0, "round")
    t.flush(0)
    assert [tk.kind for tk in state.players[0].tasks] == ["oyster"]
    assert texts(GAME.legal_actions(state, 0)) == ["oyster 0", "oyster 1", "oyster 2"]


def test_17_3_a_star_action_may_be_declined_and_nothing_is_marked():
    state = deciding(blank(), 0, Task(kind="star", source="swordfish"))
    assert "skip" in texts(GAME.legal_actions(state, 0))
    before = dict(state.players[0].marks)
    after, events = GAME.apply(state, 0, "skip")
    assert after.players[0].marks == before
    assert all(task.kind != "star" for task in after.players[0].tasks)
    assert [(e.kind, e.data["source"]) for e in events if e.kind == "skip"] == [
        ("skip", "swordfish")
    ]


def test_17_3_policies_and_the_default_never_decline_a_star_with_a_target():
    import random

    state = deciding(blank(), 0, Task(kind="star", source="coins"))
    legal = GAME.legal_actions(state, 0)
    view = GAME.view(state, 0)
    assert GAME.default_action(state, 0).verb == "star"
    picks = {GAME.policies["random"](view, 0, legal, random.Random(n)).verb for n in range(60)}
    assert picks == {"star"}


def test_17_4_the_seafood_buffet_serves_from_the_round_after_its_completion():
    state = using(blank(round_number=3), 0, "wharf")
    marked(state.players[0], "wharf:seafood_buffet", 1)
    state = act(state, 0, "use wharf:seafood_buffet")
    assert "seafood_buffet" in state.players[0].completed
    same_round = using(state, 0, "cod")
    assert "buffet cod" not in texts(GAME.legal_actions(same_round, 0))
    next_round = using(state, 0, "cod")
    next_round.round = 4
    assert "buffet cod" in texts(GAME.legal_actions(next_round, 0))


def test_17_5_a_king_crab_bonus_in_a_simultaneous_step_waits_for_earlier_seats():
    state = blank(3)
    state.first_player = 1  # turn order this round: 1, 2, 0
    state.stage = "leftover"
    for p in state.players:
        p.tasks = [Task(kind="use", face="cod")]
    state.players[2].tasks = [Task(kind="bonus")]
    assert held(state, 2) and GAME.to_act(state) == [0, 1]
    assert GAME.legal_actions(state, 2) == []
    try:
        GAME.apply(state, 2, "bonus fish")
        raise AssertionError("a held seat cannot choose yet")
    except IllegalAction as exc:
        assert exc.code == "held"
    state.players[1].tasks = []  # seat 1, before seat 2, is done; seat 0 comes after
    assert not held(state, 2) and GAME.to_act(state) == [0, 2]


def test_17_6_the_first_picker_uses_the_leftover_completely_before_ruth():
    # The player picked first (odd round): Ruth's leftover use comes after the player's, so a
    # contested last box goes to the player, and Ruth acts on what is left.
    state = solo_table()
    state.round, state.phase, state.stage = 1, "boat", "leftover"
    state.order = solo.pick_order(1)
    state.leftover = "cod"
    marked(state.players[0], "cod", 11)
    state.players[0].tasks = [Task(kind="use", face="cod")]
    after = act(state, 0, "use cod")
    assert after.players[0].marks["cod"][-1] == "x"  # the player got the last box


def test_17_7_ruth_with_nothing_to_cross_spends_the_leftover_with_no_effect():
    state = solo_table(harbor="king_crab")
    for ship in ("king_crab", "captains_club", "research_vessel", "barge", "inuit"):
        filled(state.players[0], f"harbor:{ship}")
    state.leftover = "harbor"
    t = table(state)
    solo.ruth_uses_leftover(t)
    (event,) = [e for e in t.events if e.kind == "ruth"]
    assert event.data["reason"] == "nothing" and not [e for e in t.events if e.kind == "cross"]
    state.phase = "town"
    face, section, _, _ = solo.choose(table(state), ["harbor", "wharf"])
    assert (face, section) == ("wharf", "wharf:casino"), "a full route falls through"


def test_17_8_annas_bank_and_the_pub_complete_when_ruth_crosses_their_last_box():
    state = solo_table()
    marked(state.players[0], "wharf:fishermens_pub", 3)
    t = table(state)
    solo.cross(t, "wharf:fishermens_pub", 1)
    assert state.players[0].completed == ["fishermens_pub"]
    assert building_vp(SHEET, state.players[0]) == 10
    other = solo_table()
    other.players[0].marks["wharf:bait_shop"] = "x."  # an activation circle stays unfired
    solo.cross(table(other), "wharf:bait_shop", 1)
    assert other.players[0].completed == []


def test_17_8_a_building_ruth_crossed_entirely_is_lost():
    # DE: "Am UFER kannst du ein Gebäude vervollständigen, wenn die Kapitänin noch nicht alle
    # in dem Gebäude vorhandenen Kästchen durchgestrichen hat." PT: "você ainda pode completar
    # uma construção se o fizer antes que a capitã risque todas as caixas daquela construção."
    state = solo_table()
    t = table(state)
    solo.cross(t, "wharf:fishermens_pub", 2)
    solo.cross(t, "wharf:fishermens_pub", 2)
    assert state.players[0].marks["wharf:fishermens_pub"] == "////"
    assert state.players[0].completed == []
    assert not [e for e in t.events if e.kind == "complete"]
    assert building_vp(SHEET, state.players[0]) == 0
    bank = solo_table()
    bank.players[0].marks["wharf:annas_bank"] = ".////"
    solo.cross(table(bank), "wharf:annas_bank", 1)
    assert bank.players[0].marks["wharf:annas_bank"] == "/////"
    assert bank.players[0].completed == []


def test_17_9_nobody_scores_a_gold_trophy_whose_best_value_is_zero():
    state = blank(2)
    assert gold_winners(SHEET, state.players, "fish") == []
    completed(state.players[0], "casino")
    assert gold_winners(SHEET, state.players, "buildings") == [0]


def test_17_10_rank_titles_are_codes_the_front_words_in_each_language():
    from engine.fleet_dice.scoring import SOLO_RANKS

    assert [code for _, code in SOLO_RANKS] == [
        "salty_captain",
        "my_captain",
        "helmsman",
        "deckhand",
        "greenhorn",
    ]
