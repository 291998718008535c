"""RULES §13: what is public and what is secret, and automatic players that do not cheat."""

import random
import re

from .builders import BOOK, GAME, act, act_events, at, boats, hand, licenses, new


def mid_game(seed="secrets", seats=3, actions=60):
    state, _ = GAME.start(seats, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        seat = GAME.to_act(state)[0]
        state = act(state, seat, rng.choice(GAME.legal_actions(state, seat)).text)
    return state


def test_hand_sizes_are_public_and_hands_are_not():
    # RULES §13.1
    state = mid_game()
    for reader in (None, 0, 1, 2):
        v = GAME.view(state, reader)
        for seat, p in enumerate(v.players):
            assert p.hand_size == len(state.players[seat].hand)
            assert (p.hand is not None) == (seat == reader)
    assert sorted(GAME.view(state, 1).players[1].hand) == sorted(state.players[1].hand)


def test_a_captain_is_known_to_its_owner_only():
    # RULES §13.3
    state = new(2)
    boats(state, 0, ("cod", 1, True))
    captain = state.players[0].boats[0].captain
    assert GAME.view(state, 0).players[0].boats[0].captain_card == captain
    assert GAME.view(state, 1).players[0].boats[0].captain_card is None
    assert GAME.view(state, 1).players[0].boats[0].captain


def test_no_view_holds_the_seed_or_the_order_of_a_deck():
    # RULES §13.3
    state = mid_game()
    text = repr(GAME.view(state, 0))
    assert state.seed not in text
    named = set(re.findall(r"'([a-z_]+[0-9]+)'", text))
    assert named and not named & set(state.deck)
    assert named <= set(state.players[0].hand) | set(state.discard) | {
        b.card for p in state.players for b in p.boats
    } | {b.captain for b in state.players[0].boats}
    v = GAME.view(state, 0)
    assert (v.deck_size, v.licenses_left) == (len(state.deck), len(state.licenses))


def test_redeal_changes_only_what_the_reader_has_not_seen():
    # RULES §13.3: others' hands, captains, face-down discards, the decks, the seed.
    state = mid_game()
    other = GAME.redeal(state, 1, "elsewhere")
    assert GAME.view(other, 1) == GAME.view(state, 1)
    assert other.players[1].hand == state.players[1].hand
    assert [p.hand for p in other.players] != [p.hand for p in state.players]
    assert other.seed == "elsewhere"
    assert GAME.load_state(GAME.dump_state(other)) == other, "a redealt state is a real game"


def test_redeal_keeps_the_readers_own_face_down_discards_and_moves_the_others():
    # RULES §10.3, §13.3
    state = new(2)
    state.discard = state.deck[:4]
    state.deck = state.deck[4:]
    state.hidden = {state.discard[0]: 0, state.discard[1]: 1}
    other = GAME.redeal(state, 0, "x")
    assert other.discard[0] == state.discard[0] and other.hidden[state.discard[0]] == 0
    assert other.discard[2:] == state.discard[2:], "cards paid face up stay known"
    assert list(other.hidden.values()) == [0, 1]


def test_cards_drawn_reach_only_their_owner_the_table_hears_how_many():
    # RULES §13.2
    state = new(2)
    hand(state, 0, "shrimp", "cod")
    licenses(state, 0, "cod", "shrimp")
    hand(state, 1)
    state, _ = at(state, "launch")
    state, events = act_events(state, 0, "launch shrimp", "stop")
    drew = next(e for e in events if e.kind == "drew")
    assert drew.visible_to == frozenset({0})
    public = next(e for e in events if e.kind == "draw")
    assert public.visible_to is None and set(public.data) == {"count", "source"}


def test_public_events_never_name_a_card_still_hidden_somewhere():
    # RULES §13: over whole games, every card id a public event names is on the table or
    # face up in the discard pile when the event is told. A reshuffle later in the same move
    # (§10.4: a seat out of the auction may pay, then draw at once, §3.2) puts face-up cards
    # back into the secret supply: what an event named before it is no longer checked.
    for n in range(4):
        state, _ = GAME.start(4, f"events:{n}")
        rng = random.Random(n)
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            hidden = set(state.deck) | set(state.hidden)
            for p in state.players:
                hidden |= set(p.hand) | set(p.drawn)
                hidden |= {b.captain for b in p.boats if b.captain}
            last = max((i for i, e in enumerate(events) if e.kind == "reshuffle"), default=-1)
            for e in events[last + 1 :]:
                if e.visible_to is None:
                    named = {v for v in _values(e.data) if v in BOOK.card_types}
                    assert not named & hidden, (e, named & hidden)


def _values(data):
    for v in data.values():
        if isinstance(v, list):
            yield from (str(x) for x in v)
        else:
            yield str(v)


def test_an_automatic_player_decides_the_same_whatever_it_cannot_see():
    # RULES §13.3
    for n in range(20):
        state = mid_game(f"ai:{n}", actions=25 + n)
        seat = GAME.to_act(state)[0]
        choice = GAME.default_action(state, seat)
        for k in range(3):
            assert GAME.default_action(GAME.redeal(state, seat, f"r{k}"), seat) == choice


def test_a_view_says_of_each_player_what_the_table_shows():
    # RULES §13.2: every public count in its own place (a view is built field by position)
    state = boats(mid_game(actions=90), 1, ("cod", 2, True), ("tuna", 0, False))
    p = state.players[1]
    p.boats[-1].processed = True
    p.processed, p.discards, p.launches, p.hires = 3, 1, 2, 1
    p.drawn = [state.deck.pop(0)]
    for reader in (None, 1):
        v = GAME.view(state, reader).players[1]
        assert (v.licenses, v.processed, v.hand_size) == (tuple(p.licenses), 3, len(p.hand))
        assert (v.drawn_size, v.discards, v.launches, v.hires) == (1, 1, 2, 1)
        assert (v.task, v.stage, v.payment, v.out) == (p.task, p.stage, p.payment, p.out)
        assert [(b.kind, b.crates, b.captain, b.processed) for b in v.boats][-2:] == [
            ("cod", 2, True, False),
            ("tuna", 0, False, True),
        ]
        assert dict(v.score) == GAME.result(state).of(1).breakdown
    mine = GAME.view(state, 1).players[1]
    assert mine.drawn == tuple(p.drawn) and sorted(mine.hand) == sorted(p.hand)
