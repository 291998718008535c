"""How a table feels to its players, in figures: plays a game through the bot in SimCord,
players choosing as the engine's default move would, and counts per player and round what they
see:

- public messages posted in the table's thread, and pings (messages that notify someone: they
  mention them and their allowed mentions let it through), also by the kind of decision the
  ping was for (the verbs the player may choose from then);
- clicks each player makes;
- at every click, how many messages below the newest the table's state is (the message with
  the scores and who the table waits for).

    python -m bench.table_ux [--game fleet-dice|fleet-cards|mare-balticum|black-fleet]
                             [--seed 1] [--away] [--out DIR]

Each game is played at the tables `TABLES` lists (people, AI seats, a lobby, a solo game or a
daily challenge). A round is the engine's `round`: every player has had one turn (Fleet Dice:
one roll of the pool; the card game: one license auction opened by each player and the phases
after it; the map games: one turn each, in turn order); what comes before the first turn (Black
Fleet's docking) counts in the first round.

`--away`: players leave the table once they have nothing in front of them, and come back a
quarter of an hour (`AWAY`) after the table started waiting for them again: a pause of 15
minutes before each return, on the bot's clock, so its two-minute calls are due meanwhile.
While they are back they play on: a decision that opens within `STAY` of their last click
(their own click opened it, or others clicked meanwhile) is played at once, a few seconds
(`STEP`) per click; people called at the same moment come back at the same moment. Since away
players do not want to be fetched for each bid, at the card game's auctions an away player
leaves a standing bid that also pays if it wins ("Or bid and pay for me, up to…") at the most
the engine's normal AI would bid for that license now (`standing_limit`), the highest limit the
menu offers within it (the lowest bid, when that is all the limit allows), instead of bidding
click by click. `--out DIR` also
writes each table's channel as it reads scrolled back at the end; `TABLE_UX_TRACE=1` prints
every click, post and ping as it happens.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any
from unittest import mock

import simcord

from bot.reading import Reading
from engine.fleet_cards.policies import standing_limit
from tests.clock import NOON, TestClock
from tests.cogs.harness import Sim, make_bot

TRACE = bool(os.environ.get("TABLE_UX_TRACE"))


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
        self.own = 0
        """Pings a player got from their own click (there should be none)."""
        self.kinds: Counter[str] = Counter()
        """Pings by the kind of decision they were for: the verbs the player may choose."""

    async def round_now(self) -> int:
        state = await self.table.state()
        return max(1, int(getattr(state, "round", 1)))

    async def after(self, actor: Any, result: Any) -> None:
        if TRACE:
            clock = self.table.clock
            print(f"{clock() - NOON:8.0f}s r{await self.round_now()} {actor.name} clicked")
        current = await self.round_now()
        self.rounds.add(current)
        self.clicks[actor.id][current] += 1
        await self.collect(actor.id)

    async def collect(self, actor: int | None = None) -> None:
        """Counts the messages posted since the last look (after a click, or after time
        passed and calls that were due went out)."""
        table = self.table
        current = await self.round_now()
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
                if TRACE:
                    print(f"      post: {content[:100]!r}")
                # the final scores ping everyone
                final = bool((req.json or {}).get("embeds")) or loaded.row.status != "active"
                for h in self.humans:
                    if f"<@{h.id}>" in content and notifies(req.json or {}, h.id):
                        self.pings[h.id][current] += 1
                        self.turn_pings[h.id][turn] += 0 if final else 1
                        self.kinds["final scores" if final else kind(loaded, h.id)] += 1
                        self.own += h.id == actor and not final
                        if TRACE:
                            print(f"      PING {h.name} for {kind(loaded, h.id)}: {content[:90]}")
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
            "pings_per_round_by_kind": {
                k: round(n / rounds / len(self.humans), 2) for k, n in self.kinds.most_common()
            },
            "pings_for_own_click": self.own,
            "public_messages_per_round": round(sum(self.public.values()) / rounds, 2),
            "max_public_in_a_round": max(self.public.values() or [0]),
            "players": per_player,
            "table_state_distance": {
                "mean": round(statistics.fmean(self.distance), 2) if self.distance else None,
                "max": max(self.distance or [0]),
            },
        }


def kind(loaded: Any, user_id: int) -> str:
    """The kind of decision a person owes now: the verbs they may choose from."""
    rules, state = loaded.game, loaded.state
    for seat in rules.to_act(state) if loaded.row.status == "active" else []:
        if loaded.row.seats[seat].user_id == user_id:
            return "/".join(sorted({a.verb for a in rules.legal_actions(state, seat)}))
    return "nothing owed"


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
    "fleet-cards": {
        "two players": (2, 0, "lobby"),
        "three players": (2, 1, "lobby"),
        "challenge": (1, 0, "challenge"),
    },
    "mare-balticum": {"two people and two AI": (2, 2, "lobby"), "four people": (4, 0, "lobby")},
    "black-fleet": {
        "two players and an AI": (2, 1, "lobby"),
        "one player and three AIs": (1, 3, "lobby"),
        "four players": (4, 0, "lobby"),
    },
}
"""Each game's tables: (people, AI seats, how it opens: a lobby, /table solo, /challenge)."""
AWAY = 15 * 60.0
"""With --away, how long after the table starts waiting for a player they come back."""
STAY = 60.0
"""With --away, how long after their last click a player still looks at the table."""
STEP = 5.0
"""With --away, the time a player at the table takes per click."""


