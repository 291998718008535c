"""Fortune cards (RULES §9): each power, when it may be played, and that it becomes public."""

import pytest

from engine.black_fleet.movement import destinations
from engine.core.errors import IllegalAction
from tests.engine.black_fleet.builders import GAME, act, card, fortune, kinds, legal, table


def reach(state, ship):
    return destinations(GAME.house, state, ship)


def test_a_played_fortune_card_is_public_and_discarded():
    # RULES §9.1
    state = table(hand=[fortune("lucky_find")])
    state, events = act(state, "fortune lucky_find")
    assert state.captains[0].fortune == []
    assert state.fortune_discard[-1] == fortune("lucky_find")
    played = next(e for e in events if e.kind == "fortune")
    assert played.visible_to is None and played.data["kind"] == "lucky_find"


def test_fortune_cards_are_played_only_on_your_own_turn():
    # RULES §9.1
    state = table(seat=0)
    state.captains[1].fortune = [fortune("lucky_find")]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, "fortune lucky_find")
    assert err.value.code == "not_your_turn"


def test_fortune_cards_wait_for_the_movement_card():
    # RULES §9.1, ruling: only Navigator's Chart comes before it.
    state = table(stage="card", hand=[fortune("lucky_find"), fortune("navigators_chart")])
    options = legal(state)
    assert "fortune navigators_chart" in options
    assert "fortune lucky_find" not in options


def test_fair_wind_gives_one_own_ship_two_more_spaces():
    # RULES §9.2
    state = table(
        merchants={0: "B6"}, played=card("yellow", merchant=1), hand=[fortune("fair_wind")]
    )
    assert "fortune fair_wind merchant" in legal(state)
    state, _ = act(state, "fortune fair_wind merchant")
    assert max(r.cost for r in reach(state, "merchant").values()) == 3


def test_fair_wind_is_not_offered_for_a_ship_whose_move_is_over():
    # RULES §9.2, ruling
    state = table(merchants={0: "B6"}, pirates={0: "B8"}, hand=[fortune("fair_wind")])
    state, _ = act(state, "ship merchant", "to c6", "ship pirate", "to c8")
    assert "fortune fair_wind merchant" not in legal(state)
    assert "fortune fair_wind pirate" in legal(state)


def test_full_sail_gives_every_ship_one_more_space():
    # RULES §9.2
    played = card("yellow", navy_moves=1, pirate=2, merchant=3)
    state = table(
        merchants={0: "B6"}, pirates={0: "B8"}, played=played, hand=[fortune("full_sail")]
    )
    state, _ = act(state, "fortune full_sail")
    assert max(r.cost for r in reach(state, "merchant").values()) == 4
    assert max(r.cost for r in reach(state, "pirate").values()) == 3
    assert max(r.cost for r in reach(state, "yellow").values()) == 2


def test_second_patrol_commands_the_other_navy_ship_too():
    # RULES §9.2
    state = table(
        pirates={1: "I6"}, played=card("yellow", navy_moves=2), hand=[fortune("second_patrol")]
    )
    assert "attack purple i6" not in legal(state)
    state, _ = act(state, "fortune second_patrol")
    assert "attack purple i6" in legal(state)
    assert "ship purple" in legal(state)
    assert max(r.cost for r in reach(state, "purple").values()) == 2


def test_broadside_lets_a_navy_ship_attack_twice():
    # RULES §9.2
    state = table(pirates={1: "G6", 2: "E6"}, hand=[fortune("broadside")])
    state, _ = act(state, "fortune broadside", "attack yellow g6")
    assert "attack yellow e6" in legal(state)
    state, _ = act(state, "attack yellow e6")
    assert state.captains[2].pirate is None


def test_hit_and_run_lets_a_pirate_raid_then_bury():
    # RULES §9.2: card text beats the one-action rule.
    state = table(merchants={1: "G6"}, pirates={0: "G5"}, hand=[fortune("hit_and_run")])
    state, _ = act(state, "fortune hit_and_run", "attack pirate g6")
    assert "bury" in legal(state)
    state, _ = act(state, "bury")
    assert state.captains[0].doubloons == 2 + 6


def test_pirates_lair_puts_the_pirate_on_an_empty_lair():
    # RULES §9.2
    state = table(played=card("yellow", pirate=2), hand=[fortune("pirates_lair")])
    assert {"fortune pirates_lair k2", "fortune pirates_lair b9"} <= set(legal(state))
    state, _ = act(state, "fortune pirates_lair k2")
    assert state.captains[0].pirate == "K2"
    assert max(r.cost for r in reach(state, "pirate").values()) == 2


def test_pirates_lair_only_before_the_pirate_moves():
    # RULES §9.2, ruling
    state = table(pirates={0: "B6"}, hand=[fortune("pirates_lair")])
    state, _ = act(state, "ship pirate", "to c6")
    assert not [a for a in legal(state) if a.startswith("fortune pirates_lair")]


