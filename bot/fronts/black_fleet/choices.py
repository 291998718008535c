"""One choice per legal action, with a label a player recognises and a one-line detail
saying what it does now. Destinations are named as the picture labels them (``F7``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.fronts.base import Choice, Ctx, steps, then
from bot.fronts.black_fleet import words as w
from bot.fronts.black_fleet.lines import seat_name
from bot.i18n import Tr
from engine.black_fleet import fortune, powers, shipactions
from engine.black_fleet.flow import VICTORY
from engine.black_fleet.helm import after_playing, discards_after_moves, ship_moves
from engine.black_fleet.house import House
from engine.black_fleet.movement import (
    destinations,
    played_card,
    position,
    remaining,
)
from engine.black_fleet.policies import Planner
from engine.black_fleet.views import BlackFleetView
from engine.core.actions import Action

SELECT = 25
"""Options a select menu holds: destinations beyond it are split into several selects."""
MENUS = 4
"""Selects destinations may take: a message holds 5, and "choose another ship" needs one."""


def choices(
    house: House, view: BlackFleetView, seat: int, actions: Sequence[Action], ctx: Ctx
) -> list[Choice]:
    if view.stage == "helm":
        return helm_choices(house, view, seat, actions, ctx)
    if view.stage == "card":
        return card_choices(house, view, seat, actions, ctx)
    out: list[Choice] = []
    moves = [a for a in actions if a.verb == "to"]
    groups = _destination_groups(moves, ctx)
    for action in actions:
        if action.verb == "to":
            out.append(_destination(house, view, seat, action, ctx, groups[action.args[0]]))
        else:
            out.append(_choice(house, view, seat, action, ctx))
    return out


CARD_MENUS = 3
"""Movement cards offered with their first move, one menu each (a message holds 5 menus:
one more for the cards alone, one row for Undo)."""


def card_choices(
    house: House, view: BlackFleetView, seat: int, actions: Sequence[Action], ctx: Ctx
) -> list[Choice]:
    """The card step (RULES §5.4): each movement card together with what is played first
    after it, a fortune card or a ship's move (a menu per card: the fortune cards, then the
    moves worth most), then the cards alone and the fortune cards in one more menu. A card
    with its first move is the two legal actions played in turn."""
    tr = ctx.tr
    rest = tr._("Play a card only…")
    out: list[Choice] = []
    plays = [a for a in actions if a.verb == "play"]
    for play in plays[:CARD_MENUS]:
        card = house.movement[play.args[0]]
        group = tr._("Play {card}, then…", card=w.movement_label(tr, card))
        after = after_playing(view, play.args[0])
        hand = view.captains[seat].fortune
        cards = fortune.fortune_actions(house, after, hand, "helm")[: SELECT - 1]
        for a in cards:
            c = _fortune(house, after, seat, a, ctx)
            out.append(replace(c, action=then(play.text, a.text), group=group))
        moves = ship_moves(house, after)[1]
        for move in _worth_most(house, after, seat, moves, SELECT - len(cards)):
            c = _move(house, after, seat, move, ctx, group)
            ship = _ship_name(tr, move.args[0])
            label = tr._("{ship} to {place}", ship=ship, place=c.label)
            out.append(replace(c, label=label, action=then(play.text, move.text)))
    for a in actions:
        out.append(replace(_choice(house, view, seat, a, ctx), group=rest))
    return out


def _worth_most(
    house: House, view: BlackFleetView, seat: int, moves: list[Action], most: int
) -> list[Action]:
    """The `most` moves worth most to this seat (the AI's own estimate, a move with its
    action before a bare move), in the order the helm lists them."""
    if len(moves) <= most:
        return moves
    planner = Planner(house, view, seat)
    gains = {ship: planner.gains(ship) for ship in {a.args[0] for a in moves}}

    def worth(a: Action) -> float:
        return (1.0 if len(a.args) > 2 else 0.0) + gains[a.args[0]].get(a.args[1].upper(), 0.0)

    kept = set(sorted(moves, key=worth, reverse=True)[:most])
    return [a for a in moves if a in kept]


SHIP_MENU = 24
"""Destinations one ship's menu offers at most; with more, the ones worth most, and the map
with every place (a select holds 25 options)."""


def helm_choices(
    house: House, view: BlackFleetView, seat: int, actions: Sequence[Action], ctx: Ctx
) -> list[Choice]:
    """The ship phase (RULES §5.5): one menu per ship, each place it can reach once (with
    the action it can make there as its own option), then the actions, cards and the end in
    one more menu; a ship with more places than a menu holds offers the map with all."""
    tr = ctx.tr
    by_ship: dict[str, list[Action]] = {}
    for a in actions:
        if a.verb in ("move", "ship"):
            by_ship.setdefault(a.args[0], []).append(a)
    out: list[Choice] = []
    for ship, offered in by_ship.items():
        group = _ship_menu(house, view, seat, ship, ctx)
        moves = [a for a in offered if a.verb == "move"]
        shown = _most_worth(house, view, seat, ship, moves)
        for a in moves:
            if a in shown:
                out.append(_move(house, view, seat, a, ctx, group))
        for a in offered:
            if a.verb == "ship":
                count = len(destinations(house, view, ship))
                out.append(
                    Choice(
                        tr._("Every place on the map…"),
                        a.text,
                        tr.ngettext(
                            "{n} place, highlighted on the map",
                            "{n} places, highlighted on the map",
                            count,
                        ),
                        "🗺️",
                        group=group,
                    )
                )
    rest = tr._("Actions, cards, end…")
    others = [a for a in actions if a.verb not in ("move", "ship")]
    ends = _ends_discarding(house, view, seat, others, ctx)
    folded = {steps(c.action or "")[0] for c in ends}
    buying = any(a.verb == "end" and a.args for a in others)
    for a in others:
        if a.text in folded:
            continue
        c = _choice(house, view, seat, a, ctx)
        if a.verb == "end" and not a.args and buying:
            # The purchase offered with each way to end is here decided after the draws.
            c = replace(c, detail=tr._("Draw first, then choose what to buy."))
        out.append(replace(c, group=rest))
    out += [replace(c, group=rest) for c in ends]
    if len(by_ship) == 1:
        out += _last_ship_then_end(house, view, seat, actions, ctx, next(iter(by_ship)))
    return out


def _ends_discarding(
    house: House, view: BlackFleetView, seat: int, others: Sequence[Action], ctx: Ctx
) -> list[Choice]:
    """The end of the moves together with the one fortune card it makes the seat discard
    (RULES §8), when that card is known before the end (no fortune cards are drawn first):
    each way to end with the one kind of card in hand, or the one way to end with each kind
    (each saying what it keeps). Never both at once: with several ways to end and several
    kinds the end is one decision and the discard a small one after it, not every pair.
    Empty when it is not one card, or when the choices would not fit one menu with the
    others."""
    if discards_after_moves(house, view) != 1:
        return []
    ends = [a for a in others if a.verb == "end"]
    hand = view.captains[seat].fortune
    kinds = fortune.kinds_in_hand(house, hand)
    if len(ends) > 1 and len(kinds) > 1:
        return []
    if len(others) - len(ends) + len(ends) * len(kinds) > SELECT:
        return []
    tr = ctx.tr
    out = []
    for end in ends:
        c = _choice(house, view, seat, end, ctx)
        names = [w.fortune_name(tr, kind) for kind in kinds]
        labels = [tr._("{end} · discard {card}", end=c.label, card=name) for name in names]
        if any(len(label) > LABEL for label in labels):
            continue  # Said in full or not at all: this way to end stays a choice of its own.
        for label, kind in zip(labels, kinds, strict=True):
            detail = c.detail
            if not end.args or end.args[0] == "pass":
                # The draw is the same for every card: say what each leaves in hand.
                draw = tr._("Draw up to {n} movement cards", n=_movement_hand(house, view, seat))
                kept = _kept(house, hand, kind.key, ctx)
                detail = (
                    tr._("{draw}; you keep {cards}", draw=draw, cards=kept)
                    if kept
                    else tr._("{draw}; no fortune card left", draw=draw)
                )
                if not end.args and len(ends) > 1:
                    detail = tr._("Draw first, then choose what to buy.")
            out.append(
                replace(c, label=label, detail=detail, action=then(end.text, f"discard {kind.key}"))
            )
    return out


def _kept(house: House, hand: Sequence[str], discarded: str, ctx: Ctx) -> str:
    """The fortune cards left in hand once one of kind `discarded` goes: ``Broadside ×2 and
    Navigator's Chart`` ("" for none)."""
    left = list(hand)
    left.remove(next(c for c in hand if house.fortune[c].key == discarded))
    counted: dict[str, int] = {}
    for cid in left:
        counted[house.fortune[cid].key] = counted.get(house.fortune[cid].key, 0) + 1
    tr = ctx.tr
    names = []
    for kind in fortune.kinds_in_hand(house, left):
        name = w.fortune_name(tr, kind)
        n = counted[kind.key]
        names.append(tr._("{card} ×{n}", card=name, n=n) if n > 1 else name)
    return tr.list(names)


