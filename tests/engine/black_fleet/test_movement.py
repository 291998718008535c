"""Moving ships (RULES §5.5, §6)."""

import pytest

from engine.black_fleet import flow
from engine.black_fleet.movement import destinations
from engine.black_fleet.work import Work
from engine.core.errors import IllegalAction
from tests.engine.black_fleet.builders import GAME, act, card, legal, table


def spaces(state, ship):
    return set(destinations(GAME.house, state, ship))


def test_a_ship_moves_up_to_its_value_and_may_stop_early():
    # RULES §6.1
    state = table(merchants={0: "B6"}, played=card("yellow", merchant=2))
    reach = destinations(GAME.house, state, "merchant")
    assert {"C6", "D6", "B7", "B8", "C7"} <= set(reach)
    assert "E6" not in reach  # three steps away
    assert reach["C6"].cost == 1 and reach["D6"].cost == 2


def test_ships_never_enter_land():
    # RULES §2.1, §6.1
    state = table(merchants={0: "E6"}, played=card("yellow", merchant=4))
    assert not spaces(state, "merchant") & GAME.house.map.land


def test_a_ship_passes_through_its_own_ships():
    # RULES §6.2: the pirate on C6 is friendly to the merchant of the same seat.
    state = table(merchants={0: "B6"}, pirates={0: "C6"}, played=card("yellow", merchant=2))
    reach = spaces(state, "merchant")
    assert "D6" in reach and "C6" not in reach  # through it, never onto it


def test_a_ship_passes_through_the_navy_ship_it_commands():
    # RULES §6.2: the card shows the yellow navy ship, on F6.
    state = table(merchants={0: "E6"}, played=card("yellow", merchant=2, navy_moves=3))
    assert "G6" in spaces(state, "merchant")


def test_a_ship_cannot_pass_a_navy_ship_it_does_not_command():
    # RULES §6.2: purple is not on this card, so it is an enemy ship.
    state = table(merchants={0: "G6"}, played=card("yellow", merchant=2, navy_moves=3))
    state.navy["yellow"] = "D6"
    assert "I6" not in spaces(state, "merchant")  # H6 holds the purple navy ship


def test_a_ship_cannot_pass_an_enemy_ship():
    # RULES §6.2
    state = table(
        merchants={0: "B6", 1: "B3"}, pirates={1: "C6"}, played=card("yellow", merchant=2)
    )
    reach = spaces(state, "merchant")
    assert "D6" not in reach
    assert "C7" in reach


def test_a_ship_never_ends_on_an_occupied_space():
    # RULES §6.2
    state = table(merchants={0: "E6"}, played=card("yellow", merchant=1))
    assert "F6" not in spaces(state, "merchant")


def test_choosing_a_ship_offers_every_destination_as_one_choice():
    # RULES §5.5: the destinations, named like the picture, plus "back".
    state = table(merchants={0: "B6"}, played=card("yellow", merchant=2))
    state, _ = act(state, "ship merchant")
    options = legal(state)
    assert options[-1] == "back"
    assert sorted(o for o in options if o.startswith("to ")) == sorted(
        f"to {s.lower()}" for s in spaces(state, "merchant")
    )


def test_back_returns_to_the_ship_choice_without_moving():
    # RULES §5.5
    state = table(merchants={0: "B6"})
    state, _ = act(state, "ship merchant", "back")
    assert state.stage == "helm" and state.captains[0].merchant == "B6"


def test_a_ship_moved_in_parts_keeps_its_remaining_value():
    # RULES §6.3
    state = table(merchants={0: "B6"}, played=card("yellow", merchant=3))
    state, _ = act(state, "ship merchant", "to c6", "ship merchant")
    reach = destinations(GAME.house, state, "merchant")
    assert "E6" in reach and reach["E6"].cost == 2
    assert "F6" not in reach


def test_moving_another_ship_ends_the_move_before_it():
    # RULES §6.3
    state = table(merchants={0: "B6"}, pirates={0: "B8"}, played=card("yellow", merchant=3))
    state, _ = act(state, "ship merchant", "to c6", "ship pirate", "to c8")
    assert "ship merchant" not in legal(state)
    with pytest.raises(IllegalAction):
        act(state, "ship merchant")


def test_a_pirate_off_the_map_comes_in_on_the_far_seas_before_the_movement_card():
    # RULES §6.4, the rulebook: "Beginnt ein Spieler seinen Zug mit seinem Piratenschiff
    # außerhalb des Spielplans …, stellt er sein Piratenschiff zunächst auf eines der ‚Ferne
    # Meere'-Felder und führt anschließend seinen Zug wie gewohnt aus."
    state = table(merchants={0: "F2"}, stage="card")
    state.turn.card = None
    flow.begin_turn(Work(GAME.house, state), 0)
    assert state.stage == "enter"
    assert legal(state) == ["enter c1", "enter k1", "enter g11"]
    with pytest.raises(IllegalAction) as err:
        act(state, f"play {state.captains[0].movement[0]}")
    assert err.value.code == "not_now"
    state, events = act(state, "enter k1")
    assert state.captains[0].pirate == "K1" and state.stage == "card"
    assert [e.data for e in events if e.kind == "enter"] == [{"space": "K1"}]


