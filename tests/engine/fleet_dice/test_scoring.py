"""RULES §13 (scoring, tie-breaks) and the worked examples E and G (§16)."""

from engine.fleet_dice.scoring import breakdown, king_crab_bonus_vp, result, solo_rank

from .builders import SHEET, blank, completed, marked


def test_example_e_scoring_totals_73():
    # RULES §16 E: 32 fish, 11 boat VP, 15 license VP, 10 building VP, "1 VP per 6 fish" → 5.
    state = blank(2)
    state.phase = "over"
    p = state.players[0]
    p.licenses.update(cod=3, oyster=3)  # two level-3 licenses (10) …
    marked(p, "harbor:king_crab", 2)  # … and the King Crab license (5): 15
    # fish 8 + 6 + 4 + 14 = 32; boat VP 2x2 + 2x1 + 2 + 2x1 + 1 research vessel = 11
    p.boats = {
        "cod": [4, 4],
        "shrimp": [3, 3],
        "swordfish": [4],
        "oyster": [10, 4],
        "research_vessel": [0],
    }
    completed(p, "fishermens_pub")  # 10 building VP
    p.king_crab_bonus = "fish"
    parts = breakdown(SHEET, state, 0)
    assert parts == {"fish": 32, "boats": 11, "licenses": 15, "buildings": 10, "bonus": 5}
    assert sum(parts.values()) == 73


def test_example_g_king_crab_buildings_bonus_is_capped_at_ten():
    # RULES §16 G: 6 complete buildings → 12, capped to 10; plus the 5 VP license.
    state = blank()
    p = state.players[0]
    for b in [
        "casino",
        "bait_shop",
        "smokehouse",
        "scrap_yard",
        "ridback_canning",
        "seafood_buffet",
    ]:
        completed(p, b)
    p.king_crab_bonus = "buildings"
    marked(p, "harbor:king_crab", 2)
    assert king_crab_bonus_vp(SHEET, p) == 10
    assert breakdown(SHEET, state, 0)["licenses"] == 5


def test_every_king_crab_bonus_counts_what_it_says():
    p = blank().players[0]
    p.boats = {"cod": [4, 4], "shrimp": [1], "research_vessel": [0]}  # 9 fish, 2 full, 4 boats
    p.licenses["cod"] = 2
    marked(p, "harbor:king_crab", 2)
    completed(p, "casino")
    p.coins = "x" * 11 + p.coins[11:]
    expected = {"fish": 1, "buildings": 2, "full": 4, "boats": 4, "licenses": 6, "coins": 2}
    for bonus, vp in expected.items():
        p.king_crab_bonus = bonus
        assert king_crab_bonus_vp(SHEET, p) == vp, bonus


def test_building_points():
    # RULES §11 table: Anna's Bank scores per box even unfinished; the Pub only complete.
    state = blank()
    p = state.players[0]
    marked(p, "wharf:annas_bank", 3)
    marked(p, "wharf:fishermens_pub", 3)
    completed(p, "smokehouse")
    p.hexagons = ["cod", "shrimp", "oyster"]
    completed(p, "seafood_buffet")
    assert breakdown(SHEET, state, 0)["buildings"] == 6 + 0 + 3 + 6


def test_highest_total_wins_and_ties_go_to_most_fish():
    state = blank(3)
    state.phase = "over"
    a, b, c = state.players
    a.boats = {"cod": [4]}  # 4 fish + 2 = 6
    b.boats = {"shrimp": [3], "research_vessel": [0, 0]}  # 3 + 1 + 2 = 6, fewer fish
    c.boats = {"cod": [1]}
    r = result(SHEET, state)
    assert r.winners == [0]
    assert [s.seat for s in r.seats] == [0, 1, 2]
    assert r.reasons == ("tie_broken",)


def test_players_tied_on_points_and_fish_share_the_win():
    state = blank(2)
    state.phase = "over"
    for p in state.players:
        p.boats = {"cod": [3]}
    r = result(SHEET, state)
    assert r.winners == [0, 1]
    assert r.reasons == ("tie_shared",)


def test_total_equals_the_sum_of_the_breakdown():
    state = blank(2)
    state.players[0].boats = {"cod": [2], "king_crab": [1]}
    r = result(SHEET, state)
    for s in r.seats:
        assert s.total == sum(s.breakdown.values())


def test_solo_rank_titles():
    # RULES §15
    assert [solo_rank(n) for n in (90, 85, 84, 75, 70, 65, 64, 50, 49, 0)] == [
        "salty_captain",
        "salty_captain",
        "my_captain",
        "my_captain",
        "helmsman",
        "helmsman",
        "deckhand",
        "deckhand",
        "greenhorn",
        "greenhorn",
    ]
