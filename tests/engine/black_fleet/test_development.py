"""Development cards: buying them (RULES §10) and every power (§11)."""

import pytest

from engine.black_fleet.movement import destinations
from engine.core.errors import IllegalAction
from tests.engine.black_fleet.builders import GAME, HOUSE, act, card, legal, table


def reach(state, ship):
    return destinations(GAME.house, state, ship)


def longest(state, ship):
    return max(r.cost for r in reach(state, ship).values())


# --- buying (§10) -------------------------------------------------------------------------


def test_buying_pays_the_price_and_turns_the_card_face_up():
    # RULES §10.1
    state = table(doubloons={0: 9})
    cheap = min(state.captains[0].development, key=lambda k: HOUSE.development[k].price)
    state, _ = act(state, "end")
    assert f"buy {cheap}" in legal(state)
    state, events = act(state, f"buy {cheap}")
    me = state.captains[0]
    assert cheap in me.bought and me.doubloons == 9 - HOUSE.development[cheap].price
    assert next(e for e in events if e.kind == "buy").visible_to is None
    assert state.turn.seat == 1  # one card a turn: the turn is over


def test_only_cards_you_can_afford_are_offered():
    # RULES §10.1
    state = table(doubloons={0: 7})
    state, _ = act(state, "end")
    offered = [a.split()[1] for a in legal(state) if a.startswith("buy ")]
    assert offered and all(HOUSE.development[k].price <= 7 for k in offered)


def test_with_nothing_affordable_the_turn_ends_without_asking():
    # RULES §10.1
    state = table(doubloons={0: 0})
    state, _ = act(state, "end")
    assert state.turn.seat == 1


def test_the_victory_card_comes_only_after_all_four():
    # RULES §10.1
    state = table(doubloons={0: 50})
    three = state.captains[0].development[:3]
    state = table(doubloons={0: 50}, bought={0: three})
    state, _ = act(state, "end")
    assert "buy victory" not in legal(state)
    state = table(doubloons={0: 50}, bought={0: list(table().captains[0].development)})
    state, _ = act(state, "end")
    assert legal(state) == ["buy victory", "pass"]


def test_a_card_not_dealt_to_you_cannot_be_bought():
    # RULES §10.1
    state = table(doubloons={0: 50})
    theirs = state.captains[1].development[0]
    state, _ = act(state, "end")
    with pytest.raises(IllegalAction) as err:
        act(state, f"buy {theirs}")
    assert err.value.code == "cannot_buy"


# --- powers (§11) --------------------------------------------------------------------------


def test_insurance_pays_when_your_merchant_is_raided():
    state = table(merchants={1: "F2"}, pirates={0: "E2"}, bought={1: ["insurance"]})
    state, _ = act(state, "attack pirate f2")
    assert state.captains[1].doubloons == 1


def test_insurance_pays_more_when_the_raid_sinks_your_merchant():
    state = table(
        merchants={1: "F2"}, cargo={1: ["red"]}, pirates={0: "E2"}, bought={1: ["insurance"]}
    )
    state, _ = act(state, "attack pirate f2")
    assert state.captains[1].doubloons == 3


def test_bounty_hunter_adds_to_a_navy_sinking():
    state = table(pirates={1: "G6"}, bought={0: ["bounty_hunter"]})
    state, _ = act(state, "attack yellow g6")
    assert state.captains[0].doubloons == 3


def test_quartermaster_adds_to_a_sale_of_three():
    state = table(merchants={0: "F2"}, cargo={0: ["red"] * 3}, bought={0: ["quartermaster"]})
    state, _ = act(state, "trade")
    assert state.captains[0].doubloons == 7


def test_quartermaster_adds_nothing_to_a_smaller_sale():
    state = table(merchants={0: "F2"}, cargo={0: ["red"] * 2}, bought={0: ["quartermaster"]})
    state, _ = act(state, "trade")
    assert state.captains[0].doubloons == 4


