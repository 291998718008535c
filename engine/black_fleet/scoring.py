"""The winner (RULES §13): whoever bought the victory card; between several, the most
doubloons. Everyone else ranks by fortune: doubloons in hand plus what their cards cost."""

from __future__ import annotations

from engine.black_fleet.house import House
from engine.black_fleet.state import BlackFleetState
from engine.core.game import GameResult, SeatResult


def breakdown(house: House, state: BlackFleetState, seat: int) -> dict[str, int]:
    c = state.captains[seat]
    return {
        "development": sum(house.development[k].price for k in c.bought),
        "victory": state.options.victory if c.victory else 0,
        "doubloons": c.doubloons,
    }


def result(house: House, state: BlackFleetState) -> GameResult:
    parts = {s: breakdown(house, state, s) for s in range(state.seats)}

    def key(seat: int) -> tuple[int, int, int]:
        c = state.captains[seat]
        fortune = sum(parts[seat].values())
        # §13.2: victory card holders first, by doubloons in hand; the rest by fortune.
        return (1, c.doubloons, c.doubloons) if c.victory else (0, fortune, c.doubloons)

    order = sorted(range(state.seats), key=lambda s: (tuple(-k for k in key(s)), s))
    seats = [
        SeatResult(
            seat=s,
            total=sum(parts[s].values()),
            breakdown=parts[s],
            rank=1 + sum(1 for o in range(state.seats) if key(o) > key(s)),
            tiebreak=state.captains[s].doubloons,
        )
        for s in order
    ]
    winners = [r.seat for r in seats if r.rank == 1]
    reasons: list[str] = ["victory_card" if state.ended == "victory" else "round_limit"]
    holders = [s for s in range(state.seats) if state.captains[s].victory]
    if len(winners) > 1:
        reasons.append("tie_shared")
    elif len(holders) > 1:
        reasons.append("most_doubloons")
    return GameResult(seats, winners, tuple(reasons))
