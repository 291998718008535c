"""The bot process: settings, storage, the table service and the cogs."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import discord
from discord.ext import commands

from bot.service import TableService
from bot.settings import Settings
from bot.storage import Repository, SqliteRepository

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
COGS = ("cogs.table", "cogs.records")


class FleetBot(commands.Bot):
    service: TableService

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=INTENTS, help_command=None)
        self.settings = settings
        self.clock = clock
        self.repo: Repository | None = None

    async def setup_hook(self) -> None:
        # Command sync is NOT done here: it is an explicit, idempotent command (python -m bot sync).
        self.repo = await SqliteRepository.open(self.settings.database, self.clock)
        self.service = TableService(self.repo, self.clock)
        for cog in COGS:
            await self.load_extension(cog)
        await self.reconcile()

    async def reconcile(self) -> None:
        """After a crash: record results that were never recorded, and publish the messages
        of every table whose messages are behind its state."""
        recorded = await self.service.reconcile_results()
        cog = self.get_cog("Table")
        presenter = getattr(cog, "presenter", None)
        shown = await presenter.reconcile(self.clock()) if presenter is not None else 0
        if recorded or shown:
            log.info("startup: %s results recorded, %s tables republished", recorded, shown)

    async def close(self) -> None:
        await super().close()
        if self.repo is not None:
            await self.repo.close()
            self.repo = None


def invite_url(application_id: int) -> str:
    return discord.utils.oauth_url(
        application_id,
        permissions=INVITE_PERMISSIONS,
        scopes=("bot", "applications.commands"),
    )
