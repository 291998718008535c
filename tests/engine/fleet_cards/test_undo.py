"""Taking back decisions in Fleet, the card game (`engine.fleet_cards.undo`), kind by kind:
what stays on the table and in hand (bids, passes, captains and discards face down, crates)
can be taken back, to exactly the state before it; a card drawn or shown, a decision after
which the seat's boats fished or another seat moved on, and a license once named stand."""

from functools import partial

from engine.core.undo import DRAW, FINAL, GAME_END, RESOLVED, REVEAL
from tests.engine.takebacks import Found, find, taken_back_to_before, verb
from tests.engine.takebacks import allowed as may_take_back

from .builders import GAME

allowed = partial(may_take_back, GAME)
assert_taken_back = partial(taken_back_to_before, GAME)


def test_a_license_named_for_auction_is_final():
    # RULES §4.2: a license once chosen must be opened; the chooser cannot take it back.
    found = find(GAME, verb("open"))
    assert found.refusal(GAME) == FINAL


def test_a_bid_and_a_pass_are_taken_back_before_the_next_bidder_decides():
    # RULES §4.3: bids and passes go clockwise; nothing is drawn or shown.
    for kind in ("bid", "pass"):
        assert_taken_back(find(GAME, lambda f, kind=kind: verb(kind)(f) and allowed(f)))


def test_declining_is_taken_back_with_its_gone_fishin_card():
    # RULES §4.1; §14.2: the decliner takes a Gone Fishin' card, in view of all.
    found = find(
        GAME,
        lambda f: verb("decline")(f) and allowed(f) and f.move.events[-1].kind == "gone_fishin",
        options={"gone_fishin": True},
    )
    assert_taken_back(found)


def test_the_decision_that_closes_the_auction_reveals_new_licenses_and_is_final():
    # RULES §4.7: at the end of the phase licenses are revealed from the deck.
    found = find(
        GAME, lambda f: f.move.before.phase == "auction" and f.move.after.phase != "auction"
    )
    assert found.move.after.licenses != found.move.before.licenses
    assert found.refusal(GAME) == DRAW


def test_paying_with_crates_is_taken_back_but_a_card_paid_is_shown():
    # RULES §5.1: processed crates are $1 each; §5.3: every card paid goes face up.
    def crates_only(f: Found) -> bool:
        paid = f.move.action.args
        return verb("pay")(f) and all(a.startswith("crate") for a in paid) and allowed(f)

    assert_taken_back(find(GAME, crates_only))

    def with_a_card(f: Found) -> bool:
        return verb("pay")(f) and not any(
            a.startswith(("crate", "gone_fishin")) for a in f.move.action.args
        )

    found = find(GAME, lambda f: with_a_card(f) and f.move.after.deck == f.move.before.deck)
    assert found.refusal(GAME) == REVEAL


def test_a_boat_launched_is_shown():
    # RULES §6.1: the boat is placed face up on the tableau.
    found = find(GAME, lambda f: verb("launch")(f) and f.move.after.deck == f.move.before.deck)
    assert found.refusal(GAME) == REVEAL


def test_a_captain_hired_face_down_is_taken_back():
    # RULES §7.1: a card from hand goes face down on a boat.
    assert_taken_back(find(GAME, lambda f: verb("hire")(f) and allowed(f)))


def test_stopping_is_taken_back_unless_the_cod_bonus_draws():
    # RULES §6.4: a player who launched draws the Cod bonus once, before hiring.
    assert_taken_back(find(GAME, lambda f: verb("stop")(f) and allowed(f)))
    cod = find(
        GAME,
        lambda f: (
            verb("stop")(f)
            and any(e.kind == "draw" and e.data.get("source") == "cod" for e in f.move.events)
        ),
    )
    assert cod.refusal(GAME) == DRAW


def test_a_crate_processed_is_taken_back_but_a_trade_draws():
    # RULES §9.1: a crate moves onto the license; §9.2: a crate traded for cards.
    assert_taken_back(find(GAME, lambda f: verb("process")(f) and allowed(f)))
    assert find(GAME, verb("trade")).refusal(GAME) == DRAW


def test_a_discard_face_down_is_taken_back_while_others_are_still_at_their_round():
    # RULES §3.2, §10.3: each seat discards at its own pace, face down.
    found = find(GAME, lambda f: verb("discard")(f) and f.move.after.phase == "work" and allowed(f))
    assert_taken_back(found)


def test_the_decision_after_which_ones_boats_fish_is_resolved():
    # RULES §3.2, §8.1: once the seat is done hiring its boats fish from the public supply.
    def fishes(f: Found) -> bool:
        before, after = f.move.before, f.move.after
        return (
            before.phase == "work"
            and after.crates < before.crates
            and after.deck == before.deck
            and after.reshuffles == before.reshuffles
            and not GAME.is_over(after)
        )

    assert find(GAME, fishes).refusal(GAME) == RESOLVED


def test_the_decision_that_ends_the_round_is_resolved():
    # RULES §3.2: the next auction begins once every seat is through its end of round.
    def ends_round(f: Found) -> bool:
        before, after = f.move.before, f.move.after
        return (
            before.phase == "work"
            and after.round != before.round
            and after.deck == before.deck
            and after.reshuffles == before.reshuffles
        )

    assert find(GAME, ends_round).refusal(GAME) == RESOLVED


def test_the_decision_that_ends_the_game_is_final():
    # RULES §11: the game ends after fishing in its last round.
    found = find(GAME, lambda f: GAME.is_over(f.move.after), seats=2)
    assert found.refusal(GAME) == GAME_END
