"""/table commands and every table button, for whatever game the channel holds.

Thin by design (Avrae's cog/buttons/model split): a handler turns an interaction into one
`TableService` call and its outcome into messages. Rules live in the engine, the
load-check-apply-save flow in the service, what a message says in the game's front, and how a
panel becomes an embed in `cogs.panels`. Every interaction gets an answer: refusals in one
sentence, storage errors as "nothing changed, try again", anything else logged and answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.faults import Crash
from bot.fronts import FRONTS, get_front
from bot.fronts.base import Ctx, Panel
from bot.i18n import LANGUAGES, Tr, translator
from bot.refusals import Refusal
from bot.scheduler import Scheduler
from bot.service import Loaded, Outcome, TableService, check_channel
from bot.storage import DEADLINE_HOURS, GameRow, StorageError, TableOptions
from bot.words import say
from cogs.components import ALL, EndButton
from cogs.lobby import lobby_drawn, option_spec
from cogs.panels import Drawn, draw_public, embed, embed_of, items_view
from cogs.presenter import Presenter
from cogs.prompts import off_loop, prompt_drawn, table_ctx
from cogs.translator import _T, CommandTranslator
from engine.core.events import visible_events
from engine.games import get_game

if TYPE_CHECKING:
    from bot.app import FleetBot

log = logging.getLogger(__name__)

ANSWER_WITHIN = 1.5
"""Seconds a prompt click may take before it is deferred (Discord allows 3 for an answer)."""
LOG_LINES = 25


def game_choices(solo: bool = False) -> list[app_commands.Choice[str]]:
    """Every registered game (with a solo mode, for /table solo), by its English name."""
    from bot.i18n import translator as tr_for

    out = []
    for game_id in FRONTS:
        if solo and get_game(game_id).min_seats > 1:
            continue
        out.append(
            app_commands.Choice(name=get_front(game_id).title(tr_for(None, game_id)), value=game_id)
        )
    return out


DEADLINES = [
    app_commands.Choice(name=_T("off"), value=0),
    app_commands.Choice(name=_T("1 hour"), value=1),
    app_commands.Choice(name=_T("12 hours"), value=12),
    app_commands.Choice(name=_T("24 hours"), value=24),
    app_commands.Choice(name=_T("72 hours"), value=72),
]


def _locale(interaction: discord.Interaction) -> str:
    return str(interaction.locale)


def _guild_locale(interaction: discord.Interaction) -> str | None:
    return str(interaction.guild_locale) if interaction.guild_locale else None


LANGUAGE_CHOICES = [
    app_commands.Choice(name=_T("the server's own language"), value="auto"),
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
]


def user_tr(interaction: discord.Interaction, domain: str = "table") -> Tr:
    """The clicking user's language (their Discord client's)."""
    return translator(_locale(interaction), domain)


def moderator(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_threads)


class TableCog(commands.Cog, name="Table"):
    table = app_commands.Group(name="table", description=_T("Board games in this channel"))

    def __init__(self, bot: FleetBot) -> None:
        self.bot = bot
        self.service: TableService = bot.service
        self.presenter = Presenter(bot, self.service)
        self.scheduler = Scheduler(self.service, self._publish_scheduled, bot.settings.tick_seconds)
        self.response_times: list[float] = []
        """Seconds from receiving each interaction to its first response (for figures)."""
        self._started: dict[int, float] = {}

    async def cog_load(self) -> None:
        await self.bot.tree.set_translator(CommandTranslator())
        self.bot.add_dynamic_items(*ALL)
        if self.bot.settings.run_scheduler:
            self.scheduler.start()

    async def cog_unload(self) -> None:
        await self.scheduler.stop()

    # --- answering ---------------------------------------------------------------------------

    async def run(
        self,
        interaction: discord.Interaction,
        handler: Callable[..., Awaitable[None]],
        *args: Any,
    ) -> None:
        """Run a handler so that the interaction always gets an answer."""
        self._started[interaction.id] = time.perf_counter()
        try:
            await handler(interaction, *args)
        except Refusal as refusal:
            await self.refuse(interaction, refusal)
        except StorageError:
            await self.answer(interaction, say(user_tr(interaction), "storage"))
        except (Crash, asyncio.CancelledError):
            raise
        except Exception:
            log.exception("interaction %s failed", interaction.id)
            await self.answer(interaction, say(user_tr(interaction), "storage"))
        finally:
            self._started.pop(interaction.id, None)

    def _timed(self, interaction: discord.Interaction) -> None:
        started = self._started.get(interaction.id)
        if started is not None:
            self.response_times.append(time.perf_counter() - started)

    async def answer(self, interaction: discord.Interaction, text: str, **extra: Any) -> None:
        """An ephemeral sentence: the response, or a followup once the response is used."""
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True, **extra)
            else:
                await interaction.response.send_message(text, ephemeral=True, **extra)
                self._timed(interaction)

    async def refuse(self, interaction: discord.Interaction, refusal: Refusal) -> None:
        await self.answer(interaction, await self.refusal_text(interaction, refusal))

    async def refusal_text(self, interaction: discord.Interaction, refusal: Refusal) -> str:
        tr = user_tr(interaction)
        if refusal.error is not None:
            game = refusal.fields.get("game", "")
            if game in FRONTS:
                front = get_front(game)
                ctx = Ctx((), tr.domain_of(front.domain))
                return front.refusal(refusal.error, ctx)
            return refusal.error.reason
        fields = dict(refusal.fields)
        if refusal.code == "unknown_game":
            fields["game"] = str(fields.get("game", ""))[:40]
        return say(tr, refusal.code, **fields)

    async def _send(self, interaction: discord.Interaction, drawn: Drawn) -> None:
        await interaction.response.send_message(ephemeral=True, **drawn.send())
        self._timed(interaction)

    # --- the commands ------------------------------------------------------------------------

    @table.command(name="new", description=_T("Open a table for a game in a new thread (or here)"))
    @app_commands.describe(
        game=_T("Which game"),
        here=_T("Play in this channel instead of a new thread"),
        deadline=_T("Turn deadline: after it, the default move is played"),
    )
    @app_commands.choices(game=game_choices(), deadline=DEADLINES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        here: bool = False,
        deadline: int = 0,
    ) -> None:
        await self.run(interaction, self._new, game, here, deadline)

    async def _new(
        self, interaction: discord.Interaction, game: str, here: bool, deadline: int
    ) -> None:
        await interaction.response.defer(ephemeral=True)
        self._timed(interaction)
        if deadline not in DEADLINE_HOURS:
            raise Refusal("bad_deadline")
        self.service.game(game)
        tr = user_tr(interaction)
        channel, _ = await self._open(interaction, game, here, TableOptions(turn_hours=deadline))
        await interaction.followup.send(
            say(tr, "opened_here", channel=channel.mention), ephemeral=True
        )

    async def _open(
        self, interaction: discord.Interaction, game: str, here: bool, options: TableOptions
    ) -> tuple[Any, GameRow]:
        """A lobby: posted in the channel, with the table's thread opened from it (or, with
        `here` or inside a thread, in this channel)."""
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            raise Refusal("wrong_channel")
        locale = await self.service.public_locale(interaction.guild_id, _guild_locale(interaction))
        gtr = translator(locale, "table")
        front = get_front(game)
        host = interaction.user
        where = dict(
            game=game,
            guild_id=interaction.guild_id,
            host_id=host.id,
            host_name=host.display_name,
            options=options,
            locale=locale,
        )
        if here or isinstance(channel, discord.Thread):
            row = await self.service.open_table(channel_id=channel.id, parent_id=None, **where)
            await self.presenter.show_lobby(row)
            return channel, row
        if not isinstance(channel, discord.TextChannel):
            raise Refusal("wrong_channel")
        message = await channel.send(embed=embed(say(gtr, "lobby_opening")))
        name = say(
            gtr, "thread_name", game=front.title(gtr.domain_of(game)), host=host.display_name
        )
        thread = None
        try:
            thread = await message.create_thread(name=name[:100])
            row = await self.service.open_table(
                channel_id=thread.id, parent_id=channel.id, lobby_message_id=message.id, **where
            )
        except Exception:
            # Nothing was stored: take back what was posted (the thread is archived, as the
            # bot may not delete it).
            with contextlib.suppress(discord.HTTPException):
                await message.delete()
            if thread is not None:
                with contextlib.suppress(discord.HTTPException):
                    await thread.edit(archived=True)
            raise
        await self.presenter.show_lobby(row)
        return thread, row

    @table.command(name="solo", description=_T("Play a game alone, started at once"))
    @app_commands.describe(
        game=_T("Which game"), here=_T("Play in this channel instead of a new thread")
    )
    @app_commands.choices(game=game_choices(solo=True))
    async def solo(self, interaction: discord.Interaction, game: str, here: bool = False) -> None:
        await self.run(interaction, self._solo, game, here)

    async def _solo(self, interaction: discord.Interaction, game: str, here: bool) -> None:
        await interaction.response.defer(ephemeral=True)
        self._timed(interaction)
        rules = self.service.game(game)
        if rules.min_seats > 1:
            raise Refusal("no_solo", game=game)
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            raise Refusal("wrong_channel")
        locale = await self.service.public_locale(interaction.guild_id, _guild_locale(interaction))
        gtr = translator(locale, "table")
        parent = None
        if not here and not isinstance(channel, discord.Thread):
            if not isinstance(channel, discord.TextChannel):
                raise Refusal("wrong_channel")
            title = get_front(game).title(gtr.domain_of(game))
            name = say(gtr, "solo_thread_name", game=title, host=interaction.user.display_name)
            parent = channel.id
            channel = await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread
            )
        outcome = await self.service.start_solo(
            game,
            channel_id=channel.id,
            guild_id=interaction.guild_id,
            parent_id=parent,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            locale=locale,
        )
        await self.presenter.publish(outcome)
        text = say(user_tr(interaction), "started_solo", channel=channel.mention)
        await interaction.followup.send(text, ephemeral=True)

    @table.command(name="act", description=_T("Show your pending decision"))
    async def act(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self._act)

    async def _act(self, interaction: discord.Interaction) -> None:
        row = await self.service.find(self._channel_id(interaction))
        await self.on_board(interaction, row.id, "act")

    @table.command(name="mine", description=_T("Your own sheet or hand (only you see it)"))
    async def mine(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self._mine)

    async def _mine(self, interaction: discord.Interaction) -> None:
        row = await self.service.find(self._channel_id(interaction))
        await self.on_board(interaction, row.id, "mine")

    @table.command(name="log", description=_T("The last moves of this game"))
    async def log_(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self._log)

    async def _log(self, interaction: discord.Interaction) -> None:
        row = await self.service.find(self._channel_id(interaction))
        await self.on_board(interaction, row.id, "log")

    @table.command(name="board", description=_T("Post the game board again at the bottom"))
    async def board(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self._board)

    async def _board(self, interaction: discord.Interaction) -> None:
        row = await self.service.find(self._channel_id(interaction))
        loaded = await self.service.load_any(row.id)
        await self.answer(interaction, say(user_tr(interaction), "board_posted"))
        await self.presenter.post_board(loaded.row, loaded.state)

    @table.command(name="rules", description=_T("A quick reference of the rules"))
    @app_commands.describe(game=_T("Which game (default: the one in this channel)"))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, self._rules, game)

    async def _rules(self, interaction: discord.Interaction, game: str | None) -> None:
        if game is None:
            try:
                game = (await self.service.find(self._channel_id(interaction))).game
            except Refusal:
                game = next(iter(FRONTS))
        self.service.game(game)
        front = get_front(game)
        panel = front.rules(Ctx((), user_tr(interaction, front.domain)))
        await self._send(interaction, Drawn(embed_of(panel), None, panel.image))

    @table.command(name="end", description=_T("End this game (host or moderator)"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self._end)

    async def _end(self, interaction: discord.Interaction) -> None:
        tr = user_tr(interaction)
        try:
            row = await self.service.find(self._channel_id(interaction))
        except Refusal as refusal:
            if refusal.code != "corrupt":
                raise
            # A damaged game is closed at once: there is nothing to confirm it against.
            await self.service.end(
                self._channel_id(interaction), interaction.user.id, moderator(interaction)
            )
            return
        if row.status not in ("lobby", "active"):
            raise Refusal("game_over")
        if row.options.challenge_day and interaction.user.id != row.host_id:
            raise Refusal("challenge_private")
        if interaction.user.id != row.host_id and not moderator(interaction):
            raise Refusal("end_denied")
        view = items_view(
            EndButton(row.id, "yes", say(tr, "end_yes"), discord.ButtonStyle.danger),
            EndButton(row.id, "no", say(tr, "end_no")),
        )
        await interaction.response.send_message(say(tr, "end_confirm"), view=view, ephemeral=True)
        self._timed(interaction)

    @table.command(
        name="language", description=_T("The language of this server's tables (server admins)")
    )
    @app_commands.describe(language=_T("Which language public messages speak"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await self.run(interaction, self._language, language)

    async def _language(self, interaction: discord.Interaction, language: str) -> None:
        if interaction.guild_id is None:
            raise Refusal("wrong_channel")
        if not interaction.permissions.manage_guild:
            raise Refusal("language_denied")
        if language != "auto" and language not in LANGUAGES:
            raise Refusal("bad_button")
        chosen = None if language == "auto" else language
        await self.service.set_server_language(interaction.guild_id, chosen)
        shown = chosen or _guild_locale(interaction)
        tr = translator(shown, "table")
        await self.answer(interaction, say(tr, "language_set", language=LANGUAGES[tr.language]))

    @table.command(name="autopilot", description=_T("Play a seat's moves automatically"))
    @app_commands.describe(player=_T("Whose seat"), on=_T("On (default) or off"))
    async def autopilot(
        self, interaction: discord.Interaction, player: discord.User, on: bool = True
    ) -> None:
        await self.run(interaction, self._autopilot, player, on)

    async def _autopilot(
        self, interaction: discord.Interaction, player: discord.User, on: bool
    ) -> None:
        await interaction.response.defer(ephemeral=True)
        self._timed(interaction)
        row = await self.service.find(self._channel_id(interaction))
        outcome = await self.service.set_autopilot(
            row.id, interaction.user.id, moderator(interaction), player.id, on
        )
        assert outcome.notice is not None
        key, fields = outcome.notice
        await interaction.followup.send(say(user_tr(interaction), key, **fields), ephemeral=True)
        await self.presenter.publish(outcome)

    # --- the components ------------------------------------------------------------------------

    def _here(self, interaction: discord.Interaction, row: GameRow) -> None:
        check_channel(row, interaction.channel_id)

    async def on_unknown(self, interaction: discord.Interaction, key: str) -> None:
        await self.answer(interaction, say(user_tr(interaction), key))

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        user = interaction.user
        row = await self.service.row(game_id)
        self._here(interaction, row)
        gtr = translator(row.locale, "table")
        if op == "start":
            outcome = await self.service.start(game_id, user.id)
            await interaction.response.edit_message(**lobby_drawn(outcome.row, gtr).edit())
            self._timed(interaction)
            await self.presenter.publish(outcome)
            return
        if op == "join":
            row = await self.service.join(game_id, user.id, user.display_name)
        elif op == "leave":
            row = await self.service.leave(game_id, user.id)
        elif op == "ai":
            n = sum(1 for s in row.seats if s.is_ai) + 1
            row = await self.service.add_ai(game_id, user.id, say(gtr, "ai_name", n=n))
        elif op == "drop":
            row = await self.service.remove_ai(game_id, user.id)
        else:
            row = await self.service.cancel(game_id, user.id)
        await interaction.response.edit_message(**lobby_drawn(row, gtr).edit())
        self._timed(interaction)
        await self.service.set_messages(row)

    async def on_option(self, interaction: discord.Interaction, game_id: int, key: str) -> None:
        row = await self.service.row(game_id)
        self._here(interaction, row)
        spec = option_spec(row.game, key)
        if spec is None:
            raise Refusal("bad_button")
        row = await self.service.cycle_option(
            game_id, interaction.user.id, key, [v for _, v in spec.values]
        )
        await interaction.response.edit_message(
            **lobby_drawn(row, translator(row.locale, "table")).edit()
        )
        self._timed(interaction)
        await self.service.set_messages(row)

    async def on_board(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        loaded = await self.service.load_any(game_id)
        row = loaded.row
        self._here(interaction, row)
        seat = row.seat_of(interaction.user.id)
        if op == "log":
            await self._send(interaction, await self._log_drawn(interaction, loaded, seat))
            return
        if seat is None:
            raise Refusal("not_seated")
        if op == "mine":
            front = get_front(row.game)
            ctx = self._ctx(interaction, loaded, seat)
            panel = await off_loop(front.private, loaded.game.view(loaded.state, seat), seat, ctx)
            await self._send(interaction, Drawn(embed_of(panel), None, panel.image))
            return
        if row.status != "active":
            raise Refusal("game_over")
        await self._send(interaction, await self._prompt(interaction, loaded, seat))
        self.presenter.prompt_opened(
            row.id, interaction.user.id, interaction.edit_original_response, _locale(interaction)
        )

    async def on_public(
        self, interaction: discord.Interaction, game_id: int, token: str, action: str
    ) -> None:
        """A public choice (a die on a roll): it applies for the clicker; the public message
        is edited in the same response, and the clicker's next decision follows privately."""
        await interaction.response.defer()
        self._timed(interaction)
        try:
            outcome = await self.service.act(
                game_id,
                interaction.user.id,
                action,
                token=token,
                public=True,
                channel=interaction.channel_id,
            )
        except Refusal as refusal:
            if not refusal.stale:
                raise
            await self.answer(interaction, await self.refusal_text(interaction, refusal))
            return
        row, state = outcome.row, outcome.state
        rules, front = self.service.game(row.game), get_front(row.game)
        step = (
            None
            if outcome.finished
            else front.public_step(
                rules.view(state, None), self.presenter.context(row, rules, state, front, None)
            )
        )
        edited = False
        if step is not None and step.key == self.presenter.shown_step_key(row.id):
            drawn = draw_public(
                step, row.id, rules.token(state, None), translator(row.locale, "table")
            )
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(**drawn.edit())
                edited = True
        seat = row.seat_of(interaction.user.id)
        if seat is not None and seat in rules.to_act(state):
            drawn = await self._prompt(interaction, Loaded(row, rules, state), seat)
            sent = await interaction.followup.send(ephemeral=True, wait=True, **drawn.send())
            self.presenter.prompt_opened(
                row.id, interaction.user.id, sent.edit, _locale(interaction)
            )
        await self.presenter.publish(outcome, step_edited=edited)

    async def on_prompt(
        self, interaction: discord.Interaction, game_id: int, token: str, action: str
    ) -> None:
        """A prompt's choice. The answer replaces the prompt with the next one in the same
        response (one request, and the player sees the next decision at once). Should the
        move take longer than ANSWER_WITHIN, the click is deferred first, so Discord's
        3-second rule holds even on a busy bot."""
        if not action:
            raise Refusal("bad_button")
        work = asyncio.ensure_future(
            self.service.act(
                game_id, interaction.user.id, action, token=token, channel=interaction.channel_id
            )
        )
        done, _ = await asyncio.wait({work}, timeout=ANSWER_WITHIN)
        if not done:
            await interaction.response.defer()
            self._timed(interaction)
        try:
            outcome = await work
        except Refusal as refusal:
            if not refusal.stale:
                raise
            loaded = await self.service.load_game(game_id)
            self._here(interaction, loaded.row)
            seat = loaded.row.seat_of(interaction.user.id)
            if seat is None:
                raise
            note = await self.refusal_text(interaction, refusal)
            await self._update_prompt(interaction, loaded, seat, note)
            return
        seat = outcome.row.seat_of(interaction.user.id)
        assert seat is not None
        loaded = Loaded(outcome.row, self.service.game(outcome.row.game), outcome.state)
        await self._update_prompt(interaction, loaded, seat)
        await self.presenter.publish(outcome)

    async def on_end(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        tr = user_tr(interaction)
        if op == "no":
            await interaction.response.edit_message(content=say(tr, "end_kept"), view=None)
            self._timed(interaction)
            return
        row = await self.service.row(game_id)
        self._here(interaction, row)
        outcome = await self.service.end(
            row.channel_id, interaction.user.id, moderator(interaction)
        )
        name = interaction.user.display_name
        await interaction.response.edit_message(content=say(tr, "ended", name=name), view=None)
        self._timed(interaction)
        await self.presenter.close(outcome, name)

    async def on_again(self, interaction: discord.Interaction, game_id: int) -> None:
        """Final scores' Play again: the same seats at a new table (a new solo game at once)."""
        old = await self.service.row(game_id)
        self._here(interaction, old)
        await interaction.response.defer(ephemeral=True)
        self._timed(interaction)
        tr = user_tr(interaction)
        gtr = translator(old.locale, "table")
        front = get_front(old.game)
        parent = self.bot.get_channel(old.parent_id) if old.parent_id else None
        where: dict[str, Any] = dict(guild_id=old.guild_id, locale=old.locale)
        if old.options.solo:
            if old.options.challenge_day:
                raise Refusal("challenge_once")
            channel: Any = interaction.channel
            if isinstance(parent, discord.TextChannel):
                title = front.title(gtr.domain_of(old.game))
                name = say(gtr, "solo_thread_name", game=title, host=interaction.user.display_name)
                channel = await parent.create_thread(
                    name=name[:100], type=discord.ChannelType.public_thread
                )
            seat = old.seat_of(interaction.user.id)
            if seat is None:
                raise Refusal("not_seated")
            outcome = await self.service.start_solo(
                old.game,
                channel_id=channel.id,
                parent_id=parent.id if parent is not None else None,
                host_id=interaction.user.id,
                host_name=old.seats[seat].name,
                **where,
            )
            await self.presenter.publish(outcome)
            await interaction.followup.send(
                say(tr, "started_solo", channel=channel.mention), ephemeral=True
            )
            return
        if isinstance(parent, discord.TextChannel):
            message = await parent.send(embed=embed(say(gtr, "lobby_opening")))
            title = front.title(gtr.domain_of(old.game))
            name = say(gtr, "thread_name", game=title, host=interaction.user.display_name)
            thread = await message.create_thread(name=name[:100])
            row = await self.service.play_again(
                game_id,
                interaction.user.id,
                channel_id=thread.id,
                parent_id=parent.id,
                lobby_message_id=message.id,
                **where,
            )
            where_text = thread.mention
        else:
            row = await self.service.play_again(
                game_id, interaction.user.id, channel_id=old.channel_id, parent_id=None, **where
            )
            where_text = f"<#{old.channel_id}>"
        await self.presenter.show_lobby(row)
        await interaction.followup.send(say(tr, "opened_here", channel=where_text), ephemeral=True)

    # --- drawing for one user -------------------------------------------------------------------

    def _ctx(self, interaction: discord.Interaction, loaded: Loaded, seat: int | None) -> Ctx:
        return table_ctx(loaded.row, loaded.game, loaded.state, seat, _locale(interaction))

    async def _prompt(self, interaction: discord.Interaction, loaded: Loaded, seat: int) -> Drawn:
        """The seat's decision, drawn off the event loop: a picture takes milliseconds, most of
        them in Pillow code that lets other interactions go on meanwhile."""
        drawn, _ = await off_loop(
            prompt_drawn, loaded.row, loaded.game, loaded.state, seat, _locale(interaction)
        )
        return drawn

    async def _update_prompt(
        self, interaction: discord.Interaction, loaded: Loaded, seat: int, note: str | None = None
    ) -> None:
        """Show the seat's current decision in place of the prompt that was clicked."""
        drawn = await self._prompt(interaction, loaded, seat)
        fields = {**drawn.edit(), "content": note}
        if interaction.response.is_done():
            await interaction.edit_original_response(**fields)
        else:
            await interaction.response.edit_message(**fields)
            self._timed(interaction)
        self.presenter.prompt_opened(
            loaded.row.id,
            interaction.user.id,
            interaction.edit_original_response,
            _locale(interaction),
        )

    async def _log_drawn(
        self, interaction: discord.Interaction, loaded: Loaded, seat: int | None
    ) -> Drawn:
        tr = user_tr(interaction)
        events, complete = await self.service.history(loaded.row)
        ctx = self._ctx(interaction, loaded, seat)
        front = get_front(loaded.row.game)
        lines = [line for e in visible_events(events, seat) if (line := front.event(e, ctx))]
        lines = lines[-LOG_LINES:]
        if not complete:
            lines.append(say(tr, "log_broken"))
        body = lines or [say(tr, "log_empty")]
        while len("\n".join(body)) > 4000:
            body = body[1:]
        return Drawn(embed(say(tr, "log_title"), body), None)

    # --- helpers -------------------------------------------------------------------------------

    async def _publish_scheduled(self, outcome: Outcome) -> None:
        if outcome.reminder is not None:
            # Discord words the time in each reader's language: "in 6 hours", "in 6 Stunden"
            deadline = int(outcome.row.deadline_at or self.service.clock())
            await self.presenter.ping(
                outcome.row, outcome.ping, outcome.reminder, when=f"<t:{deadline}:R>"
            )
            return
        await self.presenter.publish(outcome)

    @staticmethod
    def _channel_id(interaction: discord.Interaction) -> int:
        if interaction.channel_id is None:
            raise Refusal("wrong_channel")
        return interaction.channel_id


async def setup(bot: FleetBot) -> None:
    await bot.add_cog(TableCog(bot))


__all__ = ["Panel", "TableCog"]