def test_smugglers_passage_lets_the_merchant_pass_enemy_ships():
    # RULES §9.2
    state = table(
        merchants={0: "B6"}, pirates={1: "C6"}, played=card("yellow", merchant=2),
        hand=[fortune("smugglers_passage")],
    )  # fmt: skip
    assert "D6" not in reach(state, "merchant")
    state, _ = act(state, "fortune smugglers_passage")
    assert "D6" in reach(state, "merchant") and "C6" not in reach(state, "merchant")


def test_bribe_takes_up_to_two_doubloons_from_an_opponent():
    # RULES §9.2
    state = table(doubloons={1: 5, 2: 1}, hand=[fortune("bribe"), fortune("bribe")])
    colour1, colour2 = state.captains[1].colour, state.captains[2].colour
    state, _ = act(state, f"fortune bribe {colour1}", f"fortune bribe {colour2}")
    assert [c.doubloons for c in state.captains] == [3, 3, 0]


def test_bribe_is_not_offered_against_a_player_without_doubloons():
    # RULES §9.2
    state = table(hand=[fortune("bribe")])
    assert not [a for a in legal(state) if a.startswith("fortune bribe")]


def test_favourable_market_adds_a_doubloon_per_cube_sold():
    # RULES §9.2; two of them add up (§9.3)
    state = table(
        merchants={0: "F2"}, cargo={0: ["red"] * 3},
        hand=[fortune("favourable_market"), fortune("favourable_market")],
    )  # fmt: skip
    state, _ = act(state, "fortune favourable_market", "fortune favourable_market", "trade")
    assert state.captains[0].doubloons == 6 + 3 + 3


def test_black_market_sells_a_colour_the_port_does_not_buy():
    # RULES §9.2: Puerto Dorado does not buy violet.
    state = table(merchants={0: "F2"}, cargo={0: ["violet"] * 3}, hand=[fortune("black_market")])
    state, _ = act(state, "fortune black_market", "trade")
    assert state.captains[0].doubloons == 3
    assert state.captains[0].cargo == ["yellow"] * 3


def test_black_market_never_sells_a_port_its_own_goods():
    # RULES §9.2, ruling
    state = table(merchants={0: "F2"}, cargo={0: ["yellow"] * 3}, hand=[fortune("black_market")])
    state, _ = act(state, "fortune black_market")
    assert "trade" not in legal(state)


def test_lucky_find_takes_two_from_the_bank():
    # RULES §9.2
    state = table(hand=[fortune("lucky_find")])
    state, _ = act(state, "fortune lucky_find")
    assert state.captains[0].doubloons == 2


def test_treasure_map_adds_two_to_a_burial():
    # RULES §9.2
    state = table(pirates={0: "E4"}, loot={0: ["red"]}, hand=[fortune("treasure_map")])
    state, _ = act(state, "fortune treasure_map", "bury")
    assert state.captains[0].doubloons == 4 + 2


def test_mutiny_moves_an_opponents_pirate_up_to_three_spaces():
    # RULES §9.2: the pirate must move; there is no going back.
    state = table(merchants={0: "C6"}, pirates={1: "B6"}, hand=[fortune("mutiny")])
    colour = state.captains[1].colour
    state, _ = act(state, f"fortune mutiny {colour}")
    assert state.stage == "course" and "back" not in legal(state)
    costs = reach(state, "pirate:1")
    assert max(r.cost for r in costs.values()) == 3
    state, events = act(state, "to b8")
    assert state.captains[1].pirate == "B8" and state.stage == "helm"
    move = next(e for e in events if e.kind == "move")
    assert move.data["owner"] == 1 and move.seat == 0


def test_mutiny_moves_no_pirate_that_cannot_move():
    # RULES §9.2: only pirates on the map, with somewhere to go.
    state = table(hand=[fortune("mutiny")])
    assert not [a for a in legal(state) if a.startswith("fortune mutiny")]


def test_plunder_makes_a_raid_pay_four():
    # RULES §9.2
    state = table(merchants={1: "F2"}, pirates={0: "E2"}, hand=[fortune("plunder")])
    state, _ = act(state, "fortune plunder", "attack pirate f2")
    assert state.captains[0].doubloons == 4


def test_navigators_chart_draws_two_movement_cards_then_discards_two():
    # RULES §9.2
    state = table(stage="card", hand=[fortune("navigators_chart")])
    before = list(state.captains[0].movement)
    state, events = act(state, "fortune navigators_chart")
    assert state.stage == "chart" and len(state.captains[0].movement) == 4
    drew = next(e for e in events if e.kind == "drew")
    assert drew.visible_to == frozenset({0})
    first = legal(state)[0]
    state, _ = act(state, first)
    state, _ = act(state, legal(state)[0])
    assert state.stage == "card" and len(state.captains[0].movement) == 2
    assert len(set(before) | set(drew.data["cards"])) == 4
    assert kinds(events).count("draw") == 1
