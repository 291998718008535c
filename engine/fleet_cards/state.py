"""Game state: plain data, JSON-serialisable, and nothing else holds it.

Boat cards are distinct ids (``tuna3``), so a log can say exactly which card moved and a test
can look for it in every message; licenses of one kind are interchangeable, so they are their
kind's id (``cod``, ``kc_crates``). Each seat owes at most one decision at a time (`task`);
once out of the auction each seat also has its own place in the end of the round (`stage`),
which it works through at its own pace (RULES §3.2).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter, with_config

SCHEMA_VERSION = 1

Phase = Literal["auction", "work", "over"]
"""The parts of a round (RULES §3): the auction, played in turn, then ``work``: launching,
hiring, fishing, processing and drawing, which each seat works through at its own pace
(`Stage`, RULES §3.2)."""
LEGACY_PHASES = ("launch", "processing", "draw")
"""The phases after the auction as games saved before RULES §3.2's own pace knew them, each
waiting for everyone; such a game is read into the stages of today (`migrate`)."""
Stage = Literal["launch", "hire", "fished", "process", "draw", "done"]
"""Where a seat is in its end of round (RULES §3.2), which starts at the auction's close, or as
soon as the seat is out of the auction when that cannot change the game; in order: launching
(with the Cod draw, §6), hiring (§7; its Lobster draw and its boats' fishing, §7.3 and §8,
follow at once), fished and waiting until the fish supply cannot run out this round (§8.2),
processing and trading (§9), drawing and discarding (§10), done until the next auction."""
STAGES: tuple[Stage, ...] = ("launch", "hire", "fished", "process", "draw", "done")
TaskKind = Literal[
    "choose",  # the auction's chooser: put a license up, or decline (RULES §4.1)
    "open",  # the opening bid on the license just chosen (§4.2)
    "raise",  # raise the high bid, or pass (§4.3)
    "pay",  # pay one more card or crate towards a price (§5)
    "launch",  # launch a boat, or stop launching (§6)
    "hire",  # hire a captain, or stop hiring (§7)
    "process",  # move a crate onto the Processing Vessel license, or stop (§9.1)
    "trade",  # trade a processed crate for cards, or not (§9.2)
    "discard",  # discard after drawing (§10)
]
End = Literal["licenses", "fish"]

_STRICT = ConfigDict(extra="forbid")


class Options(BaseModel):
    """The game's own table options (RULES §14), chosen in the lobby."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    advanced_setup: bool = False
    """All licenses shuffled together; premium ones kept out of the first auction only."""
    gone_fishin: bool = False
    """The Gone Fishin' cards of the Arctic Bounty expansion, as Board Game Arena plays them."""
    deck: str = "base"
    """Which card data file to play with."""


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class Boat:
    """A launched boat: its card, the face-down captain card on it, and its fish crates."""

    card: str
    captain: str | None = None
    crates: int = 0
    processed: bool = False
    """A crate was moved off this boat in this round's processing (RULES §9.1)."""

    def clone(self) -> Boat:
        new = object.__new__(Boat)
        new.card = self.card
        new.captain = self.captain
        new.crates = self.crates
        new.processed = self.processed
        return new


