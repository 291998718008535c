"""Game state: plain data, JSON-serialisable, and nothing else holds it.

The public part of a captain (doubloons, ships, cargo, cards bought) sits beside the secret
part (hands, the development cards still face down); `view.py` decides who sees what.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter, with_config

SCHEMA_VERSION = 1

Ship = Literal["merchant", "pirate", "yellow", "purple"]
SHIPS: tuple[Ship, ...] = ("merchant", "pirate", "yellow", "purple")
OWN_SHIPS: tuple[Ship, ...] = ("merchant", "pirate")
Stage = Literal[
    "setup", "dock", "enter", "card", "helm", "course", "chart", "discard", "buy", "over"
]
"""Where the turn stands: which decision the seat at turn owes (RULES §5)."""
COLOURS = ("black", "white", "orange", "brown")
"""Player colours; black is the start player's (RULES §3.2)."""

_STRICT = ConfigDict(extra="forbid")


class Options(BaseModel):
    """The game's own table options, chosen in the lobby (RULES §3.5)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    victory: Literal[10, 20] = 10
    """The victory card's price: 10 (the standard game) or 20 (a longer game)."""


@with_config(_STRICT)
@dataclass(frozen=True, slots=True, kw_only=True)
class ShipTurn:
    """What one ship has done this turn (RULES §5.3)."""

    used: int = 0
    """Spaces moved so far."""
    moved: bool = False
    closed: bool = False
    """Another ship has moved since this one did: its move is over."""
    acts: tuple[str, ...] = ()
    """The actions it made: ``trade``, ``sell``, ``raid``, ``bury``, ``sink``."""

    def closing(self) -> ShipTurn:
        """The same, its move over (another ship moved). Made directly: `dataclasses.replace`
        looks the fields up again at every move."""
        return ShipTurn(used=self.used, moved=self.moved, closed=True, acts=self.acts)

    def acting(self, kind: str) -> ShipTurn:
        """The same, with one more action of `kind` made."""
        return ShipTurn(
            used=self.used, moved=self.moved, closed=self.closed, acts=(*self.acts, kind)
        )


