"""Recorded games played again (`tests/engine/recorded/`): the same seed and actions give the
same states, events, views, legal and default actions, tokens, refusals and results as when
they were recorded, and every saved state kept from them still loads as it was saved."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.games import get_game
from tests.engine.recorded.record import GAMES, PROBES, digest, said

HERE = Path(__file__).parent / "recorded"


def _recordings() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for game_id in GAMES:
        recording = json.loads((HERE / f"{game_id}.json").read_text())
        assert recording["game"] == game_id
        out += [(game_id, n, g) for n, g in enumerate(recording["games"])]
    return out


RECORDINGS = _recordings()
IDS = [f"{game_id}-{n}" for game_id, n, _ in RECORDINGS]


@pytest.mark.parametrize(("game_id", "n", "recorded"), RECORDINGS, ids=IDS)
def test_a_recorded_game_plays_again_the_same(game_id: str, n: int, recorded: Any) -> None:
    game = get_game(game_id)
    state, events = game.start(recorded["seats"], recorded["seed"], recorded["options"])
    digests = [digest(said(game, state, events, PROBES[game_id]))]
    assert digests[0] == recorded["digests"][0], "the setup differs"
    for step, move in enumerate(recorded["moves"], start=1):
        seat, _, text = move.partition(" ")
        state, events = game.apply(state, int(seat), text)
        digests.append(digest(said(game, state, events, PROBES[game_id])))
        assert digests[-1] == recorded["digests"][step], f"action {step} ({move}) differs"
    assert game.is_over(state)
    assert len(digests) == len(recorded["digests"])


@pytest.mark.parametrize(("game_id", "n", "recorded"), RECORDINGS, ids=IDS)
def test_the_states_saved_in_a_recorded_game_load(game_id: str, n: int, recorded: Any) -> None:
    game = get_game(game_id)
    assert len(recorded["saved"]) >= 3
    for text in recorded["saved"].values():
        state = game.load_state(text)
        assert game.dump_state(state) == text


def test_the_recordings_cover_every_player_count() -> None:
    for game_id in GAMES:
        game = get_game(game_id)
        counts = {seats for seats, _ in GAMES[game_id]}
        assert counts == set(range(game.min_seats, game.max_seats + 1))
