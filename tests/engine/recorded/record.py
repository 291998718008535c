"""Games recorded once and played again by `tests/engine/test_recorded_games.py`: the same
seed and actions must give the same states, events, views, legal actions, default actions,
tokens, refusals and results, and the saved states must still load.

A recording holds each game's seed, seats, options and action texts, one short digest per
action of everything the game said at that point, and a few saved states in full. Record
again only when a rule change is meant to change play::

    python -m tests.engine.recorded.record --root . --out tests/engine/recorded

`--root` is the checkout whose engine plays the games (it is put first on the path).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

GAMES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "fleet-cards": [
        (2, {}),
        (3, {"gone_fishin": True}),
        (4, {"advanced_setup": True}),
        (4, {"advanced_setup": True, "gone_fishin": True}),
    ],
    "mare-balticum": [
        (3, {}),
        (4, {"demand_management": True}),
        (5, {"contracts": True}),
        (4, {"demand_management": True, "contracts": True}),
    ],
}
"""The games recorded for each game id: seats and options."""

PROBES: dict[str, tuple[str, ...]] = {
    "fleet-cards": (
        "bid 999",
        "bid 1",
        "pass",
        "decline",
        "open nothing",
        "pay whale",
        "pay tuna tuna",
        "launch cod",
        "hire shrimp",
        "process 9",
        "trade",
        "discard lobster",
        "stop",
        "fly away",
        "bid",
    ),
    "mare-balticum": (
        "port kob",
        "fish zzz salmon",
        "fish bba amber",
        "unload kob",
        "unload kob cod+salmon:1",
        "sail bba",
        "launch ore",
        "overboard cod",
        "contract",
        "take c1",
        "open salmon 2",
        "done",
        "back",
        "play x3 salmon",
        "play safe",
        "discard cargo cod",
        "fly away",
        "fish",
    ),
}
"""Action texts tried at every step by the seat to act and by one that is not (the answers,
legal or refused with code, reason and fields, go into the digest)."""

MAX_ACTIONS = 2000
SAVED_AT = (1, 40, 120)
"""Saved states kept in full, by action number (and the last one)."""


def plain(value: Any) -> Any:
    """A value as JSON data in one fixed order (sets sorted, dataclasses and models as dicts),
    so a digest does not depend on the process's hash seed."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if hasattr(value, "_asdict"):
        return {k: plain(v) for k, v in value._asdict().items()}
    if hasattr(value, "model_dump"):
        return plain(value.model_dump())
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def digest(value: Any) -> str:
    text = json.dumps(plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def answer(game: Any, state: Any, seat: int, text: str) -> Any:
    """What `apply` says to `text` from `seat`: the state and events it gives, or the refusal."""
    from engine.core.errors import IllegalAction

    try:
        after, events = game.apply(state, seat, text)
    except IllegalAction as exc:
        return ["refused", exc.code, exc.reason, plain(exc.fields)]
    return ["ok", game.dump_state(after), [e.to_json() for e in events]]


def said(game: Any, state: Any, events: list[Any], probes: tuple[str, ...]) -> dict[str, Any]:
    """Everything the game says about `state`, reached with `events`."""
    seats = range(len(state.players))
    to_act = game.to_act(state)
    out: dict[str, Any] = {
        "state": game.dump_state(state),
        "events": [e.to_json() for e in events],
        "to_act": to_act,
        "over": game.is_over(state),
        "step": repr(game.step(state)),
        "tokens": [game.token(state, s) for s in (None, *seats)],
        "views": [game.view(state, s) for s in (None, *seats)],
        "legal": [[a.text for a in game.legal_actions(state, s)] for s in seats],
        "default": [game.default_action(state, s).text for s in to_act],
    }
    if to_act:
        idle = [s for s in seats if s not in to_act]
        probing = [to_act[0], *idle[:1]]
        out["probes"] = [[answer(game, state, s, t) for t in probes] for s in probing]
    if game.is_over(state):
        out["result"] = game.result(state)
    return out


def play(game_id: str, seats: int, options: dict[str, Any], seed: str) -> Iterator[Any]:
    """A game of random and default actions mixed (each half the time), the choices drawn
    from `seed`: yields (action text or None at the start, state, what the game said)."""
    from engine.games import get_game

    game = get_game(game_id)
    rng = random.Random(seed)
    state, events = game.start(seats, seed, options)
    yield None, state, said(game, state, events, PROBES[game_id])
    for _ in range(MAX_ACTIONS):
        to_act = game.to_act(state)
        if not to_act:
            return
        seat = rng.choice(to_act)
        if rng.random() < 0.5:
            action = game.default_action(state, seat)
        else:
            action = rng.choice(game.legal_actions(state, seat))
        state, events = game.apply(state, seat, action.text)
        yield f"{seat} {action.text}", state, said(game, state, events, PROBES[game_id])


def record(game_id: str) -> dict[str, Any]:
    games = []
    for n, (seats, options) in enumerate(GAMES[game_id]):
        seed = f"recorded-{game_id}-{n}"
        moves: list[str] = []
        digests: list[str] = []
        saved: dict[str, str] = {}
        last = ""
        for move, _state, what in play(game_id, seats, options, seed):
            if move is not None:
                moves.append(move)
            digests.append(digest(what))
            last = what["state"]
            if len(moves) in SAVED_AT:
                saved[str(len(moves))] = last
        saved[str(len(moves))] = last
        games.append(
            {
                "seed": seed,
                "seats": seats,
                "options": options,
                "moves": moves,
                "digests": digests,
                "saved": saved,
                "all": hashlib.sha256("".join(digests).encode()).hexdigest(),
            }
        )
    return {"game": game_id, "games": games}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", required=True, help="the checkout whose engine plays")
    parser.add_argument("--out", required=True, help="the folder the recordings go to")
    parser.add_argument("--game", action="append", help="a game id (default: every one here)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(args.root).resolve()))
    for game_id in args.game or list(GAMES):
        recording = record(game_id)
        path = Path(args.out) / f"{game_id}.json"
        path.write_text(json.dumps(recording, indent=0, separators=(",", ":")) + "\n")
        moves = sum(len(g["moves"]) for g in recording["games"])
        print(f"{game_id}: {len(recording['games'])} games, {moves} actions -> {path}")


if __name__ == "__main__":
    main()
