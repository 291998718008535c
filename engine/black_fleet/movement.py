"""Moving ships (RULES §6): how far each ship may go this turn, which ships are friendly,
and every space a ship can reach, offered as one choice of destination.

Everything here reads a `PublicBoard`, so the rules and an AI seat's view share it; `move`
makes a move on the working copy of an action.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.black_fleet import powers
from engine.black_fleet.house import House, MovementCard
from engine.black_fleet.seamap import NAVIES
from engine.black_fleet.state import Ship, ShipTurn, Turn
from engine.black_fleet.views import CaptainLike, PublicBoard
from engine.black_fleet.work import Work

MUTINY = "pirate:"
"""A Mutiny card steers another seat's pirate: ``pirate:2`` (RULES §9)."""


class Reach(NamedTuple):
    """A destination: the spaces it costs and where the move starts (a pirate leaving its
    hideout starts on the Far Seas or lair space it chose). A named tuple: a turn's choices
    list many of them."""

    cost: int
    origin: str | None


def played_card(house: House, table: PublicBoard) -> MovementCard | None:
    card = table.turn.card
    return house.movement[card] if card is not None else None


def controlled_navies(house: House, table: PublicBoard) -> list[str]:
    """The navy ships the seat at turn commands (RULES §6.1, §9, §11)."""
    turn = table.turn
    me = table.captains[turn.seat]
    return _commanded(played_card(house, table), turn, powers.sums(house, me))


def _commanded(
    card: MovementCard | None, turn: Turn, have: dict[str, powers.PowerSum]
) -> list[str]:
    """`controlled_navies` from the card played and the seat's powers, looked up already."""
    if card is None:
        return []
    if powers.effect(turn, "second_patrol"):
        return list(NAVIES)
    if "admiralty_friend" in have:
        return [turn.navy_choice] if turn.navy_choice else list(NAVIES)
    return [card.navy]


def position(table: PublicBoard, seat: int, ship: str) -> str | None:
    if ship == "merchant":
        return table.captains[seat].merchant
    if ship == "pirate":
        return table.captains[seat].pirate
    if ship.startswith(MUTINY):
        return table.captains[int(ship[len(MUTINY) :])].pirate
    return table.navy.get(ship)


def occupied(table: PublicBoard) -> set[str]:
    spaces = set(table.navy.values())
    for c in table.captains:
        if c.merchant is not None:
            spaces.add(c.merchant)
        if c.pirate is not None:
            spaces.add(c.pirate)
    return spaces


def friendly(house: House, table: PublicBoard) -> set[str]:
    """Spaces holding ships friendly to the seat at turn: its own two and the navy ships it
    commands (RULES §6.2)."""
    me = table.captains[table.turn.seat]
    spaces = {s for s in (me.merchant, me.pirate) if s is not None}
    spaces.update(table.navy[n] for n in controlled_navies(house, table))
    return spaces


def allowance(house: House, table: PublicBoard, ship: str) -> int:
    """How many spaces `ship` may move this turn in all (RULES §6.1 with card powers)."""
    return Helm(house, table).allowance(ship)


def remaining(house: House, table: PublicBoard, ship: str) -> int:
    return Helm(house, table).remaining(ship)


def entries(house: House, table: PublicBoard) -> list[str]:
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


def origins(house: House, table: PublicBoard, ship: str) -> list[str]:
    """Where a move of `ship` may start: its space (a pirate off the map has come in on the
    Far Seas before the movement card, §6.4); with Pirate Hideout, before the pirate has
    moved, also the empty Far Seas and lairs."""
    return Helm(house, table).origins(ship)


def destinations(
    house: House, table: PublicBoard, ship: str, budget: int | None = None
) -> dict[str, Reach]:
    """Every space `ship` can end its move on now, with its cost (RULES §6.2): through sea
    spaces that are empty or hold friendly ships, ending on an empty one. `budget` asks
    what a move of that many spaces could reach (an AI weighing a card)."""
    return Helm(house, table).destinations(ship, budget)


