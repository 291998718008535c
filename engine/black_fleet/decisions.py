"""Every decision the seat at turn can owe in Black Fleet (RULES §5), one per stage of the
turn, declared once (`engine.core.decisions`): what is legal, what it does, and why another
action is refused — one English sentence for the terminal and logs, and a code with fields a
front words in the player's language.

| stage | legal | does |
|---|---|---|
| ``setup`` ``dock`` | a free dock for the merchant (§3.6, §5.1) | `flow.place_merchant` |
| ``enter`` | a Far Seas space for the pirate (§6.4) | `flow.enter_pirate` |
| ``card`` | a movement card, or a fortune card played before it (§5.2, §9) | `flow.play_movement` |
| ``helm`` | a ship, a move, a ship action, a fortune card, the end (§5.3–§9) | `movement.move` … |
| ``course`` | where the chosen ship goes, or back (§6) | `movement.move` |
| ``chart`` | a movement card to discard (§9 Navigator's Chart) | `flow.discard_movement` |
| ``discard`` | a fortune card to discard (§8.2, §8.3) | `flow.discard_fortune` |
| ``buy`` | a card the seat can afford, or pass (§10) | `flow.buy` |
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.black_fleet import flow, fortune, shipactions
from engine.black_fleet.actions import VERBS, action_of
from engine.black_fleet.helm import ship_moves
from engine.black_fleet.house import House
from engine.black_fleet.movement import MUTINY, Helm, can_steer, entries, move
from engine.black_fleet.state import SHIPS, BlackFleetState, Stage
from engine.black_fleet.work import Work
from engine.core.actions import Action
from engine.core.decisions import Decision, Decisions, not_now
from engine.core.errors import IllegalAction

EXPECTED: dict[Stage, str] = {
    "setup": "choose a free dock for your merchant",
    "dock": "choose a free dock for your merchant",
    "enter": "bring your pirate in on a Far Seas space",
    "card": "play one of your movement cards",
    "helm": "choose a ship to move, an action, a fortune card or end",
    "course": "choose where the ship goes",
    "chart": "discard a movement card",
    "discard": "discard a fortune card",
    "buy": "buy a card you can afford, or pass",
}
"""What the seat at turn is asked for at each stage, to say why another action is refused."""


def distinct_movement(house: House, hand: Sequence[str]) -> list[str]:
    """One card of each kind in a movement hand: two cards with the same values are one
    choice."""
    seen: dict[tuple[object, ...], str] = {}
    for cid in hand:
        c = house.movement[cid]
        seen.setdefault((c.navy, c.navy_moves, c.pirate, c.merchant, c.bottom), cid)
    return list(seen.values())


# --- the merchant and the pirate come onto the map ---------------------------------------------


def _legal_dock(w: Work, seat: int) -> list[Action]:
    return [action_of("dock", d.lower()) for d in flow.free_docks(w.house, w.state)]


def _decide_dock(w: Work, seat: int, action: Action) -> None:
    flow.place_merchant(w, action.args[0].upper())


def _legal_enter(w: Work, seat: int) -> list[Action]:
    return [action_of("enter", s.lower()) for s in entries(w.house, w.state)]


def _decide_enter(w: Work, seat: int, action: Action) -> None:
    flow.enter_pirate(w, action.args[0].upper())


# --- the movement card -------------------------------------------------------------------------


def _legal_card(w: Work, seat: int) -> list[Action]:
    house, state = w.house, w.state
    me = state.captains[state.turn.seat]
    plays = [action_of("play", cid) for cid in distinct_movement(house, me.movement)]
    return plays + fortune.fortune_actions(house, state, me.fortune, "card")


def _decide_card(w: Work, seat: int, action: Action) -> None:
    if action.verb == "play":
        flow.play_movement(w, action.args[0])
    else:
        w.state.stage = fortune.play(w, action)


# --- the helm: the ships' moves and actions ----------------------------------------------------


def _legal_helm(w: Work, seat: int) -> list[Action]:
    """The helm's choices; the helm they were found with is kept on `w` (`Work.helm`), for
    the move chosen from them."""
    house, state = w.house, w.state
    me = state.captains[state.turn.seat]
    # RULES §5.5: a ship goes straight to any space it can reach, in one choice, and may make
    # its action there in the same choice.
    helm = w.helm = Helm(house, state)
    ships, moves = ship_moves(house, state, helm)
    acts = shipactions.ship_actions(house, state, helm)
    cards = fortune.fortune_actions(house, state, me.fortune, "helm", helm)
    ends = [action_of("end", key) for key in _end_purchases(house, state)]
    return [*ships, *moves, *acts, *cards, END, *ends]


END = action_of("end")


def _end_purchases(house: House, state: BlackFleetState) -> list[str]:
    """What ``end`` may settle at once (RULES §10): each card the seat can afford now, or
    ``pass``. Drawing changes no doubloons, so the purchase can be chosen with the end of the
    moves and made after the draws and discards."""
    me = state.captains[state.turn.seat]
    buys = flow.purchases(house, me, state.options.victory)
    return [*buys, "pass"] if buys else []


def _permits_helm(w: Work, seat: int, action: Action) -> bool:
    """The helm's choices one by one: only a ship's own destinations are searched, with a
    helm kept on `w` for the move (`Work.helm`), as a listing's is."""
    house, state = w.house, w.state
    verb, args = action.verb, action.args
    if verb == "end":
        return not args or (len(args) == 1 and args[0] in _end_purchases(house, state))
    if verb == "ship":
        return len(args) == 1 and args[0] in SHIPS and can_steer(house, state, args[0])
    if verb == "move":
        if len(args) not in (2, 3) or args[0] not in SHIPS:
            return False
        helm = w.helm = Helm(house, state)
        space = args[1].upper()
        if not helm.may_steer(args[0]) or space not in helm.places(args[0]):
            return False
        return len(args) == 2 or args[2] in shipactions.follow_ups(house, state, args[0], space)
    if verb == "fortune":
        me = state.captains[state.turn.seat]
        return action in fortune.fortune_actions(house, state, me.fortune, "helm")
    return action in shipactions.ship_actions(house, state)


