"""Which decisions of Fleet, the card game, a player may take back (`engine.core.undo`).

- Never a decision that draws a card (RULES §6.4 the Cod bonus, §7.3 Lobster, §9.2 ``trade``,
  §10.1 the draw phase) or brings licenses off the deck (§4.7, §4.8: the row refilled after
  the auction): the cards are seen (`DRAW`).
- Never ``launch`` (§6.1: the boat goes face up) or ``pay`` with a card (§5.3: paid cards go
  face up): the table has seen the card (`REVEAL`).
- Never a decision after which a seat's boats fished (§8.1: crates left the public supply,
  which may let others go on, §8.2), another seat at its end of round moved on (a seat
  waiting for the catch began processing), the auction closed, or the round or the game
  ended (§3.2: each seat works through its end of round at its own pace, from the auction's
  close or as soon as it is out of the auction): it is resolved (`RESOLVED`). Seats still in
  the auction are not moved on by the next bidder's turn: a bid or pass stays undoable.
- Never ``open`` (§4.2: a license once chosen must be opened): `FINAL`.
- Otherwise yes: ``bid`` · ``pass`` (§4.3), ``decline`` (§4.1, §14.2), ``pay crate`` (§5.1),
  ``hire`` (§7.1: face down), ``process`` (§9.1), ``stop``, ``discard`` (§10.3: face down).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.undo import DRAW, FINAL, RESOLVED, REVEAL
from engine.fleet_cards.state import FleetCardsState


def undoable(
    before: FleetCardsState,
    seat: int,
    action: Action,
    after: FleetCardsState,
    events: Sequence[Event],
) -> str | None:
    """None if `seat` may take back `action`, else why not (see the module's table)."""
    if drew(before, after):
        return DRAW
    if shown(before, after, seat):
        return REVEAL
    if resolved(before, after, seat):
        return RESOLVED
    if action.verb == "open":
        return FINAL
    return None


def resolved(before: FleetCardsState, after: FleetCardsState, seat: int) -> bool:
    """Whether a decision reached past its seat's own end of round (RULES §3.2): boats
    fished, another seat already at its end of round moved on, or the auction, the round or
    the game is over. The auction's turns passing to the next bidder do not count."""
    if (after.round, after.phase) != (before.round, before.phase) or after.crates != before.crates:
        return True
    return any(
        (a.stage, a.task) != (b.stage, b.task)
        for s, (b, a) in enumerate(zip(before.players, after.players, strict=True))
        if s != seat and b.stage is not None
    )


def drew(before: FleetCardsState, after: FleetCardsState) -> bool:
    """Whether a card came off the supply (or the discard pile was shuffled into a new one,
    RULES §10.4), or a license came off the deck into the row (§4.7)."""
    return (
        after.reshuffles != before.reshuffles
        or len(after.deck) < len(before.deck)
        or after.licenses != before.licenses
    )


def shown(before: FleetCardsState, after: FleetCardsState, seat: int) -> bool:
    """Whether a card left `seat`'s hand face up: a boat launched (RULES §6.1) or a card paid
    onto the face-up discard pile (§5.3)."""
    launched = len(after.players[seat].boats) > len(before.players[seat].boats)
    return launched or _face_up(after) > _face_up(before)


def _face_up(state: FleetCardsState) -> int:
    return sum(1 for card in state.discard if card not in state.hidden)
