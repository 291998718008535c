"""RULES §8: clocks, the company tokens chosen at once in secret, and the safe."""

import pytest

from engine.core.errors import IllegalAction

from .builders import BOARD, GAME, act, edit, empty_sea, kinds, player, started, turn_of


def before_clock(bag=("clock",), **fields):
    """Seat 0 with one action left; the next refill draws from `bag`."""
    state = turn_of(empty_sea(started(3)), 0, actions=1)
    state = player(state, 0, boats=["KOB", "ORE", "MEC", "ARK", "HAN"], reserve=0)
    return edit(state, bag=list(bag), **fields)


def at_clock(bag=("clock",), **fields):
    state, events = act(before_clock(bag, **fields), 0, "sail mec", "to bor")
    return state, events


def test_a_clock_pauses_the_game_and_asks_every_player_at_once():
    # RULES §8.1, §8.2
    state, events = at_clock()
    assert state.phase == "company"
    assert state.clocks == 1
    assert GAME.to_act(state) == [0, 1, 2]
    assert "clock" in kinds(events)
    legal = [a.text for a in GAME.legal_actions(state, 1)]
    assert "play x3 salmon" in legal and "play x0 flounder" in legal
    assert len(legal) == 16  # no tokens to throw away yet: no safe


def test_a_choice_is_private_until_everyone_has_chosen():
    # RULES §8.2
    state, _ = at_clock()
    state, events = act(state, 0, "play x3 salmon")
    public = [e for e in events if e.visible_to is None]
    private = [e for e in events if e.visible_to is not None]
    assert [e.kind for e in public] == ["chose"]
    assert public[0].data == {}
    assert [(e.kind, e.visible_to) for e in private] == [("company_choice", frozenset({0}))]
    assert GAME.to_act(state) == [1, 2]
    assert state.players[0].market == {}
    for reader in (None, 1, 2):
        seen = GAME.view(state, reader).players[0]
        assert seen.chosen and seen.choice is None and seen.market == ()
    assert GAME.view(state, 0).players[0].choice == "x3:salmon"


def test_the_choices_are_revealed_together_in_one_public_event():
    # RULES §8.2, §8.3
    state, _ = at_clock()
    state, _ = act(state, 0, "play x3 salmon")
    state, _ = act(state, 2, "play x0 cod")
    assert state.players[2].market == {}
    state, events = act(state, 1, "play x1 salmon")
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].visible_to is None
    assert reveal[0].data == {"choices": ["salmon", "salmon", "cod"]}
    assert [p.market for p in state.players] == [{"salmon": 3}, {"salmon": 1}, {"cod": 0}]


def test_a_multiplier_stays_face_down_until_the_end():
    # RULES §8.3
    state, _ = at_clock()
    for seat, text in ((0, "play x3 salmon"), (1, "play x2 cod"), (2, "play x1 herring")):
        state, _ = act(state, seat, text)
    assert GAME.view(state, 1).players[0].market == (("salmon", None),)
    assert GAME.view(state, None).players[0].market == (("salmon", None),)
    assert GAME.view(state, 0).players[0].market == (("salmon", 3),)


def test_a_multiplier_never_moves_and_its_space_takes_no_other():
    # RULES §8.3
    state, _ = at_clock()
    state = player(state, 0, market={"salmon": 3}, hand=["x2", "x1", "x0", "safe"])
    legal = [a.text for a in GAME.legal_actions(state, 0)]
    assert not any(t.endswith("salmon") for t in legal)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "play x2 salmon")
    assert err.value.code == "space_taken"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "play x3 cod")
    assert err.value.code == "played"


def test_the_safe_needs_two_tokens_to_throw_away():
    # RULES §8.4
    state, _ = at_clock()
    state = player(state, 0, cargo=["cod"])
    assert "play safe" not in [a.text for a in GAME.legal_actions(state, 0)]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "play safe")
    assert err.value.code == "safe_needs_tokens"
    state = player(state, 0, cargo=["cod"], warehouse={"amber": 1})
    assert "play safe" in [a.text for a in GAME.legal_actions(state, 0)]


def test_the_safe_as_last_token_is_played_even_without_tokens():
    # RULES §8.2, §8.4: the only choice left is made for the player.
    state = before_clock()
    for seat in range(3):
        state = player(state, seat, hand=["safe"], market=dict.fromkeys(BOARD.species, 1))
    state = edit(state, clocks=4)
    state, events = act(state, 0, "sail mec", "to bor")
    assert kinds(events).count("reveal") == 1
    assert all(p.safe for p in state.players)
    assert state.phase == "turn" and state.seat == 1


def test_the_safe_owner_throws_away_two_tokens_from_cargo_or_warehouse():
    # RULES §8.4, §8.5
    state, _ = at_clock()
    state = player(state, 0, cargo=["cod", "herring"], warehouse={"amber": 2})
    state, _ = act(state, 0, "play safe")
    state, _ = act(state, 1, "play x3 cod")
    state, _ = act(state, 2, "play x3 cod")
    assert state.phase == "safe" and GAME.to_act(state) == [0]
    assert state.players[0].safe
    assert [a.text for a in GAME.legal_actions(state, 0)] == [
        "discard cargo cod",
        "discard cargo herring",
        "discard warehouse amber",
    ]
    state, _ = act(state, 0, "discard warehouse amber", "discard cargo cod")
    assert state.players[0].cargo == ["herring"]
    assert state.players[0].warehouse == {"amber": 1}
    assert state.phase == "turn"


def test_after_the_pause_the_clock_goes_on_the_track_and_the_refill_goes_on():
    # RULES §8.6: the bag holds exactly one token per waiting space, the clock among them,
    # so the clock comes out during the refill and one space stays empty.
    state = before_clock()
    waiting = sum(s.slots for s in BOARD.spaces if s.code not in ("KOB", "ORE", "ARK", "HAN"))
    waiting -= BOARD.by_code["BOR"].slots  # the boat sails there
    state = edit(state, bag=["clock"] + ["cod"] * (waiting - 1))
    state, _ = act(state, 0, "sail mec", "to bor")
    assert state.phase == "company"
    for seat in range(3):
        state, events = act(state, seat, "play x0 flounder")
    assert [k for k in kinds(events) if k != "chose"][-4:] == ["reveal", "time", "refill", "turn"]
    assert sum(len(t) for t in state.tokens.values()) == waiting - 1
    assert state.clocks == 1 and state.phase == "turn" and state.seat == 1


def test_the_sixth_clock_places_no_company_token_and_starts_the_end():
    # RULES §8.7, §9.1
    state = before_clock(clocks=5, round=7)
    for seat in range(3):
        state = player(state, seat, hand=[], market=dict.fromkeys(BOARD.species, 1), safe=True)
    state, events = act(state, 0, "sail mec", "to bor")
    assert state.clocks == 6
    assert state.final_round == 8
    assert "reveal" not in kinds(events)
    assert state.phase == "turn"
