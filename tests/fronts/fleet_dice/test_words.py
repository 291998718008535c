"""Fleet Dice words as players of every language read them: whole names, phone-wide tables,
one period at a sentence's end."""

import itertools
import random

import pytest

from bot.fronts import get_front
from bot.fronts.base import Ctx, SeatInfo
from bot.fronts.fleet_dice.sheet import LINE
from bot.fronts.fleet_dice.words import CATEGORIES
from bot.i18n import translator
from engine.core.events import Event
from engine.games import get_game

LANGUAGES = ["en", "de", "pt-BR", "it"]


def finished(seats: int):
    rules = get_game("fleet-dice")
    rng = random.Random(seats)
    state, _ = rules.start(seats, f"words{seats}", {"captains": True, "trophies": True})
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    return rules, state


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("seats", [2, 4])
def test_the_final_table_names_every_category_whole_on_a_phone(seats, language):
    front = get_front("fleet-dice")
    rules, state = finished(seats)
    tr = translator(language, "fleet-dice")
    ctx = Ctx([SeatInfo(f"Player{s}") for s in range(seats)], tr)
    panel = front.final(rules.result(state), rules.view(state, None), ctx)
    table = panel.lines[-1].strip("`\n").splitlines()
    assert all(len(row) <= LINE for row in table), table
    labels = [row.split()[0] for row in table[1:]]
    expected = [tr._(CATEGORIES[k]).split()[0] for k in CATEGORIES] + [tr._("total").upper()]
    assert labels == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_building_whose_name_ends_in_a_period_ends_the_sentence_once(language):
    front = get_front("fleet-dice")
    tr = translator(language, "fleet-dice")
    ctx = Ctx([SeatInfo("Ana")], tr)
    line = front.event(Event("complete", 0, {"building": "wharf:ridback_canning"}), ctx)
    assert line is not None
    assert ".." not in line
    assert line.endswith(".")


def test_a_choice_line_says_each_thing_once():
    """A launch right after its box names the boat once; coins from several circles are one sum,
    and the income a choice that ends the phase brings is said apart, once for the prompt."""
    from bot.fronts.fleet_dice.details import detail

    rules = get_game("fleet-dice")
    tr = translator("de", "fleet-dice")
    rng = random.Random(5)
    state, _ = rules.start(4, "once", {"trophies": True})
    launches = incomes = 0
    while not rules.is_over(state):
        seat = rules.to_act(state)[-1]  # the last to use the leftover die ends the phase
        legal = rules.legal_actions(state, seat)
        view = rules.view(state, seat)
        for action in legal:
            said = detail(tr, rules, view, seat, action)
            parts = said.line.split(" · ")
            assert len(said.line) <= 100, said.line
            assert sum(p.startswith("+") and "Münze" in p for p in parts) <= 1, parts
            assert not any(p.startswith("Einnahmen") for p in parts), parts
            incomes += said.income > 0
            for before, part in itertools.pairwise(parts):
                if part.startswith("setzt Boot"):
                    launches += 1
                    assert "(" not in part or before.split(",")[0] not in part, parts
        state, _ = rules.apply(state, seat, rng.choice(legal))
    assert launches > 0
    assert incomes > 0


def star_action(seats=2, seed="runde1"):
    rules = get_game("fleet-dice")
    state, _ = rules.start(seats, seed, {})
    while True:
        seat = rules.to_act(state)[0]
        task = rules.pending(state, seat)
        if task is not None and task.kind == "star":
            return rules, state, seat
        state, _ = rules.apply(state, seat, rules.default_action(state, seat))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_star_action_is_one_menu_of_every_section_it_may_mark(language):
    rules, state, seat = star_action()
    front = get_front("fleet-dice")
    tr = translator(language, "fleet-dice")
    ctx = Ctx([SeatInfo("Ana"), SeatInfo("Bo")], tr)
    panel = front.prompt(rules.view(state, seat), seat, rules.legal_actions(state, seat), ctx)
    menu = panel.multi
    assert menu is not None and (menu.verb, menu.low, menu.high) == ("star", 1, 1)
    offered = {f"star {o.action}" for o in menu.options}
    legal = {a.text for a in rules.legal_actions(state, seat)}
    assert offered == legal - {"skip"}, "every section it may mark, in one menu"
    assert [c.action for c in panel.choices if c.action] == ["skip"]
    assert not panel.fields, "no text sheet beside the picture"
    assert all(len(o.detail) <= 100 and len(o.label) <= 100 for o in menu.options)
    assert len(panel.lines) <= 3, panel.lines


def test_every_reason_ruth_gives_is_worded_in_every_language():
    """RULES §15: each of Ruth's picks and leftover uses is told with its reason, never a code."""
    import re
    from pathlib import Path

    from bot.fronts.fleet_dice.events import RUTH_REASONS, ruth_reason

    solo = Path("engine/fleet_dice/solo.py").read_text()
    codes = set(re.findall(r'"reason": "([a-z_]+)"', solo))
    assert codes and codes <= RUTH_REASONS.keys(), codes - RUTH_REASONS.keys()
    for language in LANGUAGES:
        tr = translator(language, "fleet-dice")
        for code in codes:
            said = ruth_reason(tr, {"reason": code, "section": "Shrimp", "start": "Shrimp"})
            assert said != code and "{" not in said, (language, code, said)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_star_target_says_more_than_its_box(language):
    """A section whose box earns nothing now says how far its next circle is and what it
    brings; a wharf building says its effect: no option is only "★ box N"."""
    import re

    rules, state, seat = star_action()
    front = get_front("fleet-dice")
    tr = translator(language, "fleet-dice")
    ctx = Ctx([SeatInfo("Ana"), SeatInfo("Bo")], tr)
    panel = front.prompt(rules.view(state, seat), seat, rules.legal_actions(state, seat), ctx)
    assert panel.multi is not None and len(panel.multi.options) <= 25
    bare = [o.label for o in panel.multi.options if re.fullmatch(r"★ \w+ \d+", o.detail)]
    assert not bare, bare
    assert all(len(o.detail) <= 100 for o in panel.multi.options)


def test_the_next_circle_is_counted_from_the_box_marked():
    from bot.fronts.fleet_dice.details import _next_circle

    rules = get_game("fleet-dice")
    state, _ = rules.start(2, "circles", None)
    sheet = rules.sheet_for(state)
    tr = translator("en", "fleet-dice")
    assert _next_circle(tr, sheet, "shrimp", 0) == ["1 more box to a license"]
    assert _next_circle(tr, sheet, "shrimp", 2) == ["2 more boxes to a license or a boat"]
    assert _next_circle(tr, sheet, "harbor:barge", 0) == ["2 more boxes to a boat"]
    assert _next_circle(tr, sheet, "harbor:captains_club", 0) == ["1 more box to private fishing"]
    assert _next_circle(tr, sheet, "wharf:casino", 0) == []
