"""Every refusal Black Fleet's engine can raise reaches a player as a sentence in their own
language: a code the front does not word would show the engine's English reason."""

import ast
from pathlib import Path

import pytest

import engine.black_fleet
import engine.core.decisions
from bot.fronts import get_front
from bot.fronts.base import Ctx, SeatInfo
from bot.i18n import TRANSLATED, Tr
from engine.core.errors import IllegalAction

FRONT = get_front("black-fleet")
SEATS = [SeatInfo("Ana"), SeatInfo("Bo"), SeatInfo("Cy")]
FIELDS = {"space": "F7", "card": "seer", "action": "trade", "owed": "helm", "text": "x"}


def codes(package) -> set[str]:
    """The codes of every IllegalAction the package's modules raise, and the refusals every
    game gives alike, coded once in the core (`engine.core.decisions`)."""
    found = set()
    for path in [*Path(package.__path__[0]).glob("*.py"), Path(engine.core.decisions.__file__)]:
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "IllegalAction"
                and len(node.args) > 1
                and isinstance(node.args[1], ast.Constant)
            ):
                found.add(node.args[1].value)
    return found


CODES = sorted(codes(engine.black_fleet))


def test_the_engine_raises_the_codes_this_test_knows():
    assert {"unreachable", "not_now", "cannot_buy", "syntax"} <= set(CODES)


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_refusal_has_words_in_every_language(code, language):
    error = IllegalAction("English reason for the logs.", code, **FIELDS)
    english = FRONT.refusal(error, Ctx(SEATS, Tr("en", "black-fleet")))
    said = FRONT.refusal(error, Ctx(SEATS, Tr(language, "black-fleet")))
    assert said and said != error.reason
    assert said != english, f"{code} is not translated into {language}: {said}"
    assert "{" not in said
