"""The choices of a prompt: one per legal action, labelled the way the map picture names
spaces, each with one line saying what it does now. The engine says what is legal and what an
unload would move; this module only words it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.fronts.base import Choice, Ctx
from bot.fronts.mare_balticum.wording import recipe
from bot.fronts.mare_balticum.words import counts, place, space_name, species, token_name
from bot.i18n import N_
from engine.core.actions import Action
from engine.mare_balticum.board import AMBER, SAFE
from engine.mare_balticum.fleet import sail_targets
from engine.mare_balticum.turn import parse_parts
from engine.mare_balticum.views import MareView, unload_preview

GROUPS = {
    "port": N_("Ports"),
    "fish": N_("Fish"),
    "unload": N_("Unload"),
    "sail": N_("Sail a boat"),
    "launch": N_("First sail"),
    "place": N_("Next boat"),
    "to": N_("Sail to"),
    "overboard": N_("Throw overboard"),
    "contract": N_("Contracts"),
    "take": N_("Contracts"),
    "open": N_("Demands"),
    "back": N_("Back"),
    "cargo": N_("From your cargo"),
    "warehouse": N_("From your warehouse"),
    SAFE: N_("The safe"),
}
"""What a select menu of each kind of choice says before one is picked (when a prompt has
too many choices for buttons); the multipliers' menus say their token (×3)."""


def choices(view: MareView, seat: int, actions: Sequence[Action], ctx: Ctx) -> list[Choice]:
    out = []
    for action in actions:
        choice = _choice(view, seat, action, ctx)
        key = choice.group
        group = ctx.tr._(GROUPS[key]) if key in GROUPS else token_name(ctx.tr, key)
        out.append(replace(choice, group=group))
    return out


def _choice(view: MareView, seat: int, action: Action, ctx: Ctx) -> Choice:
    tr = ctx.tr
    board = view.board
    me = view.players[seat]
    verb, args = action.verb, action.args
    text = action.text
    if verb in ("fish", "sail", "launch", "place", "to", "port", "unload"):
        code = args[0].upper()
        where = place(tr, board, code)
    if verb == "port":
        return Choice(where, text, _port_detail(view, code, ctx), group="port")
    if verb == "fish":
        kind = args[1]
        if kind == AMBER:
            detail = tr._("straight to your warehouse: 1 point")
        else:
            detail = tr._(
                "into your cargo ({n}/{slots} after); wanted at {ports}",
                n=len(me.cargo) + 1,
                slots=board.cargo_slots,
                ports=_wanted_at(view, kind, ctx),
            )
        label = tr._("Fish {species} at {space}", species=species(tr, kind), space=where)
        return Choice(label, text, detail, style="primary", group="fish")
    if verb == "unload":
        chosen = args[1] if len(args) > 1 else ""
        stored, lost = unload_preview(view, seat, code, chosen)
        detail = tr._("{fish} to your warehouse", fish=counts(tr, stored))
        if lost:
            detail = tr._("{line}; the −1 takes {lost}", line=detail, lost=counts(tr, lost))
        label = tr._("Unload at {port}", port=where)
        parts = parse_parts(chosen) if chosen else {}
        if any(n is not None for n in parts.values()):
            # RULES §6.2: fewer fish of a species than aboard; the others stay.
            fish = tr.list(
                [
                    species(tr, k) if n is None else tr._("{kind} ×{n}", kind=species(tr, k), n=n)
                    for k, n in parts.items()
                ]
            )
            label = tr._("Unload only {fish} at {port}", fish=fish, port=where)
            kept = {k: me.cargo.count(k) - stored.get(k, 0) - lost.get(k, 0) for k in parts}
            detail = tr._("{line}; still aboard: {fish}", line=detail, fish=counts(tr, kept))
        elif parts:
            # RULES §6.2: only some of the fish the port takes; the rest stays aboard.
            kinds = tr.list([species(tr, k) for k in parts])
            label = tr._("Unload only the {fish} at {port}", fish=kinds, port=where)
        return Choice(label, text, detail, style="success", group="unload")
    if verb == "sail":
        label = tr._("Sail the boat on {space}", space=where)
        return Choice(label, text, _sail_detail(view, seat, code, ctx), group="sail")
    if verb in ("launch", "place"):
        label = tr._("First sail: a boat to {space}", space=where)
        if verb == "place":
            label = tr._("Next boat to {space}", space=where)
        left = me.reserve - 1
        detail = _space_detail(view, code, ctx)
        if left:
            more = tr.ngettext("{n} more boat to place", "{n} more boats to place", left)
            detail = tr._("{detail}; {more}", detail=detail, more=more)
        return Choice(label, text, detail, style="primary", group=verb)
    if verb == "to":
        label = tr._("Sail to {space}", space=where)
        detail = _arrival(view, seat, code, ctx)
        return Choice(label, text, detail, style="primary", group="to")
    return _other_choice(view, seat, action, ctx)


