"""The score sheet as data (RULES §12): loaded from a JSON file and validated.

Effects of harbor ships and wharf buildings are rules (code, keyed by their ids); where the boxes
and circles sit, how many boats there are, what they hold and score are data. A server owner with
the printed sheet can load a corrected file without touching the code.
"""

from __future__ import annotations

from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.data import builtin_data, parse_data, read_data_file
from engine.core.errors import EngineError

BOAT_TYPES = ("shrimp", "cod", "lobster", "swordfish", "oyster")
HARBOR_SHIPS = ("king_crab", "captains_club", "research_vessel", "barge", "inuit")
WHARF_BUILDINGS = (
    "casino",
    "annas_bank",
    "seafood_buffet",
    "scrap_yard",
    "fishermens_pub",
    "bait_shop",
    "smokehouse",
    "ridback_canning",
)
KING_CRAB_BONUSES = ("fish", "buildings", "full", "boats", "licenses", "coins")
SECTIONS = (
    *BOAT_TYPES,
    *(f"harbor:{s}" for s in HARBOR_SHIPS),
    *(f"wharf:{b}" for b in WHARF_BUILDINGS),
)
"""Every section id of a sheet, in sheet order."""

ColumnBox = Literal["box", "L", "B", "?"]
HarborBox = Literal["box", "LICENSE", "BOAT", "FISH"]
WharfBox = Literal["box", "ACTIVATE"]


