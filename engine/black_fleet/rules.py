"""Black Fleet as a rules object (RULES.md): stateless, every method takes the state it
works on.

One seat acts at a time: the seat whose turn it is (or who places a merchant in setup). What
it owes is the turn's `stage`; each stage's decision is declared once below (what is legal,
what it does, what to say when something else is tried).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.black_fleet import fortune, shipactions, turn
from engine.black_fleet.actions import action_of, parse_action
from engine.black_fleet.house import House, builtin_house
from engine.black_fleet.movement import (
    MUTINY,
    Helm,
    can_steer,
    destinations,
    entries,
    move,
)
from engine.black_fleet.scoring import result as score_result
from engine.black_fleet.state import (
    SCHEMA_VERSION,
    SHIPS,
    STATE,
    BlackFleetState,
    Options,
    Stage,
)
from engine.black_fleet.undo import undoable
from engine.black_fleet.view import BlackFleetView, redeal, view_of
from engine.core.actions import Action
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult, Policy, random_policy
from engine.core.saved import checked_options, load_saved


class BlackFleet:
    """The rules of Black Fleet for 3–4 players."""

    id = "black-fleet"
    name = "Black Fleet"
    min_seats = 3
    max_seats = 4
    options = Options

    def __init__(self, house: House | None = None) -> None:
        self.house = house or builtin_house()
        from engine.black_fleet.policies import heuristic_action, search_settings

        def heuristic(
            view: BlackFleetView, seat: int, legal: Sequence[Action], rng: random.Random
        ) -> Action:
            return heuristic_action(self.house, view, seat, legal)

        self.policies: Mapping[str, Policy[BlackFleetView]] = {
            "random": random_policy,
            "heuristic": heuristic,
        }
        self.search = search_settings(self.house)
        self._listed: tuple[BlackFleetState, list[Action]] | None = None
        """The last state whose choices were listed, with them: an action chosen from that
        list is checked by looking it up there (`apply`). States are never changed in place
        once play has begun: `apply` returns a new one."""

    # --- setting up ------------------------------------------------------------------------

    def start(
        self, seats: int, seed: str, options: BaseModel | Mapping[str, Any] | None = None
    ) -> tuple[BlackFleetState, list[Event]]:
        """A new game: colours, hands and development cards dealt (RULES §3); the first
        decision is the start player's merchant placement."""
        if not self.min_seats <= seats <= self.max_seats:
            raise EngineError(f"Black Fleet seats 3 or 4 players, not {seats}.")
        state = turn.setup(self.house, seats, seed, _options(options))
        return state, turn.setup_events(state)

    # --- asking ----------------------------------------------------------------------------

    def to_act(self, state: BlackFleetState) -> list[int]:
        return [] if state.stage == "over" else [state.turn.seat]

    def legal_actions(self, state: BlackFleetState, seat: int) -> list[Action]:
        if state.stage == "over" or seat != state.turn.seat:
            return []
        legal = DECISIONS[state.stage].legal(self.house, state)
        self._listed = (state, legal)
        return legal.copy()

    def is_over(self, state: BlackFleetState) -> bool:
        return state.stage == "over"

    def result(self, state: BlackFleetState) -> GameResult:
        return score_result(self.house, state)

    def default_action(self, state: BlackFleetState, seat: int) -> Action:
        """What a timeout or an absent player plays: the heuristic, from the seat's view."""
        legal = self.legal_actions(state, seat)
        return self.policies["heuristic"](self.view(state, seat), seat, legal, random.Random(0))

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
        if isinstance(action, str):
            action = parse_action(action)
        if state.stage == "over":
            raise IllegalAction("The game is over; nothing can be played any more.", "over")
        if not 0 <= seat < state.seats:
            raise IllegalAction(f"There is no seat {seat + 1} at this table.", "no_seat")
        if seat != state.turn.seat:
            raise IllegalAction(
                "It is not your turn; wait until the table comes to you.", "not_your_turn"
            )
        decision = DECISIONS[state.stage]
        listed = self._listed
        if listed is not None and listed[0] is state and action in listed[1]:
            pass  # listed a moment ago for this very state
        elif not decision.permits(self.house, state, action):
            raise _why_not(state.stage, decision, action)
        new = state.clone()
        events: list[Event] = []
        decision.decide(self.house, new, action, events)
        new.version += 1
        new.captains[seat].acted += 1
        return new, events

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


def _options(options: BaseModel | Mapping[str, Any] | None) -> Options:
    return checked_options(Options, options, "Black Fleet")


# --- the decisions, one per stage: what is legal, what it does, what it asks for -------------


@dataclass(frozen=True)
class Decision:
    legal: Callable[[House, BlackFleetState], list[Action]]
    decide: Callable[[House, BlackFleetState, Action, list[Event]], None]
    expect: str
    """What the seat is asked for, to say why another action is refused."""
    allows: Callable[[House, BlackFleetState, Action], bool] | None = None
    """A quicker check of one action than listing them all (None: look it up in `legal`)."""

    def permits(self, house: House, state: BlackFleetState, action: Action) -> bool:
        if self.allows is not None:
            return self.allows(house, state, action)
        return action in self.legal(house, state)