def _other_choice(view: MareView, seat: int, action: Action, ctx: Ctx) -> Choice:
    tr = ctx.tr
    board = view.board
    me = view.players[seat]
    verb, args = action.verb, action.args
    text = action.text
    if verb == "overboard":
        label = tr._("Throw a {species} overboard", species=species(tr, args[0]))
        return Choice(label, text, _overboard_detail(view, seat, args[0], ctx), group="overboard")
    if verb == "contract":
        detail = tr._(
            "look through the {n} cards and take one: that is the action", n=view.deck_size
        )
        return Choice(tr._("Take a contract"), text, detail, group="contract")
    if verb == "take":
        detail = tr._(
            "each set of {recipe} scores {points}",
            recipe=recipe(ctx, board, args[0]),
            points=board.contract_points,
        )
        return Choice(tr._("Contract {card}", card=args[0].upper()), text, detail, group="take")
    if verb == "open":
        kind, slot = args[0], int(args[1])
        symbol = board.by_code[view.sub.space].demand[slot - 1] if view.sub else "0"
        label = tr._(
            "{species} on space {slot} ({symbol})",
            species=species(tr, kind),
            slot=slot,
            symbol=symbol.replace("-", "−"),
        )
        detail = tr._("{species} unloads here from now on", species=species(tr, kind))
        if symbol == "-1":
            detail = tr._("every {species} unload here loses one fish", species=species(tr, kind))
        return Choice(label, text, detail, group="open")
    if verb == "done":
        stored, _ = unload_preview(view, seat, view.sub.space if view.sub else "")
        detail = tr._("{fish} to your warehouse", fish=counts(tr, stored))
        return Choice(tr._("Unload now"), text, detail, style="success", group="open")
    if verb == "back":
        return Choice(
            tr._("Back"), text, tr._("choose another action; nothing is spent"), group="back"
        )
    if verb == "play":
        return _company_choice(view, seat, action, ctx)
    if verb == "discard":
        where, kind = args
        if where == "cargo":
            label = tr._("{species} from your cargo", species=species(tr, kind))
            have = me.cargo.count(kind)
        else:
            label = tr._("{species} from your warehouse", species=species(tr, kind))
            have = dict(me.warehouse or ()).get(kind, 0)
        detail = tr.ngettext("you have {n} there", "you have {n} there", have)
        detail = tr._("{have} · {cost}", have=detail, cost=_safe_cost(view, seat, where, kind, ctx))
        return Choice(label, text, detail, style="danger", group=where)
    return Choice(action.text, action.text)


def _overboard_detail(view: MareView, seat: int, kind: str, ctx: Ctx) -> str:
    """What a fish thrown overboard is worth to the player: how many are aboard, where it
    unloads now (a port where a boat is and that wants it) or later, and the player's own
    multiplier on it. What every throw does (a free slot, no action) is said once above."""
    tr = ctx.tr
    me = view.players[seat]
    parts = [tr._("{n} aboard", n=me.cargo.count(kind))]
    ports = {p for p, _ in view.demands}
    here = [p for p in dict.fromkeys(me.boats) if p in ports and kind in _unloads(view, seat, p)]
    if here:
        names = tr.list([place(tr, view.board, p) for p in here])
        parts.append(tr._("unloads now at {ports}", ports=names))
    else:
        parts.append(tr._("wanted at {ports}", ports=_wanted_at(view, kind, ctx)))
    value = dict(me.market).get(kind)
    if value is not None:
        parts.append(tr._("×{n} on your market", n=value))
    return " · ".join(parts)


