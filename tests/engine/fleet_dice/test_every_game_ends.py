"""Every game ends after its last round (RULES §2.3: 10 rounds, solo 8): AI seats of either
kind, every option, every table size."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.games import get_game

GAME = get_game("fleet-dice")
OPTIONS = [{"captains": c, "trophies": t} for c, t in itertools.product((False, True), repeat=2)]
MOST_ACTIONS = 2000
"""A guard against a game that would never end: the longest seen is far below it."""


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_every_game_ends_after_its_last_round(policy):
    for n, (seats, options) in enumerate(itertools.product((1, 2, 3, 4), OPTIONS)):
        seed = f"ends:{policy}:{n}"
        state, _ = GAME.start(seats, seed, options)
        rng = random.Random(seed)
        actions = 0
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            action = GAME.policies[policy](GAME.view(state, seat), seat, legal, rng)
            state, _ = GAME.apply(state, seat, action)
            actions += 1
            assert actions < MOST_ACTIONS, "the game did not end"
        assert state.round == state.rounds == (8 if seats == 1 else 10)
