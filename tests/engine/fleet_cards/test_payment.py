"""RULES §5: paying with cards, processed crates and the Shrimp discount."""

import pytest

from engine.core.errors import IllegalAction

from .builders import GAME, act, act_events, at, hand, kinds, legal, licenses, new, row
from .builders import kinds as kinds_of


def won(seat_hand, bid, *, shrimp=0, crates=0, lot="cod"):
    """Seat 0 has just won `lot` at `bid` in a 2-player game and owes the payment."""
    state = new(2)
    hand(state, 0, *seat_hand)
    licenses(state, 0, *["shrimp"] * shrimp)
    state.players[0].processed = crates
    row(state, lot, "tuna")
    state, _ = at(state, "auction")
    state = act(state, 0, f"open {lot}", f"bid {bid}")
    return act(state, 1, "pass")


def test_each_shrimp_license_takes_a_dollar_off_the_price():
    # RULES §5.1
    state = won(["tuna", "tuna"], 5, shrimp=2, lot="lobster")
    payment = state.players[0].payment
    assert (payment.cost, payment.discount, payment.due) == (5, 2, 3)
    state = act(state, 0, "pay tuna")
    assert state.players[0].licenses == ["shrimp", "shrimp", "lobster"]
    assert kinds(state.players[0].hand) == ["tuna"]


def test_a_discount_that_covers_the_price_ends_the_payment_at_once():
    # RULES §5.1: no credit below zero, no payment step.
    state = won(["tuna"], 4, shrimp=4)
    assert state.players[0].payment is None and state.players[0].task != "pay"
    assert state.players[0].licenses[-1] == "cod"
    assert kinds(state.players[0].hand) == ["tuna"]


def test_payment_is_chosen_card_by_card_and_ends_once_covered():
    # RULES §5.2
    state = won(["shrimp", "shrimp", "shrimp", "cod"], 5)
    assert legal(state, 0) == ["pay shrimp", "pay cod"]
    state = act(state, 0, "pay shrimp", "pay shrimp")
    assert state.players[0].task == "pay" and state.players[0].payment.due == 1
    state = act(state, 0, "pay cod")
    assert state.players[0].task != "pay" and state.players[0].payment is None
    assert kinds(state.players[0].hand) == ["shrimp"]


def test_no_change_is_given_when_the_cards_overshoot():
    # RULES §5.2: $4 paid with two Tuna cards ($6).
    state = won(["tuna", "tuna", "cod"], 4)
    state, events = act_events(state, 0, "pay tuna", "pay tuna")
    paid = next(e for e in events if e.kind == "paid")
    assert paid.data["paid"] == 6 and paid.data["overpaid"] == 2
    assert kinds(state.players[0].hand) == ["cod"]


def test_paid_cards_are_public_and_lie_face_up_on_the_discard_pile():
    # RULES §5.3
    state = won(["tuna", "lobster", "cod"], 5)
    card = next(c for c in state.players[0].hand if c.startswith("tuna"))
    state, events = act_events(state, 0, "pay tuna")
    spend = next(e for e in events if e.kind == "spend")
    assert spend.visible_to is None and spend.data["card"] == card
    assert state.discard[-1] == card and card not in state.hidden


def test_seed_example_a_cod_license_paid_with_three_crates_and_the_shrimp_discount():
    # RULES §5.1, §5.3 (rulebook example, Processing Vessel license): Player #4 wins a Cod
    # license for $4 and pays with three processed crates and the $1 Shrimp discount.
    state = won(["lobster"], 4, shrimp=1, crates=3)
    assert "pay crate" in legal(state, 0)
    supply = state.crates
    state = act(state, 0, "pay crate", "pay crate", "pay crate")
    p = state.players[0]
    assert p.licenses == ["shrimp", "cod"] and p.processed == 0
    assert kinds(p.hand) == ["lobster"], "no card was needed"
    assert state.crates == supply, "paid crates leave the game"


def test_several_cards_may_be_laid_down_at_once():
    # RULES §5.2: a Shrimp license won at $4, paid with a Tuna and a Cod card in one step
    state = won(["tuna", "cod", "cod", "shrimp"], 4, lot="shrimp")
    state, events = act_events(state, 0, "pay tuna cod")
    assert state.players[0].payment is None and state.players[0].licenses == ["shrimp"]
    assert kinds(state.players[0].hand) == ["cod", "shrimp"]
    spent = [e.data["kind"] for e in events if e.kind == "spend"]
    assert spent == ["tuna", "cod"], "each card is paid face up, as one by one"
    paid = next(e for e in events if e.kind == "paid")
    assert (paid.data["paid"], paid.data["overpaid"]) == (4, 0)
    assert state.players[0].payment is None


def test_copies_and_crates_are_named_once_each_in_one_payment():
    # RULES §5.2: two Shrimp cards and two crates at once pay $6
    state = won(["shrimp", "shrimp", "lobster"], 6, crates=2, lot="lobster")
    state = act(state, 0, "pay shrimp shrimp:2 crate crate:2")
    p = state.players[0]
    assert p.licenses == ["lobster"] and kinds(p.hand) == ["lobster"] and p.processed == 0


def test_a_payment_laid_down_in_part_goes_on_card_by_card():
    # RULES §5.2
    state = won(["cod", "cod", "tuna"], 5)
    state = act(state, 0, "pay cod cod:2")
    assert state.players[0].task == "pay" and state.players[0].payment.due == 3
    assert legal(state, 0) == ["pay tuna"]


def test_a_card_more_than_the_price_needs_is_refused_no_change_is_given():
    # RULES §5.2: the payment ends as soon as it is covered: Tuna + Tuna + Cod for $5 leaves
    # the Cod unneeded (Tuna + Tuna already covers), but Tuna + Tuna overpays and stands.
    state = won(["tuna", "tuna", "cod"], 5)
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "pay tuna tuna:2 cod")
    assert err.value.code == "more_than_due" and err.value.fields["due"] == 5
    assert GAME.dump_state(state) == before
    state, events = act_events(state, 0, "pay tuna tuna:2")
    assert next(e for e in events if e.kind == "paid").data["overpaid"] == 1


def test_cards_not_in_hand_cannot_be_laid_down():
    # RULES §5.2
    state = won(["tuna", "cod"], 4)
    for text, code in [
        ("pay tuna tuna:2", "not_in_hand"),
        ("pay cod lobster", "not_in_hand"),
        ("pay cod crate", "no_crates"),
    ]:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, text)
        assert err.value.code == code, text


def test_the_quickest_payment_overpays_least_with_the_fewest_cards_each_needed():
    # RULES §5.2: a one-step payment the rules accept, overpaying as little as the hand allows
    from engine.fleet_cards.cards import builtin_deck
    from engine.fleet_cards.payment import least_overpaid

    book = builtin_deck()
    assert least_overpaid(book, ["tuna", "cod", "cod", "shrimp"], 4) == ["tuna", "cod"]
    assert least_overpaid(book, ["tuna", "tuna"], 4) == ["tuna", "tuna"]  # $2 over: no less
    assert least_overpaid(book, ["shrimp", "crate", "crate"], 3) == ["shrimp", "crate"]
    assert least_overpaid(book, ["cod"], 4) is None
    state = won(["tuna", "lobster", "cod", "cod"], 5)
    kinds = least_overpaid(book, kinds_of(state.players[0].hand), 5)
    state = act(
        state,
        0,
        "pay " + " ".join(k if kinds[:i].count(k) == 0 else f"{k}:2" for i, k in enumerate(kinds)),
    )
    assert state.players[0].payment is None
