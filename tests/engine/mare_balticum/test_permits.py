"""`apply` checks a turn's action verb by verb (`turn.permits`) instead of listing every
legal action: it must accept exactly what `legal_actions` lists, and the smaller unloads
RULES §6.2 allows besides."""

import random

from engine.core.actions import Action
from engine.mare_balticum.turn import permits, unload_allowed

from .builders import BOARD, GAME


def candidates(state, seat):
    """Every action of the turn's verbs, legal or not, on every space and kind."""
    kinds = [*BOARD.species, "amber", "clock"]
    out = [Action("contract")]
    for space in BOARD.by_code:
        code = space.lower()
        out += [Action("fish", (code, k)) for k in kinds]
        out += [Action("sail", (code,)), Action("launch", (code,)), Action("unload", (code,))]
        out += [Action("unload", (code, f"{k}:{n}")) for k in kinds for n in (1, 2, 3)]
        out += [Action("unload", (code, k)) for k in BOARD.species]
        out.append(Action("unload", (code, "cod+salmon")))
    out += [Action("overboard", (k,)) for k in kinds]
    return out


def test_permits_agrees_with_the_listed_actions_in_whole_games():
    rng = random.Random(5)
    checked = 0
    for n, options in enumerate(
        [{}, {"demand_management": True, "contracts": True}, {"demand_management": True}]
    ):
        state, _ = GAME.start(3, f"permits:{n}", options)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            if GAME.asks(state, seat) == "turn":
                board = GAME.board_for(state)
                p = state.players[seat]
                for action in candidates(state, seat):
                    smaller = (
                        action.verb == "unload"
                        and len(action.args) == 2
                        and action.args[0].upper() in p.boats
                        and BOARD.by_code[action.args[0].upper()].kind == "port"
                        and unload_allowed(board, state, p, action.args[0].upper(), action.args[1])
                    )
                    expected = action in legal or smaller
                    assert permits(board, state, seat, action) == expected, action
                    checked += 1
            state, _ = GAME.apply(state, seat, rng.choice(legal))
    assert checked > 100_000
