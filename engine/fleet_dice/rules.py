"""Fleet: The Dice Game as a rules object (DESIGN: engine contract; RULES §2, §3).

The flow is a small state machine over `phase` (setup, boat, income, fishing, town, over) and,
in the two drafting phases, `stage` (pick, then leftover). Each seat has a queue of tasks:
decisions wait for that seat, automatic steps resolve at once. Whenever every queue is empty,
the flow moves one step on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.core.actions import Action, ActionSyntaxError
from engine.core.chance import roll
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult, Policy
from engine.core.saved import checked_options, load_saved
from engine.fleet_dice import solo
from engine.fleet_dice.actions import PICK, STAR, VERBS, action_of, checked, parse_action
from engine.fleet_dice.coins import gain_coins
from engine.fleet_dice.dice import ALL_FACES, BOAT_FACES, COINS, roll_boat_pool, roll_town_pool
from engine.fleet_dice.fishing import fish, oyster_choices, start_fishing
from engine.fleet_dice.marking import (
    activate_license,
    king_crab_bonuses_free,
    launch,
    mark,
    take_king_crab_bonus,
)
from engine.fleet_dice.modules import CAPTAINS, GOLD, SILVER, silver_reached
from engine.fleet_dice.player import any_open, income, new_player, open_sections
from engine.fleet_dice.scoring import result as score_result
from engine.fleet_dice.sheet import Sheet, builtin_sheet
from engine.fleet_dice.state import (
    OPEN,
    RUTH,
    SCHEMA_VERSION,
    STATE,
    FleetState,
    FleetView,
    Options,
    RuthState,
    Task,
    TaskKind,
    task_of,
)
from engine.fleet_dice.undo import undoable
from engine.fleet_dice.uses import die_uses, may_use, use_die
from engine.fleet_dice.work import Work

HIDDEN_SEED = ""
"""The seed as a view shows it: never the real one."""


class FleetDice:
    """The rules of Fleet: The Dice Game. Stateless: every method takes the state it works on."""

    id = "fleet-dice"
    name = "Fleet: The Dice Game"
    min_seats = 1
    max_seats = 4
    options = Options

    def __init__(self, sheet: Sheet | None = None) -> None:
        self._sheet = sheet
        from engine.fleet_dice.policies import heuristic_action, search_settings

        def heuristic(
            view: FleetView, seat: int, legal: Sequence[Action], rng: random.Random
        ) -> Action:
            return heuristic_action(self, view, seat, legal)

        def random_player(
            view: FleetView, seat: int, legal: Sequence[Action], rng: random.Random
        ) -> Action:
            # RULES §17.3: policies never decline a star action that has a target. (The same
            # draw as `random_policy`'s, without copying the list when nothing is dropped.)
            for a in legal:
                if a.verb == "skip":
                    return rng.choice([a for a in legal if a.verb != "skip"] or list(legal))
            return rng.choice(legal)

        self.policies: Mapping[str, Policy[FleetView]] = {
            "random": random_player,
            "heuristic": heuristic,
        }
        self.search = search_settings(self)
        self._listed: tuple[FleetState, int, list[Action]] | None = None
        """The last state and seat whose choices were listed, with them: an action chosen
        from that list needs no other check (`apply`). States are never changed in place once
        play has begun: `apply` returns a new one."""

    def sheet_for(self, state: FleetState) -> Sheet:
        return self._sheet or builtin_sheet(state.options.sheet)

    # --- setting up ------------------------------------------------------------------------

    def new_game(
        self, seats: int, seed: str, options: BaseModel | Mapping[str, Any] | None = None
    ) -> FleetState:
        return self.start(seats, seed, options)[0]

    def start(
        self, seats: int, seed: str, options: BaseModel | Mapping[str, Any] | None = None
    ) -> tuple[FleetState, list[Event]]:
        """A new game and the events of its setup (RULES §2; solo §15)."""
        if not self.min_seats <= seats <= self.max_seats:
            raise EngineError(f"Fleet: The Dice Game seats 1 to 4 players, not {seats}.")
        opts = _options(options)
        sheet = self._sheet or builtin_sheet(opts.sheet)
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
        _advance(t)
        return state, t.events

    # --- asking -----------------------------------------------------------------------------

    def to_act(self, state: FleetState) -> list[int]:
        """Seats that must decide now (several at once in the simultaneous steps)."""
        return [
            seat
            for seat, p in enumerate(state.players)
            if p.tasks and (p.tasks[0].kind != "bonus" or not held(state, seat))
        ]

    def picker(self, state: FleetState) -> int | None:
        """Who takes the next die in a draft (RUTH for Captain Ruth); None outside picking."""
        drafting = state.phase in ("boat", "town") and state.stage == "pick"
        return state.order[state.picks] if drafting and state.picks < len(state.order) else None

    def pending(self, state: FleetState, seat: int) -> Task | None:
        """The decision a seat owes, if any."""
        tasks = state.players[seat].tasks
        return tasks[0] if tasks else None

    def legal_actions(self, state: FleetState, seat: int) -> list[Action]:
        if not 0 <= seat < len(state.players) or state.phase == "over":
            return []
        tasks = state.players[seat].tasks
        if not tasks or held(state, seat):
            return []
        task = tasks[0]
        legal = DECISIONS[task.kind].legal(Work(self.sheet_for(state), state), seat, task)
        self._listed = (state, seat, legal)
        return legal.copy()

    def is_over(self, state: FleetState) -> bool:
        return state.phase == "over"

    def result(self, state: FleetState) -> GameResult:
        return score_result(self.sheet_for(state), state)

    def default_action(self, state: FleetState, seat: int) -> Action:
        """What a timeout or an absent player does: the heuristic's choice, from the seat's
        view."""
        legal = self.legal_actions(state, seat)
        return self.policies["heuristic"](self.view(state, seat), seat, legal, random.Random(0))

    # --- what a seat may know -------------------------------------------------------------------

    def view(self, state: FleetState, seat: int | None) -> FleetView:
        """Every sheet and die is public; the seed is not (it fixes every future roll)."""
        view = state.clone(players=False)
        view.seed = HIDDEN_SEED
        return view

    def token(self, state: FleetState, seat: int | None) -> str:
        """A seat's prompt is stale once that seat has acted again; the dice on a public roll
        message are stale once the draft is over (``3b``: round 3, boat phase)."""
        if seat is None:
            return f"{state.round}{state.phase[0]}"
        return str(state.players[seat].acted)

    def step(self, state: FleetState) -> Hashable:
        return (state.round, state.phase, state.stage)

    def redeal(self, state: FleetState, seat: int | None, seed: str) -> FleetState:
        """The only secret is the seed: another one is a game nobody could tell apart yet."""
        other = state.clone(players=False)
        other.seed = seed
        return other

    # --- acting -------------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def apply(
        self, state: FleetState, seat: int, action: Action | str
    ) -> tuple[FleetState, list[Event]]:
        """Apply one seat's action to a copy of the state. Raises IllegalAction, never mutates."""
        try:
            action = parse_action(action) if isinstance(action, str) else checked(action)
        except ActionSyntaxError as exc:
            raise IllegalAction(exc.reason, "syntax") from exc
        players = state.players
        if state.phase == "over":
            raise IllegalAction("The game is over; nothing can be played any more.", "over")
        if not 0 <= seat < len(players):
            raise IllegalAction(f"There is no seat {seat + 1} at this table.", "no_seat")
        if not players[seat].tasks:
            raise IllegalAction(
                "You have nothing to decide right now; wait for your turn.", "not_your_turn"
            )
        task = players[seat].tasks[0]
        if task.kind == "bonus" and held(state, seat):
            raise IllegalAction(
                "Wait: players before you in turn order choose their King Crab bonus first.",
                "held",
            )
        sheet = self.sheet_for(state)
        decision = DECISIONS[task.kind]
        if not self._just_listed(state, seat, action) and not decision.allows(
            Work(sheet, state), seat, task, action
        ):
            raise _why_not(task, action)
        new = state.clone(players=False)
        t = Work(sheet, new, shared=True)
        decision.decide(t, seat, new.players[seat].tasks[0], action)
        t.flush(seat)
        _advance(t, seat)
        new.version += 1
        t.player(seat).acted += 1
        return new, t.events

    def _just_listed(self, state: FleetState, seat: int, action: Action) -> bool:
        """Whether `action` is one of the choices listed a moment ago for this very state
        and seat (the same value: the rules make each action once)."""
        listed = self._listed
        if listed is None or listed[0] is not state or listed[1] != seat:
            return False
        for made in listed[2]:  # noqa: SIM110 - a loop: asked at every action
            if made is action:
                return True
        return False

    def undoable(
        self,
        before: FleetState,
        seat: int,
        action: Action,
        after: FleetState,
        events: Sequence[Event],
    ) -> str | None:
        """Whether a decision may be taken back: until dice are rolled or a step everyone
        plays at once is over (`engine.fleet_dice.undo`)."""
        return undoable(before, seat, action, after, events)

    # --- storage ------------------------------------------------------------------------------

    def dump_state(self, state: FleetState) -> str:
        return STATE.dump_json(state, exclude_defaults=True).decode()

    def load_state(self, text: str) -> FleetState:
        """Load a saved state; a corrupt one raises EngineError with a readable reason."""
        state = load_saved(STATE, text, SCHEMA_VERSION)
        return state


