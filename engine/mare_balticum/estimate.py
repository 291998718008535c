"""How good a position looks to its player, for the heuristic: points already in the
warehouse under the multipliers it expects, fish aboard discounted by how far their port is,
and what its boats sit on. Reads only what that player's view shows. Weights tuned by
simulation, not rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.mare_balticum.board import AMBER, SAFE, Board
from engine.mare_balticum.state import ACTIONS_PER_TURN, MareState, Player

CARGO_AT_PORT = 0.95
CARGO_PER_STEP = 0.08
CARGO_FLOOR = 0.35
UNDER_BOATS = 0.4
NEXT_DOOR = 0.08
FREE_SLOT = 0.05
CONTRACT_PROGRESS = 0.15
CARGO_TOKEN = 0.8
ENDGAME_CARGO = 0.97
"""Fish aboard near the end, deliverable in the actions left: nearly as good as delivered,
so that delivering now is still preferred."""


def holdings(
    board: Board, p: Player, tokens: Mapping[str, Sequence[str]] | None = None
) -> dict[str, float]:
    """Fish of each species a player has, those aboard counting a little less; fish on and
    next to the player's boats break ties (rather than the order species are listed in)."""
    h = {s: float(p.warehouse.get(s, 0)) for s in board.species}
    for f in p.cargo:
        h[f] += 0.7
    if tokens is not None:
        near = set(p.boats).union(*(board.neighbours[b] for b in p.boats))
        for space in near:
            for kind in tokens.get(space, ()):
                if kind in h:
                    h[kind] += 0.01
    return h


def expected_multipliers(
    board: Board, p: Player, tokens: Mapping[str, Sequence[str]] | None = None
) -> dict[str, float]:
    """Placed multipliers as they are; the others as the player would likely place them (the
    highest on the species held most), blended with their average for the doubt."""
    m = {s: float(v) for s, v in p.market.items()}
    token, _, species = p.choice.partition(":")
    if species:
        m[species] = float(token[1:])
    left = sorted((int(t[1:]) for t in p.hand if t != SAFE), reverse=True)
    free = [s for s in board.species if s not in m]
    if not free:
        return m
    mean = sum(left) / len(left) if left else 0.0
    h = holdings(board, p, tokens)
    for rank, s in enumerate(sorted(free, key=lambda s: -h[s])):
        planned = left[rank] if rank < len(left) else 0
        m[s] = planned if len(free) == 1 else 0.5 * planned + 0.5 * mean
    return m


def token_values(board: Board, p: Player, m: dict[str, float]) -> list[float]:
    """What each token a player holds is worth (for the safe's cost): a fish aboard nearly
    what it will be worth delivered."""
    out = [CARGO_TOKEN * m[f] for f in p.cargo]
    for kind, n in p.warehouse.items():
        out += [1.0 if kind == AMBER else m[kind]] * n
    return out


def actions_left(state: MareState, seat: int) -> int | None:
    """Actions the player still has before the end; None while the last clock is in the bag."""
    if not state.final_round:
        return None
    n = len(state.players)
    mine = (seat - state.start_seat) % n
    now = (state.seat - state.start_seat) % n
    turns = state.final_round - state.round + (1 if mine > now else 0)
    current = state.actions if state.seat == seat and state.phase == "turn" else 0
    return max(0, turns) * ACTIONS_PER_TURN + current


def stored_at(board: Board, state: MareState, p: Player, port: str, species: str) -> int:
    """How many of the player's fish of `species` aboard an unload at `port` would put in
    the warehouse: all of them where the port takes the species on a "0" space (or could
    open it there), one fewer on a −1 space (RULES §11.3), none where it takes none."""
    n = p.cargo.count(species)
    if not n:
        return 0
    managed = state.options.demand_management
    demands = state.demands[port]
    symbols = board.by_code[port].demand
    if species in demands:
        minus = managed and symbols[demands.index(species)] == "-1"
        return n - 1 if minus else n
    if not managed or state.demand_stock.get(species, 0) <= 0:
        return 0
    free = [symbols[i] for i, d in enumerate(demands) if not d]
    if "0" in free:
        return n
    return n - 1 if free and n >= 2 else 0


