"""Small builders for Black Fleet rule tests: a table arranged by hand, then actions."""

from __future__ import annotations

from engine.black_fleet.state import BlackFleetState, Stage, Turn
from engine.core.events import Event
from engine.games import get_game

GAME = get_game("black-fleet")
HOUSE = GAME.house
SEA = HOUSE.map


def card(navy: str = "yellow", **values: int) -> str:
    """The id of the first movement card showing `navy` with these values
    (``navy_moves``, ``pirate``, ``merchant``, ``bottom`` as text)."""
    for cid, c in HOUSE.movement.items():
        if c.navy == navy and all(getattr(c, k) == v for k, v in values.items()):
            return cid
    raise LookupError(f"no movement card {navy} {values}")


def fortune(key: str) -> str:
    """The id of a fortune card of this kind."""
    return next(cid for cid, c in HOUSE.fortune.items() if c.key == key)


def table(
    seats: int = 3,
    *,
    seat: int = 0,
    played: str | None = None,
    stage: Stage = "helm",
    merchants: dict[int, str] | None = None,
    cargo: dict[int, list[str]] | None = None,
    pirates: dict[int, str] | None = None,
    loot: dict[int, list[str]] | None = None,
    navy: dict[str, str] | None = None,
    doubloons: dict[int, int] | None = None,
    hand: list[str] | None = None,
    movement: list[str] | None = None,
    bought: dict[int, list[str]] | None = None,
    seed: str = "rules",
) -> BlackFleetState:
    """A game in progress, arranged by hand: `seat` is at turn in `stage` having played
    `played` (by default the yellow navy 1, pirate 4, merchant 3, draw 1). Ships not
    named are off the map; a merchant's default cargo is 3 cubes of its port's goods."""
    state, _ = GAME.start(seats, seed)
    merchants = merchants or {}
    for s, c in enumerate(state.captains):
        c.merchant = merchants.get(s)
        if c.merchant is not None:
            default = (
                [SEA.port_of_dock[c.merchant].goods] * 3
                if c.merchant in SEA.port_of_dock
                else ["red"] * 3
            )
            c.cargo = list((cargo or {}).get(s, default))
        c.pirate = (pirates or {}).get(s)
        c.loot = list((loot or {}).get(s, []))
        c.doubloons = (doubloons or {}).get(s, 0)
        c.bought = list((bought or {}).get(s, []))
        for key in c.bought:
            # A card bought must be one this seat holds: swap it into its tier's slot.
            price = HOUSE.development[key].price
            i = next(i for i, k in enumerate(c.development) if HOUSE.development[k].price == price)
            if c.development[i] != key:
                old = c.development[i]
                for other in state.captains:
                    if key in other.development:
                        other.development[other.development.index(key)] = old
                if key in state.box:
                    state.box[state.box.index(key)] = old
                c.development[i] = key
    if navy:
        state.navy.update(navy)
    me = state.captains[seat]
    if hand is not None:
        me.fortune = list(hand)
    if movement is not None:
        me.movement = list(movement)
    state.turn = Turn(seat=seat, card=played if stage not in ("card", "dock", "setup") else None)
    if state.turn.card is None and stage not in ("card", "dock", "setup"):
        state.turn.card = card("yellow", navy_moves=1, pirate=4, merchant=3)
    state.stage = stage
    state.round = 1
    state.turns = 1
    return state


def act(state: BlackFleetState, *actions: str) -> tuple[BlackFleetState, list[Event]]:
    """Apply actions in turn for whoever must act; returns the state and all events."""
    events: list[Event] = []
    for text in actions:
        seat = GAME.to_act(state)[0]
        state, more = GAME.apply(state, seat, text)
        events += more
    return state, events


def legal(state: BlackFleetState) -> list[str]:
    return [a.text for a in GAME.legal_actions(state, state.turn.seat)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
