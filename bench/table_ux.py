"""How a table feels to its players, in figures: plays a game through the bot in SimCord,
players choosing as the engine's default move would, and counts per player and round what they
see:

- public messages posted in the table's thread, and pings (messages that notify someone: they
  mention them and their allowed mentions let it through);
- clicks each player makes;
- at every click, how many messages below the newest the table's state is (the message with
  the scores and who the table waits for).

    python -m bench.table_ux [--game fleet-dice|fleet-cards|mare-balticum|black-fleet]
                             [--seed 1] [--away] [--out DIR]

Each game is played at the tables `TABLES` lists (people, AI seats, a lobby, a solo game or a
daily challenge). `--away`: players come back to the table a quarter of an hour after each
click (their prompts no longer open), so they follow the game by its pings. `--out DIR` also
writes each table's channel as it reads scrolled back at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any
from unittest import mock

import simcord

from bot.reading import Reading
from tests.clock import TestClock
from tests.cogs.harness import Sim, make_bot


def notifies(body: dict[str, Any], user_id: int) -> bool:
    """Whether a message that names a person notifies them: Discord pings only the users its
    allowed mentions let through (all of them when it sets none)."""
    allowed = body.get("allowed_mentions")
    if allowed is None:
        return True
    return str(user_id) in [str(u) for u in allowed.get("users", [])] or "users" in allowed.get(
        "parse", []
    )


class Watch:
    """Counts, per round, what a table's players see."""

    def __init__(self, table: Sim, humans: list[Any]) -> None:
        self.table = table
        self.humans = humans
        self.seen_requests = 0
        self.public: Counter[int] = Counter()
        self.pings: dict[int, Counter[int]] = {h.id: Counter() for h in humans}
        self.clicks: dict[int, Counter[int]] = {h.id: Counter() for h in humans}
        self.distance: list[int] = []
        self.rounds: set[int] = set()
        self.turn_pings: dict[int, Counter[str]] = {h.id: Counter() for h in humans}
        """Pings per turn (the front's `turn`: a player is pinged at most once in it)."""
        self.waited: dict[int, set[str]] = {h.id: set() for h in humans}
        """The turns in which the table waited for each player."""

    async def round_now(self) -> int:
        state = await self.table.state()
        return max(1, int(getattr(state, "round", 1)))

    async def after(self, actor: Any, result: Any) -> None:
        table = self.table
        current = await self.round_now()
        self.rounds.add(current)
        self.clicks[actor.id][current] += 1
        loaded = await table.loaded()
        turn = Reading.of(loaded.row, loaded.game, loaded.state, None, None).turn()
        for seat in loaded.game.to_act(loaded.state) if loaded.row.status == "active" else []:
            user = loaded.row.seats[seat].user_id
            if user in self.waited:
                self.waited[user].add(turn)
        thread = str(table.thread_id)
        for req in table.env.http_requests[self.seen_requests :]:
            if req.method == "POST" and req.path == f"/channels/{thread}/messages":
                self.public[current] += 1
                content = (req.json or {}).get("content") or ""
                final = bool((req.json or {}).get("embeds"))  # the final scores ping everyone
                for h in self.humans:
                    if f"<@{h.id}>" in content and notifies(req.json or {}, h.id):
                        self.pings[h.id][current] += 1
                        self.turn_pings[h.id][turn] += 0 if final else 1
        self.seen_requests = len(table.env.http_requests)
        row = await table.row()
        marker = row.step_message_id or row.board_message_id
        if marker is None or row.status != "active":
            return
        ids = [m.id async for m in table.thread().history(limit=200)]  # newest first
        if marker in ids:
            self.distance.append(ids.index(marker))

    def report(self, name: str) -> dict[str, Any]:
        rounds = max(1, len(self.rounds))
        per_player = {}
        for h in self.humans:
            clicks = [self.clicks[h.id][r] for r in sorted(self.rounds)]
            pings = [self.pings[h.id][r] for r in sorted(self.rounds)]
            turns = max(1, len(self.waited[h.id]))
            per_player[h.name] = {
                "turns_waited_on": len(self.waited[h.id]),
                "pings_per_turn_waited_on": round(sum(pings) / turns, 2),
                "max_pings_in_a_turn": max(self.turn_pings[h.id].values() or [0]),
                "clicks_per_turn_waited_on": round(sum(clicks) / turns, 1),
                "pings_per_round": round(sum(pings) / rounds, 2),
                "max_pings_in_a_round": max(pings or [0]),
                "clicks_per_round": round(sum(clicks) / rounds, 1),
                "clicks_min_max": [min(clicks or [0]), max(clicks or [0])],
            }
        return {
            "table": name,
            "rounds": rounds,
            "public_messages_per_round": round(sum(self.public.values()) / rounds, 2),
            "max_public_in_a_round": max(self.public.values() or [0]),
            "players": per_player,
            "table_state_distance": {
                "mean": round(statistics.fmean(self.distance), 2) if self.distance else None,
                "max": max(self.distance or [0]),
            },
        }


