"""Every table button's handler (Avrae's `ButtonHandler`): the bot owns one `ClickHandler` as
`bot.clicks`, and each `DynamicItem` in `cogs/components.py` calls the method of its kind.

A handler turns a click into one `TableService` call and its outcome into messages: the
clicker's answer first (their next decision, in the same response where possible), then the
public table through the presenter. What a reader may see comes from `bot.reading`.
"""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from bot.i18n import translator
from bot.reading import Reading
from bot.refusals import Refusal
from bot.service import Loaded, Outcome, TableService, check_channel
from bot.storage import GameRow
from bot.words import say
from cogs import answering, places
from cogs.answering import locale_of, moderator, refusal_text, run, user_tr
from cogs.components import AmountBox, Typed, typed_number
from cogs.layout import look_of
from cogs.lobby import lobby_drawn, next_ai_name, option_spec
from cogs.panels import Drawn, draw_public, embed
from cogs.presenter import Presenter
from cogs.prompts import off_loop, private_drawn, prompt_drawn
from cogs.replays import Replays
from engine.core.search import NORMAL, STRONG

LOG_LINES = 25


def acting_from(interaction: discord.Interaction) -> int | None:
    """The channel a prompt's click must come from to act on its table (`check_channel`):
    anywhere for a private message, since only this bot sends one, to the one person whose
    decision it shows, wherever they opened it (the answer to Start in the lobby's channel,
    /table turns, a direct message's call); the table's own channel for a message anyone
    sees, where a forged id names another channel's table. Either way the click acts only
    for the clicker's own seat."""
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        return None
    return interaction.channel_id