def _movement_hand(house: House, view: BlackFleetView, seat: int) -> int:
    return powers.movement_hand(house, view.captains[seat])


LABEL = 80
"""Characters a button's label holds (a choice may be drawn as a button)."""


def _last_ship_then_end(
    house: House,
    view: BlackFleetView,
    seat: int,
    actions: Sequence[Action],
    ctx: Ctx,
    ship: str,
) -> list[Choice]:
    """The last ship that can still move, straight to a place and then the end of the moves:
    a menu for each way to end (buying nothing, or the one card the seat can afford), when
    nothing else is left to do and every way to end has its menu (a message holds 5 menus:
    the ship's own, the actions and end, these, and a row for Undo)."""
    rest = [a for a in actions if a.verb not in ("move", "ship")]
    if any(a.verb != "end" for a in rest) or len(rest) > END_MENUS:
        return []
    tr = ctx.tr
    emoji = w.NAVY_EMOJI.get(ship) or w.SHIP_EMOJI.get(ship, "")
    name = _ship_name(tr, ship)
    moves = [a for a in actions if a.verb == "move"]
    shown = _most_worth(house, view, seat, ship, moves)
    out = []
    for end in rest:
        if end.args:
            buy = _choice(house, view, seat, end, ctx).label
            group = tr._("{ship} to…, then {end}", ship=name, end=buy[:1].lower() + buy[1:])
        else:
            group = tr._("{ship} to…, then end your moves", ship=name)
        out += [
            replace(
                _move(house, view, seat, a, ctx, f"{emoji} {group}"),
                action=then(a.text, end.text),
            )
            for a in moves
            if a in shown
        ]
    return out


