"""Fleet's events told in a line each, for the board's last moves and the log. A card that went
into a hand, under a captain or face down onto the discard pile is worded only for its owner;
everyone else hears how many. Every sentence is a message id of the ``fleet-cards`` domain."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.fronts.base import Ctx
from bot.fronts.fleet_cards.words import SOURCES, boat, boat_name, counted, license_name
from bot.i18n import Tr
from engine.core.events import Event
from engine.fleet_cards.cards import kind_of

PRIVATE = frozenset({"dealt", "drew", "captain", "discarded"})
"""Events about a hand: worded for their owner only, whoever asks."""
OWNER_HAS_BETTER = frozenset({"draw", "discard", "hire"})
"""Public events whose owner gets a private line that says more (which cards)."""


def _cards(tr: Tr, cards: object) -> str:
    """``🦞 Lobster ×2, 🐟 Cod``: cards of a kind are alike, so counted."""
    ids = [str(c) for c in cards] if isinstance(cards, list | tuple) else []
    return counted(tr, [boat(tr, kind_of(c)) for c in ids])


def _source(tr: Tr, source: object) -> str:
    return tr._(SOURCES.get(str(source), str(source)))


def event_line(event: Event, ctx: Ctx) -> str | None:
    """One line for one event, for `ctx.reader`; None for what is not worth a line (or not
    theirs to read)."""
    reader = ctx.reader
    mine = reader is not None and event.seat == reader
    if event.kind in PRIVATE and not (mine and event.visible(reader)):
        return None
    if event.kind in OWNER_HAS_BETTER and mine and _owner_told(event):
        return None
    tr = ctx.tr
    d: Mapping[str, object] = event.data
    who = ctx.name(event.seat)
    say = _WORDING.get(event.kind)
    return say(tr, who, d) if say is not None else None


def _owner_told(event: Event) -> bool:
    return event.kind != "draw" or int(str(event.data.get("count", 0))) > 0


def _paid(tr: Tr, who: str, d: Mapping[str, object]) -> str:
    cards = _cards(tr, d.get("cards", []))
    crates = int(str(d.get("crates", 0)))
    parts = [cards] if cards else []
    if crates:
        parts.append(tr.ngettext("{n} processed crate", "{n} processed crates", crates))
    what = (
        tr._("the {license}", license=license_name(tr, str(d["item"])))
        if d["kind"] == "license"
        else tr._("the {boat} boat", boat=boat_name(tr, str(d["item"])))
    )
    if not parts:
        return tr._(
            "{name} pays nothing for {what}: the Shrimp discount covers it.", name=who, what=what
        )
    notes = []
    if int(str(d.get("discount", 0))):
        notes.append(tr._("Shrimp discount ${n}", n=d["discount"]))
    if int(str(d.get("overpaid", 0))):
        notes.append(tr._("${n} overpaid, no change", n=d["overpaid"]))
    fields = {"name": who, "paid": d["paid"], "what": what, "cards": tr.list(parts)}
    if notes:
        return tr._(
            "{name} pays ${paid} for {what} with {cards} ({notes}).",
            notes=", ".join(notes),
            **fields,
        )
    return tr._("{name} pays ${paid} for {what} with {cards}.", **fields)


Wording = Callable[[Tr, str, Mapping[str, object]], str | None]

_WORDING: dict[str, Wording] = {
    "setup": lambda tr, who, d: tr._(
        "The first licenses on offer: {row}.",
        row=", ".join(license_name(tr, str(x)) for x in _list(d["row"])),
    ),
    "dealt": lambda tr, who, d: tr._("Your starting hand: {cards}.", cards=_cards(tr, d["cards"])),
    "offer": lambda tr, who, d: tr._(
        "{name} puts the {license} up for auction.",
        name=who,
        license=license_name(tr, str(d["license"])),
    ),
    "decline": lambda tr, who, d: tr._("{name} declines to buy a license this round.", name=who),
    "gone_fishin": lambda tr, who, d: tr._(
        "{name} goes fishin' and takes a Gone Fishin' card.", name=who
    ),
    "bid": lambda tr, who, d: tr._(
        "{name} bids ${amount} for the {license}.",
        name=who,
        amount=d["amount"],
        license=license_name(tr, str(d["license"])),
    ),
    "pass": lambda tr, who, d: tr._("{name} passes.", name=who),
    "won": lambda tr, who, d: tr._(
        "{name} wins the {license} for ${amount}.",
        name=who,
        license=license_name(tr, str(d["license"])),
        amount=d["amount"],
    ),
    "spend": lambda tr, who, d: None,
    "paid": _paid,
    "bought": lambda tr, who, d: None,
    "cleared": lambda tr, who, d: tr._(
        "Nobody bought a license: {licenses} leave the game.",
        licenses=", ".join(license_name(tr, str(x)) for x in _list(d["licenses"])),
    ),
    "row": lambda tr, who, d: (
        tr._(
            "New on offer: {licenses}.",
            licenses=", ".join(license_name(tr, str(x)) for x in _list(d["revealed"])),
        )
        if _list(d["revealed"])
        else None
    ),
    "last_round": lambda tr, who, d: tr._(
        "The license deck could not fill the row: this is the last round."
    ),
    "launch": lambda tr, who, d: tr._(
        "{name} launches a {boat} boat.", name=who, boat=boat(tr, str(d["boat"]))
    ),
    "hire": lambda tr, who, d: tr._(
        "{name} hires a captain for the {boat} boat.", name=who, boat=boat_name(tr, str(d["boat"]))
    ),
    "captain": lambda tr, who, d: tr._(
        "Your {card} card captains boat {number}.",
        card=_cards(tr, [d["card"]]),
        number=int(str(d["index"])) + 1,
    ),
    "draw": lambda tr, who, d: tr.ngettext(
        "{name} draws {n} card ({source}).",
        "{name} draws {n} cards ({source}).",
        int(str(d["count"])),
        name=who,
        source=_source(tr, d["source"]),
    ),
    "drew": lambda tr, who, d: tr._(
        "You draw {cards} ({source}).",
        cards=_cards(tr, d["cards"]),
        source=_source(tr, d["source"]),
    ),
    "reshuffle": lambda tr, who, d: tr._("The discard pile is shuffled into a new supply."),
    "fish": lambda tr, who, d: tr.ngettext(
        "{name}'s boats catch {n} crate.",
        "{name}'s boats catch {n} crates.",
        int(str(d["crates"])),
        name=who,
    ),
    "fish_out": lambda tr, who, d: tr._("The fish crates have run out: the game ends."),
    "process": lambda tr, who, d: tr._(
        "{name} processes a crate from a boat holding {crates}.", name=who, crates=d["crates"]
    ),
    "trade": lambda tr, who, d: tr._("{name} trades a processed crate for cards.", name=who),
    "discard": lambda tr, who, d: tr._("{name} discards a card face down.", name=who),
    "discarded": lambda tr, who, d: tr._("You discard {card}.", card=_cards(tr, [d["card"]])),
    "round": lambda tr, who, d: tr._("Round {round} begins.", round=d["round"]),
    "over": lambda tr, who, d: tr._("The game is over."),
}


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else [value]
