"""The house data: the card files under `data/`, validated, plus the map (RULES §2, §4).

A server owner may replace any of these files; a broken one is refused with the bad field
named. Card powers are the engine's (a card names one and gives its numbers), so a new card
can reuse a power with other numbers without any code change.

>>> house = builtin_house()
>>> len(house.movement), len(house.fortune), len(house.development)
(44, 44, 24)
>>> house.movement["m01"].navy, house.movement["m01"].merchant
('yellow', 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.black_fleet.seamap import DATA, Navy, SeaMap, load_map
from engine.core.data import read_data_file
from engine.core.errors import EngineError

Bottom = Literal["draw_1", "draw_2", "discard_1"]
FortunePower = Literal[
    "fair_wind",
    "full_sail",
    "second_patrol",
    "broadside",
    "hit_and_run",
    "pirates_lair",
    "smugglers_passage",
    "bribe",
    "favourable_market",
    "black_market",
    "lucky_find",
    "treasure_map",
    "mutiny",
    "plunder",
    "navigators_chart",
]
DevelopmentPower = Literal[
    "insurance",
    "bounty_hunter",
    "quartermaster",
    "deckhands",
    "lookout",
    "treasure_hunter",
    "pirate_code",
    "swift_pirate",
    "armed_merchant",
    "navigator",
    "admirals_favour",
    "trade_contacts",
    "full_sail",
    "shallow_draft",
    "plunderer",
    "admiralty_friend",
    "deep_hold",
    "patron",
    "seer",
    "pirate_hideout",
    "escort",
    "letter_of_marque",
    "trade_monopoly",
    "master_gunner",
]

_STRICT = ConfigDict(extra="forbid", frozen=True)
_KEY = r"^[a-z][a-z0-9_]{0,23}$"


class MovementRow(BaseModel):
    """One set of movement values and how many cards of it show each navy ship."""

    model_config = _STRICT

    navy: int = Field(ge=0, le=9)
    pirate: int = Field(ge=0, le=9)
    merchant: int = Field(ge=0, le=9)
    bottom: Bottom
    copies: dict[Navy, int]

    @model_validator(mode="after")
    def _copies(self) -> MovementRow:
        if any(n < 0 for n in self.copies.values()) or not sum(self.copies.values()):
            raise ValueError("copies: at least one card, none negative")
        return self


class MovementFile(BaseModel):
    model_config = _STRICT

    name: str
    note: str = ""
    cards: list[MovementRow] = Field(min_length=1)


class FortuneKind(BaseModel):
    model_config = _STRICT

    key: str = Field(pattern=_KEY)
    name: str = Field(min_length=1, max_length=40)
    copies: int = Field(ge=1, le=20)
    power: FortunePower
    amount: int = Field(default=1, ge=1, le=9)


class FortuneFile(BaseModel):
    model_config = _STRICT

    name: str
    note: str = ""
    cards: list[FortuneKind] = Field(min_length=1)

    @model_validator(mode="after")
    def _keys(self) -> FortuneFile:
        _unique([c.key for c in self.cards])
        return self


class DevelopmentCard(BaseModel):
    model_config = _STRICT

    key: str = Field(pattern=_KEY)
    name: str = Field(min_length=1, max_length=40)
    price: int = Field(ge=1, le=99)
    power: DevelopmentPower
    amount: int = Field(default=1, ge=1, le=9)
    bonus: int = Field(default=0, ge=0, le=9)


class DevelopmentFile(BaseModel):
    model_config = _STRICT

    name: str
    note: str = ""
    cards: list[DevelopmentCard] = Field(min_length=4)

    @model_validator(mode="after")
    def _tiers(self) -> DevelopmentFile:
        _unique([c.key for c in self.cards])
        tiers = {c.price for c in self.cards}
        if len(tiers) != 4:
            raise ValueError(f"cards: there must be exactly 4 prices, found {sorted(tiers)}")
        for price in tiers:
            if sum(1 for c in self.cards if c.price == price) < 4:
                raise ValueError(f"cards: price {price} needs at least 4 cards (one per seat)")
        return self


def _unique(keys: list[str]) -> None:
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            raise ValueError(f"cards: key {key!r} appears twice")
        seen.add(key)


@dataclass(frozen=True)
class MovementCard:
    id: str
    navy: Navy
    navy_moves: int
    pirate: int
    merchant: int
    bottom: Bottom


@dataclass(frozen=True)
class FortuneCard:
    id: str
    key: str
    name: str
    power: FortunePower
    amount: int


@dataclass(frozen=True)
class House:
    """Everything the rules read from data: the map and the three decks."""

    map: SeaMap
    movement: dict[str, MovementCard]
    fortune: dict[str, FortuneCard]
    development: dict[str, DevelopmentCard]

    @property
    def tiers(self) -> tuple[int, ...]:
        """The four development prices, cheapest first."""
        return tuple(sorted({c.price for c in self.development.values()}))

    def tier(self, price: int) -> list[str]:
        return [k for k, c in self.development.items() if c.price == price]

    def fortune_kind(self, key: str) -> FortuneCard | None:
        return self.fortune_kinds.get(key)

    @cached_property
    def fortune_kinds(self) -> dict[str, FortuneCard]:
        """One card of each fortune kind, by its key, in the deck's order."""
        out: dict[str, FortuneCard] = {}
        for card in self.fortune.values():
            out.setdefault(card.key, card)
        return out

    @cached_property
    def bought_powers(self) -> dict[tuple[str, ...], Any]:
        """Filled by `engine.black_fleet.powers`: the powers of each set of bought development
        cards met so far, so that they are summed once, not at every question."""
        return {}

    @cached_property
    def fortune_hands(self) -> dict[tuple[str, ...], Any]:
        """Filled by `engine.black_fleet.fortune`: the kinds in each fortune hand met so far,
        in the deck's order."""
        return {}

    @cached_property
    def fortune_order(self) -> dict[str, int]:
        """Each fortune kind's place in the deck's order (how a hand is listed)."""
        return {key: i for i, key in enumerate(self.fortune_kinds)}


