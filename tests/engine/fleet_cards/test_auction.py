"""RULES §4: the license auction."""

import pytest

from engine.core.errors import IllegalAction
from engine.fleet_cards.auction import bid_amounts

from .builders import GAME, act, act_events, at, bidding, hand, legal, licenses, new, row


def auction(seats: int = 3, *lics: str, first: int = 0):
    """A fresh auction phase, `first` choosing, with a row of `lics` (default: Cod, Shrimp,
    Tuna …) and every hand worth $11 (one card of each type)."""
    state = new(seats)
    row(state, *(lics or ("cod", "shrimp", "tuna", "lobster")[:seats]))
    state, _ = at(state, "auction", first=first)
    return state


def test_the_chooser_puts_up_a_license_of_the_row_or_declines():
    # RULES §4.1
    state = auction(3, "cod", "cod", "tuna")
    assert GAME.to_act(state) == [0]
    assert legal(state, 0) == ["open cod", "open tuna", "decline"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "open pub")
    assert err.value.code == "not_offered"


def test_a_player_who_declines_buys_no_license_this_phase():
    # RULES §4.1
    state = act(auction(3), 0, "decline")
    assert state.players[0].out
    assert bidding(state) == [1]
    state = act(state, 1, "open cod", "bid 4")
    assert bidding(state) == [2], "the decliner is not asked to bid"


def test_the_opening_bid_is_at_least_the_printed_minimum():
    # RULES §4.2
    state = act(auction(3), 0, "open tuna")
    assert legal(state, 0)[0] == "bid 5"
    assert "pass" not in legal(state, 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "bid 4")
    assert err.value.code == "bid_too_low" and err.value.fields == {"least": 5}


def test_a_license_once_chosen_must_be_opened():
    # RULES §4.2 (ruling: choosing and opening are one act at the table)
    state = act(auction(3), 0, "open tuna")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "pass")
    assert err.value.code == "must_open"
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "decline")


def test_bidding_goes_clockwise_and_each_raise_beats_the_high_bid_by_a_dollar_or_more():
    # RULES §4.3
    state = act(auction(3, first=1), 1, "open cod", "bid 4")
    assert GAME.to_act(state) == [2]
    assert legal(state, 2)[0] == "bid 5" and legal(state, 2)[-1] == "pass"
    state = act(state, 2, "bid 7")
    assert GAME.to_act(state) == [0]
    assert legal(state, 0)[0] == "bid 8"
    state = act(state, 0, "bid 8")
    assert GAME.to_act(state) == [1], "bidding goes round again to the opener"


def test_a_player_who_passes_is_out_of_this_license_but_not_of_the_phase():
    # RULES §4.3
    state = act(auction(3), 0, "open cod", "bid 4")
    state = act(state, 1, "pass")
    state = act(state, 2, "bid 5")
    assert bidding(state) == [0], "seat 1 passed and is skipped"
    state = act(state, 0, "pass")
    assert state.players[2].task == "pay"
    state = act(state, 2, "pay tuna", "pay lobster")
    assert bidding(state) == [0]
    state = act(state, 0, "open shrimp", "bid 4")
    assert bidding(state) == [1], "the player who passed on Cod may bid on Shrimp"


def test_nobody_may_bid_more_than_cards_crates_and_discount_can_pay():
    # RULES §4.4: $3 in hand, 2 processed crates, 1 Shrimp license: $6.
    state = new(2)
    hand(state, 1, "tuna")
    licenses(state, 1, "shrimp")
    state.players[1].processed = 2
    row(state, "cod", "lobster")
    state, _ = at(state, "auction")
    state = act(state, 0, "open cod", "bid 4")
    assert legal(state, 1) == ["bid 5", "bid 6", "pass"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, "bid 7")
    assert err.value.code == "cannot_afford"


def test_a_player_who_cannot_afford_any_license_may_only_decline():
    # RULES §4.4
    state = new(2)
    hand(state, 0, "cod", "king_crab")
    row(state, "cod", "lobster")
    state, _ = at(state, "auction")
    assert legal(state, 0) == ["decline"]


def test_a_player_who_cannot_top_the_high_bid_may_only_pass():
    # RULES §4.4
    state = new(2)
    hand(state, 1, "tuna", "cod")
    state, _ = at(state, "auction")
    state = act(state, 0, f"open {state.row[0]}", "bid 6")
    assert legal(state, 1) == ["pass"]


def test_the_winner_pays_takes_the_license_and_is_out_for_the_phase():
    # RULES §4.5
    state = act(auction(3), 0, "open cod", "bid 4")
    state = act(state, 1, "pass")
    state, events = act_events(state, 2, "pass")
    assert [e.kind for e in events][-1] == "won"
    assert state.players[0].task == "pay" and state.players[0].out
    state = act(state, 0, "pay tuna", "pay cod")
    assert state.players[0].licenses == ["cod"]
    assert "cod" not in state.row
    assert bidding(state) == [1]


