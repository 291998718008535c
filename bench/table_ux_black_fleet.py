"""How a Black Fleet table feels to its players, in figures (the sibling of `bench.table_ux`,
which measures Fleet Dice): plays whole games through the bot in SimCord, players choosing as
the engine's default move would, and counts per player and round (a round is one turn each)
what they see: public messages and pings, clicks, and how far above the newest message the
table's state (the turn's message with the map) is.

    python -m bench.table_ux_black_fleet [--seed 1] [--out DIR]

Tables: two players and an AI seat (keeping their prompts open, and away between clicks),
one player and three AI seats, a 4-player table of humans. The seed also deals the game, so
the figures repeat. `--out DIR` writes each table's channel as it reads scrolled back at the
end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

import simcord

from bench.table_ux import Watch, channel_text
from tests.cogs.harness import Table, make_bot

TABLES = {
    "two players and an AI": (2, 1, False),
    "two players and an AI, away between turns": (2, 1, True),
    "one player and three AIs": (1, 3, False),
    "four players": (4, 0, False),
}
"""Each table: (humans, AI seats, whether players leave between clicks: then no prompt is
still open when their turn comes, and the table pings them instead)."""


class Away:
    """The presenter's clock, a quarter of an hour later at every look: prompts are stale."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 15 * 60
        return self.now


async def play(kind: str, seed: int, out: Path | None) -> dict[str, Any]:
    humans_count, robots, away = TABLES[kind]
    with (
        tempfile.TemporaryDirectory() as tmp,
        mock.patch("bot.service.secrets.token_hex", lambda n=8: f"{seed:0{2 * n}x}"),
    ):
        bot = make_bot(str(Path(tmp) / "ux.db"))
        async with simcord.run(bot) as env:
            await bot.tree.sync()
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            table = Table(env, bot, guild, channel, rng=random.Random(seed), sensible=True)
            humans = table.add(*["alice", "bob", "cleo", "dan"][:humans_count])
            await table.open(humans[0], game="black-fleet")
            for h in humans[1:]:
                await h.click(await table.lobby(), label="Join")
            for _ in range(robots):
                await humans[0].click(await table.lobby(), label="Add AI seat")
            await humans[0].click(await table.lobby(), label="Start")
            if away:
                table.bot.get_cog("Table").presenter.clock = Away()
            watch = Watch(table, humans)
            table.on_click = watch.after
            await table.play_to_end()
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                name = "black-fleet-" + kind.replace(" ", "-")
                (out / f"{name}.txt").write_text(await channel_text(table) + "\n")
            if bot.repo is not None:
                await bot.repo.close()
                bot.repo = None
    report = watch.report(kind)
    report["clicks"] = table.clicks
    return report


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.table_ux_black_fleet")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    reports = [asyncio.run(play(kind, args.seed, args.out)) for kind in TABLES]
    for r in reports:
        print(f"== {r['table']}: {r['rounds']} rounds, {r['clicks']} clicks")
        public, most = r["public_messages_per_round"], r["max_public_in_a_round"]
        print(f"   public messages per round {public} (max {most})")
        for name, p in r["players"].items():
            print(
                f"   {name}: pings/round {p['pings_per_round']} "
                f"(max {p['max_pings_in_a_round']}), clicks/round {p['clicks_per_round']} "
                f"{p['clicks_min_max']}"
            )
        d = r["table_state_distance"]
        print(f"   table state above the newest message: mean {d['mean']}, max {d['max']}")
    print(json.dumps({"bench": "table_ux_black_fleet", "reports": reports}))


if __name__ == "__main__":
    main()
