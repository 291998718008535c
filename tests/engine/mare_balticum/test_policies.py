"""The heuristic player (it also plays for absent players and timeouts)."""

import random

from engine.core.game import random_policy

from .builders import GAME


def play(seed, policies):
    rng = random.Random(seed)
    state, _ = GAME.start(len(policies), seed)
    actions = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = policies[seat](GAME.view(state, seat), seat, legal, rng)
        assert action in legal
        state, _ = GAME.apply(state, seat, action)
        actions += 1
    return state, actions


def test_the_heuristic_beats_two_random_players_nearly_always():
    heuristic = GAME.policies["heuristic"]
    wins = 0
    for g in range(9):
        policies = [random_policy] * 3
        policies[g % 3] = heuristic
        state, _ = play(f"beat{g}", policies)
        wins += (g % 3) in GAME.result(state).winners
    assert wins >= 8


def test_heuristic_players_finish_a_game_without_going_back_and_forth():
    heuristic = GAME.policies["heuristic"]
    for seats in (3, 4, 5):
        state, actions = play(f"finish{seats}", [heuristic] * seats)
        assert GAME.is_over(state)
        assert actions < 600
        assert all(len(p.market) == 4 for p in state.players)
