"""What a turn's message tells: this turn's moves, and before them a short account of the
turns since the last one a player clicked through.

The table is drawn after each click, so the turns that AI and autopilot seats play in between
(and the end of the previous player's turn: their draws and what they bought) are over before
any message could show them. The next turn's message sums each of them up in one paragraph,
from the public events the table keeps (`Ctx.recent`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.fronts.base import Ctx
from bot.fronts.black_fleet import words as w
from bot.fronts.black_fleet.lines import card_name, seat_name
from engine.black_fleet.flow import VICTORY
from engine.black_fleet.house import House
from engine.black_fleet.views import BlackFleetView
from engine.core.events import Event


@dataclass(frozen=True)
class Chapter:
    """One turn's public events (or the setup's), first its `turn` (or `setup`) event."""

    events: tuple[Event, ...]

    @property
    def setup(self) -> bool:
        return bool(self.events) and self.events[0].kind == "setup"

    @property
    def whole(self) -> bool:
        """Whether it starts at its beginning (the oldest kept events may be cut)."""
        return bool(self.events) and self.events[0].kind in ("turn", "setup")

    @property
    def seat(self) -> int | None:
        return self.events[0].seat if self.whole and not self.setup else None

    @property
    def number(self) -> int:
        """The turn's number (0 for the setup)."""
        first = self.events[0] if self.events else None
        return int(first.data.get("turn", 0)) if first is not None and first.kind == "turn" else 0


def chapters(recent: Sequence[Event]) -> list[Chapter]:
    """The recent events cut at the start of each turn."""
    out: list[list[Event]] = []
    for e in recent:
        if e.kind in ("turn", "setup") or not out:
            out.append([e])
        else:
            out[-1].append(e)
    return [Chapter(tuple(c)) for c in out]


def this_turn(view: BlackFleetView, ctx: Ctx) -> Chapter | None:
    """The current turn's events (the setup's placements while merchants are placed)."""
    found = chapters(ctx.recent)
    if found and found[-1].whole and found[-1].number == view.turns:
        return found[-1]
    return None


def earlier(view: BlackFleetView, ctx: Ctx, current: bool = False) -> list[Chapter]:
    """The turns before the current one, back to the last one a player took (included): the
    AI and autopilot turns since, which no message showed, and the end of that player's turn,
    which its own message did not show either. Oldest first. With `current`, the current
    turn too (the last one, at the end of the game)."""
    found = chapters(ctx.recent)
    if not current and found and found[-1].whole and found[-1].number == view.turns:
        found = found[:-1]
    out: list[Chapter] = []
    for chapter in reversed(found):
        if not chapter.whole:
            break  # cut off: better nothing than half a turn
        out.append(chapter)
        seat = chapter.seat
        if chapter.setup or (seat is not None and not _automatic(ctx, seat)):
            break
    return out[::-1]


def _automatic(ctx: Ctx, seat: int) -> bool:
    if not 0 <= seat < len(ctx.seats):
        return False
    return ctx.seats[seat].ai or ctx.seats[seat].autopilot


def summary(chapter: Chapter, ctx: Ctx, house: House, view: BlackFleetView) -> str | None:
    """A whole turn: a heading with the movement card (``**Round 2 · ⚫ Bo**: 🟡1 · pirate 4 ·
    merchant 3``), then one quoted line per ship (``> ⛵ E10→H10 · 💰 sells …``) and one for
    the cards, draws and buys; None when nothing public happened."""
    tr = ctx.tr
    if chapter.setup:
        placed = [
            tr._(
                "{name} {space} ({port})",
                name=seat_name(ctx, view, e.seat),
                space=e.data["space"],
                port=w.port_name(tr, house, e.data["port"]),
            )
            for e in chapter.events
            if e.kind == "dock"
        ]
        if not placed:
            return None
        return tr._("**Setting sail**: {placed}", placed=" · ".join(placed))
    first = chapter.events[0]
    card = next((e for e in chapter.events if e.kind == "play"), None)
    heading = tr._(
        "**Round {round} · {name}**",
        round=first.data.get("round", view.round),
        name=seat_name(ctx, view, chapter.seat),
    )
    if card is not None:
        played = w.movement_label(tr, house.movement[card.data["card"]])
        heading = tr._("{heading}: {card}", heading=heading, card=played)
    # One line per ship, in the order a player reads them, then the cards, draws and buys.
    rows: dict[str, list[str]] = {ship: [] for ship in (*SHIP_ORDER, "")}
    for e in chapter.events:
        if e.kind != "play" and (text := phrase(e, ctx, house, view)):
            rows[_ship_of(e)].append(text)
    lines = []
    for ship, row in rows.items():
        if not row:
            continue
        mark = w.SHIP_EMOJI.get(ship) or w.NAVY_EMOJI.get(ship, "")
        text = " · ".join(row)
        # A ship that acted without moving: its line still starts with the ship.
        lines.append(text if not mark or text.startswith(mark) else f"{mark} {text}")
    if not lines:
        return tr._("{heading}: no moves.", heading=heading)
    return "\n".join([heading, *(f"> {line}" for line in lines)])