def _options(options: BaseModel | Mapping[str, Any] | None) -> Options:
    return checked_options(Options, options, "Fleet: The Dice Game")


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


# --- the decisions, each declared once: what is legal, what it does, what it asks for -----------


@dataclass(frozen=True)
class Decision:
    legal: Callable[[Work, int, Task], list[Action]]
    decide: Callable[[Work, int, Task, Action], None]
    expect: str
    """What the seat is asked for, to say why another action is refused."""
    check: Callable[[Work, int, Task, Action], bool] | None = None
    """Whether one action is legal, asked without listing them all (for the decisions an
    action answers most often); it must agree with `legal`, which a test holds it to."""

    def allows(self, t: Work, seat: int, task: Task, action: Action) -> bool:
        """Whether `action`, of a known shape, is legal now."""
        if VERBS[action.verb].answers != task.kind:
            return False
        if self.check is not None:
            return self.check(t, seat, task, action)
        legal = self.legal(t, seat, task)
        return any(a is action for a in legal) or action in legal


def _legal_pick(t: Work, seat: int, task: Task) -> list[Action]:
    pool = t.state.pool
    return [PICK[f] for f in ALL_FACES if f in pool]


def _allows_pick(t: Work, seat: int, task: Task, action: Action) -> bool:
    return action.args[0] in t.state.pool


