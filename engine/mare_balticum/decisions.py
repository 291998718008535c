"""Every decision a seat can owe, declared once (`engine.core.decisions`): what is legal, what
it does, and why another action is refused — one English sentence for the terminal and logs,
and a code with fields a front words in the player's language.

| decision | asked | legal | does |
|---|---|---|---|
| ``start`` | setup, in turn | a port (RULES §2.5) | `flow.place_start_boat` |
| ``turn`` | the active player | the turn's actions (§3–§6, §12) | `turn.do_turn_action` |
| ``sail`` ``launch`` ``unload`` ``contract`` | the same, mid-action | its next choice | the same |
| ``company`` | everyone owing a token at a clock (§8) | a company token | `flow.choose_company` |
| ``safe`` | players who played the safe (§8.4) | a token to throw away | `flow.discard` |
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.core.decisions import Decision, Decisions
from engine.core.errors import IllegalAction
from engine.mare_balticum.actions import VERBS, Answers
from engine.mare_balticum.board import AMBER, SAFE, Board
from engine.mare_balticum.flow import (
    choose_company,
    company_actions,
    discard,
    discard_actions,
    end_action,
    place_start_boat,
)
from engine.mare_balticum.state import MareState
from engine.mare_balticum.turn import do_turn_action, permits, turn_actions
from engine.mare_balticum.work import Work

EXPECTED: dict[Answers, str] = {
    "start": "put your starting boat on a port",
    "turn": "choose one of your turn's actions",
    "sail": "choose where the boat sails, or go back",
    "launch": "place your next boat next to your fleet",
    "unload": "open a demand or finish the unload",
    "contract": "take one of the contracts",
    "company": "choose a company token",
    "safe": "choose a token to throw away for the safe",
}


def why_not(
    board: Board, state: MareState, seat: int, asks: Answers, action: Action
) -> IllegalAction:
    """The most helpful reason `action` is not legal for `seat`, who owes `asks`."""
    p = state.players[seat]
    verb, args = action.verb, action.args
    if asks not in VERBS[verb].answers:
        return IllegalAction(
            f"'{action.text}' is not possible now: {EXPECTED[asks]}.",
            "not_now",
            action=action.text,
            owed=asks,
        )
    space = board.code(args[0]) if args else None
    if verb in ("port", "fish", "unload", "sail", "to", "launch", "place") and space is None:
        return IllegalAction(
            f"There is no space called {args[0].upper()} on this map.", "no_space", space=args[0]
        )
    if verb == "port" or (verb == "unload" and board.by_code[space or ""].kind != "port"):
        return IllegalAction(f"{space} is not a port.", "not_a_port", space=space)
    if verb in ("fish", "unload", "sail") and space not in p.boats:
        return IllegalAction(f"You have no boat on {space}.", "no_boat", space=space)
    if verb == "fish":
        if args[1] not in state.tokens.get(space or "", []):
            return IllegalAction(
                f"There is no {args[1]} on {space}.", "no_token", space=space, kind=args[1]
            )
        if args[1] != AMBER and len(p.cargo) >= board.cargo_slots:
            return IllegalAction(
                "Your cargo is full: unload, or throw a fish overboard first.", "cargo_full"
            )
    if verb == "unload" and len(args) > 1:
        return IllegalAction(
            f"{space} cannot take '{args[1]}' from your cargo.", "unload_parts", space=space
        )
    if verb == "unload":
        return IllegalAction(
            f"{space} takes none of the fish you have aboard.", "nothing_to_unload", space=space
        )
    if verb in ("sail", "launch") and p.reserve and verb == "sail":
        return IllegalAction(
            "Your first sail puts all your other boats on the sea: launch them first.", "launch"
        )
    if verb in ("to", "place", "launch"):
        if space in p.boats:
            return IllegalAction(f"You already have a boat on {space}.", "own_boat", space=space)
        return IllegalAction(
            f"A boat on {space} would leave your fleet in pieces.", "not_connected", space=space
        )
    if verb == "overboard":
        return IllegalAction(f"You have no {args[0]} aboard.", "not_aboard", kind=args[0])
    if verb == "play":
        return _why_not_play(board, state, seat, action)
    if verb == "discard":
        return IllegalAction(
            f"You have no {args[1]} in your {args[0]}.", "not_held", place=args[0], kind=args[1]
        )
    if verb == "take":
        return IllegalAction(f"{args[0]} is not in the contract deck.", "no_card", card=args[0])
    return IllegalAction(
        f"'{action.text}' is not possible now: {EXPECTED[asks]}.",
        "not_now",
        action=action.text,
        owed=asks,
    )


def _why_not_play(board: Board, state: MareState, seat: int, action: Action) -> IllegalAction:
    p = state.players[seat]
    token = action.args[0]
    if token not in p.hand:
        return IllegalAction(f"You have no {token} token left to play.", "played", token=token)
    if token == SAFE:
        if len(action.args) > 1:
            return IllegalAction("The safe goes on no market space.", "safe_space")
        return IllegalAction(
            f"The safe needs {board.safe_discard} tokens to throw away, unless it is your last.",
            "safe_needs_tokens",
            n=board.safe_discard,
        )
    if len(action.args) < 2 or action.args[1] not in board.species:
        return IllegalAction(
            "Say which species' market space the multiplier goes on.", "which_species"
        )
    species = action.args[1]
    return IllegalAction(
        f"Your {species} market space already holds a company token.",
        "space_taken",
        species=species,
    )


# --- the table ----------------------------------------------------------------------------------


def _legal_start(w: Work, seat: int) -> list[Action]:
    return [Action("port", (p.lower(),)) for p in w.board.ports]


def _decide_start(w: Work, seat: int, action: Action) -> None:
    place_start_boat(w, seat, action.args[0].upper())


def _legal_turn(w: Work, seat: int) -> list[Action]:
    return turn_actions(w.board, w.state, seat)


def _permits_turn(w: Work, seat: int, action: Action) -> bool:
    return permits(w.board, w.state, seat, action)


def _decide_turn(w: Work, seat: int, action: Action) -> None:
    if do_turn_action(w, seat, action):
        end_action(w)


def _legal_company(w: Work, seat: int) -> list[Action]:
    return company_actions(w.board, w.state.players[seat])


def _decide_company(w: Work, seat: int, action: Action) -> None:
    choose_company(w, seat, action)


def _legal_safe(w: Work, seat: int) -> list[Action]:
    return discard_actions(w.board, w.state.players[seat])


def _decide_safe(w: Work, seat: int, action: Action) -> None:
    discard(w, seat, action)


def _refusing(asks: Answers) -> Callable[[Work, int, Action], IllegalAction]:
    def refuse(w: Work, seat: int, action: Action) -> IllegalAction:
        return why_not(w.board, w.state, seat, asks, action)

    return refuse


def _turn_step(asks: Answers) -> Decision[Work]:
    """The second choice of a compound turn action (where to sail, where to launch …)."""
    return Decision(_legal_turn, _decide_turn, _refusing(asks))


DECISIONS: Decisions[Work, Answers] = Decisions(
    kinds={
        "start": Decision(_legal_start, _decide_start, _refusing("start")),
        "turn": Decision(_legal_turn, _decide_turn, _refusing("turn"), permits=_permits_turn),
        "sail": _turn_step("sail"),
        "launch": _turn_step("launch"),
        "unload": _turn_step("unload"),
        "contract": _turn_step("contract"),
        "company": Decision(_legal_company, _decide_company, _refusing("company")),
        "safe": Decision(_legal_safe, _decide_safe, _refusing("safe")),
    },
    verbs=VERBS,
    expected=EXPECTED,
)
