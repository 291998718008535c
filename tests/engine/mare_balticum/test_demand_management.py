"""RULES §11: optional rule 1, demand management. København's round spaces are "0" (space 1)
and "−1" (space 2) on the house map."""

import pytest

from engine.core.errors import IllegalAction

from .builders import BOARD, GAME, act, edit, player, started, texts, turn_of


def at_kob(cargo, demands=("", ""), stock=None):
    state = turn_of(started(3, demand_management=True), 0)
    state = player(state, 0, boats=["KOB", "ORE"], reserve=0, cargo=list(cargo))
    fields = {"demands": {**state.demands, "KOB": list(demands)}}
    if stock is not None:
        fields["demand_stock"] = stock
    return edit(state, **fields)


def test_ports_start_with_no_demand_and_the_tokens_beside_the_map():
    # RULES §11.1
    state, _ = GAME.start(3, "dm", {"demand_management": True})
    assert all(d == [""] * len(BOARD.by_code[p].demand) for p, d in state.demands.items())
    assert state.demand_stock == BOARD.demand_tokens


def test_the_first_unload_of_a_species_opens_its_demand_where_the_player_chooses():
    # RULES §11.2, §11.4
    state, _ = act(at_kob(["cod", "cod", "salmon"]), 0, "unload kob")
    assert state.sub is not None and state.actions == 3
    assert texts(state, 0) == ["open salmon 1", "open cod 1", "open cod 2", "back"]
    state, events = act(state, 0, "open cod 1")
    assert events[0].data == {"port": "KOB", "slot": 1, "species": "cod", "symbol": "0"}
    assert state.demands["KOB"] == ["cod", ""]
    assert state.demand_stock["cod"] == 1
    # Salmon, a single fish, cannot open the −1 space: nothing more to open, so it unloads.
    assert state.sub is None
    assert state.players[0].warehouse == {"cod": 2}
    assert state.players[0].cargo == ["salmon"]
    assert state.actions == 2


def test_a_second_species_takes_the_other_space_in_the_same_unload():
    # RULES §11.2
    state, _ = act(at_kob(["cod", "salmon", "salmon"]), 0, "unload kob", "open cod 1")
    assert texts(state, 0) == ["open salmon 2", "done"]
    state, events = act(state, 0, "open salmon 2")
    # The port is full: the unload happens at once.
    assert state.demands["KOB"] == ["cod", "salmon"]
    assert state.players[0].warehouse == {"cod": 1, "salmon": 1}
    assert events[-1].data["lost"] == {"salmon": 1}
    assert state.actions == 2


def test_on_a_minus_one_space_each_unload_throws_one_fish_away():
    # RULES §11.3
    state = at_kob(["herring", "herring", "herring"], demands=("cod", "herring"))
    state, events = act(state, 0, "unload kob")
    assert state.players[0].warehouse == {"herring": 2}
    assert state.players[0].cargo == []
    assert events[0].data == {"port": "KOB", "stored": {"herring": 2}, "lost": {"herring": 1}}


def test_a_single_fish_cannot_open_a_demand_on_a_minus_one_space():
    # RULES §11.3
    state = at_kob(["herring"], demands=("cod", ""))
    assert "unload kob" not in texts(state, 0)
    state = at_kob(["herring", "herring"], demands=("cod", ""))
    state, _ = act(state, 0, "unload kob")
    assert texts(state, 0) == ["open herring 2", "back"]


def test_a_lone_fish_of_a_minus_one_species_stays_aboard():
    # RULES §11.3 (Ruling)
    state = at_kob(["herring", "cod"], demands=("cod", "herring"))
    state, _ = act(state, 0, "unload kob")
    assert state.players[0].cargo == ["herring"]
    assert state.players[0].warehouse == {"cod": 1}


def test_a_full_port_takes_only_its_own_demands():
    # RULES §11.2 (Ruling)
    state = at_kob(["salmon"], demands=("cod", "herring"))
    assert "unload kob" not in texts(state, 0)


