"""Fleet: The Dice Game as a rules object (DESIGN: engine contract; RULES §2, §3). Stateless:
every method takes the state it works on. Each seat has a queue of tasks: decisions wait for
that seat (`decisions`), automatic steps resolve at once, and the game moves on whenever
every queue is empty (`flow`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from engine.core.actions import Action
from engine.core.decisions import owed_decision
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult
from engine.core.saved import checked_options, load_saved
from engine.core.seats import PlayedBy
from engine.fleet_dice.actions import check_value, parse_action
from engine.fleet_dice.decisions import DECISIONS
from engine.fleet_dice.flow import advance, held, new_state
from engine.fleet_dice.scoring import result as score_result
from engine.fleet_dice.sheet import Sheet, builtin_sheet
from engine.fleet_dice.state import (
    SCHEMA_VERSION,
    STATE,
    FleetState,
    FleetView,
    Options,
    Task,
    TaskKind,
)
from engine.fleet_dice.undo import undoable
from engine.fleet_dice.views import make_view, redeal
from engine.fleet_dice.work import Work


class FleetDice(PlayedBy[FleetState, FleetView]):
    """The rules of Fleet: The Dice Game. Its automatic players (`policies`, `search`,
    `default_action`) are bound by the registry."""

    id = "fleet-dice"
    name = "Fleet: The Dice Game"
    min_seats = 1
    max_seats = 4
    options = Options

    def __init__(self, sheet: Sheet | None = None) -> None:
        """`sheet`: play on this sheet whatever the options say (a corrected sheet file)."""
        self._sheet = sheet
        self._listed: tuple[FleetState, int, list[Action]] | None = None
        """The last state and seat whose choices were listed, with them: an action chosen
        from that list needs no other check (`apply`). States are never changed in place once
        play has begun: `apply` returns a new one. One attribute, read at once: a listing on
        another thread replaces the triple, never part of it."""

    def sheet_for(self, state: FleetState) -> Sheet:
        return self._sheet or builtin_sheet(state.options.sheet)

    # --- setting up ------------------------------------------------------------------------

    def new_game(
        self, seats: int, seed: str, options: BaseModel | Mapping[str, Any] | None = None
    ) -> FleetState:
        return self.start(seats, seed, options)[0]

    def start(
        self, seats: int, seed: str, options: BaseModel | Mapping[str, Any] | None = None
    ) -> tuple[FleetState, list[Event]]:
        """A new game and the events of its setup (RULES §2; solo §15)."""
        if not self.min_seats <= seats <= self.max_seats:
            raise EngineError(f"Fleet: The Dice Game seats 1 to 4 players, not {seats}.")
        opts = _options(options)
        state, work = new_state(self._sheet or builtin_sheet(opts.sheet), seats, seed, opts)
        return state, work.events

    # --- asking -----------------------------------------------------------------------------

    def to_act(self, state: FleetState) -> list[int]:
        """Seats that must decide now (several at once in the simultaneous steps)."""
        return [
            seat
            for seat, p in enumerate(state.players)
            if p.tasks and (p.tasks[0].kind != "bonus" or not held(state, seat))
        ]

    def picker(self, state: FleetState) -> int | None:
        """Who takes the next die in a draft (RUTH for Captain Ruth); None outside picking."""
        drafting = state.phase in ("boat", "town") and state.stage == "pick"
        return state.order[state.picks] if drafting and state.picks < len(state.order) else None

    def pending(self, state: FleetState, seat: int) -> Task | None:
        """The decision a seat owes, if any."""
        tasks = state.players[seat].tasks
        return tasks[0] if tasks else None

    def legal_actions(self, state: FleetState, seat: int) -> list[Action]:
        if not 0 <= seat < len(state.players) or state.phase == "over":
            return []
        tasks = state.players[seat].tasks
        if not tasks or held(state, seat):
            return []
        legal = DECISIONS.kinds[tasks[0].kind].legal(Work(self.sheet_for(state), state), seat)
        self._listed = (state, seat, legal)
        return legal.copy()

    def is_over(self, state: FleetState) -> bool:
        return state.phase == "over"

    def result(self, state: FleetState) -> GameResult:
        return score_result(self.sheet_for(state), state)

    # --- what a seat may know -------------------------------------------------------------------

    def view(self, state: FleetState, seat: int | None) -> FleetView:
        """Every sheet and die is public; the seed is not (it fixes every future roll)."""
        return make_view(state, seat)

    def token(self, state: FleetState, seat: int | None) -> str:
        """A seat's prompt is stale once that seat has acted again; the dice on a public roll
        message are stale once the draft is over (``3b``: round 3, boat phase)."""
        if seat is None:
            return f"{state.round}{state.phase[0]}"
        return str(state.players[seat].acted)

    def step(self, state: FleetState) -> Hashable:
        return (state.round, state.phase, state.stage)

    def redeal(self, state: FleetState, seat: int | None, seed: str) -> FleetState:
        return redeal(state, seat, seed)

    # --- acting -------------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def apply(
        self, state: FleetState, seat: int, action: Action | str
    ) -> tuple[FleetState, list[Event]]:
        """Apply one seat's action to a copy of the state. Raises IllegalAction, never mutates."""
        owed: tuple[Action, TaskKind] = owed_decision(
            action,
            seat,
            parse=parse_action,
            check=check_value,
            is_over=state.phase == "over",
            seats=len(state.players),
            owes=lambda seat: _owes(state, seat),
        )
        action, kind = owed
        if kind == "bonus" and held(state, seat):
            raise IllegalAction(
                "Wait: players before you in turn order choose their King Crab bonus first.",
                "held",
            )
        new = state.clone(players=False)
        t = Work(self.sheet_for(state), new, shared=True)
        if self._just_listed(state, seat, action):
            decision = DECISIONS.kinds[kind]
        else:
            decision = DECISIONS.check(kind, t, seat, action)
        decision.decide(t, seat, action)
        t.flush(seat)
        advance(t, seat)
        new.version += 1
        t.player(seat).acted += 1
        return new, t.events

    def _just_listed(self, state: FleetState, seat: int, action: Action) -> bool:
        """Whether `action` is one of the choices listed a moment ago for this very state
        and seat (the same value: the rules make each action once)."""
        listed = self._listed
        if listed is None or listed[0] is not state or listed[1] != seat:
            return False
        for made in listed[2]:  # noqa: SIM110 - a loop: asked at every action
            if made is action:
                return True
        return False

    def undoable(
        self,
        before: FleetState,
        seat: int,
        action: Action,
        after: FleetState,
        events: Sequence[Event],
    ) -> str | None:
        """Whether a decision may be taken back: until dice are rolled or a step everyone
        plays at once is over (`engine.fleet_dice.undo`)."""
        return undoable(before, seat, action, after, events)

    # --- storage ------------------------------------------------------------------------------

    def dump_state(self, state: FleetState) -> str:
        return STATE.dump_json(state, exclude_defaults=True).decode()

    def load_state(self, text: str) -> FleetState:
        """Load a saved state; a corrupt one raises EngineError with a readable reason."""
        state = load_saved(STATE, text, SCHEMA_VERSION)
        return state


def _options(options: BaseModel | Mapping[str, Any] | None) -> Options:
    return checked_options(Options, options, "Fleet: The Dice Game")


def _owes(state: FleetState, seat: int) -> TaskKind | None:
    """The kind of decision `seat` owes: the task at the front of its queue."""
    tasks = state.players[seat].tasks
    return tasks[0].kind if tasks else None
