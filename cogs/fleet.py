"""/fleet commands and every Fleet button: parse, call the table service, show the result.

Thin by design: rules live in the engine, the load-check-apply-save flow in bot.service,
and what a message looks like in bot.embeds.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import challenge
from bot.catalog import say
from bot.custom_ids import CustomId
from bot.embeds import (
    RULES_TEXT,
    embed,
    lobby_embed,
    log_embed,
    prompt_embed,
    roll_text,
    sheet_embed,
)
from bot.scheduler import Scheduler
from bot.service import Outcome, Refusal, TableService
from bot.storage import GameRow, TableOptions
from cogs.presenter import Presenter
from cogs.views import FleetButton, FleetSelect, dice_view, end_view, lobby_view, prompt_view
from engine.fleet_dice.state import RUTH, FleetState

if TYPE_CHECKING:
    from bot.app import FleetBot

log = logging.getLogger(__name__)

DEADLINES = [
    app_commands.Choice(name="off", value=0),
    app_commands.Choice(name="1 hour", value=1),
    app_commands.Choice(name="12 hours", value=12),
    app_commands.Choice(name="24 hours", value=24),
    app_commands.Choice(name="72 hours", value=72),
]


class Fleet(commands.GroupCog, group_name="fleet", group_description="Play Fleet: The Dice Game"):
    def __init__(self, bot: FleetBot) -> None:
        self.bot = bot
        self.service: TableService = bot.service
        self.presenter = Presenter(bot, self.service)
        self.scheduler = Scheduler(self.service, self._publish_scheduled, bot.settings.tick_seconds)
        self.response_times: list[float] = []
        """Seconds from receiving each interaction to its first response (for figures)."""

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(FleetButton, FleetSelect)
        if self.bot.settings.run_scheduler:
            self.scheduler.start()

    async def cog_unload(self) -> None:
        await self.scheduler.stop()

    # --- commands ------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a table for 2-4 players")
    @app_commands.describe(
        here="Play in this channel instead of a new thread",
        captains="Deal captain cards",
        trophies="Play with gold and silver trophies",
        deadline="Turn deadline: after it, the default move is played",
    )
    @app_commands.choices(deadline=DEADLINES)
    async def new(
        self,
        interaction: discord.Interaction,
        here: bool = False,
        captains: bool = False,
        trophies: bool = False,
        deadline: int = 0,
    ) -> None:
        started = time.perf_counter()
        await interaction.response.defer(ephemeral=True)
        self._timed(started)
        options = TableOptions(captains=captains, trophies=trophies, turn_hours=deadline)
        try:
            channel, row = await self._open_table(interaction, here, options)
        except Refusal as exc:
            await interaction.followup.send(exc.message, ephemeral=True)
            return
        await channel.send(embed=lobby_embed(row), view=lobby_view(row))
        await interaction.followup.send(say("opened_here", channel=channel.mention), ephemeral=True)

    @app_commands.command(name="solo", description="Play solo against Captain Ruth")
    @app_commands.describe(here="Play in this channel instead of a new thread")
    async def solo(
        self,
        interaction: discord.Interaction,
        here: bool = False,
        captains: bool = False,
        trophies: bool = False,
    ) -> None:
        started = time.perf_counter()
        await interaction.response.defer(ephemeral=True)
        self._timed(started)
        options = TableOptions(captains=captains, trophies=trophies, solo=True)
        try:
            channel, row = await self._open_table(interaction, here, options)
            outcome = await self.service.start(row.id, interaction.user.id)
        except Refusal as exc:
            await interaction.followup.send(exc.message, ephemeral=True)
            return
        await self.presenter.publish(outcome)
        await interaction.followup.send(
            say("started_solo", channel=channel.mention), ephemeral=True
        )

    @app_commands.command(name="challenge", description="Today's solo challenge: same dice for all")
    @app_commands.describe(dm="Play in direct messages instead of a private thread")
    async def challenge_(self, interaction: discord.Interaction, dm: bool = False) -> None:
        started = time.perf_counter()
        await interaction.response.defer(ephemeral=True)
        self._timed(started)
        number = challenge.number(challenge.day_of(self.service.clock()))
        name = interaction.user.display_name
        try:
            await self.service.check_challenge_open(interaction.user.id)
            if dm:
                channel: Any = await interaction.user.create_dm()
            elif isinstance(interaction.channel, discord.TextChannel):
                channel = await interaction.channel.create_thread(
                    name=say("challenge_thread", number=number, name=name)[:100],
                    type=discord.ChannelType.private_thread,
                    invitable=False,
                )
                await channel.add_user(interaction.user)
            else:
                raise Refusal(say("wrong_channel"))
            outcome = await self.service.start_challenge(
                channel_id=channel.id,
                guild_id=interaction.guild_id,
                parent_id=interaction.channel_id,
                user_id=interaction.user.id,
                name=name,
                secret=await self._secret(),
            )
        except Refusal as exc:
            await interaction.followup.send(exc.message, ephemeral=True)
            return
        await self.presenter.publish(outcome)
        text = say(
            "challenge_started", number=number, channel=channel.jump_url if dm else channel.mention
        )
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="leaderboard", description="Best daily-challenge scores")
    @app_commands.describe(scope="This server or everyone", period="Which days")
    @app_commands.choices(
        scope=[app_commands.Choice(name=n, value=n) for n in ("server", "global")],
        period=[app_commands.Choice(name=n, value=n) for n in challenge.PERIODS],
    )
    async def leaderboard(
        self, interaction: discord.Interaction, scope: str = "server", period: str = "today"
    ) -> None:
        started = time.perf_counter()
        first, last = challenge.period_days(period, challenge.day_of(self.service.clock()))
        guild = interaction.guild_id if scope == "server" else None
        entries = await self.service.repo.leaderboard(first, last, guild)
        lines = [
            say("leaderboard_line", rank=i + 1, user=e.user_id, score=e.score, title=e.title or "")
            for i, e in enumerate(entries)
        ]
        body = "\n".join(lines) or say("leaderboard_empty")
        title = say("leaderboard_title", scope=scope, period=period)
        await interaction.response.send_message(embed=embed(title, body))
        self._timed(started)

    @app_commands.command(name="stats", description="A player's Fleet record")
    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        started = time.perf_counter()
        who = player or interaction.user
        s = await self.service.repo.user_stats(who.id)
        today = challenge.day_of(self.service.clock())
        titles = ", ".join(f"{t} ×{n}" for t, n in sorted(s.titles.items()))
        body = say(
            "stats_body",
            games=s.games,
            wins=s.wins,
            best=s.best_solo if s.best_solo is not None else say("stats_none"),
            mean=s.mean_solo if s.mean_solo is not None else say("stats_none"),
            streak=challenge.streak(s.challenge_days, today),
            titles=titles,
        )
        await interaction.response.send_message(
            embed=embed(say("stats_title", name=who.display_name), body), ephemeral=True
        )
        self._timed(started)

    @app_commands.command(name="board", description="Post the game board again at the bottom")
    async def board(self, interaction: discord.Interaction) -> None:
        started = time.perf_counter()
        try:
            row, state = await self._channel_game(interaction)
        except Refusal as exc:
            await self._refuse(interaction, exc, started)
            return
        await interaction.response.send_message("📋", ephemeral=True)
        self._timed(started)
        await self.presenter.post_board(row, state)

    @app_commands.command(name="act", description="Show your pending decision")
    async def act(self, interaction: discord.Interaction) -> None:
        started = time.perf_counter()
        try:
            row, state = await self._channel_game(interaction)
            await self._send_prompt(interaction, row, state, started)
        except Refusal as exc:
            await self._refuse(interaction, exc, started)

    @app_commands.command(name="sheet", description="Show a player's sheet (only you see it)")
    @app_commands.describe(player="Whose sheet (default: yours)")
    async def sheet(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        started = time.perf_counter()
        try:
            row, state = await self._channel_game(interaction, finished_ok=True)
            seat = row.seat_of((player or interaction.user).id)
            if seat is None:
                raise Refusal(say("no_such_player") if player else say("not_seated"))
            embed = sheet_embed(self.service.game, row, state, seat)
        except Refusal as exc:
            await self._refuse(interaction, exc, started)
            return
        await interaction.response.send_message(embed=embed, ephemeral=True)
        self._timed(started)

    @app_commands.command(name="log", description="The last moves of this game")
    async def log_(self, interaction: discord.Interaction) -> None:
        started = time.perf_counter()
        try:
            row, _ = await self._channel_game(interaction, finished_ok=True)
            lines = await self.service.log_lines(row)
        except Refusal as exc:
            await self._refuse(interaction, exc, started)
            return
        await interaction.response.send_message(embed=log_embed(lines), ephemeral=True)
        self._timed(started)

    @app_commands.command(name="rules", description="A quick reference of the rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        started = time.perf_counter()
        await interaction.response.send_message(RULES_TEXT, ephemeral=True)
        self._timed(started)

    @app_commands.command(name="end", description="End this game (host or moderator)")
    async def end(self, interaction: discord.Interaction) -> None:
        started = time.perf_counter()
        try:
            row = await self.service.find(self._channel_id(interaction))
            if row.status not in ("lobby", "active"):
                raise Refusal(say("game_over"))
            if interaction.user.id != row.host_id and not self._moderator(interaction):
                raise Refusal(say("end_denied"))
        except Refusal as exc:
            await self._refuse(interaction, exc, started)
            return
        await interaction.response.send_message(
            say("end_confirm"), view=end_view(row), ephemeral=True
        )
        self._timed(started)

    @app_commands.command(name="autopilot", description="Play a seat's moves automatically")
    @app_commands.describe(player="Whose seat", on="On (default) or off")
    async def autopilot(
        self, interaction: discord.Interaction, player: discord.User, on: bool = True
    ) -> None:
        started = time.perf_counter()
        await interaction.response.defer(ephemeral=True)
        self._timed(started)
        try:
            row = await self.service.find(self._channel_id(interaction))
            outcome = await self.service.set_autopilot(
                row.id, interaction.user.id, self._moderator(interaction), player.id, on
            )
        except Refusal as exc:
            await interaction.followup.send(exc.message, ephemeral=True)
            return
        await interaction.followup.send(outcome.notice or "", ephemeral=True)
        await self.presenter.publish(outcome)

    # --- components ----------------------------------------------------------------------------

    async def on_component(
        self, interaction: discord.Interaction, cid: CustomId | None, value: str | None
    ) -> None:
        started = time.perf_counter()
        if cid is None:
            await self._refuse(interaction, Refusal(say("bad_button")), started)
            return
        try:
            if cid.kind == "lobby":
                await self._lobby(interaction, cid, started)
            elif cid.kind == "board":
                await self._board(interaction, cid, started)
            elif cid.kind == "die":
                await self._die(interaction, cid, started)
            elif cid.kind in ("do", "sel"):
                text = cid.fields[1] if cid.kind == "do" else value
                if not text:
                    raise Refusal(say("bad_button"))
                await self._do(interaction, cid, text, started)
            elif cid.kind == "end":
                await self._end(interaction, cid, started)
        except Refusal as exc:
            await self._refuse(interaction, exc, started)

    async def _lobby(self, interaction: discord.Interaction, cid: CustomId, started: float) -> None:
        op, user = cid.fields[0], interaction.user
        if op == "start":
            outcome = await self.service.start(cid.game_id, user.id)
            await interaction.response.edit_message(
                content=say("lobby_started"), embed=lobby_embed(outcome.row), view=None
            )
            self._timed(started)
            await self.presenter.publish(outcome)
            return
        if op == "join":
            row = await self.service.join(cid.game_id, user.id, user.display_name)
        elif op == "leave":
            row = await self.service.leave(cid.game_id, user.id)
        elif op == "ai":
            row = await self.service.add_ai(cid.game_id, user.id)
        else:
            row = await self.service.cancel(cid.game_id, user.id)
            text = say("lobby_cancelled", name=user.display_name)
            await interaction.response.edit_message(content=text, embed=lobby_embed(row), view=None)
            self._timed(started)
            return
        await interaction.response.edit_message(embed=lobby_embed(row), view=lobby_view(row))
        self._timed(started)

    async def _board(self, interaction: discord.Interaction, cid: CustomId, started: float) -> None:
        op = cid.fields[0]
        row, state = await self.service.load_any(cid.game_id)
        if state is None:
            raise Refusal(say("not_started"))
        if op == "act":
            if row.status != "active":
                raise Refusal(say("game_over"))
            await self._send_prompt(interaction, row, state, started)
        elif op == "sheet":
            seat = row.seat_of(interaction.user.id)
            if seat is None:
                raise Refusal(say("not_seated"))
            embed = sheet_embed(self.service.game, row, state, seat)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            self._timed(started)
        else:
            lines = await self.service.log_lines(row)
            await interaction.response.send_message(embed=log_embed(lines), ephemeral=True)
            self._timed(started)

    async def _die(self, interaction: discord.Interaction, cid: CustomId, started: float) -> None:
        tag, face_name = cid.fields
        row, state = await self.service.load_game(cid.game_id)
        seat = row.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(say("not_seated"))
        picker = self.service.game.picker(state)
        if picker is not None and picker != seat:
            name = say("captain_ruth") if picker == RUTH else row.seats[picker].name
            raise Refusal(say("not_your_pick", name=name))
        await interaction.response.defer()
        self._timed(started)
        try:
            outcome = await self.service.act(
                cid.game_id, interaction.user.id, f"pick {face_name}", die_phase=tag
            )
        except Refusal as exc:
            await interaction.followup.send(exc.message, ephemeral=True)
            return
        assert outcome.state is not None
        if not outcome.new_roll:
            view = None if outcome.finished else dice_view(outcome.row, outcome.state)
            await interaction.edit_original_response(
                content=roll_text(outcome.state, outcome.row), view=view
            )
        await self._followup_prompt(interaction, outcome.row, outcome.state, seat)
        await self.presenter.publish(outcome, roll_edited=not outcome.new_roll)

    async def _do(
        self, interaction: discord.Interaction, cid: CustomId, text: str, started: float
    ) -> None:
        """A prompt's choice. The answer replaces the prompt with the next one in the same
        response (one request, and the player sees the next decision at once). Should the game
        take longer than ANSWER_WITHIN to apply, the click is deferred first, so Discord's
        3-second rule holds even on a busy bot."""
        acted = int(cid.fields[0])
        work = asyncio.ensure_future(
            self.service.act(cid.game_id, interaction.user.id, text, acted=acted)
        )
        done, _ = await asyncio.wait({work}, timeout=ANSWER_WITHIN)
        if not done:
            await interaction.response.defer()
            self._timed(started)
        try:
            outcome = await work
        except Refusal as exc:
            if exc.stale:
                row, state = await self.service.load_game(cid.game_id)
                seat = row.seat_of(interaction.user.id)
                if seat is not None:
                    await self._update_prompt(interaction, row, state, seat, started, exc.message)
                    return
            raise
        assert outcome.state is not None
        seat = outcome.row.seat_of(interaction.user.id)
        assert seat is not None
        await self._update_prompt(interaction, outcome.row, outcome.state, seat, started)
        await self.presenter.publish(outcome)

    async def _end(self, interaction: discord.Interaction, cid: CustomId, started: float) -> None:
        if cid.fields[0] == "no":
            await interaction.response.edit_message(content=say("end_kept"), view=None)
            self._timed(started)
            return
        row = await self.service.end(cid.game_id, interaction.user.id, self._moderator(interaction))
        await interaction.response.edit_message(
            content=say("ended", name=interaction.user.display_name), view=None
        )
        self._timed(started)
        await self.presenter.close(row, say("ended", name=interaction.user.display_name))

    # --- helpers -------------------------------------------------------------------------------

    async def _secret(self) -> str:
        configured = self.bot.settings.challenge_secret
        if configured is not None and configured.get_secret_value():
            return configured.get_secret_value()
        return await self.service.repo.meta("challenge_secret", secrets.token_hex(32))

    async def _publish_scheduled(self, outcome: Outcome) -> None:
        if outcome.reminder is not None:
            await self.presenter.ping(outcome.row, outcome.ping, outcome.reminder)
            return
        await self.presenter.publish(outcome)

    async def _send_prompt(
        self, interaction: discord.Interaction, row: GameRow, state: FleetState, started: float
    ) -> None:
        seat = row.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(say("not_seated"))
        embed, view = self._prompt(row, state, seat)
        if view is None:
            await interaction.response.send_message(embed=embed, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        self._timed(started)

    async def _followup_prompt(
        self, interaction: discord.Interaction, row: GameRow, state: FleetState, seat: int
    ) -> None:
        embed, view = self._prompt(row, state, seat)
        if view is None:
            await interaction.followup.send(embed=embed, ephemeral=True)
        else:
            await interaction.followup.send(embed=embed, view=view, ephemeral=True)

    async def _update_prompt(
        self,
        interaction: discord.Interaction,
        row: GameRow,
        state: FleetState,
        seat: int,
        started: float,
        note: str | None = None,
    ) -> None:
        """Show the seat's current decision in place of the prompt that was clicked."""
        embed, view = self._prompt(row, state, seat)
        if interaction.response.is_done():
            await interaction.edit_original_response(content=note, embed=embed, view=view)
            return
        await interaction.response.edit_message(content=note, embed=embed, view=view)
        self._timed(started)

    def _prompt(
        self, row: GameRow, state: FleetState, seat: int
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        game = self.service.game
        embed = prompt_embed(game, row, state, seat)
        actions = [a.text for a in game.legal_actions(state, seat)]
        return embed, prompt_view(row, state, seat, actions) if actions else None

    async def _channel_game(
        self, interaction: discord.Interaction, finished_ok: bool = False
    ) -> tuple[GameRow, FleetState]:
        row = await self.service.find(self._channel_id(interaction))
        if finished_ok:
            found, state = await self.service.load_any(row.id)
            if state is None:
                raise Refusal(say("not_started"))
            return found, state
        return await self.service.load_game(row.id)

    async def _open_table(
        self, interaction: discord.Interaction, here: bool, options: TableOptions
    ) -> tuple[Any, GameRow]:
        """Open a table in a new thread (or here) for the user who typed the command."""
        channel, parent = await self._table_channel(interaction, here, options.solo)
        row = await self.service.open_table(
            channel_id=channel.id,
            guild_id=interaction.guild_id,
            parent_id=parent,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            options=options,
        )
        return channel, row

    async def _table_channel(
        self, interaction: discord.Interaction, here: bool, solo: bool
    ) -> tuple[Any, int | None]:
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            raise Refusal(say("wrong_channel"))
        if here or isinstance(channel, discord.Thread):
            return channel, None
        if not isinstance(channel, discord.TextChannel):
            raise Refusal(say("wrong_channel"))
        key = "solo_thread_name" if solo else "thread_name"
        name = say(key, host=interaction.user.display_name)[:100]
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        return thread, channel.id

    @staticmethod
    def _channel_id(interaction: discord.Interaction) -> int:
        if interaction.channel_id is None:
            raise Refusal(say("wrong_channel"))
        return interaction.channel_id

    @staticmethod
    def _moderator(interaction: discord.Interaction) -> bool:
        return bool(interaction.permissions.manage_threads)

    async def _refuse(self, interaction: discord.Interaction, exc: Refusal, started: float) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(exc.message, ephemeral=True)
        else:
            await interaction.response.send_message(exc.message, ephemeral=True)
            self._timed(started)

    def _timed(self, started: float) -> None:
        self.response_times.append(time.perf_counter() - started)


ANSWER_WITHIN = 1.5
"""Seconds a prompt click may take before it is deferred (Discord allows 3 for an answer)."""


async def setup(bot: FleetBot) -> None:
    await bot.add_cog(Fleet(bot))
