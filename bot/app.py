"""The bot process: settings, storage, the table service and the cogs."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

import discord
from discord.ext import commands

from bot import emojis
from bot.scheduler import Scheduler
from bot.service import TableService
from bot.settings import Settings
from bot.storage import Repository, open_repository
from bot.thinking import PoolThinker

log = logging.getLogger(__name__)

# The bot never joins voice: discord.py's warnings that voice libraries are missing are noise.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

INTENTS = discord.Intents.none()
INTENTS.guilds = True  # threads and channels; no privileged intents are needed

# View Channel, Send Messages, Embed Links, Attach Files (pictures), Read Message History,
# Create Public Threads (tables), Create Private Threads (daily challenges), Send Messages in
# Threads, Manage Messages is NOT asked: the bot only edits and deletes its own messages.
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    create_public_threads=True,
    create_private_threads=True,
    send_messages_in_threads=True,
)
DISCORD_LAYER = "cogs.assembly"
"""Loaded by name: `bot/` never imports `cogs/`; the extension builds the presenter, the click
handler and the scheduler onto the bot."""


class Republisher(Protocol):
    async def reconcile(self, now: float) -> int:
        """Publish every table whose messages are behind its state; how many were."""
        ...


class FleetBot(commands.Bot):
    """The bot on one gateway connection; `make_bot` gives the sharded one when shards are
    configured."""

    service: TableService
    presenter: Republisher
    clicks: object
    """What every button calls (`cogs.components.Clicks`)."""
    scheduler: Scheduler

    def __init__(
        self, settings: Settings, clock: Callable[[], float] = time.time, **options: Any
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=INTENTS, help_command=None, **options
        )
        self.settings = settings
        self.clock = clock
        self.repo: Repository | None = None
        self.app_emojis: dict[str, str] = {}
        """The application's emojis, name → ``<:name:id>`` (`bot.emojis`), read at start."""

    async def setup_hook(self) -> None:
        # Command sync is NOT done here: it is an explicit, idempotent command (python -m bot sync).
        self.repo = await open_repository(self.settings.database, self.clock)
        thinker = PoolThinker(self.settings.ai_workers, self.settings.ai_playouts)
        self.service = TableService(
            self.repo, self.clock, shards=self.settings.shards, thinker=thinker
        )
        self.app_emojis = await emojis.fetch(self)
        await self.load_extension(DISCORD_LAYER)
        await self.reconcile()

    async def reconcile(self) -> None:
        """After a crash: record results that were never recorded, and publish the messages
        of every table whose messages are behind its state."""
        recorded = await self.service.reconcile_results()
        shown = await self.presenter.reconcile(self.clock())
        if recorded or shown:
            log.info("startup: %s results recorded, %s tables republished", recorded, shown)

    async def close(self) -> None:
        await super().close()
        if self.repo is not None:
            await self.repo.close()
            self.repo = None


class ShardedFleetBot(FleetBot, commands.AutoShardedBot):
    """The same bot on the shards this process serves (FLEET_SHARD_COUNT, FLEET_SHARD_IDS):
    discord.py routes each guild's events to its shard's connection, and direct messages
    arrive on shard 0."""


def make_bot(settings: Settings, clock: Callable[[], float] = time.time) -> FleetBot:
    shards = settings.shards
    if shards is None:
        return FleetBot(settings, clock)
    return ShardedFleetBot(settings, clock, shard_count=shards.count, shard_ids=list(shards.ids))


def invite_url(application_id: int) -> str:
    return discord.utils.oauth_url(
        application_id,
        permissions=INVITE_PERMISSIONS,
        scopes=("bot", "applications.commands"),
    )
