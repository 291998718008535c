"""The replay viewer: a private message that steps through a game with ⏮ ◀ ▶ ⏭ and a menu of
its chapters (rounds), opened by `/table replay` or the Replay button on the final scores.

Every button says in its id which step of which view it shows (`cogs.components.REPLAY`), so
the viewer holds no state and works after a restart; each click is checked afresh: that the
clicker may open this table's replay here, that a seat's own view is theirs and the game over,
that the step exists. A refused click is answered in a sentence of its own and leaves the
viewer as it was. What a frame shows comes from `bot.replay`; it is replayed and drawn on the
drawing thread.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.fronts import get_front
from bot.i18n import Tr, translator
from bot.reading import seat_infos
from bot.refusals import Refusal
from bot.replay import MAX_CHAPTERS, Frame, Timeline, frame, may_replay, reader_of
from bot.service import TableService
from bot.storage import GameRow
from bot.words import say
from cogs import answering
from cogs.answering import locale_of, run
from cogs.components import ReplayButton, ReplayJump
from cogs.panels import Drawn, cut, embed_of, items_view
from cogs.prompts import off_loop

FIRST, BACK, NEXT, LAST = "⏮️", "◀️", "▶️", "⏭️"


def viewer_drawn(shown: Frame, game_id: int, tr: Tr, own: int | None, running: bool) -> Drawn:
    """A frame with the viewer's controls: ⏮ ◀ ▶ ⏭ (⏭ goes on to the newest step while the
    game is `running`), the switch between the table and the reader's own view (`own`: their
    seat, offered once the game is over), the chapters."""
    view = "t" if shown.reader is None else f"s{shown.reader}"
    step, last = shown.step, shown.last
    items: list[discord.ui.Item[Any]] = [
        ReplayButton(game_id, view, 0, "f", emoji=FIRST, disabled=step == 0),
        ReplayButton(game_id, view, max(step - 1, 0), "p", emoji=BACK, disabled=step == 0),
        ReplayButton(game_id, view, min(step + 1, last), "n", emoji=NEXT, disabled=step >= last),
        ReplayButton(game_id, view, last, "l", emoji=LAST, disabled=step >= last and not running),
    ]
    if own is not None and not running:
        if shown.reader is None:
            items.append(ReplayButton(game_id, f"s{own}", step, "v", say(tr, "replay_mine")))
        else:
            items.append(ReplayButton(game_id, "t", step, "v", say(tr, "replay_table")))
    if len(shown.chapters) > 1:
        items.append(_jump(shown, game_id, view, tr))
    return Drawn(embed_of(shown.panel), items_view(*items), shown.panel.image)


def _jump(shown: Frame, game_id: int, view: str, tr: Tr) -> ReplayJump:
    """The chapters as a menu, the current one chosen (the 25 around it, if there are more)."""
    chapters = list(enumerate(shown.chapters))
    start = min(max(shown.chapter - MAX_CHAPTERS // 2, 0), max(len(chapters) - MAX_CHAPTERS, 0))
    options = [
        discord.SelectOption(
            label=cut(label, 100),
            value=str(first),
            description=cut(say(tr, "replay_from", step=first), 100),
            default=n == shown.chapter,
        )
        for n, (label, first) in chapters[start : start + MAX_CHAPTERS]
    ]
    return ReplayJump(game_id, view, shown.step, options, say(tr, "replay_jump"))


class Replays:
    """Opens viewers and answers their clicks, for the bot's click handler."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    async def click(
        self, interaction: discord.Interaction, game_id: int, view: str, step: int, slot: str
    ) -> None:
        await run(interaction, self._click, game_id, view, step, slot)

    async def open(self, interaction: discord.Interaction, row: GameRow) -> None:
        """A new viewer at the start of the game, as the answer to a command or a button."""
        await self._show(interaction, row, "t", 0, "o")

    async def table(self, number: int) -> GameRow:
        """The table numbered `number`, wherever it is (refused by its number if none is)."""
        try:
            return await self.service.row(number)
        except Refusal as refusal:
            if refusal.code == "no_game":
                raise Refusal("replay_no_table", number=number) from refusal
            raise

    async def _click(
        self, interaction: discord.Interaction, game_id: int, view: str, step: int, slot: str
    ) -> None:
        await self._show(interaction, await self.table(game_id), view, step, slot)

    async def _show(
        self, interaction: discord.Interaction, row: GameRow, view: str, step: int, slot: str
    ) -> None:
        user = interaction.user.id
        may_replay(row, user, interaction.channel_id, interaction.guild_id, self.service.today())
        reader = reader_of(row, user, view)
        rules = self.service.rules_of(row)
        timeline = await self.service.replay(row, off_loop)
        if timeline.last < 0:
            raise Refusal("replay_unreadable")
        if step > timeline.last:
            raise Refusal("replay_no_step", steps=timeline.last)
        number = timeline.last if slot == "l" else step
        drawn = await off_loop(
            self._drawn, row, rules, timeline, number, reader, locale_of(interaction), user
        )
        message = interaction.message
        if slot == "o" or message is None or not message.flags.ephemeral:
            # A new viewer: from a command, the final scores, or (never by the bot) a public
            # message carrying a viewer's button, which is not turned into one.
            await answering.reply(interaction, **drawn.send())
        else:
            await answering.edit(interaction, **drawn.edit())

    def _drawn(
        self,
        row: GameRow,
        rules: Any,
        timeline: Timeline,
        number: int,
        reader: int | None,
        locale: str,
        user_id: int,
    ) -> Drawn:
        """The frame for `user_id`, in their `locale` (on the drawing thread)."""
        front = get_front(row.game)
        tr = translator(locale, front.domain)
        ttr = tr.domain_of("table")
        running = row.status == "active"
        shown = frame(rules, timeline, number, reader, seat_infos(row, ttr, now=False), tr, running)
        own = row.seat_of(user_id)
        return viewer_drawn(shown, row.id, ttr, own, running)
