"""The working copy of a game during one `apply` (`engine.core.work`) with the card data, and
the moves of cards every phase shares (drawing, discarding, reshuffling).

Events are data, never sentences. A card that reaches a hand is told only to that hand's owner
(`tell`); everyone else hears how many (`emit`).
"""

from __future__ import annotations

from engine.core import work
from engine.core.chance import shuffle
from engine.fleet_cards.cards import GONE_FISHIN, Deck
from engine.fleet_cards.state import FleetCardsState, Player


class Work(work.Work[FleetCardsState, Player]):
    """The core's working copy (players copied on write, events as data) with the card data."""

    __slots__ = ("book",)

    def __init__(self, book: Deck, state: FleetCardsState, *, shared: bool = False) -> None:
        """`shared`: the state's players still belong to another state (see `player`)."""
        # The core's fields set here, not through super().__init__: a working copy is made for
        # every `legal_actions` and `apply`, and that call was a third of the cost of making it.
        self.book = book
        self.state = state
        self.events = []
        self._owned = set() if shared else None

    def in_turn_order(self) -> list[int]:
        """Every seat, the first player first, then clockwise (RULES §3.1)."""
        n = self.seats
        return [(self.state.first_player + i) % n for i in range(n)]

    # --- boat cards ---------------------------------------------------------------------------

    def draw(self, seat: int, count: int, source: str, *, into_hand: bool = True) -> list[str]:
        """Draw up to `count` cards for `seat` from the supply, reshuffling the discard pile
        when the supply runs out (RULES §10.4). Fewer when both are empty."""
        state = self.state
        cards: list[str] = []
        for _ in range(count):
            if not state.deck:
                self._reshuffle()
                if not state.deck:
                    break
            cards.append(state.deck.pop(0))
        if count:
            self.emit("draw", seat, count=len(cards), source=source)
        if cards:
            self.tell(seat, "drew", cards=cards, source=source)
            p = self.player(seat)
            (p.hand if into_hand else p.drawn).extend(cards)
        return cards

    def _reshuffle(self) -> None:
        state = self.state
        if not state.discard:
            return
        state.reshuffles += 1
        state.deck = shuffle(state.seed, f"reshuffle:{state.reshuffles}", state.discard)
        state.discard = []
        state.hidden = {}
        self.emit("reshuffle", None, cards=len(state.deck))

    def spend(self, card: str) -> None:
        """A card paid as cash goes face up to the discard pile (RULES §5.3); a Gone Fishin'
        card goes back to its own supply (§14.2)."""
        if self.book.card_types[card] == GONE_FISHIN:
            self.state.gone_fishin.append(card)
        else:
            self.state.discard.append(card)

    def discard_face_down(self, seat: int, card: str) -> None:
        """A card discarded in the draw phase: only its owner saw it (RULES §10.3)."""
        self.state.discard.append(card)
        self.state.hidden[card] = seat
