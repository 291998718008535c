"""Forced moves everyone can see are forced: a seat with one legal action that the public
table already implies, whatever the secrets are, may be played without asking (nothing about
the seat is learnt from it that the table did not show)."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.game import Game, S

SAMPLES = 4
"""How many other deals of the secrets must force the same move."""


def publicly_forced(
    game: Game[S, Any], state: S, seat: int, samples: int = SAMPLES
) -> Action | None:
    """The seat's one legal action, if it has one and every deal of the secrets consistent
    with the public table (`redeal` for no seat) leaves it that same one action; else None.
    A forced move that depends on a hidden thing (a card game's Decline forced by a poor hand)
    is not publicly forced: playing it at once would show what the hand could not do."""
    legal = game.legal_actions(state, seat)
    if len(legal) != 1:
        return None
    only = legal[0]
    for n in range(samples):
        other = game.redeal(state, None, f"forced:{n}")
        if game.to_act(other) != game.to_act(state):
            return None
        again = game.legal_actions(other, seat)
        if len(again) != 1 or again[0].text != only.text:
            return None
    return only
