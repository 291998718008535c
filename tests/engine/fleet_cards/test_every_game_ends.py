"""Every game ends (RULES §11): AI seats of either kind, every option, every table size.

Each auction phase sells a license (the row is refilled from the deck) or sells none (the whole
row leaves play and a new one is dealt, §4.8): the license deck shrinks every round, so a game
lasts at most one round more than the deck has licenses at the start."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.games import get_game

GAME = get_game("fleet-cards")
OPTIONS = [
    {"advanced_setup": a, "gone_fishin": g} for a, g in itertools.product((False, True), repeat=2)
]
MOST_ACTIONS = 5000
"""A guard against a game that would never end: the longest seen is far below it."""


def play(seats: int, options: dict[str, bool], policy: str, seed: str) -> tuple[int, int, int]:
    """(rounds played, the bound, actions) of one game."""
    state, _ = GAME.start(seats, seed, options)
    bound = len(state.licenses) + 1
    rng = random.Random(seed)
    actions = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = GAME.policies[policy](GAME.view(state, seat), seat, legal, rng)
        state, _ = GAME.apply(state, seat, action)
        actions += 1
        assert actions < MOST_ACTIONS, "the game did not end"
        assert state.round <= bound
    return state.round, bound, actions


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_every_game_ends_within_the_license_deck(policy):
    longest = 0
    for n, (seats, options) in enumerate(itertools.product((2, 3, 4), OPTIONS)):
        for k in range(2):
            rounds, bound, _ = play(seats, options, policy, f"ends:{policy}:{n}:{k}")
            assert rounds <= bound
            longest = max(longest, rounds)
    assert longest >= 5, "games play several rounds"
