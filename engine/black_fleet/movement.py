"""Moving ships (RULES §6): how far each ship may go this turn, which ships are friendly,
and every space a ship can reach, offered as one choice of destination.

Everything here reads a `Table`, so the rules and an AI seat's view share it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.black_fleet import powers
from engine.black_fleet.house import House, MovementCard
from engine.black_fleet.seamap import NAVIES
from engine.black_fleet.state import BlackFleetState, Ship, ShipTurn
from engine.black_fleet.view import Table
from engine.core.events import Event

MUTINY = "pirate:"
"""A Mutiny card steers another seat's pirate: ``pirate:2`` (RULES §9)."""


@dataclass(frozen=True)
class Reach:
    """A destination: the spaces it costs and where the move starts (a pirate entering the
    map starts on the Far Seas space it is put on)."""

    cost: int
    origin: str | None


def played_card(house: House, table: Table) -> MovementCard | None:
    card = table.turn.card
    return house.movement[card] if card is not None else None


def controlled_navies(house: House, table: Table) -> list[str]:
    """The navy ships the seat at turn commands (RULES §6.1, §9, §11)."""
    card = played_card(house, table)
    if card is None:
        return []
    turn = table.turn
    if powers.effect(turn, "second_patrol"):
        return list(NAVIES)
    me = table.captains[turn.seat]
    if powers.has(house, me, "admiralty_friend"):
        return [turn.navy_choice] if turn.navy_choice else list(NAVIES)
    return [card.navy]


def position(table: Table, seat: int, ship: str) -> str | None:
    if ship == "merchant":
        return table.captains[seat].merchant
    if ship == "pirate":
        return table.captains[seat].pirate
    if ship.startswith(MUTINY):
        return table.captains[int(ship[len(MUTINY) :])].pirate
    return table.navy.get(ship)


def occupied(table: Table) -> set[str]:
    spaces = set(table.navy.values())
    for c in table.captains:
        spaces.update(s for s in (c.merchant, c.pirate) if s is not None)
    return spaces


def friendly(house: House, table: Table) -> set[str]:
    """Spaces holding ships friendly to the seat at turn: its own two and the navy ships it
    commands (RULES §6.2)."""
    me = table.captains[table.turn.seat]
    spaces = {s for s in (me.merchant, me.pirate) if s is not None}
    spaces.update(table.navy[n] for n in controlled_navies(house, table))
    return spaces


def allowance(house: House, table: Table, ship: str) -> int:
    """How many spaces `ship` may move this turn in all (RULES §6.1 with card powers)."""
    card = played_card(house, table)
    turn = table.turn
    if ship.startswith(MUTINY):
        return turn.boost.get(ship, 0)
    if card is None:
        return 0
    me = table.captains[turn.seat]
    extra = powers.total(house, me, "full_sail") + powers.effect(turn, "full_sail")
    if ship == "merchant":
        base = card.merchant + powers.total(house, me, "deckhands")
    elif ship == "pirate":
        base = card.pirate + powers.total(house, me, "swift_pirate")
    else:
        base = card.navy_moves
    return base + extra + turn.boost.get(ship, 0)


def remaining(house: House, table: Table, ship: str) -> int:
    return max(0, allowance(house, table, ship) - table.turn.ship(ship).used)


def entries(house: House, table: Table) -> list[str]:
    """Where a pirate off the map comes in at the start of its owner's turn: an empty Far
    Seas space, or, if all are taken, an empty sea space next to one (RULES §6.4)."""
    sea = house.map
    taken = occupied(table)
    free = [s for s in sea.far_seas if s not in taken]
    if free:
        return free
    return sorted(
        {n for f in sea.far_seas for n in sea.neighbours[f] if n not in taken},
        key=sea.sea.index,
    )


def origins(house: House, table: Table, ship: str) -> list[str]:
    """Where a move of `ship` may start: its space (a pirate off the map has come in on the
    Far Seas before the movement card, §6.4); with Pirate Hideout, before the pirate has
    moved, also the empty Far Seas and lairs."""
    seat = table.turn.seat
    here = position(table, seat, ship)
    starts = [here] if here is not None else []
    if ship != "pirate":
        return starts
    me = table.captains[seat]
    if powers.has(house, me, "pirate_hideout") and not table.turn.ship("pirate").moved:
        taken = occupied(table)
        for space in (*house.map.far_seas, *house.map.lairs):
            if space not in taken and space not in starts:
                starts.append(space)
    return starts


