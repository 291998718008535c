"""The one action of each ship (RULES §7) and when it may come (§5.3, §6.3)."""

import random

import pytest

from engine.black_fleet import shipactions
from engine.black_fleet.movement import destinations
from engine.core.errors import IllegalAction
from tests.engine.black_fleet.builders import GAME, act, card, kinds, legal, table


def test_trade_sells_the_whole_cargo_and_loads_three_of_the_port():
    # RULES §7.1: Puerto Dorado (F2) pays 2 a red cube and produces yellow.
    state = table(merchants={0: "F2"}, cargo={0: ["red"] * 3})
    supply = dict(state.supply)
    state, events = act(state, "trade")
    me = state.captains[0]
    assert me.doubloons == 6
    assert me.cargo == ["yellow"] * 3
    assert state.supply["red"] == supply["red"] + 3
    assert state.supply["yellow"] == supply["yellow"] - 3
    assert kinds(events) == ["trade"]


def test_a_partial_cargo_is_sold_all_the_same():
    # RULES §7.1
    state = table(merchants={0: "F2"}, cargo={0: ["blue"]})
    state, _ = act(state, "trade")
    assert state.captains[0].doubloons == 3
    assert state.captains[0].cargo == ["yellow"] * 3


def test_a_port_never_buys_its_own_goods_or_colours_it_does_not_show():
    # RULES §7.1: Puerto Dorado produces yellow and does not buy violet.
    for goods in ("yellow", "violet"):
        state = table(merchants={0: "F2"}, cargo={0: [goods] * 3})
        assert "trade" not in legal(state)


def test_a_port_short_of_cubes_loads_what_it_has():
    # RULES §7.1, ruling
    state = table(merchants={0: "F2"}, cargo={0: ["red"] * 3})
    state.supply["yellow"] = 2
    state, _ = act(state, "trade")
    assert state.captains[0].cargo == ["yellow", "yellow"]
    assert state.supply["yellow"] == 0


def test_an_empty_merchant_loads_without_selling():
    # RULES §7.1, ruling
    state = table(merchants={0: "F2"}, cargo={0: []})
    state, _ = act(state, "trade")
    assert state.captains[0].cargo == ["yellow"] * 3
    assert state.captains[0].doubloons == 0


def test_a_merchant_trades_before_it_moves():
    # RULES §5.3: the action may come before the move.
    state = table(merchants={0: "F2"}, cargo={0: ["red"] * 3}, played=card("yellow", merchant=3))
    state, _ = act(state, "trade", "ship merchant", "to e2")
    assert state.captains[0].merchant == "E2"
    assert "trade" not in legal(state)


def test_a_pirate_raids_an_adjacent_enemy_merchant():
    # RULES §7.2
    state = table(merchants={1: "F2"}, pirates={0: "E2"})
    assert "attack pirate f2" in legal(state)
    state, _ = act(state, "attack pirate f2")
    assert state.captains[0].loot == ["yellow"]
    assert state.captains[0].doubloons == 2
    assert state.captains[1].cargo == ["yellow"] * 2
    assert state.captains[1].merchant == "F2"


def test_a_raid_that_empties_a_merchant_sinks_it():
    # RULES §7.2
    state = table(merchants={1: "F2"}, cargo={1: ["red"]}, pirates={0: "E2"})
    state, events = act(state, "attack pirate f2")
    assert state.captains[1].merchant is None
    assert next(e for e in events if e.kind == "raid").data["sunk"] is True


def test_a_sunk_merchant_comes_back_on_a_dock_before_the_movement_card():
    # RULES §5.1
    state = table(merchants={1: "F2"}, cargo={1: ["red"]}, pirates={0: "E2"})
    state, _ = act(state, "attack pirate f2", "end")
    while state.stage == "buy" or state.turn.seat != 1:
        seat = state.turn.seat
        state, _ = act(state, "pass" if state.stage == "buy" else legal(state)[0])
        assert seat != 1 or state.stage != "card"
    assert state.stage == "dock"
    assert all(a.startswith("dock ") for a in legal(state))
    state, _ = act(state, "dock l3")
    # Its pirate is still off the map: it comes in next, then the movement card (§6.4).
    assert state.captains[1].cargo == ["red"] * 3 and state.stage == "enter"


def test_a_loaded_pirate_cannot_raid():
    # RULES §7.2
    state = table(merchants={1: "F2"}, pirates={0: "E2"}, loot={0: ["blue"]})
    assert not [a for a in legal(state) if a.startswith("attack")]


def test_a_pirate_never_raids_its_own_merchant():
    # RULES §7
    state = table(merchants={0: "F2"}, pirates={0: "E2"})
    assert not [a for a in legal(state) if a.startswith("attack")]


def test_a_merchant_can_be_raided_on_its_dock():
    # RULES §7: there is no safe place, not even a dock.
    state = table(merchants={1: "G2"}, pirates={0: "H2"}, navy={"yellow": "C6"})
    assert "attack pirate g2" in legal(state)


