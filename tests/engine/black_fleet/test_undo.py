"""Taking back decisions in Black Fleet (`engine.black_fleet.undo`), kind by kind: the map is
public and moves follow from the rules, so a turn's moves can be taken back one by one, to
exactly the state before each; a card drawn or shown stands."""

from functools import partial

from engine.core.replay import UNDO, replay
from engine.core.undo import DRAW, GAME_END, REVEAL, Move, refusal
from tests.engine.takebacks import Found, find, moves, taken_back_to_before, verb
from tests.engine.takebacks import allowed as may_take_back

from .builders import GAME, table

allowed = partial(may_take_back, GAME)
assert_taken_back = partial(taken_back_to_before, GAME)


def test_a_merchant_docked_and_a_pirate_brought_in_are_taken_back():
    # RULES §3.6, §5.1: a merchant on a free dock, loaded; §6.4: the pirate on the Far Seas.
    assert_taken_back(find(GAME, verb("dock")))
    assert_taken_back(find(GAME, verb("enter")))


def test_the_movement_card_played_is_shown():
    # RULES §5.2: it is played face up and is public.
    assert find(GAME, verb("play")).refusal(GAME) == REVEAL


def test_a_ships_move_in_one_or_two_steps_is_taken_back():
    # RULES §5.5, §6: straight to a destination, or the ship, then where (or back).
    for kind in ("move", "ship", "to", "back"):
        assert_taken_back(find(GAME, lambda f, kind=kind: verb(kind)(f) and allowed(f)))


def test_trading_raiding_sinking_and_burying_are_taken_back():
    # RULES §7.1 trade, §7.2 raid, §7.4 sink, §7.3 bury: public, and no card is drawn.
    for kind in ("trade", "bury"):
        assert_taken_back(find(GAME, lambda f, kind=kind: verb(kind)(f) and allowed(f)))
    for attacker in ("pirate", "navy"):

        def attack(f: Found, attacker: str = attacker) -> bool:
            args = f.move.action.args
            by = "pirate" if args and args[0] == "pirate" else "navy"
            return verb("attack")(f) and by == attacker and allowed(f)

        assert_taken_back(find(GAME, attack))


def test_a_pirate_code_sale_is_taken_back():
    # RULES §11 Pirate Code: the pirate on a dock sells its treasure to that port.
    state = table(pirates={0: "F2"}, loot={0: ["red"]}, bought={0: ["pirate_code"]})
    action = GAME.parse_action("sell")
    after, events = GAME.apply(state, 0, action)
    assert refusal(GAME, Move(0, action, state, after, events)) is None


def test_a_sinking_that_draws_a_fortune_card_is_final():
    # RULES §11 Admiral's Favour: sinking a pirate draws a fortune card.
    found = find(GAME, lambda f: f.move.action.verb in ("attack", "move") and not allowed(f))
    assert found.refusal(GAME) == DRAW


def test_a_fortune_card_played_is_shown():
    # RULES §9.1: it goes face up to the discard pile.
    found = find(
        GAME,
        lambda f: (
            verb("fortune")(f) and len(f.move.after.fortune_deck) == len(f.move.before.fortune_deck)
        ),
    )
    assert found.refusal(GAME) == REVEAL


def test_ending_the_moves_draws_and_is_final():
    # RULES §8.1: draw movement cards back up to the hand size.
    assert find(GAME, verb("end")).refusal(GAME) == DRAW


def test_a_fortune_card_discarded_is_shown():
    # RULES §8.4: what leaves a hand becomes public.
    assert find(GAME, verb("discard")).refusal(GAME) == REVEAL


def test_a_development_card_bought_is_shown_but_passing_is_taken_back():
    # RULES §10.1: the card bought is turned face up; buying nothing shows nothing.
    assert (
        find(GAME, lambda f: verb("buy")(f) and f.move.action.args != ("victory",)).refusal(GAME)
        == REVEAL
    )
    assert_taken_back(find(GAME, lambda f: verb("pass")(f) and allowed(f)))


def test_buying_the_victory_card_is_taken_back_unless_it_ends_the_game():
    # RULES §10.1: the victory card hides nothing; §13.1: bought by the last player of the
    # round, it ends the game, and that stands.
    start, _ = GAME.start(3, "rules")
    first, last = start.start, (start.start - 1) % 3
    verdicts = {}
    for seat in (first, last):
        state = table(
            seat=seat,
            stage="buy",
            bought={seat: list(start.captains[seat].development)},
            doubloons={seat: 12},
        )
        action = GAME.parse_action("buy victory")
        after, events = GAME.apply(state, seat, action)
        verdicts[seat] = refusal(GAME, Move(seat, action, state, after, events))
    assert verdicts == {first: None, last: GAME_END}


def test_a_turns_moves_are_taken_back_one_by_one_until_a_fortune_card_is_played():
    # RULES §5.3, §9.1: ships move and act in any order; a fortune card played is public.
    game = list(moves(GAME, 3, "moves", policy="heuristic"))
    for i, f in enumerate(game):
        run = []
        for g in game[i:]:
            if g.move.seat != f.move.seat or g.refusal(GAME) is not None:
                break
            run.append(g)
        if len(run) >= 3 and game[i + len(run)].move.action.verb in ("fortune", "end"):
            break
    else:
        raise AssertionError("no turn with three moves in a row")
    log = [*f.log, *((g.move.seat, g.move.action.text) for g in run)]
    assert replay(GAME, 3, "moves", [*log, *[(f.move.seat, UNDO)] * len(run)]) == f.move.before
    stop = game[i + len(run)]
    assert stop.refusal(GAME) in (REVEAL, DRAW)


def test_the_decision_that_ends_the_game_is_final():
    # RULES §13.1: the round in which a victory card is bought is the last.
    found = find(GAME, lambda f: GAME.is_over(f.move.after), seats=3, policy="heuristic")
    assert found.refusal(GAME) == GAME_END
