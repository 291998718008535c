"""Every decision the seat at turn can owe in Black Fleet (RULES §5), one per stage of the
turn, declared once: what is legal, what it does, what to say when something else is tried.

Black Fleet's moves change the state they are given (a copy `apply` made), with the events
passed along, so a decision works on the house data and the state rather than on a working
copy (`engine.core.work`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.black_fleet import flow, fortune, shipactions
from engine.black_fleet.actions import action_of
from engine.black_fleet.helm import ship_moves
from engine.black_fleet.house import House
from engine.black_fleet.movement import (
    MUTINY,
    Helm,
    can_steer,
    entries,
    move,
)
from engine.black_fleet.state import SHIPS, BlackFleetState, Stage
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event

Decide = Callable[[House, BlackFleetState, Action, list[Event]], None]
"""A decision made on the state being changed."""
Steer = Callable[[House, BlackFleetState, Action, list[Event], Helm | None], None]
"""The helm's decision, given the helm its choices were listed with (on the state the action
started from: it is asked only before anything changes), or None to look again."""


@dataclass(frozen=True)
class Decision:
    legal: Callable[[House, BlackFleetState], list[Action]]
    decide: Decide
    expect: str
    """What the seat is asked for, to say why another action is refused."""
    allows: Callable[[House, BlackFleetState, Action], bool] | None = None
    """A quicker check of one action than listing them all (None: look it up in `legal`)."""
    listing: Callable[[House, BlackFleetState], tuple[list[Action], Helm]] | None = None
    """`legal` with the helm it looked the table's ships up with, for `steer` to ask again
    (None: the decision has none)."""
    steer: Steer | None = None
    """`decide` given that helm (None: the decision needs none)."""

    def choices(self, house: House, state: BlackFleetState) -> tuple[list[Action], Helm | None]:
        """What is legal, and the helm it was found with (if any)."""
        if self.listing is not None:
            return self.listing(house, state)
        return self.legal(house, state), None

    def make(
        self,
        house: House,
        state: BlackFleetState,
        action: Action,
        events: list[Event],
        helm: Helm | None,
    ) -> None:
        """Make the decision; the helm its choices were listed with goes to `steer`."""
        if self.steer is not None:
            self.steer(house, state, action, events, helm)
        else:
            self.decide(house, state, action, events)

    def permits(self, house: House, state: BlackFleetState, action: Action) -> bool:
        if self.allows is not None:
            return self.allows(house, state, action)
        return action in self.legal(house, state)


def _legal_dock(house: House, state: BlackFleetState) -> list[Action]:
    return [action_of("dock", d.lower()) for d in flow.free_docks(house, state)]


def _decide_dock(
    house: House,
    state: BlackFleetState,
    action: Action,
    events: list[Event],
) -> None:
    flow.place_merchant(house, state, action.args[0].upper(), events)


def _legal_enter(house: House, state: BlackFleetState) -> list[Action]:
    return [action_of("enter", s.lower()) for s in entries(house, state)]


def _decide_enter(
    house: House,
    state: BlackFleetState,
    action: Action,
    events: list[Event],
) -> None:
    flow.enter_pirate(house, state, action.args[0].upper(), events)


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
    plays = [action_of("play", cid) for cid in distinct_movement(house, me.movement)]
    return plays + fortune.fortune_actions(house, state, me.fortune, "card")


def _decide_card(
    house: House,
    state: BlackFleetState,
    action: Action,
    events: list[Event],
) -> None:
    if action.verb == "play":
        flow.play_movement(house, state, action.args[0], events)
    else:
        state.stage = fortune.play(house, state, action, events)


def _legal_helm(house: House, state: BlackFleetState) -> list[Action]:
    return _list_helm(house, state)[0]


def _list_helm(house: House, state: BlackFleetState) -> tuple[list[Action], Helm]:
    me = state.captains[state.turn.seat]
    # RULES §5.5: a ship goes straight to any space it can reach, in one choice, and may make
    # its action there in the same choice.
    helm = Helm(house, state)
    ships, moves = ship_moves(house, state, helm)
    acts = shipactions.ship_actions(house, state, helm)
    cards = fortune.fortune_actions(house, state, me.fortune, "helm", helm)
    ends = [action_of("end", key) for key in _end_purchases(house, state)]
    return [*ships, *moves, *acts, *cards, END, *ends], helm


END = action_of("end")


def _end_purchases(house: House, state: BlackFleetState) -> list[str]:
    """What ``end`` may settle at once (RULES §10): each card the seat can afford now, or
    ``pass``. Drawing changes no doubloons, so the purchase can be chosen with the end of the
    moves and made after the draws and discards."""
    me = state.captains[state.turn.seat]
    buys = flow.purchases(house, me, state.options.victory)
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


def _decide_helm(
    house: House,
    state: BlackFleetState,
    action: Action,
    events: list[Event],
    helm: Helm | None = None,
) -> None:
    verb = action.verb
    if verb == "ship":
        state.stage = "course"
        state.turn.course = action.args[0]
    elif verb == "move":
        ship = action.args[0]
        move(house, state, ship, action.args[1].upper(), events, helm)
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
        flow.end_moves(house, state, events)


def _legal_course(house: House, state: BlackFleetState) -> list[Action]:
    ship = state.turn.course or ""
    order = house.map.order
    moves = [action_of("to", d.lower()) for d in sorted(Helm(house, state).places(ship), key=order)]
    # A Mutiny card is spent once played: its pirate must move, there is no going back.
    return moves if ship.startswith(MUTINY) else [*moves, action_of("back")]


def _allows_course(house: House, state: BlackFleetState, action: Action) -> bool:
    """A destination is checked against the ship's reach, not the whole sorted list."""
    ship = state.turn.course or ""
    if action.verb == "back":
        return not action.args and not ship.startswith(MUTINY)
    if action.verb != "to" or len(action.args) != 1:
        return False
    return action.args[0].upper() in Helm(house, state).places(ship)


