"""What one full game costs in Discord traffic, measured in SimCord (no network).

    python -m bench.game_costs [--humans 4] [--ai 0] [--seed 1]

Prints REST calls by kind, messages created, interactions, and the time from receiving each
interaction to its first response (p50, p99, max), then one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

import simcord

from bench.timing import first_responses
from tests.cogs.harness import Sim, make_bot


async def measure(humans: int, ai: int, seed: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp, first_responses() as times:
        bot = make_bot(str(Path(tmp) / "bench.db"))
        async with simcord.run(bot) as env:
            await bot.tree.sync()
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            table = Sim(env, bot, guild, channel, rng=random.Random(seed))
            actors = [guild.add_member(env.create_user(f"p{i}")) for i in range(humans)]
            table.players = {a.id: a for a in actors}
            started = time.perf_counter()
            await table.open(actors[0])
            for actor in actors[1:]:
                await actor.click(await table.lobby(), label="Join")
            for _ in range(ai):
                await actors[0].click(await table.lobby(), label="Add AI seat")
            await actors[0].click(await table.lobby(), label="Start")
            await table.play_to_end()
            seconds = time.perf_counter() - started
            kinds: Counter[str] = Counter()
            for req in env.http_requests:
                path = req.path
                if "/callback" in path:
                    kinds["interaction responses"] += 1
                elif path.startswith("/webhooks"):
                    kinds["followups and response edits"] += 1
                elif req.method == "POST" and path.endswith("/messages"):
                    kinds["messages posted"] += 1
                elif req.method == "PATCH" and "/messages/" in path:
                    kinds["messages edited"] += 1
                else:
                    kinds[f"{req.method} other"] += 1
            times.sort()
            row = await table.row()
            actions = len(await bot.service.repo.actions(row.id))
            if bot.repo is not None:
                await bot.repo.close()
                bot.repo = None
    return {
        "humans": humans,
        "ai": ai,
        "actions": actions,
        "clicks": table.clicks,
        "api_calls": sum(kinds.values()),
        "by_kind": dict(kinds),
        "interactions": len(times),
        "response_ms": {
            "p50": round(1000 * statistics.median(times), 2),
            "p99": round(1000 * times[int(0.99 * (len(times) - 1))], 2),
            "max": round(1000 * times[-1], 2),
        },
        "seconds": round(seconds, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.game_costs")
    parser.add_argument("--humans", type=int, default=4)
    parser.add_argument("--ai", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report = asyncio.run(measure(args.humans, args.ai, args.seed))
    for key, value in report.items():
        print(f"{key:>14}: {value}")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
