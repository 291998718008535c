"""The Discord layer, loaded by the bot as one extension (`cogs.assembly`): it builds what the
bot owns here — the presenter, the click handler every button calls (`bot.clicks`) and the deadline
scheduler — registers every button kind, and adds the command cogs.

    service (bot/) → Presenter → ClickHandler → Scheduler
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.scheduler import Scheduler
from cogs.clicks import ClickHandler
from cogs.components import ALL, on_modal
from cogs.presenter import Presenter
from cogs.records import RecordsCog
from cogs.table import TableCommands
from cogs.translator import CommandTranslator

if TYPE_CHECKING:
    from bot.app import FleetBot


async def setup(bot: FleetBot) -> None:
    presenter = Presenter(bot, bot.service, bot.settings.edit_spacing)
    bot.presenter = presenter
    bot.clicks = ClickHandler(bot, bot.service, presenter)
    bot.scheduler = Scheduler(bot.service, presenter.scheduled, bot.settings.tick_seconds)
    await bot.tree.set_translator(CommandTranslator())
    bot.add_dynamic_items(*ALL)
    bot.add_listener(on_modal, "on_interaction")
    await bot.add_cog(TableCommands(bot, presenter, bot.clicks))
    await bot.add_cog(RecordsCog(bot, presenter, bot.clicks))
    if bot.settings.run_scheduler:
        bot.scheduler.start()


async def teardown(bot: FleetBot) -> None:
    bot.remove_listener(on_modal, "on_interaction")
    await bot.scheduler.stop()
    if isinstance(bot.presenter, Presenter):
        await bot.presenter.ai.stop()
    bot.service.thinker.close()
