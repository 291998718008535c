"""RULES §10: drawing, the Tuna bonus, the face-down discard and the reshuffle."""

import pytest

from engine.core.errors import IllegalAction

from .builders import GAME, act, act_events, at, hand, kinds, legal, licenses, new, top


def draw_phase(*tunas_for_seat0, seat0=("cod",)):
    state = new(2)
    hand(state, 0, *seat0)
    hand(state, 1, "cod")
    licenses(state, 0, *tunas_for_seat0)
    return state


def test_everyone_draws_two_and_discards_one_of_the_two_just_drawn():
    # RULES §10.1
    state = top(draw_phase(), "tuna", "shrimp", "lobster", "lobster")
    state, _ = at(state, "draw")
    assert kinds(state.players[0].drawn) == ["shrimp", "tuna"]
    assert legal(state, 0) == ["discard shrimp", "discard tuna"], "not the Cod already held"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "discard cod")
    assert err.value.code == "not_drawn"
    state = act(state, 0, "discard tuna")
    assert kinds(state.players[0].hand) == ["cod", "shrimp"] and state.players[0].drawn == []
    assert legal(state, 1) == ["discard lobster"], "asked even when both cards are alike"


def test_cards_are_dealt_in_turn_order_from_the_first_player():
    # RULES §3.2, §10.1
    state = top(draw_phase(), "tuna", "tuna", "shrimp", "shrimp")
    state, _ = at(state, "draw", first=1)
    assert kinds(state.players[1].drawn) == ["tuna", "tuna"]
    assert kinds(state.players[0].drawn) == ["shrimp", "shrimp"]


@pytest.mark.parametrize(
    ("tunas", "gained", "discards"), [(1, 2, 0), (2, 3, 1), (3, 3, 0), (4, 4, 1)]
)
def test_the_tuna_bonus(tunas, gained, discards):
    # RULES §10.2 (rulebook example, Tuna license: Player #3 with one draws 2 and keeps both;
    # Player #1 with two draws 3 and discards any card of the hand)
    state, _ = at(draw_phase(*["tuna"] * tunas), "draw")
    p = state.players[0]
    assert len(p.hand) == 1 + gained and p.drawn == []
    assert (p.task == "discard") == bool(discards)
    if discards:
        assert "discard cod" in legal(state, 0), "any card of the hand may go"
        state = act(state, 0, "discard cod")
        assert len(state.players[0].hand) == gained


def test_the_discard_is_face_down_the_others_learn_only_that_one_was_made():
    # RULES §10.3
    state = top(draw_phase(), "tuna", "shrimp")
    state, _ = at(state, "draw")
    card = next(c for c in state.players[0].drawn if c.startswith("tuna"))
    state, events = act_events(state, 0, "discard tuna")
    public = [e for e in events if e.visible_to is None]
    assert [e.kind for e in public] == ["discard"] and card not in str(public[0].data)
    private = next(e for e in events if e.kind == "discarded")
    assert private.visible_to == frozenset({0}) and private.data["card"] == card
    assert state.hidden[card] == 0


def test_an_empty_supply_is_refilled_by_shuffling_the_discard_pile():
    # RULES §10.4
    state = draw_phase()
    state.discard = state.deck[3:]
    state.deck = state.deck[:3]
    state.hidden = {state.discard[0]: 1}
    state, events = at(state, "draw")
    assert [e.kind for e in events].count("reshuffle") == 1
    assert len(state.players[1].drawn) == 2
    assert state.discard == [] and state.hidden == {}


def test_the_reshuffle_is_keyed_by_the_seed_and_replays_the_same():
    # RULES §2.5, §10.4
    def reshuffled(seed):
        state = draw_phase()
        state.seed = seed
        state.discard, state.deck = state.deck, []
        return at(state, "draw")[0].deck

    assert reshuffled("a") == reshuffled("a") != reshuffled("b")


def test_a_short_supply_draws_what_there_is_and_keeps_what_the_bonus_keeps():
    # RULES §10.5
    state = draw_phase()
    state.deck = state.deck[:1]
    state.discard = []
    state, _ = at(state, "draw")
    assert len(state.players[0].hand) == 2 and state.players[0].task is None
    assert state.players[1].hand and len(state.players[1].hand) == 1


def test_there_is_no_hand_limit():
    # RULES §13.1 (ruling)
    state = draw_phase("tuna", seat0=["shrimp"] * 15)
    state, _ = at(state, "draw")
    assert len(state.players[0].hand) == 17 and state.players[0].task is None
