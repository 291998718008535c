"""The bot process: settings, storage, the table service and the Fleet cog."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import discord
from discord.ext import commands

from bot.service import TableService
from bot.settings import Settings
from bot.storage import SqliteRepository

log = logging.getLogger(__name__)

INTENTS = discord.Intents.none()
INTENTS.guilds = True  # threads and channels; no privileged intents are needed

# View Channel, Send Messages, Embed Links, Read Message History, Create Public Threads (game
# tables), Create Private Threads (daily challenges), Send Messages in Threads.
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    read_message_history=True,
    create_public_threads=True,
    create_private_threads=True,
    send_messages_in_threads=True,
)


class FleetBot(commands.Bot):
    service: TableService

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=INTENTS, help_command=None)
        self.settings = settings
        self.clock = clock
        self.repo: SqliteRepository | None = None

    async def setup_hook(self) -> None:
        # Command sync is NOT done here: it is an explicit, idempotent command (python -m bot sync).
        self.repo = await SqliteRepository.open(self.settings.database, self.clock)
        self.service = TableService(self.repo, self.clock)
        await self.load_extension("cogs.fleet")

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
