"""RULES §8 (fishing) and §9 (processing and trading)."""

from .builders import GAME, act, act_events, at, boats, hand, legal, licenses, new


def fished(*specs, seat1=(), crates=None, lics=()):
    """Seat 0 with these boats and licenses, seat 1 with `seat1`; nobody launches or hires,
    so the launch phase runs straight into fishing."""
    state = new(2)
    hand(state, 0)
    hand(state, 1)
    licenses(state, 0, *lics)
    boats(state, 0, *specs)
    boats(state, 1, *seat1)
    if crates is not None:
        state.crates = crates
    return at(state, "launch")


def test_every_captained_boat_below_capacity_takes_one_crate():
    # RULES §8.1
    specs = [("cod", 0, True), ("cod", 3, True), ("tuna", 4, True), ("shrimp", 0, False)]
    state, events = fished(*specs)
    assert [b.crates for b in state.players[0].boats] == [1, 4, 4, 0]
    assert state.crates == 50 - 2
    assert [(e.seat, e.data["crates"]) for e in events if e.kind == "fish"] == [(0, 2)]


def test_a_supply_that_runs_out_still_pays_every_crate_due_and_ends_the_game():
    # RULES §8.2, §11.2
    state, events = fished(("cod", 0, True), ("cod", 0, True), seat1=[("tuna", 1, True)], crates=2)
    assert [b.crates for b in state.players[0].boats] == [1, 1]
    assert state.players[1].boats[0].crates == 2
    assert state.crates == -1
    assert GAME.is_over(state) and state.end == "fish"
    assert GAME.view(state, None).crates == 0
    assert any(e.kind == "fish_out" and e.data["credited"] == 1 for e in events)


def test_processing_moves_up_to_one_crate_from_each_boat_onto_the_license():
    # RULES §9.1
    state, _ = fished(("cod", 3, True), ("tuna", 1, True), lics=["processing"])
    assert state.players[0].stage == "process"
    assert legal(state, 0) == ["process 2", "process 4", "stop"]
    state = act(state, 0, "process 4")
    assert [b.crates for b in state.players[0].boats] == [3, 2]
    assert legal(state, 0) == ["process 2", "stop"], "that boat gave its crate this round"
    state = act(state, 0, "process 2")
    assert state.players[0].processed == 2
    assert state.players[0].task == "trade"


def test_processed_crates_score_nothing_and_a_full_boat_that_gave_one_fishes_again():
    # RULES §9.1, §12.1
    state, _ = fished(("cod", 3, True), lics=["processing"])
    before = GAME.view(state, 0).players[0].vp
    state = act(state, 0, "process 4", "stop")
    assert GAME.view(state, 0).players[0].vp == before - 1
    assert state.players[0].boats[0].crates == 3


def test_a_player_without_a_processing_license_is_not_asked():
    # RULES §9.1
    state, _ = fished(("cod", 3, True))
    assert state.players[0].stage == "draw" and state.players[0].task == "discard"


def test_trading_one_crate_draws_a_card_per_processing_license():
    # RULES §9.2
    state, _ = fished(("cod", 1, True), lics=["processing", "processing"])
    state.players[0].processed = 2
    state = act(state, 0, "stop")
    assert legal(state, 0) == ["trade", "stop"]
    state, events = act_events(state, 0, "trade")
    assert state.players[0].processed == 1
    assert state.players[0].stage == "draw", "one trade a round: processing is over"
    draw = next(e for e in events if e.kind == "draw" and e.data["source"] == "trade")
    assert draw.data["count"] == 2


def test_crates_left_on_the_license_can_be_traded_in_a_later_round_without_fish_to_process():
    # RULES §9.3
    state, _ = fished(lics=["processing"])
    state.players[0].processed = 1
    state, _ = at(state, "processing")
    assert legal(state, 0) == ["trade", "stop"]


def test_seed_example_four_boats_processed_one_traded_three_left_for_cash():
    # RULES §9.1–§9.3 (rulebook example, Processing Vessel license: Player #4)
    specs = [("cod", 1, True), ("tuna", 1, True), ("shrimp", 1, True), ("lobster", 1, True)]
    state, _ = fished(*specs, lics=["processing", "shrimp"])
    state = act(state, 0, "process 2", "process 2", "process 2", "process 2")
    assert state.players[0].processed == 4
    state, events = act_events(state, 0, "trade")
    assert state.players[0].processed == 3
    draw = next(e for e in events if e.kind == "draw" and e.data["source"] == "trade")
    assert draw.data["count"] == 1
