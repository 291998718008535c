"""The sea map: a grid of land and sea spaces with ports, docks, beaches, Far Seas, the navy
starts and the pirate lairs (RULES §2), read from a validated data file.

A space is named like the picture labels it: a column letter and a row number (``F7``);
actions write it in lower case (``f7``). Two sea spaces are adjacent when they share an edge.

>>> sea = builtin_map()
>>> sea.port_of_dock["F2"].name, sea.beaches["G5"], sorted(sea.far_seas)
('Puerto Dorado', 6, ['C1', 'G11', 'K1'])
>>> sea.distance("F2", "B3")
5
"""

from __future__ import annotations

import string
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.data import parse_data, read_data_file
from engine.core.errors import EngineError

DATA = Path(__file__).parent / "data"

Goods = Literal["yellow", "red", "green", "blue", "violet"]
GOODS: tuple[Goods, ...] = ("yellow", "red", "green", "blue", "violet")
Navy = Literal["yellow", "purple"]
NAVIES: tuple[Navy, ...] = ("yellow", "purple")

LAND = "#"
SEA = "."
FAR_SEAS = "F"
LAIR = "X"
NAVY_START: dict[str, Navy] = {"Y": "yellow", "P": "purple"}
RESERVED = {LAND, SEA, FAR_SEAS, LAIR, *NAVY_START}
"""Letters with a fixed meaning: a port code must be another letter."""

_STRICT = ConfigDict(extra="forbid", frozen=True)


class PortSpec(BaseModel):
    """One port: its town's letter on the map, its goods, and what it pays per cube."""

    model_config = _STRICT

    code: str = Field(pattern=r"^[A-Z]$")
    name: str = Field(min_length=1, max_length=40)
    goods: Goods
    buys: dict[Goods, int]

    @model_validator(mode="after")
    def _prices(self) -> PortSpec:
        if self.code in RESERVED:
            raise ValueError(f"port code {self.code!r} is a reserved map letter")
        if self.goods in self.buys:
            # RULES §7.1: a port never buys the goods it produces.
            raise ValueError(f"port {self.code} cannot buy its own goods ({self.goods})")
        if not self.buys:
            raise ValueError(f"port {self.code} buys nothing")
        if any(not 1 <= price <= 9 for price in self.buys.values()):
            raise ValueError(f"port {self.code}: prices go from 1 to 9")
        return self


class MapSpec(BaseModel):
    """The map data file (`data/map.json`)."""

    model_config = _STRICT

    name: str
    legend: str = ""
    rows: list[str] = Field(min_length=3, max_length=30)
    goods_per_port: int = Field(ge=3, le=99)
    ports: list[PortSpec] = Field(min_length=2)

    @model_validator(mode="after")
    def _grid(self) -> MapSpec:
        width = len(self.rows[0])
        if not 3 <= width <= 26:
            raise ValueError("rows: a map is 3 to 26 columns wide")
        codes = [p.code for p in self.ports]
        if len(set(codes)) != len(codes):
            raise ValueError("ports: two ports share a code")
        if len({p.goods for p in self.ports}) != len(self.ports):
            raise ValueError("ports: two ports produce the same goods")
        allowed = RESERVED | set(codes) | {c.lower() for c in codes} | set("123456789")
        for r, row in enumerate(self.rows, 1):
            if len(row) != width:
                raise ValueError(f"rows: row {r} is not {width} spaces wide")
            bad = set(row) - allowed
            if bad:
                raise ValueError(f"rows: row {r} holds unknown letters {sorted(bad)}")
        text = "".join(self.rows)
        for code in codes:
            if text.count(code) != 1:
                raise ValueError(f"rows: port town {code} must appear exactly once")
            if code.lower() not in text:
                raise ValueError(f"rows: port {code} has no dock")
        for letter, navy in NAVY_START.items():
            if text.count(letter) != 1:
                raise ValueError(f"rows: the {navy} navy start {letter} must appear exactly once")
        if FAR_SEAS not in text:
            raise ValueError("rows: the map needs at least one Far Seas space (F)")
        return self


@dataclass(frozen=True)
class Port:
    code: str
    name: str
    goods: str
    buys: dict[str, int]
    town: str
    docks: tuple[str, ...]


