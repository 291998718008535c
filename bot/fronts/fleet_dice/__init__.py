"""Fleet: The Dice Game at the table: the board, the public roll with its dice buttons, each
player's sheet and prompts, the final scores. Draws views only (the seed never reaches it)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.fronts.base import ChallengeSpec, Choice, Ctx, OptionSpec, Panel
from bot.fronts.fleet_dice.events import bonus_text, event_line
from bot.fronts.fleet_dice.sheet import sheet_lines
from bot.fronts.fleet_dice.words import CATEGORIES, EMOJI, face, name, title
from bot.i18n import N_, Tr
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult
from engine.fleet_dice.player import coin_boxes, section_name, total_fish
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.scoring import breakdown
from engine.fleet_dice.state import RUTH, FleetView, Task

RULES = N_(
    "Each round: **boat phase** (take a die in turn and use it; then everyone uses the "
    "leftover die), **income** (1 coin plus bonuses), **fishing** in even rounds (every "
    "launched boat catches 1 fish, oyster boats 2), **town phase** (like the boat phase, "
    "with harbor, wharf and market dice).\n"
    "Always mark the **top-most open box** of a section. Circles fire when marked: **L** "
    "activates a license, **B** launches a boat, **?** is your choice. Coins fill the coin "
    "track; a ★ box gives a **star action** (mark the top box of any section). Any die may be "
    "taken as 1 coin.\n"
    "Score: fish + boats + licenses + buildings + bonus. 10 rounds (solo: 8, against "
    "Captain Ruth, who crosses out your boxes from the bottom).\n"
    "Press **Act** on the board (or /table act) whenever the table is waiting for you."
)
PROMPTS: dict[str, str] = {
    "pick": N_("Pick a die from the pool"),
    "star": N_("Star action: mark the top box of any section"),
    "bonus": N_("Choose your King Crab bonus"),
    "oyster": N_("How many oyster boats take 1 fish + 1 coin?"),
}
REFUSALS: dict[str, str] = {
    "over": N_("The game is over; nothing can be played any more."),
    "not_your_turn": N_("You have nothing to decide right now; wait for your turn."),
    "bad_use": N_("You can't do that with this die: pick one of the uses offered."),
    "full": N_("{section} has no open box to mark."),
    "not_now": N_("That is not possible now: {owed}."),
}


class FleetDiceFront:
    game_id = "fleet-dice"
    domain = "fleet-dice"
    lobby_options = (
        OptionSpec("captains", N_("Captain cards"), ((N_("off"), False), (N_("on"), True))),
        OptionSpec("trophies", N_("Trophies"), ((N_("off"), False), (N_("on"), True))),
    )
    challenge: ChallengeSpec | None = ChallengeSpec(ai=0)

    def __init__(self) -> None:
        self.rules_object = FleetDice()

    def title(self, tr: Tr) -> str:
        return tr._("Fleet: The Dice Game")

    # --- the public table ------------------------------------------------------------------------

    def board(self, view: FleetView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        sheet = self.rules_object.sheet_for(view)
        if view.phase == "over":
            head = tr._("Game over after {rounds} rounds", rounds=view.rounds)
        else:
            head = tr._(
                "Round {round}/{rounds} · {phase}",
                round=view.round,
                rounds=view.rounds,
                phase=_phase(tr, view.phase),
            )
        lines = []
        if view.pool and view.stage == "pick":
            lines.append(tr._("Dice: {dice}", dice=" · ".join(face(tr, f) for f in view.pool)))
        if view.leftover:
            lines.append(tr._("Leftover for everyone: {face}", face=face(tr, view.leftover)))
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
        elif view.phase != "over":
            lines.append(tr._("First player: {name}", name=ctx.name(view.first_player)))
        if ctx.waiting:
            names = tr.list([ctx.name(s) for s in ctx.waiting])
            lines.append(tr._("Waiting for: {names}", names=names))
        fields: list[tuple[str, Sequence[str]]] = []
        for seat, p in enumerate(view.players):
            vp = sum(breakdown(sheet, view, seat).values())
            standing = tr._(
                "{vp} VP · {coins} coins · {fish} fish",
                vp=vp,
                coins=coin_boxes(p),
                fish=total_fish(p),
            )
            fields.append((ctx.name(seat), [standing]))
        recent = [line for e in ctx.recent if (line := self.event(e, ctx))]
        if recent:
            fields.append((tr._("Last moves"), recent[-8:]))
        return Panel(tr._("{game} — {head}", game=self.title(tr), head=head), lines, fields)

    def public_step(self, view: FleetView, ctx: Ctx) -> Panel | None:
        """The roll of a draft: its dice, the pick order, the leftover; a button per face."""
        if view.phase not in ("boat", "town") or view.stage not in ("pick", "leftover"):
            return None
        tr = ctx.tr
        lines = [tr._("Dice: {dice}", dice=" · ".join(face(tr, f) for f in view.pool) or "—")]
        order = []
        for i, seat in enumerate(view.order):
            who = tr._("Captain Ruth") if seat == RUTH else ctx.name(seat)
            order.append(f"~~{who}~~" if i < view.picks else who)
        if order:
            lines.append(tr._("Pick order: {order}", order=" → ".join(order)))
        if view.stage == "leftover" and view.leftover:
            lines.append(tr._("Everyone uses the leftover {face}.", face=face(tr, view.leftover)))
        choices: list[Choice] = []
        if view.stage == "pick":
            for die in dict.fromkeys(view.pool):
                count = view.pool.count(die)
                label = name(tr, die) + (f" ×{count}" if count > 1 else "")
                choices.append(Choice(label, f"pick {die}", emoji=EMOJI.get(die)))
        choices.append(Choice(tr._("Act"), None, style="primary"))
        heading = tr._("🎲 Round {round} · {phase}", round=view.round, phase=_phase(tr, view.phase))
        return Panel(heading, lines, choices=choices, key=f"{view.round}:{view.phase}")

    # --- one seat -------------------------------------------------------------------------------

    def private(self, view: FleetView, seat: int, ctx: Ctx) -> Panel:
        tr = ctx.tr
        sheet = self.rules_object.sheet_for(view)
        lines = sheet_lines(tr, sheet, view, seat, ctx.name(seat))
        chunks: list[list[str]] = [[]]
        for line in lines:
            if line in (tr._("HARBOR"), tr._("WHARF")) or line.startswith(tr._("COINS")[:5]):
                chunks.append([])
            chunks[-1].append(line)
        fields = [("\u200b", [_mono(chunk)]) for chunk in chunks[1:]]
        return Panel(tr._("{name}'s sheet", name=ctx.name(seat)), [_mono(chunks[0])], fields)

    def prompt(self, view: FleetView, seat: int, actions: Sequence[Action], ctx: Ctx) -> Panel:
        tr = ctx.tr
        task = self.rules_object.pending(view, seat)
        if task is None:
            return Panel(tr._("Nothing to decide right now."))
        lines = []
        if task.kind == "pick" and view.pool:
            lines.append(tr._("Dice: {dice}", dice=" · ".join(face(tr, f) for f in view.pool)))
        sheet = self.rules_object.sheet_for(view)
        summary = sheet_lines(tr, sheet, view, seat, ctx.name(seat))[:2]
        fields = [(tr._("{name}'s sheet", name=ctx.name(seat)), [_mono(summary)])]
        choices = [self._choice(tr, a) for a in actions]
        return Panel(_capital(self._owed_task(tr, task)), lines, fields, choices=choices)

    def owed(self, view: FleetView, seat: int, ctx: Ctx) -> str:
        task = self.rules_object.pending(view, seat)
        return self._owed_task(ctx.tr, task) if task else ""

    def _owed_task(self, tr: Tr, task: Task) -> str:
        if task.kind == "use":
            die = face(tr, task.face or "")
            if task.chosen:
                return tr._("use your chosen {face} die", face=die)
            return tr._("use the leftover {face} die", face=die)
        if task.kind == "circle":
            return tr._("{kind} ? circle: license or boat", kind=name(tr, task.section or ""))
        return tr._(PROMPTS[task.kind]).lower() if task.kind in PROMPTS else task.kind

    def _choice(self, tr: Tr, action: Action) -> Choice:
        verb, arg = action.verb, action.args[0] if action.args else ""
        names = " + ".join(name(tr, section_name(a)) for a in arg.split("+")) if arg else ""
        emoji = EMOJI.get(arg.split("+")[0]) if verb in ("pick", "use", "buffet") else None
        label = {
            "pick": lambda: tr._("Take {die}", die=names),
            "use": lambda: (
                tr._("Use as {what}", what=names)
                if arg in ("coins", "market")
                else tr._("Mark {section}", section=names)
            ),
            "coin": lambda: tr._("Take as 1 coin"),
            "buffet": lambda: tr._("Seafood Buffet: {kind} hexagon", kind=names),
            "scrap": lambda: tr._("Scrap Yard: star action"),
            "reroll": lambda: tr._("Casino: reroll"),
            "star": lambda: tr._("Star: {section}", section=names),
            "choose": lambda: tr._("Activate license") if arg == "license" else tr._("Launch boat"),
            "bonus": lambda: bonus_text(tr, arg),
            "oyster": lambda: tr.ngettext(
                "{n} oyster boat takes a coin", "{n} oyster boats take a coin", int(arg or 0)
            ),
        }[verb]()
        return Choice(label, action.text, emoji=emoji)

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
            fields["owed"] = tr._(PROMPTS[owed]).lower() if owed in PROMPTS else owed
        return tr._(REFUSALS[error.code], **fields)

    def final(self, result: GameResult, view: FleetView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        fields: list[tuple[str, Sequence[str]]] = []
        for s in result.seats:
            parts = " · ".join(
                f"{tr._(CATEGORIES[k])} {v}" for k, v in s.breakdown.items() if k in CATEGORIES
            )
            lines = [parts]
            if s.title:
                lines.append(f"**{title(tr, s.title)}**")
            head = tr._(
                "{rank}. {name} — {total} VP", rank=s.rank, name=ctx.name(s.seat), total=s.total
            )
            fields.append((head, lines))
        notes = []
        if "tie_broken" in result.reasons:
            notes.append(tr._("Tied on points; most fish breaks the tie."))
        if "tie_shared" in result.reasons:
            notes.append(tr._("Tied on points and fish: the win is shared."))
        if len(view.players) > 1:
            names = tr.list([ctx.name(w) for w in result.winners])
            notes.append(tr._("Winner: {names}", names=names))
        return Panel(tr._("Final scores"), notes, fields)

    def rules(self, ctx: Ctx) -> Panel:
        tr = ctx.tr
        return Panel(tr._("{game} — quick reference", game=self.title(tr)), [tr._(RULES)])

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
        "income": tr._("income"),
        "fishing": tr._("fishing"),
        "town": tr._("town phase"),
        "over": tr._("game over"),
    }[phase]


def _mono(lines: Sequence[str]) -> str:
    return "```\n" + "\n".join(lines) + "\n```"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
