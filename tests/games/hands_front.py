"""Hidden Hands at the table: the front of the tests' card game."""

from __future__ import annotations

from collections.abc import Sequence

from bot.fronts.base import Choice, Ctx, Panel
from bot.i18n import Tr
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult
from tests.games.hands import CARDS, HandsView


class HandsFront:
    game_id = "test-hands"
    domain = "test-hands"
    lobby_options = ()
    challenge = None
    board_message = True

    def turn(self, view: HandsView) -> str:
        return f"r{view.round}"

    def title(self, tr: Tr) -> str:
        return tr._("Hidden Hands")

    def board(self, view: HandsView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        lines = [
            tr._("Round {round}/{rounds}", round=min(view.round, view.rounds), rounds=view.rounds)
        ]
        lines += [
            tr._(
                "{name}: {score} points, {cards} cards",
                name=ctx.name(s),
                score=view.scores[s],
                cards=view.hand_sizes[s],
            )
            for s in range(len(view.scores))
        ]
        if view.revealed:
            lines.append(tr._("Last trick: {cards}", cards=", ".join(view.revealed[-1])))
        recent = [line for e in ctx.recent if (line := self.event(e, ctx))]
        return Panel(self.title(tr), lines, [(tr._("Last moves"), recent)] if recent else ())

    def chapter(self, view: HandsView, ctx: Ctx) -> str:
        if view.over:
            return ctx.tr._("The game is over.")
        return ctx.tr._("Round {round}", round=view.round)

    def replay(self, view: HandsView, seat: int | None, ctx: Ctx) -> Panel:
        return self.board(view, ctx)

    def public_step(self, view: HandsView, ctx: Ctx) -> Panel | None:
        if view.over:
            return None
        tr = ctx.tr
        chosen = [ctx.name(s) for s, c in enumerate(view.has_chosen) if c]
        lines = [tr._("Chosen: {names}", names=", ".join(chosen) or "—")]
        return Panel(
            tr._("Round {round}", round=view.round),
            lines,
            choices=[Choice(tr._("Act"), None, style="primary")],
            key=f"r{view.round}",
        )

    def private(self, view: HandsView, seat: int, ctx: Ctx) -> Panel:
        tr = ctx.tr
        lines = [tr._("Your hand: {cards}", cards=", ".join(view.hand) or "—")]
        if view.chosen:
            lines.append(tr._("Face down: {card}", card=view.chosen))
        return Panel(tr._("{name}'s hand", name=ctx.name(seat)), lines)

    def prompt(self, view: HandsView, seat: int, actions: Sequence[Action], ctx: Ctx) -> Panel:
        tr = ctx.tr
        choices = [
            Choice(a.args[0].upper(), a.text, detail=tr._("worth {n}", n=CARDS[a.args[0].upper()]))
            for a in actions
        ]
        return Panel(tr._("Choose a card to play face down"), choices=choices)

    def owed(self, view: HandsView, seat: int, ctx: Ctx) -> str:
        return ctx.tr._("choose a card")

    def event(self, event: Event, ctx: Ctx) -> str | None:
        tr = ctx.tr
        d = event.data
        if not event.visible(ctx.reader):
            return None
        if event.kind == "chose":
            return tr._("{name} chose a card.", name=ctx.name(event.seat))
        if event.kind == "chose_card":
            return tr._("You chose {card}.", card=d["card"])
        if event.kind == "dealt":
            return tr._("You were dealt {cards}.", cards=", ".join(d["cards"]))
        if event.kind == "draw":
            return tr._("You draw {card}.", card=d["card"])
        if event.kind == "reveal":
            return tr._("Revealed: {cards}.", cards=", ".join(d["cards"]))
        if event.kind == "over":
            return tr._("The game is over.")
        return None

    def refusal(self, error: IllegalAction, ctx: Ctx) -> str:
        return error.reason

    def final(self, result: GameResult, view: HandsView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        lines = [
            tr._("{rank}. {name} — {total}", rank=s.rank, name=ctx.name(s.seat), total=s.total)
            for s in result.seats
        ]
        return Panel(tr._("Final scores"), lines)

    def rules(self, ctx: Ctx) -> Panel:
        return Panel(ctx.tr._("Hidden Hands"), [ctx.tr._("Play your highest card.")])

    def title_name(self, code: str | None, ctx: Ctx) -> str:
        return ""

    def share(self, result: GameResult, number: int, ctx: Ctx) -> str:
        return ""
