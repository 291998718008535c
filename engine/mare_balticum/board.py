"""The map and the components as data (RULES §1): loaded from a JSON file and validated.

Where the sea spaces lie, which are light or dark, which touch, where the ports' round demand
spaces are, what the bag holds and what the contracts ask for are data: the printed map is not
public, so the house map is a proposal, and a server owner who has the printed board can load a
corrected file without touching the code. A broken file is refused naming the bad field.
"""

from __future__ import annotations

import re
from collections import deque
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.data import builtin_data, parse_data, read_data_file
from engine.core.errors import EngineError

AMBER = "amber"
CLOCK = "clock"
SAFE = "safe"
Kind = Literal["port", "light", "dark"]
Symbol = Literal["0", "-1"]

_CODE = re.compile(r"^[A-Z][A-Z0-9]{1,3}$")
_ID = re.compile(r"^[a-z][a-z0-9_]{0,15}$")
_MAP = re.compile(r"^[a-z0-9][a-z0-9_-]{0,23}$")


class MapError(EngineError):
    """A map file that cannot be used; the message names the bad field."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Space(_Strict):
    """One space: a port (boats only) or a light (1 token) or dark (2 tokens) sea space."""

    code: str = Field(description="the label on the picture, e.g. BBA; actions use it lowercased")
    name: str = Field(min_length=1, max_length=40)
    kind: Kind
    cell: tuple[int, int]
    """Column and row on the display grid, north at the top."""
    adjacent: list[str] = Field(min_length=1)
    demand: list[Symbol] = Field(default_factory=list)
    """A port's round demand spaces, by printed symbol (RULES §2.4, §11)."""

    @property
    def slots(self) -> int:
        """How many tokens this space holds when full (RULES §2.2)."""
        return {"port": 0, "light": 1, "dark": 2}[self.kind]


class Contract(_Strict):
    id: str
    tokens: dict[str, int]
    """The set of tokens that fills it once, by kind (species or amber)."""

    @property
    def size(self) -> int:
        return sum(self.tokens.values())