SHIP_ORDER = ("merchant", "pirate", "yellow", "purple")


def _ship_of(event: Event) -> str:
    """Which of the turn's ships an event belongs to ("" for cards, draws and buys)."""
    d = event.data
    if event.kind == "move":
        return "" if d["owner"] != event.seat else str(d["ship"])
    if event.kind in ("trade", "dock"):
        return "merchant"
    if event.kind in ("raid", "bury", "sell", "lair", "enter"):
        return "pirate"
    if event.kind == "sink":
        return str(d["ship"])
    return ""


def phrase(event: Event, ctx: Ctx, house: House, view: BlackFleetView) -> str | None:
    """One public event in a few words, its actor left out (the paragraph names them)."""
    tr = ctx.tr
    d = event.data
    kind = event.kind
    if kind == "dock":
        return tr._(
            "⛵ back on {space}, loads {cubes}",
            space=d["space"],
            cubes=w.cubes(tr, [d["goods"]] * d["load"]),
        )
    if kind == "enter":
        return tr._("{ship} in on {start}", ship=w.SHIP_EMOJI["pirate"], start=d["space"])
    if kind == "fortune":
        name = w.fortune_name(tr, house.fortune[d["card"]])
        return tr._("🃏 {card}", card=name)
    if kind == "move":
        return _move(event, ctx, view)
    if kind == "trade":
        return tr._(
            "💰 sells {sold} at {port}, +{gain}, loads {loaded}",
            sold=w.cubes(tr, d["sold"]),
            port=w.port_name(tr, house, d["port"]),
            gain=d["gain"],
            loaded=w.cubes(tr, [d["loaded"]] * d["load"]),
        )
    if kind == "raid":
        text = tr._(
            "🏴\u200d☠️ raids {victim} on {space}: {cube}, +{gain}",
            victim=seat_name(ctx, view, d["victim"]),
            space=d["space"],
            cube=w.cubes(tr, [d["cube"]]),
            gain=d["gain"],
        )
        return text + (" " + tr._("(sunk)") if d.get("sunk") else "")
    if kind == "sink":
        # The line it stands on starts with the ship that sinks (one line per ship).
        return tr._(
            "💥 sinks {victim}'s pirate on {space}, +{gain}",
            victim=seat_name(ctx, view, d["victim"]),
            space=d["space"],
            gain=d["gain"],
        )
    if kind == "bury":
        return tr._(
            "🪙 buries {cubes} on {space}, +{gain}",
            cubes=w.cubes(tr, d["cubes"]),
            space=d["space"],
            gain=d["gain"],
        )
    if kind == "sell":
        return tr._(
            "💰 pirate sells {cubes} at {port}, +{gain}",
            cubes=w.cubes(tr, d["cubes"]),
            port=w.port_name(tr, house, d["port"]),
            gain=d["gain"],
        )
    if kind == "gain":
        return tr._("+{gain} ({source})", gain=d["gain"], source=card_name(tr, house, d["source"]))
    if kind == "bribe":
        return tr._(
            "takes {gain} from {victim}",
            gain=w.doubloons(tr, d["gain"]),
            victim=seat_name(ctx, view, d["victim"]),
        )
    if kind == "lair":
        return tr._("🏴\u200d☠️ into the lair on {space}", space=d["to"])
    if kind == "draw":
        if d["deck"] == "movement":
            return tr.ngettext("draws {n} movement card", "draws {n} movement cards", d["count"])
        return tr.ngettext("draws {n} fortune card", "draws {n} fortune cards", d["count"])
    if kind == "discard":
        return tr._("discards {card}", card=card_name(tr, house, d["card"]))
    if kind == "buy":
        if d["card"] == VICTORY:
            return tr._("🏆 buys the victory card ({price})", price=d["price"])
        return tr._("buys {card} ({price})", card=card_name(tr, house, d["card"]), price=d["price"])
    if kind == "final_round":
        return tr._("the last round begins")
    return None


def _move(event: Event, ctx: Ctx, view: BlackFleetView) -> str:
    tr = ctx.tr
    d = event.data
    if d["owner"] != event.seat:
        return tr._(
            "🏴\u200d☠️ {owner}'s pirate {start}→{end}",
            owner=seat_name(ctx, view, d["owner"]),
            start=d["from"],
            end=d["to"],
        )
    emoji = w.SHIP_EMOJI.get(d["ship"]) or w.NAVY_EMOJI.get(d["ship"], "")
    start = d["from"] or d["via"]
    if d["from"] is None and start == d["to"]:
        return tr._("{ship} in on {start}", ship=emoji, start=start)
    if d["from"] is None:
        return tr._("{ship} in on {start}→{end}", ship=emoji, start=start, end=d["to"])
    return tr._("{ship} {start}→{end}", ship=emoji, start=start, end=d["to"])
