"""Every choice of every game says what it does within Discord's limits, in every language:
a select option's description holds 100 characters and a button's label 80 (DISCORD.md), so a
longer detail or label would be cut mid-word."""

from __future__ import annotations

import pytest

from bot.fronts import get_front
from bot.fronts.base import Ctx, SeatInfo
from bot.i18n import DEFAULT_LANGUAGE, TRANSLATED, translator
from engine.games import get_game

SEATS = {"fleet-dice": 2, "fleet-cards": 3, "mare-balticum": 4, "black-fleet": 4}
DECISIONS = 160
"""Decisions looked at per game: every kind of prompt comes up in them."""


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_every_choice_detail_fits_a_select_option_in_every_language(game_id):
    game, front = get_game(game_id), get_front(game_id)
    seats = SEATS[game_id]
    infos = [SeatInfo(name) for name in ("Alice", "Bob", "Carol", "Dan")[:seats]]
    readers = [translator(lang, front.domain) for lang in (DEFAULT_LANGUAGE, *TRANSLATED)]
    state, _ = game.start(seats, "00000000000000a1", None)
    too_long = set()
    looked = 0
    for _ in range(DECISIONS):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        for tr in readers:
            panel = front.prompt(view, seat, legal, Ctx(infos, tr, [seat], seat))
            options = [*panel.choices, *(panel.multi.options if panel.multi else ())]
            for c in options:
                looked += 1
                if len(c.detail) > 100 or len(c.label) > 80:
                    too_long.add((tr.language, c.label, c.detail))
        state, _ = game.apply(state, seat, game.default_action(state, seat))
    assert looked > 100
    assert not too_long, sorted(too_long)