def destinations(
    house: House, table: Table, ship: str, budget: int | None = None
) -> dict[str, Reach]:
    """Every space `ship` can end its move on now, with its cost (RULES §6.2): through sea
    spaces that are empty or hold friendly ships, ending on an empty one. `budget` asks
    what a move of that many spaces could reach (an AI weighing a card)."""
    turn = table.turn
    if turn.ship(ship).closed:
        return {}
    if budget is None:
        budget = remaining(house, table, ship)
    starts = origins(house, table, ship)
    if not starts:
        return {}
    here = position(table, turn.seat, ship)
    sea = house.map
    taken = occupied(table)
    passable = friendly(house, table)
    me = table.captains[turn.seat]
    own = ship in ("merchant", "pirate")
    if ship == "merchant" and (
        powers.has(house, me, "navigator") or powers.effect(turn, "smugglers_passage")
    ):
        passable = taken
    over_land = own and powers.has(house, me, "shallow_draft")
    graph = sea.land_neighbours if over_land else sea.neighbours
    blocked = taken - passable - {here}
    cost: dict[str, int] = {}
    origin: dict[str, str] = {}
    frontier = []
    for start in starts:
        cost[start] = 0
        origin[start] = start
        frontier.append(start)
    # Breadth first, one ring per step: a ship crosses friendly ships (and land, with
    # Shallow Draft) but never stops there.
    for step in range(1, budget + 1):
        ring = []
        for space in frontier:
            for nxt in graph[space]:
                if nxt not in cost and nxt not in blocked:
                    cost[nxt] = step
                    origin[nxt] = origin[space]
                    ring.append(nxt)
        frontier = ring
    sea_set = sea.sea_set
    return {
        space: Reach(c, None if origin[space] == here else origin[space])
        for space, c in cost.items()
        if space in sea_set and space != here and space not in taken
    }


def steerable(house: House, table: Table) -> list[Ship]:
    """The ships the seat at turn can still move, in the order a player reads them."""
    ships: list[Ship] = ["merchant", "pirate", *NAVIES]
    return [s for s in ships if can_steer(house, table, s)]


def can_steer(house: House, table: Table, ship: str) -> bool:
    """Whether the seat at turn can still move `ship` somewhere this turn."""
    me = table.captains[table.turn.seat]
    if ship == "merchant" and me.merchant is None:
        return False
    if ship not in ("merchant", "pirate") and ship not in controlled_navies(house, table):
        return False
    return remaining(house, table, ship) > 0 and bool(destinations(house, table, ship))


def move(house: House, state: BlackFleetState, ship: str, dest: str, events: list[Event]) -> None:
    """Move `ship` to `dest` (one of its destinations). Moving a ship ends the move of the
    ship moved before it (RULES §6.3)."""
    reach = destinations(house, state, ship)[dest]
    turn = state.turn
    seat = turn.seat
    start = position(state, seat, ship)
    if turn.last is not None and turn.last != ship:
        turn.ships[turn.last] = replace(turn.ship(turn.last), closed=True)
    turn.last = ship
    if ship == "merchant":
        state.captains[seat].merchant = dest
    elif ship == "pirate":
        state.captains[seat].pirate = dest
    elif ship.startswith(MUTINY):
        state.captains[int(ship[len(MUTINY) :])].pirate = dest
    else:
        state.navy[ship] = dest
        if powers.has(house, state.captains[seat], "admiralty_friend"):
            turn.navy_choice = turn.navy_choice or ship
    done = turn.ship(ship)
    turn.ships[ship] = ShipTurn(
        used=done.used + reach.cost, moved=True, closed=done.closed, acts=done.acts
    )
    owner = int(ship[len(MUTINY) :]) if ship.startswith(MUTINY) else None
    events.append(
        Event(
            "move",
            seat,
            {
                "ship": "pirate" if owner is not None else ship,
                "owner": seat if owner is None else owner,
                "from": start,
                "via": reach.origin,
                "to": dest,
                "steps": reach.cost,
            },
        )
    )
