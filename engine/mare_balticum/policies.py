"""The greedy `heuristic` player: it serves default actions (a timeout, an absent player), AI
seats, simulations and benchmarks. It decides from a seat's view only: to look one action
ahead it fills in what the view hides with made-up values (others' multipliers, the bag's
order), which its estimate of its own position never reads. (The `random` player is the
core's `random_policy`.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.actions import Action
from engine.core.game import random_policy
from engine.core.search import SearchSettings
from engine.core.seats import Automatic
from engine.mare_balticum.board import AMBER, SAFE, Board
from engine.mare_balticum.estimate import (
    expected_multipliers,
    holdings,
    stored_at,
    token_values,
    value,
)
from engine.mare_balticum.rules import MareBalticum
from engine.mare_balticum.state import MareState, Player
from engine.mare_balticum.views import MareView

SAFE_CHEAP = 0.5
SAFE_DOUBT = 1.5
"""The safe pays when the two tokens it costs are worth less than what waiting with a
multiplier is worth: ``SAFE_CHEAP`` points, and up to ``SAFE_DOUBT`` more when the holdings
leave the next placement in doubt."""
SWAP_COST = 4.0
"""What trading a held contract for another costs beyond the action it takes (the sets
begun on the old card)."""
CROWD = 1.2
"""What each boat already on a port takes off its worth as a start (they fish the same sea)."""
BACK_AGAIN = 1.5
"""What sailing a boat back to where one of the fleet left this turn is marked down by: a
fleet that sails back and forth spends its actions for nothing."""


def heuristic_action(
    game: MareBalticum, view: MareView, seat: int, legal: Sequence[Action]
) -> Action:
    if len(legal) == 1:
        return legal[0]
    if legal[0].verb == "play":
        return _company(view, legal)
    if legal[0].verb == "discard":
        return _discard(view, legal)
    if legal[0].verb == "port":
        return _start_port(view, legal)
    if not view.options.demand_management:
        # RULES §6.2: fewer fish of a species than aboard only keeps some from the warehouse,
        # unless a −1 space (optional rule 1) takes one fish from every unload of it.
        legal = [a for a in legal if not (a.verb == "unload" and ":" in "".join(a.args))]
    state = assume_state(view)
    options = _full_cargo(game, view, state, seat, legal)
    if len(options) == 1:
        return options[0]
    best, best_value = options[0], float("-inf")
    for action in options:
        if action.verb == "back":
            continue  # going back and forth would never end a turn
        v = _outcome(game, state, seat, action) - _back_again(view, action)
        if v > best_value:
            best, best_value = action, v
    return best


def _full_cargo(
    game: MareBalticum, view: MareView, state: MareState, seat: int, legal: Sequence[Action]
) -> list[Action]:
    """With a full cargo a fleet must deliver, or the sea is never fished and no clock comes
    (a table of AI seats could sail for ever): it unloads (or fishes amber) where it can,
    else sails its nearest boat towards a port that takes some of its fish, else throws
    the least valuable fish overboard to fish again."""
    me = view.players[seat]
    board = view.board
    if len(me.cargo) < board.cargo_slots or view.phase != "turn":
        return list(legal)
    now = [a for a in legal if a.verb == "unload" or (a.verb == "fish" and a.args[1] == AMBER)]
    if now and view.sub is None:
        return now
    p = state.players[seat]
    targets = [
        port
        for port in board.ports
        if any(stored_at(board, state, p, port, s) for s in set(p.cargo))
    ]
    if targets and view.sub is None:
        sails = [a for a in legal if a.verb == "sail"]
        if sails:
            return [min(sails, key=lambda a: _nearest_after(game, state, seat, a, targets))]
    if targets and view.sub is not None and view.sub.kind == "sail":
        moves = [a for a in legal if a.verb == "to"]
        if moves:
            return [min(moves, key=lambda a: _fleet_distance(board, _sailed(p, view, a), targets))]
    if not targets and view.sub is None:
        m = expected_multipliers(board, p, state.tokens)
        overboard = [a for a in legal if a.verb == "overboard"]
        if overboard:
            return [min(overboard, key=lambda a: (m[a.args[0]], board.kinds.index(a.args[0])))]
    return list(legal)


def _sailed(p: Player, view: MareView, action: Action) -> list[str]:
    """The fleet after the boat being sailed goes where `action` says."""
    assert view.sub is not None
    boats = list(p.boats)
    boats[boats.index(view.sub.space)] = action.args[0].upper()
    return boats


def _fleet_distance(board: Board, boats: Sequence[str], ports: Sequence[str]) -> tuple[int, int]:
    dist = board.distances
    return min((dist[b][port], board.ports.index(port)) for b in boats for port in ports)


def _nearest_after(
    game: MareBalticum, state: MareState, seat: int, action: Action, ports: Sequence[str]
) -> tuple[int, int, int]:
    """How near the fleet can get to one of `ports` by sailing the boat `action` picks."""
    board = game.board_for(state)
    after, _ = game.play(state, seat, action, "turn")
    p = after.players[seat]
    best = min(
        _fleet_distance(
            board,
            [a.args[0].upper() if b == action.args[0].upper() else b for b in p.boats],
            ports,
        )
        for a in game.legal_actions(after, seat)
        if a.verb == "to"
    )
    return (*best, board.table_index[action.args[0].upper()])


def _back_again(view: MareView, action: Action) -> float:
    """`BACK_AGAIN` for sailing a boat to a space a boat of this fleet left this turn."""
    if action.verb != "to" or view.sub is None:
        return 0.0
    left = {e.data["origin"] for e in view.log if e.kind == "sail" and e.seat == view.seat}
    return BACK_AGAIN if action.args[0].upper() in left else 0.0


def _outcome(game: MareBalticum, state: MareState, seat: int, action: Action) -> float:
    """The estimated value after `action`, looking through a half-made action (which boat →
    where to) and a free one (overboard → the fish it makes room for)."""
    asks = game.asks(state, seat)
    assert asks is not None
    after, _ = game.play(state, seat, action, asks)
    board = game.board_for(after)
    if action.verb == "overboard":
        fish = [a for a in game.legal_actions(after, seat) if a.verb == "fish"]
        return max((_outcome(game, after, seat, a) for a in fish), default=float("-inf"))
    if after.sub is not None and after.seat == seat and after.phase == "turn":
        nexts = [a for a in game.legal_actions(after, seat) if a.verb != "back"]
        return max((_outcome(game, after, seat, a) for a in nexts), default=float("-inf"))
    score = value(board, after, seat)
    if action.verb == "take" and state.players[seat].contract:
        score -= SWAP_COST  # the progress on the old card goes, and so did an action
    return score


def _company(view: MareView, legal: Sequence[Action]) -> Action:
    """RULES §8: keep the safe for last unless two worthless tokens can pay for it now; place
    multipliers in the order of what is held, the surest placement first."""
    me = view.me()
    assert me is not None
    board = view.board
    player = _player_of(view)
    sea = dict(view.tokens)
    m = expected_multipliers(board, player, sea)
    safe = [a for a in legal if a.args[0] == SAFE]
    multipliers = [a for a in legal if a.args[0] != SAFE]
    if safe and not multipliers:
        return safe[0]
    h = holdings(board, player, sea)
    bag = dict(view.bag)
    for s in h:
        # On equal holdings, the species the bag still holds most of (never list order).
        h[s] += 0.001 * bag.get(s, 0)
    free = sorted((s for s in board.species if s not in player.market), key=lambda s: -h[s])
    tokens = sorted({int(a.args[0][1:]) for a in multipliers}, reverse=True)
    best, best_margin = multipliers[0], float("-inf")
    for rank, species in enumerate(free[: len(tokens)]):
        action = Action("play", (f"x{tokens[rank]}", species))
        if action not in multipliers:
            continue
        above = h[free[rank - 1]] - h[species] if rank else float("inf")
        below = h[species] - h[free[rank + 1]] if rank + 1 < len(free) else float("inf")
        # Surest first; on a tie, the lowest token (it does the least harm if wrong).
        margin = min(above, below) - 0.01 * tokens[rank]
        if margin > best_margin:
            best, best_margin = action, margin
    if safe:
        # The safe puts the next multiplier off to a later clock, when more is known.
        values = sorted(token_values(board, player, m))
        cost = sum(values[: board.safe_discard])
        doubt = 1.0 / (1.0 + max(0.0, best_margin))
        if cost <= SAFE_CHEAP + SAFE_DOUBT * doubt:
            return safe[0]
    return best


def _start_port(view: MareView, legal: Sequence[Action]) -> Action:
    """RULES §2.5: a port with tokens next door and demands for several species, where few
    boats already wait to fish the same spaces."""
    board = view.board
    sea = dict(view.tokens)

    def worth(a: Action) -> float:
        port = a.args[0].upper()
        tokens = [k for n in board.neighbours[port] for k in sea.get(n, ())]
        crowd = sum(port in p.boats for p in view.players)
        wanted = len({k for k in dict(view.demands)[port] if k})
        return len(tokens) + 0.3 * tokens.count(AMBER) + 0.5 * wanted - CROWD * crowd

    return max(legal, key=worth)


def _discard(view: MareView, legal: Sequence[Action]) -> Action:
    """RULES §8.4: throw away what is worth least."""
    board = view.board
    player = _player_of(view)
    m = expected_multipliers(board, player, dict(view.tokens))

    def worth(a: Action) -> float:
        place, kind = a.args
        base = 1.0 if kind == AMBER else m[kind]
        return base * (0.6 if place == "cargo" else 1.0)

    return min(legal, key=worth)


def _player_of(view: MareView) -> Player:
    me = view.me()
    assert me is not None
    return Player(
        boats=list(me.boats),
        reserve=me.reserve,
        cargo=list(me.cargo),
        warehouse=dict(me.warehouse or ()),
        market={s: v or 0 for s, v in me.market},
        hand=list(me.hand or ()),
        safe=me.safe,
        owes=me.owes or me.chosen,
        choice=me.choice or "",
        discards=me.discards,
        contract=me.contract or "",
    )


def assume_state(view: MareView) -> MareState:
    """A full state agreeing with `view`; what it hides is filled with made-up values."""
    board = view.board
    players = []
    for s, pv in enumerate(view.players):
        if s == view.seat:
            players.append(_player_of(view))
            continue
        players.append(
            Player(
                boats=list(pv.boats),
                reserve=pv.reserve,
                cargo=list(pv.cargo),
                # Face down: only how many (what the safe may take) is known.
                warehouse={AMBER: pv.stored} if pv.stored else {},
                market={sp: 0 for sp, _ in pv.market},
                safe=pv.safe,
                discards=pv.discards,
            )
        )
    return MareState(
        seed="",
        options=view.options,
        phase=view.phase,
        round=view.round,
        turn=view.turn,
        start_seat=view.start_seat,
        seat=view.active,
        actions=view.actions,
        sub=view.sub,
        tokens={s: list(t) for s, t in view.tokens},
        bag=sorted(k for k, n in view.bag for _ in range(n)),
        clocks=view.clocks,
        final_round=view.final_round,
        demands={p: list(d) for p, d in view.demands},
        demand_stock=dict(view.demand_stock),
        deck=list(view.deck) if view.deck is not None else _unknown_deck(board, view),
        reveal=list(view.reveal),
        players=players,
    )


def _unknown_deck(board: Board, view: MareView) -> list[str]:
    """Every card the reader does not hold, as if it might be in the deck."""
    me = view.me()
    own = me.contract if me else None
    if not view.deck_size:
        return []
    return [c.id for c in board.contracts if c.id != own]


def search_settings(game: MareBalticum) -> SearchSettings[MareState]:
    """How a strong seat searches (`engine.core.search`): playouts of about a round, valued
    as the heuristic values a position."""

    def estimate(state: MareState) -> list[float]:
        board = game.board_for(state)
        return [value(board, state, seat) for seat in range(len(state.players))]

    return SearchSettings(
        playouts=32, depth=12, candidates=6, estimate=estimate, win=8.0, never=frozenset({"back"})
    )


def automatic(game: MareBalticum) -> Automatic[MareState, MareView]:
    """The automatic players the registry binds to the rules (`engine.core.seats`)."""

    def heuristic(view: MareView, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        return heuristic_action(game, view, seat, legal)

    return Automatic({"random": random_policy, "heuristic": heuristic}, search_settings(game))
