"""The heuristic player (it also plays for absent players and timeouts)."""

import dataclasses
import json
import random
from pathlib import Path

from engine.core.game import random_policy
from engine.core.search import STRONG, ai_action, position_key, search_action
from engine.games import get_game

from .builders import BOARD, GAME, edit, empty_sea, player, started, turn_of

FIXTURES = Path(__file__).parents[2] / "fixtures"


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


def full_cargo_at_kob(cargo, demands=("cod", ""), stock=None):
    """Seat 0's fleet around København with a full cargo, under both optional rules, and no
    amber to fish nearby."""
    state = turn_of(empty_sea(started(3, "stall", demand_management=True, contracts=True)), 0)
    state = player(state, 0, boats=["KOB", "ORE", "HAN"], reserve=0, cargo=list(cargo))
    stock = stock or {"salmon": 2, "cod": 1, "herring": 2, "flounder": 0}
    return edit(state, demands={**state.demands, "KOB": list(demands)}, demand_stock=stock)


def test_a_full_cargo_next_to_a_port_whose_only_free_demand_is_minus_one_is_unloaded():
    # RULES §11.3: the −1 takes a fish, but a fleet that never unloads never fishes again,
    # no token is drawn and, with every seat an AI, no clock ever comes.
    state = full_cargo_at_kob(["flounder", "herring", "herring", "herring", "herring"])
    assert GAME.default_action(state, 0).text == "unload kob"


def test_a_full_cargo_far_from_any_port_that_takes_it_sails_towards_one():
    # Nothing here takes flounder (its tokens are all placed); Gdańsk's free space takes cod.
    state = full_cargo_at_kob(["cod"] * 5, demands=("flounder", "herring"))
    state = player(state, 0, boats=["ORE", "HAN", "BOR"])
    action = GAME.default_action(state, 0)
    assert action.verb == "sail"
    after, _ = GAME.apply(state, 0, action)
    before = min(BOARD.distances[b]["GDA"] for b in state.players[0].boats)
    after, _ = GAME.apply(after, 0, GAME.default_action(after, 0))
    assert min(BOARD.distances[b]["GDA"] for b in after.players[0].boats) < before


def test_a_full_cargo_no_port_takes_goes_partly_overboard_to_fish_again():
    stock = {"salmon": 0, "cod": 0, "herring": 0, "flounder": 0}
    state = full_cargo_at_kob(
        ["salmon"] * 4 + ["flounder"], demands=("cod", "herring"), stock=stock
    )
    state = edit(
        state,
        demands={p: (d if p == "KOB" else ["cod"] * len(d)) for p, d in state.demands.items()},
    )
    assert GAME.default_action(state, 0).verb == "overboard"


def test_all_ai_tables_end_by_the_rules_under_every_option_set():
    # RULES §9: the game ends after the sixth clock; a table of AI seats (what absent
    # players become) must reach it. Bound: 30 rounds (the longest of 500 games per option
    # set is 17).
    heuristic = GAME.policies["heuristic"]
    options = [{}, {"demand_management": True}, {"contracts": True}]
    options.append({"demand_management": True, "contracts": True})
    for n, option in enumerate(options):
        for seats in (3, 5):
            state, _ = GAME.start(seats, f"end:{n}:{seats}", option)
            rng = random.Random(n)
            while not GAME.is_over(state) and state.round <= 30:
                seat = GAME.to_act(state)[0]
                legal = GAME.legal_actions(state, seat)
                state, _ = GAME.apply(
                    state, seat, heuristic(GAME.view(state, seat), seat, legal, rng)
                )
            assert GAME.is_over(state), (option, seats, state.round)


def test_a_strong_seat_never_takes_back_the_boat_it_chose_to_sail():
    # A position met in play: valued by where it returns to, ``back`` won the search, the
    # seat chose the same boat again, and the turn never ended (RULES §6.1: a sail is one
    # action, boat and destination).
    saved = json.loads((FIXTURES / "mare-balticum-strong-back.json").read_text())
    game = get_game("mare-balticum")
    state, seat, seed = game.load_state(saved["state"]), saved["seat"], saved["seed"]
    assert "back" in [a.verb for a in game.legal_actions(state, seat)]
    key = position_key(game, state, seat, seed)
    unbounded = dataclasses.replace(game.search, never=frozenset())
    assert search_action(game, state, seat, key, unbounded).verb == "back"
    assert ai_action(game, state, seat, STRONG, seed).verb == "to"
