"""RULES §3.2, §4.5–§4.6: a seat out of the auction (it bought a license or declined) works
through its end of round while the others still bid, when that cannot change the game: the
license deck can refill the row (§4.7, §11.1), and its processing waits while anyone, bidders
included, could still empty the fish supply (§8.2). The auction moves on only on its own
decisions, and the next round begins once it is closed and everyone is done."""

from engine.core.actions import Action
from engine.core.undo import RESOLVED
from engine.fleet_cards.harvest import most_catch
from engine.fleet_cards.work import Work

from .builders import (
    BOOK,
    GAME,
    act,
    act_events,
    at,
    bidding,
    boats,
    hand,
    legal,
    licenses,
    new,
    row,
)


def bought(seats=2, *, licenses_left=None, crates=None, seat0=("tuna",) * 4):
    """Seat 0 (first player, a Tuna license) has just bought the Cod license for $4 with two
    Tuna cards; seat 1 chooses the next license. Seat 0 is out of the auction (§4.5)."""
    state = new(seats)
    hand(state, 0, *seat0)
    licenses(state, 0, "tuna")
    row(state, *("cod", "shrimp", "lobster", "processing")[:seats])
    if licenses_left is not None:
        state.removed += state.licenses[licenses_left:]
        state.licenses = state.licenses[:licenses_left]
    if crates is not None:
        state.crates = crates
    state, _ = at(state, "auction")
    state = act(state, 0, "open cod", "bid 4")
    for seat in range(1, seats):
        state = act(state, seat, "pass")
    return act(state, 0, "pay tuna tuna")


def test_a_seat_that_bought_its_license_launches_while_the_others_still_bid():
    # RULES §4.5, §3.2: out of the auction, it starts its end of round at once.
    state = bought()
    assert state.phase == "auction" and state.players[0].out
    assert (state.players[0].stage, state.players[0].task) == ("launch", "launch")
    assert bidding(state) == [1] and GAME.to_act(state) == [0, 1]
    state = act(state, 0, "launch tuna", "pay tuna")
    assert len(state.players[0].boats) == 1
    assert state.phase == "auction" and state.players[1].task == "choose"


def test_a_seat_that_declines_starts_its_end_of_round_at_once():
    # RULES §4.1, §3.2
    state = new(3)
    hand(state, 1, "tuna", "tuna")
    licenses(state, 1, "tuna")
    state, _ = at(state, "auction", first=1)
    state = act(state, 1, "decline")
    assert (state.players[1].stage, state.players[1].task) == ("launch", "launch")
    assert bidding(state) == [2]


def test_an_out_seats_end_of_round_changes_nothing_in_the_auction():
    # RULES §3.2, §4.4: its hand and crates no longer matter to bidding; the bidders' choices,
    # the public step and its buttons stay as they were.
    state = bought()
    choices, public, step = legal(state, 1), GAME.token(state, None), GAME.step(state)
    state = act(state, 0, "launch tuna", "pay tuna")
    while 0 in GAME.to_act(state):
        state = act(state, 0, legal(state, 0)[-1])
    assert state.players[0].stage == "done"
    assert legal(state, 1) == choices
    assert (GAME.token(state, None), GAME.step(state)) == (public, step)


def test_an_out_seat_waits_for_the_close_when_the_deck_could_not_refill_the_row():
    # RULES §4.7, §11.1: with fewer licenses in the deck than players, this may be the last
    # round, which ends after fishing (§11.3): the seat waits for the auction to close.
    state = bought(licenses_left=1)
    assert (state.players[0].stage, state.players[0].task) == (None, None)
    assert GAME.to_act(state) == [1]
    state = act(state, 1, "decline")
    assert state.phase == "work"
    assert (state.players[0].stage, state.players[0].task) == ("launch", "launch")


def test_in_what_may_be_the_last_round_an_out_seat_starts_once_the_close_says_so():
    # RULES §11.1, §11.3: the close finds the row cannot be refilled; everyone then starts.
    state = bought(licenses_left=0)
    assert state.players[0].stage is None
    state = act(state, 1, "decline")
    assert state.last_round and state.players[0].stage == "launch"