def test_a_pirate_buries_its_treasure_on_a_beach():
    # RULES §7.3: G5 is a beach worth 6.
    state = table(pirates={0: "G5"}, loot={0: ["blue"]})
    supply = state.supply["blue"]
    state, _ = act(state, "bury")
    assert state.captains[0].doubloons == 6
    assert state.captains[0].loot == []
    assert state.supply["blue"] == supply + 1
    assert state.buried["G5"] == 1


def test_a_pirate_cannot_raid_and_bury_in_one_turn():
    # RULES §7.3
    state = table(merchants={1: "G6"}, pirates={0: "G5"})
    state, _ = act(state, "attack pirate g6")
    assert state.captains[0].loot
    assert "bury" not in legal(state)


def test_a_navy_ship_sinks_an_adjacent_enemy_pirate():
    # RULES §7.4: its treasure goes back to its port.
    state = table(pirates={1: "G6"}, loot={1: ["green"]})
    supply = state.supply["green"]
    state, _ = act(state, "attack yellow g6")
    assert state.captains[1].pirate is None and state.captains[1].loot == []
    assert state.supply["green"] == supply + 1
    assert state.captains[0].doubloons == 2


def test_the_navy_never_sinks_your_own_pirate():
    # RULES §7.4
    state = table(pirates={0: "G6"})
    assert not [a for a in legal(state) if a.startswith("attack")]


def test_a_pirate_cannot_attack_the_navy():
    # RULES §7.4: only merchants are a pirate's prey.
    state = table(pirates={0: "E6"})
    assert not [a for a in legal(state) if a.startswith("attack")]
    with pytest.raises(IllegalAction):
        act(state, "attack pirate f6")


def test_a_ship_makes_one_action_per_turn():
    # RULES §7: the navy sinks one pirate, not two.
    state = table(pirates={1: "G6", 2: "E6"})
    state, _ = act(state, "attack yellow g6")
    assert "attack yellow e6" not in legal(state)


def test_a_ship_acts_during_its_move():
    # RULES §5.5, ruling: move part of the way, raid, sail on.
    state = table(merchants={1: "D6"}, pirates={0: "B6"}, played=card("yellow", pirate=4))
    state, _ = act(state, "ship pirate", "to c6", "attack pirate d6", "ship pirate")
    assert "to c8" in legal(state)  # two steps left of four
    state, _ = act(state, "to c8")
    assert state.captains[0].pirate == "C8" and state.captains[0].loot


def test_an_action_may_follow_another_ship_moving():
    # RULES §6.3, ruling: moving another ship ends a move, not the chance to act.
    state = table(merchants={0: "E2", 1: "B3"}, pirates={0: "C6"}, cargo={0: ["red"] * 3})
    state, _ = act(state, "ship merchant", "to f2", "ship pirate", "to c7")
    assert "trade" in legal(state)


def reference_follow_ups(state, ship, space):
    """What a ship could do on arriving at `space`, asked space by space (RULES §7)."""
    words = []
    if ship == "merchant":
        if shipactions.sale(GAME.house, state, space) and shipactions.can_act(
            GAME.house, state, "merchant", "trade"
        ):
            words.append("trade")
        words += [
            f"attack:{t.lower()}"
            for t in shipactions.sink_targets(GAME.house, state, "merchant", space)
        ]
    elif ship == "pirate":
        if shipactions.can_act(GAME.house, state, "pirate", "raid"):
            words += [
                f"attack:{t.lower()}" for t in shipactions.raid_targets(GAME.house, state, space)
            ]
        if shipactions.bury_value(GAME.house, state, space) is not None:
            words.append("bury")
        if shipactions.pirate_sale(GAME.house, state, space) is not None:
            words.append("sell")
    else:
        words += [
            f"attack:{t.lower()}" for t in shipactions.sink_targets(GAME.house, state, ship, space)
        ]
    return sorted(words)


def test_a_move_offers_with_it_exactly_the_actions_the_ship_could_make_there():
    # RULES §5.5, §7: "move pirate g8 attack:g7" is the move, then the raid, with the same
    # checks; the offer is found from the targets, and agrees with asking space by space.
    checked = 0
    for n in range(4):
        state, _ = GAME.start(3, f"follow:{n}")
        rng = random.Random(n)
        while not GAME.is_over(state) and state.round < 12:
            seat = GAME.to_act(state)[0]
            if state.stage == "helm":
                for ship in ("merchant", "pirate", "yellow", "purple"):
                    found = shipactions.follow_up_map(GAME.house, state, ship)
                    for space in destinations(GAME.house, state, ship):
                        assert sorted(found.get(space, [])) == reference_follow_ups(
                            state, ship, space
                        )
                        checked += 1
            state, _ = GAME.apply(
                state,
                seat,
                GAME.policies["random"](None, seat, GAME.legal_actions(state, seat), rng),
            )
    assert checked > 1000
