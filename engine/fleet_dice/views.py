"""What a seat of Fleet: The Dice Game may know: every sheet and die is public; the seed is not
(it fixes every future roll)."""

from __future__ import annotations

from engine.fleet_dice.state import FleetState, FleetView

HIDDEN_SEED = ""
"""The seed as a view shows it: never the real one."""


def make_view(state: FleetState, seat: int | None) -> FleetView:
    view = state.clone(players=False)
    view.seed = HIDDEN_SEED
    return view


def redeal(state: FleetState, seat: int | None, seed: str) -> FleetState:
    """The only secret is the seed: another one is a game nobody could tell apart yet."""
    other = state.clone(players=False)
    other.seed = seed
    return other
