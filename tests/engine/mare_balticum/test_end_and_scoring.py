"""RULES §9 (the end) and §10 (scoring)."""

from .builders import BOARD, GAME, act, edit, empty_sea, player, started, turn_of

MARKET = {"salmon": 3, "cod": 2, "herring": 1, "flounder": 0}


def last_turn(final_round_offset=0, clocks=6):
    """The last player of the round to act with one action left."""
    state = started(3)
    state = turn_of(state, state.last_seat, actions=1)
    state = player(state, state.last_seat, boats=["ORE"], reserve=0)
    return edit(state, clocks=clocks, final_round=state.round + final_round_offset)


def test_the_game_ends_after_the_last_players_turn_of_the_final_round():
    # RULES §9.1
    state = last_turn()
    state, events = act(state, state.seat, "sail ore", "to han")
    assert GAME.is_over(state)
    assert events[-1].kind == "over"
    assert "refill" not in [e.kind for e in events]
    assert GAME.to_act(state) == []


def test_the_round_before_the_final_round_is_played_out():
    # RULES §9.1
    state = last_turn(final_round_offset=1)
    state, _ = act(state, state.seat, "sail ore", "to han")
    assert not GAME.is_over(state)
    assert state.seat == state.start_seat and state.round == state.final_round


def test_a_sixth_clock_after_the_last_players_turn_means_one_more_full_round():
    # RULES §9.2
    state = last_turn(clocks=5)
    state = edit(empty_sea(state), final_round=0, bag=["clock"])
    for seat in range(3):
        state = player(state, seat, hand=[], market=MARKET, safe=True)
    round_ = state.round
    state, _ = act(state, state.seat, "sail ore", "to han")
    assert state.final_round == round_ + 1
    turns = 0
    while not GAME.is_over(state):
        seat = state.seat
        state, _ = act(state, seat, GAME.default_action(state, seat).text)
        turns += seat != state.seat or GAME.is_over(state)
    assert turns == 3


def over(**players):
    state = edit(started(3), phase="over")
    for seat, fields in players.items():
        state = player(state, int(seat[1:]), **fields)
    return state


def test_fish_in_the_warehouse_score_their_multiplier_and_amber_one():
    # RULES §10.2, §10.3
    state = over(
        s0={"market": MARKET, "warehouse": {"salmon": 4, "cod": 3, "herring": 5, "amber": 2}},
    )
    points = GAME.result(state).of(0).breakdown
    assert points == {"salmon": 12, "cod": 6, "herring": 5, "flounder": 0, "amber": 2}
    assert GAME.result(state).of(0).total == 25


def test_fish_still_aboard_score_nothing():
    # RULES §10.1
    state = over(s0={"market": MARKET, "cargo": ["salmon"] * 5})
    assert GAME.result(state).of(0).total == 0


def test_a_tie_goes_to_the_most_tokens_in_the_warehouse():
    # RULES §10.5
    state = over(
        s0={"market": MARKET, "warehouse": {"salmon": 2}},
        s1={"market": MARKET, "warehouse": {"cod": 3, "flounder": 4}},
        s2={"market": MARKET, "warehouse": {"herring": 1}},
    )
    result = GAME.result(state)
    assert [s.seat for s in result.seats] == [1, 0, 2]
    assert result.winners == [1]
    assert result.reasons == ("tie_broken",)
    assert result.of(1).tiebreak == 7


def test_a_tie_left_after_the_warehouse_count_is_a_shared_win():
    # RULES §10.5
    state = over(
        s0={"market": MARKET, "warehouse": {"salmon": 2}},
        s1={"market": MARKET, "warehouse": {"cod": 2}},
        s2={"market": MARKET, "warehouse": {"salmon": 2}},
    )
    result = GAME.result(state)
    assert sorted(result.winners) == [0, 2]
    assert result.reasons == ("tie_shared",)
    assert [s.rank for s in result.seats] == [1, 1, 3]


def test_every_species_ends_with_one_multiplier_in_a_played_game():
    # RULES §8.3, §8.7
    state, _ = GAME.start(3, "full")
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = act(state, seat, GAME.default_action(state, seat).text)
    for p in state.players:
        assert sorted(p.market) == sorted(BOARD.species)
        assert sorted(p.market.values()) == sorted(BOARD.multipliers)
        assert p.safe and not p.hand
