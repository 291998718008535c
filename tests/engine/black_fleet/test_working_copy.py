"""An action works on a copy of the state: the captains it changes are copied first, the
others shared, and the state it started from never changes."""

from engine.black_fleet.rules import BlackFleet
from engine.black_fleet.work import Work
from tests.engine.black_fleet.builders import GAME, card, table


def test_a_raid_changes_copies_of_the_raider_and_the_victim_only():
    before = table(merchants={1: "F2", 2: "B6"}, cargo={1: ["red"]}, pirates={0: "E2"})
    saved = GAME.dump_state(before)
    after, _ = GAME.apply(before, 0, "attack pirate f2")
    assert GAME.dump_state(before) == saved
    assert before.captains[1].merchant == "F2" and before.captains[1].cargo == ["red"]
    assert after.captains[1].merchant is None and after.captains[0].loot == ["red"]
    assert after.captains[2] is before.captains[2]  # untouched: shared, not copied
    assert type(after.captains) is list


def test_a_working_copy_hands_out_a_captain_to_change_once_and_keeps_the_original():
    before = table(doubloons={1: 4})
    work = Work(GAME.house, before.shared_copy(), shared=True)
    mine = work.player(1)
    mine.doubloons += 3
    mine.cargo.append("red")
    assert work.player(1) is mine and work.state.captains[1] is mine
    assert before.captains[1].doubloons == 4 and "red" not in before.captains[1].cargo
    assert work.state.captains[2] is before.captains[2]


def test_a_move_makes_the_same_table_whether_its_helm_came_from_the_listing_or_the_check():
    # RULES §5.5: the helm the choices were listed with, or the one the move was checked
    # with, is where the move looks its ships up; both are the table the action started on.
    state = table(merchants={0: "B6"}, pirates={0: "B8"}, played=card("yellow", merchant=3))
    moves = [a for a in GAME.legal_actions(state, 0) if a.verb == "move"]
    assert moves
    for move in moves:
        GAME.legal_actions(state, 0)
        listed, listed_events = GAME.apply(state, 0, move)
        checked, checked_events = BlackFleet(GAME.house).apply(state, 0, move.text)
        assert GAME.dump_state(checked) == GAME.dump_state(listed)
        assert checked_events == listed_events
