"""Recorded games: the engine plays the same game, bit for bit, whatever is done to make it
faster.

A recording is a game played by the engine's own policies from a seed, reduced to a chain of
hashes: before each action the seats to act, the acting seat's legal actions, its view and the
public view, the tokens and the step; after it the saved state and the events. Every 16th link
of the chain is kept (so a difference is found within 16 actions), with the last one, the
number of actions and the result. A few strong decisions (a small search budget) and a saved
state from the middle of a game are kept as they are.

Write the recordings again (only when the rules change on purpose):

    python -m tests.engine.recorded.chain            # every recorded game
    python -m tests.engine.recorded.chain fleet-dice
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from engine.core.search import ai_action
from engine.games import get_game

HERE = Path(__file__).parent
EVERY = 16
"""A checkpoint every this many actions."""
SAVED_AT = 50
"""Games 0, 5, 10 … keep the state saved after this many actions."""
STRONG_PLAYOUTS = 12
"""The search budget of the recorded strong decisions: small, to keep the test quick."""

PLAN: dict[str, list[dict[str, Any]]] = {
    "fleet-dice": [
        *(
            {"players": n, "policy": "random", "options": opts}
            for n in (1, 2, 3, 4)
            for opts in (
                {},
                {"captains": True},
                {"trophies": True},
                {"captains": True, "trophies": True},
            )
        ),
        {"players": 1, "policy": "heuristic", "options": {}},
        {"players": 2, "policy": "heuristic", "options": {"trophies": True}},
        {"players": 3, "policy": "heuristic", "options": {"captains": True}},
        {"players": 4, "policy": "heuristic", "options": {}},
    ],
    "black-fleet": [
        *(
            {"players": n, "policy": "random", "options": opts}
            for n in (3, 4)
            for opts in ({}, {}, {}, {"victory": 20}, {}, {}, {}, {"victory": 20})
        ),
        {"players": 3, "policy": "heuristic", "options": {}},
        {"players": 3, "policy": "heuristic", "options": {"victory": 20}},
        {"players": 4, "policy": "heuristic", "options": {}},
        {"players": 4, "policy": "heuristic", "options": {}},
    ],
}


def _text(value: Any) -> str:
    return value if isinstance(value, str) else repr(value)


def play(game_id: str, index: int, plan: dict[str, Any]) -> dict[str, Any]:
    """Play recorded game number `index` of `game_id` as `plan` says, and describe it."""
    game = get_game(game_id)
    players, policy, options = plan["players"], plan["policy"], plan["options"]
    seed = f"recorded:{game_id}:{index}"
    rng = random.Random(seed)
    state, events = game.start(players, seed, options)
    chain = hashlib.blake2b(digest_size=8)
    dumped = game.dump_state(state)
    chain.update(dumped.encode())
    chain.update(json.dumps([e.to_json() for e in events]).encode())
    checkpoints: list[str] = []
    strong: list[list[Any]] = []
    saved = ""
    actions = 0
    while not game.is_over(state):
        waiting = game.to_act(state)
        seat = waiting[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        parts = [
            repr(waiting),
            " ".join(a.text for a in legal),
            _text(view),
            _text(game.view(state, None)),
            game.token(state, seat),
            game.token(state, None),
            repr(game.step(state)),
        ]
        action = game.policies[policy](view, seat, legal, rng)
        if index == 0 and actions % 40 == 7:
            strong.append(
                [actions, ai_action(game, state, seat, "strong", seed, STRONG_PLAYOUTS).text]
            )
        before, (state, events) = state, game.apply(state, seat, action)
        # The state an action started from is never changed, whatever the new one shares
        # with it: the previous state saves as it did before the action.
        assert game.dump_state(before) == dumped, f"action {actions} changed the state it was given"
        dumped = game.dump_state(state)
        parts += [action.text, dumped, json.dumps([e.to_json() for e in events])]
        chain.update("\x00".join(parts).encode())
        actions += 1
        if actions % EVERY == 0:
            checkpoints.append(chain.hexdigest())
        if actions == SAVED_AT and index % 5 == 0:
            saved = dumped
    result = game.result(state)
    chain.update(repr(result).encode())
    return {
        **plan,
        "actions": actions,
        "checkpoints": " ".join(checkpoints),
        "final": chain.hexdigest(),
        "strong": strong,
        "saved": saved,
    }


def record(game_id: str) -> list[dict[str, Any]]:
    return [play(game_id, i, plan) for i, plan in enumerate(PLAN[game_id])]


def path_of(game_id: str) -> Path:
    return HERE / f"{game_id}.json"


def load(game_id: str) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(path_of(game_id).read_text())
    return games


def main(args: list[str]) -> None:
    import engine

    HERE.mkdir(exist_ok=True)
    print(f"recording with {engine.__file__}")
    for game_id in args or list(PLAN):
        games = record(game_id)
        path_of(game_id).write_text(json.dumps(games, indent=1) + "\n")
        print(f"{game_id}: {len(games)} games, {sum(g['actions'] for g in games)} actions")


if __name__ == "__main__":
    main(sys.argv[1:])
