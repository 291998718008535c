"""Fleet: The Dice Game's events told in a line each, for the board's last moves and the log.
Every sentence is a message id of the ``fleet-dice`` domain."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.fronts.base import Ctx
from bot.fronts.fleet_dice.words import face, license_name, name
from bot.i18n import N_, Tr
from engine.core.events import Event
from engine.fleet_dice.modules import CAPTAINS, GOLD, SILVER
from engine.fleet_dice.sheet import builtin_sheet

COIN_REASONS: dict[str, str] = {
    "income": N_("income"),
    "die taken as coin": N_("a die taken as coin"),
    "market": N_("Market"),
    "Cod license": N_("Cod license"),
    "level-2 license": N_("level-2 license"),
    "oyster boats": N_("oyster boats"),
    "Swordfish license": N_("Swordfish license"),
    "3 Coins": N_("3 Coins"),
}
STAR_SOURCES: dict[str, str] = {
    "coins": N_("a star on the coin track"),
    "scrap yard": N_("the Scrap Yard"),
    "Shrimp license": N_("the Shrimp license"),
    "swordfish": N_("the Swordfish license"),
}
RUTH_REASONS: dict[str, str] = {
    "boat_marker": N_("her boat marker is on {section}"),
    "boat_route": N_("{section} is the next die along her boat route from {start}"),
    "joker": N_("3 Coins is her joker"),
    "exhausted": N_("only dice of used-up types are left, so she takes one and passes"),
    "harbor_first": N_("Harbor comes first for her in the town phase"),
    "wharf_next": N_("Wharf comes next for her when no Harbor die helps her"),
    "market_star": N_("a Market die crosses out your next open star"),
    "no_use": N_("no die is of use to her, so she takes one and passes"),
    "leftover_boat": N_("she crosses out your bottom open {section} box"),
    "leftover_full": N_("your {section} column has no open box"),
    "nothing": N_("there is no box for it to cross out"),
    "harbor_marker": N_("her harbor marker points there"),
    "wharf_marker": N_("her wharf marker points there"),
}


def bonus_text(tr: Tr, bonus: str) -> str:
    """A King Crab bonus's full text, from the sheet data."""
    options = builtin_sheet().king_crab_bonuses.options
    text = next((o.text for o in options if o.id == bonus), bonus)
    return tr._(text)


def ruth_reason(tr: Tr, data: dict[str, object]) -> str:
    code = str(data.get("reason", ""))
    if code not in RUTH_REASONS:
        return code
    fields = {k: name(tr, str(data[k])) for k in ("section", "start") if k in data}
    why = tr._(RUTH_REASONS[code], **fields)
    if data.get("after_town"):
        why = tr._("a boat die comes after Harbor and Wharf ({why})", why=why)
    return why


