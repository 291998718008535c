"""Which decisions of Black Fleet a player may take back (`engine.core.undo`).

- Never a decision that draws a card (RULES §8 ``end``: drawing back up and the bottom
  symbol; §9.2 Navigator's Chart; §11 Admiral's Favour) or shuffles a pile (§8.4): the cards
  are seen (`DRAW`).
- Never ``play`` (§5.2: the movement card is face up), ``fortune`` (§9.1: face up),
  ``discard`` (§8.4: face up) or ``buy`` of a development card (§10.1: turned face up): the
  table has seen the card (`REVEAL`).
- Otherwise yes: ``dock`` (§3.6, §5.1), ``enter`` (§6.4), ``move`` · ``ship`` · ``to`` ·
  ``back`` (§6), ``trade`` (§7.1), ``attack`` (§7.2, §7.4), ``bury`` (§7.3), ``sell`` (§11
  Pirate Code), ``buy victory`` (§10.1), ``pass`` (§10).

The map is public (§12.1) and moving, trading, raiding, burying and sinking follow from the
rules alone: a turn's moves can be taken back one by one, until a card is drawn or shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.black_fleet.state import BlackFleetState
from engine.core.actions import Action
from engine.core.events import Event
from engine.core.undo import DRAW, REVEAL


def undoable(
    before: BlackFleetState,
    seat: int,
    action: Action,
    after: BlackFleetState,
    events: Sequence[Event],
) -> str | None:
    """None if `seat` may take back `action`, else why not (see the module's table)."""
    if drew(before, after):
        return DRAW
    if shown(before, after):
        return REVEAL
    return None


def drew(before: BlackFleetState, after: BlackFleetState) -> bool:
    """Whether a card came off a draw pile, or a discard pile was shuffled into one."""
    return (
        after.shuffles != before.shuffles
        or len(after.movement_deck) < len(before.movement_deck)
        or len(after.fortune_deck) < len(before.fortune_deck)
    )


def shown(before: BlackFleetState, after: BlackFleetState) -> bool:
    """Whether a card left a hand face up (a discard pile grew) or a development card was
    turned face up."""
    return (
        len(after.movement_discard) > len(before.movement_discard)
        or len(after.fortune_discard) > len(before.fortune_discard)
        or any(
            len(a.bought) > len(b.bought)
            for a, b in zip(after.captains, before.captains, strict=True)
        )
    )
