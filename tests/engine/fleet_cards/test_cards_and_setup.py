"""RULES §1 (cards and data) and §2 (setup)."""

import json
from collections import Counter
from importlib import resources

import pytest

from engine.fleet_cards.cards import BOAT_TYPES, DeckError, parse_deck
from engine.fleet_cards.setup import license_deck

from .builders import BOOK, GAME, kinds, new


def _data() -> dict:
    return json.loads(resources.files("engine.fleet_cards").joinpath("data/base.json").read_text())


def test_the_deck_holds_96_boat_cards_and_26_licenses():
    # RULES §1.1, §1.2
    assert sum(b.count for b in BOOK.boats.values()) == 96
    assert [BOOK.boats[k].count for k in BOAT_TYPES] == [20, 20, 20, 12, 12, 12]
    assert sum(lic.count for lic in BOOK.licenses.values()) == 26
    assert sum(len(ids) for ids in BOOK.boat_ids.values()) == 96


def test_every_boat_scores_what_it_costs_and_the_deck_is_worth_180():
    # RULES §1.1 (CARDS.md's checks)
    assert all(b.vp == b.cost for b in BOOK.boats.values())
    assert sum(b.cash * b.count for b in BOOK.boats.values()) == 180


def test_king_crab_boats_launch_under_any_king_crab_license_and_the_pub_under_none():
    # RULES §1.2
    crabs = [lic for lic, s in BOOK.licenses.items() if s.family == "king_crab"]
    assert len(crabs) == 3 and all(BOOK.licenses[lic].boat == "king_crab" for lic in crabs)
    assert BOOK.licenses["pub"].boat is None


def test_a_broken_data_file_is_refused_naming_the_bad_field():
    # RULES §1.3
    data = _data()
    data["boats"]["tuna"]["cash"] = -1
    with pytest.raises(DeckError, match=r"boats\.tuna\.cash"):
        parse_deck(json.dumps(data))
    data = _data()
    data["licenses"]["cod"]["boat"] = "whale"
    with pytest.raises(DeckError, match=r"licenses\.cod\.boat"):
        parse_deck(json.dumps(data))
    with pytest.raises(DeckError, match="not valid JSON"):
        parse_deck("{")


def test_a_corrected_value_in_the_data_file_is_played():
    # RULES §1.3: a server owner's correction needs no code change.
    data = _data()
    data["licenses"]["pub"]["vp"] = 12
    assert parse_deck(json.dumps(data)).licenses["pub"].vp == 12


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_player_starts_with_one_boat_of_each_type(seats):
    # RULES §2.1
    state = new(seats)
    for p in state.players:
        assert kinds(p.hand) == sorted(BOAT_TYPES)
    assert len(state.deck) == 96 - 6 * seats


@pytest.mark.parametrize(
    ("seats", "deck", "removed_premium", "removed_standard", "on_top"),
    [(4, 26, 0, 0, 8), (3, 22, 2, 2, 6), (2, 17, 3, 6, 4)],
)
def test_the_license_deck_depends_on_the_player_count(
    seats, deck, removed_premium, removed_standard, on_top
):
    # RULES §2.2
    for n in range(20):
        cards, removed, row = license_deck(BOOK, seats, f"lic:{n}", advanced=False)
        full = row + cards
        assert len(full) == deck
        premium = [lic for lic in removed if BOOK.licenses[lic].premium]
        assert len(premium) == removed_premium
        assert len(removed) - len(premium) == removed_standard
        assert not any(BOOK.licenses[lic].premium for lic in full[:on_top])
        every = Counter(full + removed)
        assert every == Counter({lic: s.count for lic, s in BOOK.licenses.items()})


def test_premium_licenses_are_shuffled_below_the_set_aside_ones():
    # RULES §2.2: premium licenses turn up below the top standard ones, not always last.
    places = set()
    for n in range(50):
        cards, _, row = license_deck(BOOK, 4, f"spread:{n}", advanced=False)
        full = row + cards
        places |= {i for i, lic in enumerate(full) if BOOK.licenses[lic].premium}
    assert min(places) == 8 and max(places) == 25


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_row_shows_one_license_per_player_and_the_supply_25_crates_each(seats):
    # RULES §1.4, §2.3, §2.4
    state = new(seats)
    assert len(state.row) == seats
    assert state.crates == 25 * seats


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    # RULES §2.5
    a, b, c = new(3, "same"), new(3, "same"), new(3, "other")
    assert GAME.dump_state(a) == GAME.dump_state(b)
    assert (a.deck, a.licenses) != (c.deck, c.licenses)


def test_the_first_player_is_drawn_at_random_and_chooses_first():
    # RULES §2.5, §4.6
    firsts = {new(4, f"first:{n}").first_player for n in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = new(4, "first:1")
    assert GAME.to_act(state) == [state.first_player]
    assert state.players[state.first_player].task == "choose"