class ClickHandler:
    def __init__(self, client: discord.Client, service: TableService, presenter: Presenter) -> None:
        self.client = client
        self.service = service
        self.presenter = presenter
        self.replays = Replays(service)

    def _reading(
        self,
        interaction: discord.Interaction,
        loaded: Loaded,
        seat: int | None,
        words: bool = False,
    ) -> Reading:
        return Reading.of(
            loaded.row, loaded.game, loaded.state, seat, locale_of(interaction), words
        )

    async def _drawn_prompt(
        self, interaction: discord.Interaction, loaded: Loaded, seat: int
    ) -> Drawn:
        """The clicker's current decision, with Undo where they may take back their last."""
        undo = await self.service.undo_offer(loaded.row, interaction.user.id)
        reading = self._reading(interaction, loaded, seat)
        look = look_of(self.client, loaded.row.game)
        drawn, _ = prompt_drawn(reading, loaded.row.id, undo, look)
        return await self.presenter.pictured(drawn)

    # --- the kinds -------------------------------------------------------------------------------

    async def unknown(self, interaction: discord.Interaction, key: str) -> None:
        await answering.answer(interaction, say(user_tr(interaction), key))

    def _seen(self, interaction: discord.Interaction, game_id: int) -> None:
        """Whoever clicks at a table is at it (for the next two minutes)."""
        self.presenter.calls.seen(game_id, interaction.user.id)

    async def lobby(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        self._seen(interaction, game_id)
        await run(interaction, self._lobby, game_id, op)

    async def option(self, interaction: discord.Interaction, game_id: int, key: str) -> None:
        await run(interaction, self._option, game_id, key)

    async def board(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        await run(interaction, self.show, game_id, op)

    async def public(
        self, interaction: discord.Interaction, game_id: int, token: str, action: str
    ) -> None:
        self._seen(interaction, game_id)
        await run(interaction, self._public, game_id, token, action)

    async def prompt(
        self, interaction: discord.Interaction, game_id: int, token: str, action: str
    ) -> None:
        self._seen(interaction, game_id)
        await run(interaction, self._prompt, game_id, token, action)

    async def ask(self, interaction: discord.Interaction, typed: Typed) -> None:
        """A prompt's "Other amount…": the box for the number, at once (a box must be the
        first answer). Whether the prompt is still current is checked when it comes back."""
        self._seen(interaction, typed.game_id)
        tr = user_tr(interaction)
        box = AmountBox(
            typed,
            say(tr, "amount_title"),
            say(tr, "amount_label", low=typed.low, high=typed.high),
            say(tr, "amount_placeholder", low=typed.low, high=typed.high),
        )
        await run(interaction, answering.modal, box)

    async def typed(self, interaction: discord.Interaction, typed: Typed, text: str) -> None:
        """The number typed in that box: played as the prompt's choice ``<verb> <number>``;
        anything but a whole number is answered and changes nothing."""
        self._seen(interaction, typed.game_id)
        await run(interaction, self._typed, typed, text)

    async def _typed(self, interaction: discord.Interaction, typed: Typed, text: str) -> None:
        number = typed_number(text)
        if number is None:
            raise Refusal("amount_not_a_number", low=typed.low, high=typed.high)
        await self._prompt(interaction, typed.game_id, typed.token, f"{typed.verb} {number}")

    async def undo(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        self._seen(interaction, game_id)
        await run(interaction, self._undo, game_id, version)

    async def end(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        await run(interaction, self._end, game_id, op)

    async def again(self, interaction: discord.Interaction, game_id: int) -> None:
        self._seen(interaction, game_id)
        await run(interaction, self._again, game_id)

    async def replay(
        self, interaction: discord.Interaction, game_id: int, view: str, step: int, slot: str
    ) -> None:
        await self.replays.click(interaction, game_id, view, step, slot)

    # --- the lobby -------------------------------------------------------------------------------

    async def _lobby(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        user = interaction.user
        row = await self.service.row(game_id)
        check_channel(row, interaction.channel_id, lobby=True)
        gtr = translator(row.locale, "table")
        if op == "start":
            outcome = await self.service.start(game_id, user.id)
            await answering.edit(interaction, **lobby_drawn(outcome.row, gtr).edit())
            await self.first_decision(interaction, outcome)  # prompts first, the table after
            await self.presenter.publish(outcome)
            return
        if op == "join":
            row = await self.service.join(game_id, user.id, user.display_name)
        elif op == "leave":
            row = await self.service.leave(game_id, user.id)
        elif op in ("ai", "strong"):
            level = STRONG if op == "strong" else NORMAL
            row = await self.service.add_ai(game_id, user.id, next_ai_name(gtr, row, level), level)
        elif op == "drop":
            row = await self.service.remove_ai(game_id, user.id)
        else:
            row = await self.service.cancel(game_id, user.id)
        await answering.edit(interaction, **lobby_drawn(row, gtr).edit())
        await self.service.set_messages(row)
        if row.status == "cancelled" and row.parent_id:
            await places.archive(self.client, row.channel_id)  # its thread holds nothing

    async def _option(self, interaction: discord.Interaction, game_id: int, key: str) -> None:
        row = await self.service.row(game_id)
        check_channel(row, interaction.channel_id, lobby=True)
        spec = option_spec(row.game, key)
        if spec is None:
            raise Refusal("bad_button")
        row = await self.service.cycle_option(
            game_id, interaction.user.id, key, [v for _, v in spec.values]
        )
        await answering.edit(
            interaction, **lobby_drawn(row, translator(row.locale, "table")).edit()
        )
        await self.service.set_messages(row)

    async def first_decision(self, interaction: discord.Interaction, outcome: Outcome) -> None:
        """The one who started a game, if it waits for them first, gets that decision in their
        own answer (no call for what they just did)."""
        row = outcome.row
        seat = row.seat_of(interaction.user.id)
        if seat is None or not any(w.user_id == interaction.user.id for w in row.waits):
            return
        loaded = Loaded(row, self.service.rules_of(row), outcome.state)
        drawn = await self._drawn_prompt(interaction, loaded, seat)
        sent = await answering.reply(interaction, **drawn.send())
        editor = sent.edit if sent is not None else interaction.edit_original_response
        self.presenter.prompt_opened(
            row.id, interaction.user.id, editor, locale_of(interaction), drawn
        )

    # --- what a player asks to see ---------------------------------------------------------------

    async def show(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        """The board's buttons (and /table act, mine, log): the clicker's own decision, sheet
        or hand, the last moves they may see, or a picture's words; ``turn`` opens the
        clicker's decision from wherever they are."""
        self._seen(interaction, game_id)
        loaded = await self.service.load_any(game_id)
        row = loaded.row
        if op == "turn":
            # From anywhere (a direct message, /table turns): the clicker's own decision only.
            op = "act"
        else:
            check_channel(row, interaction.channel_id)
        seat = row.seat_of(interaction.user.id)
        if op == "log":
            await answering.send(interaction, await self._log(interaction, loaded, seat))
            return
        if op == "board_words":
            reading = self._reading(interaction, loaded, None, words=True)
            panel = await off_loop(reading.board)
            await answering.send(interaction, private_drawn(panel, row.id, user_tr(interaction)))
            return
        if seat is None:
            raise Refusal("not_seated")
        if op in ("mine", "mine_words"):
            reading = self._reading(interaction, loaded, seat, words=op == "mine_words")
            panel = await off_loop(reading.private)
            await answering.send(interaction, private_drawn(panel, row.id, user_tr(interaction)))
            return
        if row.status != "active":
            raise Refusal("game_over")
        drawn = await self._drawn_prompt(interaction, loaded, seat)
        sent = await answering.send(interaction, drawn)
        editor = sent.edit if sent is not None else interaction.edit_original_response
        self.presenter.prompt_opened(
            row.id, interaction.user.id, editor, locale_of(interaction), drawn
        )

    async def _log(
        self, interaction: discord.Interaction, loaded: Loaded, seat: int | None
    ) -> Drawn:
        tr = user_tr(interaction)
        events, complete = await self.service.history(loaded.row)
        lines = self._reading(interaction, loaded, seat).lines(events)[-LOG_LINES:]
        if not complete:
            lines.append(say(tr, "log_broken"))
        body = lines or [say(tr, "log_empty")]
        while len("\n".join(body)) > 4000:
            body = body[1:]
        return Drawn(embed(say(tr, "log_title"), body), None)

    # --- moves -----------------------------------------------------------------------------------

    async def _public(
        self, interaction: discord.Interaction, game_id: int, token: str, action: str
    ) -> None:
        """A public choice (a die on a roll): it applies for the clicker; the public message
        is edited by the response itself (UPDATE_MESSAGE: one request, no acknowledgement
        first), and the clicker's next decision follows privately."""
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
            await self._stale_public(interaction, game_id, refusal)
            return
        row = outcome.row
        loaded = Loaded(row, self.service.game(row.game), outcome.state)
        public = Reading.of(row, loaded.game, loaded.state, None, None)
        step = None if outcome.finished else public.public_step()
        edited = False
        if step is not None and step.key == self.presenter.shown_step_key(row.id):
            drawn = draw_public(step, row.id, public.token, translator(row.locale, "table"))
            drawn = await self.presenter.pictured(drawn)
            with contextlib.suppress(discord.HTTPException):
                await answering.edit(interaction, **drawn.edit())
                edited = True
        if not edited:
            await answering.defer(interaction)  # the step moved on: the table shows it below
        seat = row.seat_of(interaction.user.id)
        if seat is not None and seat in public.waiting:
            drawn = await self._drawn_prompt(interaction, loaded, seat)
            sent = await answering.reply(interaction, **drawn.send())
            if sent is not None:
                self.presenter.prompt_opened(
                    row.id, interaction.user.id, sent.edit, locale_of(interaction), drawn
                )
        await self.presenter.publish(outcome, step_edited=edited)

    async def _stale_public(
        self, interaction: discord.Interaction, game_id: int, refusal: Refusal
    ) -> None:
        """A public button the game has moved past: the sentence, and with it the clicker's
        current decision (or whom the table waits for)."""
        note = refusal_text(interaction, refusal)
        loaded = await self.service.load_game(game_id)
        seat = loaded.row.seat_of(interaction.user.id)
        if seat is None:
            await answering.answer(interaction, note)
            return
        drawn = (await self._drawn_prompt(interaction, loaded, seat)).noted(note)
        sent = await answering.reply(interaction, **drawn.send())
        if sent is not None:
            self.presenter.prompt_opened(
                game_id, interaction.user.id, sent.edit, locale_of(interaction), drawn
            )

    async def _prompt(
        self, interaction: discord.Interaction, game_id: int, token: str, action: str
    ) -> None:
        """A prompt's choice. The answer replaces the prompt with the next one in the same
        response (one request, and the player sees the next decision at once)."""
        if not action:
            raise Refusal("bad_button")
        try:
            outcome = await self.service.act(
                game_id, interaction.user.id, action, token=token, channel=acting_from(interaction)
            )
        except Refusal as refusal:
            # A stale prompt, or a choice the rules refuse now (the decision it showed has
            # changed without this player acting, e.g. a leftover die another took): the answer
            # says why and shows the decision they owe now, in place of the prompt.
            if not (refusal.stale or refusal.error is not None):
                raise
            loaded = await self.service.load_game(game_id)
            check_channel(loaded.row, acting_from(interaction))
            seat = loaded.row.seat_of(interaction.user.id)
            if seat is None:
                raise
            note = refusal_text(interaction, refusal)
            await self._update_prompt(interaction, loaded, seat, note)
            return
        seat = outcome.row.seat_of(interaction.user.id)
        assert seat is not None
        loaded = Loaded(outcome.row, self.service.game(outcome.row.game), outcome.state)
        if self._sunk(interaction, outcome.row):
            await self._prompt_below(interaction, loaded, seat)
        else:
            await self._update_prompt(interaction, loaded, seat)
        await self.presenter.publish(outcome)

    def _sunk(self, interaction: discord.Interaction, row: GameRow) -> bool:
        """Whether this is the one reader's prompt (a solo or challenge table, one person
        with AI seats) and the table has posted below it since: their next decision then
        follows them down instead of staying where it was first posted."""
        if sum(1 for s in row.seats if s.user_id is not None) != 1 or interaction.message is None:
            return False
        shown = [row.step_message_id, row.board_message_id, self.presenter.newest_public(row.id)]
        return max((m for m in shown if m is not None), default=0) > interaction.message.id

    async def _prompt_below(
        self, interaction: discord.Interaction, loaded: Loaded, seat: int
    ) -> None:
        """The seat's next decision as a new private message at the bottom, in place of the
        prompt that was clicked (which is removed)."""
        drawn = await self._drawn_prompt(interaction, loaded, seat)
        await answering.defer(interaction)
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
        sent = await answering.reply(interaction, **drawn.send())
        editor = sent.edit if sent is not None else interaction.edit_original_response
        self.presenter.prompt_opened(
            loaded.row.id, interaction.user.id, editor, locale_of(interaction), drawn
        )

    async def _update_prompt(
        self, interaction: discord.Interaction, loaded: Loaded, seat: int, note: str | None = None
    ) -> None:
        """Show the seat's current decision in place of the prompt that was clicked."""
        drawn = (await self._drawn_prompt(interaction, loaded, seat)).noted(note)
        await answering.edit(interaction, **drawn.edit())
        self.presenter.prompt_opened(
            loaded.row.id,
            interaction.user.id,
            interaction.edit_original_response,
            locale_of(interaction),
            drawn,
        )

    # --- taking back -----------------------------------------------------------------------------

    async def _undo(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """A prompt's Undo: the clicker's last decision is taken back, the prompt shows that
        decision again (with Undo again where the one before may be taken back too), and the
        table says so. A stale Undo says why and shows the current decision; any other
        refusal is one sentence, and the prompt stays as it is."""
        try:
            outcome = await self.service.undo(
                game_id, interaction.user.id, version=version, channel=acting_from(interaction)
            )
        except Refusal as refusal:
            # Only a private prompt is replaced by the current decision: a message anyone
            # sees never shows a seat's choices.
            message = interaction.message
            if not refusal.stale or message is None or not message.flags.ephemeral:
                raise
            loaded = await self.service.load_game(game_id)
            seat = loaded.row.seat_of(interaction.user.id)
            if seat is None:
                raise
            await self._update_prompt(interaction, loaded, seat, refusal_text(interaction, refusal))
            return
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            seat = outcome.row.seat_of(interaction.user.id)
            assert seat is not None
            loaded = Loaded(outcome.row, self.service.game(outcome.row.game), outcome.state)
            note = self._undone(interaction, outcome)
            await self._update_prompt(interaction, loaded, seat, note)
        else:
            await self._undone_prompt(interaction, outcome)
        await self.presenter.publish(outcome)

    async def undo_command(self, interaction: discord.Interaction, game_id: int) -> None:
        """/table undo: as the Undo button, answered with the decision given back (and no
        button to be stale: the table's current state is what is taken back from)."""
        await answering.defer(interaction)
        outcome = await self.service.undo(
            game_id, interaction.user.id, channel=interaction.channel_id
        )
        await self._undone_prompt(interaction, outcome)
        await self.presenter.publish(outcome)

    async def _undone_prompt(self, interaction: discord.Interaction, outcome: Outcome) -> None:
        """The decision given back, as a new private message (with what was taken back)."""
        seat = outcome.row.seat_of(interaction.user.id)
        assert seat is not None
        loaded = Loaded(outcome.row, self.service.game(outcome.row.game), outcome.state)
        drawn = await self._drawn_prompt(interaction, loaded, seat)
        drawn.content = self._undone(interaction, outcome)
        sent = await answering.send(interaction, drawn)
        editor = sent.edit if sent is not None else interaction.edit_original_response
        self.presenter.prompt_opened(
            outcome.row.id, interaction.user.id, editor, locale_of(interaction), drawn
        )

    def _undone(self, interaction: discord.Interaction, outcome: Outcome) -> str:
        """The taker's own line: what was taken back, in their words (and, in a daily
        challenge, that take-backs are allowed there for everyone alike)."""
        assert outcome.taken_back is not None
        row = outcome.row
        seat = row.seat_of(interaction.user.id)
        reading = Reading.of(
            row, self.service.game(row.game), outcome.state, seat, locale_of(interaction)
        )
        line = reading.taken_back(outcome.taken_back, own=True)
        if row.options.challenge_day:
            line += "\n" + say(user_tr(interaction), "undone_challenge")
        return line

    # --- ending and again ------------------------------------------------------------------------

    async def _end(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        tr = user_tr(interaction)
        if op == "no":
            await answering.edit(interaction, content=say(tr, "end_kept"), view=None)
            return
        row = await self.service.row(game_id)
        check_channel(row, interaction.channel_id)
        outcome = await self.service.end(
            row.channel_id, interaction.user.id, moderator(interaction)
        )
        name = interaction.user.display_name
        await answering.edit(interaction, content=say(tr, "ended", name=name), view=None)
        await self.presenter.close(outcome, name)

    async def _again(self, interaction: discord.Interaction, game_id: int) -> None:
        """Final scores' Play again: the same seats at a new table (a new solo game at once),
        beside the old one: from the channel the old table's thread opened from."""
        old = await self.service.row(game_id)
        check_channel(old, interaction.channel_id)
        await answering.defer(interaction)
        tr = user_tr(interaction)
        parent = self.client.get_channel(old.parent_id) if old.parent_id else None
        if old.options.solo:
            if old.options.challenge_day:
                raise Refusal("challenge_once")
            seat = old.seat_of(interaction.user.id)
            if seat is None:
                raise Refusal("not_seated")
            name = old.seats[seat].name
            channel: Any = interaction.channel
            if isinstance(parent, discord.TextChannel):
                channel = await places.solo_thread(parent, old.game, old.locale, name)
            outcome = await self.service.start_solo(
                old.game,
                channel_id=channel.id,
                parent_id=parent.id if parent is not None else None,
                guild_id=old.guild_id,
                locale=old.locale,
                host_id=interaction.user.id,
                host_name=name,
            )
            if channel.id != old.channel_id:
                await places.number_thread(channel, old.game, old.locale, name, outcome.row.id)
            self.presenter.calls.seen(outcome.row.id, interaction.user.id)
            await answering.answer(interaction, say(tr, "started_solo", channel=channel.mention))
            await self.first_decision(interaction, outcome)
            await self.presenter.publish(outcome)
            return

        async def create(channel_id: int, parent_id: int | None, lobby: int | None) -> GameRow:
            return await self.service.play_again(
                game_id,
                interaction.user.id,
                channel_id=channel_id,
                parent_id=parent_id,
                lobby_message_id=lobby,
                guild_id=old.guild_id,
                locale=old.locale,
            )

        where = parent if isinstance(parent, discord.TextChannel) else interaction.channel
        host = interaction.user.display_name
        box = (
            self.presenter.outbox(where.id, old.guild_id)
            if isinstance(where, discord.TextChannel)
            else None
        )
        row = await places.open_lobby(where, old.game, old.locale, host, create, box=box)
        await self.presenter.show_lobby(row)
        await answering.answer(interaction, say(tr, "opened_here", channel=f"<#{row.channel_id}>"))
