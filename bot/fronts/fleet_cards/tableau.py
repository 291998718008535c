"""A player's tableau and hand as short text lines (≤ 36 characters where they are monospace),
from a view: licenses, boats with their crates and captains, processed crates, the hand."""

from __future__ import annotations

from bot.fronts.fleet_cards.words import EMOJI, boat, counted, short_license
from bot.i18n import Tr
from engine.fleet_cards.cards import BOAT_TYPES, GONE_FISHIN, Deck, kind_of
from engine.fleet_cards.holdings import discount, purse
from engine.fleet_cards.views import PlayerView, as_player

NO_CAPTAIN = "–"


def standing(tr: Tr, p: PlayerView) -> str:
    """``34 VP · 5 cards · 📦 2``: what everyone sees of a player at a glance."""
    line = tr._(
        "{vp} VP · {cards} in hand",
        vp=p.vp,
        cards=tr.ngettext("{n} card", "{n} cards", p.hand_size + p.drawn_size),
    )
    if p.processed:
        line = tr._(
            "{line} · {crate} {n} processed", line=line, crate=EMOJI["crate"], n=p.processed
        )
    return line


def licenses_text(tr: Tr, p: PlayerView) -> str:
    """``Shrimp ×2, Cod``: short names, counted; "" for none."""
    return counted(tr, [short_license(tr, lic) for lic in p.licenses])


def license_line(tr: Tr, p: PlayerView) -> str:
    if not p.licenses:
        return tr._("Licenses: none yet")
    return tr._("Licenses: {list}", list=licenses_text(tr, p))


def boat_tokens(p: PlayerView) -> list[str]:
    """``🦐4`` a boat with its crates (captained), ``🦀–`` a boat without a captain."""
    return [f"{EMOJI.get(b.kind, '?')}{b.crates if b.captain else NO_CAPTAIN}" for b in p.boats]


def boat_lines(tr: Tr, p: PlayerView, per_line: int = 8) -> list[str]:
    tokens = boat_tokens(p)
    if not tokens:
        return [tr._("Boats: none yet")]
    rows = [" ".join(tokens[i : i + per_line]) for i in range(0, len(tokens), per_line)]
    return [tr._("Boats: {boats}", boats=rows[0]), *rows[1:]]


def hand_lines(tr: Tr, book: Deck, p: PlayerView) -> list[str]:
    """The reader's own hand, grouped by type, with cash values and what the hand can pay."""
    cards = list(p.hand or ())
    kinds = [kind_of(c) for c in cards]
    lines = []
    for kind in (*BOAT_TYPES, GONE_FISHIN):
        n = kinds.count(kind)
        if not n:
            continue
        cash = book.kind_cash(kind)
        lines.append(
            tr.ngettext(
                "{n}× {card} (${cash})",
                "{n}× {card} (${cash} each)",
                n,
                card=boat(tr, kind),
                cash=cash,
            )
        )
    if not lines:
        lines.append(tr._("No cards in hand."))
    if cards or p.processed:
        lines.append(purse_line(tr, book, p))
    return lines


def purse_line(tr: Tr, book: Deck, p: PlayerView) -> str:
    """The most the reader can pay (RULES §4.4), and what it is made of."""
    mine = as_player(p)
    parts = [tr._("cards ${n}", n=sum(book.cash(c) for c in p.hand or ()))]
    if p.processed:
        parts.append(tr._("crates ${n}", n=p.processed * book.crate_cash))
    if off := discount(book, mine):
        parts.append(tr._("Shrimp discount ${n}", n=off))
    return tr._(
        "You can pay up to **${most}** ({parts}).", most=purse(book, mine), parts=" + ".join(parts)
    )


def captain_lines(tr: Tr, book: Deck, p: PlayerView) -> list[str]:
    """Which card sits under each of the reader's own captained boats."""
    out = []
    for n, b in enumerate(p.boats, 1):
        if b.captain_card is not None:
            out.append(
                tr._(
                    "Boat {number} ({boat}): {crates}/{most} crates, captain {captain}",
                    number=n,
                    boat=boat(tr, b.kind),
                    crates=b.crates,
                    most=book.boat_capacity,
                    captain=boat(tr, kind_of(b.captain_card)),
                )
            )
        else:
            out.append(
                tr._("Boat {number} ({boat}): no captain yet", number=n, boat=boat(tr, b.kind))
            )
    return out