def steerable(house: House, table: PublicBoard) -> list[Ship]:
    """The ships the seat at turn can still move, in the order a player reads them."""
    helm = Helm(house, table)
    ships: list[Ship] = ["merchant", "pirate", *NAVIES]
    return [s for s in ships if helm.can_steer(s)]


def can_steer(house: House, table: PublicBoard, ship: str) -> bool:
    """Whether the seat at turn can still move `ship` somewhere this turn."""
    return Helm(house, table).can_steer(ship)


Found = tuple[dict[str, int], dict[str, str] | str, str | None]
"""A ship's search (`Helm.search`): the spaces it may end on with their costs, where the
moves start (one start for all, or by space) and the ship's own space."""
REACH_KNOWN = 8192
"""How many answers of where a ship can go are kept (`SeaMap.reach`) before starting over."""


class Helm:
    """The seat at turn's ships on one table: what is occupied and friendly, the card played
    and the powers in force, looked up once and asked about each ship (a turn's choices ask
    about every ship; an AI seat asks far more)."""

    def __init__(self, house: House, table: PublicBoard) -> None:
        self.house = house
        self.table = table
        self.turn = turn = table.turn
        at_turn = turn.seat
        self.me = me = table.captains[at_turn]
        self.card = card = house.movement[turn.card] if turn.card is not None else None
        self.powers = have = powers.sums(house, me)
        """The seat's development powers, each with its cards summed."""
        self.navies = navies = _commanded(card, turn, have)
        # The occupied spaces and those of friendly ships, as bits (`SeaMap.bit`).
        bit = house.map.bit
        navy = table.navy
        taken = friends = 0
        for at in navy.values():
            taken |= bit[at]
        for n in navies:
            friends |= bit[navy[n]]
        for seat, c in enumerate(table.captains):
            ships = 0
            if c.merchant is not None:
                ships = bit[c.merchant]
            if c.pirate is not None:
                ships |= bit[c.pirate]
            taken |= ships
            if seat == at_turn:
                friends |= ships
        self.taken_bits = taken
        self.enemy_bits = taken & ~friends
        self._taken: set[str] | None = None
        self._friends = friends
        self._found: dict[str, Found | None] = {}
        """Each ship's search with its full move (`found`): a turn's choices list where a
        ship can go, and the move chosen from them asks again."""

    @property
    def taken(self) -> set[str]:
        """The occupied spaces."""
        if self._taken is None:
            self._taken = occupied(self.table)
        return self._taken

    @property
    def friends(self) -> set[str]:
        """Spaces holding a ship friendly to the seat at turn (RULES §6.2)."""
        return {space for space in self.taken if self.house.map.bit[space] & self._friends}

    def allowance(self, ship: str) -> int:
        turn, card = self.turn, self.card
        if ship.startswith(MUTINY):
            return turn.boost.get(ship, 0)
        if card is None:
            return 0
        have = self.powers
        extra = _total(have, "full_sail") + turn.effects.get("full_sail", 0)
        if ship == "merchant":
            base = card.merchant + _total(have, "deckhands")
        elif ship == "pirate":
            base = card.pirate + _total(have, "swift_pirate")
        else:
            base = card.navy_moves
        return base + extra + turn.boost.get(ship, 0)

    def remaining(self, ship: str) -> int:
        done = self.turn.ships.get(ship)
        return max(0, self.allowance(ship) - (done.used if done is not None else 0))

    def origins(self, ship: str) -> list[str]:
        here = position(self.table, self.turn.seat, ship)
        starts = [here] if here is not None else []
        if ship != "pirate" or "pirate_hideout" not in self.powers:
            return starts
        done = self.turn.ships.get("pirate")
        if done is None or not done.moved:
            sea = self.house.map
            for space in (*sea.far_seas, *sea.lairs):
                if space not in self.taken and space not in starts:
                    starts.append(space)
        return starts

    def may_steer(self, ship: str) -> bool:
        """Whether the seat commands `ship` this turn (where it can go aside)."""
        if ship == "merchant":
            return self.me.merchant is not None
        return ship == "pirate" or ship in self.navies

    def can_steer(self, ship: str) -> bool:
        if not self.may_steer(ship):
            return False
        found = self.search(ship, None, first=True)
        return found is not None and bool(found[0])

    def found(self, ship: str) -> Found | None:
        """`search` for `ship`'s whole move, made once for this helm."""
        known = self._found
        if ship in known:
            return known[ship]
        found = known[ship] = self.search(ship, None, first=False)
        return found

    def places(self, ship: str, budget: int | None = None) -> dict[str, int]:
        """The spaces `ship` may end on now (or with a move of `budget` spaces), in reading
        order, with their costs."""
        found = self.found(ship) if budget is None else self.search(ship, budget, first=False)
        return found[0] if found is not None else {}

    def destinations(self, ship: str, budget: int | None = None) -> dict[str, Reach]:
        found = self.found(ship) if budget is None else self.search(ship, budget, first=False)
        if found is None:
            return {}
        cost, origin, here = found
        if isinstance(origin, str):
            start = None if origin == here else origin
            return {space: Reach(c, start) for space, c in cost.items()}
        return {
            space: Reach(c, None if origin[space] == here else origin[space])
            for space, c in cost.items()
        }

    def reach(self, ship: str, space: str) -> Reach | None:
        """What a move of `ship` to `space` costs and where it starts (None: out of reach)."""
        found = self.found(ship)
        if found is None:
            return None
        cost, origin, here = found
        steps = cost.get(space)
        if steps is None:
            return None
        start = origin if isinstance(origin, str) else origin[space]
        return Reach(steps, None if start == here else start)

    def search(self, ship: str, budget: int | None, first: bool) -> Found | None:
        """The spaces `ship` may end on with their costs, where the moves start (one start
        for all, or by space) and the ship's own space; with `first`, stop at the first space
        found (whether the ship can move at all)."""
        turn = self.turn
        done = turn.ships.get(ship)
        if done is not None and done.closed:
            return None
        if budget is None:
            budget = self.allowance(ship) - (done.used if done is not None else 0)
        if budget <= 0:
            return None
        have = self.powers
        here = position(self.table, turn.seat, ship)
        if ship == "pirate" and "pirate_hideout" in have:
            starts = self.origins(ship)
        elif here is None:
            return None
        else:
            starts = [here]  # `origins` without Pirate Hideout
        if not starts:
            return None
        own = ship == "merchant" or ship == "pirate"
        # A ship passes through friendly ships, never through enemy ones (RULES §6.2);
        # Navigator and Smuggler's Passage let the merchant pass through them too.
        through = ship == "merchant" and (
            "navigator" in have or bool(turn.effects.get("smugglers_passage"))
        )
        shallow = own and "shallow_draft" in have
        if len(starts) == 1:
            cost = self._rings(starts[0], here, through, shallow, budget, first)
            return cost, starts[0], here
        return self._sources(starts, here, through, shallow, budget, first)

    def _rings(
        self, start: str, here: str | None, through: bool, shallow: bool, budget: int, first: bool
    ) -> dict[str, int]:
        """Breadth first from one start, a ring of spaces at a time, each ring the bits of an
        int: a ship crosses friendly ships (and land, with Shallow Draft) but never stops
        there."""
        sea = self.house.map
        bit = sea.bit
        within = sea.every_bit if shallow else sea.sea_bits
        taken = self.taken_bits
        stop = 0 if through else self.enemy_bits & ~bit.get(here or "", 0)
        free = sea.sea_bits & ~taken
        start_bit = bit[start]
        known = sea.reach
        # Ships further away than the move is long change nothing: the question is asked
        # of the spaces within reach only, so it comes back after moves elsewhere.
        near = sea.around(start_bit, budget)
        key = (start_bit, stop & near, free & near, shallow, budget, first)
        found = known.get(key)
        if found is None:
            found = self._rings_from(start_bit, stop, free, within, budget, first)
            if len(known) >= REACH_KNOWN:
                known.clear()
            known[key] = found
        return found

    def _rings_from(
        self, start_bit: int, stop: int, free: int, within: int, budget: int, first: bool
    ) -> dict[str, int]:
        sea = self.house.map
        cells = sea.cells
        touching = sea.touching
        rings = [start_bit & free]
        if rings[0] and first:
            return {cells[start_bit.bit_length() - 1]: 0}
        seen = frontier = start_bit
        for _ in range(budget):
            ring = touching(frontier, within) & ~seen & ~stop
            if not ring:
                break
            seen |= ring
            rings.append(ring & free)
            if first and rings[-1]:
                low = rings[-1] & -rings[-1]
                return {cells[low.bit_length() - 1]: len(rings) - 1}
            frontier = ring
        # The places in reading order (bit order is row by row), each with its ring.
        found: list[tuple[int, int]] = []
        for i, ring in enumerate(rings):
            while ring:
                low = ring & -ring
                found.append((low.bit_length() - 1, i))
                ring ^= low
        found.sort()
        return {cells[at]: i for at, i in found}

    def _sources(
        self,
        starts: list[str],
        here: str | None,
        through: bool,
        shallow: bool,
        budget: int,
        first: bool,
    ) -> tuple[dict[str, int], dict[str, str], str | None]:
        """Breadth first from several starts (Pirate Hideout), each space reached keeping
        the start it was reached from."""
        sea = self.house.map
        taken = self.taken
        blocked = set() if through else taken - self.friends - {here}
        graph = sea.land_neighbours if shallow else sea.neighbours
        sea_set = sea.sea_set
        seen = set(starts)
        origin: dict[str, str] = {start: start for start in starts}
        cost: dict[str, int] = {}
        for start in starts:
            if start != here and start not in taken:
                cost[start] = 0
                if first:
                    return cost, origin, here
        frontier = starts
        for step in range(1, budget + 1):
            ring = []
            for space in frontier:
                came = origin[space]
                for nxt in graph[space]:
                    if nxt in seen or nxt in blocked:
                        continue
                    seen.add(nxt)
                    origin[nxt] = came
                    ring.append(nxt)
                    if nxt in sea_set and nxt not in taken:
                        cost[nxt] = step
                        if first:
                            return cost, origin, here
            frontier = ring
        return cost, origin, here


