"""RULES §7: the refill after a turn."""

from .builders import BOARD, GAME, act, edit, empty_sea, player, started, turn_of


def one_action_left():
    """Seat 0 with one action left; the sea empty; seat 0's fleet on ORE and ARK."""
    state = turn_of(empty_sea(started(3)), 0, actions=1)
    state = player(state, 0, boats=["KOB", "ORE", "ARK", "HAN", "MEC"], reserve=0)
    return edit(state, bag=["herring"] * 60)


def test_empty_spaces_without_boats_are_refilled_light_one_dark_two():
    # RULES §7.1
    state, events = act(one_action_left(), 0, "sail mec", "to bor")
    for space in BOARD.seas:
        expected = 0 if space in ("ORE", "ARK", "HAN", "BOR") else BOARD.by_code[space].slots
        assert len(state.tokens[space]) == expected, space
    refill = next(e for e in events if e.kind == "refill")
    assert "MEC" in refill.data["spaces"] and "ORE" not in refill.data["spaces"]


def test_a_dark_space_with_one_token_left_is_not_refilled():
    # RULES §7.2
    state = edit(one_action_left(), tokens={**one_action_left().tokens, "BBA": ["cod"]})
    state, _ = act(state, 0, "sail mec", "to bor")
    assert state.tokens["BBA"] == ["cod"]


def test_a_space_holding_another_players_boat_is_not_refilled():
    # RULES §7.2
    state = player(one_action_left(), 1, boats=["NBP"], reserve=0)
    state, _ = act(state, 0, "sail mec", "to bor")
    assert state.tokens["NBP"] == []


def test_the_refill_draws_the_same_tokens_for_the_same_seed():
    # RULES §7.3: draws are keyed by the seed and their number, so a log replays.
    state = edit(one_action_left(), bag=sorted(["cod", "salmon", "amber", "herring"] * 10))
    a, _ = act(state, 0, "sail mec", "to bor")
    b, _ = act(state, 0, "sail mec", "to bor")
    assert a.tokens == b.tokens
    c, _ = act(edit(state, seed="another"), 0, "sail mec", "to bor")
    assert c.tokens != a.tokens


def test_an_empty_bag_leaves_the_rest_of_the_sea_empty():
    # RULES §7.4
    state = edit(one_action_left(), bag=["cod", "cod"])
    state, events = act(state, 0, "sail mec", "to bor")
    assert sum(len(t) for t in state.tokens.values()) == 2
    refill = [e for e in events if e.kind == "refill"][-1]
    assert refill.data["empty"]
    assert state.seat == 1


def test_refilled_tokens_are_public_events():
    # RULES §7.1
    _, events = act(one_action_left(), 0, "sail mec", "to bor")
    refill = next(e for e in events if e.kind == "refill")
    assert refill.visible_to is None
    assert GAME.view(edit(one_action_left()), None).bag == (("herring", 60),)


def test_the_bag_stays_in_its_sorted_order_and_views_count_it_right():
    # RULES §13.4: what the bag holds is public; a view counts it by kind, relying on the bag
    # keeping its order (a draw only takes one token out).
    state, _ = GAME.start(4, "sorted bag")
    while not GAME.is_over(state):
        assert state.bag == sorted(state.bag)
        counted = dict(GAME.view(state, None).bag)
        assert counted == {k: state.bag.count(k) for k in set(state.bag)}
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.default_action(state, seat))
