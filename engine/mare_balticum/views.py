"""What a seat may know (RULES §13.4), and states it could not tell apart.

Public: the sea and its tokens, every boat and cargo (face up), how many tokens each warehouse
holds, the demands, the time track, what the bag still holds (but not the order it gives them
in), which market spaces hold a company token and who has played the safe. Secret until the
game ends: which tokens lie face down in another player's warehouse (the table saw them go
in; remembering them is the player's business), the value of each face-down multiplier, and
which contract a player holds. Secret until the reveal: the company token a player has just
chosen.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from engine.core.chance import roll, shuffle
from engine.core.events import Event
from engine.mare_balticum.board import SAFE, Board
from engine.mare_balticum.flow import company_actions, company_tokens
from engine.mare_balticum.state import MareState, Options, Phase, Player, Sub
from engine.mare_balticum.turn import parse_parts, unload_plan

HIDDEN_SEED = ""


class PlayerView(NamedTuple):
    """What a reader may know of one player. (Views are named tuples: an AI seat builds one
    for every decision, and a tuple is built several times faster than a frozen class.)"""

    boats: tuple[str, ...]
    reserve: int
    cargo: tuple[str, ...]
    warehouse: tuple[tuple[str, int], ...] | None
    """Tokens by kind, in map order, kinds held only; None for another player's warehouse,
    whose tokens lie face down (RULES §6.2) until the end."""
    stored: int
    """How many tokens the warehouse holds (public)."""
    market: tuple[tuple[str, int | None], ...]
    """Species with a company token on their market space: its value, or None face down."""
    safe: bool
    company_left: int
    """Company tokens not revealed yet (a face-down choice counts until the reveal)."""
    hand: tuple[str, ...] | None
    """The player's own unplayed tokens; None for anyone else."""
    owes: bool
    """Must still choose a company token at this clock."""
    chosen: bool
    """Has chosen, face down, at this clock."""
    choice: str | None
    """The reader's own face-down choice (``x3:salmon``, ``safe``)."""
    discards: int
    has_contract: bool
    contract: str | None
    """The reader's own contract (everyone's once the game is over)."""


class MareView(NamedTuple):
    """What a seat (None: the public table) may know of the game; a copy."""

    seat: int | None
    board: Board
    options: Options
    phase: Phase
    round: int
    turn: int
    start_seat: int
    active: int
    """Whose turn it is (or who puts a starting boat down)."""
    actions: int
    sub: Sub | None
    """The reader's own half-made action."""
    tokens: tuple[tuple[str, tuple[str, ...]], ...]
    bag: tuple[tuple[str, int], ...]
    """What the bag holds by kind (clocks included): public, since every token out of it
    went on the sea face up."""
    clocks: int
    final_round: int
    demands: tuple[tuple[str, tuple[str, ...]], ...]
    demand_stock: tuple[tuple[str, int], ...]
    deck_size: int
    deck: tuple[str, ...] | None
    """The contract cards, only while the reader is looking through them to take one."""
    log: tuple[Event, ...]
    reveal: tuple[str, ...]
    players: tuple[PlayerView, ...]
    over: bool

    def me(self) -> PlayerView | None:
        return self.players[self.seat] if self.seat is not None else None

    def space_tokens(self, space: str) -> tuple[str, ...]:
        return dict(self.tokens).get(space, ())


def unload_preview(
    view: MareView, seat: int, port: str, chosen: str = ""
) -> tuple[dict[str, int], dict[str, int]]:
    """What an unload by `seat` at `port` would store and lose (RULES §6, §11.3); `chosen`:
    the fish asked for (``cod+salmon:2``), "" for every fish the port takes."""
    demands = dict(view.demands)
    cargo = view.players[seat].cargo
    only = parse_parts(chosen) if chosen else None
    return unload_plan(view.board, demands, view.options.demand_management, cargo, port, only)


def make_view(board: Board, state: MareState, seat: int | None) -> MareView:
    over = state.phase == "over"
    players = state.players
    reader = seat if seat is not None and 0 <= seat < len(players) else None
    sub = state.sub if reader is not None and state.seat == reader else None
    deck = tuple(state.deck) if sub is not None and sub.kind == "contract" else None
    tokens = state.tokens
    demands = state.demands
    bag = state.bag
    # Positional and in field order: a view is made for every decision an AI seat takes.
    return MareView(
        reader,
        board,
        state.options,
        state.phase,
        state.round,
        state.turn,
        state.start_seat,
        state.seat,
        state.actions,
        sub,
        tuple(zip(tokens, map(tuple, tokens.values()), strict=True)),
        _bag_counts(board, bag),
        state.clocks,
        state.final_round,
        tuple(zip(demands, map(tuple, demands.values()), strict=True)),
        tuple(state.demand_stock.items()),
        len(state.deck),
        deck,
        tuple(map(_public_event, state.log)),
        tuple(state.reveal),
        tuple([_player_view(board, p, s == reader, over) for s, p in enumerate(players)]),
        over,
    )


