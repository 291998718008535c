"""A picture of one player's own tableau (Pillow): the hand with each card's cash, the
licenses (processed crates on the Processing Vessel license), then the boats, each with its
crate slots and the face-down captain card under it. Drawn from the owner's view only."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.fronts.fleet_cards.words import short_boat, short_license
from bot.fronts.pictures import font, png, remembered
from bot.i18n import Tr
from engine.fleet_cards.cards import Deck, kind_of
from engine.fleet_cards.views import PlayerView

WIDTH = 760
MARGIN = 16
GAP = 10
LICENSE_W, LICENSE_H = 112, 70
BOAT_W, BOAT_H = 112, 134
PER_ROW = 6
HAND_W, HAND_H = 80, 46
HAND_PER_ROW = 8

INK = (33, 37, 41)
PAPER = (246, 242, 232)
SEA = (214, 230, 240)
CRATE = (46, 104, 166)
CAPTAIN = (58, 64, 72)
EMPTY = (255, 255, 255)
COLOURS = {
    "shrimp": (244, 166, 166),
    "lobster": (222, 110, 100),
    "processing": (170, 178, 189),
    "cod": (128, 190, 214),
    "tuna": (120, 150, 210),
    "king_crab": (240, 160, 80),
    "pub": (190, 150, 110),
    "gone_fishin": (200, 200, 170),
}


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, size: int) -> tuple[str, int]:
    """Shrink (then cut) a label until it fits `width` pixels."""
    while size > 10 and draw.textlength(text, font=font(size)) > width:
        size -= 1
    while text and draw.textlength(text, font=font(size)) > width:
        text = text[:-2] + "…"
    return text, size


def _label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    width: int,
    size: int,
    fill: tuple[int, int, int] = INK,
) -> None:
    text, size = _fit(draw, text, width, size)
    draw.text(xy, text, fill=fill, font=font(size))


@remembered
def tableau_png(tr: Tr, book: Deck, p: PlayerView, title: str) -> bytes:
    # Licenses of a kind side by side (their order of purchase does not matter).
    order = list(book.licenses)
    licenses = sorted(p.licenses, key=order.index)
    hand = [kind_of(c) for c in p.hand or ()]
    hand_rows = -(-len(hand) // HAND_PER_ROW) if hand else 0
    lic_rows = max(1, -(-len(licenses) // PER_ROW))
    boat_rows = max(1, -(-len(p.boats) // PER_ROW))
    height = (
        MARGIN
        + 34
        + (22 + hand_rows * (HAND_H + GAP) if hand else 0)
        + 22
        + lic_rows * (LICENSE_H + GAP)
        + 26
        + boat_rows * (BOAT_H + GAP)
        + MARGIN
    )
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    _label(draw, (MARGIN, MARGIN), title, WIDTH - 2 * MARGIN, 24)
    y = MARGIN + 34
    if hand:
        cash = sum(book.kind_cash(k) for k in hand)
        _label(draw, (MARGIN, y), tr._("Hand · ${cash} in cash", cash=cash), 400, 16, CAPTAIN)
        y += 22
        for i, kind in enumerate(hand):
            x = MARGIN + (i % HAND_PER_ROW) * (HAND_W + GAP)
            top = y + (i // HAND_PER_ROW) * (HAND_H + GAP)
            _card(draw, tr, book, x, top, kind)
        y += hand_rows * (HAND_H + GAP)
    _label(draw, (MARGIN, y), tr._("Licenses"), 300, 16, CAPTAIN)
    y += 22
    if not licenses:
        _label(draw, (MARGIN, y + 20), tr._("none yet"), 300, 16, CAPTAIN)
    crates_drawn = False
    for i, lic in enumerate(licenses):
        x = MARGIN + (i % PER_ROW) * (LICENSE_W + GAP)
        top = y + (i // PER_ROW) * (LICENSE_H + GAP)
        spec = book.licenses[lic]
        colour = COLOURS.get(spec.boat or "pub", COLOURS["pub"])
        draw.rounded_rectangle(
            (x, top, x + LICENSE_W, top + LICENSE_H), 8, fill=colour, outline=INK, width=2
        )
        _label(draw, (x + 6, top + 5), short_license(tr, lic), LICENSE_W - 12, 15)
        _label(draw, (x + 6, top + 24), tr._("{vp} VP", vp=spec.vp), LICENSE_W - 12, 14)
        if spec.family == "processing" and p.processed and not crates_drawn:
            crates_drawn = True
            for c in range(min(p.processed, 8)):
                cx = x + 6 + c * 13
                draw.rectangle((cx, top + 48, cx + 10, top + 58), fill=CRATE, outline=INK)
            if p.processed > 8:
                _label(draw, (x + 6, top + 44), f"×{p.processed}", 60, 14)
    y += lic_rows * (LICENSE_H + GAP) + 4
    _label(draw, (MARGIN, y), tr._("Boats"), 300, 16, CAPTAIN)
    y += 22
    draw.rectangle((MARGIN - 6, y - 4, WIDTH - MARGIN + 6, height - MARGIN + 4), fill=SEA)
    if not p.boats:
        _label(draw, (MARGIN, y + 20), tr._("none yet"), 300, 16, CAPTAIN)
    for i, b in enumerate(p.boats):
        x = MARGIN + (i % PER_ROW) * (BOAT_W + GAP)
        top = y + (i // PER_ROW) * (BOAT_H + GAP)
        _boat(draw, tr, book, x, top, b.kind, b.crates, b.captain, b.captain_card)
    return png(image)


def _card(draw: ImageDraw.ImageDraw, tr: Tr, book: Deck, x: int, top: int, kind: str) -> None:
    """A card in hand: its kind and its cash value."""
    draw.rounded_rectangle(
        (x, top, x + HAND_W, top + HAND_H), 6, fill=COLOURS.get(kind, EMPTY), outline=INK, width=2
    )
    _label(draw, (x + 6, top + 5), short_boat(tr, kind), HAND_W - 12, 14)
    _label(draw, (x + 6, top + 24), f"${book.kind_cash(kind)}", HAND_W - 12, 15)


def _boat(
    draw: ImageDraw.ImageDraw,
    tr: Tr,
    book: Deck,
    x: int,
    top: int,
    kind: str,
    crates: int,
    captain: bool,
    captain_card: str | None,
) -> None:
    card = (x + 8, top + 70, x + BOAT_W - 8, top + BOAT_H)
    if captain:
        # The face-down captain card peeks out under the boat; its owner knows which it is.
        draw.rounded_rectangle(card, 6, fill=CAPTAIN, outline=INK)
        _label(draw, (x + 14, top + 92), tr._("Captain"), BOAT_W - 28, 12, EMPTY)
        if captain_card:
            name = short_boat(tr, kind_of(captain_card))
            _label(draw, (x + 14, top + 108), name, BOAT_W - 28, 13, EMPTY)
    else:
        draw.rounded_rectangle(card, 6, outline=CAPTAIN, width=1)
        _label(draw, (x + 14, top + 100), tr._("no captain"), BOAT_W - 28, 12, CAPTAIN)
    draw.rounded_rectangle(
        (x, top, x + BOAT_W, top + 86), 8, fill=COLOURS.get(kind, EMPTY), outline=INK, width=2
    )
    _label(draw, (x + 6, top + 5), short_boat(tr, kind), BOAT_W - 12, 15)
    _label(draw, (x + 6, top + 23), tr._("{vp} VP", vp=book.boats[kind].vp), 60, 13)
    slot = 20
    for c in range(book.boat_capacity):
        sx = x + 8 + c * (slot + 5)
        sy = top + 54
        draw.rectangle(
            (sx, sy, sx + slot, sy + slot), fill=CRATE if c < crates else EMPTY, outline=INK
        )
