"""The automatic players: the heuristic beats random play, and every decision stays small."""

import random

from engine.simulate import play_one

from .builders import GAME


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
