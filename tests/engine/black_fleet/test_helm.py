"""What a turn will offer, asked before it is played: the moves a movement card opens
(RULES §5.4–5.5) and the fortune cards the end of the moves will ask for (§8)."""

from __future__ import annotations

import pytest

from engine.black_fleet.helm import after_playing, discards_after_moves, ship_moves
from tests.engine.black_fleet.builders import GAME, HOUSE, act, card, fortune, legal, table


def test_a_movement_card_opens_the_moves_the_helm_then_offers():
    # RULES §5.4: the card played starts the moves; its values say how far each ship goes.
    played = card("yellow", navy_moves=1, pirate=4, merchant=3)
    state = table(stage="card", merchants={0: "B4"}, movement=[played], hand=[])
    view = GAME.view(state, 0)
    before = [a.text for a in ship_moves(HOUSE, after_playing(view, played))[1]]
    played_state, _ = act(state, f"play {played}")
    assert before == [t for t in legal(played_state) if t.startswith("move ")]
    assert any(t.startswith("move merchant ") for t in before)
    assert any(t.startswith("move yellow ") for t in before)


def test_asking_what_a_card_opens_changes_nothing():
    played = card("yellow", navy_moves=1, pirate=4, merchant=3)
    state = table(stage="card", merchants={0: "B4"}, movement=[played], hand=[])
    view = GAME.view(state, 0)
    after_playing(view, played)
    assert view.turn.card is None and view.stage == "card"


@pytest.mark.parametrize(
    ("bottom", "hand", "owed"),
    [
        ("discard_1", ["bribe"], 1),
        ("discard_1", [], 0),
        ("discard_1", ["bribe", "mutiny", "lucky_find", "full_sail"], 1),
        ("discard_1", ["bribe", "mutiny", "lucky_find", "full_sail", "fair_wind"], 2),
    ],
)
def test_the_discards_owed_at_the_end_are_known_before_it(bottom, hand, owed):
    # RULES §8: the discard symbol, then the hand limit of 3 (the symbol counts towards it).
    state = table(
        played=card("yellow", bottom=bottom),
        merchants={0: "B4"},
        hand=[fortune(k) for k in hand],
    )
    assert discards_after_moves(HOUSE, GAME.view(state, 0)) == owed
    ended, _ = act(state, "end")
    asked = ended.stage == "discard" and ended.turn.seat == 0
    assert asked == (owed > 0)


def test_the_discards_are_not_known_before_drawing_fortune_cards():
    # RULES §8: a draw symbol brings cards the seat has not seen yet.
    state = table(played=card("yellow", bottom="draw_2"), hand=[fortune("bribe")])
    assert discards_after_moves(HOUSE, GAME.view(state, 0)) is None
