"""What a seat may know (RULES §12): the whole map and every played card, its own hands and
development cards; of the others only how many cards they hold and the development cards they
have turned face up. Never the deck order, the box or the seed.

The rules' helpers read a `PublicBoard`: the full state and a view both are one, so an AI seat plans
with the same code the rules check with, on what it may know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple, Protocol

from engine.black_fleet.house import House
from engine.black_fleet.state import BlackFleetState, Options, Stage, Turn
from engine.core.chance import shuffle


class CaptainLike(Protocol):
    @property
    def colour(self) -> str: ...
    @property
    def doubloons(self) -> int: ...
    @property
    def merchant(self) -> str | None: ...
    @property
    def cargo(self) -> Sequence[str]: ...
    @property
    def pirate(self) -> str | None: ...
    @property
    def loot(self) -> Sequence[str]: ...
    @property
    def bought(self) -> Sequence[str]: ...
    @property
    def victory(self) -> bool: ...


class PublicBoard(Protocol):
    """The public board, as the full state and every view show it."""

    @property
    def captains(self) -> Sequence[CaptainLike]: ...
    @property
    def navy(self) -> Mapping[str, str]: ...
    @property
    def supply(self) -> Mapping[str, int]: ...
    @property
    def turn(self) -> Turn: ...
    @property
    def stage(self) -> Stage: ...
    @property
    def options(self) -> Options: ...
    @property
    def start(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def final_round(self) -> bool: ...


class CaptainView(NamedTuple):
    """What a reader may know of one captain (a named tuple: AI seats make a view for every
    decision, and a tuple is built several times faster than a frozen class)."""

    colour: str
    doubloons: int
    merchant: str | None
    cargo: tuple[str, ...]
    pirate: str | None
    loot: tuple[str, ...]
    bought: tuple[str, ...]
    victory: bool
    movement_cards: int
    fortune_cards: int
    development: tuple[str | None, ...]
    """One entry per price tier, cheapest first: the card if the reader may know it (its
    own, or turned face up), else None."""
    movement: tuple[str, ...] = ()
    """The reader's own movement cards; empty for the others."""
    fortune: tuple[str, ...] = ()
    """The reader's own fortune cards; empty for the others."""


class BlackFleetView(NamedTuple):
    """One seat's knowledge of the game (`reader` None: the public table). A copy: changing
    it changes nothing in the game."""

    reader: int | None
    options: Options
    captains: tuple[CaptainView, ...]
    start: int
    navy: dict[str, str]
    supply: dict[str, int]
    buried: dict[str, int]
    movement_deck: int
    movement_discard: tuple[str, ...]
    fortune_deck: int
    fortune_discard: tuple[str, ...]
    round: int
    turns: int
    stage: Stage
    turn: Turn
    final_round: bool
    ended: str | None

    @property
    def seats(self) -> int:
        return len(self.captains)


def view_of(state: BlackFleetState, reader: int | None) -> BlackFleetView:
    captains = []
    for seat, c in enumerate(state.captains):
        mine = seat == reader
        bought = tuple(c.bought)
        dealt = c.development
        development: tuple[str | None, ...]
        if mine:
            development = tuple(dealt)
        elif bought:
            development = tuple([card if card in bought else None for card in dealt])
        else:
            development = (None,) * len(dealt)
        # Made as the tuple it is, in field order: AI seats make a view for every decision,
        # and a named tuple's own constructor is a function of Python's.
        captains.append(
            _tuple(
                CaptainView,
                (
                    c.colour,
                    c.doubloons,
                    c.merchant,
                    tuple(c.cargo),
                    c.pirate,
                    tuple(c.loot),
                    bought,
                    c.victory,
                    len(c.movement),
                    len(c.fortune),
                    development,
                    tuple(c.movement) if mine else (),
                    tuple(c.fortune) if mine else (),
                ),
            )
        )
    return _tuple(
        BlackFleetView,
        (
            reader,
            state.options,
            tuple(captains),
            state.start,
            state.navy.copy(),
            state.supply.copy(),
            state.buried.copy(),
            len(state.movement_deck),
            tuple(state.movement_discard),
            len(state.fortune_deck),
            tuple(state.fortune_discard),
            state.round,
            state.turns,
            state.stage,
            state.turn.clone(),
            state.final_round,
            state.ended,
        ),
    )


_tuple = tuple.__new__


def redeal(house: House, state: BlackFleetState, reader: int | None, seed: str) -> BlackFleetState:
    """A state `reader` cannot tell apart from `state`: the other hands and the deck order,
    the other seats' face-down development cards and the box, and the seed, drawn again."""
    new = state.clone()
    new.seed = seed
    others = [c for s, c in enumerate(new.captains) if s != reader]

    # Sorted first: the draw depends on what the reader knows, not on where the cards were.
    movement = shuffle(
        seed, "redeal:movement", sorted(new.movement_deck + [m for c in others for m in c.movement])
    )
    fortune = shuffle(
        seed, "redeal:fortune", sorted(new.fortune_deck + [f for c in others for f in c.fortune])
    )
    for c in others:
        c.movement = [movement.pop() for _ in c.movement]
        c.fortune = [fortune.pop() for _ in c.fortune]
    new.movement_deck = movement
    new.fortune_deck = fortune

    box: list[str] = []
    for price in house.tiers:
        hidden = [k for k in new.box if house.development[k].price == price]
        slots: list[tuple[int, int]] = []
        for seat, c in enumerate(new.captains):
            if seat == reader:
                continue
            for i, key in enumerate(c.development):
                if house.development[key].price == price and key not in c.bought:
                    hidden.append(key)
                    slots.append((seat, i))
        mixed = shuffle(seed, f"redeal:development:{price}", sorted(hidden))
        for seat, i in slots:
            new.captains[seat].development[i] = mixed.pop()
        box += mixed
    new.box = box
    return new
