"""Taking back decisions in Mare Balticum (`engine.mare_balticum.undo`), kind by kind: the sea
and every cargo are face up, so a turn's actions can be taken back one by one, to exactly the
state before each; tokens out of the bag, a look through the contracts and a clock's revealed
choices stand."""

from functools import partial

from engine.core.replay import UNDO, replay
from engine.core.undo import DRAW, GAME_END, RESOLVED, REVEAL
from engine.games import get_game
from tests.engine.takebacks import allowed as may_take_back
from tests.engine.takebacks import find, moves, taken_back_to_before, verb

GAME = get_game("mare-balticum")
RULE_1 = {"demand_management": True}
RULE_2 = {"contracts": True}


allowed = partial(may_take_back, GAME)
assert_taken_back = partial(taken_back_to_before, GAME)


def test_a_starting_boat_put_on_a_port_is_taken_back():
    # RULES §2.5: in turn order, each player puts one boat on any port.
    assert_taken_back(find(GAME, verb("port")))


def test_fishing_unloading_and_throwing_overboard_are_taken_back():
    # RULES §5 fishing, §6 unloading, §5.4 overboard: all face up, nothing drawn.
    for kind in ("fish", "unload", "overboard"):
        assert_taken_back(find(GAME, lambda f, kind=kind: verb(kind)(f) and allowed(f)))


def test_each_step_of_a_sail_and_of_the_first_sail_is_taken_back():
    # RULES §4.1 a sail (the boat, then where, or back); §4.3 the first sail places the fleet.
    for kind in ("sail", "to", "back", "launch", "place"):
        assert_taken_back(find(GAME, lambda f, kind=kind: verb(kind)(f) and allowed(f)))


def test_opening_a_demand_and_unloading_are_taken_back():
    # RULES §11.2, §11.4: a demand opened on a round space, then "done" unloads.
    for kind in ("open", "done"):
        found = find(
            GAME,
            lambda f, kind=kind: verb(kind)(f) and allowed(f),
            seats=4,
            options=RULE_1,
            policy="heuristic",
        )
        assert_taken_back(found)


def test_looking_through_the_contracts_is_final_but_the_card_taken_is_not():
    # RULES §12.2: once a player has opened the deck there is no going back; which card they
    # then take can still be chosen again.
    assert find(GAME, verb("contract"), options=RULE_2).refusal(GAME) == REVEAL
    assert_taken_back(find(GAME, lambda f: verb("take")(f) and allowed(f), options=RULE_2))


def test_the_third_action_refills_the_sea_from_the_bag_and_is_final():
    # RULES §3.4, §7: after the third action, empty spaces are refilled from the bag.
    found = find(GAME, lambda f: f.move.after.draws > f.move.before.draws)
    assert found.move.before.actions == 1 or found.move.before.phase in ("company", "safe")
    assert found.refusal(GAME) == DRAW


def test_a_turns_first_decisions_are_taken_back_one_by_one_in_a_row():
    # RULES §3.2: a turn is three actions in any order; none of the first two draws anything.
    game = list(moves(GAME, 4, "turn"))
    start = next(
        i
        for i, f in enumerate(game)
        if f.move.before.phase == "turn"
        and f.move.before.actions == 3
        and f.move.before.sub is None
        and f.move.before.turn > 4
    )
    mine = []
    for f in game[start:]:
        if f.move.before.actions == 1 and f.move.before.sub is None:
            break  # the third action: the refill follows
        mine.append(f)
    assert len(mine) >= 2 and all(f.refusal(GAME) is None for f in mine)
    first = game[start]
    log = [*first.log, *((f.move.seat, f.move.action.text) for f in mine)]
    log += [(first.move.seat, UNDO)] * len(mine)
    assert replay(GAME, 4, "turn", log) == first.move.before


def test_a_company_token_chosen_is_taken_back_until_the_last_choice_reveals_them_all():
    # RULES §8.2: everyone chooses at once and in secret; the choices are revealed together.
    assert_taken_back(
        find(GAME, lambda f: verb("play")(f) and f.move.after.phase == "company" and allowed(f))
    )
    last = find(
        GAME,
        lambda f: (
            verb("play")(f)
            and f.move.after.phase != "company"
            and f.move.after.draws == f.move.before.draws
        ),
    )
    assert last.refusal(GAME) == RESOLVED


def test_a_discard_for_the_safe_is_taken_back_while_others_still_discard():
    # RULES §8.4, §8.5: the safe's two tokens, thrown away by every safe player at once.
    found = find(GAME, lambda f: verb("discard")(f) and f.move.after.phase == "safe")
    assert_taken_back(found)


def test_the_decision_that_ends_the_game_is_final():
    # RULES §9: the game ends after the last player's turn of the extra round.
    found = find(GAME, lambda f: GAME.is_over(f.move.after), seats=3)
    assert found.refusal(GAME) == GAME_END
