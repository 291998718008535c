"""Property tests over random legal playouts (DESIGN: testing layer 1)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.core.replay import replay
from engine.fleet_dice.state import FleetState

from .builders import GAME

seeds = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12)
options = st.fixed_dictionaries({"captains": st.booleans(), "trophies": st.booleans()})


def playout(seats, seed, opts, rng, check=None):
    state = GAME.new_game(seats, seed, opts)
    log = []
    while not GAME.is_over(state):
        to_act = GAME.to_act(state)
        assert to_act, "a game that is not over always has someone to act"
        seat = rng.choice(to_act)
        legal = GAME.legal_actions(state, seat)
        assert legal, "a seat asked to act always has a legal action"
        if check:
            check(state, seat, legal)
        action = rng.choice(legal)
        before = GAME.dump_state(state) if check else None
        after, _ = GAME.apply(state, seat, action)
        if check:
            assert GAME.dump_state(state) == before, "apply never mutates its input"
        state = after
        log.append((seat, action.text))
        assert len(log) < 2000
    return state, log


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@settings(max_examples=12)
@given(seed=seeds, opts=options, choice=st.randoms(use_true_random=False))
def test_random_playouts_end_after_all_rounds_and_scores_add_up(seats, seed, opts, choice):
    state, _ = playout(seats, seed, opts, choice)
    assert state.round == (8 if seats == 1 else 10)
    result = GAME.result(state)
    assert len(result.seats) == seats
    for s in result.seats:
        assert s.total == sum(s.breakdown.values())
        assert s.total >= 0
    assert result.winners


@settings(max_examples=10)
@given(seats=st.integers(1, 4), seed=seeds, opts=options, choice=st.randoms(use_true_random=False))
def test_replaying_the_log_from_the_seed_reproduces_the_final_state(seats, seed, opts, choice):
    state, log = playout(seats, seed, opts, choice)
    assert replay(GAME, seats, seed, log, opts) == state


@settings(max_examples=8)
@given(seats=st.integers(1, 4), seed=seeds, choice=st.randoms(use_true_random=False))
def test_json_round_trip_keeps_legal_actions_identical(seats, seed, choice):
    def check(state, seat, legal):
        if choice.random() < 0.2:
            loaded = GAME.load_state(GAME.dump_state(state))
            assert isinstance(loaded, FleetState)
            assert loaded == state
            for s in range(seats):
                assert GAME.legal_actions(loaded, s) == GAME.legal_actions(state, s)

    playout(seats, seed, {}, choice, check)


@settings(max_examples=8)
@given(seats=st.integers(1, 4), seed=seeds, choice=st.randoms(use_true_random=False))
def test_an_illegal_action_raises_and_leaves_the_state_unchanged(seats, seed, choice):
    every = [f"pick {f}" for f in ("cod", "harbor", "market")] + [
        "use cod",
        "use cod+lobster",
        "use harbor:inuit",
        "use market",
        "coin",
        "buffet cod",
        "scrap",
        "reroll",
        "star cod",
        "star wharf:casino",
        "choose boat",
        "bonus fish",
        "oyster 1",
    ]

    def check(state, seat, legal):
        if choice.random() > 0.15:
            return
        before = GAME.dump_state(state)
        legal_texts = {a.text for a in legal}
        for text in every:
            if text not in legal_texts:
                with pytest.raises(IllegalAction):
                    GAME.apply(state, seat, text)
        others = [s for s in range(seats) if s not in GAME.to_act(state)]
        for other in others:
            with pytest.raises(IllegalAction):
                GAME.apply(state, other, legal[0])
        assert GAME.dump_state(state) == before

    playout(seats, seed, {}, choice, check)


def test_the_same_seed_and_actions_give_the_same_game():
    a, log_a = playout(3, "same", {}, random.Random(7))
    b, log_b = playout(3, "same", {}, random.Random(7))
    assert a == b and log_a == log_b


def test_a_tampered_log_does_not_replay():
    _, log = playout(2, "tamper", {}, random.Random(1))
    seat, text = log[5]
    forged = [*log[:5], (1 - seat, text), *log[6:]]
    with pytest.raises(IllegalAction):
        replay(GAME, 2, "tamper", forged)


@pytest.mark.parametrize(
    "text",
    [
        "fly away",
        "pick",
        "pick cod cod",
        "pick kraken",
        "use cod+lobster+oyster",
        "oyster x",
        "star coins",
        "choose both",
        "bonus gold",
        "use harbor:pub",
        "😀",
    ],
)
def test_malformed_action_texts_are_refused_with_a_clear_reason(text):
    state = GAME.new_game(2, "malformed")
    seat = GAME.to_act(state)[0]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, text)
    assert "not an action" in err.value.reason


def test_a_corrupt_saved_state_is_refused_with_a_reason():
    from engine.core.errors import EngineError

    state = GAME.new_game(2, "corrupt")
    text = GAME.dump_state(state)
    for bad in [text[:-10], text.replace('"rounds":10', '"rounds":"ten"'), "{}", "null"]:
        with pytest.raises(EngineError, match="corrupt"):
            GAME.load_state(bad)


@settings(max_examples=6)
@given(seats=st.integers(1, 4), seed=seeds, choice=st.randoms(use_true_random=False))
def test_apply_accepts_exactly_the_listed_actions(seats, seed, choice):
    """`apply` checks the common decisions without listing them; it must agree with
    `legal_actions` on every action of every shape."""
    from engine.fleet_dice.actions import PICK, STAR, USE
    from engine.fleet_dice.dice import BOAT_FACES
    from engine.fleet_dice.sheet import BOAT_TYPES, KING_CRAB_BONUSES

    every = [*PICK.values(), *STAR.values(), *USE.values()]
    every += [GAME.parse_action(t) for t in ("coin", "scrap", "reroll", "skip")]
    every += [GAME.parse_action(f"use {a}+{b}") for a in BOAT_FACES for b in BOAT_FACES]
    every += [GAME.parse_action(f"buffet {k}") for k in BOAT_TYPES]
    every += [GAME.parse_action(f"choose {c}") for c in ("license", "boat")]
    every += [GAME.parse_action(f"bonus {b}") for b in KING_CRAB_BONUSES]
    every += [GAME.parse_action(f"oyster {n}") for n in range(11)]

    def check(state, seat, legal):
        if choice.random() > 0.1:
            return
        for action in every:
            try:
                GAME.apply(state, seat, action)
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (action in legal), action.text

    playout(seats, seed, {"captains": True}, choice, check)