def test_a_species_whose_tokens_are_all_on_the_map_opens_no_new_demand():
    # RULES §11.2 (Ruling)
    stock = {"salmon": 2, "cod": 0, "herring": 2, "flounder": 2}
    state = at_kob(["cod", "cod"], stock=stock)
    assert "unload kob" not in texts(state, 0)


def test_an_unload_may_leave_a_minus_one_species_aboard():
    # RULES §6.2, §11.3: choosing the fish avoids a −1 that would take one of them.
    state = at_kob(["herring", "herring", "cod"], demands=("cod", "herring"))
    assert "unload kob cod" in texts(state, 0)
    state, events = act(state, 0, "unload kob cod")
    assert state.players[0].warehouse == {"cod": 1}
    assert state.players[0].cargo == ["herring", "herring"]
    assert events[0].data["lost"] == {}


def test_a_single_fish_on_a_minus_one_space_is_never_unloaded_to_be_thrown_away():
    # RULES §11.3 (Ruling): asking for one herring at a −1 would only throw it away.
    state = at_kob(["herring", "herring", "cod"], demands=("cod", "herring"))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "unload kob herring:1")
    assert err.value.code == "unload_parts"


def test_a_chosen_species_opens_its_own_demand_and_the_rest_stays_aboard():
    # RULES §6.2, §11.2
    state = at_kob(["cod", "cod", "salmon", "salmon"])
    state, _ = act(state, 0, "unload kob cod")
    assert texts(state, 0) == ["open cod 1", "open cod 2", "back"]
    state, _ = act(state, 0, "open cod 1")
    assert state.sub is None
    assert state.players[0].warehouse == {"cod": 2}
    assert state.players[0].cargo == ["salmon", "salmon"]
    assert state.demands["KOB"] == ["cod", ""]


def test_done_unloads_without_opening_more():
    # RULES §11.4
    state = at_kob(["cod", "salmon", "salmon"], demands=("cod", ""))
    state, _ = act(state, 0, "unload kob")
    assert texts(state, 0) == ["open salmon 2", "done", "back"]
    state, _ = act(state, 0, "done")
    assert state.players[0].warehouse == {"cod": 1}
    assert state.players[0].cargo == ["salmon", "salmon"]


def test_back_is_possible_only_before_a_demand_is_opened():
    # RULES §11.4
    state, _ = act(at_kob(["cod", "cod", "salmon", "salmon"]), 0, "unload kob", "back")
    assert state.sub is None and state.actions == 3
    state, _ = act(state, 0, "unload kob", "open cod 1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "back")


def test_in_the_base_game_the_symbols_mean_nothing():
    # RULES §2.4
    state = turn_of(started(3), 0)
    state = player(state, 0, boats=["KOB", "ORE"], reserve=0, cargo=["cod"])
    state = edit(state, demands={**state.demands, "KOB": ["salmon", "cod"]})
    state, _ = act(state, 0, "unload kob")
    assert state.players[0].warehouse == {"cod": 1}


def test_fewer_fish_of_a_minus_one_species_are_offered_when_they_store_one():
    # RULES §6.2, §11.3: "ogni giocatore che scarica il pesce di quel tipo in quel porto dovrà
    # scartare un pesce di quel tipo": two of three herring store one, lose one, keep one
    # aboard for a port without a −1; one herring alone is never offered (it would only be
    # thrown away).
    state = at_kob(["herring", "herring", "herring", "cod"], demands=("cod", "herring"))
    unloads = [a for a in texts(state, 0) if a.startswith("unload ")]
    assert "unload kob herring:2" in unloads and "unload kob herring:1" not in unloads
    state, events = act(state, 0, "unload kob herring:2")
    assert state.players[0].warehouse == {"herring": 1}
    assert sorted(state.players[0].cargo) == ["cod", "herring"]
    assert events[0].data["lost"] == {"herring": 1}