END_MENUS = 2
"""Ways to end a last ship's menus may be offered with (see `_last_ship_then_end`)."""


def _ship_name(tr: Tr, ship: str) -> str:
    name = w.ship(tr, ship)
    return name[:1].upper() + name[1:]


def _ship_menu(house: House, view: BlackFleetView, seat: int, ship: str, ctx: Ctx) -> str:
    tr = ctx.tr
    here = position(view, seat, ship) or tr._("off the map")
    emoji = w.NAVY_EMOJI.get(ship) or w.SHIP_EMOJI.get(ship, "")
    name = {
        "merchant": tr._("Merchant ({space}) to…", space=here),
        "pirate": tr._("Pirate ({space}) to…", space=here),
        "yellow": tr._("Yellow navy ship ({space}) to…", space=here),
        "purple": tr._("Purple navy ship ({space}) to…", space=here),
    }.get(ship, ship)
    return f"{emoji} {name}"


def _most_worth(
    house: House, view: BlackFleetView, seat: int, ship: str, moves: list[Action]
) -> set[Action]:
    """The moves a ship's menu shows: all that fit; else those worth most to this seat (the
    AI's own estimate), a move with its action before a bare move."""
    if len(moves) <= SHIP_MENU:
        return set(moves)
    gains = Planner(house, view, seat).gains(ship)

    def worth(a: Action) -> tuple[float, float]:
        return (1.0 if len(a.args) > 2 else 0.0) + gains.get(a.args[1].upper(), 0.0), 0.0

    return set(sorted(moves, key=worth, reverse=True)[:SHIP_MENU])


