"""The automatic players: the heuristic beats random play, and every decision stays small."""

import random

from engine.simulate import play_one

from .builders import BOOK, GAME, act, at, boats, hand, licenses, new, row


def test_the_heuristic_beats_random_play_from_either_seat():
    wins = 0
    for n in range(20):
        seats = ["heuristic", "random"] if n % 2 == 0 else ["random", "heuristic"]
        state, _ = play_one(GAME, 2, f"duel:{n}", seats, {}, random.Random(n))
        result = GAME.result(state)
        wins += seats[result.seats[0].seat] == "heuristic"
    assert wins >= 18


def test_no_decision_offers_more_than_25_actions():
    # RULES §4.9: a bid menu, a payment card by card, one license or boat type at a time.
    most = 0
    for n in range(6):
        state, _ = GAME.start(2 + n % 3, f"small:{n}")
        rng = random.Random(n)
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            most = max(most, len(legal))
            state, _ = GAME.apply(state, seat, rng.choice(legal))
    assert 10 < most <= 25


def test_the_heuristic_keeps_its_last_card_for_a_boat_waiting_for_a_captain():
    # RULES §7.1, §8.1: a boat without a captain never fishes. A free launch of the only card
    # in hand would leave the waiting boat without one for good if it happened every round.
    def launch_with(*cards, captained):
        state = new(2, "last-card")
        hand(state, 0, *cards)
        licenses(state, 0, "shrimp", "shrimp")
        boats(state, 0, ("shrimp", 0, captained))
        hand(state, 1, "tuna", "tuna")
        licenses(state, 1, "tuna")
        state, _ = at(state, "launch")
        assert "launch shrimp" in [a.text for a in GAME.legal_actions(state, 0)]
        return GAME.default_action(state, 0).text

    assert launch_with("shrimp", captained=False) == "stop"
    assert launch_with("shrimp", captained=True) == "launch shrimp"
    assert launch_with("shrimp", "cod", captained=False) == "launch shrimp"


def raised_to(state, seat, high):
    """What the heuristic answers, as `seat`, to a high bid of `high` by the other seat."""
    state = act(state, 1 - seat, "open cod", f"bid {high}")
    return GAME.default_action(state, seat).text


def cod_auction(ai_hand, rival_hand=("tuna", "tuna", "tuna", "tuna")):
    state = new(2, "outbid")
    hand(state, 1, *ai_hand)
    hand(state, 0, *rival_hand)
    row(state, "cod", "lobster")
    state, _ = at(state, "auction", first=0)
    return state


def test_a_license_it_needs_is_not_left_to_a_bid_two_over_the_minimum():
    # RULES §4.3: it raises by the least while the license stays worth the price to it; a
    # human can no longer take any license by bidding the minimum + $2.
    state = cod_auction(["cod", "cod", "tuna", "tuna", "tuna", "lobster"])
    assert raised_to(state, 1, 6) == "bid 7"
    assert raised_to(state, 1, 12) == "pass", "nor bought at any price"


def test_it_bids_past_its_own_use_for_a_license_to_keep_it_from_a_rival():
    # A King Crab license counting captains, worth some $13 to a seat with six captained
    # boats and more to a rival with ten: it bids $12 over $11, which its own use alone (less
    # than $12, as far as it trusts its estimate) would not.
    from engine.fleet_cards.policies import SELF, bid_limit, surplus

    state = new(2, "deny")
    hand(state, 1, *["tuna"] * 6)
    boats(state, 1, *[("shrimp", 1, True)] * 6)
    boats(state, 0, *[("shrimp", 1, True)] * 10)
    hand(state, 0, *["lobster"] * 4, *["cod"] * 4)
    row(state, "kc_captains", "shrimp")
    state, _ = at(state, "auction", first=0)
    state = act(state, 0, "open kc_captains", "bid 11")
    view = GAME.view(state, 1)
    own = SELF * surplus(BOOK, view, view.players[1], "kc_captains", 18)
    assert own < 12 <= bid_limit(BOOK, view, 1, "kc_captains")
    assert GAME.default_action(state, 1).text == "bid 12"


