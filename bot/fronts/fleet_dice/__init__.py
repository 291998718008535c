"""Fleet: The Dice Game at the table.

The public message of each draft is the table itself: the dice and the pick order, the
standings, who the table waits for and the last moves, with a button per die, so the state of
the game is always at the bottom of the channel. Each player's sheet is a picture, its words
behind a button; a prompt says what every choice does and draws each choice's letter on the
boxes it would mark (`prompt`). Views only: the seed never reaches a front.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.fronts.base import ChallengeSpec, Choice, Ctx, OptionSpec, Panel
from bot.fronts.fleet_dice.details import effect
from bot.fronts.fleet_dice.events import event_line
from bot.fronts.fleet_dice.picture import sheet_picture
from bot.fronts.fleet_dice.prompt import PROMPTS, owed_task, prompt_panel
from bot.fronts.fleet_dice.sheet import LINE, legend, sheet_lines
from bot.fronts.fleet_dice.words import (
    CATEGORIES,
    EMOJI,
    TITLES,
    building_effect,
    face,
    name,
    title,
)
from bot.i18n import N_, Tr
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult
from engine.fleet_dice.fishing import BOAT_CATCH, OYSTER_CATCH
from engine.fleet_dice.player import BASE_INCOME, coin_boxes, total_fish
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.scoring import SOLO_RANKS, breakdown, next_rank
from engine.fleet_dice.sheet import WHARF_BUILDINGS, builtin_sheet
from engine.fleet_dice.state import CROSSED, RUTH, FleetView
from engine.fleet_dice.uses import COIN_DIE

RULES = N_(
    "Each round: **boat phase** (take a die in turn and use it; then everyone uses the "
    "leftover die), **income** ({income} coin plus bonuses), **fishing** in even rounds "
    "(every launched boat catches {catch} fish, oyster boats {oysters}), **town phase** (like "
    "the boat phase, with harbor, wharf and market dice).\n"
    "Always mark the **top-most open box** of a section. Circles fire when marked: **L** "
    "activates a license, **B** launches a boat, **?** is your choice. Coins fill the coin "
    "track; a ★ box gives a **star action** (mark the top box of any section; you may "
    "decline it). Any die may be taken as {coin} coin.\n"
    "Victory points (VP): fish + boats + licenses + buildings + bonus. {rounds} rounds "
    "(solo: {solo}, against Captain Ruth, who crosses out your boxes from the bottom).\n"
    "The roll message at the bottom is the table: the dice, the scores, who the table waits "
    "for. Press **Act** whenever it waits for you, **Mine** for your sheet."
)
REFUSALS: dict[str, str] = {
    "syntax": N_("That is not a move of this game."),
    "no_seat": N_("You have no seat at this table."),
    "over": N_("The game is over; nothing can be played any more."),
    "not_your_turn": N_("You have nothing to decide right now; wait for your turn."),
    "bad_use": N_("You can't do that with this die: pick one of the uses offered."),
    "full": N_("{section} has no open box to mark."),
    "not_now": N_("That is not possible now: {owed}."),
    "held": N_("Wait: players before you in turn order choose their King Crab bonus first."),
}
STEP_PHASES = {"boat": "boat", "town": "town", "income": "income", "fishing": "income"}
RECENT = 4
"""Last moves shown on the table."""


class FleetDiceFront:
    game_id = "fleet-dice"
    domain = "fleet-dice"
    lobby_options = (
        OptionSpec("captains", N_("Captain cards"), ((N_("off"), False), (N_("on"), True))),
        OptionSpec("trophies", N_("Trophies"), ((N_("off"), False), (N_("on"), True))),
    )
    challenge: ChallengeSpec | None = ChallengeSpec(ai=0)
    board_message = False

    def __init__(self) -> None:
        self.game = FleetDice()

    def title(self, tr: Tr) -> str:
        return tr._("Fleet: The Dice Game")

    def turn(self, view: FleetView) -> str:
        return f"r{view.round}"

    # --- the public table ------------------------------------------------------------------------

    def _head(self, tr: Tr, view: FleetView) -> str:
        if view.phase == "over":
            return tr._("Game over after {rounds} rounds", rounds=view.rounds)
        return tr._(
            "Round {round}/{rounds} · {phase}",
            round=view.round,
            rounds=view.rounds,
            phase=_phase(tr, view.phase),
        )

    def _standings(self, view: FleetView, ctx: Ctx) -> list[str]:
        tr = ctx.tr
        sheet = self.game.sheet_for(view)
        lines = []
        for seat, p in enumerate(view.players):
            vp = sum(breakdown(sheet, view, seat).values())
            lines.append(
                tr._(
                    "**{name}** {vp} VP · {coins} 🪙 · {fish} 🐟",
                    name=ctx.name(seat),
                    vp=vp,
                    coins=coin_boxes(p),
                    fish=total_fish(p),
                )
            )
        if view.ruth is not None:
            r = view.ruth
            lines.append(
                tr._(
                    "Ruth's markers: {boat} · {harbor} · {wharf}",
                    boat=name(tr, r.boat),
                    harbor=name(tr, r.harbor),
                    wharf=name(tr, r.wharf),
                )
            )
        return lines

    def _waiting(self, view: FleetView, ctx: Ctx) -> list[str]:
        tr = ctx.tr
        lines = []
        for seat in ctx.waiting:
            owed = self.owed(view, seat, ctx)
            lines.append(tr._("⏳ {name}: {owed}", name=ctx.name(seat), owed=owed))
        return lines

    def _recent(self, ctx: Ctx, count: int = RECENT) -> list[str]:
        """The last moves, one line per seat's move (its effects together); rolls are left
        out, the step shows them."""
        tr = ctx.tr
        lines: list[str] = []
        seat_of_line: list[int | None] = []
        for e in ctx.recent:
            if e.kind in ("roll", "leftover", "over"):
                continue
            words = effect(tr, e) if e.seat is not None and e.kind != "cross" else None
            if words is not None and seat_of_line and seat_of_line[-1] == e.seat:
                lines[-1] += f" · {words}"
                continue
            if words is not None:
                lines.append(f"**{ctx.name(e.seat)}**: {words}")
                seat_of_line.append(e.seat)
            elif (line := self.event(e, ctx)) is not None:
                lines.append(line)
                seat_of_line.append(None)
        return lines[-count:]

    def board(self, view: FleetView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        lines = [*self._waiting(view, ctx)]
        if view.phase != "over" and view.ruth is None:
            lines.append(tr._("First player: {name}", name=ctx.name(view.first_player)))
        fields: list[tuple[str, Sequence[str]]] = [(tr._("Standings"), self._standings(view, ctx))]
        recent = self._recent(ctx, 8)
        if recent:
            fields.append((tr._("Last moves"), recent))
        heading = tr._("{game} — {head}", game=self.title(tr), head=self._head(tr, view))
        return Panel(heading, lines, fields)

    def chapter(self, view: FleetView, ctx: Ctx) -> str:
        if view.phase == "over":
            return ctx.tr._("Game over")
        return ctx.tr._("Round {round}", round=view.round)

    def replay(self, view: FleetView, seat: int | None, ctx: Ctx) -> Panel:
        """The board, with the sheet of the seat whose turn it was (every sheet is public)."""
        panel = self.board(view, replace(ctx, recent=()))
        if seat is None:
            return panel
        image = sheet_picture(ctx.tr, self.game.sheet_for(view), view, seat, ctx.name(seat))
        return replace(panel, image=image)

    def public_step(self, view: FleetView, ctx: Ctx) -> Panel | None:
        """The table during a draft: its dice and pick order, the standings, who the table
        waits for and the last moves, with a button per die (RULES §3)."""
        if view.phase not in STEP_PHASES:
            return None
        tr = ctx.tr
        lines: list[str] = []
        if view.phase in ("boat", "town"):
            rolled = view.rolled or view.pool
            lines.append(tr._("Dice: {dice}", dice=" · ".join(face(tr, f) for f in rolled)))
            takes = []
            for taken in view.taken:
                who, _, die = taken.partition(":")
                name_ = tr._("Captain Ruth") if who == "ruth" else ctx.name(int(who))
                takes.append(tr._("{name} {face}", name=name_, face=face(tr, die)))
            if takes:
                lines.append(tr._("Taken: {takes}", takes=" · ".join(takes)))
            if view.stage == "pick":
                order = []
                for i, seat in enumerate(view.order):
                    who = tr._("Captain Ruth") if seat == RUTH else ctx.name(seat)
                    order.append(f"~~{who}~~" if i < view.picks else who)
                lines.append(tr._("Pick order: {order}", order=" → ".join(order)))
            if view.leftover:
                lines.append(tr._("Leftover for everyone: {face}", face=face(tr, view.leftover)))
        fields: list[tuple[str, Sequence[str]]] = [(tr._("Standings"), self._standings(view, ctx))]
        recent = self._recent(ctx)
        if recent:
            fields.append((tr._("Last moves"), recent))
        choices: list[Choice] = []
        if view.phase in ("boat", "town") and view.stage == "pick":
            for die in dict.fromkeys(view.pool):
                count = view.pool.count(die)
                label = name(tr, die) + (f" ×{count}" if count > 1 else "")
                choices.append(Choice(label, f"pick {die}", emoji=EMOJI.get(die)))
        choices += [
            Choice(tr._("Act"), None, style="primary"),
            Choice(tr._("Mine"), None, op="mine"),
            Choice(tr._("Log"), None, op="log"),
        ]
        heading = ("🎲 " if view.phase in ("boat", "town") else "🎣 ") + self._head(tr, view)
        key = f"{view.round}:{STEP_PHASES[view.phase]}"
        status = "\n".join(self._waiting(view, ctx))
        return Panel(heading, lines, fields, choices=choices, key=key, status=status)

    # --- one seat -------------------------------------------------------------------------------

    def private(self, view: FleetView, seat: int, ctx: Ctx) -> Panel:
        """A seat's sheet as its picture; in words (and no picture) when asked for them."""
        tr = ctx.tr
        sheet = self.game.sheet_for(view)
        heading = tr._("{name}'s sheet", name=ctx.name(seat))
        if not ctx.words:
            image = sheet_picture(tr, sheet, view, seat, ctx.name(seat))
            words = Choice(tr._("Sheet in words"), None, op="mine_words")
            return Panel(heading, image=image, choices=[words])
        lines = sheet_lines(tr, sheet, view, seat, ctx.name(seat))
        solo = view.ruth is not None
        blocks: list[list[str]] = [[]]
        for line in lines:
            if line in (tr._("HARBOR"), tr._("WHARF")) or line in legend(tr, solo)[:1]:
                blocks.append([])
            blocks[-1].append(line)
        fields = [("\u200b", [_mono(block)]) for block in blocks[1:]]
        return Panel(heading, [_mono(blocks[0])], fields)

    def prompt(self, view: FleetView, seat: int, actions: Sequence[Action], ctx: Ctx) -> Panel:
        return prompt_panel(self.game, view, seat, actions, ctx)

    def owed(self, view: FleetView, seat: int, ctx: Ctx) -> str:
        task = self.game.pending(view, seat)
        return owed_task(ctx.tr, task) if task else ""

    # --- words ------------------------------------------------------------------------------------

    def event(self, event: Event, ctx: Ctx) -> str | None:
        return event_line(event, ctx)

    def refusal(self, error: IllegalAction, ctx: Ctx) -> str:
        tr = ctx.tr
        if error.code not in REFUSALS:
            return error.reason
        fields = dict(error.fields)
        if "section" in fields:
            fields["section"] = name(tr, str(fields["section"]))
        if "owed" in fields:
            owed = str(fields["owed"])
            fields["owed"] = tr._(PROMPTS[owed]) if owed in PROMPTS else owed
        return tr._(REFUSALS[error.code], **fields)

    def final(self, result: GameResult, view: FleetView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        again = Choice(tr._("Play again"), None, style="success", op="again")
        if len(view.players) == 1:
            return self._solo_final(result, view, ctx, again)
        seats = [s.seat for s in result.seats]
        labels = [tr._(CATEGORIES[key]) for key in CATEGORIES] + [tr._("total").upper()]
        left = min(max(len(label) for label in labels), 12)
        width = max(4, min(7, (LINE - left) // len(seats) - 1))
        header = " " * left + "".join(f"{ctx.name(s)[:width]:>{width + 1}}" for s in seats)
        rows = [header]
        for key, label in zip(CATEGORIES, labels, strict=False):
            values = "".join(f"{result.of(s).breakdown.get(key, 0):>{width + 1}}" for s in seats)
            rows.append(f"{label[:left]:<{left}}{values}")
        totals = "".join(f"{result.of(s).total:>{width + 1}}" for s in seats)
        rows.append(f"{labels[-1][:left]:<{left}}{totals}")
        notes = []
        first, second = result.seats[0], result.seats[1]
        winners = tr.list([ctx.name(w) for w in result.winners])
        if len(result.winners) > 1:
            notes.append(tr._("Tied on points and fish: {names} share the win.", names=winners))
        elif first.total == second.total:
            notes.append(tr._("{name} wins on fish after a tie on points.", name=winners))
        else:
            notes.append(
                tr.ngettext(
                    "{name} wins by {n} point.",
                    "{name} wins by {n} points.",
                    first.total - second.total,
                    name=winners,
                )
            )
        heading = tr._("Final scores")
        return Panel(heading, [*notes, _mono(rows)], choices=[again])

    def _solo_final(self, result: GameResult, view: FleetView, ctx: Ctx, again: Choice) -> Panel:
        tr = ctx.tr
        me = result.seats[0]
        lines = [
            tr._(
                "{name} scores {total} against Captain Ruth: **{title}**",
                name=ctx.name(me.seat),
                total=me.total,
                title=title(tr, me.title),
            )
        ]
        up = next_rank(me.total)
        if up is not None:
            floor, code = up
            lines.append(
                tr.ngettext(
                    "{n} more point for {title}.",
                    "{n} more points for {title}.",
                    floor - me.total,
                    title=title(tr, code),
                )
            )
        ladder = [
            f"{floor:>3} {tr._(TITLES[code])}" + ("  ◀" if code == me.title else "")
            for floor, code in SOLO_RANKS
        ]
        parts = " · ".join(f"{tr._(CATEGORIES[k])} {v}" for k, v in me.breakdown.items())
        crossed = sum(m.count(CROSSED) for m in view.players[me.seat].marks.values())
        ruth = tr.ngettext(
            "Ruth crossed out one of your boxes.", "Ruth crossed out {n} of your boxes.", crossed
        )
        return Panel(
            tr._("Final scores"),
            [*lines, parts, ruth],
            [(tr._("Ranks"), [_mono(ladder)])],
            choices=[again],
        )

    def rules(self, ctx: Ctx) -> Panel:
        """The quick reference; its numbers come from the sheet data and the rules."""
        tr = ctx.tr
        sheet = builtin_sheet()
        text = tr._(
            RULES,
            income=BASE_INCOME,
            catch=BOAT_CATCH,
            oysters=OYSTER_CATCH,
            coin=COIN_DIE,
            rounds=sheet.rounds.multiplayer,
            solo=sheet.rounds.solo,
        )
        buildings = [f"**{name(tr, b)}**: {building_effect(tr, sheet, b)}" for b in WHARF_BUILDINGS]
        return Panel(
            tr._("{game} — quick reference", game=self.title(tr)),
            [text],
            [
                (tr._("Wharf buildings"), buildings),
                (tr._("The sheet, as text"), [_mono(legend(tr, solo=True))]),
            ],
        )

    def title_name(self, code: str | None, ctx: Ctx) -> str:
        return title(ctx.tr, code)

    def share(self, result: GameResult, number: int, ctx: Ctx) -> str:
        tr = ctx.tr
        top = result.seats[0]
        return tr._(
            "Fleet #{number} · {score} · {title}",
            number=number,
            score=top.total,
            title=title(tr, top.title),
        )


def _phase(tr: Tr, phase: str) -> str:
    return {
        "setup": tr._("setup"),
        "boat": tr._("boat phase"),
        "income": tr.pgettext("phase", "income"),
        "fishing": tr._("fishing"),
        "town": tr._("town phase"),
        "over": tr._("game over"),
    }[phase]


def _mono(lines: Sequence[str]) -> str:
    return "```\n" + "\n".join(lines) + "\n```"
