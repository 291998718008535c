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
        return self.ships.get(name) or ShipTurn()

    def clone(self) -> Turn:
        return Turn(
            seat=self.seat,
            card=self.card,
            ships=dict(self.ships),
            last=self.last,
            played=list(self.played),
            effects=dict(self.effects),
            boost=dict(self.boost),
            navy_choice=self.navy_choice,
            course=self.course,
            mutiny=self.mutiny,
            chart=self.chart,
            discards=self.discards,
            purchase=self.purchase,
        )


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
        return Captain(
            colour=self.colour,
            doubloons=self.doubloons,
            merchant=self.merchant,
            cargo=list(self.cargo),
            pirate=self.pirate,
            loot=list(self.loot),
            bought=list(self.bought),
            victory=self.victory,
            movement=list(self.movement),
            fortune=list(self.fortune),
            development=list(self.development),
            acted=self.acted,
        )


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

    def clone(self) -> BlackFleetState:
        """An independent copy, built field by field (a generic deep copy is slow)."""
        return BlackFleetState(
            schema_version=self.schema_version,
            game=self.game,
            seed=self.seed,
            options=self.options,
            version=self.version,
            captains=[c.clone() for c in self.captains],
            start=self.start,
            navy=dict(self.navy),
            supply=dict(self.supply),
            buried=dict(self.buried),
            movement_deck=list(self.movement_deck),
            movement_discard=list(self.movement_discard),
            fortune_deck=list(self.fortune_deck),
            fortune_discard=list(self.fortune_discard),
            box=list(self.box),
            shuffles=self.shuffles,
            round=self.round,
            turns=self.turns,
            stage=self.stage,
            turn=self.turn.clone(),
            final_round=self.final_round,
            ended=self.ended,
        )


STATE = TypeAdapter(BlackFleetState)
"""Validates and serialises a whole state (JSON in storage, nothing else)."""