def _decide_pick(t: Work, seat: int, task: Task, action: Action) -> None:
    face = action.args[0]
    t.player(seat).tasks.pop(0)
    t.state.pool.remove(face)
    t.state.taken.append(f"{seat}:{face}")
    t.state.picks += 1
    t.emit("pick", seat, face=face)
    t.spawn(seat, task_of("use", face=face, chosen=True))


def _legal_use(t: Work, seat: int, task: Task) -> list[Action]:
    return die_uses(t.sheet, t.state, t.state.players[seat], task)


def _allows_use(t: Work, seat: int, task: Task, action: Action) -> bool:
    return may_use(t.sheet, t.state, t.state.players[seat], task, action)


def _legal_star(t: Work, seat: int, task: Task) -> list[Action]:
    targets = [STAR[s] for s in open_sections(t.sheet, t.state.players[seat])]
    # RULES §17.3: a star action may be declined.
    return [*targets, action_of("skip")] if targets else []


def _allows_star(t: Work, seat: int, task: Task, action: Action) -> bool:
    marks = t.state.players[seat].marks
    if action.verb == "skip":
        return any_open(t.state.players[seat])
    return OPEN in marks[action.args[0]]


def _decide_star(t: Work, seat: int, task: Task, action: Action) -> None:
    t.player(seat).tasks.pop(0)
    if action.verb == "skip":
        t.emit("skip", seat, source=task.source)
        return
    t.emit("star", seat, section=action.args[0], source=task.source)
    mark(t, seat, action.args[0], via="star")