def _total(have: dict[str, powers.PowerSum], power: str) -> int:
    found = have.get(power)
    return 0 if found is None else found.total


def move(w: Work, ship: str, dest: str, helm: Helm | None = None) -> None:
    """Move `ship` to `dest` (one of its destinations). Moving a ship ends the move of the
    ship moved before it (RULES §6.3). `helm`: the ships of this very table, looked up
    already (the choices were listed on the state this one was copied from)."""
    state, house = w.state, w.house
    reach = (helm or Helm(house, state)).reach(ship, dest)
    if reach is None:
        raise KeyError(dest)
    seat = state.turn.seat
    start = position(state, seat, ship)
    _moved(house, state.captains[seat], state.turn, ship, reach.cost)
    if ship == "merchant":
        w.player(seat).merchant = dest
    elif ship == "pirate":
        w.player(seat).pirate = dest
    elif ship.startswith(MUTINY):
        w.player(int(ship[len(MUTINY) :])).pirate = dest
    else:
        state.navy[ship] = dest
    owner = int(ship[len(MUTINY) :]) if ship.startswith(MUTINY) else None
    w.emit_fields(
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


def turn_after(house: House, table: PublicBoard, ship: str, cost: int) -> Turn:
    """The turn once `ship` has moved `cost` spaces (a copy): its move counted, the move of
    the ship moved before it over (RULES §6.3), and with Admiralty Friend the navy ship
    chosen."""
    turn = table.turn.clone()
    _moved(house, table.captains[turn.seat], turn, ship, cost)
    return turn


def _moved(house: House, me: CaptainLike, turn: Turn, ship: str, cost: int) -> None:
    """`turn_after` on the turn itself (`me`: the seat at turn)."""
    if turn.last is not None and turn.last != ship:
        turn.ships[turn.last] = turn.ship(turn.last).closing()
    turn.last = ship
    if ship in NAVIES and powers.has(house, me, "admiralty_friend"):
        turn.navy_choice = turn.navy_choice or ship
    done = turn.ship(ship)
    turn.ships[ship] = ShipTurn(
        used=done.used + cost, moved=True, closed=done.closed, acts=done.acts
    )
