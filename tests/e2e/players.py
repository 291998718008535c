"""Simulated players for the loopback fake: each table's players click only what Discord shows
them, as soon as the bot has answered (or after a think time). Used by bench/bot.py under load
and by the end-to-end tests to play games to the end."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .fake_discord import CHANNEL_ID, FakeDiscord, Interaction, user


def acts(custom_id: str) -> bool:
    """The table's Act button: on the board, or on the step message that is the table."""
    return custom_id.startswith("fl1:board:") and custom_id.endswith(":act")


def ends(custom_id: str) -> bool:
    """A button only the final scores have."""
    return custom_id.startswith("fl1:board:") and custom_id.endswith(":again")


GONE_S = 2.0
"""How long no message may carry the table's Act button before the game counts as over (the
old step message loses it a moment before the new one is posted)."""


RESPONSE_LIMIT = 3.0  # Discord's 3-second rule
FOLLOWUP_LIMIT = 15.0


@dataclass
class Stats:
    measuring: bool = False
    interactions: int = 0
    response_s: list[float] = field(default_factory=list)
    followup_s: list[float] = field(default_factory=list)
    failed: dict[str, int] = field(default_factory=dict)
    refusals: int = 0
    finished: int = 0
    finished_total: int = 0
    actions_clicked: int = 0

    def fail(self, why: str) -> None:
        self.failed[why] = self.failed.get(why, 0) + 1


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components") or [] for c in row["components"]]


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for c in components(message) if c.get("custom_id")]


