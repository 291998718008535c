"""Game state: plain data, JSON-serialisable, and nothing else holds it (DESIGN: engine contract).

A box is open (``.``), marked by its owner (``x``) or crossed out by Captain Ruth (``/``). Each
section of a sheet, and the coin track, is one string of those marks, top box first: compact
in storage and easy to read in a log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter, with_config

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
DECIDED: frozenset[TaskKind] = frozenset(("pick", "use", "star", "circle", "bonus", "oyster"))
"""The tasks a seat decides (`engine.fleet_dice.decisions` declares each); the others resolve
at once."""

RUTH = -1
"""Captain Ruth's place in a solo pick order; she is not a seat."""


_STRICT = ConfigDict(extra="forbid")


@with_config(_STRICT)
@dataclass(frozen=True, slots=True, kw_only=True)
class Task:
    """One piece of pending work for a seat: a decision to make or a step still to resolve.
    Immutable, so copies of a state share their tasks."""

    kind: TaskKind
    face: str | None = None  # use: the die's face
    chosen: bool = False  # use: the die this seat picked (not the leftover)
    section: str | None = None  # mark: where; circle: which boat type
    source: str | None = None  # star: why it was granted; fish: "round" or "club"
    coins: int = 0  # fish: how many oyster boats take 1 fish + 1 coin
    box: int = 0  # star from coins: the coin box (1-based) whose star granted it


_TASKS: dict[tuple[object, ...], Task] = {}


def task_of(
    kind: TaskKind,
    *,
    face: str | None = None,
    chosen: bool = False,
    section: str | None = None,
    source: str | None = None,
    coins: int = 0,
    box: int = 0,
) -> Task:
    """The one value of a task: tasks are immutable, and an action queues one or two, so a
    value made once is cheaper than a new frozen one each time.

    >>> task_of("mark", section="cod") is task_of("mark", section="cod")
    True
    """
    key = (kind, face, chosen, section, source, coins, box)
    made = _TASKS.get(key)
    if made is None:
        made = _TASKS[key] = Task(
            kind=kind,
            face=face,
            chosen=chosen,
            section=section,
            source=source,
            coins=coins,
            box=box,
        )
    return made


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class PlayerState:
    marks: dict[str, str]
    coins: str
    licenses: dict[str, int]
    boats: dict[str, list[int]] = field(default_factory=dict)
    """Fish on each launched boat, by kind (boat types and harbor boats)."""
    king_crab_bonus: str | None = None
    completed: list[str] = field(default_factory=list)
    """Wharf buildings this player completed, in order."""
    hexagons: list[str] = field(default_factory=list)
    scrap_uses: int = 0
    buffet_from: int = 0
    """The first round the Seafood Buffet may be used: the round after its completion (§17.4)."""
    rerolled: str = ""
    """The phase (e.g. ``3:boat``) in which this player last used the Casino reroll."""
    captain: str | None = None
    start: str | None = None
    """The boat type of the start roll (when no captain card was dealt)."""
    tasks: list[Task] = field(default_factory=list)
    acted: int = 0
    """How many actions this seat has made. A prompt carries it: once the seat has acted
    again, the prompt is stale, whatever other seats did in between."""

    def clone(self) -> PlayerState:
        """An independent copy. Strings and tasks are immutable, so they are shared. Built
        slot by slot rather than through `__init__`: an action copies a player or two, and
        the keyword checks were a third of the copy."""
        new = object.__new__(PlayerState)
        new.marks = self.marks.copy()
        new.coins = self.coins
        new.licenses = self.licenses.copy()
        new.boats = self.boats.copy()  # each boat list is replaced, never changed in place
        new.king_crab_bonus = self.king_crab_bonus
        new.completed = self.completed.copy()
        new.hexagons = self.hexagons.copy()
        new.scrap_uses = self.scrap_uses
        new.buffet_from = self.buffet_from
        new.rerolled = self.rerolled
        new.captain = self.captain
        new.start = self.start
        new.tasks = self.tasks.copy()
        new.acted = self.acted
        return new


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class RuthState:
    """Captain Ruth's three markers (RULES §15)."""

    boat: str = "shrimp"
    harbor: str = "king_crab"
    wharf: str = "casino"


class Options(BaseModel):
    """The game's own table options (RULES §14), chosen in the lobby."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    captains: bool = False
    """Deal captain cards instead of the start roll."""
    trophies: bool = False
    """Play for the gold and silver trophies."""
    sheet: str = "house-v1"
    """Which score sheet data file to play on."""


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class FleetState:
    schema_version: int = SCHEMA_VERSION
    game: Literal["fleet-dice"] = "fleet-dice"
    seed: str
    options: Options = field(default_factory=Options)
    version: int = 0
    """How many actions have been applied: a button carries it to detect stale clicks."""
    round: int = 0
    rounds: int
    phase: Phase = "setup"
    stage: Stage = ""
    first_player: int = 0
    order: list[int] = field(default_factory=list)
    """Who picks in the current draft, in turn; RUTH stands for Captain Ruth."""
    picks: int = 0
    pool: list[str] = field(default_factory=list)
    rolled: list[str] = field(default_factory=list)
    """Every die of the current draft as rolled, for the table's record of it."""
    taken: list[str] = field(default_factory=list)
    """Who took which die this draft, in order: ``"1:cod"`` (seat 1), ``"ruth:harbor"``."""
    leftover: str | None = None
    players: list[PlayerState]
    ruth: RuthState | None = None
    gold: str | None = None
    silver: str | None = None
    silver_seats: list[int] = field(default_factory=list)

    @property
    def solo(self) -> bool:
        return self.ruth is not None

    @property
    def phase_key(self) -> str:
        return f"{self.round}:{self.phase}"

    def clone(self, *, players: bool = True) -> FleetState:
        """An independent copy, built slot by slot: a generic deep copy was nine tenths of
        the engine's time, and `__init__`'s keyword checks a third of what was left. Strings,
        tasks and options are immutable, so they are shared.

        ``players=False`` shares the players themselves; `Work.player` then copies each one
        before it is changed, so an action copies only the players it touches."""
        new = object.__new__(FleetState)
        new.schema_version = self.schema_version
        new.game = self.game
        new.seed = self.seed
        new.options = self.options
        new.version = self.version
        new.round = self.round
        new.rounds = self.rounds
        new.phase = self.phase
        new.stage = self.stage
        new.first_player = self.first_player
        # `order`, `rolled` and `silver_seats` are only ever replaced, never changed in
        # place: the copy shares them.
        new.order = self.order
        new.picks = self.picks
        new.pool = self.pool.copy()
        new.rolled = self.rolled
        new.taken = self.taken.copy()
        new.leftover = self.leftover
        new.players = [p.clone() for p in self.players] if players else self.players.copy()
        ruth = self.ruth
        new.ruth = (
            None
            if ruth is None
            else RuthState(boat=ruth.boat, harbor=ruth.harbor, wharf=ruth.wharf)
        )
        new.gold = self.gold
        new.silver = self.silver
        new.silver_seats = self.silver_seats
        return new


FleetView = FleetState
"""What a seat sees: the whole table, since every sheet and die is public in the printed
game, but never the seed, from which every future roll could be worked out."""

STATE = TypeAdapter(FleetState)
"""Validates and serialises a whole state (JSON in storage, nothing else)."""
