"""Take-backs, checked for every registered game (the test games included): a decision the
rules let its player take back undoes to exactly the state before it, through the action log
(an ``undo`` entry), several in a row included; it draws and shows nothing to its player; and
the decision that ends a game is never taken back."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import EngineError
from engine.core.replay import UNDO, in_effect, replay
from engine.core.undo import GAME_END, REASONS, Move, last_moves, refusal
from engine.games import game_ids, get_game

GAMES = game_ids()


def step(game, state, seat, action):
    after, events = game.apply(state, seat, action)
    return Move(seat, action, state, after, tuple(events))


def may_take_back(game, log, moves):
    """What a table's log allows, as the service judges it: the latest decision in effect,
    if no other seat's entry (taken back or not) was logged after it and the rules allow it.
    `moves`: the move of each entry still in effect, in order."""
    kept = in_effect(range(len(log)), lambda i: log[i][1])
    if not kept:
        return None
    seat = log[kept[-1]][0]
    if any(log[i][0] != seat for i in range(kept[-1] + 1, len(log))):
        return None
    move = moves[-1]
    return move if refusal(game, move) is None else None


def play_with_take_backs(game, seats, seed, rng, checks=6):
    """A random game in which players often take back what they may, several decisions in a
    row at times, and choose again. Checks, at a few random points, that the log with the
    take-back replays to exactly the state before the decision; returns the final state and
    the whole log."""
    state, _ = game.start(seats, seed)
    log: list[tuple[int, str]] = []
    moves: list[Move] = []
    taken = checked = 0
    while not game.is_over(state):
        move = may_take_back(game, log, moves)
        if move is not None and rng.random() < 0.3:
            if checked < checks and rng.random() < 0.2:
                assert replay(game, seats, seed, [*log, (move.seat, UNDO)]) == move.before
                checked += 1
            log.append((move.seat, UNDO))
            moves.pop()
            state = move.before
            taken += 1
            continue
        seat = rng.choice(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        move = step(game, state, seat, action)
        log.append((seat, action.text))
        moves.append(move)
        state = move.after
        assert len(log) < 8000, "the game ends"
    return state, log, taken


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_is_never_an_action_of_a_game(game_id):
    # The action log's take-back entry must never be read as a move of the game.
    with pytest.raises(EngineError):
        get_game(game_id).parse_action(UNDO)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_log_with_take_backs_replays_to_the_state_the_table_was_in(game_id, seed):
    game = get_game(game_id)
    rng = random.Random(seed)
    seats = rng.randint(game.min_seats, game.max_seats)
    state, log, taken = play_with_take_backs(game, seats, f"undo:{seed}", rng)
    assert replay(game, seats, f"undo:{seed}", log) == state
    assert sum(1 for _, text in log if text == UNDO) == taken


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_lets_some_decisions_be_taken_back_and_refuses_others(game_id):
    game = get_game(game_id)
    seen: set[str | None] = set()
    for n in range(3):
        rng = random.Random(n)
        state, _ = game.start(game.max_seats, f"kinds:{n}")
        while not game.is_over(state):
            seat = rng.choice(game.to_act(state))
            move = step(game, state, seat, rng.choice(game.legal_actions(state, seat)))
            why = refusal(game, move)
            assert why is None or why in REASONS
            seen.add(why)
            state = move.after
    assert None in seen and GAME_END in seen
    assert len(seen - {None, GAME_END}) >= 1, "some decision is final before the game's end"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_decision_that_may_be_taken_back_draws_and_shows_nothing_to_its_player(game_id):
    # Whatever chance would give next (the seed, deck orders, others' hands: all that the
    # player cannot know, drawn again by `redeal`), the decision comes out the same for its
    # player: taking it back cannot let them peek at a roll or a card.
    game = get_game(game_id)
    compared = 0
    for n in range(2):
        rng = random.Random(10 + n)
        state, _ = game.start(game.max_seats, f"peek:{n}")
        while not game.is_over(state):
            seat = rng.choice(game.to_act(state))
            move = step(game, state, seat, rng.choice(game.legal_actions(state, seat)))
            if refusal(game, move) is None and rng.random() < 0.25:
                for k in range(2):
                    other = game.redeal(state, seat, f"other:{k}")
                    after, _ = game.apply(other, seat, move.action)
                    assert game.view(after, seat) == game.view(move.after, seat), move.action
                    compared += 1
            state = move.after
    assert compared


@pytest.mark.parametrize("game_id", GAMES)
def test_the_decision_that_ends_the_game_is_never_taken_back(game_id):
    game = get_game(game_id)
    rng = random.Random(5)
    state, _ = game.start(game.min_seats, "end")
    move = None
    while not game.is_over(state):
        seat = rng.choice(game.to_act(state))
        move = step(game, state, seat, rng.choice(game.legal_actions(state, seat)))
        state = move.after
    assert move is not None and refusal(game, move) == GAME_END


def test_last_moves_gives_the_final_state_and_the_moves_still_in_effect():
    game = get_game("fleet-dice")
    rng = random.Random(3)
    state, _ = game.start(2, "tail")
    log, states = [], [state]
    for _ in range(6):
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        log.append((seat, action.text))
        states.append(state)
    final, tail = last_moves(game, 2, "tail", [*log, (log[-1][0], UNDO)], depth=2)
    assert final == states[5]
    assert [m.after for m in tail] == states[4:6]
    assert [m.before for m in tail] == states[3:5]
    assert [m.action.text for m in tail] == [log[3][1], log[4][1]]


def test_a_game_giving_an_unknown_reason_is_a_programming_error(monkeypatch):
    game = get_game("fleet-dice")
    state, _ = game.start(2, "odd")
    seat = game.to_act(state)[0]
    move = step(game, state, seat, game.legal_actions(state, seat)[0])
    monkeypatch.setattr(type(game), "undoable", lambda *args: "because")
    with pytest.raises(ValueError, match="because"):
        refusal(game, move)