NOT_MOVED = ShipTurn()
"""A ship that has done nothing this turn (one value: a ship turn never changes)."""


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class Turn:
    """The turn in progress: all of it is public (a played card is face up)."""

    seat: int
    card: str | None = None
    """The movement card played this turn."""
    ships: dict[str, ShipTurn] = field(default_factory=dict)
    last: str | None = None
    """The ship moved last (``pirate``, or ``pirate:2`` for another seat's pirate)."""
    played: list[str] = field(default_factory=list)
    """Fortune cards played this turn, in order."""
    effects: dict[str, int] = field(default_factory=dict)
    """Fortune powers in force until the end of the turn, with their amounts."""
    boost: dict[str, int] = field(default_factory=dict)
    """Extra movement per ship from fortune cards (Fair Wind; Mutiny for another pirate)."""
    navy_choice: str | None = None
    """With Admiralty Friend: the navy ship chosen this turn, once one was used."""
    course: str | None = None
    """The ship whose destination is being chosen (stage ``course``)."""
    mutiny: int | None = None
    """The seat whose pirate a Mutiny card moves (stage ``course``)."""
    chart: int = 0
    """Movement cards still to discard for a Navigator's Chart."""
    discards: int = 0
    """Fortune cards still to discard for the movement card's bottom symbol."""
    purchase: str | None = None
    """What the seat chose to buy (or ``pass``) when it ended its moves (RULES §10)."""

    def ship(self, name: str) -> ShipTurn:
        return self.ships.get(name) or NOT_MOVED

    def clone(self) -> Turn:
        """An independent copy, built slot by slot: `__init__`'s keyword checks were most
        of a copy, and every action copies the turn."""
        new = object.__new__(Turn)
        new.seat = self.seat
        new.card = self.card
        new.ships = self.ships.copy()
        new.last = self.last
        new.played = self.played.copy()
        new.effects = self.effects.copy()
        new.boost = self.boost.copy()
        new.navy_choice = self.navy_choice
        new.course = self.course
        new.mutiny = self.mutiny
        new.chart = self.chart
        new.discards = self.discards
        new.purchase = self.purchase
        return new


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class Captain:
    """One player: their colour, doubloons, two ships and cards."""

    colour: str
    doubloons: int = 0
    merchant: str | None = None
    """The merchant's space; None when it is off the map (not placed yet, or sunk)."""
    cargo: list[str] = field(default_factory=list)
    pirate: str | None = None
    loot: list[str] = field(default_factory=list)
    """Treasure: the cubes the pirate carries."""
    bought: list[str] = field(default_factory=list)
    """Development cards turned face up, in the order bought."""
    victory: bool = False
    movement: list[str] = field(default_factory=list)
    """Secret: the movement cards in hand."""
    fortune: list[str] = field(default_factory=list)
    """Secret: the fortune cards in hand."""
    development: list[str] = field(default_factory=list)
    """The four development cards dealt, cheapest first; secret while face down."""
    acted: int = 0
    """How many actions this seat has made: its buttons carry it, to go stale."""

    def clone(self) -> Captain:
        """An independent copy, built slot by slot (see `Turn.clone`)."""
        new = object.__new__(Captain)
        new.colour = self.colour
        new.doubloons = self.doubloons
        new.merchant = self.merchant
        new.cargo = self.cargo.copy()
        new.pirate = self.pirate
        new.loot = self.loot.copy()
        new.bought = self.bought.copy()
        new.victory = self.victory
        new.movement = self.movement.copy()
        new.fortune = self.fortune.copy()
        new.development = self.development.copy()
        new.acted = self.acted
        return new


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class BlackFleetState:
    schema_version: int = SCHEMA_VERSION
    game: Literal["black-fleet"] = "black-fleet"
    seed: str
    options: Options = field(default_factory=Options)
    version: int = 0
    captains: list[Captain]
    start: int
    """The seat with the black ships: the start player (RULES §3.2)."""
    navy: dict[str, str]
    """Each navy ship's space, by colour."""
    supply: dict[str, int]
    """Cubes waiting in each port, by goods colour."""
    buried: dict[str, int] = field(default_factory=dict)
    """Cubes buried on each beach so far (the picture marks them)."""
    movement_deck: list[str] = field(default_factory=list)
    movement_discard: list[str] = field(default_factory=list)
    fortune_deck: list[str] = field(default_factory=list)
    fortune_discard: list[str] = field(default_factory=list)
    box: list[str] = field(default_factory=list)
    """Development cards nobody was dealt (secret, back in the box)."""
    shuffles: int = 0
    """Reshuffles so far: each one is keyed by this count, so a game replays exactly."""
    round: int = 0
    turns: int = 0
    stage: Stage = "setup"
    turn: Turn
    final_round: bool = False
    ended: str | None = None
    """Why the game ended: ``victory`` or ``rounds``."""

    @property
    def seats(self) -> int:
        return len(self.captains)

    @property
    def players(self) -> list[Captain]:
        """The captains, by the name the core's working copy hands them out by
        (`engine.core.work.Work.player`, which copies one before an action changes it)."""
        return self.captains

    def clone(self) -> BlackFleetState:
        """An independent copy, built slot by slot (a generic deep copy is slow, and so are
        `__init__`'s keyword checks)."""
        new = object.__new__(BlackFleetState)
        new.captains = [c.clone() for c in self.captains]
        self._copy_rest(new)
        return new

    def shared_copy(self) -> BlackFleetState:
        """A copy for one action to change (`apply`): like `clone`, but sharing the captains
        with this state, in a list of its own: the working copy copies a captain the first
        time the action changes it (`engine.black_fleet.work`)."""
        new = object.__new__(BlackFleetState)
        new.captains = self.captains.copy()
        self._copy_rest(new)
        return new

    def _copy_rest(self, new: BlackFleetState) -> None:
        """Everything but the captains, copied into `new` slot by slot."""
        new.schema_version = self.schema_version
        new.game = self.game
        new.seed = self.seed
        new.options = self.options
        new.version = self.version
        new.start = self.start
        new.navy = self.navy.copy()
        new.supply = self.supply.copy()
        new.buried = self.buried.copy()
        new.movement_deck = self.movement_deck.copy()
        new.movement_discard = self.movement_discard.copy()
        new.fortune_deck = self.fortune_deck.copy()
        new.fortune_discard = self.fortune_discard.copy()
        new.box = self.box.copy()
        new.shuffles = self.shuffles
        new.round = self.round
        new.turns = self.turns
        new.stage = self.stage
        new.turn = self.turn.clone()
        new.final_round = self.final_round
        new.ended = self.ended


STATE = TypeAdapter(BlackFleetState)
"""Validates and serialises a whole state (JSON in storage, nothing else)."""
