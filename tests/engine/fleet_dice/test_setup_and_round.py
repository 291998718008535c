"""RULES §2 (setup) and §3 (a round)."""

import typing

import pytest

from engine.core.errors import EngineError, IllegalAction
from engine.fleet_dice.decisions import DECISIONS
from engine.fleet_dice.dice import BOAT_FACES, TOWN_FACES
from engine.fleet_dice.state import DECIDED, TaskKind

from .builders import GAME, act, texts


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_start_bonus_marks_three_boxes_granting_a_license_and_a_boat(seats):
    # RULES §2.1
    state = GAME.new_game(seats, "setup")
    for p in state.players:
        assert p.start in ("shrimp", "cod", "lobster", "swordfish", "oyster")
        assert p.marks[p.start].startswith("xxx.")
        assert p.licenses[p.start] == 1
        assert p.boats[p.start] == [0]


def test_start_roll_is_never_three_coins():
    # RULES §2.1: rerolled while it shows 3 Coins.
    starts = {GAME.new_game(4, f"s{i}").players[0].start for i in range(200)}
    assert "coins" not in starts
    assert starts == {"shrimp", "cod", "lobster", "swordfish", "oyster"}


@pytest.mark.parametrize(("seats", "boat", "town"), [(1, 3, 2), (2, 3, 2), (3, 4, 3), (4, 5, 4)])
def test_dice_pools_hold_one_die_more_than_players(seats, boat, town):
    # RULES §2.2 (solo uses the 2-player pools, §15)
    state = GAME.new_game(seats, "pools")
    assert len(state.pool) == boat and all(f in BOAT_FACES for f in state.pool)
    state = _play_until(state, lambda s: s.phase == "town")
    assert len(state.pool) == town + 1
    assert sum(1 for f in state.pool if f in TOWN_FACES) == town


def test_multiplayer_lasts_ten_rounds_and_solo_eight():
    # RULES §2.3
    assert GAME.new_game(3, "r").rounds == 10
    assert GAME.new_game(1, "r").rounds == 8


def test_first_player_is_random_and_picks_first():
    # RULES §2.3, §3.1
    firsts = {GAME.new_game(4, f"first{i}").first_player for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = GAME.new_game(4, "first")
    assert GAME.to_act(state) == [state.first_player]


def test_players_pick_in_turn_order_from_the_first_player():
    # RULES §3.1
    state = GAME.new_game(3, "order")
    first = state.first_player
    expected = [first, (first + 1) % 3, (first + 2) % 3]
    seen = []
    while state.stage == "pick":
        seat = GAME.to_act(state)[0]
        seen.append(seat)
        state = act(state, seat, GAME.legal_actions(state, seat)[0].text, "coin")
    assert seen == expected


def test_every_player_uses_the_leftover_die_in_any_order():
    # RULES §3.1: the leftover die is not removed; everybody uses the same face.
    state = _to_leftover(GAME.new_game(3, "leftover"))
    assert GAME.to_act(state) == [0, 1, 2]
    face = state.leftover
    state = act(state, 2, "coin")
    assert GAME.pending(state, 2) is None or GAME.pending(state, 2).kind == "star"
    assert GAME.pending(state, 0).face == GAME.pending(state, 1).face == face
    state = _play_until(state, lambda s: s.phase not in ("boat", "income"))
    assert state.phase == "town"  # round 1 is odd: no fishing phase


def test_income_then_fishing_only_in_even_rounds():
    # RULES §3.2–3.3
    state = GAME.new_game(2, "even")
    state, events = _play_collecting(state, lambda s: s.round == 3)
    kinds = [(e.kind, e.data.get("source")) for e in events if e.kind == "fish"]
    assert kinds == [("fish", "round"), ("fish", "round")]  # round 2 only, both players


def test_first_player_marker_passes_left_each_round():
    # RULES §3.5
    state = GAME.new_game(3, "marker")
    first = state.first_player
    state = _play_until(state, lambda s: s.round == 2)
    assert state.first_player == (first + 1) % 3


def test_the_game_ends_after_the_last_round():
    state = _play_until(GAME.new_game(2, "end"), lambda s: s.phase == "over")
    assert state.round == 10
    assert GAME.to_act(state) == []
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 0, "coin")


def test_a_player_who_is_not_to_act_is_refused_and_nothing_changes():
    state = GAME.new_game(2, "wrong")
    other = 1 - GAME.to_act(state)[0]
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction, match="nothing to decide"):
        GAME.apply(state, other, GAME.legal_actions(state, 1 - other)[0])
    assert GAME.dump_state(state) == before


def test_a_table_seats_one_to_four():
    with pytest.raises(EngineError):
        GAME.new_game(5, "x")
    with pytest.raises(EngineError):
        GAME.new_game(0, "x")


def test_legal_pick_lists_each_face_once():
    state = GAME.new_game(4, "dupes")
    seat = GAME.to_act(state)[0]
    picks = texts(GAME.legal_actions(state, seat))
    assert len(picks) == len(set(picks)) == len(set(state.pool))


# --- helpers: drive a game with a fixed, simple choice -----------------------------------


def _simple(state, seat):
    legal = GAME.legal_actions(state, seat)
    coin = [a for a in legal if a.verb == "coin"]
    return (coin or legal)[0]


def _play_collecting(state, until):
    events = []
    while not until(state):
        seat = GAME.to_act(state)[0]
        state, new = GAME.apply(state, seat, _simple(state, seat))
        events += new
    return state, events


def _play_until(state, until):
    return _play_collecting(state, until)[0]


def _to_leftover(state):
    return _play_until(state, lambda s: s.stage == "leftover")


def test_each_seat_counts_its_own_actions_only():
    state = _to_leftover(GAME.new_game(2, "acted"))
    before = [p.acted for p in state.players]
    state = act(state, 1, "coin")
    assert state.players[1].acted == before[1] + 1
    assert state.players[0].acted == before[0]


def test_the_picker_is_the_seat_whose_turn_it_is_to_take_a_die():
    state = GAME.new_game(3, "picker")
    assert GAME.picker(state) == state.first_player == GAME.to_act(state)[0]
    state = _to_leftover(state)
    assert GAME.picker(state) is None


def test_a_seat_decides_the_decisions_and_every_other_task_resolves_at_once():
    # RULES §4: chains resolve at once; only the choices in them wait for their seat.
    assert set(DECISIONS.kinds) == DECIDED
    assert set(typing.get_args(TaskKind)) > DECIDED


def test_a_die_listed_for_one_state_is_checked_anew_on_the_next():
    # apply takes an action from the choices it listed last without another check only for
    # that very state and seat: once the die is picked, picking again is refused.
    state = GAME.new_game(2, "listed")
    seat = GAME.picker(state)
    pick = GAME.legal_actions(state, seat)[0]
    after, _ = GAME.apply(state, seat, pick)
    GAME.legal_actions(state, seat)
    with pytest.raises(IllegalAction):
        GAME.apply(after, seat, pick)
