"""The public step message, which is also the table: the auction lot by lot (the license up for
bid, the high bid and bidder, who may still bid, with Raise and Pass, and who is already at
their end of round), then one message for the rest of the round (launching, fishing,
processing, drawing), which each seat plays at its own pace, with where each one is. Each
carries the standings, the last moves and, while it is current, who the table waits for: the
state of the game is always at the bottom of the channel. Drawn from the public view: no hand
can reach it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.fronts.base import Choice, Ctx, Panel
from bot.fronts.fleet_cards.events import event_line
from bot.fronts.fleet_cards.prompt import decline_choice, owed
from bot.fronts.fleet_cards.tableau import boat_tokens, licenses_text, standing
from bot.fronts.fleet_cards.words import (
    EMOJI,
    boat,
    book_of,
    counted,
    license_emoji,
    license_name,
    phase_name,
    stage_name,
)
from bot.i18n import Tr
from engine.fleet_cards.cards import kind_of
from engine.fleet_cards.views import FleetCardsView

RECENT = 5
"""Last moves shown with a step."""
SILENT = frozenset({"spend", "bought", "row", "round", "setup", "discard"})
"""Events a step leaves out of its last moves: the step itself says them."""
HEADS = {"work": "⛵"}


def lot_number(view: FleetCardsView) -> int:
    """Which lot of this auction phase the table is on (from 1). A lot keeps its message
    until the next license is put up, so its record ends with who bought it and how."""
    a = view.auction
    return max(1, a.bought + (1 if a.lot is not None else 0))


def step_key(view: FleetCardsView) -> str:
    if view.phase == "auction":
        return f"{view.round}:auction:{lot_number(view)}"
    return f"{view.round}:work"


def step_panel(view: FleetCardsView, ctx: Ctx) -> Panel | None:
    if view.phase == "over":
        return None
    tr = ctx.tr
    if view.phase == "auction":
        heading = tr._("🔨 Round {round} · license auction", round=view.round)
        lines, choices = _auction(view, ctx)
    else:
        heading = tr._(
            "{emoji} Round {round} · {phase}",
            emoji=HEADS.get(view.phase, ""),
            round=view.round,
            phase=phase_name(tr, view.phase),
        )
        lines, choices = _work(view, ctx), [Choice(tr._("Act"), None, style="primary")]
    lines += supply_lines(tr, view)
    fields: list[tuple[str, Sequence[str]]] = [(tr._("Table"), standings(view, ctx))]
    recent = recent_lines(ctx, RECENT if view.phase == "auction" else RECENT + 3)
    if recent:
        fields.append((tr._("Last moves"), recent))
    choices += [Choice(tr._("Mine"), None, op="mine"), Choice(tr._("Log"), None, op="log")]
    return Panel(
        heading,
        lines,
        fields,
        choices=choices,
        footer=tr._("🚩 first player · boats with their crates; – no captain yet"),
        key=step_key(view),
        status=waiting_status(view, ctx),
    )


def waiting_status(view: FleetCardsView, ctx: Ctx) -> str:
    """``⏳ bob: raise the bid for the Cod license, or pass``, a line per seat waited on.
    Worded from the public view: what a seat owes is public (RULES §13)."""
    tr = ctx.tr
    lines = []
    for seat in ctx.waiting:
        line = tr._("⏳ {name}: {owed}", name=ctx.name(seat), owed=owed(tr, view, seat))
        if view.players[seat].payment is not None:
            line = tr._("{line} ({paid})", line=line, paid=payment_line(tr, view, seat))
        lines.append(line)
    return "\n".join(lines)


def supply_lines(tr: Tr, view: FleetCardsView) -> list[str]:
    parts = [
        tr.ngettext("{n} crate left", "{n} crates left", view.crates),
        tr.ngettext("{n} license in the deck", "{n} licenses in the deck", view.licenses_left),
        tr.ngettext("{n} card in the supply", "{n} cards in the supply", view.deck_size),
    ]
    lines = [f"{EMOJI['crate']} " + " · ".join(parts)]
    if view.last_round:
        lines.append(tr._("**Last round**: the licenses could not refill the row."))
    return lines


def standings(view: FleetCardsView, ctx: Ctx) -> list[str]:
    """Two lines a player: VP, cards in hand, processed crates (first player marked), then
    licenses and boats with their crates."""
    tr = ctx.tr
    lines = []
    for seat, p in enumerate(view.players):
        first = " 🚩" if seat == view.first_player else ""
        line = f"**{ctx.name(seat)}**{first} · {standing(tr, p)}"
        if p.gone_fishin:
            line += " · " + tr.ngettext(
                "{n} Gone Fishin' card", "{n} Gone Fishin' cards", p.gone_fishin
            )
        lines.append(line)
        licenses = licenses_text(tr, p)
        boats = " ".join(boat_tokens(p))
        if licenses and boats:
            lines.append(f"\u2003{licenses} · {boats}")
        elif licenses:
            lines.append(f"\u2003{licenses}")
        else:
            lines.append("\u2003" + tr._("no licenses yet"))
    return lines


def recent_lines(ctx: Ctx, count: int = RECENT) -> list[str]:
    """The last moves worth a line: what the step says itself, everyone's draw of the draw
    phase and their face-down discards are left out."""
    lines = []
    for e in ctx.recent:
        if e.kind in SILENT or (e.kind == "draw" and e.data.get("source") == "round"):
            continue
        if (line := event_line(e, ctx)) is not None:
            lines.append(line)
    return lines[-count:]


def offer_line(tr: Tr, view: FleetCardsView) -> str:
    book = book_of(view)
    if not view.row:
        return tr._("No license on offer.")
    offers = []
    for lic in dict.fromkeys(view.row):
        name = license_name(tr, lic)
        if (n := view.row.count(lic)) > 1:
            name = tr._("{name} ×{count}", name=name, count=n)
        offers.append(
            tr._(
                "{emoji} {license} (${least}, {vp} VP)",
                emoji=license_emoji(book, lic),
                license=name,
                least=book.licenses[lic].min_bid,
                vp=book.licenses[lic].vp,
            )
        )
    return tr._("**On offer:** {offers}", offers=" · ".join(offers))


def _auction(view: FleetCardsView, ctx: Ctx) -> tuple[list[str], list[Choice]]:
    tr = ctx.tr
    book = book_of(view)
    a = view.auction
    lines = [offer_line(tr, view)]
    choices: list[Choice] = []
    sold = _last_sale(view, ctx)
    if a.lot is None:
        if sold:
            lines.append(sold)
        chooser = next((s for s, p in enumerate(view.players) if p.task == "choose"), None)
        if chooser is not None:
            lines.append(
                tr._(
                    "🔨 **{name}** chooses a license to put up, or declines.",
                    name=ctx.name(chooser),
                )
            )
        for lic in dict.fromkeys(view.row):
            label = tr._("Put up {license}", license=license_name(tr, lic))
            choices.append(Choice(label, f"open {lic}", emoji=license_emoji(book, lic)))
        choices.append(decline_choice(tr, view))
        choices.append(Choice(tr._("Act"), None, style="primary"))
    else:
        lic = license_name(tr, a.lot)
        spec = book.licenses[a.lot]
        if a.leader is None:
            lines.append(
                tr._(
                    "🔨 **{name}** puts up the **{license}** and names the opening bid "
                    "(at least ${least}).",
                    name=ctx.name(a.opener),
                    license=lic,
                    least=spec.min_bid,
                )
            )
            choices.append(Choice(tr._("Open at ${n}", n=spec.min_bid), f"bid {spec.min_bid}"))
            choices.append(Choice(tr._("Open higher…"), None, style="primary"))
        elif view.players[a.leader].payment is not None:
            # What has been paid so far goes with the live status: a record that stayed
            # half-paid would mislead (the next message's last moves tell the whole payment).
            lines.append(
                tr._(
                    "🔨 **{name}** won the **{license}** for ${high} and pays for it.",
                    name=ctx.name(a.leader),
                    license=lic,
                    high=a.high,
                )
            )
            choices.append(Choice(tr._("Pay"), None, style="primary"))
        else:
            lines.append(
                tr._(
                    "🔨 **{license}**: high bid **${high}** by **{name}**.",
                    license=lic,
                    high=a.high,
                    name=ctx.name(a.leader),
                )
            )
            still = [
                ctx.name(s)
                for s, p in enumerate(view.players)
                if not p.out and s not in a.passed and s != a.leader
            ]
            lines.append(tr._("May still bid: {names}.", names=tr.list(still)))
            up = a.high + 1
            choices.append(Choice(tr._("Raise to ${n}", n=up), f"bid {up}"))
            choices.append(Choice(tr._("Raise more…"), None, style="primary"))
            choices.append(Choice(tr._("Pass"), "pass", style="danger"))
    done = [
        ctx.name(s)
        for s, p in enumerate(view.players)
        if p.out and p.payment is None and p.stage is None
    ]
    if done:
        lines.append(tr._("Done with this auction: {names}.", names=tr.list(done)))
    if places := stage_places(view, ctx):
        # RULES §3.2: out of the auction, they are already at their end of round.
        lines.append(tr._("Already at their end of round: {places}", places=places))
    return lines, choices


def stage_places(view: FleetCardsView, ctx: Ctx) -> str:
    """``**bob** ⛵ launching · **carol** ✅ done``: where each seat at its end of round is
    (RULES §3.2: public, like what a seat owes); empty when none is."""
    return " · ".join(
        ctx.tr._("**{name}** {stage}", name=ctx.name(seat), stage=stage_name(ctx.tr, p.stage))
        for seat, p in enumerate(view.players)
        if p.stage is not None
    )


def _last_sale(view: FleetCardsView, ctx: Ctx) -> str:
    """Who bought the last lot, for its message's record (from the public events)."""
    tr = ctx.tr
    if not view.auction.bought:
        return ""
    for e in reversed(ctx.recent):
        if e.kind == "round":
            break
        if e.kind == "won":
            return tr._(
                "✅ **{name}** bought the **{license}** for ${amount}.",
                name=ctx.name(e.seat),
                license=license_name(tr, str(e.data["license"])),
                amount=e.data["amount"],
            )
    return ""


