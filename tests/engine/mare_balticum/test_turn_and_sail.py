"""RULES §3 (a turn) and §4 (sailing)."""

import pytest

from engine.core.errors import IllegalAction

from .builders import GAME, act, edit, player, started, texts, turn_of


@pytest.fixture
def table():
    """Seat 0 to act with a launched fleet ORE–ARK–BBA; seat 1 on STO, seat 2 on GDA."""
    state = turn_of(started(3), 0)
    return player(state, 0, boats=["ORE", "ARK", "BBA"], reserve=0)


def test_a_turn_is_three_actions_then_the_next_player(table):
    # RULES §3.2, §3.4
    state, events = act(table, 0, "sail ore", "to han", "sail han", "to bor")
    assert state.seat == 0 and state.actions == 1
    state, events = act(state, 0, "sail bor", "to ore")
    assert state.seat == 1
    assert state.actions == 3
    assert [e.kind for e in events][-1] == "turn"


def test_the_same_action_may_be_repeated_in_a_turn(table):
    # RULES §3.2
    state = edit(table, tokens={**table.tokens, "BBA": ["cod", "salmon"], "ARK": ["amber"]})
    state, _ = act(state, 0, "fish bba cod", "fish bba salmon", "fish ark amber")
    assert state.players[0].cargo == ["cod", "salmon"]
    assert state.seat == 1


def test_a_round_ends_after_the_player_before_the_start_player(table):
    # RULES §3.1
    first = table.start_seat
    state = edit(turn_of(table, (first - 1) % 3), bag=["cod"] * 20)  # no clock to pause on
    before = state.round
    seat = state.seat
    while state.seat == seat:
        state, _ = act(state, seat, GAME.default_action(state, seat).text)
    assert state.seat == first
    assert state.round == before + 1


def test_throwing_a_fish_overboard_costs_no_action(table):
    # RULES §3.3, §5.4
    state = player(table, 0, cargo=["cod", "herring"])
    state, events = act(state, 0, "overboard cod")
    assert state.players[0].cargo == ["herring"]
    assert state.actions == 3
    assert events[0].kind == "overboard"


def test_a_boat_sails_anywhere_that_keeps_the_fleet_one_group(table):
    # RULES §4.1: EGB is not next to ORE, but it touches BBA.
    assert texts(table, 0).count("sail ore") == 1
    state, _ = act(table, 0, "sail ore")
    targets = texts(state, 0)
    assert "to egb" in targets
    assert "to kro" not in targets
    state, events = act(state, 0, "to egb")
    assert sorted(state.players[0].boats) == ["ARK", "BBA", "EGB"]
    assert events[0].kind == "sail" and events[0].data == {"origin": "ORE", "to": "EGB"}
    assert state.actions == 2


def test_a_boat_holding_the_fleet_together_cannot_leave_it_in_pieces(table):
    # RULES §4.1: ARK joins ORE and BBA; no other single space touches both.
    assert "sail ark" not in texts(table, 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(table, 0, "sail ark")
    assert err.value.code == "not_now"


def test_a_player_never_has_two_boats_on_one_space(table):
    # RULES §4.2
    state, _ = act(table, 0, "sail ore")
    assert "to bba" not in texts(state, 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "to bba")
    assert err.value.code == "own_boat"


def test_other_players_boats_never_block(table):
    # RULES §4.2
    state = player(table, 1, boats=["EGB"], reserve=0)
    state, _ = act(state, 0, "sail ore", "to egb")
    assert "EGB" in state.players[0].boats and state.players[1].boats == ["EGB"]


def test_going_back_from_a_sail_spends_nothing(table):
    # RULES §13.2
    state, _ = act(table, 0, "sail ore", "back")
    assert state.sub is None and state.actions == 3
    assert state.players[0].boats == table.players[0].boats


def test_until_the_first_sail_the_only_sail_is_the_first_sail():
    # RULES §4.3
    state = turn_of(started(3), 0)
    assert state.players[0].boats == ["KOB"] and state.players[0].reserve == 4
    assert texts(state, 0) == ["launch ore", "launch mec"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "sail kob")
    assert err.value.code == "launch"


def test_the_first_sail_places_every_other_boat_next_to_the_fleet_for_one_action():
    # RULES §4.3
    state = turn_of(started(3), 0)
    state, _ = act(state, 0, "launch ore")
    assert state.actions == 3
    assert sorted(texts(state, 0)) == ["place ark", "place han", "place mec"]
    state, _ = act(state, 0, "place ark", "place bba", "place gdd")
    p = state.players[0]
    assert p.reserve == 0
    assert p.boats == ["KOB", "ORE", "ARK", "BBA", "GDD"]
    assert state.actions == 2
    assert state.sub is None
