"""Hidden Hands: a tiny card game with secrets, to prove the platform's seams.

2–3 players are each dealt 3 cards from a deck of 15, each card a word with a value. Each of
5 rounds, every player chooses a card face down at the same time; once all have chosen, the
cards are revealed together, the highest scores a point (a tie scores nothing), and everyone
draws a card while the deck lasts. Hands, face-down choices and the deck are secret.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from engine.core import Action, EngineError, Event, GameResult, IllegalAction, SeatResult
from engine.core.chance import deal, shuffle
from engine.core.game import Policy, random_policy
from engine.core.search import SearchSettings
from engine.core.undo import RESOLVED

WORDS = "ANCHOR BARNACLE CUTLASS DOUBLOON ENSIGN FATHOM GALLEON HALYARD ISOBAR JETSAM"
CARDS: dict[str, int] = {
    w: v
    for v, w in enumerate((*WORDS.split(), "KRAKEN", "LANYARD", "MARLIN", "NARWHAL", "OCTANT"), 1)
}
"""Each card is a distinctive word, so a test can look for it in every message."""
ROUNDS = 5
HAND = 3


class HandsOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    rounds: int = ROUNDS


@dataclass(slots=True)
class HandsState:
    seed: str
    rounds: int
    hands: list[list[str]]
    deck: list[str]
    chosen: list[str | None]
    scores: list[int]
    round: int = 1
    revealed: list[list[str]] = field(default_factory=list)
    acted: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class HandsView:
    """What one seat knows: its own hand and choice; of others only counts and whether they
    have chosen; the revealed cards of past rounds."""

    seat: int | None
    round: int
    rounds: int
    hand: tuple[str, ...]
    chosen: str | None
    hand_sizes: tuple[int, ...]
    has_chosen: tuple[bool, ...]
    deck_size: int
    scores: tuple[int, ...]
    revealed: tuple[tuple[str, ...], ...]
    over: bool


_STATE = TypeAdapter(HandsState)


class HiddenHands:
    id = "test-hands"
    name = "Hidden Hands"
    min_seats = 2
    max_seats = 3
    options = HandsOptions

    def __init__(self) -> None:
        self.policies: Mapping[str, Policy[HandsView]] = {
            "random": random_policy,
            "heuristic": _highest,
        }
        self.search: SearchSettings[HandsState] = SearchSettings(playouts=12, depth=None)

    def start(
        self, seats: int, seed: str, options: BaseModel | Mapping[str, Any] | None = None
    ) -> tuple[HandsState, list[Event]]:
        if not self.min_seats <= seats <= self.max_seats:
            raise EngineError(f"Hidden Hands seats 2 or 3 players, not {seats}")
        raw = options.model_dump() if isinstance(options, BaseModel) else dict(options or {})
        try:
            opts = HandsOptions.model_validate(raw)
        except ValidationError as exc:
            raise EngineError(f"bad options: {exc.errors()[0]['msg']}") from exc
        hands, deck = deal(seed, "deal", list(CARDS), seats, HAND)
        state = HandsState(
            seed=seed,
            rounds=opts.rounds,
            hands=hands,
            deck=deck,
            chosen=[None] * seats,
            scores=[0] * seats,
            acted=[0] * seats,
        )
        events = [
            Event("dealt", s, {"cards": list(h)}, frozenset({s})) for s, h in enumerate(hands)
        ]
        return state, events

    def to_act(self, state: HandsState) -> list[int]:
        if self.is_over(state):
            return []
        return [s for s, c in enumerate(state.chosen) if c is None]

    def legal_actions(self, state: HandsState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [Action("play", (card.lower(),)) for card in state.hands[seat]]

    def apply(
        self, state: HandsState, seat: int, action: Action | str
    ) -> tuple[HandsState, list[Event]]:
        action = self.parse_action(action) if isinstance(action, str) else action
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"'{action.text}' is not possible now.", "not_now")
        card = action.args[0].upper()
        new = HandsState(
            seed=state.seed,
            rounds=state.rounds,
            hands=[list(h) for h in state.hands],
            deck=list(state.deck),
            chosen=list(state.chosen),
            scores=list(state.scores),
            round=state.round,
            revealed=[list(r) for r in state.revealed],
            acted=list(state.acted),
        )
        new.hands[seat].remove(card)
        new.chosen[seat] = card
        new.acted[seat] += 1
        events = [
            Event("chose", seat),
            Event("chose_card", seat, {"card": card}, frozenset({seat})),
        ]
        if all(c is not None for c in new.chosen):
            events += _reveal(new)
        return new, events

    def default_action(self, state: HandsState, seat: int) -> Action:
        legal = self.legal_actions(state, seat)
        return self.policies["heuristic"](self.view(state, seat), seat, legal, random.Random(0))

    def is_over(self, state: HandsState) -> bool:
        return state.round > state.rounds

    def result(self, state: HandsState) -> GameResult:
        order = sorted(range(len(state.scores)), key=lambda s: (-state.scores[s], s))
        seats = [
            SeatResult(s, state.scores[s], {"tricks": state.scores[s]}, 1 + sum(
                1 for o in state.scores if o > state.scores[s]
            ))
            for s in order
        ]  # fmt: skip
        return GameResult(seats, [s.seat for s in seats if s.rank == 1])

    def view(self, state: HandsState, seat: int | None) -> HandsView:
        mine = seat is not None and 0 <= seat < len(state.hands)
        return HandsView(
            seat=seat,
            round=state.round,
            rounds=state.rounds,
            hand=tuple(state.hands[seat]) if mine and seat is not None else (),
            chosen=state.chosen[seat] if mine and seat is not None else None,
            hand_sizes=tuple(len(h) for h in state.hands),
            has_chosen=tuple(c is not None for c in state.chosen),
            deck_size=len(state.deck),
            scores=tuple(state.scores),
            revealed=tuple(tuple(r) for r in state.revealed),
            over=self.is_over(state),
        )

    def undoable(
        self,
        before: HandsState,
        seat: int,
        action: Action,
        after: HandsState,
        events: Sequence[Event],
    ) -> str | None:
        """A card chosen face down may be taken back until the last choice reveals them all
        together (and deals the next cards)."""
        return RESOLVED if after.round != before.round else None

    def token(self, state: HandsState, seat: int | None) -> str:
        return f"r{state.round}" if seat is None else str(state.acted[seat])

    def step(self, state: HandsState) -> Hashable:
        return state.round

    def redeal(self, state: HandsState, seat: int | None, seed: str) -> HandsState:
        """Everything `seat` has not seen, shuffled again: other hands, other face-down
        choices and the deck."""
        unseen: list[str] = list(state.deck)
        for s, hand in enumerate(state.hands):
            if s != seat:
                unseen += hand
                if state.chosen[s] is not None:
                    unseen.append(state.chosen[s] or "")
        mixed = shuffle(seed, "redeal", sorted(unseen))
        hands = [list(h) for h in state.hands]
        chosen = list(state.chosen)
        for s in range(len(hands)):
            if s == seat:
                continue
            hands[s] = [mixed.pop() for _ in hands[s]]
            if chosen[s] is not None:
                chosen[s] = mixed.pop()
        return replace(state, hands=hands, chosen=chosen, deck=mixed, seed=seed)

    def parse_action(self, text: str) -> Action:
        action = Action.parse(text)
        if action.verb != "play" or len(action.args) != 1 or action.args[0].upper() not in CARDS:
            raise IllegalAction(f"'{text}' is not an action of Hidden Hands.", "syntax")
        return action

    def dump_state(self, state: HandsState) -> str:
        return _STATE.dump_json(state).decode()

    def load_state(self, text: str) -> HandsState:
        try:
            return _STATE.validate_json(text)
        except ValidationError as exc:
            raise EngineError(f"saved game is corrupt: {exc.errors()[0]['msg']}") from exc


def _reveal(state: HandsState) -> list[Event]:
    cards = [c or "" for c in state.chosen]
    state.revealed.append(cards)
    best = max(CARDS[c] for c in cards)
    winners = [s for s, c in enumerate(cards) if CARDS[c] == best]
    if len(winners) == 1:
        state.scores[winners[0]] += 1
    events = [
        Event("reveal", None, {"cards": cards, "winner": winners[0] if len(winners) == 1 else None})
    ]
    state.chosen = [None] * len(cards)
    for s, hand in enumerate(state.hands):
        if state.deck:
            card = state.deck.pop(0)
            hand.append(card)
            events.append(Event("draw", s, {"card": card}, frozenset({s})))
    state.round += 1
    if state.round > state.rounds or not any(state.hands):
        state.round = state.rounds + 1
        events.append(Event("over"))
    return events


def _highest(view: HandsView, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return max(legal, key=lambda a: CARDS[a.args[0].upper()])
