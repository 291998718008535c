"""A seat's decision, compact enough for a phone: one choice per distinct effect, each with a
line saying what it does and a letter that ties it to the boxes the picture highlights.

A star action may mark any of 18 sections: it is one menu (the choices that earn something
first, then the sea, the harbor and the wharf in sheet order), not a wall of buttons. Choices
that change nothing are folded into one; the income the phase brings afterwards is said once.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.fronts.base import Choice, Ctx, Multi, Panel
from bot.fronts.fleet_dice.details import Detail, detail
from bot.fronts.fleet_dice.events import STAR_SOURCES, bonus_text, event_line
from bot.fronts.fleet_dice.picture import Spot, sheet_pictured
from bot.fronts.fleet_dice.words import EMOJI, face, name
from bot.i18n import N_, Tr
from engine.core.actions import Action
from engine.fleet_dice.player import section_area, section_name
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.state import FleetView, Task

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PROMPTS: dict[str, str] = {
    "pick": N_("pick a die from the pool"),
    "use": N_("use your die"),
    "star": N_("star action: mark the top box of any section"),
    "circle": N_("choose license or boat for the ? circle"),
    "bonus": N_("choose your King Crab bonus"),
    "oyster": N_("how many oyster boats take 1 fish + 1 coin?"),
}
"""What each decision asks, in a few words (a notice, a refusal's "what is owed")."""
AREA_EMOJI = {"boat": "🌊", "harbor": "⚓", "wharf": "🏗️"}
PICTURED: dict[str, bool] = {
    "pick": False,  # which die: each choice's line says what it would mark; `use` shows where
    "use": True,  # where the die goes: the lettered boxes are the choice
    "star": True,  # any section of the sheet: the lettered boxes are the choice
    "circle": False,  # license or boat: two words
    "bonus": False,  # a King Crab bonus: a line each
    "oyster": False,  # a number
}
"""Which decisions carry the sheet as a picture: only those where seeing the boxes is the
choice. Every other prompt is words (its sheet is a click away: Sheet in words, or Mine), so
it is neither drawn nor uploaded."""


def prompt_panel(
    game: FleetDice, view: FleetView, seat: int, actions: Sequence[Action], ctx: Ctx
) -> Panel:
    tr = ctx.tr
    task = game.pending(view, seat)
    if task is None:
        return Panel(tr._("Nothing to decide right now."))
    lines = _context(tr, view, task, ctx)
    said = _folded([(a, detail(tr, game, view, seat, a)) for a in _in_pool_order(view, actions)])
    if task.kind == "star":
        said = _earning_first(said)
    pictured = PICTURED.get(task.kind, False)
    lettered = _lettered(said) if pictured else [""] * len(said)
    lit: dict[Spot, str] = {}
    for (_, d), letter in zip(said, lettered, strict=True):
        for spot in d.spots:
            lit[spot] = f"{lit[spot]}/{letter}" if spot in lit else letter
    income = max((d.income for _, d in said), default=0)
    if income:
        lines.append(tr.ngettext("Then income: +{n} coin.", "Then income: +{n} coins.", income))
    choices = [
        _choice(tr, action, d.line, letter)
        for (action, d), letter in zip(said, lettered, strict=True)
    ]
    image = (
        sheet_pictured(tr, game.sheet_for(view), view, seat, ctx.name(seat), lit)
        if pictured
        else None
    )
    words = Choice(tr._("Sheet in words"), None, op="mine_words")
    title = capital(owed_task(tr, task))
    if task.kind != "star":
        return Panel(title, lines, image=image, choices=[*choices, words])
    options = [
        _section_option(tr, action, d.line, letter)
        for (action, d), letter in zip(said, lettered, strict=True)
        if action.verb == "star"
    ]
    skips = [c for c in choices if c.action == "skip"]
    menu = Multi("star", options, tr._("Mark a section…"), low=1, high=1)
    return Panel(title, lines, image=image, choices=[*skips, words], multi=menu)


def owed_task(tr: Tr, task: Task) -> str:
    """What a seat must decide, in a few words."""
    if task.kind == "use":
        die = face(tr, task.face or "")
        if task.chosen:
            return tr._("use your chosen {face}", face=die)
        return tr._("use the leftover {face}", face=die)
    if task.kind == "circle":
        return tr._("{kind} ? circle: license or boat", kind=name(tr, task.section or ""))
    return tr._(PROMPTS[task.kind]) if task.kind in PROMPTS else task.kind


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _context(tr: Tr, view: FleetView, task: Task, ctx: Ctx) -> list[str]:
    lines: list[str] = []
    if view.ruth is not None:
        ruth = [
            line for e in ctx.recent if e.kind in ("ruth", "cross") if (line := event_line(e, ctx))
        ]
        lines += [f"🧭 {line}" for line in ruth[-2:]]
    if task.kind == "pick" and view.pool:
        lines.append(tr._("Dice: {dice}", dice=" · ".join(face(tr, f) for f in view.pool)))
    if task.kind == "star":
        lines.append(_star_reason(tr, task))
    if task.kind == "bonus":
        lines.append(tr._("Choose one no one else has: it scores at the end (up to 10 VP)."))
    return lines


def _star_reason(tr: Tr, task: Task) -> str:
    if task.source == "coins" and task.box:
        return tr._("Your coins reached the ★ on box {box}: mark any section.", box=task.box)
    source = tr._(STAR_SOURCES.get(task.source or "", task.source or ""))
    return tr._("A star action from {source}: mark any section.", source=source)


def _in_pool_order(view: FleetView, actions: Sequence[Action]) -> list[Action]:
    """Picks in the order the roll message shows the dice."""
    order = {face: i for i, face in enumerate(dict.fromkeys(view.pool))}
    return sorted(actions, key=lambda a: order.get(a.args[0], 99) if a.verb == "pick" else 0)


def _folded(said: list[tuple[Action, Detail]]) -> list[tuple[Action, Detail]]:
    """Choices that change nothing (a coin taken on a full coin track, 3 Coins with nowhere
    to go) are one choice: the first of them stands for all."""
    kept: list[tuple[Action, Detail]] = []
    idle = False
    for action, d in said:
        if d.matters or not idle:
            kept.append((action, d))
        idle = idle or not d.matters
    return kept


def _earning_first(said: list[tuple[Action, Detail]]) -> list[tuple[Action, Detail]]:
    """A star action's targets: those that earn something now first (the most VP first),
    then the rest in sheet order (sea, harbor, wharf); declining last."""

    def key(item: tuple[Action, Detail]) -> tuple[int, int]:
        action, d = item
        if action.verb == "skip":
            return (2, 0)
        return (0, -d.vp) if d.earns else (1, 0)

    return sorted(said, key=key)


def _lettered(said: list[tuple[Action, Detail]]) -> list[str]:
    """A letter for each choice that marks a box, in order: the same letter the picture draws
    on those boxes."""
    letters = iter(LETTERS)
    return [next(letters, "") if d.spots else "" for _, d in said]


def _choice(tr: Tr, action: Action, line: str, letter: str) -> Choice:
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
        "skip": lambda: tr._("Skip this star action"),
        "choose": lambda: tr._("Activate license") if arg == "license" else tr._("Launch boat"),
        "bonus": lambda: bonus_text(tr, arg),
        "oyster": lambda: tr.ngettext(
            "{n} oyster boat takes a coin", "{n} oyster boats take a coin", int(arg or 0)
        ),
    }[verb]()
    if letter:
        label = f"{letter} · {label}"
    return Choice(label, action.text, detail=line, emoji=emoji)


def _section_option(tr: Tr, action: Action, line: str, letter: str) -> Choice:
    """A star action's target as a menu option: its value is the section (the menu's verb,
    ``star``, goes before it), its emoji says sea, harbor or wharf."""
    section = action.args[0]
    emoji = EMOJI.get(section) or AREA_EMOJI[section_area(section)]
    label = name(tr, section)
    return Choice(f"{letter} · {label}" if letter else label, section, line, emoji=emoji)
