"""The flow of play between the players' own actions (RULES §2, §7–§9): setting up, the refill,
clocks drawn from the bag, the company-token choice every player makes at once, the safe's
discards, turn order and the end."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.chance import draw, roll, shuffle
from engine.core.errors import EngineError
from engine.mare_balticum.board import CLOCK, SAFE, Board
from engine.mare_balticum.state import ACTIONS_PER_TURN, MareState, Options, Player
from engine.mare_balticum.turn import ordered
from engine.mare_balticum.work import Work

DEMAND_DEALS = 500
"""Deals tried before giving up on a map whose demand tokens cannot go without doubles."""


def company_tokens(board: Board) -> list[str]:
    """A player's company tokens in their fixed order: the multipliers, then the safe."""
    return [*(f"x{m}" for m in board.multipliers), SAFE]


def multiplier(token: str) -> int:
    return int(token[1:])


# --- setting up -------------------------------------------------------------------------------


def new_state(board: Board, seats: int, seed: str, options: Options) -> tuple[MareState, Work]:
    """RULES §2: boats, a filled sea, clocks in the bag, demands, the start player."""
    boats = board.boats_for(seats)
    pool = [k for k in board.kinds for _ in range(board.bag[k])]
    mixed = shuffle(seed, "bag", pool)
    tokens: dict[str, list[str]] = {}
    for space in board.spaces:
        if space.slots:
            tokens[space.code] = [mixed.pop() for _ in range(space.slots)]
    bag = sorted(mixed + [CLOCK] * board.clocks)
    state = MareState(
        seed=seed,
        options=options,
        start_seat=0,
        seat=0,
        tokens=tokens,
        bag=bag,
        demands={},
        deck=[c.id for c in board.contracts] if options.contracts else [],
        players=[Player(boats=[], reserve=boats, hand=company_tokens(board)) for _ in range(seats)],
    )
    if options.demand_management:
        state.demands = {p: [""] * len(board.by_code[p].demand) for p in board.ports}
        state.demand_stock = dict(board.demand_tokens)
    else:
        state.demands = deal_demands(board, seed)
    state.start_seat = state.seat = roll(seed, "start", range(seats))[0]
    work = Work(board, state, shared=False)
    work.emit(
        "setup",
        None,
        start=state.start_seat,
        boats=boats,
        tokens=dict(tokens),
        demands=dict(state.demands),
    )
    return state, work


def deal_demands(board: Board, seed: str) -> dict[str, list[str]]:
    """RULES §2.4: demand tokens at random on the round spaces, no port holding two alike
    (a deal with a double is dealt again)."""
    pool = [s for s in board.species for _ in range(board.demand_tokens[s])]
    for attempt in range(DEMAND_DEALS):
        mixed = shuffle(seed, f"demands:{attempt}", pool)
        out: dict[str, list[str]] = {}
        for port in board.ports:
            out[port] = [mixed.pop() for _ in board.by_code[port].demand]
        if all(len(set(d)) == len(d) for d in out.values()):
            return out
    raise EngineError(f"map {board.map!r}: its demand tokens cannot be dealt without doubles")


def place_start_boat(w: Work, seat: int, port: str) -> None:
    """RULES §2.5: from the start player on, each player puts one boat on a port."""
    p = w.player(seat)
    p.boats.append(port)
    p.reserve -= 1
    w.emit("start_boat", seat, port=port)
    state = w.state
    state.seat = (seat + 1) % len(state.players)
    if state.seat == state.start_seat:
        state.phase = "turn"
        _begin_turn(w)


# --- turns and the refill ---------------------------------------------------------------------


def end_action(w: Work) -> None:
    """One of the turn's actions is spent; after the third comes the refill (RULES §3, §7)."""
    state = w.state
    state.sub = None
    state.actions -= 1
    if state.actions > 0:
        return
    if state.final_round and state.round == state.final_round and state.seat == state.last_seat:
        _game_over(w)
        return
    boats = {b for p in state.players for b in p.boats}
    tokens = state.tokens
    state.refill = [
        code
        for code, slots in w.board.sea_slots
        if not tokens[code] and code not in boats
        for _ in range(slots)
    ]
    continue_refill(w)


def continue_refill(w: Work) -> None:
    """Draw for the spaces still waiting (RULES §7); a clock pauses the refill (§8)."""
    state = w.state
    placed: dict[str, list[str]] = {}
    while state.refill:
        if not state.bag:
            # RULES §7.4: an empty bag leaves the rest of the sea empty.
            w.emit("refill", None, spaces=placed, empty=sorted(set(state.refill)))
            state.refill = []
            placed = {}
            break
        kind = state.bag.pop(draw(state.seed, f"bag:{state.draws}", state.bag))
        state.draws += 1
        if kind == CLOCK:
            if placed:
                w.emit("refill", None, spaces=placed)
                placed = {}
            if _clock(w):
                return
            continue
        space = state.refill.pop(0)
        state.tokens[space] = [*state.tokens[space], kind]
        placed.setdefault(space, []).append(kind)
    if placed:
        w.emit("refill", None, spaces=placed)
    _next_turn(w)


