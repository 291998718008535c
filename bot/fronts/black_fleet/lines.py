"""Black Fleet's sentences: one event in words for a reader, and the small phrases the panels
share (a seat's name with its colour, a space with what is on it)."""

from __future__ import annotations

from bot.fronts.base import Ctx
from bot.fronts.black_fleet import words as w
from bot.i18n import Tr
from engine.black_fleet.flow import VICTORY
from engine.black_fleet.house import House
from engine.black_fleet.views import BlackFleetView
from engine.core.events import Event


def seat_name(ctx: Ctx, view: BlackFleetView | None, seat: int | None) -> str:
    """``⚫ Ana``: the seat's colour and name."""
    if seat is None:
        return "?"
    emoji = ""
    if view is not None and 0 <= seat < len(view.captains):
        emoji = w.COLOUR_EMOJI.get(view.captains[seat].colour, "") + " "
    return f"{emoji}{ctx.name(seat)}"


def card_name(tr: Tr, house: House, key: str) -> str:
    """A development card, fortune card or movement card id as its name."""
    if key == VICTORY:
        return tr._("the victory card")
    if key in house.development:
        return w.development_name(tr, house.development[key])
    if key in house.fortune:
        return w.fortune_name(tr, house.fortune[key])
    if key in house.movement:
        return w.movement_label(tr, house.movement[key])
    kind = house.fortune_kind(key)
    return w.fortune_name(tr, kind) if kind else key


def event_line(event: Event, ctx: Ctx, house: House, view: BlackFleetView | None) -> str | None:
    """One event in words for `ctx.reader`; None to leave it out. A private event is only
    ever worded for its own seat."""
    tr = ctx.tr
    if event.visible_to is not None and ctx.reader not in event.visible_to:
        return None
    d = event.data
    who = seat_name(ctx, view, event.seat)
    kind = event.kind
    if kind == "setup":
        return tr._(
            "{name} has the black ships and starts. The victory card costs {price}.",
            name=seat_name(ctx, view, d["start"]),
            price=w.doubloons(tr, d["victory"]),
        )
    if kind == "dealt":
        names = [card_name(tr, house, k) for k in (*d["movement"], *d["fortune"])]
        devs = [card_name(tr, house, k) for k in d["development"]]
        return tr._(
            "You were dealt {cards}; your development cards: {devs}.",
            cards=tr.list(names),
            devs=tr.list(devs),
        )
    if kind == "dock":
        return tr._(
            "{name} puts the merchant on {space} ({port}) and loads {cubes}.",
            name=who,
            space=d["space"],
            port=w.port_name(tr, house, d["port"]),
            cubes=w.cubes(tr, [d["goods"]] * d["load"]),
        )
    if kind == "turn":
        return tr._("Round {round}: {name}'s turn.", round=d["round"], name=who)
    if kind == "enter":
        return tr._("{name}'s pirate comes in on {via}.", name=who, via=d["space"])
    if kind == "play":
        return tr._(
            "{name} plays {card}.", name=who, card=w.movement_label(tr, house.movement[d["card"]])
        )
    if kind == "fortune":
        name = w.fortune_name(tr, house.fortune[d["card"]])
        if d.get("target"):
            return tr._(
                "{name} plays {card} ({target}).",
                name=who,
                card=name,
                target=_target(tr, ctx, view, d["target"], d.get("victim")),
            )
        return tr._("{name} plays {card}.", name=who, card=name)
    if kind == "move":
        return _move(tr, ctx, view, event)
    if kind == "trade":
        return tr._(
            "{name} sells {sold} at {port} for {gain} and loads {loaded}.",
            name=who,
            sold=w.cubes(tr, d["sold"]),
            port=w.port_name(tr, house, d["port"]),
            gain=w.doubloons(tr, d["gain"]),
            loaded=w.cubes(tr, [d["loaded"]] * d["load"]),
        )
    if kind == "raid":
        line = tr._(
            "{name}'s pirate raids {victim}'s merchant on {space}: {cube}, +{gain}.",
            name=who,
            victim=seat_name(ctx, view, d["victim"]),
            space=d["space"],
            cube=w.cubes(tr, [d["cube"]]),
            gain=d["gain"],
        )
        if d.get("sunk"):
            line += " " + tr._("The merchant sinks.")
        if d.get("insured"):
            line += " " + tr._("Insurance pays {gain}.", gain=w.doubloons(tr, d["insured"]))
        return line
    if kind == "sink":
        lost = (" " + tr._("Its treasure goes home.")) if d.get("lost") else ""
        return (
            tr._(
                "{name} sinks {victim}'s pirate on {space} with the {ship}, +{gain}.",
                name=who,
                ship=w.ship(tr, d["ship"]),
                victim=seat_name(ctx, view, d["victim"]),
                space=d["space"],
                gain=d["gain"],
            )
            + lost
        )
    if kind == "bury":
        return tr._(
            "{name}'s pirate buries {cubes} on {space}, +{gain}.",
            name=who,
            cubes=w.cubes(tr, d["cubes"]),
            space=d["space"],
            gain=d["gain"],
        )
    if kind == "sell":
        return tr._(
            "{name}'s pirate sells {cubes} at {port}, +{gain}.",
            name=who,
            cubes=w.cubes(tr, d["cubes"]),
            port=w.port_name(tr, house, d["port"]),
            gain=d["gain"],
        )
    if kind == "gain":
        source = card_name(tr, house, d["source"])
        return tr._(
            "{name} gains {gain} ({source}).",
            name=who,
            gain=w.doubloons(tr, d["gain"]),
            source=source,
        )
    if kind == "bribe":
        return tr._(
            "{name} bribes {victim}: +{gain}.",
            name=who,
            victim=seat_name(ctx, view, d["victim"]),
            gain=w.doubloons(tr, d["gain"]),
        )
    if kind == "lair":
        return tr._("{name}'s pirate slips into the lair on {space}.", name=who, space=d["to"])
    if kind == "draw":
        if ctx.reader == event.seat:
            return None  # its owner reads the private "drew" line instead
        if d["deck"] == "movement":
            text = tr.ngettext("{n} movement card", "{n} movement cards", d["count"])
        else:
            text = tr.ngettext("{n} fortune card", "{n} fortune cards", d["count"])
        return tr._("{name} draws {cards}.", name=who, cards=text)
    if kind == "drew":
        if ctx.reader != event.seat:
            return None
        names = [card_name(tr, house, k) for k in d["cards"]]
        return tr._("You drew {cards}.", cards=tr.list(names)) if names else None
    if kind == "discard":
        return tr._("{name} discards {card}.", name=who, card=card_name(tr, house, d["card"]))
    if kind == "reshuffle":
        if d["deck"] == "movement":
            return tr._("The movement discards are shuffled into a new draw pile.")
        return tr._("The fortune discards are shuffled into a new draw pile.")
    if kind == "buy":
        if d["card"] == VICTORY:
            return tr._(
                "{name} buys the victory card for {price}!",
                name=who,
                price=w.doubloons(tr, d["price"]),
            )
        return tr._(
            "{name} buys {card} for {price}.",
            name=who,
            card=card_name(tr, house, d["card"]),
            price=w.doubloons(tr, d["price"]),
        )
    if kind == "final_round":
        return tr._("This is the last round: it ends before the black ships sail again.")
    if kind == "over":
        if d.get("why") == "rounds":
            return tr._("The game is over: the round limit was reached.")
        return tr._("The game is over.")
    return None


