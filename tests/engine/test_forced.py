"""Forced moves the public table implies (engine/core/forced.py): played without asking only
when every deal of the secrets forces the same move."""

import random

import pytest

from engine.core.forced import publicly_forced
from engine.games import game_ids, get_game
from tests.engine.fleet_cards.builders import GAME as CARDS
from tests.engine.fleet_cards.builders import at, hand, new, row


@pytest.mark.parametrize("game_id", game_ids())
def test_a_publicly_forced_move_is_the_seats_one_legal_action(game_id):
    game = get_game(game_id)
    found = 0
    for n in range(3):
        state, _ = game.start(min(3, game.max_seats), f"forced:{n}")
        rng = random.Random(n)
        while not game.is_over(state):
            for seat in game.to_act(state):
                forced = publicly_forced(game, state, seat)
                legal = [a.text for a in game.legal_actions(state, seat)]
                if forced is not None:
                    found += 1
                    assert legal == [forced.text]
                elif len(legal) == 1:
                    # Not publicly forced: some deal of the secrets gives another choice.
                    assert any(
                        [
                            a.text
                            for a in game.legal_actions(
                                game.redeal(state, None, f"forced:{k}"), seat
                            )
                        ]
                        != legal
                        or game.to_act(game.redeal(state, None, f"forced:{k}"))
                        != game.to_act(state)
                        for k in range(4)
                    )
            seat = rng.choice(game.to_act(state))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    if game_id in ("fleet-dice", "fleet-cards", "black-fleet"):
        assert found, "these games have moves the table can see are forced"


def test_a_decline_forced_by_a_hidden_hand_is_not_publicly_forced():
    # Card game RULES §4.4, §13: a hand is secret; a Decline forced by what it holds would
    # tell the table the hand cannot pay, so it is asked, not played at once
    state = new(3)
    row(state, "tuna", "tuna", "tuna")
    hand(state, 0, "cod", "cod")  # $2: short of the Tuna's $5 (two Tuna cards would not be)
    state, _ = at(state, "auction", first=0)
    assert [a.text for a in CARDS.legal_actions(state, 0)] == ["decline"]
    assert publicly_forced(CARDS, state, 0) is None
    hand(state, 0)  # no card at all: everyone can see it cannot pay
    assert publicly_forced(CARDS, state, 0).text == "decline"
