"""Whether a loaded state can be a real game: a saved text that passes the type checks could
still have lost or doubled a card, and play would go wrong much later. Refused at load time,
naming what is wrong."""

from __future__ import annotations

from collections import Counter

from engine.core.errors import EngineError
from engine.fleet_cards.cards import GONE_FISHIN, Deck
from engine.fleet_cards.state import FleetCardsState


def check(book: Deck, state: FleetCardsState) -> None:
    seats = len(state.players)
    if str(seats) not in book.setup:
        raise EngineError(f"saved game is corrupt: players: {seats} seats")
    if not 0 <= state.first_player < seats:
        raise EngineError("saved game is corrupt: first_player: no such seat")
    if state.phase == "work" and any(p.stage is None for p in state.players):
        raise EngineError("saved game is corrupt: stage: a seat has no place in the round")
    if state.phase == "auction" and any(p.stage is not None and not p.out for p in state.players):
        # RULES §3.2: only a seat out of the auction may have started its end of round.
        raise EngineError("saved game is corrupt: stage: a seat still bidding is past the auction")
    cards: Counter[str] = Counter(state.deck + state.discard + state.gone_fishin)
    for p in state.players:
        cards.update(p.hand + p.drawn)
        cards.update(b.card for b in p.boats)
        cards.update(b.captain for b in p.boats if b.captain is not None)
    expected = {c for c, kind in book.card_types.items() if kind != GONE_FISHIN}
    if state.options.gone_fishin:
        expected = set(book.card_types)
    doubled = sorted(c for c, n in cards.items() if n > 1)
    unknown = sorted(set(cards) - expected)
    missing = sorted(expected - set(cards))
    for what, found in (("doubled", doubled), ("unknown", unknown), ("missing", missing)):
        if found:
            raise EngineError(f"saved game is corrupt: cards: {what}: {', '.join(found[:5])}")
    licenses: Counter[str] = Counter(state.row + state.licenses + state.removed + state.cleared)
    for p in state.players:
        licenses.update(p.licenses)
    if licenses != Counter({lic: spec.count for lic, spec in book.licenses.items()}):
        raise EngineError("saved game is corrupt: licenses: the license cards do not add up")
    if not set(state.hidden) <= set(state.discard):
        raise EngineError("saved game is corrupt: hidden: a card that is not in the discard")