class SheetError(EngineError):
    """A sheet file that cannot be used; the message names the bad field."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BoatSpec(_Strict):
    count: int = Field(ge=0, le=10)
    capacity: int | None = Field(default=None, ge=0, le=20)
    capacity_by_license_level: list[int] | None = None
    vp: int = Field(ge=0)

    @model_validator(mode="after")
    def _one_capacity(self) -> BoatSpec:
        if (self.capacity is None) == (self.capacity_by_license_level is None):
            raise ValueError("give exactly one of capacity or capacity_by_license_level")
        return self


class HarborBoatSpec(_Strict):
    capacity: int = Field(ge=0, le=20)
    vp: int = Field(ge=0)


class HarborShipSpec(_Strict):
    boxes: list[HarborBox] = Field(min_length=1)
    license_vp: int | None = Field(default=None, ge=0)
    boat: HarborBoatSpec | None = None


class WharfSpec(_Strict):
    boxes: list[WharfBox] = Field(min_length=1)
    vp: int = Field(default=0, ge=0)
    vp_per_box: int = Field(default=0, ge=0)
    vp_if_complete: int = Field(default=0, ge=0)
    hex_vp: list[int] | None = None
    uses: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _activation_last(self) -> WharfSpec:
        # RULES §11: a building with an activation circle has it as its last box.
        if "ACTIVATE" in self.boxes[:-1]:
            raise ValueError("an ACTIVATE circle may only be the last box")
        return self


class CoinTrackSpec(_Strict):
    length: int = Field(ge=1, le=200)
    stars: list[int]

    @model_validator(mode="after")
    def _stars_on_track(self) -> CoinTrackSpec:
        if self.stars != sorted(set(self.stars)):
            raise ValueError("stars must be distinct and ascending")
        if self.stars and not 1 <= self.stars[0] <= self.stars[-1] <= self.length:
            raise ValueError(f"stars must be box numbers 1..{self.length}")
        return self


class KingCrabBonusOption(_Strict):
    id: Literal["fish", "buildings", "full", "boats", "licenses", "coins"]
    text: str


class KingCrabBonuses(_Strict):
    cap: int = Field(ge=0)
    options: list[KingCrabBonusOption] = Field(min_length=1)


class Rounds(_Strict):
    multiplayer: int = Field(ge=1, le=30)
    solo: int = Field(ge=1, le=30)


class Sheet(_Strict):
    """A whole score sheet. Box numbers in the file are 1-based, as a player counts them."""

    sheet: str = Field(min_length=1, max_length=40)
    boat_types: list[str]
    boat_column: list[ColumnBox] = Field(min_length=3)
    license_levels: int = Field(ge=1, le=5)
    level2_coins: int = Field(ge=0)
    level3_vp: int = Field(ge=0)
    boats: dict[str, BoatSpec]
    coin_track: CoinTrackSpec
    income_cap: int = Field(ge=1)
    market: list[tuple[int, int]] = Field(min_length=1)
    harbor: dict[str, HarborShipSpec]
    king_crab_bonuses: KingCrabBonuses
    wharf: dict[str, WharfSpec]
    rounds: Rounds

    @model_validator(mode="after")
    def _consistent(self) -> Sheet:
        if tuple(self.boat_types) != BOAT_TYPES:
            raise ValueError(f"boat_types must be {list(BOAT_TYPES)}")
        if set(self.boats) != set(BOAT_TYPES):
            raise ValueError(f"boats must describe exactly {list(BOAT_TYPES)}")
        oyster = self.boats["oyster"].capacity_by_license_level
        if oyster is not None and len(oyster) != self.license_levels + 1:
            raise ValueError(
                "boats.oyster.capacity_by_license_level needs one value per level 0..N"
            )
        if set(self.harbor) != set(HARBOR_SHIPS):
            raise ValueError(f"harbor must describe exactly {list(HARBOR_SHIPS)}")
        for name, ship in self.harbor.items():
            if "BOAT" in ship.boxes and ship.boat is None:
                raise ValueError(f"harbor.{name} has BOAT circles but no boat")
            if "LICENSE" in ship.boxes and ship.license_vp is None:
                raise ValueError(f"harbor.{name} has a LICENSE circle but no license_vp")
        if set(self.wharf) != set(WHARF_BUILDINGS):
            raise ValueError(f"wharf must describe exactly {list(WHARF_BUILDINGS)}")
        hexes = self.wharf["seafood_buffet"].hex_vp
        if hexes is None or len(hexes) != len(BOAT_TYPES) + 1:
            raise ValueError("wharf.seafood_buffet.hex_vp needs one value per 0..5 hexagons")
        if self.wharf["scrap_yard"].uses is None:
            raise ValueError("wharf.scrap_yard.uses is required")
        thresholds = [t for t, _ in self.market]
        if thresholds[0] != 0 or thresholds != sorted(set(thresholds)):
            raise ValueError("market thresholds must start at 0 and ascend")
        return self

    # --- derived look-ups the rules use ------------------------------------------------------

    def section_boxes(self, section: str) -> list[str]:
        """The box kinds of a section id (``cod``, ``harbor:inuit``, ``wharf:casino``)."""
        area, _, name = section.rpartition(":")
        if area == "harbor":
            return list(self.harbor[name].boxes)
        if area == "wharf":
            return list(self.wharf[name].boxes)
        return list(self.boat_column)

    @property
    def sections(self) -> tuple[str, ...]:
        return SECTIONS

    def boat_capacity(self, kind: str, oyster_level: int = 0) -> int:
        """Fish a boat of `kind` holds (boat types and harbor boats alike)."""
        if kind in self.boats:
            spec = self.boats[kind]
            if spec.capacity_by_license_level is not None:
                return spec.capacity_by_license_level[oyster_level]
            assert spec.capacity is not None
            return spec.capacity
        boat = self.harbor[kind].boat
        assert boat is not None
        return boat.capacity

    def boat_vp(self, kind: str) -> int:
        return self.boat_vps[kind]

    @cached_property
    def boat_vps(self) -> dict[str, int]:
        """The VP of a boat of each kind, boat types and harbor boats alike."""
        vps = {kind: spec.vp for kind, spec in self.boats.items()}
        for name, ship in self.harbor.items():
            if ship.boat is not None:
                vps.setdefault(name, ship.boat.vp)
        return vps

    def boat_count(self, kind: str) -> int:
        """How many boats of `kind` a sheet has room for."""
        if kind in self.boats:
            return self.boats[kind].count
        return self.harbor[kind].boxes.count("BOAT")

    def market_coins(self, fish: int) -> int:
        coins = 0
        for threshold, value in self.market:
            if fish >= threshold:
                coins = value
        return coins

    @cached_property
    def box_kinds(self) -> dict[str, tuple[str, ...]]:
        """`section_boxes` of every section, looked up once: a box is marked in most
        actions."""
        return {s: tuple(self.section_boxes(s)) for s in self.sections}

    @cached_property
    def wharf_scores(self) -> tuple[tuple[str, str, int, int], ...]:
        """Each wharf building's name, its section, the VP of each box marked and the VP of
        the building once complete: a sheet is valued after every action an AI seat weighs."""
        return tuple(
            (name, f"wharf:{name}", spec.vp_per_box, spec.vp + spec.vp_if_complete)
            for name, spec in self.wharf.items()
        )

    @cached_property
    def king_crab_licenses(self) -> tuple[int, ...]:
        """The 0-based boxes of the King Crab section that hold its license."""
        return tuple(
            i for i, kind in enumerate(self.harbor["king_crab"].boxes) if kind == "LICENSE"
        )

    @cached_property
    def stars(self) -> frozenset[int]:
        """0-based coin-track indexes that hold a star."""
        return frozenset(s - 1 for s in self.coin_track.stars)


HOUSE_SHEET = "house-v1"


def parse_sheet(text: str, origin: str = "sheet") -> Sheet:
    """Validate a sheet file's text; a broken file is refused naming the bad field."""
    return parse_data(Sheet, text, origin, SheetError)


def load_sheet_file(path: str | Path) -> Sheet:
    return read_data_file(Sheet, path, SheetError, "sheet")


@cache
def builtin_sheet(name: str = HOUSE_SHEET) -> Sheet:
    """A sheet shipped in the package, by its id."""
    return builtin_data(Sheet, "engine.fleet_dice", "sheets", name, SheetError, "sheet", "sheet")