def test_a_pirate_that_came_in_moves_on_from_its_far_seas_space():
    # RULES §6.4: it then moves and acts as usual, from the Far Seas space.
    state = table(merchants={0: "F2"}, pirates={0: "C1"}, played=card("yellow", pirate=2))
    reach = destinations(GAME.house, state, "pirate")
    assert reach["D2"].cost == 2 and reach["D2"].origin is None
    assert "G10" not in reach


def test_a_pirate_can_no_longer_stay_off_the_map():
    # RULES §6.4: every turn starts with the pirate coming in, so none sails off the map.
    state = table(played=card("yellow", pirate=4))
    assert "ship pirate" not in legal(state)


def test_a_pirate_comes_in_next_to_the_far_seas_when_all_are_taken():
    # RULES §6.4, ruling
    state = table(merchants={1: "C1", 2: "K1"}, pirates={1: "G11"}, stage="enter")
    assert {"enter c2", "enter k2", "enter g10"} <= set(legal(state))
    assert not {"enter c1", "enter k1", "enter g11"} & set(legal(state))


def test_only_the_navy_ship_on_the_card_is_commanded():
    # RULES §6.5
    state = table(played=card("purple", navy_moves=2))
    assert "ship purple" in legal(state)
    assert "ship yellow" not in legal(state)
    reach = destinations(GAME.house, state, "purple")
    assert max(r.cost for r in reach.values()) == 2


def test_a_destination_out_of_reach_is_refused_with_its_space():
    # RULES §6.1
    state = table(merchants={0: "B6"}, played=card("yellow", merchant=1))
    state, _ = act(state, "ship merchant")
    with pytest.raises(IllegalAction) as err:
        act(state, "to m6")
    assert err.value.code == "unreachable" and err.value.fields["space"] == "M6"


def test_a_ship_moves_straight_to_a_reachable_destination_in_one_action():
    # RULES §5.5: "move merchant c6" is "ship merchant" then "to c6", with the same checks.
    state = table(merchants={0: "B6"}, played=card("yellow", merchant=2))
    assert "move merchant c6" in legal(state)
    direct, events = act(state, "move merchant c6")
    two, _ = act(state, "ship merchant", "to c6")
    assert direct.captains[0].merchant == two.captains[0].merchant == "C6"
    assert direct.turn.ships == two.turn.ships and direct.stage == "helm"
    assert next(e.data for e in events if e.kind == "move")["steps"] == 1


def test_a_direct_move_out_of_reach_is_refused_with_its_space():
    # RULES §6.1
    state = table(merchants={0: "B6"}, played=card("yellow", merchant=1))
    with pytest.raises(IllegalAction) as err:
        act(state, "move merchant m6")
    assert err.value.code == "unreachable" and err.value.fields["space"] == "M6"
    with pytest.raises(IllegalAction):
        act(state, "move yellow b7")  # the card commands the yellow ship, B7 is not its reach


def test_a_direct_move_to_a_reachable_space_with_an_action_not_possible_there_names_the_action():
    # RULES §5.5, §7: the ship reaches C6; it is what it would do there that is refused.
    state = table(merchants={0: "B6"}, played=card("yellow", merchant=2))
    assert "move merchant c6" in legal(state)
    with pytest.raises(IllegalAction) as err:
        act(state, "move merchant c6 bury")
    assert err.value.code == "cannot_act"
    assert err.value.fields["action"] == "move merchant c6 bury"
    with pytest.raises(IllegalAction) as err:
        act(state, "move merchant m6 bury")
    assert err.value.code == "unreachable" and err.value.fields["space"] == "M6"


def test_a_direct_move_ends_the_move_of_the_ship_moved_before():
    # RULES §6.3
    state = table(merchants={0: "B6"}, pirates={0: "C8"}, played=card("yellow", merchant=3))
    state, _ = act(state, "move merchant c6", "move pirate d8")
    assert not [a for a in legal(state) if a.startswith("move merchant")]


def test_the_spaces_next_to_a_group_of_spaces_are_those_next_to_each_one():
    # RULES §6.1: a ship steps to one of the four spaces beside it, never across the map's
    # edge; Shallow Draft crosses land too.
    sea = GAME.house.map
    cells = sea.cells
    for i, _ in enumerate(cells):
        bit = 1 << i
        assert sea.touching(bit, sea.every_bit) == sea.any_touch[i]
        if cells[i] in sea.sea_set:
            assert sea.touching(bit, sea.sea_bits) == sea.sea_touch[i]
    group = [0, len(cells) - 1, sea.width - 1, sea.width, 7, 8, 9]
    joined = sum(1 << i for i in group)
    expected = 0
    for i in group:
        expected |= sea.any_touch[i]
    assert sea.touching(joined, sea.every_bit) == expected
