"""The flow of the game: setting up (RULES §3), a turn from its start to its end (§5, §8,
§10), and the end of the game (§13)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.black_fleet import powers
from engine.black_fleet.decks import draw
from engine.black_fleet.house import House
from engine.black_fleet.movement import entries, occupied
from engine.black_fleet.state import COLOURS, BlackFleetState, Captain, Options, Stage, Turn
from engine.black_fleet.views import PublicBoard
from engine.black_fleet.work import Work
from engine.core.chance import deal, shuffle
from engine.core.events import Event

MAX_ROUNDS = 40
"""House rule §13.3: a table game has an end even if nobody reaches the victory card."""
CARGO = 3
"""Cubes a merchant loads."""
VICTORY = "victory"


def setup(house: House, seats: int, seed: str, options: Options) -> BlackFleetState:
    """RULES §3: colours, hands, development cards; the merchants are placed next."""
    # §3.2: in a 3-player game one colour card goes back in the box, never black.
    colours = list(COLOURS[:1]) + shuffle(seed, "colours:kept", COLOURS[1:])[: seats - 1]
    colours = shuffle(seed, "colours", colours)
    start = colours.index("black")
    movement, movement_deck = deal(seed, "movement:0", list(house.movement), seats, 2)
    fortune, fortune_deck = deal(seed, "fortune:0", list(house.fortune), seats, 1)
    development: list[list[str]] = [[] for _ in range(seats)]
    box: list[str] = []
    for price in house.tiers:
        dealt, rest = deal(seed, f"development:{price}", house.tier(price), seats, 1)
        for seat in range(seats):
            development[seat] += dealt[seat]
        box += rest
    captains = [
        Captain(
            colour=colours[seat],
            movement=movement[seat],
            fortune=fortune[seat],
            development=development[seat],
        )
        for seat in range(seats)
    ]
    return BlackFleetState(
        seed=seed,
        options=options,
        captains=captains,
        start=start,
        navy=dict(house.map.navy_starts),
        supply={p.goods: house.map.goods_per_port for p in house.map.ports},
        movement_deck=movement_deck,
        fortune_deck=fortune_deck,
        box=box,
        turn=Turn(seat=start),
    )


def setup_events(house: House, state: BlackFleetState) -> list[Event]:
    """What the table hears of the setup; each seat alone hears its own cards dealt."""
    w = Work(house, state)
    colours = [c.colour for c in state.captains]
    w.emit("setup", None, colours=colours, start=state.start, victory=state.options.victory)
    for seat, c in enumerate(state.captains):
        w.tell(seat, "dealt", movement=c.movement, fortune=c.fortune, development=c.development)
    return w.events


def free_docks(house: House, table: PublicBoard) -> list[str]:
    """Docks a merchant may be placed on: empty, at a port that has cubes (RULES §3.3)."""
    taken = occupied(table)
    return [
        d
        for d in house.map.docks
        if d not in taken and table.supply.get(house.map.port_of_dock[d].goods, 0) > 0
    ]


def place_merchant(w: Work, space: str) -> None:
    state = w.state
    seat = state.turn.seat
    me = w.player(seat)
    port = w.house.map.port_of_dock[space]
    load = min(CARGO, state.supply[port.goods])
    state.supply[port.goods] -= load
    me.merchant = space
    me.cargo = [port.goods] * load
    w.emit("dock", seat, space=space, port=port.code, goods=port.goods, load=load)
    if state.stage == "setup":
        nxt = (seat + 1) % state.seats
        if nxt == state.start:
            begin_turn(w, state.start)
        else:
            state.turn = Turn(seat=nxt)
    else:
        state.stage = _after_docking(w.house, state)


def _after_docking(house: House, state: BlackFleetState) -> Stage:
    """RULES §5.1, §6.4: a pirate off the map comes in before the movement card is played."""
    me = state.captains[state.turn.seat]
    return "enter" if me.pirate is None and entries(house, state) else "card"


def enter_pirate(w: Work, space: str) -> None:
    """RULES §6.4: the pirate comes onto the map on a Far Seas space (its turn goes on)."""
    state = w.state
    seat = state.turn.seat
    w.player(seat).pirate = space
    state.stage = "card"
    w.emit("enter", seat, space=space)


def begin_turn(w: Work, seat: int) -> None:
    state, house = w.state, w.house
    state.turns += 1
    if seat == state.start:
        state.round += 1
    state.turn = Turn(seat=seat)
    w.emit("turn", seat, round=state.round, turn=state.turns)
    me = state.captains[seat]
    patron = powers.total(house, me, "patron")
    if patron:
        me = w.player(seat)
        me.doubloons += patron
        w.emit("gain", seat, source="patron", gain=patron)
    # RULES §5.1: a sunk merchant comes back on a dock before the movement card is played,
    # and a pirate off the map comes in on the Far Seas (§6.4).
    if me.merchant is None and free_docks(house, state):
        state.stage = "dock"
    else:
        state.stage = _after_docking(house, state)


def play_movement(w: Work, cid: str) -> None:
    state = w.state
    seat = state.turn.seat
    w.player(seat).movement.remove(cid)
    state.movement_discard.append(cid)
    state.turn.card = cid
    state.stage = "helm"
    w.emit("play", seat, card=cid)


def end_moves(w: Work) -> None:
    """RULES §8: draw back up to the movement hand, then the card's bottom symbol."""
    state, house = w.state, w.house
    seat = state.turn.seat
    me = w.player(seat)
    want = powers.movement_hand(house, me) - len(me.movement)
    if want > 0:
        draw(w, seat, "movement", want)
    card = house.movement[state.turn.card or ""]
    if card.bottom.startswith("draw_"):
        draw(w, seat, "fortune", int(card.bottom[-1]))
    else:
        # §8.2: the discard symbol does nothing to an empty hand.
        state.turn.discards = min(int(card.bottom[-1]), len(me.fortune))
    settle(w)