def _clock(w: Work) -> bool:
    """RULES §8: a clock is out. True when the game pauses for the company tokens."""
    state, board = w.state, w.board
    state.clocks += 1
    last = state.clocks == board.clocks
    pause = not last and state.clocks <= len(board.multipliers) + 1
    if last:
        # RULES §9.1: the round after this one is the last.
        state.final_round = state.round + 1
    if pause:
        state.phase = "company"
        state.log = []
        state.reveal = []
    w.emit("clock", None, n=state.clocks, of=board.clocks, final_round=state.final_round)
    if not pause:
        return False
    for seat in range(len(state.players)):
        p = w.player(seat)
        p.owes = True
        p.choice = ""
    _settle_company(w)
    return True


def _begin_turn(w: Work) -> None:
    state = w.state
    state.turn += 1
    state.actions = ACTIONS_PER_TURN
    state.sub = None
    state.log = []
    w.emit("turn", state.seat, round=state.round, turn=state.turn)


def _next_turn(w: Work) -> None:
    state = w.state
    state.phase = "turn"
    state.seat = (state.seat + 1) % len(state.players)
    if state.seat == state.start_seat:
        state.round += 1
    _begin_turn(w)


def _game_over(w: Work) -> None:
    """RULES §9, §10: the last round is over; the face-down multipliers are turned up."""
    state = w.state
    state.phase = "over"
    state.sub = None
    w.emit(
        "over",
        None,
        markets=[dict(p.market) for p in state.players],
        contracts=[p.contract for p in state.players],
    )


# --- the company tokens -----------------------------------------------------------------------


def company_actions(board: Board, p: Player) -> list[Action]:
    """RULES §8.3, §8.4: a multiplier on an empty market space, or the safe if the player has
    the tokens to throw away (or it is their last company token)."""
    if not p.owes or p.choice:
        return []
    out: list[Action] = []
    free = [s for s in board.species if s not in p.market]
    for token in dict.fromkeys(p.hand):
        if token == SAFE:
            if p.tokens_held() >= board.safe_discard or len(p.hand) == 1:
                out.append(Action("play", (SAFE,)))
        else:
            out += [Action("play", (token, s)) for s in free]
    return out


def choose_company(w: Work, seat: int, action: Action) -> None:
    p = w.player(seat)
    token = action.args[0]
    p.hand.remove(token)
    p.choice = token if token == SAFE else f"{token}:{action.args[1]}"
    w.emit("chose", seat)
    species = action.args[1] if len(action.args) > 1 else ""
    w.tell(seat, "company_choice", token=token, species=species)
    _settle_company(w)


def _settle_company(w: Work) -> None:
    """Play forced choices, then reveal once everyone has chosen (RULES §8.2)."""
    state, board = w.state, w.board
    for seat, p in enumerate(state.players):
        if p.owes and not p.choice:
            legal = company_actions(board, p)
            if len(legal) == 1:
                choose_company(w, seat, legal[0])
                return
    if any(p.owes and not p.choice for p in state.players):
        return
    reveal = []
    for seat in range(len(state.players)):
        p = w.player(seat)
        token, _, species = p.choice.partition(":")
        if token == SAFE:
            p.safe = True
            p.discards = min(board.safe_discard, p.tokens_held())
            reveal.append(SAFE)
        else:
            p.market[species] = multiplier(token)
            reveal.append(species)
        p.owes = False
        p.choice = ""
    state.reveal = reveal
    w.emit("reveal", None, choices=reveal)
    state.phase = "safe"
    _settle_safe(w)


def discard_actions(board: Board, p: Player) -> list[Action]:
    """RULES §8.4: any token from the cargo or the warehouse."""
    if not p.discards:
        return []
    cargo = [Action("discard", ("cargo", k)) for k in ordered(board, p.cargo)]
    kept = [k for k in board.kinds if p.warehouse.get(k, 0)]
    return cargo + [Action("discard", ("warehouse", k)) for k in kept]


def discard(w: Work, seat: int, action: Action) -> None:
    place, kind = action.args
    p = w.player(seat)
    if place == "cargo":
        p.cargo.remove(kind)
    else:
        p.warehouse[kind] -= 1
        if not p.warehouse[kind]:
            del p.warehouse[kind]
    p.discards -= 1
    if place == "cargo":
        w.emit("discard", seat, place=place, kind=kind, left=p.discards)
    else:
        # A token from the warehouse leaves face down: the table sees that one went, its
        # owner knows which (RULES §6.2, §8.4).
        w.emit("discard", seat, place=place, left=p.discards)
        w.tell(seat, "discarded", place=place, kind=kind)
    _settle_safe(w)


def _settle_safe(w: Work) -> None:
    """Play forced discards; once every safe is paid, the clock goes on the time track and the
    refill goes on (RULES §8.4, §8.6)."""
    state, board = w.state, w.board
    for seat, p in enumerate(state.players):
        if p.discards:
            legal = discard_actions(board, p)
            if len(legal) == 1:
                discard(w, seat, legal[0])
                return
    if any(p.discards for p in state.players):
        return
    w.emit("time", None, n=state.clocks, season=board.time_track[state.clocks - 1])
    state.phase = "turn"
    continue_refill(w)
