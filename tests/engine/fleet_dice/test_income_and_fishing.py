"""RULES §7 (income), §8 (fishing), §10 (Lobster, Swordfish, Oyster licenses)."""

from engine.fleet_dice.fishing import fish
from engine.fleet_dice.player import income
from engine.fleet_dice.state import Task

from .builders import GAME, SHEET, act, blank, completed, deciding, table, texts, with_boats


def test_income_is_one_coin():
    assert income(SHEET, blank().players[0]) == 1


def test_example_b_lobster_level2_and_canning_pay_one_plus_two_plus_full_boats():
    # RULES §16 B
    p = blank().players[0]
    p.licenses["lobster"] = 2
    completed(p, "ridback_canning")
    with_boats(p, "cod", 4, 4, 1)
    with_boats(p, "shrimp", 3)
    assert income(SHEET, p) == 1 + 2 + 3


def test_income_is_capped_at_ten():
    # RULES §7
    p = blank().players[0]
    p.licenses["lobster"] = 3
    completed(p, "ridback_canning")
    with_boats(p, "cod", 4, 4, 4, 4)
    with_boats(p, "lobster", 3, 3, 3, 3)
    assert income(SHEET, p) == 10


def test_example_c_two_cod_one_shrimp_one_oyster_one_full_lobster():
    # RULES §16 C: 1+1+1+2+0 fish.
    state = blank()
    p = state.players[0]
    with_boats(p, "cod", 0, 0)
    with_boats(p, "shrimp", 0)
    with_boats(p, "oyster", 0)
    with_boats(p, "lobster", 3)
    fish(table(state), 0, "round", 0)
    assert p.boats == {"cod": [1, 1], "shrimp": [1], "oyster": [2], "lobster": [3]}


def test_a_full_boat_catches_nothing():
    state = blank()
    with_boats(state.players[0], "shrimp", 3)
    fish(table(state), 0, "round", 0)
    assert state.players[0].boats["shrimp"] == [3]


def test_barge_catches_one_fish_per_full_boat_before_the_others_fish():
    # RULES §8.1: a boat that fills up during this phase does not count yet.
    state = blank()
    p = state.players[0]
    with_boats(p, "barge", 0)
    with_boats(p, "shrimp", 3, 2)
    fish(table(state), 0, "round", 0)
    assert p.boats["barge"] == [1]
    assert p.boats["shrimp"] == [3, 3]


def test_barge_holds_its_capacity():
    state = blank()
    p = state.players[0]
    with_boats(p, "barge", 7)
    with_boats(p, "shrimp", 3, 3, 3)
    fish(table(state), 0, "round", 0)
    assert p.boats["barge"] == [8]


def test_research_vessels_never_fish_and_are_never_full():
    from engine.fleet_dice.player import full_boats

    state = blank()
    p = state.players[0]
    with_boats(p, "research_vessel", 0, 0)
    fish(table(state), 0, "round", 0)
    assert p.boats["research_vessel"] == [0, 0]
    assert full_boats(SHEET, p) == 0


def test_harbor_boats_fish_too():
    state = blank()
    with_boats(state.players[0], "king_crab", 0)
    with_boats(state.players[0], "inuit", 2)
    fish(table(state), 0, "round", 0)
    assert state.players[0].boats["king_crab"] == [1] and state.players[0].boats["inuit"] == [3]


def test_oyster_license_asks_fish_or_coin_and_boats_with_least_room_take_the_coin():
    # RULES §8.3, §10: with any Oyster license, 1 fish + 1 coin instead of 2 fish.
    state = blank(round_number=2, phase="income")
    p = state.players[0]
    p.licenses["oyster"] = 1  # oyster boats hold 6
    with_boats(p, "oyster", 0, 5, 6)
    from engine.fleet_dice.fishing import start_fishing

    t = table(state)
    start_fishing(t, 0, "round")
    t.flush(0)
    assert [tk.kind for tk in p.tasks] == ["oyster"]
    state = deciding(state, 0, p.tasks[0])
    assert texts(GAME.legal_actions(state, 0)) == ["oyster 0", "oyster 1", "oyster 2"]
    after = act(state, 0, "oyster 1")
    # the boat with one box free takes fish + coin; the empty boat takes 2; the full one nothing
    assert after.players[0].boats["oyster"] == [2, 6, 6]
    assert after.players[0].coins.count("x") >= 1


def test_a_full_oyster_boat_earns_no_coin():
    state = blank()
    p = state.players[0]
    p.licenses["oyster"] = 1
    with_boats(p, "oyster", 6)
    fish(table(state), 0, "round", 1)
    assert p.coins.count("x") == 0


def test_oyster_license_levels_set_the_capacity():
    from dataclasses import replace

    from engine.fleet_dice.player import capacity

    p = blank().players[0]
    assert [
        capacity(SHEET, replace(p, licenses={**p.licenses, "oyster": lv}), "oyster")
        for lv in (1, 2, 3)
    ] == [6, 8, 10]


def test_stars_from_fishing_coins_come_after_fishing_then_swordfish():
    # RULES §8.4–8.5
    state = blank()
    p = state.players[0]
    p.licenses["oyster"] = 1
    p.licenses["swordfish"] = 1
    p.coins = "xx" + p.coins[2:]  # the next coin hits the star on box 3
    with_boats(p, "oyster", 0)
    t = table(state)
    fish(t, 0, "round", 1)
    t.flush(0)
    assert p.boats["oyster"] == [1]
    assert [(tk.kind, tk.source) for tk in p.tasks] == [("star", "coins"), ("star", "swordfish")]


def test_swordfish_level2_gives_a_star_and_a_coin_level3_two_stars():
    for level, coins, stars in [(1, 0, 1), (2, 1, 1), (3, 0, 2)]:
        state = blank()
        p = state.players[0]
        p.licenses["swordfish"] = level
        t = table(state)
        fish(t, 0, "round", 0)
        t.flush(0)
        assert p.coins.count("x") == coins
        assert [tk.kind for tk in p.tasks] == ["star"] * stars


def test_captains_club_is_a_private_fishing_phase_without_swordfish():
    # RULES §11: each circle: a private fishing phase; §8.5: never the Swordfish bonus.
    state = blank(2)
    me, other = state.players
    me.licenses["swordfish"] = 3
    with_boats(me, "cod", 0)
    with_boats(other, "cod", 0)
    me.marks["harbor:captains_club"] = "x....."
    state = deciding(state, 0, Task(kind="use", face="harbor", chosen=False))
    state = act(state, 0, "use harbor:captains_club")
    assert state.players[0].boats["cod"] == [1]
    assert state.players[1].boats["cod"] == [0]
    assert not any(tk.kind == "star" for tk in state.players[0].tasks)


def test_round_fishing_happens_for_everyone_in_even_rounds():
    state = GAME.new_game(2, "fishing")
    while state.round < 3:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        state = act(state, seat, next((a for a in legal if a.verb == "coin"), legal[0]).text)
    for p in state.players:
        assert sum(sum(b) for b in p.boats.values()) >= 1
