"""Take-back costs: printed figures, never a test.

    python -m bench.undo [--games 6] [--repeat 7] [--quick]

For each game at its most seats, the longest of `--games` heuristic games is played through the
table service (every seat a person, SQLite in a temporary folder) up to its last decision that
may be taken back; then, `--repeat` times, that decision is taken back and played again. It
prints the median time of `TableService.undo` (load, log read, the replay in its thread, the
save), of the replay alone, and of `undo_offer` with nothing remembered (what the first prompt
drawn after a restart costs), then one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest import mock

from bot import takeback
from bot.service import TableService
from bot.storage import SqliteRepository, TableOptions
from engine.core.forced import publicly_forced
from engine.core.game import AnyGame
from engine.core.undo import Move, refusal
from engine.games import game_ids, get_game


def settled(game: AnyGame, state: Any) -> tuple[Any, list[tuple[int, str]]]:
    """The state once the moves with no choice the public table forces are played, as the
    service plays them, and those moves."""
    played = []
    while not game.is_over(state):
        forced = [(s, f) for s in game.to_act(state) if (f := publicly_forced(game, state, s))]
        if not forced:
            break
        seat, action = forced[0]
        state, _ = game.apply(state, seat, action)
        played.append((seat, action.text))
    return state, played


def longest(game: AnyGame, seats: int, games: int) -> tuple[str, list[tuple[int, str | None]], int]:
    """The longest of `games` heuristic games: its seed, its log, and the index of its last
    decision that may be taken back."""
    best: tuple[str, list[tuple[int, str | None]], int] | None = None
    for n in range(games):
        seed = f"{n:016x}"
        state, _ = game.start(seats, seed)
        log: list[tuple[int, str | None]] = []
        last = -1
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            action = game.default_action(state, seat)
            after, events = game.apply(state, seat, action)
            undoable = refusal(game, Move(seat, action, state, after, events)) is None
            log.append((seat, action.text))
            state, played = settled(game, after)
            if undoable and not played:
                last = len(log) - 1
            # the moves with no choice the service plays at once are not clicked (None)
            log += [(s, None) for s, _ in played]
        if best is None or len(log) > len(best[1]):
            best = (seed, log, last)
    assert best is not None
    return best


def ms(seconds: list[float]) -> float:
    return round(statistics.median(seconds) * 1000, 1)


async def measure(game_id: str, games: int, repeat: int, folder: Path) -> dict[str, Any]:
    game = get_game(game_id)
    seats = game.max_seats
    seed, log, last = longest(game, seats, games)
    repo = await SqliteRepository.open(folder / f"{game_id}.db")
    service = TableService(repo)
    with mock.patch("bot.service.secrets.token_hex", lambda n: seed[: 2 * n]):
        row = await service.open_table(
            game=game_id,
            channel_id=1,
            guild_id=None,
            parent_id=None,
            host_id=1,
            host_name="p1",
            options=TableOptions(),
        )
    for user in range(2, seats + 1):
        await service.join(row.id, user, f"p{user}")
    await service.start(row.id, 1)
    for seat, played in log[: last + 1]:
        if played is not None:
            await service.act(row.id, seat + 1, played)
    seat, text = log[last]
    assert text is not None
    undo_s: list[float] = []
    replay_s: list[float] = []
    offer_s: list[float] = []
    for _ in range(repeat):
        loaded = await service.load_game(row.id)
        entries = await repo.actions(row.id)
        started = time.perf_counter()
        takeback.replayed(game, loaded.row, entries)
        replay_s.append(time.perf_counter() - started)
        service._takebacks.clear()
        started = time.perf_counter()
        offered = await service.undo_offer(loaded.row, seat + 1)
        offer_s.append(time.perf_counter() - started)
        assert offered == loaded.row.version
        started = time.perf_counter()
        await service.undo(row.id, seat + 1, version=loaded.row.version)
        undo_s.append(time.perf_counter() - started)
        await service.act(row.id, seat + 1, text)
    await repo.close()
    return {
        "game": game_id,
        "players": seats,
        "actions": len(log),
        "taken_back_at": last + 1,
        "log_entries": len(entries) + 1,
        "undo_ms": ms(undo_s),
        "replay_ms": ms(replay_s),
        "offer_cold_ms": ms(offer_s),
    }


async def main_async(games: int, repeat: int) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as folder:
        return [await measure(g, games, repeat, Path(folder)) for g in game_ids()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="2 games, 3 repeats")
    args = parser.parse_args()
    games, repeat = (2, 3) if args.quick else (args.games, args.repeat)
    rows = asyncio.run(main_async(games, repeat))
    print(
        f"{'game':15} {'players':>7} {'actions':>7} {'at':>5} {'undo ms':>8} "
        f"{'replay ms':>9} {'offer ms':>8}"
    )
    for r in rows:
        print(
            f"{r['game']:15} {r['players']:>7} {r['actions']:>7} {r['taken_back_at']:>5} "
            f"{r['undo_ms']:>8} {r['replay_ms']:>9} {r['offer_cold_ms']:>8}"
        )
    print(json.dumps({"python": platform.python_version(), "undo": rows}))


if __name__ == "__main__":
    main()
