"""The examples in Mare Balticum's docstrings run, and say what the code does."""

import doctest
import importlib
import pkgutil

import pytest

import bot.fronts.mare_balticum
import engine.mare_balticum

MODULES = [
    m.name
    for package in (engine.mare_balticum, bot.fronts.mare_balticum)
    for m in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, name


def test_the_action_grammar_example_is_checked():
    assert any(name.endswith(".actions") for name in MODULES)
