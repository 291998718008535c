"""The cards as data (RULES §1): boat and license values, setup counts and bonus tables, read
from a JSON file and validated, so a server owner holding the printed cards can correct a value
without touching the code. What a license's bonus *does* is a rule (code, keyed by the license's
family); how much it gives at each count is data.

>>> book = builtin_deck()
>>> book.boats["cod"].cost, book.licenses["cod"].min_bid
(2, 4)
>>> book.boat_type("king_crab7")
'king_crab'
"""

from __future__ import annotations

from functools import cache, cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.data import builtin_data, parse_data
from engine.core.errors import EngineError

BOAT_TYPES = ("shrimp", "lobster", "processing", "cod", "tuna", "king_crab")
"""Every boat type, in the order hands and menus list them."""
FAMILIES = ("shrimp", "cod", "lobster", "tuna", "processing", "pub", "king_crab")
"""License families: the three King Crab licenses are one family (RULES §12.2)."""
GONE_FISHIN = "gone_fishin"
"""The Gone Fishin' card of the expansion option (RULES §14.2): cash, never a boat."""


def kind_of(card: str) -> str:
    """A card id's type: ids are the type and a number (``king_crab7`` → ``king_crab``).

    >>> kind_of("king_crab7"), kind_of("gone_fishin12")
    ('king_crab', 'gone_fishin')
    """
    return card.rstrip("0123456789")


Measure = Literal["captained_boats", "crates_on_boats", "license_families"]