def _move(
    house: House, view: BlackFleetView, seat: int, action: Action, ctx: Ctx, group: str
) -> Choice:
    """A ship straight to a place: ``H2``, or ``H2 · trade`` with what the action does."""
    tr = ctx.tr
    ship, space = action.args[0], action.args[1].upper()
    emoji = w.NAVY_EMOJI.get(ship) or w.SHIP_EMOJI.get(ship)
    reach = destinations(house, view, ship).get(space)
    steps = tr.ngettext("{n} step", "{n} steps", reach.cost if reach is not None else 0)
    if len(action.args) == 2:
        notes = [steps, *_what_is_there(house, view, seat, ship, space, ctx)]
        return Choice(space, action.text, " · ".join(notes), emoji, group=group)
    what, detail = _there(house, view, seat, ship, space, action.args[2], ctx)
    label = tr._("{space} · {action}", space=space, action=what)
    return Choice(label, action.text, f"{steps} · {detail}", emoji, style="success", group=group)


def _there(
    house: House, view: BlackFleetView, seat: int, ship: str, space: str, word: str, ctx: Ctx
) -> tuple[str, str]:
    """What a ship's action on arriving at `space` is called, and what it does."""
    tr = ctx.tr
    if word == "trade":
        deal = shipactions.sale(house, view, space)
        port = house.map.port_of_dock[space]
        name = w.port_name(tr, house, port.code)
        detail = ""
        if deal is not None:
            detail = tr._(
                "Sell {sold} for {gain}, load {loaded}.",
                sold=w.cubes(tr, deal.sold),
                gain=w.doubloons(tr, deal.gain),
                loaded=w.cubes(tr, [deal.loads] * deal.load),
            )
        return tr._("trade at {port}", port=name), detail
    if word == "bury":
        value = shipactions.bury_value(house, view, space) or 0
        return tr._("bury treasure"), "+" + w.doubloons(tr, value)
    if word == "sell":
        treasure = shipactions.pirate_sale(house, view, space)
        return tr._("sell treasure"), "+" + w.doubloons(tr, treasure[1] if treasure else 0)
    target = word.partition(":")[2].upper()
    if ship == "pirate":
        victim = next(s for s, c in enumerate(view.captains) if c.merchant == target)
        gain = powers.effect(view.turn, "plunder") or powers.RAID_REWARD
        cube = view.captains[victim].cargo[-1:]
        detail = tr._("Take {cube}, +{gain}.", cube=w.cubes(tr, cube), gain=gain)
        if len(view.captains[victim].cargo) == 1:
            detail += " " + tr._("The merchant sinks.")
        return tr._("raid {name}", name=seat_name(ctx, view, victim)), detail
    victim = next(s for s, c in enumerate(view.captains) if c.pirate == target)
    me = view.captains[seat]
    if ship == "merchant":
        gain = powers.total(house, me, "armed_merchant")
    else:
        gain = powers.SINK_REWARD + powers.total(house, me, "bounty_hunter")
    detail = tr._("+{gain}.", gain=gain)
    loot = view.captains[victim].loot
    if loot:
        detail += " " + tr._("Its treasure ({cubes}) goes home.", cubes=w.cubes(tr, loot))
    return tr._("sink {name}'s pirate", name=seat_name(ctx, view, victim)), detail


def dock_lines(
    house: House, view: BlackFleetView, actions: Sequence[Action], ctx: Ctx
) -> list[str]:
    """One line per port with a free dock: its docks, what a merchant loads there, and which
    ports buy that colour at what price."""
    tr = ctx.tr
    free = {a.args[0].upper() for a in actions if a.verb == "dock"}
    lines = []
    for port in house.map.ports:
        docks = [d for d in port.docks if d in free]
        if not docks:
            continue
        buyers = [
            tr._("{port} {price}", port=w.port_name(tr, house, p.code), price=p.buys[port.goods])
            for p in house.map.ports
            if port.goods in p.buys
        ]
        load = min(3, view.supply.get(port.goods, 0))
        lines.append(
            tr._(
                "{mark} **{port}** ({docks}): load {cubes}; sold at {buyers}.",
                mark=w.GOODS_EMOJI.get(port.goods, "■"),
                port=w.port_name(tr, house, port.code),
                docks=", ".join(docks),
                cubes=w.cubes(tr, [port.goods] * load),
                buyers=tr.list(buyers),
            )
        )
    return lines


