"""Every decision a seat of Fleet: The Dice Game can owe (RULES §3–§11), declared once
(`engine.core.decisions`): what is legal, what a legal action does, why another is refused.
The decision a seat owes is the task at the front of its queue (`engine.fleet_dice.flow`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.core.decisions import Decision, Decisions, not_now
from engine.core.errors import IllegalAction
from engine.fleet_dice.actions import PICK, STAR, VERBS, action_of
from engine.fleet_dice.dice import ALL_FACES
from engine.fleet_dice.fishing import fish, oyster_choices
from engine.fleet_dice.marking import (
    activate_license,
    king_crab_bonuses_free,
    launch,
    mark,
    take_king_crab_bonus,
)
from engine.fleet_dice.player import any_open, open_sections
from engine.fleet_dice.state import OPEN, TaskKind, task_of
from engine.fleet_dice.uses import die_uses, may_use, use_die
from engine.fleet_dice.work import Work


def _legal_pick(t: Work, seat: int) -> list[Action]:
    pool = t.state.pool
    return [PICK[f] for f in ALL_FACES if f in pool]


def _allows_pick(t: Work, seat: int, action: Action) -> bool:
    return action.verb == "pick" and action.args[0] in t.state.pool


def _decide_pick(t: Work, seat: int, action: Action) -> None:
    face = action.args[0]
    t.player(seat).tasks.pop(0)
    t.state.pool.remove(face)
    t.state.taken.append(f"{seat}:{face}")
    t.state.picks += 1
    t.emit("pick", seat, face=face)
    t.spawn(seat, task_of("use", face=face, chosen=True))


_USE_VERBS = frozenset(verb for verb, v in VERBS.items() if "use" in v.answers)


def _legal_use(t: Work, seat: int) -> list[Action]:
    p = t.state.players[seat]
    return die_uses(t.sheet, t.state, p, p.tasks[0])


def _allows_use(t: Work, seat: int, action: Action) -> bool:
    p = t.state.players[seat]
    return action.verb in _USE_VERBS and may_use(t.sheet, t.state, p, p.tasks[0], action)


def _decide_use(t: Work, seat: int, action: Action) -> None:
    use_die(t, seat, t.state.players[seat].tasks[0], action)


def _refuse_use(t: Work, seat: int, action: Action) -> IllegalAction:
    return IllegalAction(
        f"You can't '{action.text}' with this die: pick one of the uses offered.",
        "bad_use",
        action=action.text,
    )


def _legal_star(t: Work, seat: int) -> list[Action]:
    targets = [STAR[s] for s in open_sections(t.sheet, t.state.players[seat])]
    # RULES §17.3: a star action may be declined.
    return [*targets, action_of("skip")] if targets else []


def _allows_star(t: Work, seat: int, action: Action) -> bool:
    if action.verb == "skip":
        return any_open(t.state.players[seat])
    return action.verb == "star" and OPEN in t.state.players[seat].marks[action.args[0]]


def _decide_star(t: Work, seat: int, action: Action) -> None:
    task = t.player(seat).tasks.pop(0)
    if action.verb == "skip":
        t.emit("skip", seat, source=task.source)
        return
    t.emit("star", seat, section=action.args[0], source=task.source)
    mark(t, seat, action.args[0], via="star")


def _refuse_star(t: Work, seat: int, action: Action) -> IllegalAction:
    section = action.args[0]
    return IllegalAction(f"'{section}' has no open box to mark.", "full", section=section)


def _legal_circle(t: Work, seat: int) -> list[Action]:
    return [action_of("choose", "license"), action_of("choose", "boat")]


def _decide_circle(t: Work, seat: int, action: Action) -> None:
    task = t.player(seat).tasks.pop(0)
    assert task.section is not None
    if action.args[0] == "license":
        activate_license(t, seat, task.section)
    else:
        launch(t, seat, task.section)


def _legal_bonus(t: Work, seat: int) -> list[Action]:
    return [action_of("bonus", b) for b in king_crab_bonuses_free(t)]


def _decide_bonus(t: Work, seat: int, action: Action) -> None:
    t.player(seat).tasks.pop(0)
    take_king_crab_bonus(t, seat, action.args[0])


def _legal_oyster(t: Work, seat: int) -> list[Action]:
    n = oyster_choices(t, t.state.players[seat])
    return [action_of("oyster", str(k)) for k in range(n + 1)]


def _decide_oyster(t: Work, seat: int, action: Action) -> None:
    task = t.player(seat).tasks.pop(0)
    fish(t, seat, task.source or "round", int(action.args[0]))


EXPECTED: dict[TaskKind, str] = {
    "pick": "pick one of the dice in the pool",
    "use": "choose how to use your die",
    "star": "choose where your star action marks",
    "circle": "choose license or boat for the ? circle",
    "bonus": "choose a King Crab bonus nobody has taken",
    "oyster": "choose how many oyster boats take a coin",
}
"""What a seat owing each decision is asked for, to say why another action is refused."""


def _asked(kind: TaskKind) -> Callable[[Work, int, Action], IllegalAction]:
    """The refusal of a decision with short lists: it says what is asked for."""

    def refuse(t: Work, seat: int, action: Action) -> IllegalAction:
        return not_now(action, kind, EXPECTED[kind])

    return refuse


DECISIONS: Decisions[Work, TaskKind] = Decisions(
    {
        "pick": Decision(_legal_pick, _decide_pick, _asked("pick"), permits=_allows_pick),
        "use": Decision(_legal_use, _decide_use, _refuse_use, permits=_allows_use),
        "star": Decision(_legal_star, _decide_star, _refuse_star, permits=_allows_star),
        "circle": Decision(_legal_circle, _decide_circle, _asked("circle")),
        "bonus": Decision(_legal_bonus, _decide_bonus, _asked("bonus")),
        "oyster": Decision(_legal_oyster, _decide_oyster, _asked("oyster")),
    },
    VERBS,
    EXPECTED,
)
"""Every decision a seat can owe (RULES §3–§11), keyed by task kind."""
