"""Small builders: a table in exactly the situation a rule talks about.

They start from a real game and move cards between real places (the supply, hands, tableaux),
so every card stays accounted for and a built state still saves and loads."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.events import Event
from engine.fleet_cards import auction, drawing, flow, harvest, launching
from engine.fleet_cards.auction import owes_bidding
from engine.fleet_cards.cards import builtin_deck
from engine.fleet_cards.state import Boat, FleetCardsState
from engine.fleet_cards.work import Work
from engine.games import get_game

GAME = get_game("fleet-cards")
BOOK = builtin_deck()


def new(seats: int = 2, seed: str = "rules", **options: object) -> FleetCardsState:
    state, _ = GAME.start(seats, seed, options)
    return state


def kind(card: str) -> str:
    return BOOK.boat_type(card)


def kinds(cards: list[str] | tuple[str, ...]) -> list[str]:
    return sorted(kind(c) for c in cards)


def _pull(state: FleetCardsState, boat_kind: str) -> str:
    """A card of `boat_kind` out of the supply (or the discard pile)."""
    for pile in (state.deck, state.discard):
        for card in pile:
            if kind(card) == boat_kind:
                pile.remove(card)
                return card
    raise AssertionError(f"no {boat_kind} card left to build with")


def hand(state: FleetCardsState, seat: int, *boat_kinds: str) -> FleetCardsState:
    """`seat` holds exactly these cards; the old hand goes back to the bottom of the supply."""
    p = state.players[seat]
    state.deck.extend(p.hand)
    p.hand = [_pull(state, k) for k in boat_kinds]
    return state


def top(state: FleetCardsState, *boat_kinds: str) -> FleetCardsState:
    """The supply's next cards are of these kinds, in this order."""
    cards = [_pull(state, k) for k in boat_kinds]
    state.deck[0:0] = cards
    return state


def licenses(state: FleetCardsState, seat: int, *ids: str) -> FleetCardsState:
    """`seat` owns these licenses (taken from the deck, the removed ones or the row)."""
    for lic in ids:
        for pile in (state.licenses, state.removed, state.cleared, state.row):
            if lic in pile:
                pile.remove(lic)
                break
        else:
            raise AssertionError(f"no {lic} license left to build with")
        state.players[seat].licenses.append(lic)
    return state


def row(state: FleetCardsState, *ids: str) -> FleetCardsState:
    """The auction row holds exactly these licenses."""
    state.licenses[0:0] = state.row
    state.row = []
    for lic in ids:
        for pile in (state.licenses, state.removed, state.cleared):
            if lic in pile:
                pile.remove(lic)
                break
        else:
            raise AssertionError(f"no {lic} license left to build with")
        state.row.append(lic)
    return state


def boats(state: FleetCardsState, seat: int, *specs: tuple[str, int, bool]) -> FleetCardsState:
    """Launched boats, each (kind, crates, has a captain)."""
    for boat_kind, crates, captain in specs:
        card = _pull(state, boat_kind)
        state.players[seat].boats.append(
            Boat(card=card, crates=crates, captain=_pull(state, "processing") if captain else None)
        )
    return state


def at(state: FleetCardsState, phase: str, first: int = 0) -> tuple[FleetCardsState, list[Event]]:
    """Start `phase` afresh on the table as built, `first` holding the first player marker:
    the auction, or every seat at once at launching, processing (all have fished) or drawing
    (RULES §3.2)."""
    state = state.clone()
    state.first_player = first
    for p in state.players:
        p.task = None
        p.payment = None
    t = Work(BOOK, state)
    if phase == "auction":
        auction.begin(t)
    elif phase == "launch":
        launching.begin(t)
    else:
        state.phase = "work"
        start = harvest.begin_processing if phase == "processing" else drawing.begin
        for seat in t.in_turn_order():
            start(t, seat)
    flow.advance(t)
    return state, t.events


def act(state: FleetCardsState, seat: int, *texts: str) -> FleetCardsState:
    for text in texts:
        state, _ = GAME.apply(state, seat, text)
    return state


def act_events(
    state: FleetCardsState, seat: int, *texts: str
) -> tuple[FleetCardsState, list[Event]]:
    events: list[Event] = []
    for text in texts:
        state, more = GAME.apply(state, seat, text)
        events += more
    return state, events


def bidding(state: FleetCardsState) -> list[int]:
    """The seats the auction waits for (RULES §4): seats out of it may meanwhile be asked
    about their end of round (§3.2), so `to_act` can hold them too."""
    return [s for s, p in enumerate(state.players) if owes_bidding(p)]


def legal(state: FleetCardsState, seat: int) -> list[str]:
    return [a.text for a in GAME.legal_actions(state, seat)]


def texts(actions: list[Action]) -> list[str]:
    return [a.text for a in actions]


def finish_round_quietly(state: FleetCardsState) -> FleetCardsState:
    """Everyone stops/passes/declines/keeps the first option until the phase changes."""
    phase, round_ = state.phase, state.round
    while (state.phase, state.round) == (phase, round_) and GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        options = legal(state, seat)
        quiet = [o for o in options if o in ("stop", "pass", "decline")]
        state = act(state, seat, quiet[0] if quiet else options[0])
    return state
