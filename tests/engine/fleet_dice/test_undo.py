"""Taking back decisions in Fleet: The Dice Game (`engine.fleet_dice.undo`), kind by kind:
every sheet decision can be taken back, to exactly the state before it, until dice are rolled
or a step everyone plays at once is over."""

from functools import partial

from engine.core.undo import GAME_END, RESOLVED, ROLL, Move, refusal
from engine.fleet_dice.undo import simultaneous
from tests.engine.takebacks import Found, find, taken_back_to_before, verb
from tests.engine.takebacks import allowed as may_take_back

from .builders import GAME, blank, completed, using

allowed = partial(may_take_back, GAME)
assert_taken_back = partial(taken_back_to_before, GAME)


def rolled(found: Found) -> bool:
    return any(e.kind == "roll" for e in found.move.events)


def test_a_picked_die_goes_back_to_the_pool():
    # RULES §3.1: a pick takes a die from the public pool; nothing is rolled.
    found = find(GAME, verb("pick"))
    assert_taken_back(found)
    assert found.move.action.args[0] in found.taken_back(GAME).pool


def test_a_boat_die_used_on_the_sheet_is_taken_back():
    # RULES §5: mark the top open box of that boat column.
    def boat_use(f: Found) -> bool:
        arg = f.move.action.args[0] if f.move.action.args else ""
        return f.move.action.verb == "use" and ":" not in arg and arg != "market" and allowed(f)

    assert_taken_back(find(GAME, boat_use))


def test_a_town_die_used_on_the_harbor_wharf_or_market_is_taken_back():
    # RULES §5, §11: a harbor ship, a wharf building, or coins from the market table.
    for kind in ("harbor:", "wharf:", "market"):

        def town_use(f: Found, kind: str = kind) -> bool:
            args = f.move.action.args
            return f.move.action.verb == "use" and bool(args) and args[0].startswith(kind)

        assert_taken_back(find(GAME, lambda f, want=town_use: want(f) and allowed(f)))


def test_a_die_taken_as_coin_is_taken_back():
    # RULES §5: take it as coin.
    assert_taken_back(find(GAME, lambda f: verb("coin")(f) and allowed(f)))


def test_seafood_buffet_and_scrap_yard_uses_are_taken_back():
    # RULES §5: the Seafood Buffet fills a hexagon; the Scrap Yard makes a star action.
    for kind in ("buffet", "scrap"):
        assert_taken_back(find(GAME, lambda f, kind=kind: verb(kind)(f) and allowed(f)))


def test_a_casino_reroll_is_never_taken_back():
    # RULES §5 Casino: the chosen die is rolled again and the new face must be used.
    state = using(blank(), 0, "cod")
    completed(state.players[0], "casino")
    after, events = GAME.apply(state, 0, "reroll")
    assert refusal(GAME, Move(0, GAME.parse_action("reroll"), state, after, events)) == ROLL
    found = find(GAME, verb("reroll"))
    assert found.refusal(GAME) == ROLL


def skipping(view, seat, legal, rng):
    """A player who declines every star action (the engine's own policies never do)."""
    skips = [a for a in legal if a.verb == "skip"]
    return skips[0] if skips else rng.choice(legal)


def test_a_star_action_and_its_skip_are_taken_back():
    # RULES §9, §17.3: a star action marks any one section, or is declined.
    assert_taken_back(find(GAME, lambda f: verb("star")(f) and allowed(f)))
    assert_taken_back(find(GAME, lambda f: verb("skip")(f) and allowed(f), policy=skipping))


def test_a_question_circle_choice_is_taken_back():
    # RULES §6: the ? circle, license or boat.
    assert_taken_back(find(GAME, lambda f: verb("choose")(f) and allowed(f)))


def test_a_king_crab_bonus_is_taken_back_and_the_next_seat_waits_again():
    # RULES §11, §17.5: the bonus nobody else has taken, in turn order in a simultaneous step.
    found = find(GAME, lambda f: verb("bonus")(f) and allowed(f), options={"trophies": True})
    assert_taken_back(found)
    assert f"bonus {found.move.action.args[0]}" in {
        a.text for a in GAME.legal_actions(found.taken_back(GAME), found.move.seat)
    }


def test_an_oyster_choice_is_taken_back_while_others_still_fish():
    # RULES §8: each oyster boat may take 1 fish and 1 coin; every player fishes at once.
    assert_taken_back(find(GAME, lambda f: verb("oyster")(f) and allowed(f)))


def test_a_decision_after_which_the_next_dice_are_rolled_is_final():
    # RULES §3: once every player has used the leftover die (and income and fishing are
    # done), the next pool is rolled: the new dice are out.
    found = find(GAME, rolled)
    assert found.move.action.verb != "pick"
    assert found.refusal(GAME) == ROLL


def test_the_last_use_of_the_leftover_die_ends_the_step_for_everyone():
    # RULES §3.1: every player uses the leftover die at once. While others still owe it, a
    # use is taken back; the last one ends the step (income follows, §7) and stands.
    def ends_step(f: Found) -> bool:
        before, after = f.move.before, f.move.after
        return before.stage == "leftover" and not rolled(f) and after.stage != "leftover"

    found = find(GAME, ends_step)
    assert simultaneous(found.move.before)
    assert found.refusal(GAME) == RESOLVED
    others = find(
        GAME,
        lambda f: (
            f.move.before.stage == "leftover"
            and len(GAME.to_act(f.move.after)) >= 1
            and f.move.after.stage == "leftover"
            and f.move.seat not in GAME.to_act(f.move.after)
        ),
    )
    assert_taken_back(others)


def test_in_solo_taking_back_a_decision_takes_back_captain_ruths_moves_after_it():
    # RULES §15: Ruth's choices follow from the rules alone; they show nothing new.
    def ruth_follows(f: Found) -> bool:
        return any(e.kind == "ruth" for e in f.move.events) and not rolled(f)

    found = find(GAME, ruth_follows, seats=1)
    assert_taken_back(found)


def test_the_decision_that_ends_the_game_is_final():
    # RULES §13: the scores are final.
    found = find(GAME, lambda f: GAME.is_over(f.move.after), seats=2)
    assert found.refusal(GAME) == GAME_END
