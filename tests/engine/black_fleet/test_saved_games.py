"""Saved games from before a rule change still load and play on (RULES §6.4)."""

from pathlib import Path

from tests.engine.black_fleet.builders import GAME, act, fortune, legal, table

BEFORE_FAR_SEAS = Path(__file__).parents[2] / "fixtures" / "black-fleet-pirate-off-map.json"
"""Saved by the engine before pirates came in at the start of their owner's turn (then a
pirate off the map came onto a Far Seas space by moving): three seats, the start player in
the ship phase of the first turn with every pirate still off the map."""


def test_a_game_saved_with_a_pirate_off_the_map_mid_turn_loads_and_plays_on():
    # RULES §6.4 (saved games): the pirate cannot sail in from off the map any more; it comes
    # in on a Far Seas space at the start of its owner's next turn.
    state = GAME.load_state(BEFORE_FAR_SEAS.read_text())
    seat = state.turn.seat
    assert state.stage == "helm" and state.captains[seat].pirate is None
    assert GAME.dump_state(GAME.load_state(GAME.dump_state(state))) == GAME.dump_state(state)
    offered = legal(state)
    assert "ship pirate" not in offered and "fortune fair_wind pirate" not in offered
    assert "end" in offered
    while not (state.turn.seat == seat and state.round == 2):
        x = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, x, GAME.default_action(state, x))
    assert state.stage == "enter"
    assert all(a.startswith("enter ") for a in legal(state))
    state, _ = GAME.apply(state, seat, legal(state)[0])
    assert state.captains[seat].pirate is not None and state.stage == "card"


def test_fair_wind_is_not_played_on_a_pirate_off_the_map():
    # RULES §9.2 (Ruling), §6.4: a pirate still off the map in the ship phase (a saved game
    # of before, or every Far Seas space and its neighbours taken at the start of the turn)
    # has no move to lengthen.
    state = table(merchants={0: "F2"}, hand=[fortune("fair_wind")])
    assert state.captains[0].pirate is None
    offered = legal(state)
    assert "fortune fair_wind merchant" in offered
    assert "fortune fair_wind pirate" not in offered
    state = table(merchants={0: "F2"}, pirates={0: "D4"}, hand=[fortune("fair_wind")])
    state, _ = act(state, "fortune fair_wind pirate")
    assert state.turn.boost == {"pirate": 2}
