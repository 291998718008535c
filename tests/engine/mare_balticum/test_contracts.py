"""RULES §12: optional rule 2, contracts."""

import pytest

from engine.core.errors import IllegalAction

from .builders import GAME, act, edit, player, started, texts, turn_of

MARKET = {"salmon": 0, "cod": 1, "herring": 2, "flounder": 3}


def with_contracts():
    state = turn_of(started(3, contracts=True), 0)
    return player(state, 0, boats=["KOB", "ORE"], reserve=0)


def test_taking_a_contract_is_an_action_of_its_own():
    # RULES §12.1, §12.2
    state = with_contracts()
    assert state.deck == ["c1", "c2", "c3", "c4", "c5", "c6"]
    assert "contract" in texts(state, 0)
    state, _ = act(state, 0, "contract")
    assert texts(state, 0) == [f"take c{i}" for i in range(1, 7)]
    state, events = act(state, 0, "take c3")
    assert state.players[0].contract == "c3"
    assert state.deck == ["c1", "c2", "c4", "c5", "c6"]
    assert state.actions == 2
    public = [e for e in events if e.visible_to is None]
    assert [(e.kind, e.data) for e in public] == [("contract", {"swap": False})]
    private = [e for e in events if e.visible_to == frozenset({0})]
    assert [(e.kind, e.data) for e in private] == [
        ("contract_card", {"card": "c3", "returned": ""})
    ]


def test_looking_through_the_deck_is_the_action_with_no_free_peek():
    # RULES §12.2, the rulebook: "un giocatore può guardare tra le carte del mazzo di
    # contratti commerciali e selezionarne una" — looking is part of the action: a player who
    # opened the deck takes a card, and cannot go back to see it for nothing.
    state, _ = act(with_contracts(), 0, "contract")
    assert "back" not in texts(state, 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "back")
    assert err.value.code == "not_now"
    assert [a for a in texts(state, 0) if not a.startswith("take ")] == []
    state, _ = act(state, 0, "take c1")
    assert state.actions == 2 and state.sub is None


def test_a_player_holds_one_contract_and_a_new_one_replaces_it():
    # RULES §12.2
    state = player(with_contracts(), 0, contract="c3")
    state = edit(state, deck=["c1", "c2", "c4", "c5", "c6"])
    state, _ = act(state, 0, "contract", "take c5")
    assert state.players[0].contract == "c5"
    assert state.deck == ["c1", "c2", "c3", "c4", "c6"]


def test_without_the_option_there_is_no_contract_action():
    # RULES §12.1
    state = turn_of(started(3), 0)
    assert "contract" not in texts(state, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "contract")


def test_only_the_player_looking_through_the_deck_sees_it():
    # RULES §12.2 (Ruling)
    state = with_contracts()
    assert GAME.view(state, 0).deck is None
    state, _ = act(state, 0, "contract")
    assert GAME.view(state, 0).deck == ("c1", "c2", "c3", "c4", "c5", "c6")
    assert GAME.view(state, 1).deck is None and GAME.view(state, None).deck is None
    assert GAME.view(state, 1).deck_size == 6


def test_the_card_a_player_holds_is_secret_until_the_end():
    # RULES §12.2, §13.4
    state = player(with_contracts(), 0, contract="c3")
    for reader in (None, 1, 2):
        seen = GAME.view(state, reader).players[0]
        assert seen.has_contract and seen.contract is None
    assert GAME.view(state, 0).players[0].contract == "c3"
    assert GAME.view(edit(state, phase="over"), 1).players[0].contract == "c3"


def scored(warehouse, card):
    state = edit(started(3, contracts=True), phase="over")
    state = player(state, 0, market=MARKET, warehouse=warehouse, contract=card)
    return GAME.result(state).of(0).breakdown


def test_each_complete_set_scores_seven_and_a_contract_fills_several_times():
    # RULES §12.3: c1 is salmon, salmon, cod, amber; salmon is worth ×0 here.
    points = scored({"salmon": 5, "cod": 2, "amber": 3}, "c1")
    assert points["contract"] == 14
    assert points["salmon"] == 0 and points["cod"] == 0 and points["amber"] == 1


def test_a_partial_set_scores_nothing():
    # RULES §12.3
    points = scored({"salmon": 2, "cod": 1}, "c1")
    assert points["contract"] == 0
    assert points["cod"] == 1


def test_tokens_score_plainly_when_that_is_worth_more():
    # RULES §12.3 (Ruling): c5 takes one of each species; flounder is worth ×3 here.
    points = scored({"salmon": 1, "cod": 1, "herring": 1, "flounder": 3}, "c5")
    assert points["contract"] == 7
    assert sum(points.values()) == 7 + 2 * 3
    points = scored({"flounder": 3, "herring": 3}, "c3")
    assert points["contract"] == 0
    assert sum(points.values()) == 15