class DeckError(EngineError):
    """A card data file that cannot be used; the message names the bad field."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BoatSpec(_Strict):
    count: int = Field(ge=4, le=40)
    """At least 4: every player starts with one boat of each type (RULES §2.1)."""
    cost: int = Field(ge=0, le=20)
    vp: int = Field(ge=0, le=20)
    cash: int = Field(ge=0, le=20)
    license: str
    """The license family that launches this boat."""


class KingCrabBonus(_Strict):
    """'The highest VP bonus he qualifies for' (RULES §12.2): (at least this many, VP) steps."""

    measure: Measure
    steps: list[tuple[int, int]] = Field(min_length=1)

    @model_validator(mode="after")
    def _ascending(self) -> KingCrabBonus:
        if [s[0] for s in self.steps] != sorted({s[0] for s in self.steps}):
            raise ValueError("steps must be ascending and distinct")
        return self

    def vp(self, amount: int) -> int:
        return max((vp for least, vp in self.steps if amount >= least), default=0)


class LicenseSpec(_Strict):
    count: int = Field(ge=1, le=10)
    min_bid: int = Field(ge=0, le=40)
    vp: int = Field(ge=0, le=40)
    premium: bool
    family: Literal["shrimp", "cod", "lobster", "tuna", "processing", "pub", "king_crab"]
    boat: str | None
    """The boat type this license lets its owner launch (None: the Pub launches nothing)."""
    bonus: KingCrabBonus | None = None


class SetupSpec(_Strict):
    set_aside: int = Field(ge=0)
    remove_premium: int = Field(ge=0)
    remove_standard: int = Field(ge=0)


class TunaDraw(_Strict):
    draw: int = Field(ge=0, le=10)
    keep: int = Field(ge=0, le=10)
    from_hand: bool
    """True: the discard may be any card of the hand, not only one just drawn."""


class Bonuses(_Strict):
    """Each list is indexed by how many licenses of that family the player owns (0–4)."""

    shrimp_discount: list[int] = Field(min_length=5, max_length=5)
    cod_launches: list[int] = Field(min_length=5, max_length=5)
    cod_draw: list[int] = Field(min_length=5, max_length=5)
    lobster_hires: list[int] = Field(min_length=5, max_length=5)
    lobster_draw: list[list[tuple[int, int]]] = Field(min_length=5, max_length=5)
    tuna_draw: list[TunaDraw] = Field(min_length=5, max_length=5)
    processing_trade: list[int] = Field(min_length=5, max_length=5)

    @model_validator(mode="after")
    def _keep_what_is_drawn(self) -> Bonuses:
        for n, tuna in enumerate(self.tuna_draw):
            if tuna.keep > tuna.draw:
                raise ValueError(f"tuna_draw.{n}: keep is more than draw")
        return self


class GoneFishinSpec(_Strict):
    count: int = Field(ge=0, le=40)
    cash: int = Field(ge=0, le=20)
    vp: int = Field(ge=0, le=20)


class Deck(_Strict):
    deck: str
    source: str = ""
    boats: dict[str, BoatSpec]
    licenses: dict[str, LicenseSpec]
    setup: dict[Literal["2", "3", "4"], SetupSpec]
    crates_per_player: int = Field(ge=1, le=100)
    boat_capacity: int = Field(ge=1, le=20)
    crate_cash: int = Field(ge=0, le=10)
    bonuses: Bonuses
    gone_fishin: GoneFishinSpec

    @model_validator(mode="after")
    def _consistent(self) -> Deck:
        if tuple(self.boats) != BOAT_TYPES:
            raise ValueError(f"boats must be exactly {', '.join(BOAT_TYPES)}, in that order")
        families = {spec.family for spec in self.licenses.values()}
        if families != set(FAMILIES):
            raise ValueError(f"licenses must cover the families {', '.join(FAMILIES)}")
        for name, lic in self.licenses.items():
            if lic.boat is not None and lic.boat not in self.boats:
                raise ValueError(f"licenses.{name}.boat: no boat type {lic.boat!r}")
            if (lic.bonus is not None) != (lic.family == "king_crab"):
                raise ValueError(f"licenses.{name}.bonus: only King Crab licenses have one")
            if not name.replace("_", "").isalnum() or not name.islower():
                raise ValueError(f"licenses.{name}: ids are lowercase letters, digits and _")
        for name, boat in self.boats.items():
            if boat.license not in families:
                raise ValueError(f"boats.{name}.license: no license family {boat.license!r}")
        standard = sum(s.count for s in self.licenses.values() if not s.premium)
        premium = sum(s.count for s in self.licenses.values() if s.premium)
        for players, spec in self.setup.items():
            if spec.remove_standard > spec.set_aside or spec.set_aside > standard:
                raise ValueError(f"setup.{players}: sets aside more standard licenses than exist")
            if spec.remove_premium > premium:
                raise ValueError(f"setup.{players}: removes more premium licenses than exist")
            kept = standard + premium - spec.remove_premium - spec.remove_standard
            if kept < 2 * int(players):
                raise ValueError(f"setup.{players}: leaves too few licenses for two rounds")
        return self

    # --- derived, read by the rules --------------------------------------------------------

    @cached_property
    def boat_ids(self) -> dict[str, tuple[str, ...]]:
        """Each boat type's card ids: ``shrimp1`` … ``shrimp20``."""
        return {t: tuple(f"{t}{n}" for n in range(1, b.count + 1)) for t, b in self.boats.items()}

    @cached_property
    def card_types(self) -> dict[str, str]:
        """Card id → boat type (or ``gone_fishin``)."""
        out = {card: t for t, ids in self.boat_ids.items() for card in ids}
        for n in range(1, self.gone_fishin.count + 1):
            out[f"{GONE_FISHIN}{n}"] = GONE_FISHIN
        return out

    @cached_property
    def hand_order(self) -> dict[str, tuple[int, int]]:
        """Card id → where a sorted hand shows it: by type in menu order, then by number."""
        kinds = [*self.boats, GONE_FISHIN]
        return {card: (kinds.index(t), int(card[len(t) :])) for card, t in self.card_types.items()}

    def boat_type(self, card: str) -> str:
        return self.card_types[card]

    @cached_property
    def card_cash(self) -> dict[str, int]:
        """Card id → what it is worth as cash (RULES §5.1)."""
        return {card: self.kind_cash(t) for card, t in self.card_types.items()}

    def cash(self, card: str) -> int:
        """What a card is worth as cash (RULES §5.1)."""
        return self.card_cash[card]

    def kind_cash(self, kind: str) -> int:
        """What a card of `kind` (a boat type or Gone Fishin') is worth as cash."""
        return self.gone_fishin.cash if kind == GONE_FISHIN else self.boats[kind].cash


def parse_deck(text: str, origin: str = "deck") -> Deck:
    """Validate a card data file's text; a broken file is refused naming the bad field."""
    return parse_data(Deck, text, origin, DeckError)


BASE_DECK = "base"


@cache
def builtin_deck(name: str = BASE_DECK) -> Deck:
    """A card data file shipped in the package, by its id."""
    return builtin_data(Deck, "engine.fleet_cards", "data", name, DeckError, "card data", "deck")
