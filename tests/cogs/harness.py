"""Drive the real bot in SimCord through clicks and commands, as players would."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from bot.app import FleetBot
from bot.custom_ids import decode
from bot.settings import Settings
from bot.storage import GameRow
from engine.fleet_dice.state import FleetState


def make_bot(db: str, clock: Any = None) -> FleetBot:
    settings = Settings(database=db, run_scheduler=False, _env_file=None)  # type: ignore[call-arg]
    return FleetBot(settings, clock) if clock else FleetBot(settings)


@dataclass
class Table:
    env: simcord.Env
    bot: FleetBot
    guild: Any
    channel: Any
    players: dict[int, Any] = field(default_factory=dict)
    thread_id: int | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    clicks: int = 0

    @property
    def service(self) -> Any:
        return self.bot.service

    def thread(self) -> Any:
        assert self.thread_id is not None
        found = self.bot.get_channel(self.thread_id)
        assert found is not None
        return found

    def handle(self) -> Any:
        """The SimCord handle of the game's thread, for slash commands typed there."""
        return next(t for t in self.channel.threads if t.id == self.thread_id)

    async def row(self) -> GameRow:
        return await self.service.find(self.thread_id)

    async def state(self) -> FleetState:
        row = await self.row()
        assert row.state is not None
        return self.service.game.load_state(row.state)

    async def message(self, message_id: int | None) -> discord.Message:
        assert message_id is not None
        return await self.thread().fetch_message(message_id)

    async def open(self, host: Any, *command: str, **options: Any) -> None:
        before = {t.id for t in self.bot.get_guild(self.guild.id).threads}
        result = await host.slash(self.channel, "fleet " + " ".join(command or ("new",)), **options)
        assert result.acknowledged
        after = [t for t in self.bot.get_guild(self.guild.id).threads if t.id not in before]
        assert after, "a thread was opened for the game"
        self.thread_id = after[0].id

    async def restart(self, db: str) -> None:
        """Restart the bot process-in-memory on the same database, as after a crash."""
        new_bot = make_bot(db)
        old_repo = self.bot.repo
        await self.env.restart_bot(new_bot)
        if old_repo is not None:
            await old_repo.close()
        self.bot = new_bot
        await new_bot.tree.sync()

    async def lobby(self) -> discord.Message:
        async for m in self.thread().history(limit=50, oldest_first=True):
            if m.embeds and "table open" in (m.embeds[0].title or ""):
                return m
        raise AssertionError("no lobby message")

    async def play_one(self) -> None:
        """The next player who must act does so through the UI."""
        state = await self.state()
        game = self.service.game
        seat = game.to_act(state)[0]
        row = await self.row()
        user = row.seats[seat].user_id
        actor = self.players[user]
        task = game.pending(state, seat)
        assert task is not None
        if task.kind == "pick" and self.rng.random() < 0.7:
            roll = await self.message(row.roll_message_id)
            dice = [
                c.custom_id
                for r in roll.components
                for c in r.children
                if c.custom_id and c.custom_id.startswith("fl1:die:")
            ]
            result = await actor.click(roll, custom_id=self.rng.choice(dice))
        else:
            board = await self.message(row.board_message_id)
            prompt = await actor.click(board, label="Act")
            assert prompt.ephemeral and prompt.response is not None
            result = await self.choose(actor, prompt.response)
        assert result.acknowledged
        self.clicks += 1

    async def choose(self, actor: Any, response: Any) -> Any:
        rows = response.components
        children = [c for r in rows for c in r["components"]]
        select = [c for c in children if c["type"] == 3]
        if select:
            value = self.rng.choice(select[0]["options"])["value"]
            return await actor.select(response.message, [value], custom_id=select[0]["custom_id"])
        ids = [c["custom_id"] for c in children]
        assert all(decode(i) for i in ids)
        return await actor.click(response.message, custom_id=self.rng.choice(ids))

    async def play_to_end(self, limit: int = 3000) -> None:
        for _ in range(limit):
            row = await self.row()
            if row.status != "active":
                return
            await self.play_one()
        raise AssertionError("the game did not end")
