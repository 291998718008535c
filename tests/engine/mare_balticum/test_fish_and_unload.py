"""RULES §5 (fishing) and §6 (unloading)."""

import pytest

from engine.core.errors import IllegalAction

from .builders import GAME, act, edit, player, started, texts, turn_of


@pytest.fixture
def table():
    """Seat 0 to act, fleet KOB–ORE–HAN; ORE holds cod, HAN amber; KOB wants cod and salmon."""
    state = turn_of(started(3), 0)
    state = player(state, 0, boats=["KOB", "ORE", "HAN"], reserve=0)
    tokens = {**state.tokens, "ORE": ["cod"], "HAN": ["amber"], "ARK": ["herring", "cod"]}
    demands = {**state.demands, "KOB": ["cod", "salmon"], "STO": ["herring", "flounder"]}
    return edit(state, tokens=tokens, demands=demands)


def test_fishing_takes_one_token_from_a_space_with_your_boat(table):
    # RULES §5.1, §5.3
    state, events = act(table, 0, "fish ore cod")
    assert state.tokens["ORE"] == []
    assert state.players[0].cargo == ["cod"]
    assert events[0].data == {"space": "ORE", "kind": "cod"}
    assert "fish ark herring" not in texts(table, 0)


def test_fishing_where_you_have_no_boat_is_refused(table):
    # RULES §5.1
    with pytest.raises(IllegalAction) as err:
        GAME.apply(table, 0, "fish ark herring")
    assert err.value.code == "no_boat"


def test_amber_goes_to_the_warehouse_and_needs_no_cargo_slot(table):
    # RULES §5.2
    state = player(table, 0, cargo=["salmon"] * 5)
    state, _ = act(state, 0, "fish han amber")
    assert state.players[0].warehouse == {"amber": 1}
    assert state.players[0].cargo == ["salmon"] * 5


def test_a_full_cargo_cannot_take_a_fish(table):
    # RULES §5.3: five slots for the whole fleet.
    state = player(table, 0, cargo=["salmon", "salmon", "herring", "flounder", "salmon"])
    assert "fish ore cod" not in texts(state, 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "fish ore cod")
    assert err.value.code == "cargo_full"


def test_throwing_a_fish_overboard_makes_room(table):
    # RULES §5.4
    state = player(table, 0, cargo=["salmon", "salmon", "herring", "flounder", "salmon"])
    state, _ = act(state, 0, "overboard herring", "fish ore cod")
    assert state.players[0].cargo == ["salmon", "salmon", "flounder", "salmon", "cod"]


def test_an_unload_moves_every_demanded_fish_to_the_warehouse(table):
    # RULES §6.1, §6.2
    state = player(table, 0, cargo=["cod", "herring", "cod", "salmon"])
    state, events = act(state, 0, "unload kob")
    p = state.players[0]
    assert p.cargo == ["herring"]
    assert p.warehouse == {"cod": 2, "salmon": 1}
    assert events[0].data == {"port": "KOB", "stored": {"cod": 2, "salmon": 1}, "lost": {}}
    assert state.actions == 2


def test_an_unload_may_move_any_number_of_the_demanded_fish(table):
    # RULES §6.2, the rulebook: "un giocatore può scaricare dalla sua flotta cargo un
    # qualsiasi numero di pesci che sono richiesti al porto".
    cargo = ["cod", "herring", "cod", "salmon"]
    state = player(table, 0, cargo=cargo)
    assert {"unload kob", "unload kob salmon", "unload kob cod"} <= set(texts(state, 0))
    only_cod, events = act(state, 0, "unload kob cod")
    assert only_cod.players[0].warehouse == {"cod": 2}
    assert only_cod.players[0].cargo == ["herring", "salmon"]
    assert events[0].data == {"port": "KOB", "stored": {"cod": 2}, "lost": {}}
    one_cod, _ = act(state, 0, "unload kob cod:1+salmon")
    assert one_cod.players[0].warehouse == {"cod": 1, "salmon": 1}
    assert one_cod.players[0].cargo == ["herring", "cod"]
    assert one_cod.actions == 2


@pytest.mark.parametrize(
    "parts", ["herring", "cod:3", "cod+cod", "flounder", "cod:1+herring", "amber"]
)
def test_an_unload_of_fish_the_port_does_not_take_or_that_are_not_aboard_is_refused(table, parts):
    # RULES §6.1, §6.2
    state = player(table, 0, cargo=["cod", "herring", "cod", "salmon"])
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, f"unload kob {parts}")
    assert err.value.code == "unload_parts" and err.value.fields["space"] == "KOB"


def test_a_port_that_wants_none_of_the_cargo_cannot_be_unloaded_at(table):
    # RULES §6.1
    state = player(table, 0, cargo=["herring"])
    assert "unload kob" not in texts(state, 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "unload kob")
    assert err.value.code == "nothing_to_unload"


def test_unloading_needs_a_boat_on_the_port(table):
    # RULES §6.1
    state = player(table, 0, cargo=["herring"])
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "unload sto")
    assert err.value.code == "no_boat"


def test_the_warehouse_has_no_limit(table):
    # RULES §6.3
    state = player(table, 0, cargo=["cod"] * 5, warehouse={"cod": 40, "amber": 9})
    state, _ = act(state, 0, "unload kob")
    assert state.players[0].warehouse == {"cod": 45, "amber": 9}


def test_an_unload_offers_how_many_fish_of_a_species_go_ashore(table):
    # RULES §6.2, the rulebook: "un qualsiasi numero di pesci che sono richiesti al porto" —
    # the table offers fewer fish of one species too, the rest staying aboard.
    state = player(table, 0, cargo=["cod", "cod", "cod", "salmon"])
    unloads = [a for a in texts(state, 0) if a.startswith("unload ")]
    assert unloads == [
        "unload kob",
        "unload kob salmon",
        "unload kob cod",
        "unload kob cod:1",
        "unload kob cod:2",
    ]
    two, events = act(state, 0, "unload kob cod:2")
    assert two.players[0].warehouse == {"cod": 2}
    assert sorted(two.players[0].cargo) == ["cod", "salmon"]
    assert events[0].data == {"port": "KOB", "stored": {"cod": 2}, "lost": {}}