class Player:
    """One table's simulated players, clicking only what Discord shows them."""

    def __init__(
        self,
        fake: FakeDiscord,
        channel: int,
        seats: int,
        stats: Stats,
        rng: random.Random,
        think: float = 0.0,
    ) -> None:
        self.fake = fake
        self.think = think
        self.channel = channel
        base = 10_000_000 + (channel - CHANNEL_ID) * 10
        self.users = [user(base + i, f"p{channel - CHANNEL_ID}-{i}") for i in range(seats)]
        self.stats = stats
        self.rng = rng
        self.before = set(fake.by_channel.get(channel, []))
        """Messages from before these players sat down (another run's tables)."""

    def latest(self, marker: str | Callable[[str], bool]) -> dict[str, Any] | None:
        """The newest message in the channel with a button whose custom id has `marker` (or
        passes it)."""
        test = marker if callable(marker) else lambda c: marker in c
        for mid in reversed(self.fake.by_channel.get(self.channel, [])):
            message = self.fake.messages.get(mid)  # None: the bot deleted it
            if message is not None and any(test(c) for c in custom_ids(message)):
                return message
        return None

    async def send(self, coro: Any, deferred: bool) -> Interaction | None:
        """Send one interaction; wait for its response and, if deferred, its followup."""
        try:
            inter: Interaction = await coro
            await asyncio.wait_for(inter.answered.wait(), RESPONSE_LIMIT)
        except TimeoutError:
            self.stats.fail("no response within 3 s")
            return None
        measured = self.stats.measuring
        if measured:
            self.stats.interactions += 1
            self.stats.response_s.append(inter.answered_at - inter.sent_at)
        kind = inter.callbacks[0]["type"]
        if deferred or kind in (5, 6):
            try:
                await asyncio.wait_for(inter.followed.wait(), FOLLOWUP_LIMIT)
            except TimeoutError:
                self.stats.fail("no followup within 15 s")
                return None
            if measured:
                self.stats.followup_s.append(inter.followed_at - inter.sent_at)
        if inter.refused_callbacks:
            self.stats.fail("answered twice")
        return inter

    async def pause(self) -> None:
        """A player's think time before a click."""
        if self.think:
            await asyncio.sleep(self.rng.expovariate(1 / self.think))

    async def slash(self, who: dict[str, Any], sub: str, **options: Any) -> Interaction | None:
        await self.pause()
        coro = self.fake.slash(who, sub, channel_id=self.channel, timeout=None, **options)
        return await self.send(coro, deferred=True)

    async def click(
        self,
        who: dict[str, Any],
        message: dict[str, Any],
        cid: str,
        values: list[str] | None = None,
    ) -> Interaction | None:
        await self.pause()
        if int(message["id"]) not in self.fake.messages:
            return None  # the bot deleted it meanwhile: nothing left to click
        coro = self.fake.click(who, int(message["id"]), cid, values, timeout=None)
        return await self.send(coro, deferred=False)

    async def wait_for(self, marker: str, limit: float = 15.0) -> dict[str, Any] | None:
        waited = 0.0
        while waited < limit:
            found = self.latest(marker)
            if found is not None:
                return found
            await asyncio.sleep(0.01)
            waited += 0.01
        self.stats.fail(f"no message with {marker} within {limit:.0f} s")
        return None

    async def open(self) -> bool:
        host = self.users[0]
        if len(self.users) == 1:
            return await self.slash(host, "table solo", game="fleet-dice", here=True) is not None
        if await self.slash(host, "table new", game="fleet-dice", here=True) is None:
            return False
        lobby = await self.wait_for(":lobby:")
        if lobby is None:
            return False
        join = next(c for c in custom_ids(lobby) if c.endswith(":join"))
        for who in self.users[1:]:
            if await self.click(who, lobby, join) is None:
                return False
        start = next(c for c in custom_ids(lobby) if c.endswith(":start"))
        return await self.click(host, lobby, start) is not None

    async def play_game(self, stop: asyncio.Event) -> bool:
        """Open a table and play it to the end; False if stopped or stuck."""
        unfinished = self.latest(acts)
        if unfinished is not None and int(unfinished["id"]) not in self.before:
            # An earlier try opened a table but its answer came too late: play that one.
            return await self.play_on(int(unfinished["id"]), stop)
        before = set(self.fake.by_channel.get(self.channel, []))
        if not await self.open():
            return False
        board_id = await self.new_board(before)
        if board_id is None:
            return False
        return await self.play_on(board_id, stop)

    def table(self, since: int) -> dict[str, Any] | None:
        """The newest message, from `since` on, with the table's Act button."""
        for mid in reversed(self.fake.by_channel.get(self.channel, [])):
            if mid < since:
                return None
            message = self.fake.messages.get(mid)
            if message is not None and any(acts(c) for c in custom_ids(message)):
                return message
        return None

    async def play_on(self, board_id: int, stop: asyncio.Event) -> bool:
        """Play the game shown from this message on (its board, or the first message that is
        the table) to the end; False if stopped or stuck."""
        idle, gone = 0, 0.0
        while not stop.is_set():
            board = self.table(board_id)
            if board is None:
                finals = self.latest(ends)
                if gone < GONE_S and (finals is None or int(finals["id"]) < board_id):
                    await asyncio.sleep(0.02)
                    gone += 0.02
                    continue
                self.stats.finished += self.stats.measuring
                self.stats.finished_total += 1
                return True
            gone = 0.0
            act = next(c for c in custom_ids(board) if acts(c))
            moved = False
            for who in self.users:
                moved |= await self.decide(who, board, act, stop)
            idle = 0 if moved else idle + 1
            if idle:
                await asyncio.sleep(min(0.002 * idle, 0.05))
            if idle > 500:
                self.stats.fail("game stuck")
                return False
        return False

    async def new_board(self, before: set[int], limit: float = 15.0) -> int | None:
        """The id of the board the bot posts for the table just opened."""
        waited = 0.0
        while waited < limit:
            for mid in reversed(self.fake.by_channel.get(self.channel, [])):
                message = self.fake.messages.get(mid)  # None: the bot deleted it
                if mid not in before and message and any(acts(c) for c in custom_ids(message)):
                    return mid
            await asyncio.sleep(0.01)
            waited += 0.01
        self.stats.fail("no board within 15 s")
        return None

    async def decide(
        self, who: dict[str, Any], board: dict[str, Any], act: str, stop: asyncio.Event
    ) -> bool:
        """Press Act and answer prompts until this player has nothing more to decide."""
        inter = await self.click(who, board, act)
        if inter is None or inter.original_id is None:
            return False
        found = self.fake.messages.get(inter.original_id)
        moved = False
        while not stop.is_set() and found is not None:
            prompt = found
            choices = components(prompt)
            if not choices:
                self.stats.refusals += not moved
                return moved
            ids = custom_ids(prompt)
            roll = self.latest(":pub:")
            picks = [c for c in ids if ":pick." in c]
            if picks and roll is not None and self.rng.random() < 0.6:
                wanted = [c for c in custom_ids(roll) if ":pub:" in c]
                done = await self.click(who, roll, self.rng.choice(wanted))
                if done is None:
                    return moved
                if done.callbacks[0]["type"] == 4:
                    # Answered at once: the roll message was older than the prompt (a new
                    # draft's roll not posted yet), and the player was told so.
                    self.stats.refusals += 1
                    return moved
                try:
                    await asyncio.wait_for(done.posted.wait(), FOLLOWUP_LIMIT)
                except TimeoutError:
                    self.stats.fail("no prompt within 15 s after a die")
                    return moved
                found = self.fake.messages.get(done.followups[-1])
            elif choices[0]["type"] == 3:
                value = self.rng.choice(choices[0]["options"])["value"]
                done = await self.click(who, prompt, choices[0]["custom_id"], [value])
                if done is None:
                    return moved
                found = self.fake.messages.get(int(prompt["id"]))
            else:
                done = await self.click(who, prompt, self.rng.choice(ids))
                if done is None:
                    return moved
                found = self.fake.messages.get(int(prompt["id"]))
            self.stats.actions_clicked += self.stats.measuring
            moved = True
        return moved

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            if not await self.play_game(stop) and not stop.is_set():
                await asyncio.sleep(0.5)
