"""How Mare Balticum looks at the table: the map picture with its text fallback, the turn as
it happens, each player's own board, prompts, the reveal after a clock, the final scores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.fronts.base import ChallengeSpec, Choice, Ctx, OptionSpec, Panel
from bot.fronts.mare_balticum import prompt
from bot.fronts.mare_balticum.choices import choices
from bot.fronts.mare_balticum.picture import map_picture
from bot.fronts.mare_balticum.table import closing_lines, last_moves_heading, step_panel
from bot.fronts.mare_balticum.table import player_lines as players_in_words
from bot.fronts.mare_balticum.table import sea_lines as sea_in_words
from bot.fronts.mare_balticum.textmap import grid_lines, legend_lines, sea_lines
from bot.fronts.mare_balticum.wording import event_line, owed_line, recipe, refusal_line, summary
from bot.fronts.mare_balticum.words import (
    counts,
    season,
    seat_mark,
    species,
    token_name,
)
from bot.i18n import N_, Tr
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult
from engine.mare_balticum.board import SAFE, builtin_map
from engine.mare_balticum.scoring import points
from engine.mare_balticum.state import ACTIONS_PER_TURN
from engine.mare_balticum.views import MareView


class MareBalticumFront:
    game_id = "mare-balticum"
    domain = "mare-balticum"
    lobby_options: Sequence[OptionSpec] = (
        OptionSpec(
            "demand_management",
            N_("Demand management (optional rule 1)"),
            ((N_("off"), False), (N_("on"), True)),
        ),
        OptionSpec(
            "contracts",
            N_("Contracts (optional rule 2)"),
            ((N_("off"), False), (N_("on"), True)),
        ),
        OptionSpec("map", N_("Map"), ((N_("house map"), "house"),)),
    )
    challenge: ChallengeSpec | None = None
    """No daily challenge. One could be played against two AI seats (the seed fixes the order
    tokens and clocks leave the bag whatever anyone does), but a game is some 40 turns and 50
    decisions a player: long for a daily puzzle, and the score would mostly measure the AI."""
    board_message = False
    """Each step's message carries the table (its map picture), so it is always at the
    bottom of the channel; the board with the text map is posted on request and at the end."""

    def turn(self, view: MareView) -> str:
        return f"t{view.turn}:c{view.clocks}"

    def title_name(self, code: str | None, ctx: Ctx) -> str:
        return ""

    def title(self, tr: Tr) -> str:
        return tr._("Mare Balticum")

    # --- the public table -----------------------------------------------------------------

    def board(self, view: MareView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        lines = [_status(view, ctx)]
        if ctx.waiting and not view.over:
            names = tr.list([ctx.name(s) for s in ctx.waiting])
            lines.append(tr._("Waiting for: {names}", names=names))
        if not ctx.words:
            # The picture is the table; its words are one click away (``board_words``).
            words = Choice(tr._("The sea in words"), None, op="board_words")
            return Panel(
                title=self.title(tr),
                lines=lines,
                fields=[(tr._("Players"), _player_lines(view, ctx))],
                image=map_picture(view, ctx),
                choices=[*_act_button(view, ctx), words],
                key="board",
            )
        fields = [
            (tr._("Players"), players_in_words(view, ctx)),
            (tr._("The sea in words"), sea_in_words(view, ctx)),
            (tr._("Map (* port, = dark)"), ["```", *grid_lines(view), "```"]),
            (
                tr._("Sea (tokens, then boats by seat)"),
                ["```", *sea_lines(view, ctx), *legend_lines(tr, view.board.kinds), "```"],
            ),
        ]
        return Panel(title=self.title(tr), lines=lines, fields=fields, key="board")

    def chapter(self, view: MareView, ctx: Ctx) -> str:
        if view.over:
            return ctx.tr._("Game over")
        if view.phase == "setup":
            return ctx.tr._("Starting boats")
        return ctx.tr._("Round {round}", round=view.round)

    def replay(self, view: MareView, seat: int | None, ctx: Ctx) -> Panel:
        """The board with its map picture."""
        return replace(self.board(view, replace(ctx, words=False)), choices=())

    def public_step(self, view: MareView, ctx: Ctx) -> Panel | None:
        """The step's message carries the table: the last moves, this step, the players, the
        sea in words and the map picture (see `table`)."""
        return step_panel(view, ctx)

    # --- one seat ---------------------------------------------------------------------------

    def private(self, view: MareView, seat: int, ctx: Ctx) -> Panel:
        tr = ctx.tr
        board = view.board
        me = view.players[seat]
        own = view.seat == seat
        cargo = prompt.fish_list(tr, me.cargo) or tr.pgettext("cargo", "empty")
        lines = [
            tr._(
                "Cargo ({n}/{slots}): {fish}", n=len(me.cargo), slots=board.cargo_slots, fish=cargo
            ),
            tr._("Warehouse: {tokens}", tokens=counts(tr, dict(me.warehouse or ()))),
        ]
        market = dict(me.market)
        placed = [
            tr._("{species} {token}", species=species(tr, s), token=_value(tr, market[s]))
            if s in market
            else tr._("{species} —", species=species(tr, s))
            for s in board.species
        ]
        lines.append(tr._("Market: {spaces}", spaces=" · ".join(placed)))
        if own and me.hand is not None:
            left = tr.list([token_name(tr, t) for t in me.hand]) if me.hand else tr._("none")
            lines.append(tr._("Company tokens to play: {tokens}", tokens=left))
        if own and me.choice:
            token, _, kind = me.choice.partition(":")
            chosen = (
                token_name(tr, token)
                if token == SAFE
                else tr._(
                    "{token} on {species}", token=token_name(tr, token), species=species(tr, kind)
                )
            )
            lines.append(tr._("Your face-down choice: {choice}", choice=chosen))
        if me.safe:
            lines.append(tr._("The safe is played."))
        if own and me.contract:
            lines.append(
                tr._(
                    "Contract {card}: {recipe}",
                    card=me.contract.upper(),
                    recipe=recipe(ctx, board, me.contract),
                )
            )
        if own or view.over:
            known = {s: v for s, v in me.market if v is not None}
            now = points(
                board, dict(me.warehouse or ()), known, me.contract or "", view.options.contracts
            )
            lines.append(tr._("Points if the game ended now: {n}", n=sum(now.values())))
        owed = owed_line(view, seat, ctx)
        if owed:
            lines.append(tr._("To do: {what}", what=owed))
        return Panel(title=tr._("{name}'s company", name=ctx.name(seat)), lines=lines)

    def prompt(self, view: MareView, seat: int, actions: Sequence[Action], ctx: Ctx) -> Panel:
        return Panel(
            title=prompt.title(view, seat, ctx),
            lines=prompt.lines(view, seat, actions, ctx),
            choices=choices(view, seat, actions, ctx),
        )

    def owed(self, view: MareView, seat: int, ctx: Ctx) -> str:
        return owed_line(view, seat, ctx)

    def event(self, event: Event, ctx: Ctx) -> str | None:
        if not event.visible(ctx.reader):
            return None
        return event_line(event, builtin_map(), ctx)

    def refusal(self, error: IllegalAction, ctx: Ctx) -> str:
        return refusal_line(error, builtin_map(), ctx)

    def final(self, result: GameResult, view: MareView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        board = view.board
        lines = []
        for s in result.seats:
            lines.append(
                tr._(
                    "{rank}. {mark} {name}: {points} points ({tokens} tokens delivered)",
                    rank=s.rank,
                    mark=seat_mark(s.seat),
                    name=ctx.name(s.seat),
                    points=s.total,
                    tokens=s.tiebreak,
                )
            )
        if "tie_broken" in result.reasons:
            lines.append(tr._("Equal points: the most tokens in the warehouse wins."))
        if "tie_shared" in result.reasons:
            lines.append(tr._("Equal points and tokens: the win is shared."))
        last = closing_lines(view, ctx)
        if last:
            lines += ["", last_moves_heading(ctx), *last]
        fields = []
        for s in result.seats:
            market = dict(view.players[s.seat].market)
            stored = dict(view.players[s.seat].warehouse or ())
            rows = [
                tr._(
                    "{species}: {n} × {m} = {points}",
                    species=species(tr, k),
                    n=stored.get(k, 0),
                    m=market.get(k) or 0,
                    points=s.breakdown.get(k, 0),
                )
                for k in board.species
            ]
            rows.append(tr._("amber: {points}", points=s.breakdown.get("amber", 0)))
            if "contract" in s.breakdown:
                rows.append(tr._("contract: {points}", points=s.breakdown["contract"]))
            fields.append((ctx.name(s.seat), rows))
        return Panel(
            title=tr._("Mare Balticum — final scores"),
            lines=lines,
            fields=fields,
            image=map_picture(view, ctx),
            choices=[Choice(tr._("Play again"), None, style="success", op="again")],
        )

    def rules(self, ctx: Ctx) -> Panel:
        """A quick reference; its numbers are the map file's (a server's own map says its
        own)."""
        tr = ctx.tr
        board = builtin_map()
        multipliers = ", ".join(tr._("×{n}", n=m) for m in board.multipliers)
        lines = [
            tr._("Sail, fish and unload on the Baltic; make your catch count."),
            tr.ngettext(
                "Each turn: {n} action, in any mix.",
                "Each turn: {n} actions, in any mix.",
                ACTIONS_PER_TURN,
            ),
            tr._(
                "Sail: move one boat anywhere, as long as all your boats stay one connected "
                "group. Your first sail puts all your boats on the sea."
            ),
            tr.ngettext(
                "Fish: take one token where you have a boat. Fish go into your cargo ({n} slot "
                "for the whole fleet); amber goes straight to your warehouse.",
                "Fish: take one token where you have a boat. Fish go into your cargo ({n} slots "
                "for the whole fleet); amber goes straight to your warehouse.",
                board.cargo_slots,
            ),
            tr._(
                "Unload: at a port, move any of the fish aboard that the port wants into your "
                "warehouse, face down."
            ),
            tr._("Throwing fish overboard is free."),
            tr._("After your turn, empty sea spaces without boats are refilled from the bag."),
            tr.ngettext(
                "A clock from the bag pauses the game: everyone secretly chooses a company "
                "token at once — a multiplier ({multipliers}) face down on one species, or "
                "the safe (throw away {n} token).",
                "A clock from the bag pauses the game: everyone secretly chooses a company "
                "token at once — a multiplier ({multipliers}) face down on one species, or "
                "the safe (throw away {n} tokens).",
                board.safe_discard,
                multipliers=multipliers,
            ),
            tr._(
                "After clock {n}, the last, the round is finished and one more round is played.",
                n=board.clocks,
            ),
            tr._(
                "Score: each species in your warehouse × its multiplier, plus 1 per amber. Fish "
                "still aboard score nothing. Ties: most tokens in the warehouse."
            ),
        ]
        return Panel(title=tr._("Mare Balticum — rules in short"), lines=lines)

    def share(self, result: GameResult, number: int, ctx: Ctx) -> str:
        tr = ctx.tr
        me = result.of(ctx.reader) if ctx.reader is not None else result.seats[0]
        return tr._(
            "Mare Balticum #{number} · {points} points · place {rank} of {n}",
            number=number,
            points=me.total,
            rank=me.rank,
            n=len(result.seats),
        )


def _value(tr: Tr, value: int | None) -> str:
    return tr._("face down") if value is None else tr._("×{n}", n=value)


def _status(view: MareView, ctx: Ctx) -> str:
    tr = ctx.tr
    board = view.board
    if view.over:
        return tr._("The season is over.")
    name = board.time_track[view.clocks - 1] if view.clocks else board.time_track[0]
    line = tr._(
        "Round {round} · clocks {clocks}/{of} ({season})",
        round=view.round,
        clocks=view.clocks,
        of=board.clocks,
        season=season(tr, name),
    )
    if view.final_round:
        line = tr._("{line} · last round: {n}", line=line, n=view.final_round)
    return line


def _player_lines(view: MareView, ctx: Ctx) -> list[str]:
    return [
        ctx.tr._(
            "{mark} {seat}. {name}: {summary}",
            mark=seat_mark(seat),
            seat=seat + 1,
            name=ctx.name(seat),
            summary=summary(view, seat, ctx),
        )
        for seat in range(len(view.players))
    ]


def _act_button(view: MareView, ctx: Ctx) -> list[Choice]:
    if view.over:
        return []
    return [Choice(ctx.tr._("Act"), None, ctx.tr._("open your own choices"), style="primary")]
