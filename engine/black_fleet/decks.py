"""The two draw piles: drawing, and reshuffling a spent pile's discards (RULES §8.4).

Every reshuffle is keyed by how many reshuffles came before, so the same seed and the same
actions always give the same cards.
"""

from __future__ import annotations

from typing import Literal

from engine.black_fleet.state import BlackFleetState
from engine.core.chance import shuffle
from engine.core.events import Event

Deck = Literal["movement", "fortune"]


def draw(state: BlackFleetState, deck: Deck, n: int, events: list[Event]) -> list[str]:
    """Up to `n` cards from the top of `deck`, reshuffling its discards when it runs out.
    Fewer if both piles are empty (every card is in a hand)."""
    pile = state.movement_deck if deck == "movement" else state.fortune_deck
    discard = state.movement_discard if deck == "movement" else state.fortune_discard
    out: list[str] = []
    for _ in range(n):
        if not pile:
            if not discard:
                break
            state.shuffles += 1
            pile.extend(shuffle(state.seed, f"{deck}:{state.shuffles}", discard))
            discard.clear()
            events.append(Event("reshuffle", None, {"deck": deck, "cards": len(pile)}))
        out.append(pile.pop(0))
    return out