def test_a_deck_holding_a_license_per_player_is_enough_to_start_at_once():
    # RULES §4.7: the row needs at most one license per player.
    state = bought(licenses_left=2)
    assert state.players[0].stage == "launch"


def test_the_auction_moves_on_past_an_out_seats_pending_decisions():
    # RULES §4.6: the next license is chosen at once, and the phase ends once everyone has
    # bought or declined, whatever the out seats still owe at their end of round.
    state = bought(3)
    assert state.players[1].task == "choose" and state.players[0].task == "launch"
    state = act(state, 0, "launch tuna")
    assert state.players[0].task == "pay" and state.players[0].payment.kind == "boat"
    state = act(state, 1, "decline")
    assert bidding(state) == [2]
    state = act(state, 2, "decline")
    assert state.phase == "work" and state.players[0].task == "pay"
    assert state.auction.lot is None and state.round == 1


def test_a_license_payment_holds_the_auction_and_a_boat_payment_does_not():
    # RULES §4.5, §5: both are paid card by card; only the license's is an auction decision.
    state = new(2)
    hand(state, 0, "tuna", "tuna", "tuna")
    licenses(state, 0, "tuna")
    hand(state, 1, "cod", "cod", "cod", "cod", "cod")
    row(state, "cod", "shrimp")
    state, _ = at(state, "auction")
    state = act(state, 0, "decline")  # seat 0 launches; seat 1 chooses
    state = act(state, 0, "launch tuna")
    assert state.players[0].payment.kind == "boat" and bidding(state) == [1]
    state = act(state, 1, "open cod", "bid 4")  # alone: seat 1 wins at once and pays
    assert state.players[1].payment.kind == "license" and bidding(state) == [1]
    assert state.phase == "auction"
    state = act(state, 1, "pay cod cod cod cod")
    assert state.phase == "work" and state.players[0].task == "pay"


def test_the_next_round_begins_once_the_auction_is_closed_and_everyone_is_done():
    # RULES §3.2, §3.1: seat 0 is through while seat 1 still chooses; the round waits.
    state = bought()
    state = act(state, 0, "launch tuna", "pay tuna")
    while 0 in GAME.to_act(state):
        state = act(state, 0, legal(state, 0)[-1])
    assert state.players[0].stage == "done"
    assert (state.phase, state.round) == ("auction", 1) and GAME.to_act(state) == [1]
    state = act(state, 1, "decline")
    assert state.phase == "work" and state.players[1].stage is not None
    while GAME.to_act(state) and state.round == 1:
        state = act(state, 1, legal(state, 1)[-1])
    assert (state.phase, state.round, state.first_player) == ("auction", 2, 1)
    assert all(p.stage is None and not p.out for p in state.players)


def captained_seat_and_bidder(crates):
    """Seat 0 (a Processing Vessel license, one captained boat, a card to pay with) buys the
    Cod license; seat 1, still in the auction, has two boats below capacity: it could catch
    2 crates, 2 more from launches (§6.3, a Cod license still to buy): 4."""
    state = new(2)
    hand(state, 0, "tuna", "tuna")
    licenses(state, 0, "processing")
    boats(state, 0, ("cod", 1, True))
    boats(state, 1, ("cod", 1, True), ("cod", 0, False))
    row(state, "cod", "shrimp")
    state.crates = crates
    state, _ = at(state, "auction")
    state = act(state, 0, "open cod", "bid 4")
    state = act(state, 1, "pass")
    return act(state, 0, "pay tuna tuna")


def test_a_seat_still_in_the_auction_counts_as_still_to_fish_with_a_launch_more():
    # RULES §8.2, §6.3: it may yet buy a Cod license and launch two boats.
    state = captained_seat_and_bidder(crates=20)
    assert most_catch(Work(BOOK, state), 1) == 4


def test_an_out_seat_waits_to_process_while_the_bidders_could_still_empty_the_supply():
    # RULES §8.2: 5 crates; seat 0 takes 1, seat 1 could take the other 4.
    state = captained_seat_and_bidder(crates=5)
    assert state.players[0].stage == "fished" and state.players[0].task is None
    assert state.crates == 4 and GAME.to_act(state) == [1]


