"""RULES §4.10 (ruling): standing bids, "raise for me up to $N"."""

import pytest

from engine.core.errors import IllegalAction

from .builders import GAME, act, at, bidding, new, row


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
    assert order == "tuna@1.0 7"
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


def test_a_standing_bid_never_plays_on_a_later_lot_of_the_same_license():
    # RULES §4.10: for one license; two Tuna licenses in the row are two lots
    state = new(3)
    row(state, "tuna", "tuna", "cod")
    state, _ = at(state, "auction", first=0)
    state = act(state, 0, "open tuna")
    paying = GAME.standing_order(state, 0, "5 pay")
    state = act(state, 0, "bid 5")
    order = GAME.standing_order(state, 1, "9")
    state = act(act(state, 1, "pass"), 2, "pass")  # seat 0 wins the first Tuna license
    state = act(state, 0, GAME.standing_action(state, 0, paying).text)
    assert state.auction.bought == 1
    state = act(state, 1, "open tuna")  # the second Tuna license, chosen by seat 1
    state = act(state, 1, "bid 5")
    assert bidding(state) == [2]
    state = act(state, 2, "bid 6")
    assert bidding(state) == [1]
    assert GAME.standing_action(state, 1, order) is None, "left on the first Tuna lot"


def test_a_standing_bid_that_pays_pays_the_quickest_way_for_the_license_it_won():
    # RULES §4.10, §5.2: the one-step payment that overpays least, and only for that license
    state = act(auction(3), 0, "open tuna")
    order = GAME.standing_order(state, 0, "6 pay")
    assert order == "tuna@1.0 6 pay"
    state = act(state, 0, "bid 5")
    state = act(act(state, 1, "pass"), 2, "pass")  # seat 0 wins at $5
    assert GAME.to_act(state) == [0] and state.players[0].task == "pay"
    action = GAME.standing_action(state, 0, order)
    assert action is not None and action.verb == "pay"
    paid, _ = GAME.apply(state, 0, action)
    assert paid.players[0].task != "pay", "paid in one step"
    assert paid.auction.bought == 1
    without = GAME.standing_order(act(auction(3), 0, "open tuna"), 0, "6")
    assert GAME.standing_action(state, 0, without) is None, "a plain standing bid never pays"


def test_a_standing_bid_that_pays_never_pays_for_a_boat():
    # RULES §4.10: the payment it makes is the license's
    state = act(auction(3), 0, "open tuna")
    order = GAME.standing_order(state, 0, "6 pay")
    state = act(act(act(state, 0, "bid 5"), 1, "pass"), 2, "pass")
    from engine.fleet_cards.state import Payment

    state.players[0].payment = Payment(kind="boat", item="tuna", cost=3, discount=0)
    assert GAME.standing_action(state, 0, order) is None


def test_a_standing_bid_says_pay_or_nothing_after_its_amount():
    # RULES §4.10
    state = act(auction(3), 0, "open tuna", "bid 5")
    with pytest.raises(IllegalAction) as err:
        GAME.standing_order(state, 1, "8 keep")
    assert err.value.code == "standing_amount"


@pytest.mark.parametrize("damaged", ["tuna", "tuna@1.0 x", "tuna@1.0 9 keep", "tuna 9 pay x", ""])
def test_a_damaged_standing_order_plays_nothing(damaged):
    # RULES §4.10: an order the game never leaves (a damaged saved row) is no order at all:
    # the bidder is asked, nothing crashes
    state = act(auction(3), 0, "open tuna", "bid 5")
    assert GAME.standing_action(state, 1, damaged) is None
    assert GAME.standing_action(state, 1, "tuna@1.0 9").text == "bid 6"