class Returns:
    """When each away player is next at the table (`--away`)."""

    def __init__(self, table: Sim, humans: list[Any]) -> None:
        self.table = table
        self.humans = {h.id for h in humans}
        self.last: dict[int, float] = {}
        """Each player's last click, on the bot's clock."""
        self.since: dict[int, float] = {}
        """Since when the table has waited for each player, on the bot's clock."""

    def clicked(self, user_id: int) -> None:
        assert self.table.clock is not None
        self.last[user_id] = self.table.clock()
        self.since.pop(user_id, None)

    async def next(self) -> tuple[int, float]:
        """The seat that plays next and when: whoever the table waits for is back first (a
        player still at the table at once, the one who clicked last first)."""
        clock = self.table.clock
        assert clock is not None
        loaded = await self.table.loaded()
        now = clock()
        ready = []
        waiting = loaded.game.to_act(loaded.state)
        users = {loaded.row.seats[seat].user_id for seat in waiting}
        self.since = {u: t for u, t in self.since.items() if u in users}
        for seat in waiting:
            user = loaded.row.seats[seat].user_id
            opened = self.since.setdefault(user, now)
            last = self.last.get(user, float("-inf"))
            back = opened + STEP if opened - last < STAY else opened + AWAY
            ready.append((back, -last, seat))
        back, _, seat = min(ready)
        return seat, back


def standing(loaded: Any, seat: int) -> str | None:
    """The standing bid an away player leaves at a card game's auction (see the module's
    docstring), or None to play the default move."""
    rules, state = loaded.game, loaded.state
    if rules.id != "fleet-cards":
        return None
    legal = rules.legal_actions(state, seat)
    limit = standing_limit(rules.view(state, seat), seat, legal)
    if limit is None:
        # Nothing to stand above the lowest bid: they bid that (if the default move does),
        # and leave it to pay if it wins.
        move = rules.default_action(state, seat)
        if move.verb != "bid":
            return None
        limit = int(move.args[0])
    panel = Reading.of(loaded.row, rules, state, seat, None).prompt().panel
    choices = panel.choices if panel is not None else []
    offered = [
        int(c.action.split()[1])
        for c in choices
        if c.action.startswith("standing ") and c.action.endswith(" pay")
    ]
    fitting = [n for n in offered if n <= limit]
    return f"standing {max(fitting)} pay" if fitting else None


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
                started = humans[0]
            elif opening == "solo":
                await table.open(humans[0], "table solo", game=game)
                started = humans[0]
            else:
                before = {t.id for t in channel.threads}
                await humans[0].slash(channel, "challenge", game=game)
                started = humans[0]
                table.thread_id = next(t.id for t in channel.threads if t.id not in before)
            watch = Watch(table, humans)
            watch.seen_requests = 0
            # What opening the table posted, the start's calls included, is the starter's doing.
            await watch.collect(started.id)
            returns = Returns(table, humans)
            returns.clicked(started.id)  # who started it has their first decision in front

            async def after(actor: Any, result: Any) -> None:
                returns.clicked(actor.id)
                await watch.after(actor, result)

            table.on_click = after
            if away:
                for _ in range(3000):
                    if (await table.row()).status != "active":
                        break
                    seat, back = await returns.next()
                    if back > clock():
                        await env.advance_time(back - clock())
                        await watch.collect()
                    loaded = await table.loaded()
                    order = standing(loaded, seat)
                    if TRACE:
                        legal = [a.text for a in loaded.game.legal_actions(loaded.state, seat)]
                        print(f"      seat {seat} plays {order}; legal {legal[:6]}")
                    await table.play_one(seat=seat, wanted=order)
                else:
                    raise AssertionError("the game did not end")
            else:
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
        kinds = ", ".join(f"{k} {n}" for k, n in r["pings_per_round_by_kind"].items())
        print(f"   pings per player and round, by decision: {kinds}")
        print(f"   pings for one's own click: {r['pings_for_own_click']}")
        d = r["table_state_distance"]
        print(f"   table state above the newest message: mean {d['mean']}, max {d['max']}")
    print(json.dumps({"bench": "table_ux", "reports": reports}))


if __name__ == "__main__":
    main()
