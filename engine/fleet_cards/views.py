"""What a seat may know (RULES §13), and states it could not tell apart.

A view shows everything on the table — licenses, boats, crates, who holds how many cards, the
cards paid — and of hands only the reader's own. Captains lie face down: their owner knows
them. The deck order, the licenses removed unseen, the cards others discarded face down and
the seed are in no view.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core.chance import shuffle
from engine.fleet_cards.cards import GONE_FISHIN, Deck
from engine.fleet_cards.scoring import breakdown, gone_fishin_cards
from engine.fleet_cards.state import (
    End,
    FleetCardsState,
    Options,
    Payment,
    Phase,
    Player,
    Stage,
    TaskKind,
)


class BoatView(NamedTuple):
    kind: str
    crates: int
    captain: bool
    processed: bool
    captain_card: str | None = None
    """The captain's card: in its owner's view only."""


class PlayerView(NamedTuple):
    licenses: tuple[str, ...]
    boats: tuple[BoatView, ...]
    processed: int
    hand_size: int
    """Public (RULES §13.1), Gone Fishin' cards included."""
    gone_fishin: int
    """Gone Fishin' cards in hand: taken and spent in view of all (RULES §14.2)."""
    drawn_size: int
    discards: int
    task: TaskKind | None
    stage: Stage | None
    """Where the seat is in its end of round (RULES §3.2): public, like its task."""
    payment: Payment | None
    """A payment under way: every card in it was paid face up."""
    launches: int
    hires: int
    out: bool
    score: tuple[tuple[str, int], ...]
    hand: tuple[str, ...] | None = None
    """The reader's own hand, sorted; None for everyone else's."""
    drawn: tuple[str, ...] | None = None

    @property
    def vp(self) -> int:
        return sum(vp for _, vp in self.score)


class AuctionView(NamedTuple):
    lot: str | None
    high: int
    leader: int | None
    opener: int | None
    passed: tuple[int, ...]
    bought: int


class FleetCardsView(NamedTuple):
    seat: int | None
    round: int
    phase: Phase
    first_player: int
    row: tuple[str, ...]
    licenses_left: int
    cleared: tuple[str, ...]
    deck_size: int
    discard_size: int
    crates: int
    """Fish crates left in the supply (0 once it ran out)."""
    last_round: bool
    end: End | None
    auction: AuctionView
    players: tuple[PlayerView, ...]
    gone_fishin_left: int
    options: Options
    public: int
    """The public step's move counter."""

    @property
    def seats(self) -> int:
        return len(self.players)

    def me(self) -> PlayerView:
        assert self.seat is not None
        return self.players[self.seat]


def view(book: Deck, state: FleetCardsState, seat: int | None) -> FleetCardsView:
    players = []
    counting = state.options.gone_fishin
    types = book.card_types
    for s, p in enumerate(state.players):
        mine = s == seat
        gone = gone_fishin_cards(book, p) if counting else 0
        # PlayerView's fields in order: four of them make every view, and building them from
        # positions takes a fifth of the time of naming each field.
        players.append(
            PlayerView._make(
                (
                    tuple(p.licenses),  # licenses
                    tuple(  # boats, in BoatView's field order
                        BoatView._make(
                            (
                                types[b.card],
                                b.crates,
                                b.captain is not None,
                                b.processed,
                                b.captain if mine else None,
                            )
                        )
                        for b in p.boats
                    ),
                    p.processed,  # processed
                    len(p.hand),  # hand_size
                    gone,  # gone_fishin
                    len(p.drawn),  # drawn_size
                    p.discards,  # discards
                    p.task,  # task
                    p.stage,  # stage
                    p.payment,  # payment
                    p.launches,  # launches
                    p.hires,  # hires
                    p.out,  # out
                    tuple(breakdown(book, p, gone).items()),  # score
                    tuple(sorted(p.hand, key=book.hand_order.__getitem__)) if mine else None,
                    tuple(p.drawn) if mine else None,  # drawn
                )
            )
        )
    a = state.auction
    return FleetCardsView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        first_player=state.first_player,
        row=tuple(state.row),
        licenses_left=len(state.licenses),
        cleared=tuple(state.cleared),
        deck_size=len(state.deck),
        discard_size=len(state.discard),
        crates=max(0, state.crates),
        last_round=state.last_round,
        end=state.end,
        auction=AuctionView(a.lot, a.high, a.leader, a.opener, tuple(a.passed), a.bought),
        players=tuple(players),
        gone_fishin_left=len(state.gone_fishin),
        options=state.options,
        public=state.public,
    )


def redeal(book: Deck, state: FleetCardsState, seat: int | None, seed: str) -> FleetCardsState:
    """A state `seat` cannot tell apart: every boat card it has not seen (the supply, others'
    hands, others' captains and face-down discards) dealt again into the same places, the
    unseen licenses too, and another seed."""
    new = state.clone()
    places: list[tuple[list[str], int]] = [(new.deck, i) for i in range(len(new.deck))]
    for s, p in enumerate(new.players):
        if s == seat:
            continue
        places += [(p.hand, i) for i, c in enumerate(p.hand) if book.card_types[c] != GONE_FISHIN]
        places += [(p.drawn, i) for i in range(len(p.drawn))]
    captains = [
        b for s, p in enumerate(new.players) if s != seat for b in p.boats if b.captain is not None
    ]
    secret = [i for i, c in enumerate(new.discard) if new.hidden.get(c, seat) != seat]
    owners = [new.hidden[new.discard[i]] for i in secret]
    unseen = [cards[i] for cards, i in places]
    unseen += [b.captain for b in captains if b.captain is not None]
    unseen += [new.discard[i] for i in secret]
    # Sorted first: the draw depends on what the seat knows, not on where the cards were.
    mixed = shuffle(seed, "redeal", sorted(unseen))
    for (cards, i), card in zip(places, mixed, strict=False):
        cards[i] = card
    rest = mixed[len(places) :]
    for boat, card in zip(captains, rest, strict=False):
        boat.captain = card
    rest = rest[len(captains) :]
    known = {card: owner for card, owner in new.hidden.items() if owner == seat}
    for i, card, owner in zip(secret, rest, owners, strict=True):
        new.discard[i] = card
        known[card] = owner
    new.hidden = known
    _redeal_licenses(book, new, seed)
    new.seed = seed
    return new


def _redeal_licenses(book: Deck, state: FleetCardsState, seed: str) -> None:
    """The license deck and the licenses removed unseen, dealt again; a standard place stays
    standard and a premium place premium (the first cards of the deck are known to be
    standard, RULES §2.2)."""
    unseen = state.licenses + state.removed
    for premium in (False, True):
        places = [i for i, lic in enumerate(unseen) if book.licenses[lic].premium == premium]
        mixed = shuffle(seed, f"redeal:licenses:{premium}", sorted(unseen[i] for i in places))
        for i, lic in zip(places, mixed, strict=True):
            unseen[i] = lic
    state.licenses = unseen[: len(state.licenses)]
    state.removed = unseen[len(state.licenses) :]


def as_player(pv: PlayerView) -> Player:
    """A seat's holdings rebuilt from a view, so the pure helpers of `holdings` (what the
    discount is, how much a bid can reach) answer from what the reader may know: the hand
    only if it is theirs."""
    return Player(
        hand=list(pv.hand or ()),
        licenses=list(pv.licenses),
        processed=pv.processed,
        drawn=list(pv.drawn or ()),
    )
