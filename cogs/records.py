"""/challenge, /leaderboard and /stats: records across tables, each scoped by game."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import challenge
from bot.faults import crash_point
from bot.fronts import FRONTS, get_front
from bot.fronts.base import Ctx
from bot.i18n import translator
from bot.reading import ai_name
from bot.refusals import Refusal
from bot.storage import StorageError
from bot.words import say
from cogs import answering, places
from cogs.answering import run, user_tr
from cogs.clicks import ClickHandler
from cogs.panels import Drawn, embed
from cogs.presenter import Presenter
from cogs.translator import _T

if TYPE_CHECKING:
    from bot.app import FleetBot


def challenge_games() -> list[app_commands.Choice[str]]:
    """The games that offer a daily challenge."""
    return [
        app_commands.Choice(name=get_front(g).title(translator(None, g)), value=g)
        for g in FRONTS
        if get_front(g).challenge is not None
    ]


def _default_game() -> str:
    return next((c.value for c in challenge_games()), next(iter(FRONTS)))


class RecordsCog(commands.Cog, name="Records"):
    def __init__(self, bot: FleetBot, presenter: Presenter, clicks: ClickHandler) -> None:
        self.bot = bot
        self.service = bot.service
        self.presenter = presenter
        self.clicks = clicks

    @app_commands.command(name="challenge", description=_T("Today's daily challenge: one attempt"))
    @app_commands.describe(
        game=_T("Which game"), dm=_T("Play in direct messages, not a private thread")
    )
    @app_commands.choices(game=challenge_games())
    async def challenge_(
        self, interaction: discord.Interaction, game: str | None = None, dm: bool = False
    ) -> None:
        await run(interaction, self._challenge, game or _default_game(), dm)

    async def _challenge(self, interaction: discord.Interaction, game: str, dm: bool) -> None:
        await answering.defer(interaction)
        token = interaction.token
        await self.service.owe_answer(token, interaction.user.id, answering.locale_of(interaction))
        try:
            await self._challenge_owed(interaction, game, dm, token)
        except Exception:
            # Answered with the refusal (or the failure) by `run`: owed no more.
            with contextlib.suppress(Exception):
                await self.service.answered(token)
            raise

    async def _challenge_owed(
        self, interaction: discord.Interaction, game: str, dm: bool, token: str
    ) -> None:
        crash_point("answer_owed")
        self.service.game(game)
        front = get_front(game)
        spec = front.challenge
        if spec is None:
            raise Refusal("no_challenge")
        tr = user_tr(interaction)
        number = challenge.number(self.service.today())
        name = interaction.user.display_name
        await self.service.check_challenge_open(game, interaction.user.id)
        channel: Any
        parent: Any = interaction.channel
        if isinstance(parent, discord.Thread):
            # Asked inside a thread: the challenge opens beside it, in its channel.
            parent = parent.parent
        if dm:
            channel = await interaction.user.create_dm()
        elif isinstance(parent, discord.TextChannel):
            title = front.title(tr.domain_of(game))
            channel = await parent.create_thread(
                name=say(tr, "challenge_thread", game=title, number=number, name=name)[:100],
                type=discord.ChannelType.private_thread,
                invitable=False,
            )
            await channel.add_user(interaction.user)
        else:
            raise Refusal("wrong_channel")
        locale = (
            str(interaction.locale)
            if dm
            else await self.service.public_locale(
                interaction.guild_id, str(interaction.guild_locale or "") or None
            )
        )
        try:
            outcome = await self.service.start_challenge(
                game=game,
                channel_id=channel.id,
                guild_id=interaction.guild_id,
                parent_id=parent.id if not dm else None,
                user_id=interaction.user.id,
                name=name,
                secret=await self._secret(),
                ai=spec.ai,
                game_options=dict(spec.options),
                ai_names=[ai_name(tr, n + 1, spec.ai_level) for n in range(spec.ai)],
                ai_level=spec.ai_level,
                locale=locale,
                answer_token=token,
            )
        except (Refusal, StorageError):
            # Refused (the attempt already taken by a second /challenge at the same moment,
            # or storage down): the private thread opened for it would stay empty.
            if not dm:
                await places.archive(self.bot, channel.id)
            raise
        self.presenter.calls.seen(outcome.row.id, interaction.user.id)
        where = channel.mention if not dm else say(tr, "your_dms")
        await answering.answer(
            interaction, say(tr, "challenge_started", number=number, channel=where)
        )
        await self.service.answered(token)
        await self.clicks.first_decision(interaction, outcome)
        await self.presenter.publish(outcome)

    async def _secret(self) -> str:
        configured = self.bot.settings.challenge_secret
        return await self.service.challenge_secret(
            configured.get_secret_value() if configured is not None else None
        )

    @app_commands.command(
        name="leaderboard", description=_T("Best daily-challenge scores, or the best rated players")
    )
    @app_commands.describe(
        game=_T("Which game"),
        scope=_T("This server or everyone"),
        period=_T("Which days (challenge scores)"),
        board=_T("Daily-challenge scores (default) or ratings"),
    )
    @app_commands.choices(
        game=[
            app_commands.Choice(name=get_front(g).title(translator(None, g)), value=g)
            for g in FRONTS
        ],
        board=[
            app_commands.Choice(name=_T("daily challenge"), value="challenge"),
            app_commands.Choice(name=_T("ratings"), value="rating"),
        ],
        scope=[
            app_commands.Choice(name=_T("this server"), value="server"),
            app_commands.Choice(name=_T("everyone"), value="global"),
        ],
        period=[
            app_commands.Choice(name=_T("today"), value="today"),
            app_commands.Choice(name=_T("last 7 days"), value="week"),
            app_commands.Choice(name=_T("all time"), value="all-time"),
        ],
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        scope: str = "server",
        period: str = "today",
        board: str = "challenge",
    ) -> None:
        await run(interaction, self._leaderboard, game or _default_game(), scope, period, board)

    async def _leaderboard(
        self, interaction: discord.Interaction, game: str, scope: str, period: str, board: str
    ) -> None:
        if scope not in challenge.SCOPES or board not in ("challenge", "rating"):
            raise Refusal("bad_button")
        guild = interaction.guild_id if scope == "server" else None
        self.service.game(game)
        front = get_front(game)
        if board == "rating":
            await self._rating_board(interaction, game, scope, guild)
            return
        if front.challenge is None:
            raise Refusal("no_challenge")
        entries, today = await self.service.leaderboard(game, period, guild)
        tr = user_tr(interaction)
        gtr = tr.domain_of(front.domain)
        lines = [
            say(
                tr,
                "leaderboard_line",
                rank=i + 1,
                user=e.user_id,
                score=e.score,
                title=front.title_name(e.title, Ctx((), gtr)),
            )
            for i, e in enumerate(entries)
        ]
        if len({e.score for e in entries}) < len(entries):
            lines.append(say(tr, "leaderboard_ties"))
        title = say(
            tr,
            "leaderboard_title",
            game=front.title(gtr),
            scope=say(tr, f"scope_{scope}"),
            period=say(tr, "period_today_number", number=challenge.number(today))
            if period == "today"
            else say(tr, f"period_{period}"),
        )
        body = lines or [say(tr, "leaderboard_empty")]
        drawn = Drawn(embed(title, body), None)
        await answering.reply(
            interaction, allowed_mentions=discord.AllowedMentions.none(), **drawn.send()
        )

    async def _rating_board(
        self, interaction: discord.Interaction, game: str, scope: str, guild: int | None
    ) -> None:
        """The best rated players of a game, by their conservative rating (mu − 3σ)."""
        entries = await self.service.rating_board(game, guild)
        tr = user_tr(interaction)
        front = get_front(game)
        lines = [
            say(
                tr,
                "rating_board_line",
                rank=i + 1,
                user=e.user_id,
                points=tr.number(e.points),
                games=say(tr, "rated_games", e.games, count=tr.number(e.games)),
            )
            for i, e in enumerate(entries)
        ]
        title = say(
            tr,
            "rating_board_title",
            game=front.title(tr.domain_of(front.domain)),
            scope=say(tr, f"scope_{scope}"),
        )
        drawn = Drawn(embed(title, lines or [say(tr, "rating_board_empty")]), None)
        await answering.reply(
            interaction, allowed_mentions=discord.AllowedMentions.none(), **drawn.send()
        )

    @app_commands.command(name="stats", description=_T("A player's record, game by game"))
    @app_commands.describe(player=_T("Whose record (default: yours)"), game=_T("Only this game"))
    @app_commands.choices(
        game=[
            app_commands.Choice(name=get_front(g).title(translator(None, g)), value=g)
            for g in FRONTS
        ]
    )
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        await run(interaction, self._stats, player, game)

    async def _stats(
        self, interaction: discord.Interaction, player: discord.User | None, game: str | None
    ) -> None:
        tr = user_tr(interaction)
        who = player or interaction.user
        today = self.service.today()
        rated = await self.service.user_ratings(who.id, interaction.guild_id)
        fields = []
        for s in await self.service.stats(who.id):
            if game is not None and s.game != game:
                continue
            if s.game not in FRONTS:
                continue
            front = get_front(s.game)
            gtr = tr.domain_of(front.domain)
            dash = say(tr, "stats_dash")
            body = say(
                tr,
                "stats_game",
                games=tr.number(s.games),
                wins=tr.number(s.wins),
                best=tr.number(s.best_solo) if s.best_solo is not None else dash,
                mean=tr.number(s.mean_solo) if s.mean_solo is not None else dash,
                streak=tr.number(challenge.streak(s.challenge_days, today)),
            )
            ctx = Ctx((), gtr)
            titles = ", ".join(
                f"{front.title_name(t, ctx)} ×{n}" for t, n in sorted(s.titles.items())
            )
            rating = rated.get(s.game)
            if rating is not None:
                games = say(tr, "rated_games", rating.games, count=tr.number(rating.games))
                points = tr.number(rating.points)
                body = f"{body}\n{say(tr, 'stats_rating', points=points, games=games)}"
            fields.append((front.title(gtr), [body, titles] if titles else [body]))
        e = embed(
            say(tr, "stats_title", name=who.display_name), [] if fields else [say(tr, "stats_none")]
        )
        for name, lines in fields:
            e.add_field(name=name, value="\n".join(lines), inline=False)
        await answering.reply(interaction, embed=e)