def test_lookout_keeps_four_fortune_cards():
    state = table(bought={0: ["lookout"]}, played=card("yellow", bottom="draw_2"))
    state.captains[0].fortune = state.fortune_deck[:3]
    del state.fortune_deck[:3]
    state, _ = act(state, "end")
    assert state.stage == "discard"  # five held, four kept
    state, _ = act(state, legal(state)[0])
    assert len(state.captains[0].fortune) == 4 and state.stage != "discard"


def test_treasure_hunter_adds_to_a_burial():
    state = table(pirates={0: "E4"}, loot={0: ["red"]}, bought={0: ["treasure_hunter"]})
    state, _ = act(state, "bury")
    assert state.captains[0].doubloons == 4 + 2


def test_trade_contacts_sells_a_colour_the_port_does_not_buy():
    state = table(merchants={0: "F2"}, cargo={0: ["violet"] * 3}, bought={0: ["trade_contacts"]})
    state, _ = act(state, "trade")
    amount = HOUSE.development["trade_contacts"].amount
    assert state.captains[0].doubloons == 3 * amount


def test_pirate_code_sells_treasure_at_a_dock():
    state = table(pirates={0: "F2"}, loot={0: ["red"]}, bought={0: ["pirate_code"]})
    state, _ = act(state, "sell")
    assert state.captains[0].doubloons == 2 and state.captains[0].loot == []


def test_pirate_code_needs_a_port_that_buys_the_treasure():
    state = table(pirates={0: "F2"}, loot={0: ["violet"]}, bought={0: ["pirate_code"]})
    assert "sell" not in legal(state)


def test_swift_pirate_moves_the_pirate_one_more_space():
    state = table(pirates={0: "B6"}, played=card("yellow", pirate=2), bought={0: ["swift_pirate"]})
    assert longest(state, "pirate") == 3


def test_armed_merchant_sinks_an_adjacent_enemy_pirate():
    state = table(
        merchants={0: "C6"},
        pirates={1: "D6"},
        navy={"yellow": "L8"},
        bought={0: ["armed_merchant"]},
    )
    state, _ = act(state, "attack merchant d6")
    assert state.captains[1].pirate is None and state.captains[0].doubloons == 2


def test_navigator_lets_the_merchant_pass_enemy_ships():
    state = table(
        merchants={0: "B6"}, pirates={1: "C6"}, played=card("yellow", merchant=2),
        bought={0: ["navigator"]},
    )  # fmt: skip
    assert "D6" in reach(state, "merchant")


def test_admirals_favour_draws_a_fortune_card_on_a_sinking():
    state = table(pirates={1: "G6"}, bought={0: ["admirals_favour"]}, hand=[])
    state, events = act(state, "attack yellow g6")
    assert len(state.captains[0].fortune) == 1
    drew = next(e for e in events if e.kind == "drew")
    assert drew.visible_to == frozenset({0})


def test_deckhands_moves_the_merchant_one_more_space():
    state = table(merchants={0: "B6"}, played=card("yellow", merchant=2), bought={0: ["deckhands"]})
    assert longest(state, "merchant") == 3


def test_shallow_draft_crosses_land_but_never_stops_there():
    # E5 is land between E6 and the beach on E4.
    state = table(merchants={0: "E6"}, played=card("yellow", merchant=2))
    assert "E4" not in reach(state, "merchant")
    state = table(
        merchants={0: "E6"}, played=card("yellow", merchant=2), bought={0: ["shallow_draft"]}
    )
    spaces = reach(state, "merchant")
    assert spaces["E4"].cost == 2  # across the land on E5
    assert not set(spaces) & HOUSE.map.land


def test_shallow_draft_is_not_for_the_navy():
    state = table(
        navy={"yellow": "E6"}, played=card("yellow", navy_moves=2), bought={0: ["shallow_draft"]}
    )
    assert "E4" not in reach(state, "yellow")  # only across the land on E5


def test_plunderer_lets_the_pirate_raid_then_bury():
    state = table(merchants={1: "G6"}, pirates={0: "G5"}, bought={0: ["plunderer"]})
    state, _ = act(state, "attack pirate g6", "bury")
    assert state.captains[0].doubloons == 2 + 6