def _decide_course(
    house: House,
    state: BlackFleetState,
    action: Action,
    events: list[Event],
) -> None:
    ship = state.turn.course or ""
    if action.verb == "to":
        move(house, state, ship, action.args[0].upper(), events)
    state.turn.course = None
    state.turn.mutiny = None
    state.stage = "helm"


def _legal_chart(house: House, state: BlackFleetState) -> list[Action]:
    me = state.captains[state.turn.seat]
    return [action_of("discard", cid) for cid in distinct_movement(house, me.movement)]


def _decide_chart(
    house: House,
    state: BlackFleetState,
    action: Action,
    events: list[Event],
) -> None:
    flow.discard_movement(house, state, action.args[0], events)


def _legal_discard(house: House, state: BlackFleetState) -> list[Action]:
    me = state.captains[state.turn.seat]
    return [action_of("discard", c.key) for c in fortune.kinds_in_hand(house, me.fortune)]


def _decide_discard(
    house: House,
    state: BlackFleetState,
    action: Action,
    events: list[Event],
) -> None:
    flow.discard_fortune(house, state, action.args[0], events)


def _legal_buy(house: House, state: BlackFleetState) -> list[Action]:
    me = state.captains[state.turn.seat]
    return [action_of("buy", k) for k in flow.purchases(house, me, state.options.victory)] + [
        action_of("pass")
    ]


def _decide_buy(
    house: House,
    state: BlackFleetState,
    action: Action,
    events: list[Event],
) -> None:
    if action.verb == "buy":
        flow.buy(house, state, action.args[0], events)
    else:
        flow.next_turn(house, state, events)


def _legal_none(house: House, state: BlackFleetState) -> list[Action]:
    return []


def _decide_none(
    house: House,
    state: BlackFleetState,
    action: Action,
    events: list[Event],
) -> None:
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
        _list_helm,
        _decide_helm,
    ),
    "course": Decision(_legal_course, _decide_course, "choose where the ship goes", _allows_course),
    "chart": Decision(_legal_chart, _decide_chart, "discard a movement card"),
    "discard": Decision(_legal_discard, _decide_discard, "discard a fortune card"),
    "buy": Decision(_legal_buy, _decide_buy, "buy a card you can afford, or pass"),
    "over": Decision(_legal_none, _decide_none, "nothing"),
}
"""Every decision the seat at turn can owe (RULES §5), keyed by the turn's stage."""


def why_not(stage: Stage, decision: Decision, action: Action) -> IllegalAction:
    if (stage == "course" and action.verb == "to") or (stage == "helm" and action.verb == "move"):
        space = action.args[-1].upper()
        return IllegalAction(
            f"The ship cannot reach {space} this flow.", "unreachable", space=space
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
