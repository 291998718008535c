"""The game contract, checked for every registered game (the test games included): random
playouts end, apply never mutates, states round-trip, logs replay, views keep secrets."""

import json
import random

import pytest

from engine.core.errors import EngineError
from engine.core.replay import replay
from engine.games import game_ids, get_game

GAMES = game_ids()


def playout(game, seats, seed, rng, check=None):
    state, _ = game.start(seats, seed)
    log = []
    while not game.is_over(state):
        waiting = game.to_act(state)
        assert waiting, "a game that is not over always has someone to act"
        seat = rng.choice(waiting)
        legal = game.legal_actions(state, seat)
        assert legal, "a seat asked to act always has a legal action"
        if check:
            check(game, state, seat, legal)
        action = rng.choice(legal)
        state, _ = game.apply(state, seat, action)
        log.append((seat, action.text))
        assert len(log) < 5000, "the game ends"
    return state, log


def seat_counts(game):
    return range(game.min_seats, game.max_seats + 1)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts_end_and_scores_add_up(game_id):
    game = get_game(game_id)
    for seats in seat_counts(game):
        for g in range(3):
            state, _ = playout(game, seats, f"end:{g}", random.Random(g))
            result = game.result(state)
            assert sorted(s.seat for s in result.seats) == list(range(seats))
            assert result.winners
            for s in result.seats:
                assert s.total == sum(s.breakdown.values())
            assert game.to_act(state) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_never_mutates_its_input_and_tokens_move_on(game_id):
    game = get_game(game_id)

    def check(game, state, seat, legal):
        before = game.dump_state(state)
        token = game.token(state, seat)
        after, _ = game.apply(state, seat, random.Random(len(before)).choice(legal))
        assert game.dump_state(state) == before, "apply never mutates its input"
        assert game.token(after, seat) != token, "a seat's old buttons go stale once it acted"

    playout(game, game.max_seats, "mutate", random.Random(1), check)


@pytest.mark.parametrize("game_id", GAMES)
def test_states_round_trip_through_json(game_id):
    game = get_game(game_id)

    def check(game, state, seat, legal):
        text = game.dump_state(state)
        json.loads(text)
        loaded = game.load_state(text)
        assert loaded == state
        assert game.legal_actions(loaded, seat) == legal

    playout(game, game.max_seats, "json", random.Random(2), check)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_log_replays_to_the_same_state(game_id):
    game = get_game(game_id)
    for seats in seat_counts(game):
        state, log = playout(game, seats, f"replay:{seats}", random.Random(seats))
        assert replay(game, seats, f"replay:{seats}", log) == state


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_holds_nothing_secret_of_another_seat(game_id):
    # A view is the same for every state its reader cannot tell apart: whatever is hidden
    # from it (other hands, face-down choices, deck order, the seed) is drawn again, and the
    # view must not change. The public table (None) knows the least.
    game = get_game(game_id)
    changed = 0

    def check(game, state, seat, legal):
        nonlocal changed
        for reader in [None, *range(seats)]:
            for n in range(2):
                other = game.redeal(state, reader, f"other:{n}")
                assert game.view(other, reader) == game.view(state, reader), reader
                changed += game.dump_state(other) != game.dump_state(state)

    for seats in seat_counts(game):
        playout(game, seats, f"secret:{seats}", random.Random(seats), check)
    assert changed, "redeal drew the hidden part again at least once"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_redeal_depends_on_what_the_seat_knows_alone(game_id):
    """Two states a seat cannot tell apart redeal to the same state: a strong AI seat's
    sampled worlds, and so its decision, cannot depend on another seat's secrets."""
    game = get_game(game_id)

    seen = 0

    def check(game, state, seat, legal):
        nonlocal seen
        seen += 1
        if seen % 5:
            return
        for reader in range(seats):
            other = game.redeal(state, reader, f"secrets:{reader}")
            again = game.dump_state(game.redeal(other, reader, "world"))
            assert again == game.dump_state(game.redeal(state, reader, "world")), reader

    for seats in seat_counts(game):
        playout(game, seats, f"canonical:{seats}", random.Random(seats + 10), check)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_policy_and_the_default_pick_a_legal_action_from_the_view(game_id):
    game = get_game(game_id)
    assert {"random", "heuristic"} <= set(game.policies)

    def check(game, state, seat, legal):
        view = game.view(state, seat)
        for policy in game.policies.values():
            assert policy(view, seat, legal, random.Random(3)) in legal
        assert game.default_action(state, seat) in legal

    playout(game, game.max_seats, "policies", random.Random(4), check)


@pytest.mark.parametrize("game_id", GAMES)
def test_options_have_defaults_and_bad_ones_are_refused(game_id):
    game = get_game(game_id)
    defaults = game.options()
    state, _ = game.start(game.max_seats, "options", defaults)
    assert not game.is_over(state)
    with pytest.raises(EngineError):
        game.start(game.max_seats, "options", {"no_such_option": True})


REAL = [g for g in GAMES if g != "test-hands"]
"""The games players play (the tests' own card game keeps a minimal loader)."""


@pytest.mark.parametrize("game_id", REAL)
def test_a_damaged_or_newer_saved_state_is_refused_with_a_reason(game_id):
    game = get_game(game_id)
    state, _ = game.start(game.min_seats, "saved")
    saved = json.loads(game.dump_state(state))
    with pytest.raises(EngineError, match="saved game is corrupt"):
        game.load_state("{not json")
    with pytest.raises(EngineError, match="saved game is corrupt: players"):
        game.load_state(json.dumps({**saved, "players": "none"}))
    newer = {**saved, "schema_version": 10_000}
    with pytest.raises(EngineError, match="newer than this engine's"):
        game.load_state(json.dumps(newer))
    assert game.dump_state(game.load_state(json.dumps(saved))) == game.dump_state(state)


@pytest.mark.parametrize("game_id", REAL)
def test_a_bad_option_value_names_the_game_and_the_option(game_id):
    game = get_game(game_id)
    field = next(iter(type(game.options()).model_fields))
    with pytest.raises(EngineError, match=rf"bad options for .*{field}"):
        game.start(game.max_seats, "options", {field: {"not": "a value"}})
