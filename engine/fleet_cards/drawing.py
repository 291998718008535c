"""Drawing (RULES §10), the end of each seat's round: two cards, keep one, unless Tuna
licenses say otherwise."""

from __future__ import annotations

from engine.fleet_cards.cards import TunaDraw
from engine.fleet_cards.holdings import boat_cards, first_of, owned
from engine.fleet_cards.state import Player
from engine.fleet_cards.work import Work


def tuna(t: Work, p: Player) -> TunaDraw:
    return t.book.bonuses.tuna_draw[min(4, owned(t.book, p, "tuna"))]


def begin(t: Work, seat: int) -> None:
    """The seat draws as it gets here (RULES §3.2, §10.1), then discards; done without one."""
    p = t.player(seat)
    p.stage = "draw"
    rule = tuna(t, p)
    cards = t.draw(
        seat,
        rule.draw,
        "tuna" if owned(t.book, p, "tuna") else "round",
        into_hand=rule.from_hand,
    )
    # RULES §10.5: from a short supply, keep what the bonus keeps and discard the rest.
    p.discards = max(0, len(cards) - rule.keep)
    if p.discards:
        p.task = "discard"
    else:
        _keep_drawn(p)
        p.stage = "done"


def discard_choices(t: Work, p: Player) -> list[str]:
    """The cards a discard may come from: the ones just drawn, or (Tuna 2 and 4) the whole
    hand. Gone Fishin' cards are never discarded (RULES §14.2)."""
    return boat_cards(t.book, p.drawn or p.hand)


def discard(t: Work, seat: int, kind: str) -> None:
    """RULES §10.3: the discard goes face down; the others only learn that one was made."""
    p = t.player(seat)
    card = first_of(t.book, discard_choices(t, p), kind)
    assert card is not None
    (p.drawn if p.drawn else p.hand).remove(card)
    t.discard_face_down(seat, card)
    t.emit("discard", seat)
    t.tell(seat, "discarded", card=card)
    p.discards -= 1
    if not p.discards:
        _keep_drawn(p)
        p.task = None
        p.stage = "done"


def _keep_drawn(p: Player) -> None:
    p.hand.extend(p.drawn)
    p.drawn = []
