"""Black Fleet's game words: data the engine names by key (ports, goods, colours, cards),
each marked with `N_` for extraction into the game's catalog and translated at use
(`tr._(PORTS["N"])`). A key the house data adds later falls back to the data's own name."""

from __future__ import annotations

from bot.i18n import N_ as N_  # the platform's marker, re-exported for `w.N_`
from bot.i18n import Tr
from engine.black_fleet.house import DevelopmentCard, FortuneCard, House, MovementCard

PORTS = {
    "N": N_("Puerto Dorado"),
    "W": N_("La Barbara"),
    "E": N_("Port Scarlet"),
    "S": N_("Bahía Azul"),
    "V": N_("Santa Viola"),
}
GOODS = {
    "yellow": N_("yellow"),
    "red": N_("red"),
    "green": N_("green"),
    "blue": N_("blue"),
    "violet": N_("violet"),
}
GOODS_EMOJI = {"yellow": "🟨", "red": "🟥", "green": "🟩", "blue": "🟦", "violet": "🟪"}
COLOURS = {
    "black": N_("Black"),
    "white": N_("White"),
    "orange": N_("Orange"),
    "brown": N_("Brown"),
}
COLOUR_EMOJI = {"black": "⚫", "white": "⚪", "orange": "🟠", "brown": "🟤"}
NAVY_EMOJI = {"yellow": "🟡", "purple": "🟣"}
SHIP_EMOJI = {"merchant": "⛵", "pirate": "🏴\u200d☠️"}
SEAT_LETTERS = "ABCD"
"""How the text grid marks each seat's merchant (upper case) and pirate (lower case)."""

SHIPS = {
    "merchant": N_("merchant"),
    "pirate": N_("pirate"),
    "yellow": N_("yellow navy ship"),
    "purple": N_("purple navy ship"),
}
BOTTOM = {
    "draw_1": N_("then draw 1 fortune card"),
    "draw_2": N_("then draw 2 fortune cards"),
    "discard_1": N_("then discard 1 fortune card"),
}

FORTUNE_NAMES = {
    "fair_wind": N_("Fair Wind"),
    "full_sail": N_("Full Sail"),
    "second_patrol": N_("Second Patrol"),
    "broadside": N_("Broadside"),
    "hit_and_run": N_("Hit and Run"),
    "pirates_lair": N_("Pirate's Lair"),
    "smugglers_passage": N_("Smuggler's Passage"),
    "bribe": N_("Bribe"),
    "favourable_market": N_("Favourable Market"),
    "black_market": N_("Black Market"),
    "lucky_find": N_("Lucky Find"),
    "treasure_map": N_("Treasure Map"),
    "mutiny": N_("Mutiny"),
    "plunder": N_("Plunder"),
    "navigators_chart": N_("Navigator's Chart"),
}
FORTUNE_TEXT = {
    "fair_wind": N_("One of your own ships gets +{amount} movement this turn."),
    "full_sail": N_("Every ship you move this turn gets +{amount} movement."),
    "second_patrol": N_(
        "You also command the other navy ship this turn, with your card's navy value."
    ),
    "broadside": N_("A navy ship you command may attack once more this turn."),
    "hit_and_run": N_("Your pirate may raid and then bury in the same turn."),
    "pirates_lair": N_("Put your pirate on an empty pirate lair, then move it as usual."),
    "smugglers_passage": N_("This turn your merchant may pass through enemy ships."),
    "bribe": N_("Take up to {amount} doubloons from one opponent."),
    "favourable_market": N_("+{amount} doubloon for each cube your merchant sells this turn."),
    "black_market": N_("This turn your merchant may sell colours a port doesn't buy, at {amount}."),
    "lucky_find": N_("Take {amount} doubloons from the bank."),
    "treasure_map": N_("+{amount} doubloons when your pirate buries treasure this turn."),
    "mutiny": N_("Move one opponent's pirate up to {amount} spaces; it takes no action."),
    "plunder": N_("Your pirate's raid this turn earns {amount} instead of 2."),
    "navigators_chart": N_(
        "Before your movement card: draw {amount} movement cards, then discard {amount}."
    ),
}
DEVELOPMENT_NAMES = {
    "insurance": N_("Insurance"),
    "bounty_hunter": N_("Bounty Hunter"),
    "quartermaster": N_("Quartermaster"),
    "deckhands": N_("Deckhands"),
    "lookout": N_("Lookout"),
    "treasure_hunter": N_("Treasure Hunter"),
    "pirate_code": N_("Pirate Code"),
    "swift_pirate": N_("Swift Pirate"),
    "armed_merchant": N_("Armed Merchant"),
    "navigator": N_("Navigator"),
    "admirals_favour": N_("Admiral's Favour"),
    "trade_contacts": N_("Trade Contacts"),
    "full_rigging": N_("Full Rigging"),
    "shallow_draft": N_("Shallow Draft"),
    "plunderer": N_("Plunderer"),
    "admiralty_friend": N_("Admiralty Friend"),
    "deep_hold": N_("Deep Hold"),
    "patron": N_("Patron"),
    "seer": N_("Seer"),
    "pirate_hideout": N_("Pirate Hideout"),
    "escort": N_("Escort"),
    "letter_of_marque": N_("Letter of Marque"),
    "trade_monopoly": N_("Trade Monopoly"),
    "master_gunner": N_("Master Gunner"),
}
DEVELOPMENT_TEXT = {
    "insurance": N_(
        "When a pirate raids your merchant, gain {amount}; {bonus} more if that sinks it."
    ),
    "bounty_hunter": N_("+{amount} doubloon each time your navy ship sinks a pirate."),
    "quartermaster": N_("+{amount} doubloon when your merchant sells 3 cubes at once."),
    "deckhands": N_("Your merchant gets +{amount} movement."),
    "lookout": N_("You may keep {amount} fortune cards."),
    "treasure_hunter": N_("+{amount} doubloons whenever your pirate buries treasure."),
    "pirate_code": N_("Your pirate may sell its treasure at a dock, at the port's price."),
    "swift_pirate": N_("Your pirate gets +{amount} movement."),
    "armed_merchant": N_("Your merchant may sink an adjacent enemy pirate (+{amount})."),
    "navigator": N_("Your merchant may pass through enemy ships."),
    "admirals_favour": N_("When you sink a pirate, draw {amount} fortune card."),
    "trade_contacts": N_("Your merchant may sell colours a port doesn't buy, at {amount}."),
    "full_sail": N_("Every ship you move gets +{amount} movement."),
    "shallow_draft": N_("Your merchant and pirate may cross land (not stop on it)."),
    "plunderer": N_("Your pirate may raid and then bury in the same turn."),
    "admiralty_friend": N_("Each turn you may command either navy ship."),
    "deep_hold": N_("Your pirate carries {amount} cubes."),
    "patron": N_("Gain {amount} doubloon at the start of each of your turns."),
    "seer": N_("You hold {amount} movement cards instead of 2."),
    "pirate_hideout": N_("Your pirate may start its move from an empty Far Seas or lair space."),
    "escort": N_("Your merchant can't be raided next to a navy ship."),
    "letter_of_marque": N_("Navy ships can't sink your pirate."),
    "trade_monopoly": N_("+{amount} doubloon for each cube you sell."),
    "master_gunner": N_("Each navy ship you command may attack {amount} times a turn."),
}


