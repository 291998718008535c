"""What each choice of a prompt does now, in one line: the box it marks, the circle that fires,
what the building it works on does, what it earns. Asked of the engine's preview, never worked
out here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.fronts.fleet_dice.picture import Spot
from bot.fronts.fleet_dice.words import building_effect, license_name, name
from bot.i18n import Nn_, Tr
from engine.core.actions import Action
from engine.core.events import Event
from engine.fleet_dice.dice import COINS, HARBOR, MARKET, WHARF
from engine.fleet_dice.player import section_area, section_name, top_open, total_fish
from engine.fleet_dice.preview import bonus_worth, preview
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.sheet import BOAT_TYPES, Sheet
from engine.fleet_dice.state import FleetView
from engine.fleet_dice.uses import market_coins

DETAIL = 100
"""Discord's limit on a select option's description."""
CIRCLES = {"L": "L", "B": "B", "?": "?", "LICENSE": "K", "BOAT": "B", "FISH": "F", "ACTIVATE": "A"}


def bonus_line(tr: Tr, bonus: str) -> str:
    from bot.fronts.fleet_dice.events import bonus_text

    return bonus_text(tr, bonus)


def effect(tr: Tr, event: Event) -> str | None:
    """One effect of a choice, in a few words."""
    d = event.data
    if event.kind == "mark":
        where = tr._("{section} box {box}", section=name(tr, str(d["section"])), box=d["box"])
        return tr._("★ {where}", where=where) if d.get("via") == "star" else where
    if event.kind == "pick":
        return tr._("takes {die}", die=name(tr, str(d["face"])))
    if event.kind == "reroll":
        return tr._("rerolls: {die}", die=name(tr, str(d["face"])))
    if event.kind == "skip":
        return tr._("declines a star action")
    if event.kind == "forfeit":
        return tr._("loses a star action (nothing open)")
    if event.kind == "license":
        if d["license"] == "king_crab":
            return tr._("King Crab license")
        return tr._(
            "{license} L{level}", license=license_name(tr, str(d["license"])), level=d["level"]
        )
    if event.kind == "launch":
        return tr._("launches {kind} boat {n}", kind=name(tr, str(d["boat"])), n=d["number"])
    if event.kind == "coins" and int(str(d["amount"])):
        return tr.ngettext("+{n} coin", "+{n} coins", int(str(d["amount"])))
    if event.kind == "fish" and int(str(d["fish"])):
        return tr.ngettext("+{n} fish", "+{n} fish", int(str(d["fish"])))
    if event.kind == "complete":
        return tr._("completes {building}", building=name(tr, str(d["building"])))
    if event.kind == "club":
        return tr._("private fishing")
    if event.kind == "buffet":
        return tr._("fills the {kind} hexagon", kind=name(tr, str(d["hexagon"])))
    if event.kind == "bonus":
        return tr._("King Crab bonus: {text}", text=bonus_line(tr, str(d["bonus"])))
    return None


@dataclass(frozen=True)
class Detail:
    """What one choice does: its line, the boxes it marks (for the picture), whether it does
    anything at all, and the income the phase then brings (said once, not on each choice)."""

    line: str
    spots: list[Spot] = field(default_factory=list)
    matters: bool = True
    income: int = 0
    earns: bool = False
    """It brings something now besides the box: a circle that fires, coins, a star action,
    VP."""
    vp: int = 0


def detail(tr: Tr, game: FleetDice, view: FleetView, seat: int, action: Action) -> Detail:
    """The line for a choice, and the boxes it would mark."""
    verb, arg = action.verb, action.args[0] if action.args else ""
    p = view.players[seat]
    sheet = game.sheet_for(view)
    if verb == "pick":
        if arg in BOAT_TYPES:
            i = top_open(p.marks[arg])
            if i is None:
                return Detail(tr._("no open {kind} box: take it as a coin", kind=name(tr, arg)))
            kind = sheet.section_boxes(arg)[i]
            circle = f" ({CIRCLES[kind]})" if kind in CIRCLES else ""
            line = tr._("next: {kind} box {box}", kind=name(tr, arg), box=i + 1) + circle
            return Detail(line, [(arg, i)])
        if arg == MARKET:
            coins = market_coins(sheet, p)
            return Detail(
                tr.ngettext(
                    "+{n} coin for the {fish} fish on your boats",
                    "+{n} coins for the {fish} fish on your boats",
                    coins,
                    fish=total_fish(p),
                )
            )
        return Detail(
            {
                COINS: tr._("3 coins, or a boat box with a Shrimp license"),
                HARBOR: tr._("mark a harbor ship"),
                WHARF: tr._("mark a wharf building"),
            }.get(arg, "")
        )
    if verb == "bonus":
        text = next((o.text for o in sheet.king_crab_bonuses.options if o.id == arg), arg)
        worth = bonus_worth(game, view, seat, arg)
        return Detail(
            tr.ngettext(
                "{text}: worth {n} VP now", "{text}: worth {n} VP now", worth, text=tr._(text)
            )
        )
    if verb == "skip":
        return Detail(tr._("mark nothing: the star action is lost"))
    if verb == "reroll":
        return Detail(tr._("roll this die again (once a phase)"))
    seen = preview(game, view, seat, action)
    head: list[str] = []
    coins = income = 0
    marked = None
    named = arg if verb in ("use", "star") else None
    for e in seen.events:
        if e.kind == "mark" and marked is None and str(e.data["section"]) == named:
            # the choice's label names the section already: the box is enough
            box = tr._("box {box}", box=e.data["box"])
            head.append(tr._("★ {where}", where=box) if e.data.get("via") == "star" else box)
            marked = section_name(named)
            continue
        if e.kind == "coins" and e.data.get("reason") == "income":
            income += int(str(e.data["amount"]))  # the phase ends with this choice
        elif e.kind == "coins":
            coins += int(str(e.data["amount"]))
        elif e.kind == "launch" and str(e.data["boat"]) == marked:
            # the boat of the box just named: its kind is said once (German lines fit)
            head.append(tr._("launches boat {n}", n=e.data["number"]))
        elif w := effect(tr, e):
            head.append(w)
        if e.kind == "mark":
            marked = section_name(str(e.data["section"]))
    building = _building_worked(seen.events)
    if building is not None:
        head.append(building_effect(tr, sheet, building))
    tail: list[str] = []
    spots: list[Spot] = [
        (str(e.data["section"]), int(str(e.data["box"])) - 1)
        for e in seen.events
        if e.kind == "mark"
    ]
    if len(head) == 1 and len(spots) == 1 and not coins and not seen.stars and not seen.vp:
        # Only a box: say what the section's next circle brings, and how far it is.
        head += _next_circle(tr, sheet, *spots[0])
    if coins:
        tail.append(tr.ngettext("+{n} coin", "+{n} coins", coins))
    if seen.stars:
        tail.append(tr.ngettext("+{n} star action", "+{n} star actions", seen.stars))
    if seen.vp:
        tail.append(tr._("{vp:+d} VP", vp=seen.vp))
    spots += [("coins", i) for i in seen.coin_boxes]
    matters = bool(head or tail or spots)
    line = fit(head, tail) if matters else tr._("no effect")
    earns = bool(tail) or any(e.kind in EARNING for e in seen.events)
    return Detail(line, spots, matters, income, earns, seen.vp)


LICENSE_NEXT = Nn_("{n} more box to a license", "{n} more boxes to a license")
BOAT_NEXT = Nn_("{n} more box to a boat", "{n} more boxes to a boat")
CIRCLE_NEXT = {
    "L": LICENSE_NEXT,
    "LICENSE": LICENSE_NEXT,
    "B": BOAT_NEXT,
    "BOAT": BOAT_NEXT,
    "?": Nn_("{n} more box to a license or a boat", "{n} more boxes to a license or a boat"),
    "FISH": Nn_("{n} more box to private fishing", "{n} more boxes to private fishing"),
}
"""What a section's next circle brings, and how many boxes away it is (whole sentences,
so each language words its own noun)."""


def _next_circle(tr: Tr, sheet: Sheet, section: str, box: int) -> list[str]:
    """How many boxes after `box` (0-based) the section's next circle is, and what it brings:
    ``2 more boxes to a license``; nothing when no circle is left (a wharf building says its
    effect itself)."""
    if section_area(section) == "wharf":
        return []
    kinds = sheet.section_boxes(section)
    for n, kind in enumerate(kinds[box + 1 :], 1):
        if kind in CIRCLE_NEXT:
            one, many = CIRCLE_NEXT[kind]
            return [tr.ngettext(one, many, n)]
    return []


EARNING = frozenset({"license", "launch", "club", "complete", "bonus", "buffet", "fish"})
"""What a choice's events may bring besides a marked box."""


