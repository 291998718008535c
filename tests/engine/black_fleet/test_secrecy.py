"""What each seat may know (RULES §12), checked on arranged tables and over whole games."""

import random

from tests.engine.black_fleet.builders import GAME, HOUSE, act, fortune, table


def playout(seats, seed, policy="random"):
    """Every state of a complete game, with the events each action made."""
    state, events = GAME.start(seats, seed)
    rng = random.Random(seed)
    steps = [(state, events)]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = GAME.policies[policy](GAME.view(state, seat), seat, legal, rng)
        state, events = GAME.apply(state, seat, action)
        steps.append((state, events))
    return steps


def test_a_view_shows_only_the_sizes_of_other_hands():
    # RULES §12.2
    state = table(hand=[fortune("bribe"), fortune("plunder")])
    mine = GAME.view(state, 0)
    assert mine.captains[0].fortune == tuple(state.captains[0].fortune)
    assert mine.captains[0].movement == tuple(state.captains[0].movement)
    assert mine.captains[1].fortune == () and mine.captains[1].movement == ()
    assert mine.captains[1].fortune_cards == len(state.captains[1].fortune)
    assert mine.captains[1].movement_cards == len(state.captains[1].movement)


def test_your_own_face_down_development_cards_are_yours_to_see():
    # RULES §3.3, §12.2
    state = table()
    view = GAME.view(state, 0)
    assert view.captains[0].development == tuple(state.captains[0].development)
    assert view.captains[1].development == (None,) * 4


def test_a_development_card_turned_face_up_is_public():
    # RULES §10.1, §12.1
    state = table()
    key = state.captains[1].development[2]
    state.captains[1].bought = [key]
    assert GAME.view(state, None).captains[1].development == (None, None, key, None)
    assert GAME.view(state, 0).captains[1].development[2] == key


def test_the_public_table_sees_no_hand_and_no_face_down_card():
    # RULES §12
    view = GAME.view(table(), None)
    for c in view.captains:
        assert c.movement == () and c.fortune == () and c.development == (None,) * 4


def test_the_deck_order_and_the_seed_are_never_in_a_view():
    # RULES §12.2
    state = table()
    view = GAME.view(state, 0)
    assert view.movement_deck == len(state.movement_deck)
    assert view.fortune_deck == len(state.fortune_deck)
    assert not hasattr(view, "seed") and not hasattr(view, "box")


def test_redeal_draws_again_only_what_the_reader_does_not_know():
    # RULES §12: the reader's own hand and face-down cards stay; the rest may change.
    state = table()
    other = GAME.redeal(state, 0, "elsewhere")
    assert other.captains[0].movement == state.captains[0].movement
    assert other.captains[0].development == state.captains[0].development
    changed = [
        other.captains[s].development != state.captains[s].development
        or other.captains[s].movement != state.captains[s].movement
        for s in (1, 2)
    ]
    assert any(changed) and other.seed != state.seed
    assert sorted(k for c in other.captains for k in c.development) + sorted(other.box) != []
    assert sorted([k for c in other.captains for k in c.development] + other.box) == sorted(
        HOUSE.development
    )


def test_views_keep_every_secret_over_complete_games():
    # RULES §12: a view is the same for every state its reader cannot tell apart.
    for seats in (3, 4):
        for state, _ in playout(seats, f"views:{seats}")[::7]:
            for reader in (None, *range(seats)):
                other = GAME.redeal(state, reader, "x")
                assert GAME.view(other, reader) == GAME.view(state, reader)


def test_private_events_reach_only_their_owner_and_public_ones_name_no_hidden_card():
    # RULES §12: a drawn card is private; what is played or discarded becomes public.
    for seats in (3, 4):
        for state, events in playout(seats, f"events:{seats}"):
            held = {card for c in state.captains for card in (*c.movement, *c.fortune)}
            face_down = {k for c in state.captains for k in c.development if k not in c.bought}
            for e in events:
                if e.kind in ("drew", "dealt"):
                    assert e.visible_to == frozenset({e.seat})
                    continue
                assert e.visible_to is None
                named = {v for v in e.data.values() if isinstance(v, str)}
                assert not named & (held | face_down)


def test_an_ai_seat_decides_the_same_whatever_it_cannot_see():
    # RULES §12.2: the heuristic reads its view only.
    heuristic = GAME.policies["heuristic"]
    for state, _ in playout(3, "ai", policy="heuristic")[::5]:
        if GAME.is_over(state):
            continue
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        other = GAME.redeal(state, seat, "x")
        mine = heuristic(GAME.view(state, seat), seat, legal, random.Random(0))
        theirs = heuristic(GAME.view(other, seat), seat, legal, random.Random(0))
        assert mine == theirs


def test_a_hand_card_played_is_public_from_then_on():
    # RULES §9.1, §12.1
    state = table(hand=[fortune("lucky_find")])
    state, _ = act(state, "fortune lucky_find")
    public = GAME.view(state, None)
    assert fortune("lucky_find") in public.fortune_discard
    assert fortune("lucky_find") in public.turn.played
