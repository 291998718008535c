"""The heuristic AI seat: it plays legal moves from its view and beats random play."""

import random

from tests.engine.black_fleet.builders import GAME


def test_the_heuristic_beats_two_random_players():
    wins = 0
    for n in range(10):
        state, _ = GAME.start(3, f"beat:{n}")
        rng = random.Random(n)
        policies = ["heuristic", "random", "random"]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            action = GAME.policies[policies[seat]](GAME.view(state, seat), seat, legal, rng)
            state, _ = GAME.apply(state, seat, action)
        wins += 0 in GAME.result(state).winners
    assert wins >= 9


def test_heuristic_games_end_with_a_victory_card():
    for n in range(3):
        state, _ = GAME.start(4, f"ends:{n}")
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, GAME.default_action(state, seat))
        assert state.ended == "victory" and state.round < 20


def test_decisions_stay_small():
    # RULES §5.5: a decision offers at most 125 choices (a select holds 25).
    biggest = 0
    for n in range(3):
        state, _ = GAME.start(4, f"small:{n}")
        rng = random.Random(n)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            biggest = max(biggest, len(legal))
            assert len(legal) <= 125
            state, _ = GAME.apply(state, seat, rng.choice(legal))
    assert biggest > 1