def _building_worked(events: Sequence[Event]) -> str | None:
    """The wharf building a choice marks a box of, if it does not complete it now (a building
    completed says so itself)."""
    marks = [str(e.data["section"]) for e in events if e.kind == "mark"]
    wharf = [section_name(s) for s in marks if section_area(s) == "wharf"]
    done = {str(e.data["building"]) for e in events if e.kind == "complete"}
    return next((b for b in wharf if b not in done), None)


def fit(head: Sequence[str], tail: Sequence[str], limit: int = DETAIL) -> str:
    """Parts joined with ``·`` in at most `limit` characters: the tail (coins, star actions,
    VP: what players choose by) is kept whole, the head is cut at its end.

    >>> fit(["Cod box 5", "launches boat 2"], ["+2 VP"])
    'Cod box 5 · launches boat 2 · +2 VP'
    >>> fit(["Casino box 1", "when complete: reroll your chosen die once a phase"], ["+2 VP"], 40)
    'Casino box 1 · when complete: r… · +2 VP'
    """
    line = " · ".join([*head, *tail])
    if len(line) <= limit:
        return line
    end = " · ".join(tail)
    room = limit - len(end) - (4 if end else 1)
    start = " · ".join(head)[: max(0, room)].rstrip(" ·")
    return f"{start}… · {end}" if end else f"{start}…"
