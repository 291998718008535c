"""The floor: the cheapest discord.py button bot there is, to measure ours against. One message
with one button in each channel it is given; a click answers by editing that message (one
request), counting clicks in memory. No storage, no pictures, no commands.

    python -m bench.floor_bot http://127.0.0.1:PORT CHANNEL_ID [CHANNEL_ID ...]

It talks to the loopback fake of Discord only (tests/e2e/fake_discord.py), with the same
token and intents as the real bot.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl

BUTTON = "floor:click"


class Clicks(discord.ui.View):
    """One message's button: discord.py dispatches its clicks by message id and custom id."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.count = 0

    @discord.ui.button(label="Click", custom_id=BUTTON)
    async def click(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.count += 1
        await interaction.response.edit_message(content=f"{self.count} clicks")


class Floor(discord.Client):
    def __init__(self, channels: list[int]) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # as the real bot's
        super().__init__(intents=intents)
        self.channels = channels
        self.posted = False

    async def on_ready(self) -> None:
        if self.posted:
            return
        self.posted = True
        for channel in self.channels:
            await self.get_partial_messageable(channel).send("0 clicks", view=Clicks())


def main() -> int:
    base, *channels = sys.argv[1:]
    if not base.startswith("http://127.0.0.1:"):
        raise SystemExit("the floor bot only talks to the loopback fake on 127.0.0.1")
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        base.replace("http", "ws") + "/gateway"
    )
    Floor([int(c) for c in channels]).run(os.environ["FLEET_TOKEN"], log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
