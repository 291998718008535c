"""RULES §14: the advanced setup and the Gone Fishin' option."""

import random

import pytest

from engine.core.replay import replay

from .builders import BOOK, GAME, act, at, boats, hand, legal, licenses, new, row, top


def test_advanced_setup_keeps_premium_licenses_out_of_the_first_row_only():
    # RULES §14.1
    premium_high = False
    for n in range(40):
        state = new(4, f"adv:{n}", advanced_setup=True)
        assert not any(BOOK.licenses[lic].premium for lic in state.row)
        top = state.licenses[:4]
        premium_high |= any(BOOK.licenses[lic].premium for lic in top)
        assert len(state.row) + len(state.licenses) == 26
    assert premium_high, "premium licenses may come up in the next rows"


def gone_fishin(seats=2):
    state = new(seats, "gf", gone_fishin=True)
    row(state, "cod", "shrimp")
    state, _ = at(state, "auction")
    return state


def test_a_player_who_declines_to_choose_takes_a_gone_fishin_card_in_view_of_all():
    # RULES §14.2
    state = gone_fishin()
    state, events = GAME.apply(state, 0, "decline")
    taken = next(e for e in events if e.kind == "gone_fishin")
    assert taken.visible_to is None
    assert state.players[0].hand[-1] == taken.data["card"]
    assert GAME.view(state, 1).players[0].gone_fishin == 1
    assert len(state.gone_fishin) == 19


def test_dropping_out_of_a_running_auction_earns_no_gone_fishin_card():
    # RULES §14.2
    state = act(gone_fishin(), 0, "open cod", "bid 4")
    state = act(state, 1, "pass")
    assert GAME.view(state, 1).players[1].gone_fishin == 0


def test_no_gone_fishin_card_once_the_supply_is_empty():
    # RULES §14.2
    state = gone_fishin()
    state.gone_fishin = []
    state = act(state, 0, "decline")
    assert len(state.players[0].hand) == 6


def holding_gone_fishin(*others):
    """A Gone Fishin' game where seat 0 holds a Gone Fishin' card and `others`."""
    state = new(2, "gf", gone_fishin=True)
    hand(state, 0, *others)
    card = state.gone_fishin.pop(0)
    state.players[0].hand.insert(0, card)
    return state, card


def test_a_gone_fishin_card_pays_two_dollars_and_goes_back_to_its_supply():
    # RULES §14.2
    state, card = holding_gone_fishin("tuna")
    row(state, "cod", "shrimp")
    state, _ = at(state, "auction")
    state = act(state, 0, "open cod", "bid 4")
    state = act(state, 1, "pass")
    assert legal(state, 0) == ["pay tuna", "pay gone_fishin"]
    state = act(state, 0, "pay gone_fishin")
    assert state.players[0].payment.due == 2
    assert state.gone_fishin[-1] == card and card not in state.discard


def test_a_gone_fishin_card_is_never_launched_or_hired():
    # RULES §14.2
    state, _ = holding_gone_fishin()
    licenses(state, 0, "lobster")
    boats(state, 0, ("cod", 0, False))
    hand(state, 1, "tuna", "tuna")
    licenses(state, 1, "tuna")
    state, _ = at(state, "launch")
    p = state.players[0]
    assert p.task not in ("launch", "hire"), "no boat card: nothing to launch or hire"
    assert (p.launches, p.hires) == (0, 0)


def test_a_gone_fishin_card_is_never_discarded_even_with_two_tuna_licenses():
    # RULES §14.2
    state, _ = holding_gone_fishin("cod")
    licenses(state, 0, "tuna", "tuna")
    top(state, "shrimp", "shrimp", "shrimp")
    state, _ = at(state, "draw")
    assert legal(state, 0) == ["discard shrimp", "discard cod"]


def test_each_gone_fishin_card_in_hand_at_the_end_is_worth_two_vp():
    # RULES §14.2
    state = act(gone_fishin(), 0, "decline")
    assert GAME.view(state, 0).players[0].vp == 2


@pytest.mark.parametrize("seats", [2, 4])
def test_games_with_both_options_end_score_and_replay_exactly(seats):
    # RULES §2.5, §14
    options = {"advanced_setup": True, "gone_fishin": True}
    state, _ = GAME.start(seats, "both", options)
    rng, log = random.Random(seats), []
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
        log.append((seat, action.text))
        assert GAME.load_state(GAME.dump_state(state)) == state
    assert replay(GAME, seats, "both", log, options) == state
    result = GAME.result(state)
    assert all(s.total == sum(s.breakdown.values()) for s in result.seats)
