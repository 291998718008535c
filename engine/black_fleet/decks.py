"""The two draw piles: drawing into a hand, and reshuffling a spent pile's discards (RULES
§8.4).

Every reshuffle is keyed by how many reshuffles came before, so the same seed and the same
actions always give the same cards.
"""

from __future__ import annotations

from typing import Literal

from engine.black_fleet.work import Work
from engine.core.chance import shuffle

Deck = Literal["movement", "fortune"]


def draw(w: Work, seat: int, deck: Deck, n: int) -> list[str]:
    """Up to `n` cards from the top of `deck` into `seat`'s hand, reshuffling its discards
    when it runs out. Fewer if both piles are empty (every card is in a hand). The table
    hears how many; only the seat which."""
    state = w.state
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
            w.emit("reshuffle", None, deck=deck, cards=len(pile))
        out.append(pile.pop(0))
    me = w.player(seat)
    if deck == "movement":
        me.movement += out
    else:
        me.fortune += out
    w.emit("draw", seat, deck=deck, count=len(out))
    w.tell(seat, "drew", deck=deck, cards=out)
    return out
