"""Slash commands in the reader's language, in Discord itself: descriptions, option
descriptions and choices go through the table's catalogs (game choices through each game's
own), so a German client sees German command descriptions. Command and option names stay
English: they are what people type and what the README and help text name."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands import locale_str as _T

from bot.fronts import FRONTS, get_front
from bot.i18n import DEFAULT_LANGUAGE, language_of, translator

KEPT = frozenset({Where.command_name, Where.group_name, Where.parameter_name})


class CommandTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in KEPT or language_of(locale.value) == DEFAULT_LANGUAGE:
            return None
        if context.location is Where.choice_name:
            choice = context.data
            if isinstance(choice, app_commands.Choice) and choice.value in FRONTS:
                game = str(choice.value)
                return get_front(game).title(translator(locale.value, game))[:100]
        text = translator(locale.value, "table")._(string.message)
        return text[:100] if text != string.message else None


__all__ = ["_T", "CommandTranslator"]
