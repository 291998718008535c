"""Saved games from before a rule change still load and play on (RULES §6.2, §12.2)."""

from pathlib import Path

import pytest

from engine.core.errors import IllegalAction

from .builders import GAME

FIXTURES = Path(__file__).parents[2] / "fixtures"


def saved(name: str):
    """A state saved by the engine before unloads could name their fish and before opening
    the contract deck was the action (both optional rules on, three seats)."""
    return GAME.load_state((FIXTURES / name).read_text())


def test_a_game_saved_with_the_contract_deck_open_loads_and_takes_a_card():
    # RULES §12.2: "guardare tra le carte del mazzo … e selezionarne una" — the player who had
    # the deck open when the game was saved (going back was allowed then) now takes a card.
    state = saved("mare-balticum-contract-deck-open.json")
    seat = state.seat
    assert state.sub is not None and state.sub.kind == "contract"
    offered = [a.text for a in GAME.legal_actions(state, seat)]
    assert offered == [f"take c{i}" for i in range(1, 7)]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, "back")
    assert err.value.code == "not_now"
    actions = state.actions
    state, _ = GAME.apply(state, seat, "take c2")
    assert state.players[seat].contract == "c2" and state.actions == actions - 1


def test_a_game_saved_in_the_middle_of_an_unload_loads_and_finishes_it():
    # RULES §6.2, §11.4: an unload saved while asking where a demand opens (it had no chosen
    # fish then) unloads every fish the port takes, as it would have.
    state = saved("mare-balticum-unload-open.json")
    seat = state.seat
    assert state.sub is not None and state.sub.kind == "unload" and state.sub.only == ""
    offered = [a.text for a in GAME.legal_actions(state, seat)]
    assert offered == ["open salmon 1", "back"]
    aboard = state.players[seat].cargo.count("salmon")
    state, _ = GAME.apply(state, seat, "open salmon 1")
    assert state.sub is None and "salmon" not in state.players[seat].cargo
    assert state.players[seat].warehouse.get("salmon", 0) >= aboard - 1
    assert GAME.dump_state(GAME.load_state(GAME.dump_state(state))) == GAME.dump_state(state)