def test_an_out_seat_processes_during_the_auction_when_the_supply_cannot_run_out():
    # RULES §8.2, §9.1: 6 crates; seat 0 takes 1, seat 1 can take at most 4: one is left.
    state = captained_seat_and_bidder(crates=6)
    assert state.phase == "auction"
    assert (state.players[0].stage, state.players[0].task) == ("process", "process")


def test_a_seat_that_waited_for_the_catch_goes_on_once_the_bidders_have_fished():
    # RULES §8.2: after the close, seat 1 launches nothing and fishes; one crate is left.
    state = captained_seat_and_bidder(crates=5)
    state = act(state, 1, "decline")
    assert state.phase == "work"
    while 1 in GAME.to_act(state):
        state = act(state, 1, "stop" if "stop" in legal(state, 1) else legal(state, 1)[0])
    assert state.players[0].stage in ("process", "draw", "done")
    assert not GAME.is_over(state)


def test_an_out_seats_captain_is_taken_back_during_the_auction():
    # RULES §7.1: face down; nothing else moved (a Lobster license: a second hire to come).
    state = new(2)
    hand(state, 0, "tuna", "tuna", "shrimp", "shrimp")
    licenses(state, 0, "lobster")
    boats(state, 0, ("cod", 0, False), ("cod", 0, False))
    row(state, "cod", "shrimp")
    state, _ = at(state, "auction")
    state = act(state, 0, "open cod", "bid 4")
    state = act(state, 1, "pass")
    state = act(state, 0, "pay tuna tuna", "stop")  # launches nothing (a Cod license only)
    assert state.players[0].task == "hire" and state.phase == "auction"
    hire = Action("hire", ("shrimp",))
    after, events = GAME.apply(state, 0, hire)
    assert GAME.undoable(state, 0, hire, after, events) is None


def test_a_decline_that_started_the_end_of_round_is_taken_back_unless_boats_fished():
    # RULES §4.1, §8.1: a decline that only opened launching can be taken back; one after
    # which the decliner's boats fished cannot (crates left the public supply).
    state = new(3)
    hand(state, 0, "tuna", "tuna")
    licenses(state, 0, "tuna")
    state, _ = at(state, "auction")
    decline = Action("decline")
    after, events = act_events(state, 0, "decline")
    assert after.players[0].task == "launch"
    assert GAME.undoable(state, 0, decline, after, events) is None
    fishing = new(3)
    hand(fishing, 0)
    licenses(fishing, 0, "processing")
    boats(fishing, 0, ("cod", 1, True))
    fishing, _ = at(fishing, "auction")
    after, events = act_events(fishing, 0, "decline")
    assert after.crates == fishing.crates - 1
    assert GAME.undoable(fishing, 0, decline, after, events) == RESOLVED


def test_a_pass_stays_undoable_while_an_out_seat_works():
    # RULES §4.3: the next bidder's turn is no reason to refuse; seat 0 has not moved.
    state = bought(3)
    state = act(state, 1, "open shrimp", "bid 4")
    passing = Action("pass")
    after, events = GAME.apply(state, 2, passing)
    assert GAME.undoable(state, 2, passing, after, events) is None


def test_a_game_saved_mid_auction_before_this_ruling_loads_and_the_out_seat_starts():
    # A seat out and waiting with no stage, as saved before: it starts with the next move.
    state = bought()
    state.players[0].stage = None
    state.players[0].task = None
    loaded = GAME.load_state(GAME.dump_state(state))
    assert loaded == state
    after = act(loaded, 1, "decline")
    assert after.phase == "work" and after.players[0].stage == "launch"
    waiting = act(bought(3), 0, "stop")
    waiting.players[0].stage = None
    waiting.players[0].task = None
    later = act(GAME.load_state(GAME.dump_state(waiting)), 1, "open shrimp")
    assert later.phase == "auction" and later.players[0].stage is not None


def test_a_stage_is_refused_as_corrupt_only_for_a_seat_still_in_the_auction():
    # RULES §3.2: an out seat may be at its end of round during the auction.
    state = bought()
    assert GAME.load_state(GAME.dump_state(state)) == state
    state.players[1].stage = "launch"
    try:
        GAME.load_state(GAME.dump_state(state))
    except Exception as exc:
        assert "stage" in str(exc)
    else:
        raise AssertionError("a seat still bidding cannot be at its end of round")
