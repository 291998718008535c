"""Small builders: a table in exactly the situation a rule talks about."""

from __future__ import annotations

from engine.core.actions import Action
from engine.fleet_dice.player import new_player
from engine.fleet_dice.sheet import builtin_sheet
from engine.fleet_dice.state import MARKED, OPEN, FleetState, PlayerState, RuthState, Task
from engine.fleet_dice.work import Work
from engine.games import get_game

GAME = get_game("fleet-dice")
SHEET = builtin_sheet()


def blank(seats: int = 2, round_number: int = 1, phase: str = "boat") -> FleetState:
    """A table with empty sheets (no start bonus), mid-game, nobody deciding."""
    return FleetState(
        seed="test",
        round=round_number,
        rounds=8 if seats == 1 else 10,
        phase=phase,  # type: ignore[arg-type]
        stage="pick" if phase in ("boat", "town") else "",
        order=list(range(seats)),
        players=[new_player(SHEET) for _ in range(seats)],
        ruth=RuthState() if seats == 1 else None,
    )


def marked(p: PlayerState, section: str, boxes: int) -> PlayerState:
    """Mark the first `boxes` boxes of a section without resolving anything."""
    marks = p.marks[section]
    p.marks[section] = MARKED * boxes + marks[boxes:]
    return p


def filled(p: PlayerState, section: str) -> PlayerState:
    return marked(p, section, len(p.marks[section]))


def completed(p: PlayerState, building: str) -> PlayerState:
    filled(p, f"wharf:{building}")
    if building not in p.completed:
        p.completed.append(building)
    return p


def with_boats(p: PlayerState, kind: str, *fish: int) -> PlayerState:
    p.boats[kind] = list(fish)
    return p


def with_coins(p: PlayerState, boxes: int) -> PlayerState:
    p.coins = MARKED * boxes + OPEN * (len(p.coins) - boxes)
    return p


def deciding(state: FleetState, seat: int, task: Task) -> FleetState:
    """Make `seat` owe exactly `task`, and nobody else anything."""
    for p in state.players:
        p.tasks = []
    state.players[seat].tasks = [task]
    return state


def using(state: FleetState, seat: int, face: str, chosen: bool = True) -> FleetState:
    """`seat` holds a die showing `face` and must use it."""
    if chosen:
        state.stage = "pick"
        state.picks = 1
        state.order = [seat, *(s for s in range(len(state.players)) if s != seat)]
        state.pool = ["cod"] * len(state.players)
    return deciding(state, seat, Task(kind="use", face=face, chosen=chosen))


def table(state: FleetState) -> Work:
    return Work(SHEET, state)


def act(state: FleetState, seat: int, *texts: str) -> FleetState:
    for text in texts:
        state, _ = GAME.apply(state, seat, text)
    return state


def texts(actions: list[Action]) -> list[str]:
    return [a.text for a in actions]