class Board(_Strict):
    """A whole map with its components. Spaces are listed in table order: the refill and the
    demand deal go through them in this order (RULES §7.3)."""

    map: str = Field(pattern=_MAP.pattern)
    title: str = ""
    species: list[str] = Field(min_length=1, max_length=6)
    bag: dict[str, int]
    clocks: int = Field(ge=1, le=12)
    time_track: list[str]
    cargo_slots: int = Field(ge=1, le=10)
    boats: dict[str, int]
    """Boats per player, by player count (keys are counts as text)."""
    multipliers: list[int]
    safe_discard: int = Field(ge=0, le=5)
    grid: tuple[int, int]
    spaces: list[Space] = Field(min_length=2)
    demand_tokens: dict[str, int]
    contract_points: int = Field(ge=0)
    contracts: list[Contract] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        for s in self.species:
            if not _ID.match(s) or s in (AMBER, CLOCK, SAFE):
                raise ValueError(f"species: {s!r} is not a usable species id")
        if len(set(self.species)) != len(self.species):
            raise ValueError("species: names repeat")
        kinds = {*self.species, AMBER}
        if set(self.bag) != kinds or min(self.bag.values()) < 0:
            raise ValueError(f"bag: give a count ≥ 0 for exactly {sorted(kinds)}")
        if len(self.time_track) != self.clocks:
            raise ValueError("time_track: needs one space per clock")
        if len(self.multipliers) != len(self.species):
            raise ValueError("multipliers: one company multiplier per species")
        if self.clocks < len(self.multipliers) + 2:
            raise ValueError("clocks: one per company token (multipliers and safe), plus the last")
        if any(not k.isdigit() or not 1 <= v <= 10 for k, v in self.boats.items()):
            raise ValueError("boats: keys are player counts, values 1..10")
        self._check_spaces()
        self._check_demands()
        for c in self.contracts:
            if not _ID.match(c.id) or set(c.tokens) - kinds or c.size < 1:
                raise ValueError(f"contracts: {c.id!r} must name known token kinds")
        if len({c.id for c in self.contracts}) != len(self.contracts):
            raise ValueError("contracts: ids repeat")
        return self

    def _check_spaces(self) -> None:
        codes = [s.code for s in self.spaces]
        if len(set(codes)) != len(codes):
            raise ValueError("spaces: codes repeat")
        cells = [s.cell for s in self.spaces]
        if len(set(cells)) != len(cells):
            raise ValueError("spaces: two spaces share a display cell")
        by_code = {s.code: s for s in self.spaces}
        for s in self.spaces:
            if not _CODE.match(s.code):
                raise ValueError(f"spaces: code {s.code!r} must be 2-4 capitals or digits")
            if not (0 <= s.cell[0] < self.grid[0] and 0 <= s.cell[1] < self.grid[1]):
                raise ValueError(f"spaces: {s.code} lies outside the grid")
            for other in s.adjacent:
                if other not in by_code or other == s.code:
                    raise ValueError(f"spaces: {s.code} touches unknown space {other!r}")
                if s.code not in by_code[other].adjacent:
                    raise ValueError(f"spaces: {s.code} touches {other} but not back")
            if (s.kind == "port") != bool(s.demand):
                raise ValueError(f"spaces: {s.code}: ports, and only ports, have demand spaces")
        if not any(s.kind == "port" for s in self.spaces):
            raise ValueError("spaces: the map needs a port")
        seen = {codes[0]}
        todo = deque([codes[0]])
        while todo:
            for n in by_code[todo.popleft()].adjacent:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(codes):
            raise ValueError("spaces: the map is not connected")
        if sum(s.slots for s in self.spaces) > sum(self.bag.values()):
            raise ValueError("bag: too few tokens to fill the sea at the start")

    def _check_demands(self) -> None:
        if set(self.demand_tokens) != set(self.species):
            raise ValueError("demand_tokens: give a count for every species")
        ports = [s for s in self.spaces if s.kind == "port"]
        if sum(self.demand_tokens.values()) != sum(len(p.demand) for p in ports):
            raise ValueError("demand_tokens: must fill the ports' round spaces exactly")
        if max(len(p.demand) for p in ports) > len(self.species):
            raise ValueError("spaces: a port has more round spaces than there are species")
        if max(self.demand_tokens.values()) > len(ports):
            raise ValueError("demand_tokens: more tokens of a species than ports")

    # --- look-ups the rules use ------------------------------------------------------------

    @cached_property
    def by_code(self) -> dict[str, Space]:
        return {s.code: s for s in self.spaces}

    @cached_property
    def neighbours(self) -> dict[str, frozenset[str]]:
        return {s.code: frozenset(s.adjacent) for s in self.spaces}

    @cached_property
    def bit(self) -> dict[str, int]:
        """Each space as one bit of an int, for fast group tests (`fleet`)."""
        return {s.code: 1 << i for i, s in enumerate(self.spaces)}

    @cached_property
    def codes(self) -> tuple[str, ...]:
        """The space codes in table order: bit i of a group is `codes[i]`."""
        return tuple(s.code for s in self.spaces)

    @cached_property
    def sea_slots(self) -> tuple[tuple[str, int], ...]:
        """Each sea space with the tokens it holds when full, in table order (the refill)."""
        return tuple((s.code, s.slots) for s in self.spaces if s.slots)

    @cached_property
    def bag_kinds(self) -> tuple[str, ...]:
        """What a bag can hold (every token kind and the clock), in the bag's sorted order."""
        return tuple(sorted((*self.kinds, CLOCK)))

    @cached_property
    def table_index(self) -> dict[str, int]:
        return {s.code: i for i, s in enumerate(self.spaces)}

    @cached_property
    def lower(self) -> dict[str, str]:
        """Each space's code as actions write it (``BBA`` → ``bba``)."""
        return {s.code: s.code.lower() for s in self.spaces}

    @cached_property
    def all_bits(self) -> int:
        return (1 << len(self.spaces)) - 1

    @cached_property
    def sail_cache(self) -> dict[tuple[int, int], int]:
        """Where a boat may sail, by (fleet, boat) bits: filled as games ask (`fleet`)."""
        return {}

    @cached_property
    def touch_mask(self) -> tuple[int, ...]:
        """By space index: the bits of its neighbours."""
        return tuple(sum(self.bit[n] for n in s.adjacent) for s in self.spaces)

    @cached_property
    def ports(self) -> tuple[str, ...]:
        return tuple(s.code for s in self.spaces if s.kind == "port")

    @cached_property
    def seas(self) -> tuple[str, ...]:
        return tuple(s.code for s in self.spaces if s.kind != "port")

    @cached_property
    def kinds(self) -> tuple[str, ...]:
        """Every token kind: the species, then amber."""
        return (*self.species, AMBER)

    @cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """Steps between any two spaces (for the heuristic and the picture)."""
        out: dict[str, dict[str, int]] = {}
        for start in self.by_code:
            dist = {start: 0}
            todo = deque([start])
            while todo:
                here = todo.popleft()
                for n in self.neighbours[here]:
                    if n not in dist:
                        dist[n] = dist[here] + 1
                        todo.append(n)
            out[start] = dist
        return out

    def boats_for(self, players: int) -> int:
        """RULES §2.1: boats per player."""
        try:
            return self.boats[str(players)]
        except KeyError as exc:
            raise EngineError(f"map {self.map!r} has no boat count for {players} players") from exc

    def contract(self, card: str) -> Contract:
        return next(c for c in self.contracts if c.id == card)

    def code(self, arg: str) -> str | None:
        """The space an action argument names (``bba`` → ``BBA``), or None."""
        up = arg.upper()
        return up if up in self.by_code else None


HOUSE_MAP = "house"


def parse_map(text: str, origin: str = "map") -> Board:
    """Validate a map file's text; a broken file is refused naming the bad field."""
    return parse_data(Board, text, origin, MapError)


def load_map_file(path: str | Path) -> Board:
    return read_data_file(Board, path, MapError, "map")


@cache
def builtin_map(name: str = HOUSE_MAP) -> Board:
    """A map shipped in the package (``data/<name>.json``), by its id."""
    if not _MAP.match(name):
        raise MapError(f"no built-in map called {name!r}")
    return builtin_data(Board, "engine.mare_balticum", "data", name, MapError, "map", "map")
