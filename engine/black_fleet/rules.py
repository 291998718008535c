"""Black Fleet as a rules object (RULES.md): stateless, every method takes the state it
works on.

One seat acts at a time: the seat whose turn it is (or who places a merchant in setup). What
it owes is the turn's `stage`; each stage's decision is declared once in
`engine.black_fleet.decisions` (what is legal, what it does, what to say when something else
is tried), on the working copy of `engine.black_fleet.work`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import Any

from pydantic import BaseModel

from engine.black_fleet import flow
from engine.black_fleet.actions import parse_action
from engine.black_fleet.decisions import DECISIONS
from engine.black_fleet.house import House, builtin_house
from engine.black_fleet.movement import Helm
from engine.black_fleet.scoring import result as score_result
from engine.black_fleet.state import (
    SCHEMA_VERSION,
    STATE,
    BlackFleetState,
    Options,
    Stage,
)
from engine.black_fleet.undo import undoable
from engine.black_fleet.views import BlackFleetView, redeal, view_of
from engine.black_fleet.work import Work
from engine.core.actions import Action
from engine.core.decisions import owed_decision
from engine.core.errors import EngineError
from engine.core.events import Event
from engine.core.game import GameResult
from engine.core.saved import checked_options, load_saved
from engine.core.seats import PlayedBy

WAIT = "It is not your turn; wait until the table comes to you."
"""Black Fleet's players act one at a time: its ``not_your_turn`` says so."""


class BlackFleet(PlayedBy[BlackFleetState, BlackFleetView]):
    """The rules of Black Fleet for 3–4 players. Its automatic players (`policies`, `search`,
    `default_action`) are bound by the registry."""

    id = "black-fleet"
    name = "Black Fleet"
    min_seats = 3
    max_seats = 4
    options = Options

    def __init__(self, house: House | None = None) -> None:
        self.house = house or builtin_house()
        self._listed: tuple[BlackFleetState, list[Action], Helm | None] | None = None
        """The last state whose choices were listed, with them and the helm they were found
        with: an action chosen from that list is checked by looking it up there, and a move
        asks that helm where it goes (`apply`). States are never changed in place once play
        has begun: `apply` returns a new one. One attribute, read at once: a listing on
        another thread replaces the whole, never part of it."""

    # --- setting up ------------------------------------------------------------------------

    def start(
        self, seats: int, seed: str, options: BaseModel | Mapping[str, Any] | None = None
    ) -> tuple[BlackFleetState, list[Event]]:
        """A new game: colours, hands and development cards dealt (RULES §3); the first
        decision is the start player's merchant placement."""
        if not self.min_seats <= seats <= self.max_seats:
            raise EngineError(f"Black Fleet seats 3 or 4 players, not {seats}.")
        state = flow.setup(self.house, seats, seed, _options(options))
        return state, flow.setup_events(self.house, state)

    # --- asking ----------------------------------------------------------------------------

    def to_act(self, state: BlackFleetState) -> list[int]:
        return [] if state.stage == "over" else [state.turn.seat]

    def legal_actions(self, state: BlackFleetState, seat: int) -> list[Action]:
        if state.stage == "over" or seat != state.turn.seat:
            return []
        w = Work(self.house, state)
        legal = DECISIONS.kinds[state.stage].legal(w, seat)
        self._listed = (state, legal, w.helm)
        return legal.copy()

    def is_over(self, state: BlackFleetState) -> bool:
        return state.stage == "over"

    def result(self, state: BlackFleetState) -> GameResult:
        return score_result(self.house, state)

    # --- what a seat may know ----------------------------------------------------------------

    def view(self, state: BlackFleetState, seat: int | None) -> BlackFleetView:
        return view_of(state, seat)

    def token(self, state: BlackFleetState, seat: int | None) -> str:
        """A seat's buttons go stale once it acted again; the public step is the turn."""
        if seat is None:
            over = "o" if state.stage == "over" else ""
            return f"t{state.turns}s{state.turn.seat}{over}"
        return f"a{state.captains[seat].acted}"

    def step(self, state: BlackFleetState) -> Hashable:
        """A deadline plays the rest of the current turn (or setup placement)."""
        return (state.turns, state.turn.seat, state.stage == "over")

    def redeal(self, state: BlackFleetState, seat: int | None, seed: str) -> BlackFleetState:
        return redeal(self.house, state, seat, seed)

    # --- acting ------------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def apply(
        self, state: BlackFleetState, seat: int, action: Action | str
    ) -> tuple[BlackFleetState, list[Event]]:
        """Apply one seat's action to a copy of the state; IllegalAction if not legal now."""
        owed: tuple[Action, Stage] = owed_decision(
            action,
            seat,
            parse=parse_action,
            check=None,
            is_over=state.stage == "over",
            seats=state.seats,
            owes=lambda seat: state.stage if seat == state.turn.seat else None,
            wait=WAIT,
        )
        action, stage = owed
        # The captains the action leaves alone are shared with `state`, not copied.
        w = Work(self.house, state.shared_copy(), shared=True)
        listed = self._listed
        if listed is not None and listed[0] is state and _among(action, listed[1]):
            w.helm = listed[2]  # listed a moment ago for this very state
            decision = DECISIONS.kinds[stage]
        else:
            # Checked on the copy the action will change: it reads the same as `state`, and
            # the copy is made once.
            decision = DECISIONS.check(stage, w, seat, action)
        decision.decide(w, seat, action)
        new = w.state
        new.version += 1
        w.player(seat).acted += 1
        return new, w.events

    def undoable(
        self,
        before: BlackFleetState,
        seat: int,
        action: Action,
        after: BlackFleetState,
        events: Sequence[Event],
    ) -> str | None:
        """Whether a decision may be taken back: until a card is drawn or shown
        (`engine.black_fleet.undo`)."""
        return undoable(before, seat, action, after, events)

    # --- storage -----------------------------------------------------------------------------

    def dump_state(self, state: BlackFleetState) -> str:
        return STATE.dump_json(state).decode()

    def load_state(self, text: str) -> BlackFleetState:
        """A saved state; a damaged one raises EngineError with a readable reason."""
        state = load_saved(STATE, text, SCHEMA_VERSION)
        unknown = [
            card
            for c in state.captains
            for card in (*c.movement, *c.fortune, *c.development)
            if card not in self.house.movement
            and card not in self.house.fortune
            and card not in self.house.development
        ]
        if unknown:
            raise EngineError(f"saved game is corrupt: unknown card {unknown[0]!r}")
        return state


def _among(action: Action, listed: list[Action]) -> bool:
    """Whether `action` is one of `listed`: the very value first (an action chosen from the
    list is one of its values, found without comparing the others field by field)."""
    return any(map(is_, listed, repeat(action))) or action in listed


def _options(options: BaseModel | Mapping[str, Any] | None) -> Options:
    return checked_options(Options, options, "Black Fleet")