M = TypeVar("M", bound=BaseModel)


def _load(model: type[M], path: Path) -> M:
    return read_data_file(model, path, EngineError, "house data")


def movement_cards(spec: MovementFile) -> dict[str, MovementCard]:
    """Card ids m01… follow the rows in order, each row's yellow copies first."""
    cards: list[MovementCard] = []
    for row in spec.cards:
        for navy in ("yellow", "purple"):
            for _ in range(row.copies.get(navy, 0)):
                cid = f"m{len(cards) + 1:02d}"
                cards.append(
                    MovementCard(cid, navy, row.navy, row.pirate, row.merchant, row.bottom)
                )
    return {c.id: c for c in cards}


def fortune_cards(spec: FortuneFile) -> dict[str, FortuneCard]:
    cards: list[FortuneCard] = []
    for kind in spec.cards:
        for _ in range(kind.copies):
            cid = f"f{len(cards) + 1:02d}"
            cards.append(FortuneCard(cid, kind.key, kind.name, kind.power, kind.amount))
    return {c.id: c for c in cards}


def load_house(directory: Path = DATA) -> House:
    """Read and check every data file of a house set."""
    sea = load_map(directory / "map.json")
    movement = movement_cards(_load(MovementFile, directory / "movement.json"))
    fortune = fortune_cards(_load(FortuneFile, directory / "fortune.json"))
    development = {c.key: c for c in _load(DevelopmentFile, directory / "development.json").cards}
    shared = {c.key for c in fortune.values()} & set(development)
    if shared:
        # Events and panels name cards by key: one key must mean one card.
        raise EngineError(
            f"house data development.json: cards: key {sorted(shared)[0]!r} is also a fortune card"
        )
    if len(movement) < 8:
        raise EngineError("house data movement.json: cards: a deck needs at least 8 cards")
    if len(fortune) < 4:
        raise EngineError("house data fortune.json: cards: a deck needs at least 4 cards")
    return House(sea, movement, fortune, development)


@cache
def builtin_house() -> House:
    return load_house(DATA)
