"""How a game of Fleet: The Dice Game moves on between decisions (RULES §2, §3): setting up,
the two drafts of a round, income, fishing and the round's end, and the queue of tasks each
seat works through (automatic steps resolve at once, a decision waits for its seat).

The flow is a small state machine over `phase` (setup, boat, income, fishing, town, over) and,
in the two drafting phases, `stage` (pick, then leftover). Whenever every queue is empty, the
flow moves one step on.
"""

from __future__ import annotations

from engine.core.chance import roll
from engine.fleet_dice import solo
from engine.fleet_dice.coins import gain_coins
from engine.fleet_dice.dice import BOAT_FACES, COINS, roll_boat_pool, roll_town_pool
from engine.fleet_dice.fishing import fish, start_fishing
from engine.fleet_dice.marking import mark
from engine.fleet_dice.modules import CAPTAINS, GOLD, SILVER, silver_reached
from engine.fleet_dice.player import any_open, income, new_player
from engine.fleet_dice.sheet import Sheet
from engine.fleet_dice.state import DECIDED, RUTH, FleetState, Options, RuthState, Task, task_of
from engine.fleet_dice.work import Work


def new_state(sheet: Sheet, seats: int, seed: str, opts: Options) -> tuple[FleetState, Work]:
    """A new game on `sheet` and the working copy that set it up, with its events (RULES §2;
    solo §15)."""
    state = FleetState(
        seed=seed,
        options=opts,
        rounds=sheet.rounds.solo if seats == 1 else sheet.rounds.multiplayer,
        players=[new_player(sheet) for _ in range(seats)],
        ruth=RuthState() if seats == 1 else None,
    )
    t = Work(sheet, state)
    if opts.trophies:
        state.gold = roll(seed, "trophy:gold", sorted(GOLD))[0]
        state.silver = roll(seed, "trophy:silver", sorted(SILVER))[0]
        t.emit("trophies", None, gold=state.gold, silver=state.silver)
    state.first_player = 0 if seats == 1 else roll(seed, "first", range(seats))[0]
    captains = sorted(CAPTAINS)
    for seat, p in enumerate(state.players):
        if opts.captains:
            card = roll(seed, f"captain:{seat}", captains)[0]
            captains.remove(card)
            p.captain = card
            t.emit("captain", seat, captain=card)
            starts = CAPTAINS[card].start_marks
        else:
            p.start = _start_roll(seed, seat)
            t.emit("start", seat, face=p.start)
            starts = (p.start,) * 3
        # RULES §2.1: mark the first boxes, resolving their circles normally.
        p.tasks.extend(task_of("mark", section=s) for s in starts)
    advance(t)
    return state, t


def held(state: FleetState, seat: int) -> bool:
    """RULES §17.5: an exclusive choice (a King Crab bonus, which no one else may then take) in
    a simultaneous step waits until every seat before this one in turn order, from the
    round's first player, has made its own."""
    tasks = state.players[seat].tasks
    if not tasks or tasks[0].kind != "bonus":
        return False
    n = len(state.players)
    for i in range(n):
        before = (state.first_player + i) % n
        if before == seat:
            return False
        if state.players[before].tasks:
            return True
    return False


def _start_roll(seed: str, seat: int) -> str:
    """RULES §2.1: one boat die, rerolled while it shows 3 Coins."""
    for attempt in range(1000):
        face = roll(seed, f"start:{seat}:{attempt}", BOAT_FACES)[0]
        if face != COINS:
            return face
    raise AssertionError("a fair die did not leave 3 Coins in 1000 rolls")


def _run(t: Work, seat: int, task: Task) -> None:
    """Resolve one automatic task."""
    if task.kind == "mark":
        assert task.section is not None
        mark(t, seat, task.section)
    elif task.kind == "gain":
        gain_coins(t, seat, task.coins, task.source or "coins")
    elif task.kind == "fish":
        fish(t, seat, task.source or "round", task.coins)


def _drain(t: Work, seat: int) -> None:
    """Resolve automatic tasks at the front of a seat's queue until a decision waits."""
    players = t.state.players
    while players[seat].tasks:
        task = players[seat].tasks[0]
        if task.kind in DECIDED:
            if task.kind == "star" and not any_open(players[seat]):
                # RULES §9: a player with no markable section forfeits the star action.
                t.player(seat).tasks.pop(0)
                t.emit("forfeit", seat, source=task.source)
                continue
            return
        t.player(seat).tasks.pop(0)
        _run(t, seat, task)
        t.flush(seat)


