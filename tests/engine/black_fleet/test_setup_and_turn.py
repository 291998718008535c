"""Setting up (RULES §3), the turn (§5), drawing (§8) and the end of the game (§13)."""

import pytest

from engine.black_fleet import flow
from engine.core.errors import EngineError
from tests.engine.black_fleet.builders import GAME, HOUSE, act, card, fortune, kinds, legal, table

# --- setting up (§3) -----------------------------------------------------------------------


def test_three_players_leave_out_a_colour_but_never_black():
    # RULES §3.2
    for n in range(20):
        state, _ = GAME.start(3, f"colours:{n}")
        colours = [c.colour for c in state.captains]
        assert "black" in colours and len(set(colours)) == 3


def test_the_black_ships_place_first_and_start():
    # RULES §3.2, §3.6
    state, _ = GAME.start(4, "start")
    black = next(s for s, c in enumerate(state.captains) if c.colour == "black")
    assert state.start == black and GAME.to_act(state) == [black]
    state, _ = act(state, "dock f2")
    assert GAME.to_act(state) == [(black + 1) % 4]


def test_each_player_gets_one_development_card_of_each_price():
    # RULES §3.3
    state, _ = GAME.start(4, "dev")
    for c in state.captains:
        assert [HOUSE.development[k].price for k in c.development] == list(HOUSE.tiers)
    dealt = [k for c in state.captains for k in c.development]
    assert sorted(dealt + state.box) == sorted(HOUSE.development)


def test_each_player_starts_with_two_movement_cards_and_one_fortune_card():
    # RULES §3.4
    state, _ = GAME.start(3, "hands")
    for c in state.captains:
        assert len(c.movement) == 2 and len(c.fortune) == 1 and c.doubloons == 0
    assert len(state.movement_deck) == len(HOUSE.movement) - 6
    assert len(state.fortune_deck) == len(HOUSE.fortune) - 3


def test_the_same_seed_deals_the_same_game():
    # RULES §3: every deck is a keyed shuffle of the seed.
    assert GAME.start(3, "same")[0] == GAME.start(3, "same")[0]
    assert GAME.start(3, "same")[0] != GAME.start(3, "other")[0]


def test_the_victory_card_costs_10_or_20():
    # RULES §3.5
    assert GAME.start(3, "v")[0].options.victory == 10
    assert GAME.start(3, "v", {"victory": 20})[0].options.victory == 20
    with pytest.raises(EngineError):
        GAME.start(3, "v", {"victory": 15})


def test_black_fleet_seats_three_or_four():
    # RULES §1
    for seats in (2, 5):
        with pytest.raises(EngineError):
            GAME.start(seats, "seats")


def test_merchants_go_on_free_docks_with_three_cubes_and_pirates_wait_off_the_map():
    # RULES §3.1, §3.6
    state, _ = GAME.start(3, "docks")
    state, _ = act(state, "dock f2")
    first = state.captains[(state.start) % 3]
    assert first.merchant == "F2" and first.cargo == ["yellow"] * 3
    assert "dock f2" not in legal(state)
    state, _ = act(state, "dock b3", "dock l3")
    # The pirates wait off the map: the first thing each owner does is bring theirs in (§6.4).
    assert state.stage == "enter" and state.turn.seat == state.start and state.round == 1
    assert all(c.pirate is None for c in state.captains)
    assert state.navy == HOUSE.map.navy_starts


# --- the turn (§5, §8) ---------------------------------------------------------------------


def test_a_turn_starts_with_a_movement_card():
    # RULES §5.2
    state = table(stage="card", movement=[card("yellow", merchant=4), card("purple", merchant=4)])
    assert legal(state) == [
        f"play {card('yellow', merchant=4)}",
        f"play {card('purple', merchant=4)}",
    ]
    state, events = act(state, f"play {card('purple', merchant=4)}")
    assert state.stage == "helm" and state.turn.card == card("purple", merchant=4)
    assert state.movement_discard[-1] == card("purple", merchant=4)
    assert next(e for e in events if e.kind == "play").visible_to is None