def payment_line(tr: Tr, view: FleetCardsView, seat: int) -> str:
    """What a payment under way has taken so far: the cards paid are face up (RULES §5.3);
    what stays in the hand is never said."""
    pay = view.players[seat].payment
    assert pay is not None
    spent = [counted(tr, [boat(tr, kind_of(c)) for c in pay.cards])] if pay.cards else []
    if pay.crates:
        spent.append(tr.ngettext("{n} processed crate", "{n} processed crates", pay.crates))
    if not spent:
        return tr._("nothing paid yet")
    return tr._("paid so far: {spent}", spent=", ".join(spent))


def _work(view: FleetCardsView, ctx: Ctx) -> list[str]:
    """What this part of the round asks, each seat at its own pace, and where each one is
    (RULES §3.2: public, like what a seat owes)."""
    tr = ctx.tr
    lines = [
        tr._(
            "Each player launches boats, hires captains, fishes, processes and draws at their "
            "own pace; the next auction begins once everyone is done."
        )
    ]
    if places := stage_places(view, ctx):
        lines.append(tr._("Where everyone is: {places}", places=places))
    if any(p.stage == "fished" for p in view.players):
        lines.append(
            tr._(
                "The fish crates could run out this round: processing opens once everyone "
                "has fished."
            )
        )
    return lines