async def channel_text(table: Sim) -> str:
    """The table's thread as it reads scrolled back, oldest first."""
    lines = []
    async for m in table.thread().history(limit=500, oldest_first=True):
        lines.append(f"--- {m.author.name}: {m.content}")
        for e in m.embeds:
            lines.append(f"  [{e.title}]")
            lines += [f"  {line}" for line in (e.description or "").splitlines()]
            for f in e.fields:
                lines.append(f"  · {f.name}")
                lines += [f"    {line}" for line in f.value.splitlines()]
        for r in m.components:
            lines.append("  " + " ".join(f"[{c.label}]" for c in r.children))
    return "\n".join(lines)


TABLES: dict[str, dict[str, tuple[int, int, str]]] = {
    "fleet-dice": {
        "two players": (2, 0, "lobby"),
        "solo": (1, 0, "solo"),
        "challenge": (1, 0, "challenge"),
    },
    "fleet-cards": {"three players": (2, 1, "lobby"), "challenge": (1, 0, "challenge")},
    "mare-balticum": {"two people and two AI": (2, 2, "lobby"), "four people": (4, 0, "lobby")},
    "black-fleet": {
        "two players and an AI": (2, 1, "lobby"),
        "one player and three AIs": (1, 3, "lobby"),
        "four players": (4, 0, "lobby"),
    },
}
"""Each game's tables: (people, AI seats, how it opens: a lobby, /table solo, /challenge)."""
AWAY = 15 * 60.0
"""With --away, the time between a player's click and the next: no prompt is still open."""


async def play(game: str, kind: str, seed: int, away: bool, out: Path | None) -> dict[str, Any]:
    people, robots, opening = TABLES[game][kind]
    clock = TestClock()
    with (
        tempfile.TemporaryDirectory() as tmp,
        # The seed also deals the game, so the figures repeat.
        mock.patch("bot.service.secrets.token_hex", lambda n=8: f"{seed:0{2 * n}x}"),
    ):
        bot = make_bot(str(Path(tmp) / "ux.db"), clock)
        async with simcord.run(bot) as env:
            clock.follow(env)
            await bot.tree.sync()
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            table = Sim(env, bot, guild, channel, rng=random.Random(seed), sensible=True)
            table.clock = clock
            humans = table.add(*["alice", "bob", "carol", "dan"][:people])
            if opening == "lobby":
                await table.open(humans[0], game=game)
                for person in humans[1:]:
                    await person.click(await table.lobby(), label="Join")
                for _ in range(robots):
                    await humans[0].click(await table.lobby(), label="Add AI seat")
                await humans[0].click(await table.lobby(), label="Start")
            elif opening == "solo":
                await table.open(humans[0], "table solo", game=game)
            else:
                before = {t.id for t in channel.threads}
                await humans[0].slash(channel, "challenge", game=game)
                table.thread_id = next(t.id for t in channel.threads if t.id not in before)
            watch = Watch(table, humans)
            watch.seen_requests = 0

            async def after(actor: Any, result: Any) -> None:
                if away:
                    clock.advance(AWAY)
                await watch.after(actor, result)

            table.on_click = after
            await table.play_to_end()
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                name = f"{game}-{kind.replace(' ', '-')}" + ("-away" if away else "")
                (out / f"{name}.txt").write_text(await channel_text(table) + "\n")
            if bot.repo is not None:
                await bot.repo.close()
                bot.repo = None
    report = watch.report(f"{game}: {kind}" + (" (away)" if away else ""))
    report["clicks"] = table.clicks
    return report


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.table_ux")
    parser.add_argument("--game", choices=sorted(TABLES), default="fleet-dice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--away", action="store_true")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    reports = [
        asyncio.run(play(args.game, k, args.seed, args.away, args.out)) for k in TABLES[args.game]
    ]
    for r in reports:
        print(f"== {r['table']}: {r['rounds']} rounds, {r['clicks']} clicks")
        public, most = r["public_messages_per_round"], r["max_public_in_a_round"]
        print(f"   public messages per round {public} (max {most})")
        for name, p in r["players"].items():
            print(
                f"   {name}: pings/round {p['pings_per_round']} "
                f"(max {p['max_pings_in_a_round']}), clicks/round {p['clicks_per_round']} "
                f"{p['clicks_min_max']}; waited on in {p['turns_waited_on']} turns: "
                f"pings/turn {p['pings_per_turn_waited_on']} (max {p['max_pings_in_a_turn']}), "
                f"clicks/turn {p['clicks_per_turn_waited_on']}"
            )
        d = r["table_state_distance"]
        print(f"   table state above the newest message: mean {d['mean']}, max {d['max']}")
    print(json.dumps({"bench": "table_ux", "reports": reports}))


if __name__ == "__main__":
    main()