def test_two_alike_movement_cards_are_one_choice():
    # RULES §5.2: identical cards do the same.
    twins = [c for c in HOUSE.movement if HOUSE.movement[c].navy == "yellow"][:2]
    state = table(stage="card", movement=twins)
    assert legal(state) == [f"play {twins[0]}"]


def test_ending_the_moves_draws_back_to_two_movement_cards():
    # RULES §8.1
    state = table(movement=[card("yellow", merchant=4)])
    state, events = act(state, "end")
    assert len(state.captains[0].movement) == 2
    drawn = [e for e in events if e.kind in ("draw", "drew") and e.data["deck"] == "movement"]
    assert drawn[0].visible_to is None and "cards" not in drawn[0].data
    assert drawn[1].visible_to == frozenset({0})


@pytest.mark.parametrize("bottom, more", [("draw_1", 1), ("draw_2", 2)])
def test_the_bottom_symbol_draws_fortune_cards(bottom, more):
    # RULES §8.2
    state = table(played=card("yellow", bottom=bottom), hand=[])
    state, _ = act(state, "end")
    assert len(state.captains[0].fortune) == more


def test_the_discard_symbol_asks_for_a_fortune_card():
    # RULES §8.2
    state = table(played=card("yellow", bottom="discard_1"), hand=[fortune("bribe")])
    state, _ = act(state, "end")
    assert state.stage == "discard" and legal(state) == ["discard bribe"]
    state, events = act(state, "discard bribe")
    assert state.captains[0].fortune == [] and "discard" in kinds(events)


def test_the_discard_symbol_does_nothing_to_an_empty_hand():
    # RULES §8.2
    state = table(played=card("yellow", bottom="discard_1"), hand=[])
    state, _ = act(state, "end")
    assert state.stage != "discard"


def test_more_than_three_fortune_cards_are_discarded_down_to_three():
    # RULES §8.3
    hand = [fortune("bribe"), fortune("mutiny"), fortune("plunder")]
    state = table(played=card("yellow", bottom="draw_2"), hand=hand)
    state, _ = act(state, "end")
    assert state.stage == "discard"
    state, _ = act(state, legal(state)[0])
    assert state.stage == "discard"
    state, _ = act(state, legal(state)[0])
    assert len(state.captains[0].fortune) == 3 and state.stage != "discard"


def test_the_discard_symbol_comes_before_the_hand_limit():
    # RULES §8.2, §8.3 (Ruling, the order): the rulebook lists "Die maximale Anzahl an
    # Sonderkarten auf der Hand beträgt drei. Wenn ein Spieler mehr als drei Sonderkarten auf
    # der Hand hat, muss er anschließend so viele abwerfen, bis er wieder nur drei
    # Sonderkarten hat" and "Einige Sonderkarten geben … an, dass der Spieler eine Sonderkarte
    # abwerfen muss" without saying which comes first. Here the symbol's card is discarded
    # first and counts towards the limit, so five cards at the end of a turn become three
    # (not two, as "limit first, then the symbol" would make it).
    hand = [fortune(k) for k in ("bribe", "mutiny", "plunder", "lucky_find", "broadside")]
    state = table(played=card("yellow", bottom="discard_1"), hand=hand)
    state, _ = act(state, "end")
    assert state.stage == "discard"
    state, _ = act(state, "discard bribe")
    assert state.stage == "discard", "one more for the hand limit"
    state, _ = act(state, "discard mutiny")
    assert len(state.captains[0].fortune) == 3 and state.stage != "discard"


def test_the_discard_symbol_counts_towards_the_hand_limit():
    # RULES §8.2, §8.3: four cards and the symbol: one discard settles both.
    hand = [fortune(k) for k in ("bribe", "mutiny", "plunder", "lucky_find")]
    state = table(played=card("yellow", bottom="discard_1"), hand=hand)
    state, _ = act(state, "end", "discard bribe")
    assert len(state.captains[0].fortune) == 3 and state.stage != "discard"