def advance(t: Work, acted: int | None = None) -> None:
    """Move the game on until some seat must decide, or the game is over.

    After `acted`'s decision only that seat's queue can start with a step to resolve: every
    other queue still starts with the decision it started with (or is empty), so while any
    seat still owes something, draining `acted` is all there is to do."""
    state = t.state
    if acted is not None:
        _drain(t, acted)
        if _owing(state):
            return
    while True:
        for seat, p in enumerate(state.players):
            if p.tasks:
                _drain(t, seat)
        if _owing(state) or state.phase == "over":
            return
        check_silver(t)
        _step(t)


def _owing(state: FleetState) -> bool:
    """Whether any seat still has something in its queue."""
    for p in state.players:  # noqa: SIM110 - a loop: asked after every action, no generator
        if p.tasks:
            return True
    return False


def _step(t: Work) -> None:
    """Every queue is empty: start whatever comes next (RULES §3)."""
    state = t.state
    if state.phase == "setup":
        state.round = 1
        _start_draft(t, "boat")
    elif state.phase in ("boat", "town") and state.stage == "pick":
        if state.picks < len(state.order):
            who = state.order[state.picks]
            if who == RUTH:
                solo.ruth_picks(t)
                state.picks += 1
            else:
                t.player(who).tasks.append(task_of("pick"))
        else:
            _start_leftover(t)
    elif state.phase in ("boat", "town"):
        # The leftover step is over. In solo, Ruth uses it after the player if the player
        # picked first this round: whoever picked first gets a contested box (RULES §15).
        if state.solo and state.order[0] != RUTH:
            solo.ruth_uses_leftover(t)
        if state.phase == "boat":
            _income(t)
        else:
            _end_round(t)
    elif state.phase == "income":
        if state.round % 2 == 0:
            _fishing(t)
        else:
            _start_draft(t, "town")
    elif state.phase == "fishing":
        _start_draft(t, "town")


def _start_draft(t: Work, phase: str) -> None:
    state = t.state
    n = len(state.players)
    state.phase = "boat" if phase == "boat" else "town"
    state.stage = "pick"
    state.picks = 0
    state.leftover = None
    if state.solo:
        state.order = solo.pick_order(state.round)
    else:
        state.order = [(state.first_player + i) % n for i in range(n)]
    key = f"r{state.round}:{phase}"
    roller = roll_boat_pool if phase == "boat" else roll_town_pool
    state.pool = roller(state.seed, key, n)
    state.rolled = list(state.pool)
    state.taken = []
    t.emit("roll", None, round=state.round, phase=phase, pool=list(state.pool))


def _start_leftover(t: Work) -> None:
    """RULES §3: every player uses the one die left over, in any order."""
    state = t.state
    state.stage = "leftover"
    state.leftover = state.pool.pop()
    t.emit("leftover", None, face=state.leftover)
    if state.solo and state.order[0] == RUTH:
        solo.ruth_uses_leftover(t)
    for seat in range(len(state.players)):
        t.player(seat).tasks.append(task_of("use", face=state.leftover, chosen=False))


def _income(t: Work) -> None:
    """RULES §7."""
    state = t.state
    state.phase = "income"
    state.stage = ""
    state.leftover = None
    for seat, p in enumerate(state.players):
        gain_coins(t, seat, income(t.sheet, p), "income")
        t.flush(seat)


def _fishing(t: Work) -> None:
    """RULES §8: even rounds only; every player fishes, oyster choices in any order."""
    state = t.state
    state.phase = "fishing"
    for seat in range(len(state.players)):
        start_fishing(t, seat, "round")
        t.flush(seat)


def _end_round(t: Work) -> None:
    state = t.state
    state.leftover = None
    state.stage = ""
    if state.solo:
        solo.move_markers(t)
    if state.round >= state.rounds:
        state.phase = "over"
        state.order = []
        t.emit("over")
        return
    state.round += 1
    if not state.solo:
        state.first_player = (state.first_player + 1) % len(state.players)
    _start_draft(t, "boat")


def check_silver(t: Work) -> None:
    """Silver trophy: the first to reach it; players reaching it in the same step share it."""
    state = t.state
    if state.silver is None or state.silver_seats:
        return
    reached = [s for s, p in enumerate(state.players) if silver_reached(t.sheet, p, state.silver)]
    if reached:
        state.silver_seats = reached
        for seat in reached:
            t.emit("trophy", seat, trophy="silver", goal=state.silver)
