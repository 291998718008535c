"""Mare Balticum as a rules object (RULES.md). Stateless: every method takes the state it works
on. The flow is a small machine over `phase`: setup (starting boats), turn (the active
player's three actions), company (a clock is out: every player chooses a company token at
once), safe (players who played the safe throw tokens away), over."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from engine.core.actions import Action, ActionSyntaxError
from engine.core.decisions import Decision, owed_decision, syntax
from engine.core.errors import EngineError
from engine.core.events import Event
from engine.core.game import GameResult
from engine.core.saved import checked_options, load_saved
from engine.core.seats import PlayedBy
from engine.mare_balticum.actions import VERBS, Answers, parse_action
from engine.mare_balticum.board import Board, builtin_map
from engine.mare_balticum.decisions import DECISIONS
from engine.mare_balticum.flow import new_state
from engine.mare_balticum.scoring import result as score_result
from engine.mare_balticum.state import SCHEMA_VERSION, STATE, MareState, Options
from engine.mare_balticum.undo import undoable
from engine.mare_balticum.views import MareView, make_view, redeal
from engine.mare_balticum.work import Work


class MareBalticum(PlayedBy[MareState, MareView]):
    """The rules of Mare Balticum. Its automatic players (`policies`, `search`,
    `default_action`) are bound by the registry."""

    id = "mare-balticum"
    name = "Mare Balticum"
    min_seats = 3
    max_seats = 5
    options = Options

    def __init__(self, board: Board | None = None) -> None:
        """`board`: play on this map whatever the options say (a server's own map file)."""
        self._board = board

    def board_for(self, state: MareState) -> Board:
        return self._board or builtin_map(state.options.map)

    # --- setting up -------------------------------------------------------------------------

    def start(
        self, seats: int, seed: str, options: BaseModel | Mapping[str, Any] | None = None
    ) -> tuple[MareState, list[Event]]:
        """A new game and the events of its setup (RULES §2)."""
        if not self.min_seats <= seats <= self.max_seats:
            raise EngineError(f"Mare Balticum seats 3 to 5 players, not {seats}.")
        opts = _options(options)
        board = self._board or builtin_map(opts.map)
        state, work = new_state(board, seats, seed, opts)
        return state, work.events

    # --- asking -----------------------------------------------------------------------------

    def to_act(self, state: MareState) -> list[int]:
        if state.phase in ("setup", "turn"):
            return [state.seat]
        if state.phase == "company":
            return [s for s, p in enumerate(state.players) if p.owes and not p.choice]
        if state.phase == "safe":
            return [s for s, p in enumerate(state.players) if p.discards]
        return []

    def asks(self, state: MareState, seat: int) -> Answers | None:
        """The decision `seat` owes now, if any."""
        if seat not in self.to_act(state):
            return None
        if state.phase == "setup":
            return "start"
        if state.phase == "turn":
            return state.sub.kind if state.sub else "turn"
        return "company" if state.phase == "company" else "safe"

    def legal_actions(self, state: MareState, seat: int) -> list[Action]:
        asks = self.asks(state, seat) if 0 <= seat < len(state.players) else None
        if asks is None:
            return []
        return DECISIONS.kinds[asks].legal(Work(self.board_for(state), state, shared=False), seat)

    def is_over(self, state: MareState) -> bool:
        return state.phase == "over"

    def result(self, state: MareState) -> GameResult:
        return score_result(self.board_for(state), state)

    # --- what a seat may know ---------------------------------------------------------------

    def view(self, state: MareState, seat: int | None) -> MareView:
        return make_view(self.board_for(state), state, seat)

    def token(self, state: MareState, seat: int | None) -> str:
        """A seat's prompt is stale once it has acted again; the public message once the turn
        or the clock's pause has moved on (``t12c3``: turn 12, three clocks out)."""
        if seat is None:
            if state.phase == "setup":
                return f"s{state.seat}"
            return f"{state.phase[0]}{state.turn}c{state.clocks}"
        return str(state.players[seat].acted)

    def step(self, state: MareState) -> Hashable:
        if state.phase == "setup":
            return ("setup", state.seat)
        if state.phase == "turn":
            return ("turn", state.turn)
        return (state.phase, state.clocks)

    def redeal(self, state: MareState, seat: int | None, seed: str) -> MareState:
        return redeal(self.board_for(state), state, seat, seed)

    # --- acting -----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        try:
            return parse_action(text)
        except ActionSyntaxError as exc:
            raise syntax(exc) from exc

    def apply(
        self, state: MareState, seat: int, action: Action | str
    ) -> tuple[MareState, list[Event]]:
        """Apply one seat's action to a copy of the state. Raises IllegalAction, never mutates."""
        owed: tuple[Action, Answers] = owed_decision(
            action,
            seat,
            parse=parse_action,
            check=None,
            is_over=state.phase == "over",
            seats=len(state.players),
            owes=lambda seat: self.asks(state, seat),
        )
        action, asks = owed
        # Checked on the copy the action will change: it reads the same as the state it was
        # copied from, and the copy is made once.
        w = Work(self.board_for(state), state.clone())
        return _decided(w, seat, action, DECISIONS.check(asks, w, seat, action))

    def play(
        self, state: MareState, seat: int, action: Action, asks: Answers
    ) -> tuple[MareState, list[Event]]:
        """`apply` for an action already known to be legal (the heuristic's look-ahead)."""
        w = Work(self.board_for(state), state.clone())
        return _decided(w, seat, action, DECISIONS.kinds[asks])

    def undoable(
        self,
        before: MareState,
        seat: int,
        action: Action,
        after: MareState,
        events: Sequence[Event],
    ) -> str | None:
        """Whether a decision may be taken back: until the bag gives tokens, the contract deck
        is looked through, or a clock's choices are revealed (`engine.mare_balticum.undo`)."""
        return undoable(before, seat, action, after, events)

    # --- storage ----------------------------------------------------------------------------

    def dump_state(self, state: MareState) -> str:
        return STATE.dump_json(state, exclude_defaults=True).decode()

    def load_state(self, text: str) -> MareState:
        """Load a saved state; a corrupt one raises EngineError with a readable reason."""
        state = load_saved(STATE, text, SCHEMA_VERSION)
        _check_loaded(self.board_for(state), state)
        return state


def _decided(
    w: Work, seat: int, action: Action, decision: Decision[Work]
) -> tuple[MareState, list[Event]]:
    decision.decide(w, seat, action)
    w.state.version += 1
    w.player(seat).acted += 1
    return w.state, w.events


def _options(options: BaseModel | Mapping[str, Any] | None) -> Options:
    return checked_options(Options, options, "Mare Balticum")


def _check_loaded(board: Board, state: MareState) -> None:
    """What the schema cannot say: the saved game fits its map."""
    n = len(state.players)
    if not 3 <= n <= 5 or not 0 <= state.seat < n or not 0 <= state.start_seat < n:
        raise EngineError("saved game is corrupt: seats do not fit a 3-5 player game")
    spaces = set(board.by_code)
    for p in state.players:
        if not set(p.boats) <= spaces or len(set(p.boats)) != len(p.boats):
            raise EngineError("saved game is corrupt: a boat is on no space of the map")
    if set(state.tokens) != set(board.seas) or set(state.demands) != set(board.ports):
        raise EngineError("saved game is corrupt: its sea does not match the map")


__all__ = ["VERBS", "MareBalticum"]