def _destination_groups(moves: list[Action], ctx: Ctx) -> dict[str, str]:
    """Destinations share one select when they fit, else one select per block of whole rows
    ("Rows 1–4", "Rows 5–11"), so a space is easy to find; if whole rows would take more
    than MENUS selects, blocks of 25 in map order."""
    spaces = [a.args[0].upper() for a in moves]
    if len(spaces) <= SELECT:
        return {s.lower(): ctx.tr._("Where to?") for s in spaces}
    rows: dict[int, list[str]] = {}
    for space in spaces:
        rows.setdefault(int(space[1:]), []).append(space)
    blocks: list[list[str]] = []
    for row in sorted(rows):
        if blocks and len(blocks[-1]) + len(rows[row]) <= SELECT:
            blocks[-1] += rows[row]
        else:
            blocks.append(list(rows[row]))
    if len(blocks) > MENUS:
        blocks = [spaces[i : i + SELECT] for i in range(0, len(spaces), SELECT)]
    out: dict[str, str] = {}
    for block in blocks:
        first, last = block[0][1:], block[-1][1:]
        name = (
            ctx.tr._("Row {row}", row=first)
            if first == last
            else ctx.tr._("Rows {first}–{last}", first=first, last=last)
        )
        out.update({s.lower(): name for s in block})
    return out


def _destination(
    house: House, view: BlackFleetView, seat: int, action: Action, ctx: Ctx, group: str
) -> Choice:
    tr = ctx.tr
    ship = view.turn.course or ""
    space = action.args[0].upper()
    reach = destinations(house, view, ship).get(space)
    steps = reach.cost if reach is not None else 0
    notes = [tr.ngettext("{n} step", "{n} steps", steps)]
    if reach is not None and reach.origin and reach.origin != space:
        notes.append(tr._("via {space}", space=reach.origin))
    notes += _what_is_there(house, view, seat, ship, space, ctx)
    return Choice(space, action.text, " · ".join(notes), group=group)


def _what_is_there(
    house: House, view: BlackFleetView, seat: int, ship: str, space: str, ctx: Ctx
) -> list[str]:
    """What a space offers the ship arriving there: a sale, a beach, a target, a danger."""
    tr = ctx.tr
    sea = house.map
    notes: list[str] = []
    me = view.captains[seat]
    port = sea.port_of_dock.get(space)
    if ship == "merchant" and port is not None and me.cargo:
        price = shipactions.price(house, view, port, me.cargo[0])
        name = w.port_name(tr, house, port.code)
        if price is None:
            notes.append(tr._("{port} won't buy your cargo", port=name))
        else:
            notes.append(tr._("{port} pays {price} a cube", port=name, price=price))
    if ship == "pirate" and space in sea.beaches:
        notes.append(tr._("beach {value}", value=sea.beaches[space]))
    if space in sea.far_seas:
        notes.append(tr._("Far Seas"))
    for s, c in enumerate(view.captains):
        if s == seat:
            continue
        if ship == "pirate" and c.merchant and c.cargo and sea.adjacent(space, c.merchant):
            notes.append(tr._("next to {name}'s merchant", name=seat_name(ctx, view, s)))
        if ship not in ("merchant", "pirate") and c.pirate and sea.adjacent(space, c.pirate):
            notes.append(tr._("next to {name}'s pirate", name=seat_name(ctx, view, s)))
    if ship == "pirate" and any(sea.adjacent(space, n) for n in view.navy.values()):
        notes.append(tr._("next to a navy ship"))
    return notes


