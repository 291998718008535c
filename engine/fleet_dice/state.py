"""Game state: plain data, JSON-serialisable, and nothing else holds it (DESIGN: engine contract).

A box is open (``.``), marked by its owner (``x``) or crossed out by Captain Ruth (``/``). Each
section of a sheet, and the coin track, is one string of those marks, top box first: compact
in storage and easy to read in a log.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1

OPEN = "."
MARKED = "x"
CROSSED = "/"

Phase = Literal["setup", "boat", "income", "fishing", "town", "over"]
Stage = Literal["pick", "leftover", ""]
TaskKind = Literal[
    # decisions a seat makes
    "pick",  # take one die from the pool
    "use",  # use a die (chosen or leftover)
    "star",  # a star action's target
    "circle",  # a ? circle: license or boat
    "bonus",  # a King Crab bonus
    "oyster",  # how many oyster boats take 1 fish + 1 coin, then fish
    # automatic steps, queued so that chains resolve depth-first in order
    "mark",  # mark the top open box of `section`
    "fish",  # a fishing phase for this seat
    "gain",  # gain `coins` coins (a 3 Coins face used in a chain)
]
DECISIONS: frozenset[str] = frozenset({"pick", "use", "star", "circle", "bonus", "oyster"})

RUTH = -1
"""Captain Ruth's place in a solo pick order; she is not a seat."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Task(_Model):
    """One piece of pending work for a seat: a decision to make or a step still to resolve."""

    kind: TaskKind
    face: str | None = None  # use: the die's face
    chosen: bool = False  # use: the die this seat picked (not the leftover)
    section: str | None = None  # mark: where; circle: which boat type
    source: str | None = None  # star: why it was granted; fish: "round" or "club"
    coins: int = 0  # fish: how many oyster boats take 1 fish + 1 coin


class PlayerState(_Model):
    marks: dict[str, str]
    coins: str
    licenses: dict[str, int]
    boats: dict[str, list[int]] = Field(default_factory=dict)
    """Fish on each launched boat, by kind (boat types and harbor boats)."""
    king_crab_bonus: str | None = None
    completed: list[str] = Field(default_factory=list)
    """Wharf buildings this player completed, in order."""
    hexagons: list[str] = Field(default_factory=list)
    scrap_uses: int = 0
    rerolled: str = ""
    """The phase (e.g. ``3:boat``) in which this player last used the Casino reroll."""
    captain: str | None = None
    start: str | None = None
    """The boat type of the start roll (when no captain card was dealt)."""
    tasks: list[Task] = Field(default_factory=list)
    acted: int = 0
    """How many actions this seat has made. A prompt carries it: once the seat has acted
    again, the prompt is stale, whatever other seats did in between."""


class RuthState(_Model):
    """Captain Ruth's three markers (RULES §15)."""

    boat: str = "shrimp"
    harbor: str = "king_crab"
    wharf: str = "casino"


class Options(_Model):
    captains: bool = False
    trophies: bool = False
    sheet: str = "house-v1"


class FleetState(_Model):
    schema_version: int = SCHEMA_VERSION
    game: Literal["fleet-dice"] = "fleet-dice"
    seed: str
    options: Options = Field(default_factory=Options)
    version: int = 0
    """How many actions have been applied: a button carries it to detect stale clicks."""
    round: int = 0
    rounds: int
    phase: Phase = "setup"
    stage: Stage = ""
    first_player: int = 0
    order: list[int] = Field(default_factory=list)
    """Who picks in the current draft, in turn; RUTH stands for Captain Ruth."""
    picks: int = 0
    pool: list[str] = Field(default_factory=list)
    leftover: str | None = None
    players: list[PlayerState]
    ruth: RuthState | None = None
    gold: str | None = None
    silver: str | None = None
    silver_seats: list[int] = Field(default_factory=list)

    @property
    def solo(self) -> bool:
        return self.ruth is not None

    @property
    def phase_key(self) -> str:
        return f"{self.round}:{self.phase}"

    def clone(self) -> FleetState:
        """An independent copy for `apply` to change. Copies each mutable container by hand:
        a generic deep copy was nine tenths of the engine's time. Strings are immutable and
        Options is never changed after setup, so they are shared."""
        players = [
            p.model_copy(
                update={
                    "marks": dict(p.marks),
                    "licenses": dict(p.licenses),
                    "boats": {kind: list(fish) for kind, fish in p.boats.items()},
                    "completed": list(p.completed),
                    "hexagons": list(p.hexagons),
                    "tasks": [t.model_copy() for t in p.tasks],
                }
            )
            for p in self.players
        ]
        return self.model_copy(
            update={
                "players": players,
                "order": list(self.order),
                "pool": list(self.pool),
                "silver_seats": list(self.silver_seats),
                "ruth": self.ruth.model_copy() if self.ruth else None,
            }
        )