def _target(
    tr: Tr, ctx: Ctx, view: BlackFleetView | None, target: str, victim: int | None = None
) -> str:
    """A fortune card's target as words: one of your ships, a player (``🟤 Bo``, as every
    line names players, also where no view is at hand: the log), a lair space."""
    if target in ("merchant", "pirate"):
        return w.ship(tr, target)
    if view is not None:
        for seat, c in enumerate(view.captains):
            if c.colour == target:
                return seat_name(ctx, view, seat)
    if victim is not None:
        return f"{w.COLOUR_EMOJI.get(target, '')} {ctx.name(victim)}".strip()
    if target in w.COLOURS:
        return f"{w.COLOUR_EMOJI[target]} {tr._(w.COLOURS[target])}"
    return target.upper()


def _move(tr: Tr, ctx: Ctx, view: BlackFleetView | None, event: Event) -> str:
    d = event.data
    who = seat_name(ctx, view, event.seat)
    ship = w.ship(tr, d["ship"])
    if d["owner"] != event.seat:
        return tr._(
            "{name} moves {owner}'s pirate from {start} to {end}.",
            name=who,
            owner=seat_name(ctx, view, d["owner"]),
            start=d["from"],
            end=d["to"],
        )
    if d["from"] is None and d["via"] == d["to"]:
        return tr._("{name}'s pirate comes in on {via}.", name=who, via=d["via"])
    if d["from"] is None:
        return tr._(
            "{name}'s pirate comes in on {via} and sails to {end}.",
            name=who,
            via=d["via"],
            end=d["to"],
        )
    if d.get("via"):
        return tr._(
            "{name}'s pirate leaves its hideout for {via} and sails to {end}.",
            name=who,
            via=d["via"],
            end=d["to"],
        )
    return tr._(
        "{name} moves the {ship} from {start} to {end} ({steps}).",
        name=who,
        ship=ship,
        start=d["from"],
        end=d["to"],
        steps=tr.ngettext("{n} space", "{n} spaces", d["steps"]),
    )