def _choice(house: House, view: BlackFleetView, seat: int, action: Action, ctx: Ctx) -> Choice:
    tr = ctx.tr
    verb, args = action.verb, action.args
    me = view.captains[seat]
    if verb == "dock":
        # What each port loads and who buys it is said once per port above the buttons
        # (`dock_lines`), not once per dock.
        space = args[0].upper()
        port = house.map.port_of_dock[space]
        return Choice(f"{space} · {w.port_name(tr, house, port.code)}", action.text, emoji="⚓")
    if verb == "enter":
        space = args[0].upper()
        notes = _what_is_there(house, view, seat, "pirate", space, ctx)
        return Choice(space, action.text, " · ".join(notes), w.SHIP_EMOJI["pirate"])
    if verb == "play":
        card = house.movement[args[0]]
        return Choice(w.movement_label(tr, card), action.text, w.movement_text(tr, card))
    if verb == "ship":
        return _ship(house, view, seat, args[0], action, ctx)
    if verb == "back":
        # Its own select when the destinations need selects: its placeholder says it.
        return Choice(
            tr._("Choose another ship"),
            action.text,
            emoji="↩️",
            style="secondary",
            group=tr._("Or choose another ship…"),
        )
    if verb == "trade":
        sale = shipactions.sale(house, view)
        detail = ""
        if sale is not None:
            detail = tr._(
                "Sell {sold} for {gain}, load {loaded}.",
                sold=w.cubes(tr, sale.sold),
                gain=w.doubloons(tr, sale.gain),
                loaded=w.cubes(tr, [sale.loads] * sale.load),
            )
        at = house.map.port_of_dock.get(me.merchant or "")
        name = w.port_name(tr, house, at.code) if at else "?"
        return Choice(
            tr._("Trade at {port}", port=name), action.text, detail, "💰", style="success"
        )
    if verb == "attack":
        return _attack(house, view, seat, args[0], args[1].upper(), action, ctx)
    if verb == "bury":
        value = shipactions.bury_value(house, view) or 0
        return Choice(
            tr._("Bury treasure on {space}", space=me.pirate or "?"),
            action.text,
            "+" + w.doubloons(tr, value),
            "🪙",
            style="success",
        )
    if verb == "sell":
        deal = shipactions.pirate_sale(house, view)
        at = house.map.port_of_dock.get(me.pirate or "")
        name = w.port_name(tr, house, at.code) if at else "?"
        return Choice(
            tr._("Sell treasure at {port}", port=name),
            action.text,
            "+" + w.doubloons(tr, deal[1] if deal else 0),
            "💰",
            style="success",
        )
    if verb == "fortune":
        return _fortune(house, view, seat, action, ctx)
    if verb == "end" and args:
        # RULES §10: the purchase is settled with the end of the moves (no doubloons come
        # with the draws).
        draw = _end_detail(house, view, seat, ctx)
        if args[0] == "pass":
            return Choice(tr._("End, buy nothing"), action.text, draw, "⏹️")
        if args[0] == VICTORY:
            label = tr._("End, buy the victory card · {price}", price=view.options.victory)
            won = tr._("You win when this round ends (most doubloons among winners).")
            return Choice(label, action.text, won, "🏆", style="success")
        dev = house.development[args[0]]
        label = tr._("End, buy {card} · {price}", card=w.development_name(tr, dev), price=dev.price)
        return Choice(label, action.text, w.development_text(tr, dev), "🛒", style="primary")
    if verb == "end":
        # Its own select (its placeholder says it) when the choices need selects.
        return Choice(
            tr._("End your moves"),
            action.text,
            _end_detail(house, view, seat, ctx),
            group=tr._("Or end your moves…"),
        )
    if verb == "discard":
        key = args[0]
        if key in house.movement:
            card = house.movement[key]
            return Choice(
                tr._("Discard {card}", card=w.movement_label(tr, card)),
                action.text,
                w.movement_text(tr, card),
            )
        kind = house.fortune_kind(key)
        name = w.fortune_name(tr, kind) if kind else key
        text = w.fortune_text(tr, kind) if kind else ""
        return Choice(tr._("Discard {card}", card=name), action.text, text)
    if verb == "buy":
        if args[0] == VICTORY:
            return Choice(
                tr._("Buy the victory card · {price}", price=view.options.victory),
                action.text,
                tr._("You win when this round ends (most doubloons among winners)."),
                "🏆",
                style="success",
            )
        dev = house.development[args[0]]
        return Choice(
            tr._("Buy {card} · {price}", card=w.development_name(tr, dev), price=dev.price),
            action.text,
            w.development_text(tr, dev),
            style="primary",
        )
    if verb == "pass":
        return Choice(tr._("Buy nothing this turn"), action.text)
    return Choice(action.text, action.text)


