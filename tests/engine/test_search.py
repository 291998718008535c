"""Strong AI seats (`engine.core.search`): they decide from the seat's view only, the same
way for the same seed and view in any process, and always legally."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.search import STRONG, ai_action, position_key, search_action
from engine.games import game_ids, get_game

GAMES = game_ids()
PLAYOUTS = 6
"""A small budget: the tests check what a decision depends on, not how good it is."""
ROOT = Path(__file__).resolve().parents[2]


def positions(game, seats, seed, most=4, moves=120):
    """Some positions with a choice, spread over the first `moves` of a game played by the
    normal player: (state, seat to act)."""
    state, _ = game.start(seats, seed)
    found = []
    while not game.is_over(state) and len(found) < moves:
        seat = game.to_act(state)[0]
        if len(game.legal_actions(state, seat)) > 1:
            found.append((state, seat))
        state, _ = game.apply(state, seat, game.default_action(state, seat))
    step = max(1, len(found) // most)
    return found[step - 1 :: step][:most]


def strong(game, state, seat, seed="table-seed"):
    return ai_action(game, state, seat, STRONG, seed, PLAYOUTS)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_strong_decision_does_not_change_with_other_seats_secrets(game_id):
    """Two states that differ only in what the seat cannot know (other hands, the deck, the
    seed of future dice) give the same decision: the search reads the seat's view alone."""
    game = get_game(game_id)
    seats = max(game.min_seats, 2)
    differed = False
    for state, seat in positions(game, seats, f"secrets:{game_id}"):
        other = game.redeal(state, seat, "another deal")
        assert game.view(other, seat) == game.view(state, seat)
        differed |= game.dump_state(other) != game.dump_state(state)
        assert strong(game, other, seat) == strong(game, state, seat)
    assert differed, "the secrets did differ"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_strong_decision_is_legal_and_the_same_for_the_same_seed_and_view(game_id):
    game = get_game(game_id)
    for state, seat in positions(game, game.max_seats, f"same:{game_id}"):
        chosen = strong(game, state, seat)
        assert chosen in game.legal_actions(state, seat)
        assert strong(game, state, seat) == chosen


def test_the_search_key_is_the_seed_and_the_seats_position():
    game = get_game("fleet-cards")
    state, seat = positions(game, 2, "key")[0]
    key = position_key(game, state, seat, "s")
    assert key.startswith("s:") and key == position_key(game, state, seat, "s")
    assert position_key(game, state, seat, "t") != key


def test_a_forced_decision_is_not_searched():
    game = get_game("black-fleet")
    state, _ = game.start(3, "forced")
    seat = game.to_act(state)[0]
    while len(game.legal_actions(state, seat)) != 1:
        state, _ = game.apply(state, seat, game.default_action(state, seat))
        seat = game.to_act(state)[0]
    settings = game.search.scaled(10**9)  # a search would never end
    assert search_action(game, state, seat, "k", settings) == game.legal_actions(state, seat)[0]


DECIDE = """
import json, sys
from engine.core.search import STRONG, ai_action
from engine.games import get_game
game = get_game(sys.argv[1])
out = []
for text, seat in json.loads(sys.stdin.read()):
    out.append(ai_action(game, game.load_state(text), seat, STRONG, "seed", int(sys.argv[2])).text)
print(json.dumps(out))
"""


@pytest.mark.parametrize("game_id", ["black-fleet", "mare-balticum"])
def test_strong_decisions_are_the_same_in_another_process_with_another_hash_seed(game_id):
    """Python salts the hash of text per process: a choice that followed the order of a set
    of actions or of spaces would differ from one bot process to the next."""
    game = get_game(game_id)
    found = positions(game, 3, f"process:{game_id}", most=5)
    here = [ai_action(game, s, seat, STRONG, "seed", PLAYOUTS).text for s, seat in found]
    asked = json.dumps([(game.dump_state(s), seat) for s, seat in found])
    for hash_seed in ("1", "2024"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", DECIDE, game_id, str(PLAYOUTS)],
            input=asked,
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        )
        assert json.loads(done.stdout) == here, hash_seed


@pytest.mark.parametrize("game_id", ["black-fleet", "mare-balticum"])
def test_normal_games_are_the_same_in_another_process_with_another_hash_seed(game_id):
    game = get_game(game_id)
    script = """
import sys
from engine.games import get_game
game = get_game(sys.argv[1])
state, _ = game.start(3, "hash")
moves = []
while not game.is_over(state) and len(moves) < 100:
    seat = game.to_act(state)[0]
    action = game.default_action(state, seat)
    moves.append(action.text)
    state, _ = game.apply(state, seat, action)
print(" / ".join(moves))
"""
    runs = set()
    for hash_seed in ("0", "7", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", script, game.id],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        )
        runs.add(done.stdout)
    assert len(runs) == 1


def test_a_smaller_budget_keeps_the_verbs_the_search_never_chooses():
    # A server that lowers the budget (FLEET_AI_PLAYOUTS) keeps every other setting.
    settings = get_game("mare-balticum").search
    smaller = settings.scaled(4)
    assert smaller.playouts == 4 and smaller.never == settings.never == frozenset({"back"})
    assert (smaller.depth, smaller.candidates, smaller.win) == (
        settings.depth,
        settings.candidates,
        settings.win,
    )
