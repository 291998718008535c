"""RULES §4.10 (ruling): standing bids, "raise for me up to $N"."""

import pytest

from engine.core.errors import IllegalAction

from .builders import GAME, act, at, new, row


def auction(seats: int = 3):
    """An auction phase, seat 0 choosing, every hand worth $11."""
    state = new(seats)
    row(state, *("cod", "shrimp", "tuna", "lobster")[:seats])
    state, _ = at(state, "auction", first=0)
    return state


def test_a_standing_bid_plays_the_lowest_raise_while_it_is_within_the_limit():
    # RULES §4.10, §4.3: a raise is the high bid plus $1
    state = act(auction(3), 0, "open tuna", "bid 5")
    order = GAME.standing_order(state, 1, "7")
    assert order == "tuna 7"
    assert GAME.standing_action(state, 1, order).text == "bid 6"
    state = act(act(state, 1, "bid 6"), 2, "bid 8")  # seat 2 raises above seat 1's limit
    assert GAME.to_act(state) == [0]
    state = act(state, 0, "bid 9")
    assert GAME.to_act(state) == [1]
    assert GAME.standing_action(state, 1, order).text == "pass"


def test_a_standing_bid_left_at_the_opening_opens_at_the_minimum():
    # RULES §4.10, §4.2
    state = act(auction(3), 0, "open tuna")
    order = GAME.standing_order(state, 0, "9")
    assert GAME.standing_action(state, 0, order).text == "bid 5"


def test_a_standing_bid_is_for_one_license_and_nothing_else():
    # RULES §4.10: it lapses when the license is won, and never pays or chooses
    state = act(auction(3), 0, "open tuna", "bid 5")
    order = GAME.standing_order(state, 1, "9")
    state = act(act(state, 1, "pass"), 2, "pass")  # seat 0 wins the tuna
    assert GAME.standing_action(state, 1, order) is None
    other = act(auction(3), 0, "open cod", "bid 4")
    assert GAME.standing_action(other, 1, order) is None, "another license"


@pytest.mark.parametrize(
    ("text", "code"),
    [("4", "standing_too_low"), ("12", "standing_unaffordable"), ("x", "standing_amount")],
)
def test_a_standing_bid_is_at_least_the_lowest_bid_and_at_most_the_purse(text, code):
    # RULES §4.10, §4.3–§4.4
    state = act(auction(3), 0, "open tuna", "bid 5")
    with pytest.raises(IllegalAction) as err:
        GAME.standing_order(state, 1, text)
    assert err.value.code == code


def test_a_standing_bid_is_left_only_when_it_is_ones_turn_to_bid():
    # RULES §4.10
    state = act(auction(3), 0, "open tuna", "bid 5")
    with pytest.raises(IllegalAction) as err:
        GAME.standing_order(state, 2, "8")
    assert err.value.code == "standing_not_bidding"
    chooser = auction(3)
    with pytest.raises(IllegalAction) as err:
        GAME.standing_order(chooser, 0, "8")
    assert err.value.code == "standing_not_bidding", "choosing a license is not bidding"
