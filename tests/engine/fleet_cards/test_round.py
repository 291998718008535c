"""RULES §3: the round, turn order, and each seat's end of round at its own pace."""

from .builders import (
    GAME,
    act,
    act_events,
    at,
    bidding,
    boats,
    hand,
    kinds,
    legal,
    licenses,
    new,
    top,
)


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
    assert phases == ["auction", "work", "auction"]
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
    # RULES §3.2, §4.3: seats out of it may meanwhile be at their end of round.
    state = new(4)
    while state.phase == "auction":
        assert len(bidding(state)) == 1
        seat = bidding(state)[0]
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


def own_pace(crates=None, last_round=False, seat0_processes=True):
    """Seat 0 has nothing to decide before processing (one captained boat, no card in hand);
    seat 1 is still to launch (Tuna license and cards) and has two captained boats with a
    crate each: it could still catch 3 crates (2 boats and 1 launch, RULES §6.3, §8.1)."""
    state = new(2)
    hand(state, 0)
    boats(state, 0, ("cod", 0, True))
    if seat0_processes:
        licenses(state, 0, "processing")
    hand(state, 1, "tuna", "tuna")
    licenses(state, 1, "tuna")
    boats(state, 1, ("cod", 1, True), ("cod", 1, True))
    if crates is not None:
        state.crates = crates
    state.last_round = last_round
    return at(state, "launch", first=1)[0]


def test_each_seat_works_through_its_end_of_round_without_waiting_for_the_others():
    # RULES §3.2: launching, hiring, fishing, processing, drawing at one's own pace.
    state = own_pace(seat0_processes=False)
    assert state.players[0].stage == "draw" and state.players[0].task == "discard"
    assert state.players[0].boats[0].crates == 1, "its boat fished already"
    assert state.players[1].stage == "launch" and state.players[1].task == "launch"
    assert GAME.to_act(state) == [0, 1]
    kind = legal(state, 0)[0].split()[1]
    state = act(state, 0, f"discard {kind}")
    assert state.players[0].stage == "done" and state.phase == "work"
    assert GAME.to_act(state) == [1], "the next auction waits for seat 1"


def test_the_next_auction_begins_once_every_seat_is_through():
    # RULES §3.2, §3.1: then the first player marker passes clockwise.
    state = own_pace(seat0_processes=False)
    state = act(state, 0, legal(state, 0)[0])
    assert state.phase == "work"
    state = act(state, 1, "stop")  # its Tuna license: draw 2, keep both (§10.2)
    assert (state.phase, state.round, state.first_player) == ("auction", 2, 0)
    assert all(p.stage is None for p in state.players)


def test_cards_are_drawn_as_each_seat_gets_to_its_draw_not_in_turn_order():
    # RULES §3.2, §10.1: seat 1 holds the marker, but seat 0 gets to its draw first.
    state = new(2)
    hand(state, 0)
    hand(state, 1, "tuna", "tuna")
    licenses(state, 1, "tuna")
    top(state, "king_crab", "king_crab")
    state, _ = at(state, "launch", first=1)
    assert kinds(state.players[0].drawn) == ["king_crab", "king_crab"]


def test_a_seat_goes_on_to_processing_when_the_supply_cannot_run_out_this_round():
    # RULES §3.2, §8.2: 5 crates, seat 0 takes 1; seat 1 can take at most 3, so 1 is left.
    state = own_pace(crates=5)
    assert state.players[0].stage == "process" and state.players[0].task == "process"


def test_a_seat_waits_for_the_others_catch_when_the_supply_could_run_out():
    # RULES §8.2: 4 crates, seat 0 takes 1; seat 1 could take the last 3.
    state = own_pace(crates=4)
    assert state.players[0].stage == "fished" and state.players[0].task is None
    assert GAME.to_act(state) == [1]
    step = GAME.step(state)
    state = act(state, 1, "stop")  # seat 1's boats take 2: one crate is left
    assert state.crates == 1 and not GAME.is_over(state)
    assert state.players[0].stage == "process" and state.players[0].task == "process"
    assert GAME.step(state) != step, "processing opens as a new turn for seat 0"


def test_a_supply_that_runs_out_ends_the_game_after_everyones_fishing_without_processing():
    # RULES §8.2, §11.2: the waiting seat never processes.
    state = own_pace(crates=3)
    assert state.players[0].stage == "fished"
    state, events = act_events(state, 1, "stop")
    assert GAME.is_over(state) and state.end == "fish"
    assert state.players[0].processed == 0
    assert not [e for e in events if e.kind == "draw"]


def test_in_the_last_round_a_seat_stops_after_fishing_and_the_game_ends_when_all_have():
    # RULES §11.3: known when the auction closes; nothing after fishing can change a score.
    state = own_pace(last_round=True)
    assert state.players[0].stage == "fished" and state.players[0].task is None
    assert not GAME.is_over(state)
    state = act(state, 1, "stop")
    assert GAME.is_over(state) and state.end == "licenses"
