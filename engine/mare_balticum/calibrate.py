"""Calibration figures for Mare Balticum on a map: how long games last, how scores spread,
where each multiplier ends, and how much each port and sea space is used (to see whether a
map makes the game lopsided). Printed figures, never a test.

    python -m engine.mare_balticum.calibrate --players 3 --games 200
    python -m engine.mare_balticum.calibrate --players 3 --games 200 --versus random
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.core.seats import bind
from engine.mare_balticum.policies import automatic
from engine.mare_balticum.rules import MareBalticum
from engine.mare_balticum.state import MareState


def play(
    game: MareBalticum, seats: int, seed: str, policies: Sequence[str], options: dict[str, Any]
) -> tuple[MareState, int, list[tuple[int, str]], list[Any]]:
    rng = random.Random(seed)
    state, events = game.start(seats, seed, options)
    log: list[tuple[int, str]] = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = game.policies[policies[seat]](game.view(state, seat), seat, legal, rng)
        state, more = game.apply(state, seat, action)
        events += more
        log.append((seat, action.text))
    return state, len(log), log, events


def calibrate(
    seats: int, games: int, seed: int, versus: str, options: dict[str, Any]
) -> dict[str, Any]:
    game = bind(MareBalticum(), automatic)
    board = game.board_for(game.start(seats, "probe", options)[0])
    lengths, turns, rounds, spreads, winning, losing = [], [], [], [], [], []
    heuristic_wins = 0
    multipliers: Counter[tuple[str, int]] = Counter()
    unloads: Counter[str] = Counter()
    fished: Counter[str] = Counter()
    visits: Counter[str] = Counter()
    start_ports: Counter[str] = Counter()
    for g in range(games):
        policies = ["heuristic"] * seats
        if versus != "heuristic":
            policies = [versus] * seats
            policies[g % seats] = "heuristic"
        state, n, _, events = play(game, seats, f"{seed}:{g}", policies, options)
        result = game.result(state)
        lengths.append(n)
        turns.append(state.turn)
        rounds.append(state.round)
        totals = sorted((s.total for s in result.seats), reverse=True)
        spreads.append(totals[0] - totals[-1])
        winning.append(totals[0])
        losing.append(totals[-1])
        if versus != "heuristic" and (g % seats) in result.winners:
            heuristic_wins += 1
        for p in state.players:
            for species, m in p.market.items():
                multipliers[(species, m)] += 1
        for e in events:
            if e.kind == "unload":
                unloads[e.data["port"]] += 1
            elif e.kind == "fish":
                fished[e.data["space"]] += 1
            elif e.kind == "sail":
                visits[e.data["to"]] += 1
            elif e.kind == "launch":
                visits[e.data["space"]] += 1
            elif e.kind == "start_boat":
                start_ports[e.data["port"]] += 1
    out: dict[str, Any] = {
        "players": seats,
        "games": games,
        "versus": versus,
        "options": options,
        "actions": _spread(lengths),
        "turns": _spread(turns),
        "rounds": _spread(rounds),
        "winning_score": _spread(winning),
        "losing_score": _spread(losing),
        "spread": _spread(spreads),
        "multiplier_by_species": {
            s: {f"x{m}": multipliers[(s, m)] for m in sorted(set(board.multipliers))}
            for s in board.species
        },
        "unloads_by_port": {p: unloads[p] for p in board.ports},
        "start_ports": {p: start_ports[p] for p in board.ports},
        "fished_by_space": {s: fished[s] for s in board.seas},
        "sailed_to": {s: visits[s] for s in board.by_code},
    }
    if versus != "heuristic":
        out["heuristic_win_rate"] = round(heuristic_wins / games, 3)
    return out


def _spread(values: list[int]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "mean": round(statistics.fmean(ordered), 1),
        "p10": ordered[len(ordered) // 10],
        "p50": ordered[len(ordered) // 2],
        "p90": ordered[min(len(ordered) - 1, 9 * len(ordered) // 10)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.mare_balticum.calibrate")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--versus", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--demand-management", action="store_true")
    parser.add_argument("--contracts", action="store_true")
    args = parser.parse_args()
    options = {"demand_management": args.demand_management, "contracts": args.contracts}
    report = calibrate(args.players, args.games, args.seed, args.versus, options)
    for key, value in report.items():
        print(f"{key}: {json.dumps(value)}")


if __name__ == "__main__":
    main()
