"""Which decisions of Fleet: The Dice Game a player may take back (`engine.core.undo`).

Every decision marks the player's own sheet, which everyone sees, and nothing in the game is
hidden but the seed: a decision may be taken back until dice are rolled or a step that every
player plays at once is over.

- Never ``reroll`` (the Casino, RULES §5): it rolls the die again (`ROLL`).
- Never a decision after which the next pool is rolled (§3: the last use of a leftover die,
  the last choice of an income or fishing step): the new dice are out (`ROLL`).
- Never the last decision of a step every player plays at once (§2 the start marks, §3 the
  leftover die, §7 star actions after income, §8 fishing choices): the step is over for
  everyone (`RESOLVED`).
- Otherwise yes: ``pick`` (§3), ``use`` · ``coin`` · ``buffet`` · ``scrap`` (§5), ``star`` ·
  ``skip`` (§9, §17.3), ``choose`` (§6), ``bonus`` (§11, §17.5), ``oyster`` (§8).

In solo, Captain Ruth's picks and crosses that follow a decision follow from the rules alone
(§15): taking the decision back takes them back too, and shows nothing that was not known.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.undo import RESOLVED, ROLL
from engine.fleet_dice.state import FleetState


def simultaneous(state: FleetState) -> bool:
    """Whether every player decides at once in this step (RULES §2, §3, §7, §8): the start
    marks, the leftover die, star actions after income, fishing. The picks of a draft go in
    turn order."""
    return state.phase in ("setup", "income", "fishing") or state.stage == "leftover"


def undoable(
    before: FleetState, seat: int, action: Action, after: FleetState, events: Sequence[Event]
) -> str | None:
    """None if `seat` may take back `action`, else why not (see the module's table)."""
    if action.verb == "reroll" or any(e.kind == "roll" for e in events):
        return ROLL
    if after.rolled != before.rolled:
        return ROLL
    step = (before.round, before.phase, before.stage)
    if simultaneous(before) and step != (after.round, after.phase, after.stage):
        return RESOLVED
    return None
