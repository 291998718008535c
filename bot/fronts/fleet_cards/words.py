"""Fleet's words: the names of boats, licenses, phases and score categories, with the emoji that
go with them. Names are message ids of the ``fleet-cards`` domain, translated at use."""

from __future__ import annotations

from bot.i18n import N_, Tr
from engine.fleet_cards.cards import Deck, builtin_deck
from engine.fleet_cards.views import FleetCardsView

BOATS: dict[str, str] = {
    "shrimp": N_("Shrimp"),
    "lobster": N_("Lobster"),
    "processing": N_("Processing Vessel"),
    "cod": N_("Cod"),
    "tuna": N_("Tuna"),
    "king_crab": N_("King Crab"),
    "gone_fishin": N_("Gone Fishin'"),
}
LICENSES: dict[str, str] = {
    "shrimp": N_("Shrimp license"),
    "cod": N_("Cod license"),
    "lobster": N_("Lobster license"),
    "tuna": N_("Tuna license"),
    "processing": N_("Processing Vessel license"),
    "pub": N_("Fishermen's Pub"),
    "kc_captains": N_("King Crab: Number of Captains"),
    "kc_crates": N_("King Crab: Number of Fish Crates"),
    "kc_licenses": N_("King Crab: Different Licenses"),
}
SHORT: dict[str, str] = {
    "shrimp": N_("Shrimp"),
    "cod": N_("Cod"),
    "lobster": N_("Lobster"),
    "tuna": N_("Tuna"),
    "processing": N_("Processing"),
    "pub": N_("Pub"),
    "kc_captains": N_("KC Captains"),
    "kc_crates": N_("KC Crates"),
    "kc_licenses": N_("KC Licenses"),
}
"""License names short enough for a 36-character monospace line."""
SHORT_BOATS: dict[str, str] = {"processing": N_("Processing")}
"""Boat names short enough for a card in a picture (the others are short already)."""
BONUSES: dict[str, str] = {
    "shrimp": N_("$1 off every purchase and launch per Shrimp license"),
    "cod": N_("launch 2 boats a round; draw 1 card per Cod license after launching"),
    "lobster": N_("hire 2 captains a round; draw cards by captained boats"),
    "tuna": N_("better draws: 2 keep 2, 3 discard 1, 3 keep 3, 4 discard 1"),
    "processing": N_("process a crate per boat; trade one for a card per license"),
    "pub": N_("10 VP, no boats, no bonus"),
    "kc_captains": N_("+1 VP per captained boat at the end (max 10)"),
    "kc_crates": N_("+1 VP per 3 crates on boats at the end (max 10)"),
    "kc_licenses": N_("up to +10 VP for different license kinds at the end"),
}
EMOJI: dict[str, str] = {
    "shrimp": "🦐",
    "lobster": "🦞",
    "processing": "🏭",
    "cod": "🐟",
    "tuna": "🐠",
    "king_crab": "🦀",
    "gone_fishin": "🎣",
    "pub": "🍺",
    "crate": "📦",
}
PHASES: dict[str, str] = {
    "auction": N_("license auction"),
    "work": N_("boats, fishing and drawing"),
    "over": N_("game over"),
}
STAGES: dict[str, str] = {
    "launch": N_("launching"),
    "hire": N_("hiring"),
    "fished": N_("waiting for everyone's catch"),
    "process": N_("processing"),
    "draw": N_("drawing"),
    "done": N_("done"),
}
"""Where a seat is in its end of round (RULES §3.2): public, shown on the step message."""
STAGE_EMOJI: dict[str, str] = {
    "launch": "⛵",
    "hire": "🧑‍✈️",
    "fished": "🎣",
    "process": "🏭",
    "draw": "🃏",
    "done": "✅",
}
CATEGORIES: dict[str, str] = {
    "licenses": N_("licenses"),
    "boats": N_("boats"),
    "fish": N_("fish"),
    "king_crab": N_("King Crab"),
    "gone_fishin": N_("Gone Fishin'"),
}
SOURCES: dict[str, str] = {
    "cod": N_("Cod bonus"),
    "lobster": N_("Lobster bonus"),
    "tuna": N_("Tuna bonus"),
    "trade": N_("a trade"),
    "round": N_("the draw phase"),
}


def book_of(view: FleetCardsView) -> Deck:
    """The card data the game on the table plays with."""
    return builtin_deck(view.options.deck)


def boat(tr: Tr, kind: str) -> str:
    """``🐠 Tuna``: emoji and name, so colour-blind and light-theme readers agree."""
    return f"{EMOJI.get(kind, '')} {tr._(BOATS.get(kind, kind))}".strip()


def boat_name(tr: Tr, kind: str) -> str:
    return tr._(BOATS.get(kind, kind))


def short_boat(tr: Tr, kind: str) -> str:
    return tr._(SHORT_BOATS[kind]) if kind in SHORT_BOATS else boat_name(tr, kind)


def license_name(tr: Tr, lic: str) -> str:
    return tr._(LICENSES.get(lic, lic))


def short_license(tr: Tr, lic: str) -> str:
    return tr._(SHORT.get(lic, lic))


def license_emoji(book: Deck, lic: str) -> str:
    spec = book.licenses[lic]
    return EMOJI["pub"] if spec.boat is None else EMOJI.get(spec.boat, "")


def phase_name(tr: Tr, phase: str) -> str:
    return tr._(PHASES.get(phase, phase))


def stage_name(tr: Tr, stage: str) -> str:
    """``⛵ launching``: where a seat is in its end of round."""
    return f"{STAGE_EMOJI.get(stage, '')} {tr._(STAGES.get(stage, stage))}".strip()


def counted(tr: Tr, names: list[str]) -> str:
    """``Cod ×2, Shrimp``: repeated names counted, first seen first."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return ", ".join(
        n if c == 1 else tr._("{name} ×{count}", name=n, count=c) for n, c in counts.items()
    )