class SeaMap:
    """The map as the rules use it: sea spaces, adjacency, distances and the special spaces."""

    def __init__(self, spec: MapSpec) -> None:
        self.spec = spec
        self.name = spec.name
        self.rows = spec.rows
        self.width = len(spec.rows[0])
        self.height = len(spec.rows)
        self.goods_per_port = spec.goods_per_port
        sea: list[str] = []
        land: set[str] = set()
        towns: dict[str, str] = {}
        docks: dict[str, list[str]] = {p.code: [] for p in spec.ports}
        self.beaches: dict[str, int] = {}
        self.far_seas: tuple[str, ...] = ()
        self.lairs: tuple[str, ...] = ()
        self.navy_starts: dict[str, str] = {}
        far: list[str] = []
        lairs: list[str] = []
        for r, row in enumerate(spec.rows):
            for c, ch in enumerate(row):
                name = label(c, r)
                if ch == LAND or ch in docks:
                    land.add(name)
                    if ch in docks:
                        towns[ch] = name
                    continue
                sea.append(name)
                if ch.isdigit():
                    self.beaches[name] = int(ch)
                elif ch == FAR_SEAS:
                    far.append(name)
                elif ch == LAIR:
                    lairs.append(name)
                elif ch in NAVY_START:
                    self.navy_starts[NAVY_START[ch]] = name
                elif ch.upper() in docks:
                    docks[ch.upper()].append(name)
        self.far_seas = tuple(far)
        self.beach_spaces: tuple[str, ...] = tuple(self.beaches)
        self.lairs = tuple(lairs)
        self.sea: tuple[str, ...] = tuple(sea)
        self.sea_set = frozenset(sea)
        self.land = frozenset(land)
        self.ports: tuple[Port, ...] = tuple(
            Port(
                p.code,
                p.name,
                p.goods,
                {g: v for g, v in p.buys.items()},
                towns[p.code],
                tuple(docks[p.code]),
            )
            for p in spec.ports
        )
        self.port_of_dock: dict[str, Port] = {d: p for p in self.ports for d in p.docks}
        self.port_of_goods: dict[str, Port] = {p.goods: p for p in self.ports}
        self.docks: tuple[str, ...] = tuple(d for p in self.ports for d in p.docks)
        self.neighbours: dict[str, tuple[str, ...]] = {
            s: tuple(n for n in _edges(s, self.width, self.height) if n in self.sea_set)
            for s in sea
        }
        self.land_neighbours: dict[str, tuple[str, ...]] = {
            s: tuple(_edges(s, self.width, self.height)) for s in (*sea, *land)
        }
        for port in self.ports:
            for dock in port.docks:
                if not _touches(dock, port.town):
                    raise EngineError(
                        f"map data: rows: dock {dock} does not touch the town of port {port.code}"
                    )
        self._distances = {s: self._bfs(s) for s in sea}
        self._order: dict[str, tuple[int, int]] = {}
        # Every space as one bit of an int, for quick searches of where a ship can go.
        cells = [label(c, r) for r in range(self.height) for c in range(self.width)]
        self.cells: tuple[str, ...] = tuple(cells)
        self.bit: dict[str, int] = {name: 1 << i for i, name in enumerate(cells)}
        self.lower: dict[str, str] = {name: name.lower() for name in cells}
        """Every space as an action names it."""
        self.attack_word: dict[str, str] = {name: f"attack:{name.lower()}" for name in cells}
        """Every space as the last word of a move that attacks the ship on it."""
        self.sea_bits = sum(self.bit[s] for s in sea)
        self.sea_touch: tuple[int, ...] = tuple(
            sum(self.bit[n] for n in self.neighbours.get(name, ())) for name in cells
        )
        """By cell: the bits of the sea spaces next to it (none for land)."""
        self.any_touch: tuple[int, ...] = tuple(
            sum(self.bit[n] for n in self.land_neighbours.get(name, ())) for name in cells
        )
        """By cell: the bits of every space next to it, land included (Shallow Draft)."""
        self.every_bit = (1 << len(cells)) - 1
        west = sum(1 << (r * self.width) for r in range(self.height))
        self._not_west = self.every_bit & ~west
        self._not_east = self.every_bit & ~(west << (self.width - 1))
        self.reach: dict[tuple[object, ...], dict[str, int]] = {}
        """Filled by `engine.black_fleet.movement`: where a ship can end a move, by where it
        starts, what stops it, where it may stop and how far it goes. The same question comes
        back again and again (a turn's choices, then the check of the one chosen, then the
        move), and the answer depends on nothing else."""
        self._around: dict[tuple[int, int], int] = {}
        self.offers: dict[tuple[tuple[tuple[str, ...], str], ...], dict[str, list[str]]] = {}
        """Filled by `engine.black_fleet.shipactions`: the actions a ship's move may end
        with, laid out by space, for each set of targets met so far."""
        unreachable = [s for s in sea if len(self._distances[s]) != len(sea)]
        if unreachable:
            raise EngineError(f"map data: rows: sea space {unreachable[0]} cannot be reached")

    def touching(self, spaces: int, within: int) -> int:
        """The spaces of `within` next to any of `spaces` (all as bits): the four
        neighbours of every space at once, by shifting the rows and columns of the grid
        (`sea_bits` for `sea_touch`'s spaces, `every_bit` for `any_touch`'s)."""
        width = self.width
        return (
            ((spaces << 1) & self._not_west)
            | ((spaces >> 1) & self._not_east)
            | (spaces << width)
            | (spaces >> width)
        ) & within

    def around(self, start: int, steps: int) -> int:
        """The spaces at most `steps` steps from the space `start` (both as bits, `bit`),
        land or sea: the only ones a move of that many steps from there can meet."""
        found = self._around.get((start, steps))
        if found is None:
            found = ring = start
            every = self.every_bit
            for _ in range(steps):
                ring = self.touching(ring, every) & ~found
                found |= ring
            self._around[(start, steps)] = found
        return found

    def _bfs(self, start: str) -> dict[str, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.neighbours[here]:
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    def order(self, space: str) -> tuple[int, int]:
        """Reading order of a space: row by row, left to right."""
        found = self._order.get(space)
        if found is None:
            c, r = coords(space)
            found = self._order[space] = (r, c)
        return found

    def distance(self, a: str, b: str) -> int:
        """Fewest steps between two sea spaces, ignoring ships."""
        return self._distances[a][b]

    def nearest(self, start: str, targets: Iterable[str]) -> int:
        """Fewest steps from `start` to any of `targets` (a large number if there are none)."""
        row = self._distances[start]
        return min((row[t] for t in targets if t in row), default=99)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())

    def cell(self, space: str) -> str:
        """The map letter at a space."""
        c, r = coords(space)
        return self.rows[r][c]