def test_when_the_first_player_wins_the_next_player_chooses():
    # RULES §4.6
    state = act(auction(3, first=1), 1, "open cod", "bid 4")
    state = act(state, 2, "pass")
    state = act(state, 0, "pass")
    state = act(state, 1, "pay tuna", "pay shrimp")
    assert bidding(state) == [2]
    assert state.players[2].task == "choose"


def test_when_another_player_wins_the_first_player_chooses_again():
    # RULES §4.6
    state = act(auction(3, first=1), 1, "open cod", "bid 4")
    state = act(state, 2, "bid 5")
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")
    state = act(state, 2, "pay tuna", "pay shrimp")
    assert bidding(state) == [1]
    assert state.players[1].task == "choose"


def test_the_phase_ends_when_everyone_has_bought_or_declined_and_the_row_is_refilled():
    # RULES §4.6, §4.7
    state = auction(2, "cod", "shrimp")
    state = act(state, 0, "open cod", "bid 4")
    state = act(state, 1, "pass")
    state = act(state, 0, "pay tuna", "pay cod")
    state, events = act_events(state, 1, "decline")
    assert state.phase == "work"
    refill = next(e for e in events if e.kind == "row")
    assert len(state.row) == 2 and state.row[0] == "shrimp"
    assert refill.data["revealed"] == state.row[1:]


def test_a_row_the_deck_cannot_fill_makes_this_the_last_round():
    # RULES §4.7, §11.1
    state = auction(2, "cod", "shrimp")
    state.licenses = state.licenses[:0]
    state = act(state, 0, "open cod", "bid 4")
    state = act(state, 1, "pass")
    state = act(state, 0, "pay tuna", "pay cod")
    state, events = act_events(state, 1, "decline")
    assert state.last_round
    assert "last_round" in [e.kind for e in events]
    assert state.row == ["shrimp"]


def test_if_nobody_bought_a_license_the_row_leaves_play_and_a_new_one_is_revealed():
    # RULES §4.8
    state = auction(2, "cod", "shrimp")
    upcoming = state.licenses[:2]
    state = act(state, 0, "decline")
    state, events = act_events(state, 1, "decline")
    assert state.cleared == ["cod", "shrimp"]
    assert state.row == upcoming
    assert any(e.kind == "cleared" and e.data["licenses"] == ["cod", "shrimp"] for e in events)


def test_the_bid_menu_offers_every_amount_while_they_fit():
    # RULES §4.9
    assert bid_amounts(4, 27) == list(range(4, 28))
    assert bid_amounts(6, 5) == []


def test_a_long_bid_menu_keeps_24_amounts_the_first_16_a_dollar_apart_and_the_most():
    # RULES §4.9
    amounts = bid_amounts(4, 60)
    assert len(amounts) == 24
    assert amounts[:16] == list(range(4, 20))
    assert amounts[-1] == 60
    assert amounts == sorted(set(amounts))


def rich_opener():
    """Seat 0, holding $36 of cards, has put the Cod license up and names the opening bid."""
    state = new(2)
    hand(state, 0, *["tuna"] * 10, *["shrimp"] * 3)
    row(state, "cod", "shrimp")
    state, _ = at(state, "auction")
    return act(state, 0, "open cod")


def test_any_affordable_amount_is_a_legal_bid_even_one_a_long_menu_leaves_out():
    # RULES §4.9: the menu shows 24 amounts, but any overbid the bidder can afford stands
    # (the rulebook: "The player to his left chooses to overbid or pass", and "At no time may
    # any player declare a bid that he cannot afford")
    state = rich_opener()
    offered = [int(a.split()[1]) for a in legal(state, 0)]
    missing = next(n for n in range(4, 37) if n not in offered)
    state = act(state, 0, f"bid {missing}")
    assert (state.auction.high, state.auction.leader) == (missing, 0)


def test_every_amount_from_the_minimum_to_the_whole_purse_is_a_bid_and_no_other():
    # RULES §4.2, §4.9: "sets a starting bid at or above the minimum"; "At no time may any
    # player declare a bid that he cannot afford". The action's text takes any of them.
    state = rich_opener()
    for amount in range(4, 37):
        after = act(state, 0, f"bid {amount}")
        assert (after.auction.high, after.auction.leader) == (amount, 0)
    for amount, code in ((3, "bid_too_low"), (37, "cannot_afford"), (999, "cannot_afford")):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, f"bid {amount}")
        assert err.value.code == code, amount


def test_a_typed_bid_still_must_be_affordable_and_top_the_high_bid():
    # RULES §4.3, §4.4
    state = rich_opener()
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "bid 37")
    assert err.value.code == "cannot_afford"
    state = act(state, 0, "bid 25")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, "bid 25")
    assert err.value.code == "bid_too_low" and err.value.fields["least"] == 26