def _legal_circle(t: Work, seat: int, task: Task) -> list[Action]:
    return [action_of("choose", "license"), action_of("choose", "boat")]


def _decide_circle(t: Work, seat: int, task: Task, action: Action) -> None:
    assert task.section is not None
    t.player(seat).tasks.pop(0)
    if action.args[0] == "license":
        activate_license(t, seat, task.section)
    else:
        launch(t, seat, task.section)


def _legal_bonus(t: Work, seat: int, task: Task) -> list[Action]:
    return [action_of("bonus", b) for b in king_crab_bonuses_free(t)]


def _decide_bonus(t: Work, seat: int, task: Task, action: Action) -> None:
    t.player(seat).tasks.pop(0)
    take_king_crab_bonus(t, seat, action.args[0])


def _legal_oyster(t: Work, seat: int, task: Task) -> list[Action]:
    n = oyster_choices(t, t.state.players[seat])
    return [action_of("oyster", str(k)) for k in range(n + 1)]


def _decide_oyster(t: Work, seat: int, task: Task, action: Action) -> None:
    t.player(seat).tasks.pop(0)
    fish(t, seat, task.source or "round", int(action.args[0]))


DECISIONS: dict[TaskKind, Decision] = {
    "pick": Decision(_legal_pick, _decide_pick, "pick one of the dice in the pool", _allows_pick),
    "use": Decision(_legal_use, use_die, "choose how to use your die", _allows_use),
    "star": Decision(
        _legal_star, _decide_star, "choose where your star action marks", _allows_star
    ),
    "circle": Decision(_legal_circle, _decide_circle, "choose license or boat for the ? circle"),
    "bonus": Decision(_legal_bonus, _decide_bonus, "choose a King Crab bonus nobody has taken"),
    "oyster": Decision(_legal_oyster, _decide_oyster, "choose how many oyster boats take a coin"),
}
"""Every decision a seat can owe (RULES §3–§11), keyed by task kind."""


def _why_not(task: Task, action: Action) -> IllegalAction:
    verb = VERBS[action.verb]
    if verb.answers == task.kind == "use":
        return IllegalAction(
            f"You can't '{action.text}' with this die: pick one of the uses offered.",
            "bad_use",
            action=action.text,
        )
    if verb.answers == task.kind == "star":
        section = action.args[0]
        return IllegalAction(f"'{section}' has no open box to mark.", "full", section=section)
    expect = DECISIONS[task.kind].expect
    return IllegalAction(
        f"'{action.text}' is not possible now: {expect}.",
        "not_now",
        action=action.text,
        owed=task.kind,
    )


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
        if task.kind in DECISIONS:
            if task.kind == "star" and not any_open(players[seat]):
                # RULES §9: a player with no markable section forfeits the star action.
                t.player(seat).tasks.pop(0)
                t.emit("forfeit", seat, source=task.source)
                continue
            return
        t.player(seat).tasks.pop(0)
        _run(t, seat, task)
        t.flush(seat)


def _advance(t: Work, acted: int | None = None) -> None:
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
        _check_silver(t)
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


def _check_silver(t: Work) -> None:
    """Silver trophy: the first to reach it; players reaching it in the same step share it."""
    state = t.state
    if state.silver is None or state.silver_seats:
        return
    reached = [s for s, p in enumerate(state.players) if silver_reached(t.sheet, p, state.silver)]
    if reached:
        state.silver_seats = reached
        for seat in reached:
            t.emit("trophy", seat, trophy="silver", goal=state.silver)
