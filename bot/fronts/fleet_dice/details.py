"""What each choice of a prompt does now, in one line: the box it marks, the circle that fires,
what it earns. Asked of the engine's preview, never worked out here."""

from __future__ import annotations

from bot.fronts.fleet_dice.picture import Spot
from bot.fronts.fleet_dice.words import name
from bot.i18n import Tr
from engine.core.actions import Action
from engine.core.events import Event
from engine.fleet_dice.dice import COINS, HARBOR, MARKET, WHARF
from engine.fleet_dice.player import top_open
from engine.fleet_dice.preview import bonus_worth, preview
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.sheet import BOAT_TYPES
from engine.fleet_dice.state import FleetView

DETAIL = 100
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
        return tr._("{kind} license L{level}", kind=name(tr, str(d["license"])), level=d["level"])
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


def detail(
    tr: Tr, game: FleetDice, view: FleetView, seat: int, action: Action
) -> tuple[str, list[Spot]]:
    """The line for a choice, and the boxes it would mark (for the picture)."""
    verb, arg = action.verb, action.args[0] if action.args else ""
    p = view.players[seat]
    sheet = game.sheet_for(view)
    if verb == "pick":
        if arg in BOAT_TYPES:
            i = top_open(p.marks[arg])
            if i is None:
                return tr._("no open {kind} box: take it as a coin", kind=name(tr, arg)), []
            kind = sheet.section_boxes(arg)[i]
            circle = f" ({CIRCLES[kind]})" if kind in CIRCLES else ""
            return tr._("next: {kind} box {box}", kind=name(tr, arg), box=i + 1) + circle, [
                (arg, i)
            ]
        return {
            COINS: tr._("3 coins, or a boat box with a Shrimp license"),
            HARBOR: tr._("mark a harbor ship"),
            WHARF: tr._("mark a wharf building"),
            MARKET: tr._("coins for the fish on your boats"),
        }.get(arg, ""), []
    if verb == "bonus":
        text = next((o.text for o in sheet.king_crab_bonuses.options if o.id == arg), arg)
        worth = bonus_worth(game, view, seat, arg)
        return tr.ngettext(
            "{text}: worth {n} VP now", "{text}: worth {n} VP now", worth, text=tr._(text)
        ), []
    if verb == "skip":
        return tr._("mark nothing: the star action is lost"), []
    if verb == "reroll":
        return tr._("roll this die again (once a phase)"), []
    seen = preview(game, view, seat, action)
    words: list[str] = []
    coins = income = 0
    marked = None
    for e in seen.events:
        if e.kind == "coins" and e.data.get("reason") == "income":
            income += int(str(e.data["amount"]))  # the phase ends with this choice
        elif e.kind == "coins":
            coins += int(str(e.data["amount"]))
        elif e.kind == "launch" and str(e.data["boat"]) == marked:
            # the boat of the box just named: its kind is said once (German lines fit)
            words.append(tr._("launches boat {n}", n=e.data["number"]))
        elif w := effect(tr, e):
            words.append(w)
        if e.kind == "mark":
            marked = str(e.data["section"]).rpartition(":")[2]
    if coins:
        words.append(tr.ngettext("+{n} coin", "+{n} coins", coins))
    if income:
        words.append(tr.ngettext("income +{n} coin", "income +{n} coins", income))
    if seen.stars:
        words.append(tr.ngettext("+{n} star action", "+{n} star actions", seen.stars))
    if seen.vp:
        words.append(tr._("{vp:+d} VP", vp=seen.vp))
    spots: list[Spot] = [
        (str(e.data["section"]), int(str(e.data["box"])) - 1)
        for e in seen.events
        if e.kind == "mark"
    ]
    spots += [("coins", i) for i in seen.coin_boxes]
    line = " · ".join(words) or tr._("no effect")
    return (line if len(line) <= DETAIL else line[: DETAIL - 1] + "…"), spots