def label(col: int, row: int) -> str:
    """``label(5, 6)`` is ``F7``: columns are letters, rows count from 1."""
    return f"{string.ascii_uppercase[col]}{row + 1}"


def coords(space: str) -> tuple[int, int]:
    """The (column, row) of a space name, both from 0."""
    return string.ascii_uppercase.index(space[0].upper()), int(space[1:]) - 1


def is_space_name(text: str) -> bool:
    return 2 <= len(text) <= 3 and text[0].isalpha() and text[1:].isdigit() and text[0].isascii()


def _edges(space: str, width: int, height: int) -> Iterable[str]:
    c, r = coords(space)
    for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        if 0 <= c + dc < width and 0 <= r + dr < height:
            yield label(c + dc, r + dr)


def _touches(a: str, b: str) -> bool:
    (ca, ra), (cb, rb) = coords(a), coords(b)
    return max(abs(ca - cb), abs(ra - rb)) == 1


def load_map(path: Path) -> SeaMap:
    """Read and check a map file; a broken one raises EngineError naming the bad field."""
    return SeaMap(read_data_file(MapSpec, path, EngineError, "map"))


@cache
def builtin_map() -> SeaMap:
    return load_map(DATA / "map.json")


def map_from_json(text: str) -> SeaMap:
    """A map from JSON text (tests and server owners checking a file)."""
    return SeaMap(parse_data(MapSpec, text, "map data", EngineError))