def test_admiralty_friend_commands_either_navy_ship_but_only_one():
    state = table(pirates={1: "I6"}, played=card("yellow"), bought={0: ["admiralty_friend"]})
    assert {"ship yellow", "ship purple", "attack purple i6"} <= set(legal(state))
    state, _ = act(state, "attack purple i6")
    assert "ship yellow" not in legal(state)
    assert "ship purple" in legal(state)


def test_deep_hold_carries_two_cubes_and_buries_both():
    state = table(
        merchants={1: "G6"}, pirates={0: "G5"}, loot={0: ["red"]}, bought={0: ["deep_hold"]}
    )
    state, _ = act(state, "attack pirate g6")
    assert state.captains[0].loot == ["red", "red"]
    state = table(pirates={0: "G5"}, loot={0: ["red", "blue"]}, bought={0: ["deep_hold"]})
    state, _ = act(state, "bury")
    assert state.captains[0].doubloons == 12


def test_patron_pays_at_the_start_of_each_turn():
    state = table(seat=2, bought={0: ["patron"]}, doubloons={0: 0})
    state, _ = act(state, "end")
    assert state.turn.seat == 0 and state.captains[0].doubloons == 1


def test_seer_draws_back_up_to_three_movement_cards():
    state = table(bought={0: ["seer"]})
    state, _ = act(state, "end")
    assert len(state.captains[0].movement) == 3


def test_full_sail_moves_every_ship_one_more_space():
    played = card("yellow", navy_moves=1, pirate=2, merchant=3)
    state = table(
        merchants={0: "B6"}, pirates={0: "B8"}, played=played, bought={0: ["full_rigging"]}
    )
    assert longest(state, "merchant") == 4
    assert longest(state, "pirate") == 3
    assert longest(state, "yellow") == 2


def test_pirate_hideout_starts_the_pirate_from_a_far_seas_or_lair_space():
    state = table(
        pirates={0: "F8"}, played=card("yellow", pirate=1), bought={0: ["pirate_hideout"]}
    )
    spaces = reach(state, "pirate")
    assert spaces["K2"].cost == 0 and spaces["C1"].cost == 0 and "C2" in spaces
    state, events = act(state, "ship pirate", "to c2")
    assert next(e for e in events if e.kind == "move").data["via"] == "C1"
    state, _ = act(state, "ship pirate") if "ship pirate" in legal(state) else (state, [])
    assert "K2" not in reach(state, "pirate")  # only before the first move


def test_escort_protects_a_merchant_next_to_a_navy_ship():
    state = table(merchants={1: "E6"}, pirates={0: "D6"}, bought={1: ["escort"]})
    assert "attack pirate e6" not in legal(state)  # the yellow navy ship is on F6
    state = table(
        merchants={1: "E6"}, pirates={0: "D6"}, navy={"yellow": "L8"}, bought={1: ["escort"]}
    )
    assert "attack pirate e6" in legal(state)


def test_letter_of_marque_keeps_a_pirate_from_the_navy():
    state = table(pirates={1: "G6"}, bought={1: ["letter_of_marque"]})
    assert "attack yellow g6" not in legal(state)


def test_letter_of_marque_does_not_stop_an_armed_merchant():
    state = table(
        merchants={0: "C6"}, pirates={1: "D6"}, navy={"yellow": "L8"},
        bought={0: ["armed_merchant"], 1: ["letter_of_marque"]},
    )  # fmt: skip
    assert "attack merchant d6" in legal(state)


def test_trade_monopoly_adds_a_doubloon_per_cube_sold():
    state = table(merchants={0: "F2"}, cargo={0: ["red"] * 3}, bought={0: ["trade_monopoly"]})
    state, _ = act(state, "trade")
    assert state.captains[0].doubloons == 9


def test_master_gunner_lets_each_navy_ship_attack_twice():
    state = table(pirates={1: "G6", 2: "E6"}, bought={0: ["master_gunner"]})
    state, _ = act(state, "attack yellow g6", "attack yellow e6")
    assert state.captains[1].pirate is None and state.captains[2].pirate is None