def port_name(tr: Tr, house: House, code: str) -> str:
    port = next((p for p in house.map.ports if p.code == code), None)
    return tr._(PORTS.get(code, port.name if port else code))


def goods(tr: Tr, colour: str) -> str:
    return tr._(GOODS.get(colour, colour))


def cubes(tr: Tr, colours: list[str] | tuple[str, ...]) -> str:
    """``🟨🟨 2 yellow`` — a cargo as emoji and words (one colour at most, §7.1)."""
    if not colours:
        return tr._("empty")
    marks = "".join(GOODS_EMOJI.get(c, "■") for c in colours)
    kinds = sorted(set(colours), key=colours.index)
    words = tr.list([tr._("{n} {goods}", n=colours.count(k), goods=goods(tr, k)) for k in kinds])
    return f"{marks} {words}"


def doubloons(tr: Tr, n: int) -> str:
    return tr.ngettext("{n} doubloon", "{n} doubloons", n)


def ship(tr: Tr, name: str) -> str:
    return tr._(SHIPS.get(name, name))


def fortune_name(tr: Tr, card: FortuneCard) -> str:
    return tr._(FORTUNE_NAMES.get(card.key, card.name))


def fortune_text(tr: Tr, card: FortuneCard) -> str:
    text = FORTUNE_TEXT.get(card.power, "")
    return tr._(text, amount=card.amount) if text else ""


def development_name(tr: Tr, card: DevelopmentCard) -> str:
    return tr._(DEVELOPMENT_NAMES.get(card.key, card.name))


def development_text(tr: Tr, card: DevelopmentCard) -> str:
    text = DEVELOPMENT_TEXT.get(card.power, "")
    return tr._(text, amount=card.amount, bonus=card.bonus) if text else ""


def movement_label(tr: Tr, card: MovementCard) -> str:
    """``🟡3 · 🏴‍☠️2 · ⛵4`` — a movement card's values at a glance."""
    return tr._(
        "{navy}{n} · pirate {p} · merchant {m}",
        navy=NAVY_EMOJI[card.navy],
        n=card.navy_moves,
        p=card.pirate,
        m=card.merchant,
    )


def movement_text(tr: Tr, card: MovementCard) -> str:
    """The whole card in words, bottom symbol included."""
    return tr._(
        "{navy} up to {n}, pirate up to {p}, merchant up to {m}, {bottom}.",
        navy=tr._(SHIPS[card.navy]),
        n=card.navy_moves,
        p=card.pirate,
        m=card.merchant,
        bottom=tr._(BOTTOM[card.bottom]),
    )
