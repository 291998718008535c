"""RULES §3: the round, turn order and simultaneous phases."""

from .builders import GAME, act, at, hand, licenses, new


def play_phase(state):
    """Everyone plays their default choice until the phase changes."""
    phase, seen = state.phase, []
    while state.phase == phase and not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        seen.append(seat)
        state = act(state, seat, GAME.default_action(state, seat).text)
    return state, seen


def test_the_phases_come_in_order_and_the_marker_passes_clockwise():
    # RULES §3.1
    state = new(3, "round")
    first = state.first_player
    phases = [state.phase]
    while state.round == 1:
        state, _ = play_phase(state)
        if state.phase != phases[-1]:
            phases.append(state.phase)
    assert phases[:2] == ["auction", "launch"]
    assert phases[-2:] == ["draw", "auction"]
    assert state.first_player == (first + 1) % 3


def test_launching_and_hiring_are_played_by_everyone_at_once():
    # RULES §3.2
    state = new(3)
    for seat in range(3):
        hand(state, seat, "tuna", "tuna")
        licenses(state, seat, "tuna")
    state, _ = at(state, "launch")
    assert GAME.to_act(state) == [0, 1, 2]
    state = act(state, 2, "launch tuna")
    assert GAME.to_act(state) == [0, 1, 2]


def test_the_auction_is_played_one_seat_at_a_time():
    # RULES §3.2, §4.3
    state = new(4)
    while state.phase == "auction":
        assert len(GAME.to_act(state)) == 1
        seat = GAME.to_act(state)[0]
        state = act(state, seat, GAME.default_action(state, seat).text)


def test_a_seats_old_buttons_go_stale_once_it_acted_and_the_public_ones_with_the_auction():
    state = new(2)
    seat = state.first_player
    mine, public = GAME.token(state, seat), GAME.token(state, None)
    other = GAME.token(state, 1 - seat)
    state = act(state, seat, f"open {state.row[0]}")
    assert GAME.token(state, seat) != mine
    assert GAME.token(state, None) != public
    assert GAME.token(state, 1 - seat) == other


def test_a_private_step_in_a_simultaneous_phase_leaves_the_public_step_alone():
    state = new(2)
    for seat in range(2):
        hand(state, seat, "tuna", "tuna")
        licenses(state, seat, "tuna")
    state, _ = at(state, "launch")
    public, step = GAME.token(state, None), GAME.step(state)
    state = act(state, 0, "launch tuna")
    assert (GAME.token(state, None), GAME.step(state)) == (public, step)
