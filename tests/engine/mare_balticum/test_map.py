"""RULES §1: the map and the components are data, validated when loaded."""

import json

import pytest

from engine.core.errors import EngineError
from engine.mare_balticum import MareBalticum
from engine.mare_balticum.board import MapError, builtin_map, load_map_file, parse_map

from .builders import BOARD


def house_data():
    return json.loads(json.dumps(BOARD.model_dump(), ensure_ascii=False))


def test_the_house_map_has_23_sea_spaces_and_5_ports():
    # RULES §1.2
    kinds = [s.kind for s in BOARD.spaces]
    assert kinds.count("light") == 15
    assert kinds.count("dark") == 8
    assert sorted(BOARD.by_code[p].name for p in BOARD.ports) == [
        "Gdańsk",
        "København",
        "Riga",
        "Sankt Peterburg",
        "Stockholm",
    ]
    assert sum(len(BOARD.by_code[p].demand) for p in BOARD.ports) == 8


def test_every_house_port_touches_one_light_and_one_dark_space():
    # RULES §1.2, §14.1
    for port in BOARD.ports:
        touching = sorted(BOARD.by_code[n].kind for n in BOARD.by_code[port].adjacent)
        assert touching == ["dark", "light"], port


def test_the_bag_holds_68_tokens_four_species_and_amber():
    # RULES §1.3
    assert sum(BOARD.bag.values()) == 68
    assert BOARD.species == ["salmon", "cod", "herring", "flounder"]
    assert BOARD.bag["amber"] == 12
    assert BOARD.clocks == 6


def test_a_map_whose_adjacency_is_one_sided_is_refused_naming_the_space():
    # RULES §1.6
    data = house_data()
    data["spaces"][0]["adjacent"].append("KRO")
    with pytest.raises(MapError, match="KOB touches KRO but not back"):
        parse_map(json.dumps(data))


def test_a_map_with_a_bad_field_is_refused_naming_the_field():
    # RULES §1.6
    data = house_data()
    data["spaces"][3]["kind"] = "lagoon"
    with pytest.raises(MapError, match=r"field spaces\.3\.kind"):
        parse_map(json.dumps(data))


def test_a_map_whose_demand_tokens_do_not_fill_the_round_spaces_is_refused():
    # RULES §2.4
    data = house_data()
    data["demand_tokens"]["cod"] = 3
    with pytest.raises(MapError, match="demand_tokens"):
        parse_map(json.dumps(data))


def test_a_map_in_pieces_is_refused():
    data = house_data()
    for space in data["spaces"]:
        if space["code"] == "STP":
            space["adjacent"] = ["KRO"]
        if space["code"] == "KRO":
            space["adjacent"] = ["STP"]
        if space["code"] == "GFE":
            space["adjacent"] = ["GFW", "EST"]
    with pytest.raises(MapError, match="not connected"):
        parse_map(json.dumps(data))


def test_text_that_is_not_json_is_refused():
    with pytest.raises(MapError, match="not valid JSON"):
        parse_map("{ nope")


def test_a_server_map_file_plays_without_code_changes(tmp_path):
    # RULES §1.6: another map is another file.
    data = house_data()
    data["map"] = "small-bag"
    data["bag"] = {"salmon": 10, "cod": 10, "herring": 10, "flounder": 10, "amber": 8}
    path = tmp_path / "small-bag.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    game = MareBalticum(load_map_file(path))
    state, _ = game.start(3, "own map")
    assert len(state.bag) == 48 - 31 + 6


def test_an_unknown_map_is_refused():
    with pytest.raises(EngineError, match="no built-in map"):
        builtin_map("atlantis")
    with pytest.raises(EngineError):
        MareBalticum().start(3, "s", {"map": "atlantis"})
