"""The terminal front end plays whole games, and every rendered line fits a phone."""

import random

import pytest

from bot.render import LINE, action_label, board_lines, sheet_lines
from bot.terminal import TerminalGame, main
from engine.fleet_dice.rules import FleetDice


def scripted(answers):
    answers = iter(answers)

    def read(prompt):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return read


def test_a_human_seat_plays_a_whole_game_against_ai_seats_by_numbers():
    out = []
    rng = random.Random(3)
    game = TerminalGame(
        3, {1, 2}, "term", {}, read=lambda _: str(rng.randint(1, 2)), write=out.append
    )
    state = game.play()
    assert state.phase == "over"
    text = "\n".join(out)
    assert "Final scores" in text and "Winner:" in text


def test_hot_seat_solo_game_shows_ruth_and_the_rank_title():
    out = []
    game = TerminalGame(1, set(), "solo-term", {}, read=lambda _: "1", write=out.append)
    game.play()
    text = "\n".join(out)
    assert "Ruth takes" in text
    assert any(t in text for t in ("Greenhorn", "Deckhand", "Helmsman", "Captain"))


def test_commands_and_bad_input_get_answers_and_change_nothing():
    out = []
    seen = []
    answers = scripted(["help", "sheet 2", "sheet 9", "log", "board", "fly away", "99", "quit"])
    game = TerminalGame(2, {1}, "cmds", {}, read=answers, write=out.append)

    def read(prompt):
        seen.append(game.state)
        return answers(prompt)

    game.read = read
    game.play()
    before = seen[0]
    text = "\n".join(out)
    assert "Player 2 · " in text
    assert "There are players 1 to 2." in text
    assert "'fly away' is not an action" in text
    assert game.state == before
    assert "Left the game." in text


def test_action_text_is_accepted_like_a_number():
    game = TerminalGame(2, {1}, "text", {}, read=scripted([]), write=lambda _: None)
    seat = game.game.to_act(game.state)[0]
    first = game.game.legal_actions(game.state, seat)[0].text
    game.read = scripted([first, "quit"])
    game.play()
    assert game.state.version >= 1


def test_cli_refuses_bad_ai_seats():
    with pytest.raises(SystemExit):
        main(["play", "--players", "2", "--ai", "5"])


@pytest.mark.parametrize("seats", [1, 4])
def test_rendered_lines_fit_forty_characters_through_a_whole_game(seats):
    game = FleetDice()
    state = game.new_game(seats, "render", {"captains": seats > 1, "trophies": True})
    rng = random.Random(5)
    while not game.is_over(state):
        for line in board_lines(game, state) + sheet_lines(game, state, 0):
            assert len(line) <= LINE, line
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        assert action_label(action.text)
        state, _ = game.apply(state, seat, action)
    assert all(len(line) <= LINE for line in board_lines(game, state))
