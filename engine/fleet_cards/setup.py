"""Setting up (RULES §2): starting hands, the boat supply, the license deck for the player
count, the first auction row, the fish crates and the first player. Every random choice is a
keyed shuffle or roll of the game's seed, so the same seed sets up the same table."""

from __future__ import annotations

from engine.core.chance import roll, shuffle
from engine.fleet_cards.cards import GONE_FISHIN, Deck
from engine.fleet_cards.state import FleetCardsState, Options, Player
from engine.fleet_cards.work import Work


def starting_hands(book: Deck, seats: int) -> tuple[list[list[str]], list[str]]:
    """RULES §2.1: one boat of each type for every player; the rest is the supply (unshuffled
    here)."""
    hands: list[list[str]] = [[] for _ in range(seats)]
    rest: list[str] = []
    for ids in book.boat_ids.values():
        for seat in range(seats):
            hands[seat].append(ids[seat])
        rest.extend(ids[seats:])
    return hands, rest


def license_deck(
    book: Deck, seats: int, seed: str, advanced: bool
) -> tuple[list[str], list[str], list[str]]:
    """RULES §2.2: (the deck top first, the removed licenses, the first auction row)."""
    spec = book.setup[str(seats)]  # type: ignore[index]
    standard = [lic for lic, s in book.licenses.items() if not s.premium for _ in range(s.count)]
    premium = [lic for lic, s in book.licenses.items() if s.premium for _ in range(s.count)]
    standard = shuffle(seed, "licenses:standard", standard)
    premium = shuffle(seed, "licenses:premium", premium)
    set_aside, stack = standard[: spec.set_aside], standard[spec.set_aside :]
    removed = premium[: spec.remove_premium] + set_aside[: spec.remove_standard]
    kept_premium = premium[spec.remove_premium :]
    on_top = set_aside[spec.remove_standard :]
    if advanced:
        # RULES §14.1: everything shuffled together; the first row holds no premium license.
        deck = shuffle(seed, "licenses:advanced", on_top + stack + kept_premium)
        row: list[str] = []
        back: list[str] = []
        while len(row) < seats:
            lic = deck.pop(0)
            (back if book.licenses[lic].premium else row).append(lic)
        deck = shuffle(seed, "licenses:advanced:back", deck + back)
        return deck, removed, row
    deck = on_top + shuffle(seed, "licenses:stack", stack + kept_premium)
    return deck[seats:], removed, deck[:seats]


def new_game(book: Deck, seats: int, seed: str, options: Options) -> tuple[FleetCardsState, Work]:
    hands, rest = starting_hands(book, seats)
    deck, removed, row = license_deck(book, seats, seed, options.advanced_setup)
    state = FleetCardsState(
        seed=seed,
        options=options,
        players=[Player(hand=hand) for hand in hands],
        row=row,
        licenses=deck,
        removed=removed,
        deck=shuffle(seed, "boats", rest),
        crates=book.crates_per_player * seats,
        first_player=roll(seed, "first", range(seats))[0],
        gone_fishin=(
            [f"{GONE_FISHIN}{n}" for n in range(1, book.gone_fishin.count + 1)]
            if options.gone_fishin
            else []
        ),
    )
    t = Work(book, state)
    t.emit(
        "setup",
        None,
        first=state.first_player,
        row=list(row),
        crates=state.crates,
        licenses=len(deck),
        deck=len(state.deck),
    )
    for seat, hand in enumerate(hands):
        t.tell(seat, "dealt", cards=list(hand))
    return state, t
