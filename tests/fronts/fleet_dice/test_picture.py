"""The sheet picture keeps the design's colours after it is reduced to a palette (within 3 of
256 levels a channel: the eye sees no difference), and a prompt names it by what it shows."""

import io
import random
from dataclasses import replace

from PIL import Image

from bot.fronts import get_front, register_all
from bot.fronts.base import Ctx, Picture, SeatInfo
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


def test_a_prompt_sheets_name_changes_exactly_when_its_picture_does():
    """A prompt's sheet is named before it is drawn: two different sheets never share a name
    (a prompt would keep a stale picture), and the same sheet keeps its name however the
    rest of the table moved (it is not drawn again)."""
    register_all()
    front = get_front("fleet-dice")
    rules = get_game("fleet-dice")
    rng = random.Random(7)
    state, _ = rules.start(2, "names", {"captains": True, "trophies": True})
    tr = translator("de", "fleet-dice")
    ctx = Ctx([SeatInfo("Ana"), SeatInfo("Bo")], tr)
    by_name: dict[str, set[bytes]] = {}
    by_png: dict[bytes, set[str]] = {}
    drawn = 0
    while not rules.is_over(state) and drawn < 70:
        for seat in rules.to_act(state):
            legal = rules.legal_actions(state, seat)
            panel = front.prompt(rules.view(state, seat), seat, legal, replace(ctx, reader=seat))
            if panel.image is not None:
                assert isinstance(panel.image, Picture), "a prompt's sheet is named"
                png = panel.image.draw()
                by_name.setdefault(panel.image.key, set()).add(png)
                by_png.setdefault(png, set()).add(panel.image.key)
                drawn += 1
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    assert len(by_png) > 10 and drawn > len(by_png), "different sheets, and some again"
    assert all(len(pngs) == 1 for pngs in by_name.values())
    assert all(len(keys) == 1 for keys in by_png.values())