def _safe_cost(view: MareView, seat: int, where: str, kind: str, ctx: Ctx) -> str:
    """What throwing this token away costs at the end: amber 1 point, a fish in the
    warehouse its multiplier (the player's own, known to them), a fish aboard nothing yet
    (it scores only once unloaded)."""
    tr = ctx.tr
    if kind == AMBER:
        return tr.ngettext("−{n} point", "−{n} points", 1)
    if where == "cargo":
        return tr._("aboard: no points until unloaded")
    value = dict(view.players[seat].market).get(kind)
    if value is None:
        return tr._("no multiplier on it yet")
    return tr.ngettext("−{n} point", "−{n} points", value)


def _company_choice(view: MareView, seat: int, action: Action, ctx: Ctx) -> Choice:
    tr = ctx.tr
    token = action.args[0]
    if token == SAFE:
        detail = tr.ngettext(
            "face up; then throw away {n} token of your choice",
            "face up; then throw away {n} tokens of your choice",
            view.board.safe_discard,
        )
        return Choice(tr._("The safe"), action.text, detail, style="danger", group=SAFE)
    kind = action.args[1]
    label = tr._("{token} on {species}", token=token_name(tr, token), species=species(tr, kind))
    # Where each species sells and what the sea holds is said once, above the choices; each
    # choice says what it scores on today's warehouse (RULES §10.2), the deciding number.
    stored = dict(view.players[seat].warehouse or ()).get(kind, 0)
    value = int(token.removeprefix("x"))
    detail = tr.ngettext(
        "{stored} in your warehouse × {value} = {n} point so far",
        "{stored} in your warehouse × {value} = {n} points so far",
        stored * value,
        stored=stored,
        value=value,
    )
    return Choice(label, action.text, detail, group=token)


def _sail_detail(view: MareView, seat: int, code: str, ctx: Ctx) -> str:
    """Where the boat on `code` can end its sail, and what it can do there: ``to 7 places:
    fish at BOS, GOT · unload at Stockholm``."""
    tr = ctx.tr
    board = view.board
    boats = list(view.players[seat].boats)
    targets = sail_targets(board, boats, code)
    fishing = [t for t in targets if view.space_tokens(t)]
    ports = [t for t in targets if board.by_code[t].kind == "port" and _unloads(view, seat, t)]
    parts = []
    if fishing:
        parts.append(tr._("fish at {spaces}", spaces=", ".join(fishing[:6])))
    if ports:
        parts.append(tr._("unload at {ports}", ports=tr.list([place(tr, board, p) for p in ports])))
    head = tr.ngettext("to {n} place", "to {n} places", len(targets))
    return " · ".join([head, *parts]) if parts else head


def _unloads(view: MareView, seat: int, port: str) -> dict[str, int]:
    return unload_preview(view, seat, port)[0]


def _arrival(view: MareView, seat: int, code: str, ctx: Ctx) -> str:
    """What the boat can do where it arrives: fish what lies there, or unload at a port."""
    tr = ctx.tr
    if view.board.by_code[code].kind == "port":
        stored = _unloads(view, seat, code)
        if stored:
            return tr._("port · unload {fish}", fish=counts(tr, stored))
        return _port_detail(view, code, ctx)
    return _space_detail(view, code, ctx)


def _space_detail(view: MareView, code: str, ctx: Ctx) -> str:
    """``East Gotland Basin · cod, amber``; a port: what it wants."""
    tr = ctx.tr
    board = view.board
    name = space_name(tr, board, code)
    if board.by_code[code].kind == "port":
        return _port_detail(view, code, ctx)
    tokens = view.space_tokens(code)
    if not tokens:
        return tr._("{name} · no tokens", name=name)
    return tr._("{name} · {tokens}", name=name, tokens=tr.list([species(tr, k) for k in tokens]))


def _port_detail(view: MareView, code: str, ctx: Ctx) -> str:
    tr = ctx.tr
    wanted = [species(tr, k) for k in dict(view.demands).get(code, ()) if k]
    if not wanted:
        return tr._("port · no demand yet")
    return tr._("port · wants {species}", species=tr.list(wanted))


def _wanted_at(view: MareView, kind: str, ctx: Ctx) -> str:
    tr = ctx.tr
    ports = [place(tr, view.board, p) for p, d in view.demands if kind in d]
    if ports:
        return tr.list(ports)
    return tr._("no port yet")