@with_config(_STRICT)
@dataclass(frozen=True, slots=True, kw_only=True)
class Payment:
    """A price being paid card by card (RULES §5): a license won or a boat being launched."""

    kind: Literal["license", "boat"]
    item: str
    """The license id, or the boat type launched."""
    cost: int
    """The winning bid or the launch cost."""
    discount: int
    paid: int = 0
    cards: tuple[str, ...] = ()
    crates: int = 0

    def plus(self, value: int, card: str | None = None) -> Payment:
        """This payment with one more card (or, for None, one processed crate) paid."""
        return Payment(
            kind=self.kind,
            item=self.item,
            cost=self.cost,
            discount=self.discount,
            paid=self.paid + value,
            cards=self.cards if card is None else (*self.cards, card),
            crates=self.crates + (card is None),
        )

    @property
    def price(self) -> int:
        """What cards and crates must cover: no credit below zero (RULES §5.1)."""
        return max(0, self.cost - self.discount)

    @property
    def due(self) -> int:
        return max(0, self.price - self.paid)


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class Player:
    hand: list[str] = field(default_factory=list)
    licenses: list[str] = field(default_factory=list)
    """License ids in the order bought."""
    boats: list[Boat] = field(default_factory=list)
    """Launched boats, in the order launched."""
    processed: int = 0
    """Fish crates on the Processing Vessel license: $1 each, no VP."""
    drawn: list[str] = field(default_factory=list)
    """Cards just drawn in the draw phase, the discard still to come (RULES §10.1)."""
    discards: int = 0
    """Cards still to discard in this draw phase."""
    task: TaskKind | None = None
    stage: Stage | None = None
    """Where this seat is in its end of round (RULES §3.2); None while it is in the auction,
    and while it is out of it but waits for the close (`flow.early`)."""
    payment: Payment | None = None
    launches: int = 0
    hires: int = 0
    out: bool = False
    """Done with this auction phase: bought a license, or declined to choose one (§4.5)."""
    acted: int = 0
    """Actions made: a prompt carries it, so it is stale once this seat has acted again."""

    def clone(self) -> Player:
        """An independent copy, built slot by slot (`__init__`'s keyword checks were a third
        of the time of a copy); the payment is immutable and shared."""
        new = object.__new__(Player)
        new.hand = self.hand.copy()
        new.licenses = self.licenses.copy()
        new.boats = [b.clone() for b in self.boats]
        new.processed = self.processed
        new.drawn = self.drawn.copy()
        new.discards = self.discards
        new.task = self.task
        new.stage = self.stage
        new.payment = self.payment
        new.launches = self.launches
        new.hires = self.hires
        new.out = self.out
        new.acted = self.acted
        return new


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class Auction:
    """The license auction under way (RULES §4)."""

    lot: str | None = None
    """The license up for bid; None while the chooser decides."""
    high: int = 0
    leader: int | None = None
    """The high bidder."""
    opener: int | None = None
    passed: list[int] = field(default_factory=list)
    """Seats out of the bidding for this lot."""
    bought: int = 0
    """Licenses bought in this auction phase."""

    def clone(self) -> Auction:
        new = object.__new__(Auction)
        new.lot = self.lot
        new.high = self.high
        new.leader = self.leader
        new.opener = self.opener
        new.passed = self.passed.copy()
        new.bought = self.bought
        return new


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class FleetCardsState:
    schema_version: int = SCHEMA_VERSION
    game: Literal["fleet-cards"] = "fleet-cards"
    seed: str
    options: Options = field(default_factory=Options)
    version: int = 0
    """Actions applied so far."""
    public: int = 0
    """Moves of the public step (every auction decision, every phase change)."""
    round: int = 1
    phase: Phase = "auction"
    first_player: int = 0
    players: list[Player]
    row: list[str] = field(default_factory=list)
    """The licenses on offer."""
    licenses: list[str] = field(default_factory=list)
    """The license deck, top card first (secret order)."""
    removed: list[str] = field(default_factory=list)
    """Licenses taken out unseen at setup (RULES §2.2)."""
    cleared: list[str] = field(default_factory=list)
    """Licenses removed from play, face up, when a phase sold none (RULES §4.8)."""
    deck: list[str] = field(default_factory=list)
    """The boat card supply, top card first."""
    discard: list[str] = field(default_factory=list)
    hidden: dict[str, int] = field(default_factory=dict)
    """Cards of the discard pile discarded face down: card → the one seat that saw it."""
    reshuffles: int = 0
    crates: int = 0
    """The fish crate supply; below zero once crates were credited beyond it (RULES §8.2)."""
    gone_fishin: list[str] = field(default_factory=list)
    """The Gone Fishin' supply (RULES §14.2)."""
    auction: Auction = field(default_factory=Auction)
    last_round: bool = False
    end: End | None = None

    def clone(self, *, players: bool = True) -> FleetCardsState:
        """An independent copy, built slot by slot (options are immutable and shared).

        ``players=False`` shares the players themselves; `Work.player` then copies each one
        before it is changed, so an action copies only the players it touches."""
        new = object.__new__(FleetCardsState)
        new.schema_version = self.schema_version
        new.game = self.game
        new.seed = self.seed
        new.options = self.options
        new.version = self.version
        new.public = self.public
        new.round = self.round
        new.phase = self.phase
        new.first_player = self.first_player
        new.players = [p.clone() for p in self.players] if players else self.players.copy()
        new.row = self.row.copy()
        new.licenses = self.licenses.copy()
        new.removed = self.removed.copy()
        new.cleared = self.cleared.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.hidden = self.hidden.copy()
        new.reshuffles = self.reshuffles
        new.crates = self.crates
        new.gone_fishin = self.gone_fishin.copy()
        new.auction = self.auction.clone()
        new.last_round = self.last_round
        new.end = self.end
        return new


STATE = TypeAdapter(FleetCardsState)
"""Validates and serialises a whole state (JSON in storage, nothing else)."""


_LEGACY = re.compile(r'"phase"\s*:\s*"(?:launch|processing|draw)"')


def migrate(text: str) -> str:
    """A game saved while a phase after the auction waited for everyone (before RULES §3.2
    let each seat go at its own pace), as the same moment in stages: a seat still launching
    or paying for a boat is launching; one done launching is hiring, and one done hiring
    gets its Lobster draw and its catch with the next move at the table; in processing,
    everyone is processing (one already done draws with the next move); in the draw phase,
    a seat still to discard is drawing, the others are done. Any other text is left as it
    is."""
    if not _LEGACY.search(text):
        return text
    data = json.loads(text)
    phase = data.get("phase") if isinstance(data, dict) else None
    if phase not in LEGACY_PHASES:
        return text
    data["phase"] = "work"
    for p in data.get("players") or ():
        if not isinstance(p, dict):
            continue  # the state's own checks name what is wrong
        task = p.get("task")
        if phase == "launch":
            p["stage"] = "launch" if task in ("launch", "pay") else "hire"
        elif phase == "processing":
            p["stage"] = "process"
        else:
            p["stage"] = "draw" if task == "discard" else "done"
    return json.dumps(data)