def _ship(
    house: House, view: BlackFleetView, seat: int, ship: str, action: Action, ctx: Ctx
) -> Choice:
    tr = ctx.tr
    here = position(view, seat, ship)
    where = here or tr._("off the map")
    label = {
        "merchant": tr._("Move the merchant ({space})", space=where),
        "pirate": tr._("Move the pirate ({space})", space=where),
        "yellow": tr._("Move the yellow navy ship ({space})", space=where),
        "purple": tr._("Move the purple navy ship ({space})", space=where),
    }.get(ship, ship)
    emoji = w.NAVY_EMOJI.get(ship) or w.SHIP_EMOJI.get(ship)
    left = remaining(house, view, ship)
    count = len(destinations(house, view, ship))
    detail = tr._(
        "Up to {moves} · {places}",
        moves=tr.ngettext("{n} space", "{n} spaces", left),
        places=tr.ngettext("{n} place to go", "{n} places to go", count),
    )
    return Choice(label, action.text, detail, emoji, style="primary", group=tr._("Ships"))


def _attack(
    house: House,
    view: BlackFleetView,
    seat: int,
    ship: str,
    space: str,
    action: Action,
    ctx: Ctx,
) -> Choice:
    tr = ctx.tr
    me = view.captains[seat]
    if ship == "pirate":
        victim = next(s for s, c in enumerate(view.captains) if c.merchant == space)
        cube = view.captains[victim].cargo[-1:]
        gain = powers.effect(view.turn, "plunder") or powers.RAID_REWARD
        sinks = len(view.captains[victim].cargo) == 1
        detail = tr._("Take {cube}, +{gain}.", cube=w.cubes(tr, cube), gain=gain)
        if sinks:
            detail += " " + tr._("The merchant sinks.")
        return Choice(
            tr._(
                "Raid {name}'s merchant on {space}", name=seat_name(ctx, view, victim), space=space
            ),
            action.text,
            detail,
            "🏴\u200d☠️",
            style="danger",
            group=tr._("Actions"),
        )
    victim = next(s for s, c in enumerate(view.captains) if c.pirate == space)
    if ship == "merchant":
        gain = powers.total(house, me, "armed_merchant")
        label = tr._(
            "Your merchant sinks {name}'s pirate on {space}",
            name=seat_name(ctx, view, victim),
            space=space,
        )
    else:
        gain = powers.SINK_REWARD + powers.total(house, me, "bounty_hunter")
        label = tr._(
            "The {navy} sinks {name}'s pirate on {space}",
            navy=w.ship(tr, ship),
            name=seat_name(ctx, view, victim),
            space=space,
        )
    loot = view.captains[victim].loot
    detail = tr._("+{gain}.", gain=gain)
    if loot:
        detail += " " + tr._("Its treasure ({cubes}) goes home.", cubes=w.cubes(tr, loot))
    return Choice(label, action.text, detail, "💥", style="danger", group=tr._("Actions"))


def _fortune(house: House, view: BlackFleetView, seat: int, action: Action, ctx: Ctx) -> Choice:
    tr = ctx.tr
    kind = house.fortune_kind(action.args[0])
    name = w.fortune_name(tr, kind) if kind else action.args[0]
    text = w.fortune_text(tr, kind) if kind else ""
    if len(action.args) > 1:
        target = action.args[1]
        if target in ("merchant", "pirate"):
            what = w.ship(tr, target)
        elif any(c.colour == target for c in view.captains):
            s = next(i for i, c in enumerate(view.captains) if c.colour == target)
            what = seat_name(ctx, view, s)
        else:
            what = target.upper()
        label = tr._("Play {card}: {target}", card=name, target=what)
    else:
        label = tr._("Play {card}", card=name)
    return Choice(label, action.text, text, "🃏", group=tr._("Fortune cards"))


def _end_detail(house: House, view: BlackFleetView, seat: int, ctx: Ctx) -> str:
    tr = ctx.tr
    card = played_card(house, view)
    draw = tr._("Draw up to {n} movement cards", n=_movement_hand(house, view, seat))
    if card is None:
        return draw
    return tr._("{draw}, {bottom}.", draw=draw, bottom=tr._(w.BOTTOM[card.bottom]))
