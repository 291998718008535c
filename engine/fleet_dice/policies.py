"""The greedy `heuristic` player: it serves default actions (a timeout, an absent player), AI
seats, simulations and benchmarks. It decides from a seat's view, never from the full state.
The registry binds them to the rules (`automatic`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.actions import Action
from engine.core.search import SearchSettings
from engine.core.seats import Automatic
from engine.fleet_dice.player import capacity, is_full
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.scoring import breakdown
from engine.fleet_dice.sheet import Sheet
from engine.fleet_dice.state import MARKED, FleetState, FleetView

# How much a thing not yet scored is worth, in VP. Tuned by simulation, not rules.
STAR_VP = 1.6
FUTURE_FISH_VP = 0.85
COIN_VP = 0.12
BOX_VP = 0.3
BUILDING_EFFECT_VP = {
    "casino": 2.0,
    "bait_shop": 2.0,
    "smokehouse": 3.0,
    "ridback_canning": 3.0,
    "scrap_yard": 4.0,
    "seafood_buffet": 4.0,
}


def heuristic_action(
    game: FleetDice, view: FleetView, seat: int, legal: Sequence[Action]
) -> Action:
    """The legal action whose outcome looks best for this seat, looking through a pick to the
    best use of the picked die. Looking ahead on a view is safe: it has no seed, so a roll
    it triggers shows made-up dice, and the outcome's value never depends on dice."""
    legal = [a for a in legal if a.verb != "skip"] or list(legal)  # RULES §17.3
    if len(legal) == 1:
        return legal[0]
    best, best_value = legal[0], float("-inf")
    for action in legal:
        value = _outcome(game, view, seat, action, look_through_pick=True)
        if value > best_value:
            best, best_value = action, value
    return best


def _outcome(
    game: FleetDice, state: FleetState, seat: int, action: Action, look_through_pick: bool
) -> float:
    after, _ = game.apply(state, seat, action)
    if action.verb == "pick" and look_through_pick:
        task = game.pending(after, seat)
        if task is not None and task.kind == "use":
            return max(
                _outcome(game, after, seat, use, look_through_pick=False)
                for use in game.legal_actions(after, seat)
                if use.verb != "reroll"
            )
    return value(game.sheet_for(after), after, seat)


def value(sheet: Sheet, state: FleetState, seat: int) -> float:
    """Points so far plus an estimate of what the sheet is still worth."""
    p = state.players[seat]
    score = float(sum(breakdown(sheet, state, seat).values()))
    if state.phase == "over":
        return score
    rounds_left = state.rounds - state.round + (0 if state.phase == "town" else 1)
    share = max(0.0, rounds_left / state.rounds)
    fishing_left = _fishing_phases_left(state)
    income_left = rounds_left if state.phase in ("setup", "boat") else max(0, rounds_left - 1)
    # Fish the launched boats will still catch.
    future = 0.0
    for kind, boats in p.boats.items():
        if kind in ("research_vessel", "barge"):
            continue
        catch = (2 if kind == "oyster" else 1) * fishing_left
        room = capacity(sheet, p, kind)
        for fish in boats:
            future += min(room - fish, catch)
    score += FUTURE_FISH_VP * future
    # Licenses: what each level still pays.
    lic = p.licenses
    score += 0.9 * COIN_VP * 8 * lic["lobster"] * income_left / 8
    score += 1.2 * lic["swordfish"] * fishing_left
    score += 2.0 * share * (lic["cod"] + lic["shrimp"])
    score += 0.6 * lic["oyster"] * fishing_left
    score += sum(1.5 * share for level in lic.values() if level == 2)  # on the way to level 3
    # Coins: progress to the next star.
    score += COIN_VP * p.coins.count("x")
    # Boxes marked in unfinished sections lead to circles and buildings.
    # (Each sum keeps its order and grouping: a strong seat compares these values.)
    buildings = _buildings(sheet)
    per_box = BOX_VP * share
    completed = p.completed
    for section, marks in p.marks.items():
        building = buildings.get(section)
        if building is not None:
            name, once_complete, effect, boxes = building
            if name in completed:  # complete
                score += effect * share
            else:
                worth = once_complete + effect * share
                score += 0.45 * worth * marks.count(MARKED) / boxes
        else:
            score += per_box * marks.count(MARKED)
    score += STAR_VP * sum(1 for t in p.tasks if t.kind == "star")
    # A full boat is worth its room no more; a barge likes full boats.
    if p.boats.get("barge"):
        full = sum(1 for k, b in p.boats.items() for f in b if is_full(sheet, p, k, f))
        score += 0.5 * full * fishing_left
    return score


_BUILDINGS: dict[int, tuple[Sheet, dict[str, tuple[str, int, float, int]]]] = {}


def _buildings(sheet: Sheet) -> dict[str, tuple[str, int, float, int]]:
    """By wharf section: the building, its VP once complete, what its effect is worth and
    how many boxes it has, looked up once per sheet (`value` is asked after every action an
    AI seat weighs)."""
    known = _BUILDINGS.get(id(sheet))
    if known is None or known[0] is not sheet:
        found = {
            f"wharf:{name}": (
                name,
                spec.vp + spec.vp_if_complete,
                BUILDING_EFFECT_VP.get(name, 0.0),
                len(spec.boxes),
            )
            for name, spec in sheet.wharf.items()
        }
        known = _BUILDINGS[id(sheet)] = (sheet, found)
    return known[1]


def _fishing_phases_left(state: FleetState) -> int:
    first = state.round if state.phase in ("setup", "boat", "income") else state.round + 1
    if state.phase == "setup":
        first = 1
    return sum(1 for r in range(first, state.rounds + 1) if r % 2 == 0)


def search_settings(game: FleetDice) -> SearchSettings[FleetState]:
    """How a strong seat searches (`engine.core.search`): playouts a round or so deep, valued
    like the heuristic values a sheet."""

    def estimate(state: FleetState) -> list[float]:
        sheet = game.sheet_for(state)
        return [value(sheet, state, seat) for seat in range(len(state.players))]

    return SearchSettings(playouts=48, depth=24, candidates=8, estimate=estimate, win=10.0)


def automatic(game: FleetDice) -> Automatic[FleetState, FleetView]:
    """The automatic players the registry binds to the rules (`engine.core.seats`)."""

    def heuristic(
        view: FleetView, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return heuristic_action(game, view, seat, legal)

    def random_player(
        view: FleetView, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        # RULES §17.3: policies never decline a star action that has a target. (The same
        # draw as `random_policy`'s, without copying the list when nothing is dropped.)
        for a in legal:
            if a.verb == "skip":
                return rng.choice([a for a in legal if a.verb != "skip"] or list(legal))
        return rng.choice(legal)

    return Automatic({"random": random_player, "heuristic": heuristic}, search_settings(game))
