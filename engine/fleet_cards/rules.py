"""Fleet, the card game, as a rules object (RULES.md; the game contract of engine.core).

Stateless: every method takes the state it works on. `apply` works on a copy, runs the one
decision the seat owes (declared in `decisions`), then lets `flow.advance` move the round on
until someone must decide again.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.core.actions import Action
from engine.core.decisions import owed_decision
from engine.core.errors import EngineError
from engine.core.events import Event
from engine.core.game import GameResult
from engine.core.saved import checked_options, load_saved
from engine.core.seats import PlayedBy
from engine.fleet_cards import auction, flow, standing
from engine.fleet_cards.actions import check_shape, parse_action
from engine.fleet_cards.cards import Deck, builtin_deck
from engine.fleet_cards.decisions import DECISIONS
from engine.fleet_cards.integrity import check
from engine.fleet_cards.scoring import result as score_result
from engine.fleet_cards.setup import new_game
from engine.fleet_cards.state import (
    SCHEMA_VERSION,
    STATE,
    FleetCardsState,
    Options,
    TaskKind,
    migrate,
)
from engine.fleet_cards.undo import undoable
from engine.fleet_cards.views import FleetCardsView, redeal, view
from engine.fleet_cards.work import Work

_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"


def _base36(n: int) -> str:
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = _ALPHABET[r] + out
        if not n:
            return out


class FleetCards(PlayedBy[FleetCardsState, FleetCardsView]):
    """The rules of Fleet, the card game (Gryphon, 2012), for 2–4 players. Its automatic
    players (`policies`, `search`, `default_action`) are bound by the registry."""

    id = "fleet-cards"
    name = "Fleet"
    min_seats = 2
    max_seats = 4
    options = Options

    def __init__(self, deck: Deck | None = None) -> None:
        self._deck = deck

    def book(self, state: FleetCardsState) -> Deck:
        """The card data a game plays with."""
        return self._deck or builtin_deck(state.options.deck)

    # --- setting up ----------------------------------------------------------------------------

    def start(
        self, seats: int, seed: str, options: BaseModel | Mapping[str, Any] | None = None
    ) -> tuple[FleetCardsState, list[Event]]:
        """A new game and the events of its setup (RULES §2)."""
        if not self.min_seats <= seats <= self.max_seats:
            raise EngineError(f"Fleet seats 2 to 4 players, not {seats}.")
        opts = _options(options)
        book = self._deck or builtin_deck(opts.deck)
        state, t = new_game(book, seats, seed, opts)
        auction.begin(t)
        flow.advance(t)
        return state, t.events

    # --- asking --------------------------------------------------------------------------------

    def to_act(self, state: FleetCardsState) -> list[int]:
        return [seat for seat, p in enumerate(state.players) if p.task is not None]

    def legal_actions(self, state: FleetCardsState, seat: int) -> list[Action]:
        if not 0 <= seat < len(state.players) or state.phase == "over":
            return []
        task = state.players[seat].task
        if task is None:
            return []
        return DECISIONS.kinds[task].legal(Work(self.book(state), state), seat)

    def is_over(self, state: FleetCardsState) -> bool:
        return state.phase == "over"

    def result(self, state: FleetCardsState) -> GameResult:
        return score_result(self.book(state), state)

    # --- standing bids (RULES §4.10) -----------------------------------------------------------

    def standing_order(self, state: FleetCardsState, seat: int, text: str) -> str:
        legal = self.legal_actions(state, seat)
        return standing.order_for(self.view(state, seat), seat, legal, text)

    def standing_action(self, state: FleetCardsState, seat: int, order: str) -> Action | None:
        legal = self.legal_actions(state, seat)
        return standing.standing_action(self.view(state, seat), seat, legal, order)

    # --- what a seat may know ------------------------------------------------------------------

    def view(self, state: FleetCardsState, seat: int | None) -> FleetCardsView:
        return view(self.book(state), state, seat)

    def token(self, state: FleetCardsState, seat: int | None) -> str:
        """A seat's prompt is stale once that seat has acted again; the public message once
        the auction or the round has moved on."""
        if seat is None or not 0 <= seat < len(state.players):
            return "p" + _base36(state.public)
        return _base36(state.players[seat].acted)

    def step(self, state: FleetCardsState) -> Hashable:
        return (state.round, state.phase, state.public)

    def redeal(self, state: FleetCardsState, seat: int | None, seed: str) -> FleetCardsState:
        return redeal(self.book(state), state, seat, seed)

    # --- acting --------------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def apply(
        self, state: FleetCardsState, seat: int, action: Action | str
    ) -> tuple[FleetCardsState, list[Event]]:
        """Apply one seat's action to a copy of the state. Raises IllegalAction, never
        mutates."""

        def owes(seat: int) -> TaskKind | None:
            return state.players[seat].task

        owed: tuple[Action, TaskKind] = owed_decision(
            action,
            seat,
            parse=parse_action,
            check=check_shape,
            is_over=state.phase == "over",
            seats=len(state.players),
            owes=owes,
        )
        action, task = owed
        book = self.book(state)
        decision = DECISIONS.check(task, Work(book, state), seat, action)
        new = state.clone(players=False)
        t = Work(book, new, shared=True)
        # Only the auction's own decisions move the public step: a seat out of it working
        # through its end of round meanwhile leaves the bidders' buttons alone (RULES §3.2).
        public = new.phase == "auction" and auction.owes_bidding(state.players[seat])
        decision.decide(t, seat, action)
        t.player(seat).acted += 1
        new.version += 1
        if public:
            new.public += 1
        flow.advance(t)
        return new, t.events

    def undoable(
        self,
        before: FleetCardsState,
        seat: int,
        action: Action,
        after: FleetCardsState,
        events: Sequence[Event],
    ) -> str | None:
        """Whether a decision may be taken back: until a card is drawn or shown, the seat's
        boats have fished, another seat moved on, or a license is named
        (`engine.fleet_cards.undo`)."""
        return undoable(before, seat, action, after, events)

    # --- storage -------------------------------------------------------------------------------

    def dump_state(self, state: FleetCardsState) -> str:
        return STATE.dump_json(state, exclude_defaults=True).decode()

    def load_state(self, text: str) -> FleetCardsState:
        """Load a saved state; a damaged one raises EngineError with a readable reason."""
        state = load_saved(STATE, migrate(text), SCHEMA_VERSION)
        try:
            book = self.book(state)
        except EngineError as exc:
            raise EngineError(f"saved game is corrupt: options.deck: {exc}") from exc
        check(book, state)
        return state


def _options(options: BaseModel | Mapping[str, Any] | None) -> Options:
    opts = checked_options(Options, options, "Fleet")
    try:
        builtin_deck(opts.deck)
    except ValidationError as exc:
        raise EngineError(f"bad options for Fleet: {exc.errors()[0]['msg']}") from exc
    return opts
