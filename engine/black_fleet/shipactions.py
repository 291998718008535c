"""The one action each ship may make in a turn (RULES §7): the merchant trades, the pirate
raids a merchant or buries its treasure, a navy ship sinks a pirate; development and fortune
powers add a few more. An action may come before, during or after the ship's move.

Actions: ``trade`` · ``sell`` · ``bury`` · ``attack <ship> <space>`` (the attacking ship and
the space of the ship it attacks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.black_fleet import powers
from engine.black_fleet.actions import action_of
from engine.black_fleet.decks import draw
from engine.black_fleet.house import House
from engine.black_fleet.movement import Helm, controlled_navies
from engine.black_fleet.seamap import NAVIES, Port, SeaMap
from engine.black_fleet.views import PublicBoard
from engine.black_fleet.work import Work
from engine.core.actions import Action


@dataclass(frozen=True)
class Sale:
    """What a trade would do now: cubes sold, doubloons gained, cubes loaded."""

    port: str
    sold: tuple[str, ...]
    gain: int
    loads: str
    load: int


def price(house: House, table: PublicBoard, port: Port, goods: str) -> int | None:
    """What `port` pays the seat at turn for one cube of `goods` (None: it won't buy)."""
    if goods == port.goods:
        return None  # Ruling §7.1: a port never takes back its own goods.
    if goods in port.buys:
        return port.buys[goods]
    me = table.captains[table.turn.seat]
    black = powers.effect(table.turn, "black_market")
    contacts = powers.at_least(house, me, "trade_contacts", 0)
    return max(black, contacts) or None


def sale(house: House, table: PublicBoard, at: str | None = None) -> Sale | None:
    """The trade the merchant of the seat at turn could make where it is (or on `at`, where
    a move would take it), if any."""
    me = table.captains[table.turn.seat]
    here = at or me.merchant
    if here is None or here not in house.map.port_of_dock:
        return None
    port = house.map.port_of_dock[here]
    stock = table.supply.get(port.goods, 0)
    if not me.cargo:
        # Ruling §7.1: an empty merchant (a port had run dry) loads without selling.
        return Sale(port.code, (), 0, port.goods, min(3, stock)) if stock else None
    # Each kind of cube priced once (a cargo is one colour, Ruling §7.1).
    each = {cube: price(house, table, port, cube) for cube in me.cargo}
    if None in each.values():
        return None
    n = len(me.cargo)
    per_cube = powers.effect(table.turn, "favourable_market") + powers.total(
        house, me, "trade_monopoly"
    )
    gain = sum(each[cube] or 0 for cube in me.cargo) + per_cube * n
    if n == 3:
        gain += powers.total(house, me, "quartermaster")
    return Sale(port.code, tuple(me.cargo), gain, port.goods, min(3, stock))


def can_act(house: House, table: PublicBoard, ship: str, kind: str) -> bool:
    """Whether `ship` may still make an action of `kind` this turn (RULES §7, one each,
    unless a card says otherwise)."""
    turn = table.turn
    done = turn.ships.get(ship)
    if done is None or not done.acts:
        return True  # a ship that has made no action yet may make one
    acts = done.acts
    if ship in NAVIES:
        allowed = powers.at_least(house, table.captains[turn.seat], "master_gunner", 1)
        return len(acts) < allowed or powers.effect(turn, "broadside") > 0
    me = table.captains[turn.seat]
    attack_and_bury = powers.effect(turn, "hit_and_run") or powers.has(house, me, "plunderer")
    return ship == "pirate" and kind == "bury" and acts == ("raid",) and bool(attack_and_bury)


def escorted(house: House, table: PublicBoard, seat: int) -> bool:
    """Escort: this seat's merchant cannot be raided while next to a navy ship."""
    c = table.captains[seat]
    if c.merchant is None or not powers.has(house, c, "escort"):
        return False
    return any(house.map.adjacent(c.merchant, n) for n in table.navy.values())


def raid_targets(house: House, table: PublicBoard, at: str | None = None) -> list[str]:
    """Spaces of enemy merchants the pirate of the seat at turn can raid now (or from `at`)."""
    seat = table.turn.seat
    me = table.captains[seat]
    here = at or me.pirate
    if here is None or len(me.loot) >= powers.pirate_hold(house, me):
        return []
    if not can_act(house, table, "pirate", "raid"):
        return []
    near = house.map.neighbours.get(here, ())
    return [
        c.merchant
        for s, c in enumerate(table.captains)
        if s != seat
        and c.merchant is not None
        and c.cargo
        and c.merchant in near
        and not escorted(house, table, s)
    ]


def sink_targets(house: House, table: PublicBoard, ship: str, at: str | None = None) -> list[str]:
    """Spaces of enemy pirates `ship` (a navy ship, or an Armed Merchant) can sink now (or
    from `at`)."""
    seat = table.turn.seat
    me = table.captains[seat]
    if ship == "merchant":
        if me.merchant is None or not powers.has(house, me, "armed_merchant"):
            return []
        here: str | None = at or me.merchant
    else:
        here = at or table.navy.get(ship)
    if here is None or not can_act(house, table, ship, "sink"):
        return []
    near = house.map.neighbours.get(here, ())
    return [
        c.pirate
        for s, c in enumerate(table.captains)
        if s != seat
        and c.pirate is not None
        and c.pirate in near
        and not (ship in NAVIES and powers.has(house, c, "letter_of_marque"))
    ]


def bury_value(house: House, table: PublicBoard, at: str | None = None) -> int | None:
    """What burying the pirate's treasure here (or on `at`) would pay now (None: it can't)."""
    me = table.captains[table.turn.seat]
    here = at or me.pirate
    if here is None or not me.loot or here not in house.map.beaches:
        return None
    if not can_act(house, table, "pirate", "bury"):
        return None
    each = house.map.beaches[here]
    return (
        each * len(me.loot)
        + powers.effect(table.turn, "treasure_map")
        + powers.total(house, me, "treasure_hunter")
    )


def pirate_sale(
    house: House, table: PublicBoard, at: str | None = None
) -> tuple[tuple[str, ...], int] | None:
    """Pirate Code: the treasure the pirate could sell at this dock (or on `at`), and for
    how much."""
    me = table.captains[table.turn.seat]
    here = at or me.pirate
    if here is None or not me.loot or not powers.has(house, me, "pirate_code"):
        return None
    port = house.map.port_of_dock.get(here)
    if port is None or not can_act(house, table, "pirate", "sell"):
        return None
    sold = tuple(cube for cube in me.loot if cube in port.buys)
    if not sold:
        return None
    monopoly = powers.total(house, me, "trade_monopoly")
    gain = sum(port.buys[c] + monopoly for c in sold)
    return sold, gain


def ship_actions(house: House, table: PublicBoard, helm: Helm | None = None) -> list[Action]:
    """Every ship action open to the seat at turn right now (`helm`: the table's ships already
    looked up)."""
    out: list[Action] = []
    low = house.map.lower
    me = table.captains[table.turn.seat]
    have = helm.powers if helm is not None else powers.sums(house, me)
    # What rules each action out at a glance is asked first: most turns offer few of them.
    if (
        me.merchant in house.map.port_of_dock
        and can_act(house, table, "merchant", "trade")
        and sale(house, table) is not None
    ):
        out.append(TRADE)
    if "armed_merchant" in have:
        out += [
            action_of("attack", "merchant", low[s]) for s in sink_targets(house, table, "merchant")
        ]
    if me.pirate is not None:
        out += [action_of("attack", "pirate", low[s]) for s in raid_targets(house, table)]
    if me.loot:
        if bury_value(house, table) is not None:
            out.append(BURY)
        if pirate_sale(house, table) is not None:
            out.append(SELL)
    navies = helm.navies if helm is not None else controlled_navies(house, table)
    for navy in NAVIES:
        if navy in navies:
            out += [action_of("attack", navy, low[s]) for s in sink_targets(house, table, navy)]
    return out


TRADE, BURY, SELL = action_of("trade"), action_of("bury"), action_of("sell")


Offer = tuple[tuple[str, ...], str]
"""A word offered on each of some spaces (``trade`` on a port's docks)."""
OFFERS_KNOWN = 4096
"""How many sets of offers are kept laid out by space (`SeaMap.offers`) before starting over."""


def follow_ups(house: House, table: PublicBoard, ship: str, space: str) -> list[str]:
    """The actions `ship` could make right after moving to `space`, as the last word of a
    ``move`` (``trade``, ``bury``, ``sell``, ``attack:g7``): a move and its action in one
    choice (RULES §5.5)."""
    return follow_up_map(house, table, ship).get(space, [])


def follow_up_map(house: House, table: PublicBoard, ship: str) -> dict[str, list[str]]:
    """`follow_ups` for every space at once, by space: found from the targets (the docks
    that buy the cargo, the spaces next to a merchant to raid …) rather than space by space,
    since a turn's choices ask it of every place a ship can reach. (A shared value: never
    change it.)"""
    sea = house.map
    seat = table.turn.seat
    me = table.captains[seat]
    offers: list[Offer] = []
    if ship == "merchant":
        if can_act(house, table, "merchant", "trade"):
            cargo = me.cargo
            supply = table.supply
            for port in sea.ports:
                # A cargo is one colour (Ruling §7.1); an empty merchant loads where cubes are.
                if (cargo or supply.get(port.goods, 0)) and _buys(house, table, port, cargo):
                    offers.append((port.docks, "trade"))
        if powers.has(house, me, "armed_merchant") and can_act(house, table, "merchant", "sink"):
            _attacks(house, table, ship, offers)
    elif ship == "pirate":
        if can_act(house, table, "pirate", "raid") and len(me.loot) < powers.pirate_hold(house, me):
            for s, c in enumerate(table.captains):
                if s == seat or c.merchant is None or not c.cargo or escorted(house, table, s):
                    continue
                offers.append((sea.neighbours[c.merchant], sea.attack_word[c.merchant]))
        if me.loot and can_act(house, table, "pirate", "bury"):
            offers.append((sea.beach_spaces, "bury"))
        if (
            me.loot
            and powers.has(house, me, "pirate_code")
            and can_act(house, table, "pirate", "sell")
        ):
            for port in sea.ports:
                if any(cube in port.buys for cube in me.loot):
                    offers.append((port.docks, "sell"))
    elif ship in NAVIES and can_act(house, table, ship, "sink"):
        _attacks(house, table, ship, offers)
    return _by_space(sea, tuple(offers))


def _by_space(sea: SeaMap, offers: tuple[Offer, ...]) -> dict[str, list[str]]:
    """The offers laid out by space, each space's words in reading order: made once for each
    set of offers (the same targets stand through most of a turn)."""
    known = sea.offers
    found = known.get(offers)
    if found is None:
        found = {}
        for spaces, word in offers:
            for space in spaces:
                words = found.get(space)
                if words is None:
                    found[space] = [word]
                else:
                    words.append(word)
        _in_order(found)
        if len(known) >= OFFERS_KNOWN:
            known.clear()
        known[offers] = found
    return found


def _buys(house: House, table: PublicBoard, port: Port, cargo: Sequence[str]) -> bool:
    """Whether `port` would take this cargo (an empty merchant loads anywhere, §7.1)."""
    return not cargo or price(house, table, port, cargo[0]) is not None


def _attacks(house: House, table: PublicBoard, ship: str, offers: list[Offer]) -> None:
    """The spaces next to each enemy pirate `ship` may sink (Letter of Marque keeps off the
    navy, §11)."""
    seat = table.turn.seat
    sea = house.map
    for s, c in enumerate(table.captains):
        if s == seat or c.pirate is None:
            continue
        if ship in NAVIES and powers.has(house, c, "letter_of_marque"):
            continue
        offers.append((sea.neighbours[c.pirate], sea.attack_word[c.pirate]))


def _in_order(found: dict[str, list[str]]) -> dict[str, list[str]]:
    """Each space's actions in the order a player reads them: trade, attacks (by the target's
    space), bury, sell."""
    for words in found.values():
        if len(words) > 1:
            words.sort(key=_reading_order)
    return found


_RANK = {"trade": 0, "bury": 2, "sell": 3}


def _reading_order(word: str) -> tuple[int, str]:
    return _RANK.get(word, 1), word


def follow_up(ship: str, word: str) -> Action:
    """The ship action a ``move``'s last word names (``attack:g7`` → ``attack pirate g7``)."""
    verb, _, space = word.partition(":")
    return action_of(verb, ship, space) if space else action_of(verb)


def _done(w: Work, ship: str, kind: str) -> None:
    turn = w.state.turn
    done = turn.ship(ship)
    me = w.state.captains[turn.seat]
    if ship in NAVIES:
        if len(done.acts) >= powers.at_least(w.house, me, "master_gunner", 1):
            turn.effects["broadside"] = powers.effect(turn, "broadside") - 1
        if powers.has(w.house, me, "admiralty_friend"):
            turn.navy_choice = turn.navy_choice or ship
    turn.ships[ship] = done.acting(kind)


def trade(w: Work) -> None:
    state, house = w.state, w.house
    deal = sale(house, state)
    assert deal is not None
    seat = state.turn.seat
    me = w.player(seat)
    for cube in me.cargo:
        state.supply[cube] += 1
    port = house.map.port_of_dock[me.merchant or ""]
    state.supply[port.goods] -= deal.load
    me.cargo = [port.goods] * deal.load
    me.doubloons += deal.gain
    _done(w, "merchant", "trade")
    w.emit(
        "trade",
        seat,
        space=me.merchant,
        port=port.code,
        sold=list(deal.sold),
        gain=deal.gain,
        loaded=port.goods,
        load=deal.load,
    )


def raid(w: Work, space: str) -> None:
    """RULES §7.2: take one cube from an adjacent enemy merchant; an emptied one sinks."""
    state, house = w.state, w.house
    seat = state.turn.seat
    me = w.player(seat)
    victim = next(s for s, c in enumerate(state.captains) if c.merchant == space)
    other = w.player(victim)
    cube = other.cargo.pop()
    me.loot.append(cube)
    gain = powers.effect(state.turn, "plunder") or powers.RAID_REWARD
    me.doubloons += gain
    sunk = not other.cargo
    if sunk:
        other.merchant = None
    insured = powers.total(house, other, "insurance")
    if insured:
        insured += powers.bonus(house, other, "insurance") if sunk else 0
        other.doubloons += insured
    _done(w, "pirate", "raid")
    w.emit(
        "raid",
        seat,
        space=space,
        victim=victim,
        cube=cube,
        gain=gain,
        sunk=sunk,
        insured=insured,
    )


def sink(w: Work, ship: str, space: str) -> None:
    """RULES §7.4: sink an adjacent enemy pirate; its treasure goes home."""
    state, house = w.state, w.house
    seat = state.turn.seat
    me = w.player(seat)
    victim = next(s for s, c in enumerate(state.captains) if c.pirate == space)
    other = w.player(victim)
    lost = list(other.loot)
    for cube in lost:
        state.supply[cube] += 1
    other.loot = []
    other.pirate = None
    if ship == "merchant":
        gain = powers.total(house, me, "armed_merchant")
    else:
        gain = powers.SINK_REWARD + powers.total(house, me, "bounty_hunter")
    me.doubloons += gain
    _done(w, ship, "sink")
    w.emit("sink", seat, ship=ship, space=space, victim=victim, lost=lost, gain=gain)
    favour = powers.total(house, me, "admirals_favour")
    if favour:
        draw(w, seat, "fortune", favour)


def bury(w: Work) -> None:
    """RULES §7.3: bury the pirate's treasure on the beach it is on."""
    state = w.state
    gain = bury_value(w.house, state)
    assert gain is not None
    seat = state.turn.seat
    me = w.player(seat)
    space = me.pirate or ""
    cubes = list(me.loot)
    for cube in cubes:
        state.supply[cube] += 1
    me.loot = []
    me.doubloons += gain
    state.buried[space] = state.buried.get(space, 0) + len(cubes)
    _done(w, "pirate", "bury")
    w.emit("bury", seat, space=space, cubes=cubes, gain=gain)


def sell(w: Work) -> None:
    """Pirate Code: the pirate sells its treasure at the dock it is on."""
    state = w.state
    deal = pirate_sale(w.house, state)
    assert deal is not None
    sold, gain = deal
    seat = state.turn.seat
    me = w.player(seat)
    for cube in sold:
        me.loot.remove(cube)
        state.supply[cube] += 1
    me.doubloons += gain
    port = w.house.map.port_of_dock[me.pirate or ""]
    _done(w, "pirate", "sell")
    w.emit("sell", seat, space=me.pirate, port=port.code, cubes=list(sold), gain=gain)
