"""RULES §11 (the end of the game) and §12 (scoring)."""

from engine.fleet_cards.scoring import breakdown

from .builders import BOOK, GAME, act, at, boats, hand, licenses, new


def scored(*lics, specs=(), seat=0, state=None):
    state = state or new(2)
    licenses(state, seat, *lics)
    boats(state, seat, *specs)
    return state


def test_a_row_that_could_not_be_filled_ends_the_game_after_that_rounds_fishing():
    # RULES §11.1, §11.3
    state = new(2)
    hand(state, 0)
    hand(state, 1)
    boats(state, 0, ("cod", 0, True))
    licenses(state, 0, "processing")
    state.last_round = True
    state, events = at(state, "launch")
    assert GAME.is_over(state) and state.end == "licenses"
    assert state.players[0].boats[0].crates == 1, "fishing still happened"
    assert [e.kind for e in events][-1] == "over"
    assert GAME.result(state).reasons[0] == "end_licenses"


def test_a_game_with_licenses_left_goes_on_to_processing():
    # RULES §11.1 (the other way round)
    state = new(2)
    hand(state, 0)
    hand(state, 1)
    boats(state, 0, ("cod", 0, True))
    licenses(state, 0, "processing")
    state, _ = at(state, "launch")
    assert state.players[0].stage == "process" and not GAME.is_over(state)


def test_score_is_licenses_boats_and_crates_on_boats_not_processed_ones():
    # RULES §12.1
    state = scored("cod", "tuna", specs=[("cod", 3, True), ("tuna", 1, True), ("shrimp", 0, False)])
    state.players[0].processed = 5
    parts = breakdown(BOOK, state.players[0])
    assert parts["licenses"] == 4 + 3
    assert parts["boats"] == 2 + 1 + 1
    assert parts["fish"] == 4
    assert sum(parts.values()) == 15


def test_seed_example_number_of_captains_seven_of_eight_boats_captained_scores_seven():
    # RULES §12.2 (rulebook example: Player #2)
    specs = [("shrimp", 0, True)] * 7 + [("shrimp", 0, False)]
    state = scored("kc_captains", specs=specs)
    parts = breakdown(BOOK, state.players[0])
    assert parts["king_crab"] == 7
    assert parts["licenses"] == 5, "plus the 5 VP printed on the license"


def test_number_of_captains_is_capped_at_ten():
    # RULES §12.2
    state = scored("kc_captains", specs=[("shrimp", 0, True)] * 12)
    assert breakdown(BOOK, state.players[0])["king_crab"] == 10


def test_number_of_fish_crates_scores_one_per_full_three_crates_on_boats():
    # RULES §12.2
    state = scored("kc_crates", specs=[("shrimp", 4, True)] * 2 + [("cod", 3, True)])
    state.players[0].processed = 4
    assert breakdown(BOOK, state.players[0])["king_crab"] == 3  # 11 crates on boats
    state = scored("kc_crates", specs=[("shrimp", 4, True)] * 9)
    assert breakdown(BOOK, state.players[0])["king_crab"] == 10  # 36 crates, capped


def test_seed_example_different_licenses_two_king_crabs_count_as_one_kind():
    # RULES §12.2 (rulebook example: Player #4, seven licenses, five kinds, +6 VP)
    state = new(4)
    lics = ("shrimp", "cod", "cod", "processing", "kc_licenses", "kc_crates", "pub")
    scored(*lics, state=state)
    parts = breakdown(BOOK, state.players[0])
    assert parts["king_crab"] == 6 + 0, "kc_crates scores nothing without crates"


def test_different_licenses_table():
    # RULES §12.2
    ladder = ["kc_licenses", "shrimp", "cod", "lobster", "tuna", "processing", "pub"]
    expected = [0, 2, 4, 5, 6, 8, 10]
    for n, vp in zip(range(1, 8), expected, strict=True):
        state = scored(*ladder[:n], state=new(4))
        assert breakdown(BOOK, state.players[0])["king_crab"] == vp, n


def test_the_fishermens_pub_is_worth_ten_and_launches_nothing():
    # RULES §12.3
    state = scored("pub")
    assert breakdown(BOOK, state.players[0])["licenses"] == 10
    assert BOOK.licenses["pub"].boat is None


def _over(state):
    state.phase = "over"
    for p in state.players:
        p.task = None
    return state


def test_a_tie_goes_to_the_player_with_more_launched_boats():
    # RULES §12.4: 6 VP each; seat 1 has more boats.
    state = new(2)
    hand(state, 0)
    hand(state, 1)
    scored("cod", specs=[("cod", 0, False)], seat=0, state=state)  # 4 + 2
    scored(specs=[("shrimp", 0, False)] * 4 + [("cod", 0, False)], seat=1, state=state)  # 4 + 2
    result = GAME.result(_over(state))
    assert [s.total for s in result.seats] == [6, 6]
    assert result.winners == [1] and result.reasons == ("tie_boats",)


def test_then_to_the_player_with_more_crates_on_boats():
    # RULES §12.4
    state = new(2)
    scored(specs=[("cod", 2, True), ("shrimp", 0, False)], seat=0, state=state)  # 3 + 2
    scored(specs=[("shrimp", 3, True), ("shrimp", 0, False)], seat=1, state=state)  # 2 + 3
    result = GAME.result(_over(state))
    assert result.winners == [1] and result.reasons == ("tie_crates",)
    assert result.of(1).rank == 1 and result.of(0).rank == 2


def test_players_still_tied_share_the_victory():
    # RULES §12.4
    state = new(3)
    for seat in (0, 2):
        scored(specs=[("cod", 1, True)], seat=seat, state=state)
    result = GAME.result(_over(state))
    assert result.winners == [0, 2] and result.reasons == ("tie_shared",)
    assert [s.rank for s in result.seats] == [1, 1, 3]


def test_every_complete_game_scores_its_breakdown():
    # RULES §12.1 over real games
    for n in range(5):
        state, _ = GAME.start(3, f"full:{n}")
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            state = act(state, seat, GAME.default_action(state, seat).text)
        result = GAME.result(state)
        for s in result.seats:
            assert s.total == sum(breakdown(BOOK, state.players[s.seat]).values())
