"""The house data (RULES §2, §4): what it holds, and that a broken file is refused with the
bad field named."""

import json
import shutil

import pytest

from engine.black_fleet.house import load_house
from engine.black_fleet.seamap import DATA, map_from_json
from engine.core.errors import EngineError
from tests.engine.black_fleet.builders import HOUSE

MAP = json.loads((DATA / "map.json").read_text(encoding="utf-8"))


def test_the_house_map_has_five_ports_with_three_docks_each():
    # RULES §2.3, §2.4
    sea = HOUSE.map
    assert len(sea.ports) == 5
    assert all(len(p.docks) == 3 for p in sea.ports)
    assert len(sea.far_seas) == 3 and len(sea.lairs) == 2
    assert set(sea.navy_starts) == {"yellow", "purple"}
    assert set(sea.beaches.values()) == {4, 6}


def test_every_port_buys_two_colours_at_2_and_one_at_3_never_its_own():
    # RULES §2.4
    for port in HOUSE.map.ports:
        assert sorted(port.buys.values()) == [2, 2, 3]
        assert port.goods not in port.buys


def test_every_sea_space_can_be_reached_and_adjacency_is_by_edges():
    # RULES §2.2
    sea = HOUSE.map
    assert sea.adjacent("F6", "G6") and not sea.adjacent("F6", "G7")
    assert all(sea.distance("C1", s) < 99 for s in sea.sea)


def test_the_decks_hold_44_movement_44_fortune_and_24_development_cards():
    # RULES §4
    assert len(HOUSE.movement) == 44 and len(HOUSE.fortune) == 44
    assert len(HOUSE.development) == 24
    assert all(len(HOUSE.tier(p)) == 6 for p in HOUSE.tiers)
    navies = [c.navy for c in HOUSE.movement.values()]
    assert navies.count("yellow") == navies.count("purple") == 22


def broken_map(**change):
    data = json.loads(json.dumps(MAP))
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    "change, field",
    [
        ({"ports": [{**MAP["ports"][0], "buys": {"yellow": 2}}, *MAP["ports"][1:]]}, "ports.0"),
        ({"ports": [{**MAP["ports"][0], "goods": "pink"}, *MAP["ports"][1:]]}, "ports.0.goods"),
        ({"rows": [*MAP["rows"][:-1], "###S##F##V##Q"]}, "rows"),
        ({"rows": [*MAP["rows"][:-1], "###S##F##V##"]}, "rows"),
        ({"goods_per_port": 1}, "goods_per_port"),
    ],
)
def test_a_broken_map_is_refused_with_the_field_named(change, field):
    # RULES §2.5
    with pytest.raises(EngineError) as err:
        map_from_json(broken_map(**change))
    assert field in str(err.value)


def test_a_dock_away_from_its_town_is_refused():
    # RULES §2.3
    rows = list(MAP["rows"])
    rows[7] = "#n.....##...#"
    with pytest.raises(EngineError) as err:
        map_from_json(broken_map(rows=rows))
    assert "dock B8" in str(err.value)


def test_a_sea_cut_off_from_the_rest_is_refused():
    # RULES §2.2
    rows = list(MAP["rows"])
    rows[9] = "##sss.#.vvv##"
    with pytest.raises(EngineError) as err:
        map_from_json(broken_map(rows=rows))
    assert "cannot be reached" in str(err.value)


def copy_house(tmp_path):
    for f in DATA.iterdir():
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def test_a_development_file_with_a_thin_price_tier_is_refused(tmp_path):
    # RULES §3.3: every tier needs a card per seat.
    house = copy_house(tmp_path)
    data = json.loads((house / "development.json").read_text(encoding="utf-8"))
    data["cards"] = [c for c in data["cards"] if c["price"] != 5][:-1] + data["cards"][:3]
    (house / "development.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EngineError) as err:
        load_house(house)
    assert "development.json" in str(err.value) and "price 5" in str(err.value)


def test_a_card_with_an_unknown_power_is_refused_with_its_place(tmp_path):
    # RULES §2.5
    house = copy_house(tmp_path)
    data = json.loads((house / "fortune.json").read_text(encoding="utf-8"))
    data["cards"][3]["power"] = "teleport"
    (house / "fortune.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EngineError) as err:
        load_house(house)
    assert "fortune.json" in str(err.value) and "cards.3.power" in str(err.value)


def test_a_replaced_data_set_loads_without_code_changes(tmp_path):
    # RULES §2.5: a server owner's own prices.
    house = copy_house(tmp_path)
    data = json.loads((house / "map.json").read_text(encoding="utf-8"))
    data["ports"][0]["buys"]["green"] = 3
    (house / "map.json").write_text(json.dumps(data), encoding="utf-8")
    assert load_house(house).map.ports[0].buys["green"] == 3