def test_in_the_last_round_it_spends_what_its_launches_do_not_need():
    # RULES §11: cash scores nothing at the end; the license it wants most is worth all of it
    from engine.fleet_cards.policies import bid_limit, launch_reserve

    state = cod_auction(["cod", "tuna", "tuna", "tuna", "tuna"])
    state.licenses = state.licenses[:1]  # the row cannot be refilled: this is the last auction
    state = act(state, 0, "open cod", "bid 8")
    view = GAME.view(state, 1)
    limit = bid_limit(BOOK, view, 1, "cod")
    assert limit == 13 - launch_reserve(BOOK, view.players[1]) >= 9
    assert GAME.default_action(state, 1).text == "bid 9"


def test_the_heuristic_decides_the_same_from_the_same_view():
    # AI seats decide from the view alone, the same way every time (the daily challenge)
    state = cod_auction(["cod", "cod", "tuna", "tuna", "tuna", "lobster"])
    state = act(state, 0, "open cod", "bid 6")
    view = GAME.view(state, 1)
    legal = GAME.legal_actions(state, 1)
    picks = {GAME.policies["heuristic"](view, 1, legal, random.Random(n)).text for n in range(5)}
    assert picks == {"bid 7"}


def against_a_rival_who_always_raises(state, seat, rival, order=None):
    """The bids `seat` makes against a rival who raises by the least while they can: the
    heuristic's bid by bid, or with `order` the standing bid's (RULES §4.10)."""
    made = []
    while GAME.view(state, None).phase == "auction" and GAME.to_act(state):
        (to_act,) = GAME.to_act(state)
        if to_act == seat:
            if order is None:
                action = GAME.default_action(state, seat)
            else:
                action = GAME.standing_action(state, seat, order)
        else:
            bids = [a for a in GAME.legal_actions(state, to_act) if a.verb == "bid"]
            action = min(bids, key=lambda a: int(a.args[0])) if to_act == rival and bids else None
        if action is None or action.verb != "bid":
            return made
        if to_act == seat:
            made.append(action.text)
        state, _ = GAME.apply(state, to_act, action)
    return made


def test_a_standing_bid_makes_the_bids_the_heuristic_would_make_one_by_one():
    # RULES §4.10: "bid for me, up to $N" at the most the heuristic bids against a rival who
    # keeps raising, asked from the bidder's view when the bidding first comes to them
    from engine.fleet_cards.policies import standing_limit

    for ai_hand in (["cod"] * 3 + ["tuna"] * 4, ["cod"] * 4 + ["tuna"] * 6):
        state = cod_auction(ai_hand)
        state = act(state, 0, "open cod", "bid 6")
        limit = standing_limit(GAME.view(state, 1), 1, GAME.legal_actions(state, 1))
        assert limit is not None and limit > 7
        order = GAME.standing_order(state, 1, str(limit))
        by_hand = against_a_rival_who_always_raises(state, 1, 0)
        assert against_a_rival_who_always_raises(state, 1, 0, order) == by_hand
        assert len(by_hand) >= 1


def test_no_standing_bid_where_the_heuristic_would_bid_only_the_lowest_or_pass():
    from engine.fleet_cards.policies import standing_limit

    state = cod_auction(["tuna"] * 6, rival_hand=["cod", "cod", "tuna", "tuna", "tuna"])
    state = act(state, 0, "open cod", "bid 6")
    assert len(against_a_rival_who_always_raises(state, 1, 0)) <= 1
    assert standing_limit(GAME.view(state, 1), 1, GAME.legal_actions(state, 1)) is None
    # nor for a seat that is not bidding now
    assert standing_limit(GAME.view(state, 0), 0, GAME.legal_actions(state, 0)) is None