def _bag_counts(board: Board, bag: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """What the bag holds by kind. The bag is kept sorted (`flow.new_state` sorts it, a
    draw only takes one out), so each kind is one run, found by halving."""
    out = []
    low = 0
    for kind in board.bag_kinds:
        high = bisect_right(bag, kind, low)
        if high > low:
            out.append((kind, high - low))
        low = high
    return tuple(out)


def _public_event(data: Mapping[str, Any]) -> Event:
    """An event of the public step's log (`Work.emit` keeps only public ones there)."""
    return Event(data["kind"], data.get("seat"), data.get("data", {}))


def _player_view(board: Board, p: Player, own: bool, over: bool) -> PlayerView:
    held = p.warehouse
    market = p.market
    choice = p.choice
    if own or over:
        warehouse: tuple[tuple[str, int], ...] | None = tuple(
            [(k, held[k]) for k in board.kinds if held.get(k)]
        )
        values: tuple[tuple[str, int | None], ...] = tuple(
            [(s, market[s]) for s in board.species if s in market]
        )
        contract = p.contract or None
    else:
        warehouse = None
        values = tuple([(s, None) for s in board.species if s in market]) if market else ()
        contract = None
    return PlayerView(
        tuple(p.boats),
        p.reserve,
        tuple(p.cargo),
        warehouse,
        sum(held.values()),
        values,
        p.safe,
        len(p.hand) + bool(choice),
        tuple(p.hand) if own else None,
        p.owes and not choice,
        bool(choice),
        choice if own else None,
        p.discards,
        bool(p.contract),
        contract,
    )


def redeal(board: Board, state: MareState, seat: int | None, seed: str) -> MareState:
    """A state `seat` cannot tell apart from `state`: the seed (so the bag's order), the
    values under other players' face-down multipliers, their unrevealed choices, the
    contracts they hold and the face-down tokens in their warehouses are drawn again."""
    new = state.clone()
    new.seed = seed
    if state.phase == "over":
        return new
    for other in range(len(state.players)):
        if other != seat:
            new.players[other] = _redeal_company(board, state.players[other], seed, other)
    _redeal_contracts(board, new, seat, seed)
    _redeal_warehouses(board, new, seat, seed)
    return new


def _redeal_warehouses(board: Board, state: MareState, seat: int | None, seed: str) -> None:
    """The other players' face-down warehouse tokens, mixed among them: each keeps how many
    it holds (public), and together they hold what they held (the bag's mix stays true)."""
    others = [s for s in range(len(state.players)) if s != seat]
    pool = [k for s in others for k, n in state.players[s].warehouse.items() for _ in range(n)]
    mixed = shuffle(seed, "redeal:warehouses", sorted(pool))
    for s in others:
        p = state.players[s]
        held: dict[str, int] = {}
        for _ in range(sum(p.warehouse.values())):
            kind = mixed.pop()
            held[kind] = held.get(kind, 0) + 1
        state.players[s] = replace(p.clone(), warehouse=held)


def _redeal_company(board: Board, p: Player, seed: str, seat: int) -> Player:
    """Other values under the same occupied market spaces; another choice as legal."""
    q = p.clone()
    all_tokens = company_tokens(board)
    multipliers = shuffle(seed, f"redeal:{seat}", [t for t in all_tokens if t != SAFE])
    q.market = {s: int(multipliers.pop()[1:]) for s in board.species if s in p.market}
    left = [*multipliers, *([] if p.safe else [SAFE])]
    q.hand = sorted(left, key=all_tokens.index)
    if p.choice:
        q.choice = ""
        legal = company_actions(board, q)
        pick = legal[roll(seed, f"redeal:choice:{seat}", range(len(legal)))[0]]
        q.hand.remove(pick.args[0])
        q.choice = pick.args[0] if pick.args[0] == SAFE else f"{pick.args[0]}:{pick.args[1]}"
    return q


def _redeal_contracts(board: Board, state: MareState, seat: int | None, seed: str) -> None:
    holders = [s for s, p in enumerate(state.players) if p.contract and s != seat]
    looking = seat is not None and state.sub is not None and state.sub.kind == "contract"
    looking = looking and state.seat == seat
    cards = [state.players[s].contract for s in holders]
    if not looking:
        # The reader has not seen the deck now: its cards and the others' mix freely.
        cards += state.deck
    mixed = shuffle(seed, "redeal:contracts", sorted(cards))
    for s in holders:
        state.players[s] = replace(state.players[s].clone(), contract=mixed.pop())
    if not looking:
        state.deck = [c.id for c in board.contracts if c.id in mixed]
