"""Mare Balticum's events, refusals and owed decisions in the reader's words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.fronts.base import Ctx
from bot.fronts.mare_balticum.words import counts, place, season, species, token_name
from bot.i18n import N_
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.mare_balticum.board import AMBER, SAFE, Board
from engine.mare_balticum.views import MareView


def recipe(ctx: Ctx, board: Board, card: str) -> str:
    """``herring, herring, flounder and amber``: what one set of a contract holds."""
    tokens = board.contract(card).tokens
    return ctx.tr.list([species(ctx.tr, k) for k, n in tokens.items() for _ in range(n)])


def event_line(event: Event, board: Board, ctx: Ctx) -> str | None:
    """One line telling what happened (None for what needs no line)."""
    tr = ctx.tr
    d: Mapping[str, Any] = event.data
    name = ctx.name(event.seat)
    kind = event.kind
    if kind == "setup":
        return tr._("The sea is filled; {name} is the start player.", name=ctx.name(d["start"]))
    if kind == "start_boat":
        return tr._(
            "{name} puts a starting boat on {port}.", name=name, port=place(tr, board, d["port"])
        )
    if kind == "turn":
        return tr._("{name}'s turn (round {round}).", name=name, round=d["round"])
    if kind == "launch":
        if d["left"]:
            return tr._("{name} sails out: a boat to {space}.", name=name, space=d["space"])
        return tr._(
            "{name} sails out: a boat to {space}, the whole fleet at sea.",
            name=name,
            space=d["space"],
        )
    if kind == "sail":
        return tr._(
            "{name} sails a boat from {origin} to {to}.",
            name=name,
            origin=place(tr, board, d["origin"]),
            to=place(tr, board, d["to"]),
        )
    if kind == "fish":
        if d["kind"] == AMBER:
            return tr._(
                "{name} fishes amber at {space}: straight to the warehouse.",
                name=name,
                space=d["space"],
            )
        return tr._(
            "{name} fishes {species} at {space}.",
            name=name,
            species=species(tr, d["kind"]),
            space=d["space"],
        )
    if kind == "overboard":
        return tr._(
            "{name} throws a {species} overboard.", name=name, species=species(tr, d["kind"])
        )
    if kind == "unload":
        line = tr._(
            "{name} unloads at {port}: {fish} to the warehouse.",
            name=name,
            port=place(tr, board, d["port"]),
            fish=counts(tr, dict(d["stored"])),
        )
        if d["lost"]:
            line = tr._(
                "{line} The −1 demand takes {lost}.", line=line, lost=counts(tr, dict(d["lost"]))
            )
        return line
    if kind == "demand":
        return tr._(
            "{name} opens a {species} demand at {port} (space {slot}, {symbol}).",
            name=name,
            species=species(tr, d["species"]),
            port=place(tr, board, d["port"]),
            slot=d["slot"],
            symbol=str(d["symbol"]).replace("-", "−"),
        )
    if kind == "contract":
        if d["swap"]:
            return tr._("{name} swaps their contract for another one.", name=name)
        return tr._("{name} takes a contract, face down.", name=name)
    if kind == "contract_card":
        line = tr._(
            "You take contract {card}: {recipe}.",
            card=d["card"].upper(),
            recipe=recipe(ctx, board, d["card"]),
        )
        if d["returned"]:
            line = tr._(
                "{line} {card} goes back into the deck.", line=line, card=d["returned"].upper()
            )
        return line
    return _table_event(event, board, ctx)


def _table_event(event: Event, board: Board, ctx: Ctx) -> str | None:
    tr = ctx.tr
    d: Mapping[str, Any] = event.data
    name = ctx.name(event.seat)
    kind = event.kind
    if kind == "refill":
        placed = [
            tr._("{space}: {tokens}", space=space, tokens=tr.list([species(tr, k) for k in kinds]))
            for space, kinds in d["spaces"].items()
        ]
        line = tr._("Refill — {spaces}.", spaces="; ".join(placed)) if placed else ""
        if d.get("empty"):
            empty = tr._("The bag is empty: {spaces} stay empty.", spaces=", ".join(d["empty"]))
            line = f"{line} {empty}".strip()
        return line or None
    if kind == "clock":
        if d["n"] == d["of"]:
            return tr._(
                "The last clock ({n} of {of})! Winter is coming: round {round} is the last.",
                n=d["n"],
                of=d["of"],
                round=d["final_round"],
            )
        return tr._(
            "Clock {n} of {of}! Every player chooses a company token.", n=d["n"], of=d["of"]
        )
    if kind == "chose":
        return tr._("{name} has chosen a company token.", name=name)
    if kind == "company_choice":
        if d["token"] == SAFE:
            return tr._("You chose the safe (face down until everyone has chosen).")
        return tr._(
            "You chose {token} on {species} (face down until everyone has chosen).",
            token=token_name(tr, d["token"]),
            species=species(tr, d["species"]),
        )
    if kind == "reveal":
        parts = [
            tr._("{name}: the safe", name=ctx.name(seat))
            if choice == SAFE
            else tr._(
                "{name}: a token on {species}", name=ctx.name(seat), species=species(tr, choice)
            )
            for seat, choice in enumerate(d["choices"])
        ]
        return tr._("Company tokens revealed — {choices}.", choices="; ".join(parts))
    if kind == "discard":
        where = tr._("cargo") if d["place"] == "cargo" else tr._("warehouse")
        return tr._(
            "{name} throws away a {species} from their {place} for the safe.",
            name=name,
            species=species(tr, d["kind"]),
            place=where,
        )
    if kind == "time":
        return tr._("The clock goes on the time track: {season}.", season=season(tr, d["season"]))
    if kind == "over":
        return tr._("The season is over: the multipliers are turned face up.")
    return None


REFUSALS: dict[str, str] = {
    "syntax": N_("That is not an action of this game."),
    "over": N_("The game is over; nothing can be played any more."),
    "no_seat": N_("You have no seat at this table."),
    "not_your_turn": N_("You have nothing to decide right now; wait for your turn."),
    "no_space": N_("There is no such space on this map."),
    "not_a_port": N_("{space} is not a port."),
    "no_boat": N_("You have no boat on {space}."),
    "no_token": N_("There is no {kind} on {space} any more."),
    "cargo_full": N_("Your cargo is full: unload, or throw a fish overboard first."),
    "nothing_to_unload": N_("{space} wants none of the fish you have aboard."),
    "launch": N_("Your first sail puts all your other boats on the sea: do that first."),
    "own_boat": N_("You already have a boat on {space}."),
    "not_connected": N_("A boat on {space} would leave your fleet in pieces."),
    "not_aboard": N_("You have no {kind} aboard."),
    "played": N_("That company token is already played."),
    "safe_space": N_("The safe goes on no market space."),
    "safe_needs_tokens": N_("The safe needs {n} tokens to throw away, unless it is your last."),
    "which_species": N_("Say which species the multiplier goes on."),
    "space_taken": N_("That market space already holds a company token."),
    "not_held": N_("You have no such token there."),
    "no_card": N_("That contract is not in the deck."),
}


def refusal_line(error: IllegalAction, board: Board | None, ctx: Ctx) -> str:
    tr = ctx.tr
    if error.code == "not_now":
        return tr._(
            "That is not possible now: {owed}.",
            owed=_owed_kind(ctx, str(error.fields.get("owed", ""))),
        )
    template = REFUSALS.get(error.code)
    if template is None:
        return error.reason
    fields = dict(error.fields)
    if "kind" in fields:
        fields["kind"] = species(tr, str(fields["kind"]))
    if "space" in fields and board is not None:
        fields["space"] = place(tr, board, str(fields["space"]).upper())
    try:
        return tr._(template, **fields)
    except (KeyError, IndexError):
        return error.reason


def _owed_kind(ctx: Ctx, owed: str) -> str:
    tr = ctx.tr
    return {
        "start": tr._("put your starting boat on a port"),
        "turn": tr._("choose one of your turn's actions"),
        "sail": tr._("choose where the boat sails, or go back"),
        "launch": tr._("place your next boat next to your fleet"),
        "unload": tr._("open a demand or finish the unload"),
        "contract": tr._("take a contract or go back"),
        "company": tr._("choose a company token"),
        "safe": tr._("choose a token to throw away for the safe"),
    }.get(owed, tr._("wait for your turn"))


def owed_line(view: MareView, seat: int, ctx: Ctx) -> str:
    """What `seat` must decide now, in a few words (empty when nothing)."""
    tr = ctx.tr
    p = view.players[seat]
    if view.over:
        return ""
    if view.phase == "setup" and view.active == seat:
        return _owed_kind(ctx, "start")
    if view.phase == "turn" and view.active == seat:
        sub = view.sub if view.seat == seat else None
        if sub is not None and sub.kind == "sail":
            return tr._("choose where the boat on {space} sails", space=sub.space)
        if sub is not None:
            return _owed_kind(ctx, sub.kind)
        # Said after "your move in Mare Balticum —" in a notice.
        return tr.ngettext("{n} action left this turn", "{n} actions left this turn", view.actions)
    if view.phase == "company" and p.owes:
        return tr._("choose a company token (clock {n})", n=view.clocks)
    if view.phase == "safe" and p.discards:
        return tr.ngettext(
            "throw away {n} token for the safe", "throw away {n} tokens for the safe", p.discards
        )
    return ""


def summary(view: MareView, seat: int, ctx: Ctx) -> str:
    """``cargo 3/5 · warehouse 7 · market 2/4 · safe``: a player at a glance, all public."""
    tr = ctx.tr
    p = view.players[seat]
    line = tr._(
        "cargo {cargo}/{slots} · warehouse {stored} · market {placed}/{spaces}",
        cargo=len(p.cargo),
        slots=view.board.cargo_slots,
        stored=sum(n for _, n in p.warehouse),
        placed=len(p.market),
        spaces=len(view.board.species),
    )
    return tr._("{line} · safe", line=line) if p.safe else line