def _decide_helm(w: Work, seat: int, action: Action) -> None:
    state = w.state
    verb = action.verb
    if verb == "ship":
        state.stage = "course"
        state.turn.course = action.args[0]
    elif verb == "move":
        ship = action.args[0]
        move(w, ship, action.args[1].upper(), w.helm)
        if len(action.args) == 3:
            _decide_helm(w, seat, shipactions.follow_up(ship, action.args[2]))
    elif verb == "trade":
        shipactions.trade(w)
    elif verb == "sell":
        shipactions.sell(w)
    elif verb == "bury":
        shipactions.bury(w)
    elif verb == "attack":
        ship, space = action.args[0], action.args[1].upper()
        if ship == "pirate":
            shipactions.raid(w, space)
        else:
            shipactions.sink(w, ship, space)
    elif verb == "fortune":
        state.stage = fortune.play(w, action)
    else:
        if action.args:
            state.turn.purchase = action.args[0]
        flow.end_moves(w)


def _refuse_helm(w: Work, seat: int, action: Action) -> IllegalAction:
    args = action.args
    if action.verb == "move":
        ship, space = args[0], args[1].upper()
        helm = w.helm if w.helm is not None else Helm(w.house, w.state)
        if len(args) == 2 or not helm.may_steer(ship) or space not in helm.places(ship):
            return _unreachable(space)
        # The ship reaches the space: it is the action there that is not possible.
    if action.verb in ("move", "attack", "trade", "bury", "sell"):
        return IllegalAction(
            f"'{action.text}' is not possible from where your ships are now.",
            "cannot_act",
            action=action.text,
        )
    return not_now(action, "helm", EXPECTED["helm"])


# --- the course of one ship --------------------------------------------------------------------


def _legal_course(w: Work, seat: int) -> list[Action]:
    house, state = w.house, w.state
    ship = state.turn.course or ""
    order = house.map.order
    moves = [action_of("to", d.lower()) for d in sorted(Helm(house, state).places(ship), key=order)]
    # A Mutiny card is spent once played: its pirate must move, there is no going back.
    return moves if ship.startswith(MUTINY) else [*moves, action_of("back")]


