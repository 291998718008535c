"""The house sheet is a data file, validated; broken files are refused naming the field."""

import itertools
import json
from importlib import resources

import pytest

from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.sheet import SheetError, builtin_sheet, load_sheet_file, parse_sheet


def house() -> dict:
    text = resources.files("engine.fleet_dice").joinpath("sheets/house-v1.json").read_text()
    return json.loads(text)


def test_house_sheet_loads_with_the_rulebook_values():
    sheet = builtin_sheet()
    assert sheet.sheet == "house-v1"
    assert sheet.income_cap == 10
    assert sheet.market_coins(0) == 2 and sheet.market_coins(9) == 3 and sheet.market_coins(40) == 7
    assert sheet.boat_capacity("oyster", 1) == 6 and sheet.boat_capacity("oyster", 3) == 10
    assert sheet.harbor["king_crab"].license_vp == 5


def test_house_sheet_first_three_column_boxes_hold_one_license_and_one_boat():
    # RULES §12: the start bonus grants one license and one boat.
    assert sorted(builtin_sheet().boat_column[:3]) == ["B", "L", "box"]


def test_coin_stars_are_at_least_three_apart():
    stars = builtin_sheet().coin_track.stars
    assert all(b - a >= 3 for a, b in itertools.pairwise(stars))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["boats"]["cod"].update(capacity="four"), "boats.cod.capacity"),
        (lambda d: d["harbor"].pop("barge"), "harbor"),
        (lambda d: d["wharf"]["casino"].update(boxes=["ACTIVATE", "box"]), "wharf.casino"),
        (lambda d: d["coin_track"].update(stars=[80]), "coin_track"),
        (lambda d: d.update(boat_column=["box", "X", "B"]), "boat_column.1"),
        (lambda d: d.update(surprise=1), "surprise"),
        (lambda d: d["market"].insert(0, [3, 1]), "market"),
    ],
)
def test_a_broken_sheet_is_refused_naming_the_bad_field(change, field):
    data = house()
    change(data)
    with pytest.raises(SheetError) as err:
        parse_sheet(json.dumps(data), "my-sheet.json")
    assert "my-sheet.json" in str(err.value)
    assert field in str(err.value)


def test_a_sheet_that_is_not_json_is_refused():
    with pytest.raises(SheetError, match="not valid JSON"):
        parse_sheet("{boats: }", "bad.json")


def test_a_missing_sheet_file_is_refused(tmp_path):
    with pytest.raises(SheetError, match="cannot read"):
        load_sheet_file(tmp_path / "nope.json")


def test_a_corrected_sheet_changes_the_game_without_code(tmp_path):
    # A server owner with the printed sheet loads their own file: here cod boats hold 6 fish.
    data = house()
    data["sheet"] = "printed"
    data["boats"]["cod"]["capacity"] = 6
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(data))
    game = FleetDice(load_sheet_file(path))
    state = game.new_game(2, "s")
    assert game.sheet_for(state).boat_capacity("cod") == 6
