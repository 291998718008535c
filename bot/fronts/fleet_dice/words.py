"""Fleet: The Dice Game's words: the names of boats, ships, buildings and dice faces, with
the emoji that go with them. Names are message ids of the ``fleet-dice`` domain."""

from __future__ import annotations

from bot.i18n import N_, Tr
from engine.fleet_dice.player import CANNING_PER_FULL_BOAT, section_name
from engine.fleet_dice.sheet import Sheet
from engine.fleet_dice.uses import BAIT_SHOP_COIN_DIE, SMOKEHOUSE_BONUS

NAMES: dict[str, str] = {
    "shrimp": N_("Shrimp"),
    "cod": N_("Cod"),
    "lobster": N_("Lobster"),
    "swordfish": N_("Swordfish"),
    "oyster": N_("Oyster"),
    "king_crab": N_("King Crab"),
    "captains_club": N_("Captain's Club"),
    "research_vessel": N_("Research Vessel"),
    "barge": N_("Barge"),
    "inuit": N_("Inuit"),
    "casino": N_("Casino"),
    "annas_bank": N_("Anna's Bank"),
    "seafood_buffet": N_("Seafood Buffet"),
    "scrap_yard": N_("Scrap Yard"),
    "fishermens_pub": N_("Fishermen's Pub"),
    "bait_shop": N_("Bait Shop"),
    "smokehouse": N_("Smokehouse"),
    "ridback_canning": N_("Ridback Canning Co."),
    "coins": N_("3 Coins"),
    "harbor": N_("Harbor"),
    "wharf": N_("Wharf"),
    "market": N_("Market"),
}

LICENSES: dict[str, str] = {
    "shrimp": N_("Shrimp license"),
    "cod": N_("Cod license"),
    "lobster": N_("Lobster license"),
    "swordfish": N_("Swordfish license"),
    "oyster": N_("Oyster license"),
}
"""Each boat type's license, named whole: languages that build one word of the two
(*Kabeljaulizenz*) or put the article on the license (*a licença de Bacalhau*) read right."""

EMOJI: dict[str, str] = {
    "shrimp": "🦐",
    "cod": "🐟",
    "lobster": "🦞",
    "swordfish": "🗡️",
    "oyster": "🦪",
    "coins": "🪙",
    "harbor": "⚓",
    "wharf": "🏗️",
    "market": "💰",
}

TITLES: dict[str, str] = {
    "salty_captain": N_("Salty Captain"),
    "my_captain": N_("Oh Captain! My Captain"),
    "helmsman": N_("Helmsman"),
    "deckhand": N_("Deckhand"),
    "greenhorn": N_("Greenhorn"),
}
"""RULES §15's solo rank titles."""

BONUSES: dict[str, str] = {
    "fish": N_("VP per 6 fish"),
    "buildings": N_("VP per building"),
    "full": N_("VP per full boat"),
    "boats": N_("VP per boat"),
    "licenses": N_("VP per license"),
    "coins": N_("VP per 5 coins"),
}
"""The King Crab bonuses in a few words, for the sheet (their full texts are in the data)."""

CATEGORIES: dict[str, str] = {
    "fish": N_("fish"),
    "boats": N_("boats"),
    "licenses": N_("licenses"),
    "buildings": N_("buildings"),
    "bonus": N_("bonus"),
}


def building_effect(tr: Tr, sheet: Sheet, building: str) -> str:
    """What a wharf building does once complete, and what it scores (RULES §11): the numbers
    from the sheet data and the rules, so a corrected sheet reads right."""
    spec = sheet.wharf[building]
    does = {
        "casino": lambda: tr._("reroll your chosen die once a phase"),
        "seafood_buffet": lambda: tr._("boat dice fill its hexagons"),
        "scrap_yard": lambda: tr.ngettext(
            "any die as a star action, once", "any die as a star action, {n} times", spec.uses or 0
        ),
        "bait_shop": lambda: tr._("a die taken as coin gives {n} coins", n=BAIT_SHOP_COIN_DIE),
        "smokehouse": lambda: tr._("Market +{n} coins", n=SMOKEHOUSE_BONUS),
        "ridback_canning": lambda: tr._("+{n} income per full boat", n=CANNING_PER_FULL_BOAT),
    }.get(building)
    if spec.vp_per_box:
        scores = tr._("{n} VP per box marked", n=spec.vp_per_box)
    elif spec.vp_if_complete:
        scores = tr._("{n} VP once complete", n=spec.vp_if_complete)
    elif spec.hex_vp:
        scores = tr._("{n} VP", n="/".join(str(v) for v in spec.hex_vp[1:]))
    else:
        scores = tr._("{n} VP", n=spec.vp)
    if does is None:
        return scores
    return tr._("when complete: {does}, {scores}", does=does(), scores=scores)


def license_name(tr: Tr, kind: str) -> str:
    return tr._(LICENSES[kind]) if kind in LICENSES else name(tr, kind)


def name(tr: Tr, key: str) -> str:
    """A section's, boat type's or die face's name (``harbor:inuit`` → ``Inuit``)."""
    short = section_name(key)
    return tr._(NAMES[short]) if short in NAMES else short


def face(tr: Tr, key: str) -> str:
    """``🐟 Cod``: emoji and name together, so colour-blind and light-theme readers agree."""
    return f"{EMOJI.get(key, '')} {name(tr, key)}".strip()


def bonus_short(tr: Tr, bonus: str | None) -> str:
    return tr._(BONUSES[bonus]) if bonus in BONUSES else "?"


def title(tr: Tr, code: str | None) -> str:
    return tr._(TITLES[code]) if code in TITLES else (code or "")


DATA_WORDS = (
    N_("1 VP per 6 fish"),
    N_("2 VP per completed wharf building"),
    N_("2 VP per full boat"),
    N_("1 VP per launched boat of any kind"),
    N_("2 VP per activated license (King Crab included)"),
    N_("1 VP per 5 coin boxes marked"),
    N_("Captain Shrimp"),
    N_("Captain Cod"),
    N_("Captain Lobster"),
    N_("Captain Swordfish"),
    N_("Captain Oyster"),
    N_("2 VP per launched shrimp boat"),
    N_("1 VP per launched boat of any kind"),
    N_("1 VP per 6 coin boxes marked"),
    N_("2 VP per full boat"),
    N_("1 VP per 5 fish"),
    N_("most fish"),
    N_("most launched boats of any kind"),
    N_("most completed wharf buildings"),
    N_("most activated licenses"),
    N_("most coin boxes marked"),
    N_("first to have 3 full boats"),
    N_("first to complete 3 wharf buildings"),
    N_("first to activate a level-3 license"),
    N_("first to launch a boat of each of the 5 types"),
    N_("first to mark 8 harbor boxes"),
)
"""Texts that come from the game's data (the sheet file, captain cards, trophies): listed here
so they reach the catalogs; they are translated where they are shown."""