def _steps(board: Board, boats: Sequence[str], port: str) -> int:
    """Sails before a boat of the fleet is on `port` (each sail brings the fleet a space
    nearer: a boat may jump to the front of the group)."""
    dist = board.distances
    return min(dist[b][port] for b in boats)


def cargo_value(
    board: Board, state: MareState, p: Player, m: Mapping[str, float], budget: int | None
) -> float:
    """What the fish aboard are worth: each species at the port that stores most of it,
    discounted by the sails to get there. Once the end is in sight (`budget`: the actions
    left), only what the fleet can still deliver counts, one or two unloads' worth, nearly
    in full: a fish aboard at the end scores nothing (RULES §10.1)."""
    if not p.cargo or not p.boats:
        return 0.0
    kinds = sorted(set(p.cargo))  # a fixed order: float sums must not follow the hash seed
    by_port = {
        port: {s: stored_at(board, state, p, port, s) * m[s] for s in kinds} for port in board.ports
    }
    steps = {port: _steps(board, p.boats, port) for port in board.ports}
    if budget is None:
        total = 0.0
        for s in kinds:
            total += max(
                by_port[port][s] * max(CARGO_FLOOR, CARGO_AT_PORT - CARGO_PER_STEP * steps[port])
                for port in board.ports
            )
        return total
    best = 0.0
    dist = board.distances
    for first in board.ports:
        cost = steps[first] + 1
        if cost > budget:
            continue
        here = sum(by_port[first].values())
        best = max(best, here)
        for second in board.ports:
            if second == first:
                continue
            more = cost + min(steps[second], dist[first][second]) + 1
            if more <= budget:
                rest = sum(v for s, v in by_port[second].items() if not by_port[first][s])
                best = max(best, here + rest)
    return ENDGAME_CARGO * best


def value(board: Board, state: MareState, seat: int) -> float:
    p = state.players[seat]
    m = expected_multipliers(board, p, state.tokens)
    score = _warehouse_points(board, p, m)
    if state.phase == "over":
        return score
    budget = actions_left(state, seat)
    score += cargo_value(board, state, p, m, budget)
    room = board.cargo_slots - len(p.cargo)
    if budget is None or budget > 0:
        # A fish caught with fewer than three actions left can no longer reach a warehouse.
        fish_room = room if budget is None or budget >= 3 else 0
        score += UNDER_BOATS * _best(board, state, p.boats, m, fish_room, 3)
        frontier = {n for b in p.boats for n in board.neighbours[b]} - set(p.boats)
        score += NEXT_DOOR * _best(board, state, frontier, m, fish_room, 3)
    return score + FREE_SLOT * room


def _best(
    board: Board, state: MareState, spaces: Iterable[str], m: dict[str, float], room: int, n: int
) -> float:
    """The worth of the `n` best tokens on `spaces`, fish only as far as the cargo has room."""
    fish: list[float] = []
    amber = 0.0
    for space in spaces:
        for kind in state.tokens.get(space, ()):
            if kind == AMBER:
                amber += 1.0
            else:
                fish.append(0.7 * m[kind])
    fish = sorted(fish, reverse=True)[:room]
    return sum(sorted([*fish, *([1.0] * int(amber))], reverse=True)[:n])


def _warehouse_points(board: Board, p: Player, m: dict[str, float]) -> float:
    """Warehouse points under the expected multipliers, with a held contract filled as well as
    it can be, and a little for the next set under way."""
    plain = sum(p.warehouse.get(s, 0) * m[s] for s in board.species) + p.warehouse.get(AMBER, 0)
    if not p.contract:
        return plain
    card = board.contract(p.contract)
    best = plain
    sets = 0
    while all(p.warehouse.get(k, 0) >= n * (sets + 1) for k, n in card.tokens.items()):
        sets += 1
        left = {k: p.warehouse.get(k, 0) - card.tokens.get(k, 0) * sets for k in board.kinds}
        points = sum(left[s] * m[s] for s in board.species) + left[AMBER]
        best = max(best, points + sets * board.contract_points)
    have = sum(min(max(0, p.warehouse.get(k, 0) - n * sets), n) for k, n in card.tokens.items())
    return best + CONTRACT_PROGRESS * board.contract_points * (have / card.size) ** 2
