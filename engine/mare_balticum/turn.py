"""A turn's actions (RULES §3–§6, §11, §12, §13.2): what the active player may do, and what it
does. An action that needs a second choice (which boat, then where) opens a `Sub`; the turn's
action is spent when the compound action is complete."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from itertools import combinations

from engine.core.actions import Action
from engine.mare_balticum.board import AMBER, Board
from engine.mare_balticum.fleet import can_sail, launch_targets, mask, sail_bits, sail_targets
from engine.mare_balticum.state import MareState, Player, Sub
from engine.mare_balticum.work import Work


def ordered(board: Board, kinds: Iterable[str]) -> list[str]:
    """The distinct token kinds among `kinds`, species first in map order, amber last."""
    present = set(kinds)
    return [k for k in board.kinds if k in present]


def in_table_order(board: Board, spaces: Iterable[str]) -> list[str]:
    return sorted(spaces, key=board.table_index.__getitem__)


_ACTIONS: dict[tuple[str, ...], Action] = {}
"""Actions are values: the ones a game offers again and again are made once (AI seats and
simulations list them for every decision)."""


def _action(verb: str, *args: str) -> Action:
    key = (verb, *args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(verb, args)
    return found


# --- what an unload does --------------------------------------------------------------------

Parts = Mapping[str, int | None]
"""The fish an unload is asked to move, by species: how many (None: every one aboard)."""


def parse_parts(text: str) -> dict[str, int | None]:
    """``cod+salmon:2`` → every cod aboard and two salmon (the action's text, RULES §6.2).

    >>> parse_parts("cod+salmon:2")
    {'cod': None, 'salmon': 2}
    """
    out: dict[str, int | None] = {}
    for part in text.split("+"):
        species, _, n = part.partition(":")
        out[species] = int(n) if n else None
    return out


def _count(cargo: Sequence[str], species: str, only: Parts | None) -> int:
    """How many fish of `species` an unload asked for `only` these would take off."""
    n = cargo.count(species)
    if only is None:
        return n
    if species not in only:
        return 0
    want = only[species]
    return n if want is None else min(n, want)


def unload_plan(
    board: Board,
    demands: Mapping[str, Sequence[str]],
    managed: bool,
    cargo: Sequence[str],
    port: str,
    only: Parts | None = None,
) -> tuple[dict[str, int], dict[str, int]]:
    """RULES §6, §11.3: the fish an unload at `port` moves to the warehouse, and the fish a −1
    space throws away (`managed`: optional rule 1 is on), by species; `only`: the fish the
    player chose to unload (None: every fish the port takes). A lone fish of a species
    demanded on a −1 space stays aboard (Ruling §11.3: unloading it would only throw it
    away)."""
    stored: dict[str, int] = {}
    lost: dict[str, int] = {}
    symbols = board.by_code[port].demand
    for slot, species in enumerate(demands[port]):
        n = _count(cargo, species, only) if species else 0
        if not n:
            continue
        if managed and symbols[slot] == "-1":
            if n == 1:
                continue
            stored[species] = n - 1
            lost[species] = 1
        else:
            stored[species] = n
    return stored, lost


def _plan(
    board: Board, state: MareState, p: Player, port: str, only: Parts | None = None
) -> dict[str, int]:
    """What an unload by `p` at `port` would store."""
    managed = state.options.demand_management
    return unload_plan(board, state.demands, managed, p.cargo, port, only)[0]


def openings(
    board: Board, state: MareState, p: Player, port: str, only: Parts | None = None
) -> list[tuple[str, int]]:
    """RULES §11.2: (species, round space) pairs where this unload may open a demand."""
    if not state.options.demand_management:
        return []
    demands = state.demands[port]
    symbols = board.by_code[port].demand
    free = [i for i, s in enumerate(demands) if not s]
    out = []
    for species in board.species:
        n = _count(p.cargo, species, only)
        if not n or species in demands or state.demand_stock.get(species, 0) <= 0:
            continue
        out += [(species, i) for i in free if symbols[i] != "-1" or n >= 2]
    return out


def deliverable(board: Board, state: MareState, p: Player, port: str) -> list[str]:
    """The species aboard that an unload at `port` could move into the warehouse: demanded
    there (enough of them, on a −1 space), or able to open a demand there."""
    stored = _plan(board, state, p, port)
    opening = {species for species, _ in openings(board, state, p, port)}
    return [s for s in board.species if s in stored or s in opening]


def unload_allowed(board: Board, state: MareState, p: Player, port: str, text: str) -> bool:
    """Whether ``unload <port> <text>`` may be played: every species named is aboard (as many
    as asked), the port takes it or can open its demand, and something gets stored (RULES
    §6.2: any number of the demanded fish)."""
    only = parse_parts(text)
    if len(only) != len(text.split("+")):
        return False  # a species named twice
    kinds = set(deliverable(board, state, p, port))
    for species, n in only.items():
        if species not in kinds or (n is not None and p.cargo.count(species) < n):
            return False
        if not _plan(board, state, p, port, {species: n}) and not openings(
            board, state, p, port, {species: n}
        ):
            return False  # one fish of a −1 species: it would only be thrown away
    return True


def _parts_of(sub: Sub | None) -> Parts | None:
    return parse_parts(sub.only) if sub is not None and sub.only else None


# --- what is legal ----------------------------------------------------------------------------


def turn_actions(board: Board, state: MareState, seat: int) -> list[Action]:
    p = state.players[seat]
    sub = state.sub
    if sub is None:
        return _top_actions(board, state, p)
    lower = board.lower
    if sub.kind == "sail":
        targets = sail_targets(board, p.boats, sub.space)
        return [*(_action("to", lower[s]) for s in targets), _action("back")]
    if sub.kind == "launch":
        return [_action("place", lower[s]) for s in launch_targets(board, p.boats)]
    if sub.kind == "unload":
        only = _parts_of(sub)
        out = [
            Action("open", (sp, str(i + 1))) for sp, i in openings(board, state, p, sub.space, only)
        ]
        if _plan(board, state, p, sub.space, only):
            out.append(Action("done"))
        if sub.done == 0:
            out.append(Action("back"))
        return out
    # RULES §12.2: looking through the deck is the action; there is no going back from it.
    return [Action("take", (c,)) for c in state.deck]


def permits(board: Board, state: MareState, seat: int, action: Action) -> bool:
    """Whether the active player may play `action` now: the same answer as looking it up in
    `turn_actions` (or, for an unload of fewer fish, `unload_allowed`), found by checking only
    what the action's verb needs."""
    p = state.players[seat]
    if state.sub is not None:
        return action in turn_actions(board, state, seat)
    verb, args = action.verb, action.args
    if verb == "contract":
        return not args and state.options.contracts and bool(state.deck)
    if verb == "overboard":
        return len(args) == 1 and args[0] in p.cargo
    space = board.code(args[0]) if args else None
    if space is None or len(args) > 2:
        return False
    if verb == "launch":
        return len(args) == 1 and bool(p.reserve) and space in launch_targets(board, p.boats)
    if space not in p.boats:
        return False
    if verb == "fish":
        kind = args[1] if len(args) == 2 else ""
        room = kind == AMBER or len(p.cargo) < board.cargo_slots
        return room and kind in state.tokens.get(space, ())
    if verb == "sail":
        return len(args) == 1 and not p.reserve and can_sail(board, p.boats, space)
    if verb == "unload" and board.by_code[space].kind == "port":
        if len(args) == 2:
            return unload_allowed(board, state, p, space, args[1])
        return bool(_plan(board, state, p, space) or openings(board, state, p, space))
    return False


def _top_actions(board: Board, state: MareState, p: Player) -> list[Action]:
    out: list[Action] = []
    boats = in_table_order(board, p.boats)
    lower = board.lower
    room = len(p.cargo) < board.cargo_slots
    tokens = state.tokens
    for space in boats:
        here = tokens.get(space)
        if here:
            for kind in ordered(board, here) if len(here) > 1 else here:
                if room or kind == AMBER:
                    out.append(_action("fish", lower[space], kind))
    for port in boats:
        if board.by_code[port].kind != "port":
            continue
        if _plan(board, state, p, port) or openings(board, state, p, port):
            out.append(_action("unload", lower[port]))
        # RULES §6.2: any number of the demanded fish: offered species by species, then fewer
        # fish of one species, the rest staying aboard (what a −1 space may make worth it,
        # §11.3); any other mix is accepted as well.
        kinds = deliverable(board, state, p, port)
        for size in range(1, len(kinds)):
            out += [
                _action("unload", lower[port], "+".join(some)) for some in combinations(kinds, size)
            ]
        for species in kinds:
            for n in range(1, p.cargo.count(species)):
                fewer = {species: n}
                if _plan(board, state, p, port, fewer) or openings(board, state, p, port, fewer):
                    out.append(_action("unload", lower[port], f"{species}:{n}"))
    if p.reserve:
        out += [_action("launch", lower[s]) for s in launch_targets(board, p.boats)]
    else:
        fleet = mask(board, p.boats)
        bit = board.bit
        out += [_action("sail", lower[b]) for b in boats if sail_bits(board, fleet, bit[b])]
    if p.cargo:
        out += [_action("overboard", k) for k in ordered(board, p.cargo)]
    if state.options.contracts and state.deck:
        out.append(_action("contract"))
    return out


# --- what an action does --------------------------------------------------------------------


def do_turn_action(w: Work, seat: int, action: Action) -> bool:
    """Carry out a legal turn action; True when it spent one of the turn's actions."""
    verb, args = action.verb, action.args
    state, board = w.state, w.board
    if verb == "fish":
        _fish(w, seat, args[0].upper(), args[1])
        return True
    if verb == "overboard":
        w.player(seat).cargo.remove(args[0])
        w.emit("overboard", seat, kind=args[0])
        return False
    if verb == "sail":
        state.sub = Sub(kind="sail", space=args[0].upper())
        return False
    if verb == "to":
        assert state.sub is not None
        p = w.player(seat)
        origin, target = state.sub.space, args[0].upper()
        p.boats[p.boats.index(origin)] = target
        w.emit("sail", seat, origin=origin, to=target)
        return True
    if verb == "back":
        state.sub = None
        return False
    if verb in ("launch", "place"):
        p = w.player(seat)
        p.boats.append(args[0].upper())
        p.reserve -= 1
        w.emit("launch", seat, space=args[0].upper(), left=p.reserve)
        if p.reserve:
            done = state.sub.done + 1 if state.sub else 1
            state.sub = Sub(kind="launch", done=done)
            return False
        return True
    if verb == "unload":
        port = args[0].upper()
        chosen = args[1] if len(args) > 1 else ""
        asked: Parts | None = parse_parts(chosen) if chosen else None
        if openings(board, state, state.players[seat], port, asked):
            state.sub = Sub(kind="unload", space=port, only=chosen)
            return False
        _unload(w, seat, port, asked)
        return True
    if verb == "open":
        sub = state.sub
        assert sub is not None
        only = _parts_of(sub)
        _open(w, seat, sub.space, args[0], int(args[1]) - 1)
        if openings(board, state, state.players[seat], sub.space, only):
            state.sub = replace(sub, done=sub.done + 1)
            return False
        _unload(w, seat, sub.space, only)
        return True
    if verb == "done":
        assert state.sub is not None
        _unload(w, seat, state.sub.space, _parts_of(state.sub))
        return True
    if verb == "contract":
        state.sub = Sub(kind="contract")
        return False
    if verb == "take":
        _take_contract(w, seat, args[0])
        return True
    raise AssertionError(f"not a turn action: {action.text}")


def _fish(w: Work, seat: int, space: str, kind: str) -> None:
    """RULES §5: amber goes face down to the warehouse, a fish into a free cargo slot."""
    tokens = list(w.state.tokens[space])
    tokens.remove(kind)
    w.state.tokens[space] = tokens
    p = w.player(seat)
    if kind == AMBER:
        p.warehouse[kind] = p.warehouse.get(kind, 0) + 1
    else:
        p.cargo.append(kind)
    w.emit("fish", seat, space=space, kind=kind)


def _unload(w: Work, seat: int, port: str, only: Parts | None) -> None:
    """RULES §6: the demanded fish chosen (every one by default) go to the warehouse, face
    down."""
    state = w.state
    managed = state.options.demand_management
    cargo = state.players[seat].cargo
    stored, lost = unload_plan(w.board, state.demands, managed, cargo, port, only)
    p = w.player(seat)
    for species, n in stored.items():
        for _ in range(n + lost.get(species, 0)):
            p.cargo.remove(species)
        p.warehouse[species] = p.warehouse.get(species, 0) + n
    w.emit("unload", seat, port=port, stored=stored, lost=lost)


def _open(w: Work, seat: int, port: str, species: str, slot: int) -> None:
    """RULES §11.2: the unloading player puts the species' demand token on a free space."""
    demands = list(w.state.demands[port])
    demands[slot] = species
    w.state.demands[port] = demands
    w.state.demand_stock[species] -= 1
    symbol = w.board.by_code[port].demand[slot]
    w.emit("demand", seat, port=port, slot=slot + 1, species=species, symbol=symbol)


def _take_contract(w: Work, seat: int, card: str) -> None:
    """RULES §12.2: take a card face down; one already held goes back into the deck."""
    p = w.player(seat)
    returned = p.contract
    deck = [c for c in w.state.deck if c != card]
    if returned:
        deck.append(returned)
    w.state.deck = [c.id for c in w.board.contracts if c.id in deck]
    p.contract = card
    w.emit("contract", seat, swap=bool(returned))
    w.tell(seat, "contract_card", card=card, returned=returned)
