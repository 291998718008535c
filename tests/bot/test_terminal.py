"""The terminal front end plays whole games of every registered game, and every rendered
monospace line fits a phone."""

import random

import pytest

from bot.fronts import FRONTS, register_all
from bot.fronts.fleet_dice.sheet import LINE, sheet_lines
from bot.fronts.fleet_dice.words import name
from bot.i18n import translator
from bot.terminal import TerminalGame, main
from engine.fleet_dice.sheet import BOAT_TYPES, HARBOR_SHIPS, WHARF_BUILDINGS
from engine.games import get_game


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
        "fleet-dice", 3, {1, 2}, "term", {}, read=lambda _: str(rng.randint(1, 2)), write=out.append
    )
    state = game.play()
    assert state.phase == "over"
    text = "\n".join(out)
    assert "Final scores" in text and (
        "wins by" in text or "wins on fish" in text or "share" in text
    )


def test_hot_seat_solo_game_shows_ruth_and_the_rank_title():
    out = []
    game = TerminalGame(
        "fleet-dice", 1, set(), "solo-term", {}, read=lambda _: "1", write=out.append
    )
    game.play()
    text = "\n".join(out)
    assert "Ruth takes" in text
    assert any(t in text for t in ("Greenhorn", "Deckhand", "Helmsman", "Captain"))


@pytest.mark.parametrize("game_id", list(FRONTS))
def test_every_game_plays_to_the_end_in_the_terminal(game_id):
    out = []
    rules = get_game(game_id)
    seats = max(2, rules.min_seats)
    game = TerminalGame(
        game_id, seats, set(range(1, seats)), "any", {}, read=lambda _: "1", write=out.append
    )
    assert rules.is_over(game.play())
    assert any("Final scores" in line or "==" in line for line in out)


def test_commands_and_bad_input_get_answers_and_change_nothing():
    out = []
    seen = []
    answers = scripted(["help", "mine", "log", "board", "fly away", "99", "quit"])
    game = TerminalGame("fleet-dice", 2, {1}, "cmds", {}, read=answers, write=out.append)

    def read(prompt):
        seen.append(game.state)
        return answers(prompt)

    game.read = read
    game.play()
    before = seen[0]
    text = "\n".join(out)
    assert "Player 1's sheet" in text
    assert "That is not a move of this game." in text
    assert game.state == before
    assert "Left the game." in text


def test_action_text_is_accepted_like_a_number():
    game = TerminalGame("fleet-dice", 2, {1}, "text", {}, read=scripted([]), write=lambda _: None)
    seat = game.game.to_act(game.state)[0]
    first = game.game.legal_actions(game.state, seat)[0].text
    game.read = scripted([first, "quit"])
    game.play()
    assert game.state.version >= 1


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--players", "2", "--ai", "5"],
        ["play", "--players", "9"],
        ["play", "--game", "chess"],
        ["play", "--option", "nonsense"],
    ],
)
def test_cli_refuses_bad_arguments(argv):
    with pytest.raises(SystemExit):
        main(argv)


@pytest.mark.parametrize("language", ["en", "de", "pt-BR", "it"])
@pytest.mark.parametrize("seats", [1, 4])
def test_every_sheet_line_fits_a_phone_and_no_name_is_cut(seats, language):
    register_all()
    rules = get_game("fleet-dice")
    rng = random.Random(seats)
    state, _ = rules.start(seats, f"lines{seats}", {"captains": seats > 1, "trophies": True})
    tr = translator(language, "fleet-dice")
    sheet = rules.sheet_for(state)
    names = [name(tr, k) for k in (*BOAT_TYPES, *HARBOR_SHIPS, *WHARF_BUILDINGS)]
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        for s in range(seats):
            lines = sheet_lines(tr, sheet, rules.view(state, s), s, "Bartholomew-Longname")
            for line in lines:
                assert len(line) <= LINE, line
            shown = "\n".join(lines)
            assert all(n in shown for n in names), [n for n in names if n not in shown]
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