def event_line(event: Event, ctx: Ctx) -> str | None:
    """One line for one event; None for what is not worth a line."""
    tr = ctx.tr
    d = dict(event.data)
    who = ctx.name(event.seat)
    kind = event.kind
    wording: dict[str, Callable[[], str | None]] = {
        "trophies": lambda: tr._(
            "Trophies: gold for {gold}, silver for {silver}.",
            gold=tr._(GOLD[str(d["gold"])].text),
            silver=tr._(SILVER[str(d["silver"])].text),
        ),
        "captain": lambda: tr._(
            "{name} is dealt {captain}.", name=who, captain=tr._(CAPTAINS[str(d["captain"])].name)
        ),
        "start": lambda: tr._(
            "{name} rolls {face} for the start bonus.", name=who, face=face(tr, str(d["face"]))
        ),
        "pick": lambda: tr._("{name} takes {face}.", name=who, face=face(tr, str(d["face"]))),
        "skip": lambda: tr._("{name} declines a star action.", name=who),
        "forfeit": lambda: tr._(
            "{name} loses a star action: no section has an open box.", name=who
        ),
        "roll": lambda: tr._(
            "Round {round}, {phase} phase: the dice show {dice}.",
            round=d["round"],
            phase=tr._("boat") if d["phase"] == "boat" else tr._("town"),
            dice=", ".join(face(tr, str(f)) for f in _listed(d["pool"])),
        ),
        "leftover": lambda: tr._(
            "Everyone uses the leftover {face}.", face=face(tr, str(d["face"]))
        ),
        "over": lambda: tr._("The game is over."),
        "trophy": lambda: tr._("{name} claims the silver trophy.", name=who),
        "coins": lambda: _coins(tr, who, d),
        "fish": lambda: tr.ngettext(
            "{name} catches {n} fish ({where}).",
            "{name} catches {n} fish ({where}).",
            int(str(d["fish"])),
            name=who,
            where=tr._("round fishing") if d["source"] == "round" else tr._("Captain's Club"),
        ),
        "mark": lambda: (
            tr._(
                "{name} marks {section} box {box} with a star action.",
                name=who,
                section=name(tr, str(d["section"])),
                box=d["box"],
            )
            if d.get("via") == "star"
            else tr._(
                "{name} marks {section} box {box}.",
                name=who,
                section=name(tr, str(d["section"])),
                box=d["box"],
            )
        ),
        "license": lambda: _license(tr, who, d),
        "club": lambda: tr._("{name} holds a private fishing phase (Captain's Club).", name=who),
        "bonus": lambda: tr._(
            "{name} takes the King Crab bonus “{text}”.",
            name=who,
            text=bonus_text(tr, str(d["bonus"])),
        ),
        "launch": lambda: tr._(
            "{name} launches {kind} boat {number}.",
            name=who,
            kind=name(tr, str(d["boat"])),
            number=d["number"],
        ),
        "complete": lambda: tr._(
            "{name} completes {building}.", name=who, building=name(tr, str(d["building"]))
        ),
        "ruth": lambda: (
            tr._(
                "Ruth uses the leftover {face}: {why}.",
                face=face(tr, str(d["face"])),
                why=ruth_reason(tr, d),
            )
            if d.get("leftover")
            else tr._(
                "Ruth takes {face}: {why}.", face=face(tr, str(d["face"])), why=ruth_reason(tr, d)
            )
        ),
        "cross": lambda: _cross(tr, d),
        "markers": lambda: tr._(
            "Ruth's markers move to {boat}, {harbor} and {wharf}.",
            boat=name(tr, str(d["boat"])),
            harbor=name(tr, str(d["harbor"])),
            wharf=name(tr, str(d["wharf"])),
        ),
        "reroll": lambda: tr._(
            "{name} rerolls {old} with the Casino: {face}.",
            name=who,
            old=face(tr, str(d["old"])),
            face=face(tr, str(d["face"])),
        ),
        "buffet": lambda: tr._(
            "{name} fills the {kind} hexagon of the Seafood Buffet.",
            name=who,
            kind=name(tr, str(d["hexagon"])),
        ),
        "scrap": lambda: tr._("{name} uses the Scrap Yard for a star action.", name=who),
    }
    say = wording.get(kind)
    line = say() if say is not None else None
    return one_period(line) if line else None


def one_period(text: str) -> str:
    """A name ending in a period ends its sentence once: ``… Ridback Canning Co.`` not ``Co..``.

    >>> one_period("Ana completes the Ridback Canning Co.."), one_period("Wait...")
    ('Ana completes the Ridback Canning Co.', 'Wait...')
    """
    return re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)


def _coins(tr: Tr, who: str, d: dict[str, object]) -> str:
    amount = int(str(d["amount"]))
    reason = tr._(COIN_REASONS.get(str(d["reason"]), str(d["reason"])))
    if amount == 0:
        return tr._("{name}'s coin track is full ({reason}).", name=who, reason=reason)
    return tr.ngettext(
        "{name} gains {n} coin ({reason}).",
        "{name} gains {n} coins ({reason}).",
        amount,
        name=who,
        reason=reason,
    )


def _license(tr: Tr, who: str, d: dict[str, object]) -> str:
    if d["license"] == "king_crab":
        return tr._("{name} activates the King Crab license.", name=who)
    return tr._(
        "{name} activates the {license}, level {level}.",
        name=who,
        license=license_name(tr, str(d["license"])),
        level=d["level"],
    )


def _cross(tr: Tr, d: dict[str, object]) -> str:
    boxes = [str(b) for b in _listed(d["boxes"])]
    if d["section"] == "coins":
        return tr._("Ruth crosses out the star on your coin box {box}.", box=boxes[0])
    return tr.ngettext(
        "Ruth crosses out your {section} box {boxes}.",
        "Ruth crosses out your {section} boxes {boxes}.",
        len(boxes),
        section=name(tr, str(d["section"])),
        boxes=tr.list(boxes),
    )


def _listed(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else [value]