def _legal_dock(house: House, state: BlackFleetState) -> list[Action]:
    return [Action("dock", (d.lower(),)) for d in turn.free_docks(house, state)]


def _decide_dock(house: House, state: BlackFleetState, action: Action, events: list[Event]) -> None:
    turn.place_merchant(house, state, action.args[0].upper(), events)


def _legal_enter(house: House, state: BlackFleetState) -> list[Action]:
    return [Action("enter", (s.lower(),)) for s in entries(house, state)]


def _decide_enter(
    house: House, state: BlackFleetState, action: Action, events: list[Event]
) -> None:
    turn.enter_pirate(house, state, action.args[0].upper(), events)


def distinct_movement(house: House, hand: Sequence[str]) -> list[str]:
    """One card of each kind in a movement hand: two cards with the same values are one
    choice."""
    seen: dict[tuple[object, ...], str] = {}
    for cid in hand:
        c = house.movement[cid]
        seen.setdefault((c.navy, c.navy_moves, c.pirate, c.merchant, c.bottom), cid)
    return list(seen.values())


def _legal_card(house: House, state: BlackFleetState) -> list[Action]:
    me = state.captains[state.turn.seat]
    plays = [Action("play", (cid,)) for cid in distinct_movement(house, me.movement)]
    return plays + fortune.fortune_actions(house, state, me.fortune, "card")


def _decide_card(house: House, state: BlackFleetState, action: Action, events: list[Event]) -> None:
    if action.verb == "play":
        turn.play_movement(house, state, action.args[0], events)
    else:
        state.stage = fortune.play(house, state, action, events)


def _legal_helm(house: House, state: BlackFleetState) -> list[Action]:
    me = state.captains[state.turn.seat]
    helm = Helm(house, state)
    ships: list[Action] = []
    moves: list[Action] = []
    for ship in SHIPS:
        reach = helm.places(ship) if helm.may_steer(ship) else {}
        if not reach:
            continue
        ships.append(action_of("ship", ship))
        # RULES §5.5: a ship goes straight to any space it can reach, in one choice, and
        # may make its action there in the same choice. (Its places come in reading order.)
        then = shipactions.follow_up_map(house, state, ship)
        low = house.map.lower
        go = _MOVES[ship]
        for space in reach:
            there = go.get(space)
            if there is None:
                there = go[space] = action_of("move", ship, low[space])
            moves.append(there)
            words = then.get(space)
            if words:
                moves += [action_of("move", ship, low[space], word) for word in words]
    acts = shipactions.ship_actions(house, state, helm)
    cards = fortune.fortune_actions(house, state, me.fortune, "helm", helm)
    ends = [action_of("end", key) for key in _end_purchases(house, state)]
    return [*ships, *moves, *acts, *cards, END, *ends]


END = action_of("end")
_MOVES: dict[str, dict[str, Action]] = {ship: {} for ship in SHIPS}
"""By ship and space: the move there (`action_of`'s value, found without a tuple made)."""


def _end_purchases(house: House, state: BlackFleetState) -> list[str]:
    """What ``end`` may settle at once (RULES §10): each card the seat can afford now, or
    ``pass``. Drawing changes no doubloons, so the purchase can be chosen with the end of the
    moves and made after the draws and discards."""
    me = state.captains[state.turn.seat]
    buys = turn.purchases(house, me, state.options.victory)
    return [*buys, "pass"] if buys else []


def _allows_helm(house: House, state: BlackFleetState, action: Action) -> bool:
    """The helm's choices one by one: only a ship's own destinations are searched."""
    verb, args = action.verb, action.args
    if verb == "end":
        return not args or (len(args) == 1 and args[0] in _end_purchases(house, state))
    if verb == "ship":
        return len(args) == 1 and args[0] in SHIPS and can_steer(house, state, args[0])
    if verb == "move":
        if len(args) not in (2, 3) or args[0] not in SHIPS:
            return False
        helm = Helm(house, state)
        space = args[1].upper()
        if not helm.may_steer(args[0]) or space not in helm.places(args[0]):
            return False
        return len(args) == 2 or args[2] in shipactions.follow_ups(house, state, args[0], space)
    if verb == "fortune":
        me = state.captains[state.turn.seat]
        return action in fortune.fortune_actions(house, state, me.fortune, "helm")
    return action in shipactions.ship_actions(house, state)


def _decide_helm(house: House, state: BlackFleetState, action: Action, events: list[Event]) -> None:
    verb = action.verb
    if verb == "ship":
        state.stage = "course"
        state.turn.course = action.args[0]
    elif verb == "move":
        ship = action.args[0]
        move(house, state, ship, action.args[1].upper(), events)
        if len(action.args) == 3:
            _decide_helm(house, state, shipactions.follow_up(ship, action.args[2]), events)
    elif verb == "trade":
        shipactions.trade(house, state, events)
    elif verb == "sell":
        shipactions.sell(house, state, events)
    elif verb == "bury":
        shipactions.bury(house, state, events)
    elif verb == "attack":
        ship, space = action.args[0], action.args[1].upper()
        if ship == "pirate":
            shipactions.raid(house, state, space, events)
        else:
            shipactions.sink(house, state, ship, space, events)
    elif verb == "fortune":
        state.stage = fortune.play(house, state, action, events)
    else:
        if action.args:
            state.turn.purchase = action.args[0]
        turn.end_moves(house, state, events)


