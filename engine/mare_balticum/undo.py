"""Which decisions of Mare Balticum a player may take back (`engine.core.undo`).

- Never a decision after which tokens come out of the bag (RULES §7: the refill after a
  turn's third action; §8.6 after a clock's pause): the tokens are out (`DRAW`).
- Never ``contract`` (§12.2: looking through the deck; "there is no going back"): `REVEAL`.
- Never the last company token chosen at a clock or the last discard for the safe (§8.2,
  §8.5: revealed and settled together): the step is over for everyone (`RESOLVED`).
- Otherwise yes: ``port`` (§2.5), ``fish`` (§5), ``unload`` · ``open`` · ``done`` (§6,
  §11), ``sail`` · ``to`` · ``launch`` · ``place`` · ``back`` (§4), ``overboard`` (§5.4),
  ``take`` (§12.2), ``play`` (§8.2, face down), ``discard`` (§8.4).

Every token on the sea and in a cargo is face up (§13.4): moving, fishing and unloading show
nothing that was hidden, and a turn's three actions can be taken back one by one.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.undo import DRAW, RESOLVED, REVEAL
from engine.mare_balticum.state import MareState

SIMULTANEOUS = ("company", "safe")
"""The steps every player concerned plays at once (RULES §8.2, §8.5)."""


def undoable(
    before: MareState, seat: int, action: Action, after: MareState, events: Sequence[Event]
) -> str | None:
    """None if `seat` may take back `action`, else why not (see the module's table)."""
    if after.draws != before.draws:
        return DRAW
    if action.verb == "contract":
        return REVEAL
    if before.phase in SIMULTANEOUS and (after.phase, after.clocks) != (
        before.phase,
        before.clocks,
    ):
        return RESOLVED
    return None