def owed_discards(house: House, state: BlackFleetState) -> int:
    me = state.captains[state.turn.seat]
    over = len(me.fortune) - powers.hand_limit(house, me)
    return max(state.turn.discards, over, 0)


def discard_fortune(w: Work, key: str) -> None:
    state = w.state
    seat = state.turn.seat
    me = w.player(seat)
    cid = next(c for c in me.fortune if w.house.fortune[c].key == key)
    me.fortune.remove(cid)
    state.fortune_discard.append(cid)
    state.turn.discards = max(0, state.turn.discards - 1)
    w.emit("discard", seat, deck="fortune", card=cid)
    settle(w)


def discard_movement(w: Work, cid: str) -> None:
    """Navigator's Chart: discard the cards drawn for it, one at a time."""
    state = w.state
    seat = state.turn.seat
    w.player(seat).movement.remove(cid)
    state.movement_discard.append(cid)
    state.turn.chart -= 1
    w.emit("discard", seat, deck="movement", card=cid)
    if state.turn.chart <= 0:
        state.stage = "card"


def settle(w: Work) -> None:
    """After the draws: discards owed, then the optional purchase, then the next turn."""
    state, house = w.state, w.house
    chosen = state.turn.purchase
    buys = purchases(house, state.captains[state.turn.seat], state.options.victory)
    if owed_discards(house, state):
        state.stage = "discard"
    elif chosen is not None and chosen in buys:
        buy(w, chosen)
    elif buys and chosen is None:
        state.stage = "buy"
    else:
        next_turn(w)


def purchases(house: House, me: Captain, victory: int) -> list[str]:
    """What the captain can buy now (RULES §10): a development card it was dealt and has
    not bought, at its price; once all four are bought, the victory card."""
    return affordable(house, me.development, me.bought, me.doubloons, me.victory, victory)


def affordable(
    house: House,
    development: Sequence[str | None],
    bought: Sequence[str],
    doubloons: int,
    has_victory: bool,
    victory: int,
) -> list[str]:
    if has_victory:
        return []
    left = [k for k in development if k is not None and k not in bought]
    if not left and len(bought) == len(development):
        return [VICTORY] if doubloons >= victory else []
    return [k for k in left if house.development[k].price <= doubloons]


def buy(w: Work, key: str) -> None:
    state = w.state
    seat = state.turn.seat
    me = w.player(seat)
    if key == VICTORY:
        me.doubloons -= state.options.victory
        me.victory = True
        w.emit("buy", seat, card=VICTORY, price=state.options.victory)
        if not state.final_round:
            state.final_round = True
            w.emit("final_round", None, by=seat)
    else:
        price = w.house.development[key].price
        me.doubloons -= price
        me.bought.append(key)
        w.emit("buy", seat, card=key, price=price)
    next_turn(w)


def next_turn(w: Work) -> None:
    """RULES §13: the round ends with the seat before the start player; after a victory card
    was bought, so does the game."""
    state = w.state
    seat = state.turn.seat
    last = (state.start - 1) % state.seats
    if seat == last and (state.final_round or state.round >= MAX_ROUNDS):
        finish(w, "victory" if state.final_round else "rounds")
        return
    begin_turn(w, (seat + 1) % state.seats)


def finish(w: Work, why: str) -> None:
    state = w.state
    state.stage = "over"
    state.ended = why
    state.turn = Turn(seat=state.turn.seat)
    w.emit("over", None, why=why)