def _permits_course(w: Work, seat: int, action: Action) -> bool:
    """A destination is checked against the ship's reach, not the whole sorted list."""
    ship = w.state.turn.course or ""
    if action.verb == "back":
        return not action.args and not ship.startswith(MUTINY)
    if action.verb != "to" or len(action.args) != 1:
        return False
    return action.args[0].upper() in Helm(w.house, w.state).places(ship)


def _decide_course(w: Work, seat: int, action: Action) -> None:
    state = w.state
    ship = state.turn.course or ""
    if action.verb == "to":
        move(w, ship, action.args[0].upper())
    state.turn.course = None
    state.turn.mutiny = None
    state.stage = "helm"


def _refuse_course(w: Work, seat: int, action: Action) -> IllegalAction:
    if action.verb == "to":
        return _unreachable(action.args[0].upper())
    return not_now(action, "course", EXPECTED["course"])


def _unreachable(space: str) -> IllegalAction:
    return IllegalAction(f"The ship cannot reach {space} this turn.", "unreachable", space=space)


# --- the end of the turn: discards and the purchase --------------------------------------------


def _legal_chart(w: Work, seat: int) -> list[Action]:
    me = w.state.captains[w.state.turn.seat]
    return [action_of("discard", cid) for cid in distinct_movement(w.house, me.movement)]


def _decide_chart(w: Work, seat: int, action: Action) -> None:
    flow.discard_movement(w, action.args[0])


def _legal_discard(w: Work, seat: int) -> list[Action]:
    me = w.state.captains[w.state.turn.seat]
    return [action_of("discard", c.key) for c in fortune.kinds_in_hand(w.house, me.fortune)]


def _decide_discard(w: Work, seat: int, action: Action) -> None:
    flow.discard_fortune(w, action.args[0])


def _legal_buy(w: Work, seat: int) -> list[Action]:
    state = w.state
    me = state.captains[state.turn.seat]
    return [action_of("buy", k) for k in flow.purchases(w.house, me, state.options.victory)] + [
        action_of("pass")
    ]


def _decide_buy(w: Work, seat: int, action: Action) -> None:
    if action.verb == "buy":
        flow.buy(w, action.args[0])
    else:
        flow.next_turn(w)


def _refuse_buy(w: Work, seat: int, action: Action) -> IllegalAction:
    if action.verb == "buy":
        return IllegalAction(
            f"You cannot buy '{action.args[0]}' now.", "cannot_buy", card=action.args[0]
        )
    return not_now(action, "buy", EXPECTED["buy"])


# --- the table ---------------------------------------------------------------------------------


def _asked(stage: Stage) -> Callable[[Work, int, Action], IllegalAction]:
    """The refusal of a decision with short lists: it says what is asked for."""

    def refuse(w: Work, seat: int, action: Action) -> IllegalAction:
        return not_now(action, stage, EXPECTED[stage])

    return refuse


DECISIONS: Decisions[Work, Stage] = Decisions(
    kinds={
        "setup": Decision(_legal_dock, _decide_dock, _asked("setup")),
        "dock": Decision(_legal_dock, _decide_dock, _asked("dock")),
        "enter": Decision(_legal_enter, _decide_enter, _asked("enter")),
        "card": Decision(_legal_card, _decide_card, _asked("card")),
        "helm": Decision(_legal_helm, _decide_helm, _refuse_helm, permits=_permits_helm),
        "course": Decision(_legal_course, _decide_course, _refuse_course, permits=_permits_course),
        "chart": Decision(_legal_chart, _decide_chart, _asked("chart")),
        "discard": Decision(_legal_discard, _decide_discard, _asked("discard")),
        "buy": Decision(_legal_buy, _decide_buy, _refuse_buy),
    },
    verbs=VERBS,
    expected=EXPECTED,
)
"""Every decision the seat at turn can owe (RULES §5), keyed by the turn's stage (none once
the game is over)."""