def _legal_course(house: House, state: BlackFleetState) -> list[Action]:
    ship = state.turn.course or ""
    order = house.map.order
    moves = [
        Action("to", (d.lower(),)) for d in sorted(destinations(house, state, ship), key=order)
    ]
    # A Mutiny card is spent once played: its pirate must move, there is no going back.
    return moves if ship.startswith(MUTINY) else [*moves, Action("back")]


def _allows_course(house: House, state: BlackFleetState, action: Action) -> bool:
    """A destination is checked against the ship's reach, not the whole sorted list."""
    ship = state.turn.course or ""
    if action.verb == "back":
        return not action.args and not ship.startswith(MUTINY)
    if action.verb != "to" or len(action.args) != 1:
        return False
    return action.args[0].upper() in destinations(house, state, ship)


def _decide_course(
    house: House, state: BlackFleetState, action: Action, events: list[Event]
) -> None:
    ship = state.turn.course or ""
    if action.verb == "to":
        move(house, state, ship, action.args[0].upper(), events)
    state.turn.course = None
    state.turn.mutiny = None
    state.stage = "helm"


def _legal_chart(house: House, state: BlackFleetState) -> list[Action]:
    me = state.captains[state.turn.seat]
    return [Action("discard", (cid,)) for cid in distinct_movement(house, me.movement)]


def _decide_chart(
    house: House, state: BlackFleetState, action: Action, events: list[Event]
) -> None:
    turn.discard_movement(house, state, action.args[0], events)


def _legal_discard(house: House, state: BlackFleetState) -> list[Action]:
    me = state.captains[state.turn.seat]
    return [Action("discard", (c.key,)) for c in fortune.kinds_in_hand(house, me.fortune)]


def _decide_discard(
    house: House, state: BlackFleetState, action: Action, events: list[Event]
) -> None:
    turn.discard_fortune(house, state, action.args[0], events)


def _legal_buy(house: House, state: BlackFleetState) -> list[Action]:
    me = state.captains[state.turn.seat]
    return [Action("buy", (k,)) for k in turn.purchases(house, me, state.options.victory)] + [
        Action("pass")
    ]


def _decide_buy(house: House, state: BlackFleetState, action: Action, events: list[Event]) -> None:
    if action.verb == "buy":
        turn.buy(house, state, action.args[0], events)
    else:
        turn.next_turn(house, state, events)


def _legal_none(house: House, state: BlackFleetState) -> list[Action]:
    return []


def _decide_none(house: House, state: BlackFleetState, action: Action, events: list[Event]) -> None:
    raise AssertionError("no decision is owed once the game is over")


_DOCK = Decision(_legal_dock, _decide_dock, "choose a free dock for your merchant")
DECISIONS: dict[Stage, Decision] = {
    "setup": _DOCK,
    "dock": _DOCK,
    "enter": Decision(_legal_enter, _decide_enter, "bring your pirate in on a Far Seas space"),
    "card": Decision(_legal_card, _decide_card, "play one of your movement cards"),
    "helm": Decision(
        _legal_helm,
        _decide_helm,
        "choose a ship to move, an action, a fortune card or end",
        _allows_helm,
    ),
    "course": Decision(_legal_course, _decide_course, "choose where the ship goes", _allows_course),
    "chart": Decision(_legal_chart, _decide_chart, "discard a movement card"),
    "discard": Decision(_legal_discard, _decide_discard, "discard a fortune card"),
    "buy": Decision(_legal_buy, _decide_buy, "buy a card you can afford, or pass"),
    "over": Decision(_legal_none, _decide_none, "nothing"),
}
"""Every decision the seat at turn can owe (RULES §5), keyed by the turn's stage."""


def _why_not(stage: Stage, decision: Decision, action: Action) -> IllegalAction:
    if (stage == "course" and action.verb == "to") or (stage == "helm" and action.verb == "move"):
        space = action.args[-1].upper()
        return IllegalAction(
            f"The ship cannot reach {space} this turn.", "unreachable", space=space
        )
    if stage == "buy" and action.verb == "buy":
        return IllegalAction(
            f"You cannot buy '{action.args[0]}' now.", "cannot_buy", card=action.args[0]
        )
    if stage == "helm" and action.verb in ("attack", "trade", "bury", "sell"):
        return IllegalAction(
            f"'{action.text}' is not possible from where your ships are now.",
            "cannot_act",
            action=action.text,
        )
    return IllegalAction(
        f"'{action.text}' is not possible now: {decision.expect}.",
        "not_now",
        action=action.text,
        owed=stage,
    )
