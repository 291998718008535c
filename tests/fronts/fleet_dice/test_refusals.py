"""Every refusal either Fleet game can raise is worded in every language: no code, no English
sentence from the engine, no field left as a code (``That is not possible now: use.``)."""

from __future__ import annotations

import ast
import sys
import typing
from pathlib import Path

import pytest

from bot.fronts import get_front
from bot.fronts.base import Ctx, SeatInfo
from bot.i18n import translator
from engine.core.errors import IllegalAction
from engine.fleet_cards.cards import BOAT_TYPES as CARD_BOATS
from engine.fleet_cards.payment import CRATE
from engine.fleet_cards.state import TaskKind as CardTask
from engine.fleet_dice.decisions import DECISIONS
from engine.fleet_dice.sheet import SECTIONS

LANGUAGES = ["en", "de", "pt-BR", "it"]
ENGINES = {"fleet-dice": "engine/fleet_dice", "fleet-cards": "engine/fleet_cards"}


SHARED = Path("engine/core/decisions.py")
"""The refusals every game gives alike (``syntax``, ``over``, ``no_seat``, ``not_your_turn``,
``not_now``), worded once in the core."""


def raised(package: str) -> dict[str, set[str]]:
    """Every refusal code the engine package raises, with the fields it gives, and the shared
    ones: read from the code, so a refusal added later is held to the same test."""
    codes: dict[str, set[str]] = {}
    for file in [*sorted(Path(package).glob("*.py")), SHARED]:
        for node in ast.walk(ast.parse(file.read_text())):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction"):
                continue
            code = "illegal"
            if len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                code = str(node.args[1].value)
            fields = {k.arg for k in node.keywords if k.arg and k.arg != "code"}
            codes.setdefault(code, set()).update(fields)
    return codes


DICE_TASKS = tuple(DECISIONS.kinds)
"""What a seat can owe: its decisions (steps such as ``mark`` resolve at once)."""
CARD_TASKS = typing.get_args(CardTask)
VALUES = {
    "fleet-dice": {
        "owed": DICE_TASKS,
        "section": SECTIONS,
        "action": ("use cod",),
    },
    "fleet-cards": {
        "owed": CARD_TASKS,
        "kind": CARD_BOATS,
        "amount": (7,),
        "least": (5,),
        "most": (11,),
        "due": (3,),
        "crates": (1, 4),
        "license": ("cod",),
        "action": ("trade",),
    },
}
"""Every value each field can take: each must be worded, not shown as a code."""
CODES = {*DICE_TASKS, *CARD_TASKS, *SECTIONS, *CARD_BOATS, CRATE}


def test_the_engines_raise_refusals_the_test_knows():
    for game, package in ENGINES.items():
        codes = raised(package)
        assert len(codes) >= 8, (game, codes)
        for code, fields in codes.items():
            assert fields <= VALUES[game].keys(), (game, code, fields)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(ENGINES))
def test_every_refusal_of_the_engine_is_worded_in_every_language(game, language):
    front = get_front(game)
    tr = translator(language, front.domain)
    ctx = Ctx([SeatInfo("Ana"), SeatInfo("Bo")], tr)
    words = sys.modules[type(front).__module__].REFUSALS
    for code, fields in raised(ENGINES[game]).items():
        choices = [(f, v) for f in sorted(fields) for v in VALUES[game][f]] or [("", None)]
        for field, value in choices:
            given = {f: VALUES[game][f][0] for f in fields}
            if field:
                given[field] = value
            reason = f"English reason of {code}"
            said = front.refusal(IllegalAction(reason, code, **given), ctx)
            assert said != reason, (code, "has no words")
            assert "{" not in said and "}" not in said, (code, said)
            if field and value in CODES and "{" + field in words[code]:
                raw = tr._(words[code], **given)
                assert said != raw, (code, field, value, "shown as its code")
