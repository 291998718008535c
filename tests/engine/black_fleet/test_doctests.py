"""The examples in Black Fleet's docstrings run, and say what the code does (the map's Far
Seas moved to the top edge in RULES §14; an example left behind would mislead a reader)."""

import doctest
import importlib
import pkgutil

import pytest

import bot.fronts.black_fleet
import engine.black_fleet

MODULES = [
    m.name
    for package in (engine.black_fleet, bot.fronts.black_fleet)
    for m in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, name


def test_the_far_seas_example_is_checked():
    assert any(name.endswith(".seamap") for name in MODULES)
