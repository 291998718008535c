"""RULES §2: setup."""

from collections import Counter

import pytest

from engine.mare_balticum.board import CLOCK

from .builders import BOARD, GAME, act, texts


@pytest.mark.parametrize(("seats", "boats"), [(3, 5), (4, 4), (5, 3)])
def test_boats_per_player_depend_on_the_player_count(seats, boats):
    # RULES §2.1
    state, _ = GAME.start(seats, "boats")
    assert [p.reserve for p in state.players] == [boats] * seats


def test_the_sea_is_filled_one_token_on_light_and_two_on_dark_spaces():
    # RULES §2.2
    state, _ = GAME.start(3, "fill")
    for space in BOARD.spaces:
        if space.kind != "port":
            assert len(state.tokens[space.code]) == space.slots, space.code
    on_sea = Counter(k for t in state.tokens.values() for k in t)
    in_bag = Counter(k for k in state.bag if k != CLOCK)
    assert on_sea + in_bag == Counter(BOARD.bag)
    assert sum(on_sea.values()) == 31


def test_the_six_clocks_go_into_the_bag_after_the_sea_is_filled():
    # RULES §2.3
    state, _ = GAME.start(3, "clocks")
    assert state.bag.count(CLOCK) == 6
    assert all(CLOCK not in t for t in state.tokens.values())


@pytest.mark.parametrize("seed", [f"demand{i}" for i in range(30)])
def test_demand_tokens_fill_every_round_space_with_no_double_in_a_port(seed):
    # RULES §2.4
    state, _ = GAME.start(3, seed)
    dealt = Counter()
    for port, demands in state.demands.items():
        assert len(demands) == len(BOARD.by_code[port].demand)
        assert len(set(demands)) == len(demands), port
        dealt.update(demands)
    assert dealt == Counter(BOARD.demand_tokens)


def test_the_same_seed_sets_up_the_same_table():
    a, _ = GAME.start(4, "same")
    b, _ = GAME.start(4, "same")
    assert GAME.dump_state(a) == GAME.dump_state(b)


def test_the_start_player_is_drawn_and_places_the_first_boat():
    # RULES §2.5
    starts = {GAME.start(3, f"start{i}")[0].start_seat for i in range(30)}
    assert starts == {0, 1, 2}
    state, _ = GAME.start(3, "first")
    assert GAME.to_act(state) == [state.start_seat]
    assert texts(state, state.start_seat) == [f"port {p.lower()}" for p in BOARD.ports]


def test_starting_boats_go_on_ports_in_turn_order_and_may_share_a_port():
    # RULES §2.5
    state, _ = GAME.start(3, "share")
    first = state.start_seat
    order = [(first + i) % 3 for i in range(3)]
    for seat in order:
        assert GAME.to_act(state) == [seat]
        state, _ = act(state, seat, "port gda")
    assert [p.boats for p in state.players] == [["GDA"]] * 3
    assert state.phase == "turn"
    assert GAME.to_act(state) == [first]
