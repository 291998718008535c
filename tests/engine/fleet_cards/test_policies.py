"""The automatic players: the heuristic beats random play, and every decision stays small."""

import random

from engine.simulate import play_one

from .builders import GAME, at, boats, hand, licenses, new


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
