"""The sheet picture keeps the design's colours after it is reduced to a palette (within 3 of
256 levels a channel: the eye sees no difference)."""

import io
import random

from PIL import Image

from bot.fronts import register_all
from bot.fronts.fleet_dice import picture
from bot.i18n import translator
from engine.games import get_game


def played(seats: int, moves: int):
    rules = get_game("fleet-dice")
    rng = random.Random(seats)
    state, _ = rules.start(seats, f"pic{seats}", {"captains": True, "trophies": True})
    for _ in range(moves):
        if rules.is_over(state):
            break
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    return rules, state


def colours(data: bytes) -> set[tuple[int, int, int]]:
    image = Image.open(io.BytesIO(data)).convert("RGB")
    return {c for _, c in image.getcolors(maxcolors=1 << 16)}


def test_marks_crosses_and_highlights_keep_their_colours():
    register_all()
    rules, state = played(1, 40)  # solo: Ruth has crossed boxes by now
    tr = translator("pt-BR", "fleet-dice")
    view = rules.view(state, 0)
    assert any("/" in marks for marks in view.players[0].marks.values()), "Ruth crossed a box"
    data = picture.sheet_picture(tr, rules.sheet_for(state), view, 0, "Ana", [("coins", 39)])
    found = colours(data)
    for colour in (picture.PAPER, picture.MARK, picture.RUTH, picture.LIGHT, picture.SEA):
        assert any(max(abs(a - b) for a, b in zip(c, colour, strict=True)) <= 3 for c in found), (
            colour
        )
    again = picture.sheet_picture(tr, rules.sheet_for(state), view, 0, "Ana", [("coins", 39)])
    assert again == data, "the same sheet draws the same bytes"
