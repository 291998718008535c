"""/table commands: open a lobby or a solo game, show your decision, sheet or hand, the log,
the board again, a quick reference; take back your last move; end a game, choose the server's
language, put a seat on autopilot. Each is one `TableService` call; what a reader may see
comes from `bot.reading`, the buttons' handlers from `cogs.clicks` (the bot's `clicks`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.fronts import FRONTS, get_front
from bot.fronts.base import Ctx
from bot.i18n import LANGUAGES, translator
from bot.reading import Reading
from bot.refusals import Damaged, DamagedClosed, Refusal
from bot.service import may_end
from bot.storage import DEADLINE_HOURS, GameRow, TableOptions
from bot.words import say
from cogs import answering, places
from cogs.answering import channel_id, guild_locale, locale_of, moderator, run, user_tr
from cogs.clicks import ClickHandler
from cogs.components import BoardButton, EndButton
from cogs.panels import Drawn, embed, embed_of, items_view
from cogs.presenter import Presenter
from cogs.translator import _T
from engine.games import get_game

if TYPE_CHECKING:
    from bot.app import FleetBot


def game_choices(solo: bool = False) -> list[app_commands.Choice[str]]:
    """Every registered game (with a solo mode, for /table solo), by its English name."""
    out = []
    for game_id in FRONTS:
        if solo and get_game(game_id).min_seats > 1:
            continue
        name = get_front(game_id).title(translator(None, game_id))
        out.append(app_commands.Choice(name=name, value=game_id))
    return out


DEADLINES = [
    app_commands.Choice(name=_T("off"), value=0),
    app_commands.Choice(name=_T("1 hour"), value=1),
    app_commands.Choice(name=_T("12 hours"), value=12),
    app_commands.Choice(name=_T("24 hours"), value=24),
    app_commands.Choice(name=_T("72 hours"), value=72),
]

TURNS_SHOWN = 20
"""Tables listed by /table turns (a button each: four rows of five)."""

LANGUAGE_CHOICES = [
    app_commands.Choice(name=_T("the server's own language"), value="auto"),
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
]


def server_admin(interaction: discord.Interaction, denied: str) -> int:
    """The server of a setting only its admins change (refused in DMs, and to anyone who
    cannot manage the server, with `denied`'s words)."""
    if interaction.guild_id is None:
        raise Refusal("wrong_channel")
    if not interaction.permissions.manage_guild:
        raise Refusal(denied)
    return interaction.guild_id


class TableCommands(commands.Cog, name="Table"):
    table = app_commands.Group(name="table", description=_T("Board games in this channel"))

    def __init__(self, bot: FleetBot, presenter: Presenter, clicks: ClickHandler) -> None:
        self.bot = bot
        self.service = bot.service
        self.presenter = presenter
        self.clicks = clicks

    @table.command(name="new", description=_T("Open a table for a game in a new thread (or here)"))
    @app_commands.describe(
        game=_T("Which game"),
        here=_T("Play in this channel instead of a new thread"),
        deadline=_T("Turn deadline: after it, the default move is played"),
    )
    @app_commands.choices(game=game_choices())
    @app_commands.choices(deadline=DEADLINES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        here: bool = False,
        deadline: int = 0,
    ) -> None:
        await run(interaction, self._new, game, here, deadline)

    async def _new(
        self, interaction: discord.Interaction, game: str, here: bool, deadline: int
    ) -> None:
        """A lobby: posted in the channel, with the table's thread opened from it (or, with
        `here` or inside a thread, in this channel)."""
        await answering.defer(interaction)
        if deadline not in DEADLINE_HOURS:
            raise Refusal("bad_deadline")
        self.service.game(game)
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            raise Refusal("wrong_channel")
        if not here and not isinstance(channel, discord.TextChannel | discord.Thread):
            raise Refusal("wrong_channel")
        locale = await self.service.public_locale(interaction.guild_id, guild_locale(interaction))
        host = interaction.user

        async def create(channel_id: int, parent_id: int | None, lobby: int | None) -> GameRow:
            return await self.service.open_table(
                game=game,
                channel_id=channel_id,
                parent_id=parent_id,
                lobby_message_id=lobby,
                guild_id=interaction.guild_id,
                host_id=host.id,
                host_name=host.display_name,
                options=TableOptions(turn_hours=deadline),
                locale=locale,
            )

        box = self.presenter.outbox(channel.id, interaction.guild_id)
        row = await places.open_lobby(channel, game, locale, host.display_name, create, here, box)
        await self.presenter.show_lobby(row)
        text = say(user_tr(interaction), "opened_here", channel=f"<#{row.channel_id}>")
        await answering.answer(interaction, text)

    @table.command(name="solo", description=_T("Play a game alone, started at once"))
    @app_commands.describe(
        game=_T("Which game"), here=_T("Play in this channel instead of a new thread")
    )
    @app_commands.choices(game=game_choices(solo=True))
    async def solo(self, interaction: discord.Interaction, game: str, here: bool = False) -> None:
        await run(interaction, self._solo, game, here)

    async def _solo(self, interaction: discord.Interaction, game: str, here: bool) -> None:
        await answering.defer(interaction)
        rules = self.service.game(game)
        if rules.min_seats > 1:
            raise Refusal("no_solo", game=game)
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            raise Refusal("wrong_channel")
        locale = await self.service.public_locale(interaction.guild_id, guild_locale(interaction))
        parent = None
        host = interaction.user.display_name
        if not here and not isinstance(channel, discord.Thread):
            if not isinstance(channel, discord.TextChannel):
                raise Refusal("wrong_channel")
            parent = channel.id
            channel = await places.solo_thread(channel, game, locale, host)
        outcome = await self.service.start_solo(
            game,
            channel_id=channel.id,
            guild_id=interaction.guild_id,
            parent_id=parent,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            locale=locale,
        )
        if parent is not None:
            await places.number_thread(channel, game, locale, host, outcome.row.id)
        self.presenter.calls.seen(outcome.row.id, interaction.user.id)
        text = say(user_tr(interaction), "started_solo", channel=f"<#{channel.id}>")
        await answering.answer(interaction, text)
        await self.clicks.first_decision(interaction, outcome)
        await self.presenter.publish(outcome)

    @table.command(name="act", description=_T("Show your pending decision"))
    async def act(self, interaction: discord.Interaction) -> None:
        await run(interaction, self._act)

    async def _act(self, interaction: discord.Interaction) -> None:
        row = await self.service.find(channel_id(interaction))
        await self.clicks.show(interaction, row.id, "act")

    @table.command(name="undo", description=_T("Take back your last move, where the rules allow"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await run(interaction, self._undo)

    async def _undo(self, interaction: discord.Interaction) -> None:
        row = await self.service.find(channel_id(interaction))
        await self.clicks.undo_command(interaction, row.id)

    @table.command(name="mine", description=_T("Your own sheet or hand (only you see it)"))
    async def mine(self, interaction: discord.Interaction) -> None:
        await run(interaction, self._mine)

    async def _mine(self, interaction: discord.Interaction) -> None:
        row = await self.service.find(channel_id(interaction))
        await self.clicks.show(interaction, row.id, "mine")

    @table.command(name="log", description=_T("The last moves of this game"))
    async def log_(self, interaction: discord.Interaction) -> None:
        await run(interaction, self._log)

    async def _log(self, interaction: discord.Interaction) -> None:
        row = await self.service.find(channel_id(interaction))
        await self.clicks.show(interaction, row.id, "log")

    @table.command(
        name="replay", description=_T("Step through a game, running or finished (only you see it)")
    )
    @app_commands.describe(
        table=_T("A table's number (#123 in its thread's name); default: this channel's table")
    )
    async def replay(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await run(interaction, self._replay, table)

    async def _replay(self, interaction: discord.Interaction, table: int | None) -> None:
        """This channel's table (the one being played, else the last one), or the table
        numbered `table` wherever it was played, if the asker may see it from here."""
        replays = self.clicks.replays
        if table is None:
            row = await self.service.find(channel_id(interaction))
            if row.state is None:
                raise Refusal("replay_lobby")  # a new lobby: an earlier table by its number
        else:
            row = await replays.table(table)
        await replays.open(interaction, row)

    @table.command(name="board", description=_T("Post the game board again at the bottom"))
    async def board(self, interaction: discord.Interaction) -> None:
        await run(interaction, self._board)

    async def _board(self, interaction: discord.Interaction) -> None:
        """The table again at the bottom: asked by a player or a moderator (in a public thread
        anyone could otherwise bury the conversation under board after board)."""
        row = await self.service.find(channel_id(interaction))
        if row.seat_of(interaction.user.id) is None and not moderator(interaction):
            raise Refusal("board_players")
        loaded = await self.service.load_any(row.id)
        await answering.answer(interaction, say(user_tr(interaction), "board_posted"))
        await self.presenter.post_board(loaded.row, loaded.state)

    @table.command(name="turns", description=_T("Every table waiting for you, in every server"))
    async def turns(self, interaction: discord.Interaction) -> None:
        await run(interaction, self._turns)

    async def _turns(self, interaction: discord.Interaction) -> None:
        """Privately: every table, in every server and DM, that waits for the user — what they
        owe, since when, until when, and a button that opens each decision."""
        await answering.defer(interaction)
        tr = user_tr(interaction)
        user = interaction.user.id
        lines: list[str] = []
        buttons = []
        for n, loaded in enumerate(await self.service.waiting_for(user), 1):
            if n > TURNS_SHOWN:
                lines.append(say(tr, "turns_more"))
                break
            row = loaded.row
            wait = next(w for w in row.waits if w.user_id == user)
            reading = Reading.of(row, loaded.game, loaded.state, wait.seat, locale_of(interaction))
            guild = self.bot.get_guild(row.guild_id) if row.guild_id else None
            line = say(
                tr,
                "turns_line",
                n=n,
                game=reading.front.title(reading.tr),
                place=guild.name if guild is not None else say(tr, "your_dms"),
                where=f"https://discord.com/channels/{row.guild_id or '@me'}/{row.channel_id}",
                what=reading.owed(),
                since=f"<t:{int(wait.since)}:R>",
            )
            if reading.deadline is not None:
                line += "\n" + say(tr, "deadline_status", when=reading.when())
            lines.append(line)
            label = f"{n}. {reading.front.title(reading.tr)}"
            buttons.append(BoardButton(row.id, "turn", label, discord.ButtonStyle.primary))
        body = lines or [say(tr, "turns_none")]
        view = items_view(*buttons) if buttons else None
        await answering.send(interaction, Drawn(embed(say(tr, "turns_title"), body), view))

    @table.command(name="notify", description=_T("Where you are called when a table waits for you"))
    @app_commands.describe(where=_T("In the table's thread, by direct message, or both"))
    @app_commands.choices(
        where=[
            app_commands.Choice(name=_T("in the table's thread"), value="thread"),
            app_commands.Choice(name=_T("by direct message"), value="dm"),
            app_commands.Choice(name=_T("both"), value="both"),
        ]
    )
    async def notify(self, interaction: discord.Interaction, where: str) -> None:
        await run(interaction, self._notify, where)

    async def _notify(self, interaction: discord.Interaction, where: str) -> None:
        await self.service.set_notify_way(interaction.user.id, where)
        await answering.answer(interaction, say(user_tr(interaction), f"notify_{where}"))

    @table.command(name="rules", description=_T("A quick reference of the rules"))
    @app_commands.describe(game=_T("Which game (default: the one in this channel)"))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await run(interaction, self._rules, game)

    async def _rules(self, interaction: discord.Interaction, game: str | None) -> None:
        if game is None:
            try:
                game = (await self.service.find(channel_id(interaction))).game
            except Refusal:
                game = next(iter(FRONTS))
        self.service.game(game)
        front = get_front(game)
        panel = front.rules(Ctx((), user_tr(interaction, front.domain)))
        await answering.send(interaction, Drawn(embed_of(panel), None, panel.image))

    @table.command(name="end", description=_T("End this game (host or moderator)"))
    async def end(self, interaction: discord.Interaction) -> None:
        await run(interaction, self._end)

    async def _end(self, interaction: discord.Interaction) -> None:
        tr = user_tr(interaction)
        try:
            row = await self.service.find(channel_id(interaction))
        except Damaged:
            # A damaged game is closed at once: there is nothing to confirm it against.
            try:
                await self.service.end(
                    channel_id(interaction), interaction.user.id, moderator(interaction)
                )
            except DamagedClosed as closed:
                await self.presenter.close_damaged(closed.head, interaction.user.display_name)
                raise
            return
        may_end(row, interaction.user.id, moderator(interaction))
        view = items_view(
            EndButton(row.id, "yes", say(tr, "end_yes"), discord.ButtonStyle.danger),
            EndButton(row.id, "no", say(tr, "end_no")),
        )
        await answering.reply(interaction, content=say(tr, "end_confirm"), view=view)

    @table.command(
        name="language", description=_T("The language of this server's tables (server admins)")
    )
    @app_commands.describe(language=_T("Which language public messages speak"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await run(interaction, self._language, language)

    async def _language(self, interaction: discord.Interaction, language: str) -> None:
        guild_id = server_admin(interaction, "language_denied")
        if language != "auto" and language not in LANGUAGES:
            raise Refusal("bad_button")
        chosen = None if language == "auto" else language
        await self.service.set_server_language(guild_id, chosen)
        # Said in the admin's own language; the language chosen by its own name.
        chosen_tr = translator(chosen or guild_locale(interaction), "table")
        text = say(user_tr(interaction), "language_set", language=LANGUAGES[chosen_tr.language])
        await answering.answer(interaction, text)

    @table.command(
        name="ratings", description=_T("Whether games with AI seats count for ratings (admins)")
    )
    @app_commands.describe(ai=_T("Count this server's games with AI seats from now on"))
    async def ratings(self, interaction: discord.Interaction, ai: bool) -> None:
        await run(interaction, self._ratings, ai)

    async def _ratings(self, interaction: discord.Interaction, ai: bool) -> None:
        await self.service.set_rates_ai(server_admin(interaction, "ratings_denied"), ai)
        await answering.answer(
            interaction, say(user_tr(interaction), f"rates_ai_{'on' if ai else 'off'}")
        )

    @table.command(name="autopilot", description=_T("Play a seat's moves automatically"))
    @app_commands.describe(player=_T("Whose seat"), on=_T("On (default) or off"))
    async def autopilot(
        self, interaction: discord.Interaction, player: discord.User, on: bool = True
    ) -> None:
        await run(interaction, self._autopilot, player, on)

    async def _autopilot(
        self, interaction: discord.Interaction, player: discord.User, on: bool
    ) -> None:
        await answering.defer(interaction)
        row = await self.service.find(channel_id(interaction))
        outcome = await self.service.set_autopilot(
            row.id, interaction.user.id, moderator(interaction), player.id, on
        )
        assert outcome.notice is not None
        key, fields = outcome.notice
        await answering.answer(interaction, say(user_tr(interaction), key, **fields))
        await self.presenter.publish(outcome)
