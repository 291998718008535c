"""Game state: plain data, JSON-serialisable, and nothing else holds it.

Tokens are named by kind (a species id, ``amber`` or ``clock``); spaces by their map code
(``BBA``); company tokens by their text (``x3`` … ``x0``, ``safe``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter, with_config

from engine.mare_balticum.board import HOUSE_MAP

SCHEMA_VERSION = 1
ACTIONS_PER_TURN = 3

Phase = Literal["setup", "turn", "company", "safe", "over"]
"""setup: starting boats go on ports; turn: the active player's actions; company: a clock is
out and every player chooses a company token; safe: players who played the safe discard."""
SubKind = Literal["sail", "launch", "unload", "contract"]

_STRICT = ConfigDict(extra="forbid")


class Options(BaseModel):
    """The game's own table options (RULES §11, §12), chosen in the lobby."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    demand_management: bool = False
    """Optional rule 1: ports start without demands; unloading opens them."""
    contracts: bool = False
    """Optional rule 2: the contract cards and the action that takes one."""
    map: str = HOUSE_MAP
    """Which map data file to play on (``data/<map>.json``)."""


@with_config(_STRICT)
@dataclass(frozen=True, slots=True, kw_only=True)
class Sub:
    """The second half of a turn action the active player has started (RULES §13.2)."""

    kind: SubKind
    space: str = ""
    """sail: where the boat being moved is; unload: the port."""
    done: int = 0
    """launch: boats placed so far; unload: demands opened so far."""
    only: str = ""
    """unload: the fish chosen to unload (``cod+salmon:2``); "" for every fish it takes."""


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class Player:
    boats: list[str]
    """The spaces of this player's boats on the board, in the order they arrived."""
    reserve: int
    """Boats not on the board yet (until the first sail, RULES §4.3)."""
    cargo: list[str] = field(default_factory=list)
    """Fish aboard, face up (RULES §5.3), in the order caught."""
    warehouse: dict[str, int] = field(default_factory=dict)
    """Tokens unloaded or amber fished, by kind (RULES §5.2, §6)."""
    market: dict[str, int] = field(default_factory=dict)
    """Face-down multipliers by species (RULES §8.3): secret until the game ends."""
    hand: list[str] = field(default_factory=list)
    """Company tokens not played yet (secret but for the safe, RULES §13.4)."""
    safe: bool = False
    """The safe is down, face up."""
    owes: bool = False
    """Must choose a company token at this clock."""
    choice: str = ""
    """The face-down choice made at this clock (``x3:salmon``, ``safe``) until the reveal."""
    discards: int = 0
    """Tokens still to throw away for the safe (RULES §8.4)."""
    contract: str = ""
    """The contract card held face down (RULES §12)."""
    acted: int = 0
    """How many actions this seat has made: a prompt carries it, so it goes stale."""

    def clone(self) -> Player:
        return Player(
            boats=self.boats.copy(),
            reserve=self.reserve,
            cargo=self.cargo.copy(),
            warehouse=self.warehouse.copy(),
            market=self.market.copy(),
            hand=self.hand.copy(),
            safe=self.safe,
            owes=self.owes,
            choice=self.choice,
            discards=self.discards,
            contract=self.contract,
            acted=self.acted,
        )

    def tokens_held(self) -> int:
        """Fish in cargo plus every token in the warehouse (what the safe can take)."""
        return len(self.cargo) + sum(self.warehouse.values())


@with_config(_STRICT)
@dataclass(slots=True, kw_only=True)
class MareState:
    schema_version: int = SCHEMA_VERSION
    game: Literal["mare-balticum"] = "mare-balticum"
    seed: str
    options: Options = field(default_factory=Options)
    version: int = 0
    phase: Phase = "setup"
    round: int = 1
    turn: int = 0
    """Turns begun so far (the public step of a turn)."""
    start_seat: int
    seat: int
    """Whose turn it is, or who puts a starting boat on a port."""
    actions: int = ACTIONS_PER_TURN
    """Actions left in this turn."""
    sub: Sub | None = None
    tokens: dict[str, list[str]]
    """Face-up tokens on each sea space."""
    bag: list[str]
    """What the bag holds, in a fixed order: which token comes out is drawn from the seed."""
    draws: int = 0
    refill: list[str] = field(default_factory=list)
    """Spaces still waiting for a token in this refill, one entry per missing token."""
    clocks: int = 0
    """Clocks on the time track."""
    final_round: int = 0
    """The round after which the game ends; 0 until the last clock is out (RULES §9)."""
    demands: dict[str, list[str]]
    """Each port's round spaces: the species demanded there, or "" for an empty space."""
    demand_stock: dict[str, int] = field(default_factory=dict)
    """Demand tokens not on the board (optional rule 1)."""
    deck: list[str] = field(default_factory=list)
    """Contract cards not held by anyone (optional rule 2)."""
    log: list[dict[str, Any]] = field(default_factory=list)
    """The public events of the current public step (a turn, or a clock's pause)."""
    reveal: list[str] = field(default_factory=list)
    """The last clock's revealed choices by seat: a species, ``safe``, or ""."""
    players: list[Player]

    def clone(self) -> MareState:
        """A copy that shares the players: `Work.player` copies one before changing it."""
        return MareState(
            schema_version=self.schema_version,
            game=self.game,
            seed=self.seed,
            options=self.options,
            version=self.version,
            phase=self.phase,
            round=self.round,
            turn=self.turn,
            start_seat=self.start_seat,
            seat=self.seat,
            actions=self.actions,
            sub=self.sub,
            tokens=self.tokens.copy(),
            bag=self.bag.copy(),
            draws=self.draws,
            refill=self.refill.copy(),
            clocks=self.clocks,
            final_round=self.final_round,
            demands=self.demands.copy(),
            demand_stock=self.demand_stock.copy(),
            deck=self.deck.copy(),
            log=self.log.copy(),
            reveal=self.reveal.copy(),
            players=self.players.copy(),
        )

    @property
    def last_seat(self) -> int:
        """The player to the right of the start player: the last of each round."""
        return (self.start_seat - 1) % len(self.players)


STATE = TypeAdapter(MareState)
"""Validates and serialises a whole state (JSON in storage, nothing else)."""