def test_an_empty_pile_reshuffles_its_discards_the_same_way_every_time():
    # RULES §8.4
    state = table(movement=[], played=card("yellow", bottom="draw_1"))
    state.movement_discard = state.movement_deck[1:]
    state.movement_deck = state.movement_deck[:1]
    state, events = act(state, "end")
    assert "reshuffle" in kinds(events) and state.shuffles == 1
    state2 = table(movement=[], played=card("yellow", bottom="draw_1"))
    state2.movement_discard = state2.movement_deck[1:]
    state2.movement_deck = state2.movement_deck[:1]
    state2, _ = act(state2, "end")
    assert state2.movement_deck == state.movement_deck


# --- the end (§13) ---------------------------------------------------------------------------


def rich(seat_state, seat):
    """Every development card of `seat` bought."""
    return list(seat_state.captains[seat].development)


def test_the_victory_card_starts_the_last_round():
    # RULES §13.1: the round ends with the seat before the start player.
    base = table(seats=3)
    start = base.start
    buyer = (start + 1) % 3
    docks = {0: "F2", 1: "B3", 2: "L3"}
    state = table(
        seats=3,
        seat=buyer,
        merchants=docks,
        doubloons={buyer: 12},
        bought={buyer: rich(base, buyer)},
    )
    state.start = start
    state, events = act(state, "end", "buy victory")
    assert state.final_round and "final_round" in kinds(events)
    assert not GAME.is_over(state) and state.turn.seat == (buyer + 1) % 3
    while state.stage in ("enter", "card"):
        state, _ = act(state, legal(state)[0])
    state, _ = act(state, "end")
    if state.stage == "buy":
        state, _ = act(state, "pass")
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert result.winners == [buyer] and "victory_card" in result.reasons


def test_among_victory_cards_the_most_doubloons_wins():
    # RULES §13.2
    base = table(seats=3)
    last = (base.start - 1) % 3
    state = table(seats=3, seat=last, doubloons={last: 15})
    state.start = base.start
    other = (last + 1) % 3
    state.captains[other].victory = True
    state.captains[other].doubloons = 4
    state.final_round = True
    state.captains[last].bought = rich(state, last)
    state, _ = act(state, "end", "buy victory")
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert result.winners == [last]  # 5 doubloons left beats 4
    assert "most_doubloons" in result.reasons


def test_equal_victory_card_holders_share_the_win():
    # RULES §13.2
    state = table(seats=3)
    for s in (0, 1):
        state.captains[s].victory = True
        state.captains[s].doubloons = 3
    result = GAME.result(state)
    assert sorted(result.winners) == [0, 1] and "tie_shared" in result.reasons


def test_the_round_limit_ends_a_game_nobody_wins_outright():
    # RULES §13.3
    base = table(seats=3)
    last = (base.start - 1) % 3
    state = table(seats=3, seat=last, doubloons={0: 1, 1: 2, 2: 3})
    state.start = base.start
    state.round = flow.MAX_ROUNDS
    state, _ = act(state, "end")
    assert GAME.is_over(state) and state.ended == "rounds"
    assert "round_limit" in GAME.result(state).reasons


def test_players_without_the_victory_card_rank_by_fortune():
    # RULES §13.4
    state = table(seats=3, doubloons={0: 1, 1: 9, 2: 2})
    state.captains[0].bought = [state.captains[0].development[1]]  # worth 8 + 1
    result = GAME.result(state)
    # Seats 0 and 1 both have a fortune of 9: doubloons in hand break the tie.
    assert [r.seat for r in result.seats] == [1, 0, 2]
    assert result.of(0).breakdown == {"development": 8, "victory": 0, "doubloons": 1}
    assert result.of(0).total == 9 and result.of(1).rank == 1 and result.of(0).rank == 2
