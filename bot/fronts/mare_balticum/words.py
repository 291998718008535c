"""Mare Balticum's game words as data: species, company tokens, seasons, the house map's space
names. Each is an English message id marked with `N_` for extraction and passed through
`ctx.tr._` where it is used. A map file with other spaces falls back to the names it gives."""

from __future__ import annotations

from bot.i18n import N_, Tr
from engine.mare_balticum.board import AMBER, SAFE, Board

SPECIES: dict[str, str] = {
    "salmon": N_("salmon"),
    "cod": N_("cod"),
    "herring": N_("herring"),
    "flounder": N_("flounder"),
    AMBER: N_("amber"),
}

LETTERS: dict[str, str] = {
    "salmon": N_("S"),
    "cod": N_("C"),
    "herring": N_("H"),
    "flounder": N_("F"),
    AMBER: N_("A"),
}
"""One-letter token marks for the picture and the text map (a language may pick its own)."""

SEASONS: dict[str, str] = {
    "spring": N_("spring"),
    "summer": N_("summer"),
    "autumn": N_("autumn"),
}

SPACE_NAMES: dict[str, str] = {
    "KOB": N_("København"),
    "GDA": N_("Gdańsk"),
    "RIG": N_("Riga"),
    "STP": N_("Sankt Peterburg"),
    "STO": N_("Stockholm"),
    "ORE": N_("Øresund"),
    "MEC": N_("Mecklenburg Bight"),
    "ARK": N_("Arkona Basin"),
    "HAN": N_("Hanö Bay"),
    "BOR": N_("Bornholm"),
    "BBA": N_("Bornholm Basin"),
    "GDB": N_("Gdańsk Bay"),
    "GDD": N_("Gdańsk Deep"),
    "CUR": N_("Curonian Coast"),
    "OLA": N_("Öland Strait"),
    "EGB": N_("East Gotland Basin"),
    "GOT": N_("Gotland"),
    "IRB": N_("Irbe Strait"),
    "GOR": N_("Gulf of Riga"),
    "LAN": N_("Landsort Deep"),
    "STA": N_("Stockholm Archipelago"),
    "ALA": N_("Åland Sea"),
    "BOS": N_("Bothnian Sea"),
    "NBP": N_("Northern Baltic Proper"),
    "EST": N_("Estonian Isles"),
    "GFW": N_("West Gulf of Finland"),
    "GFE": N_("East Gulf of Finland"),
    "KRO": N_("Kronstadt Bay"),
}

SEAT_MARKS = ("🟥", "🟨", "🟩", "🟪", "⬛")
"""Each seat's colour as the picture draws its boats."""
SEAT_COLOURS = ("#d7263d", "#f2c14e", "#2e9e44", "#7b3fa0", "#2b2b2b")


def species(tr: Tr, kind: str) -> str:
    return tr._(SPECIES.get(kind, kind))


def letter(tr: Tr, kind: str) -> str:
    return tr._(LETTERS.get(kind, kind[:1].upper()))


def season(tr: Tr, name: str) -> str:
    return tr._(SEASONS.get(name, name))


def space_name(tr: Tr, board: Board, code: str) -> str:
    """A space's name in the reader's language (the house names), or the map file's."""
    if code in SPACE_NAMES:
        return tr._(SPACE_NAMES[code])
    space = board.by_code.get(code)
    return space.name if space else code


def place(tr: Tr, board: Board, code: str) -> str:
    """How a message names a space: a port by its name, a sea space by the code the picture
    shows (``BBA``)."""
    space = board.by_code.get(code)
    if space is not None and space.kind == "port":
        return space_name(tr, board, code)
    return code


def token_name(tr: Tr, token: str) -> str:
    """A company token: ``×3`` or the safe."""
    if token == SAFE:
        return tr._("the safe")
    return tr._("×{n}", n=token[1:])


def seat_mark(seat: int | None) -> str:
    return SEAT_MARKS[seat % len(SEAT_MARKS)] if seat is not None else ""


def counts(tr: Tr, items: dict[str, int]) -> str:
    """``cod ×2, salmon ×1``: token kinds with how many, in a list."""
    parts = [tr._("{kind} ×{n}", kind=species(tr, k), n=n) for k, n in items.items() if n]
    return tr.list(parts) if parts else tr._("nothing")
