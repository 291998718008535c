"""A Fleet Dice decision as a phone shows it: each choice's letter on the boxes it marks, what
a building does and what the Market pays, one choice for all that change nothing, the income
said once, the sheet as a picture with its words behind a button."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.fronts import get_front
from bot.fronts.base import Ctx, Picture, SeatInfo, png_of
from bot.fronts.fleet_dice import picture
from bot.fronts.fleet_dice.prompt import LETTERS
from bot.fronts.fleet_dice.words import building_effect, name
from bot.i18n import translator
from engine.fleet_dice.sheet import WHARF_BUILDINGS, builtin_sheet
from engine.fleet_dice.state import Task
from engine.games import get_game
from tests.engine.fleet_dice.builders import (
    blank,
    completed,
    deciding,
    marked,
    using,
    with_boats,
    with_coins,
)

RULES = get_game("fleet-dice")
FRONT = get_front("fleet-dice")
LANGUAGES = ["en", "de", "pt-BR", "it"]


def asked(state, seat=0, language="en"):
    tr = translator(language, "fleet-dice")
    ctx = Ctx([SeatInfo(f"P{s}") for s in range(len(state.players))], tr, reader=seat)
    view = RULES.view(state, seat)
    return FRONT.prompt(view, seat, RULES.legal_actions(state, seat), ctx), tr


def test_each_choice_that_marks_a_box_carries_its_own_letter_drawn_on_that_box():
    state = using(blank(2), 0, "wharf", chosen=False)
    panel, _ = asked(state)
    marking = [c for c in panel.choices if c.action and c.action.startswith("use ")]
    letters = [c.label.split(" · ")[0] for c in marking]
    assert letters == list(LETTERS[: len(marking)]), [c.label for c in marking]
    # the picture draws each letter on its box: the same sheet lit without letters differs
    spots = {(c.action.split()[1], 0): letter for c, letter in zip(marking, letters, strict=True)}
    coin = next(c for c in panel.choices if c.action == "coin")
    spots[("coins", 0)] = coin.label.split(" · ")[0]
    tr = translator("en", "fleet-dice")
    sheet, view = RULES.sheet_for(state), RULES.view(state, 0)
    lettered = picture.sheet_picture(tr, sheet, view, 0, "P0", spots)
    plain = picture.sheet_picture(tr, sheet, view, 0, "P0", list(spots))
    assert png_of(panel.image) == lettered != plain


def test_a_box_two_choices_mark_shows_both_letters():
    # the chosen 3 Coins die: as 3 coins, or as 1 coin; both mark coin box 1
    state = using(blank(2), 0, "coins")
    panel, _ = asked(state)
    labels = [c.label for c in panel.choices if c.action in ("use coins", "coin")]
    assert [label[0] for label in labels] == ["A", "B"], labels


def test_every_wharf_building_says_what_it_does_and_scores():
    state = using(blank(2), 0, "wharf", chosen=False)
    for language in LANGUAGES:
        panel, tr = asked(state, language=language)
        sheet = builtin_sheet()
        for building in WHARF_BUILDINGS:
            choice = next(c for c in panel.choices if c.action == f"use wharf:{building}")
            effect = building_effect(tr, sheet, building)
            assert effect in choice.detail or choice.detail.endswith("…"), choice.detail
            assert name(tr, building) in choice.label


def test_the_market_says_how_many_coins_it_pays():
    # RULES §11: 5–11 fish pay 3 coins, +2 with the Smokehouse
    state = deciding(blank(2, phase="town"), 0, Task(kind="pick"))
    state.pool = ["market", "harbor", "cod"]
    with_boats(state.players[0], "cod", 3, 3)
    completed(state.players[0], "smokehouse")
    panel, _ = asked(state)
    market = next(c for c in panel.choices if c.action == "pick market")
    assert market.detail.startswith("+5 coins for the 6 fish"), market.detail


def test_choices_that_change_nothing_are_one_choice():
    # a full coin track: 3 Coins and 1 coin both do nothing
    state = using(blank(2), 0, "coins")
    state.players[0].marks["shrimp"] = "x" * len(state.players[0].marks["shrimp"])
    with_coins(state.players[0], len(state.players[0].coins))
    legal = {a.text for a in RULES.legal_actions(state, 0)}
    assert {"use coins", "coin"} <= legal
    panel, _ = asked(state)
    idle = [c for c in panel.choices if c.detail == "no effect"]
    assert len(idle) == 1, [c.label for c in panel.choices]


def test_the_income_a_last_choice_brings_is_said_once_not_on_a_choice():
    state = using(blank(2), 0, "cod", chosen=False)
    state.stage = "leftover"
    state.leftover = "cod"
    panel, _ = asked(state)
    assert panel.lines[-1] == "Then income: +1 coin.", panel.lines
    assert not any("income" in c.detail for c in panel.choices)


def test_the_sheet_is_a_picture_with_its_words_behind_a_button():
    state = blank(2)
    tr = translator("en", "fleet-dice")
    ctx = Ctx([SeatInfo("Ana"), SeatInfo("Bo")], tr, reader=0)
    view = RULES.view(state, 0)
    shown = FRONT.private(view, 0, ctx)
    assert shown.image is not None and not shown.fields
    assert [c.op for c in shown.choices] == ["mine_words"]
    words = FRONT.private(view, 0, Ctx(ctx.seats, tr, reader=0, words=True))
    assert words.image is None
    text = "\n".join([*words.lines, *(line for _, lines in words.fields for line in lines)])
    assert "COINS" in text and "Ruth" not in text, "a game without Ruth never mentions her"
    prompt, _ = asked(using(blank(2), 0, "cod"))
    assert prompt.image is not None and not prompt.fields
    assert "mine_words" in [c.op for c in prompt.choices]


@pytest.mark.parametrize("language", LANGUAGES)
def test_only_a_solo_sheet_explains_ruths_crosses(language):
    tr = translator(language, "fleet-dice")
    ruth = tr._("crossed by Ruth")
    solo, duo = blank(1), blank(2)
    sheet = builtin_sheet()
    shown = {
        players: picture._blank(tr.language, sheet, players == 1)
        for players in (len(solo.players), len(duo.players))
    }
    assert shown[1] != shown[2]
    words_solo = FRONT.private(RULES.view(solo, 0), 0, Ctx([SeatInfo("A")], tr, words=True))
    words_duo = FRONT.private(
        RULES.view(duo, 0), 0, Ctx([SeatInfo("A"), SeatInfo("B")], tr, words=True)
    )
    solo_text = str(words_solo.fields)
    duo_text = str(words_duo.fields)
    assert tr._("x yours  / Ruth's  · open  * star") in solo_text
    assert tr._("x yours  / Ruth's  · open  * star") not in duo_text
    assert ruth != ""


def test_the_quick_reference_takes_its_numbers_from_the_sheet(monkeypatch):
    import bot.fronts.fleet_dice as front_module

    sheet = builtin_sheet()
    changed = sheet.model_copy(update={"rounds": sheet.rounds.model_copy(update={"solo": 7})})
    tr = translator("en", "fleet-dice")
    text = FRONT.rules(Ctx([], tr)).lines[0]
    assert "10 rounds (solo: 8," in text and "oyster boats 2" in text
    monkeypatch.setattr(front_module, "builtin_sheet", lambda: changed)
    assert "10 rounds (solo: 7," in FRONT.rules(Ctx([], tr)).lines[0]


def test_a_lettered_picture_shows_its_letters_in_the_highlight_colour():
    state = using(blank(2), 0, "wharf", chosen=False)
    panel, _ = asked(state)
    image = Image.open(io.BytesIO(png_of(panel.image) or b"")).convert("RGB")
    colours = {c for _, c in image.getcolors(maxcolors=1 << 16)}
    near = [
        c
        for c in colours
        if max(abs(a - b) for a, b in zip(c, picture.LIGHT_EDGE, strict=True)) <= 3
    ]
    assert near, "letters and highlight edges are drawn"


def test_a_prompt_carries_the_sheet_picture_only_where_the_boxes_are_the_choice():
    # Played from a fixed deal and fixed choices, every decision kind the game reaches is met.
    import random

    from bot.fronts.fleet_dice.prompt import PICTURED

    rng = random.Random("pictured prompts")
    state, _ = RULES.start(4, "pictured prompts", RULES.options())
    seen: dict[str, bool] = {}
    while not RULES.is_over(state) and len(seen) < len(PICTURED):
        seat = RULES.to_act(state)[0]
        task = RULES.pending(RULES.view(state, seat), seat)
        if task is not None and task.kind not in seen:
            panel, _ = asked(state, seat)
            seen[task.kind] = panel.image is not None
            lettered = [c for c in panel.choices if " · " in c.label]
            assert bool(lettered) <= seen[task.kind], (task.kind, [c.label for c in lettered])
        state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    assert seen == {kind: PICTURED[kind] for kind in seen}
    assert {"pick", "use", "star"} <= set(seen), seen


def _sheet_named(change) -> tuple[str, bytes]:
    state = using(blank(2), 0, "wharf", chosen=False)
    change(state)
    panel, _ = asked(state)
    assert isinstance(panel.image, Picture)
    return panel.image.key, panel.image.draw()


@pytest.mark.parametrize(
    "change",
    [
        lambda s: with_coins(s.players[0], 3),
        lambda s: marked(s.players[0], "cod", 2),
        lambda s: with_boats(s.players[0], "cod", 2),
        lambda s: completed(s.players[0], "seafood_buffet"),
        lambda s: s.players[0].licenses.update(cod=2),
    ],
    ids=["coins", "marks", "boats", "building", "license"],
)
def test_whatever_the_sheet_shows_of_its_player_changes_its_name(change):
    key, png = _sheet_named(lambda s: None)
    changed_key, changed_png = _sheet_named(change)
    assert changed_png != png and changed_key != key


def test_another_players_sheet_leaves_the_name_and_the_picture_as_they_are():
    key, png = _sheet_named(lambda s: None)
    theirs = _sheet_named(lambda s: (with_coins(s.players[1], 5), marked(s.players[1], "cod", 2)))
    assert theirs == (key, png)
