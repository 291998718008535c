"""A seat's prompt: its title and the few lines above the choices that say what the decision
is about (what is aboard, what each species is worth to the player so far). The choices
themselves, one per legal action, are in `choices`."""

from __future__ import annotations

from collections.abc import Sequence

from bot.fronts.base import Ctx
from bot.fronts.mare_balticum.words import place, species
from bot.i18n import N_, Tr
from engine.core.actions import Action
from engine.mare_balticum.views import MareView, PlayerView

TITLES = {
    "start": N_("Choose a port for your starting boat"),
    "turn": N_("Your turn: choose an action"),
    "sail": N_("Where does the boat on {space} sail?"),
    "launch": N_("First sail: place your next boat"),
    "unload": N_("Unload at {space}: open a demand, or unload now"),
    "contract": N_("Take a contract"),
    "company": N_("Clock {n}: choose a company token"),
    "safe": N_("The safe: throw away a token"),
}


def asks(view: MareView, seat: int) -> str:
    """Which decision `seat` owes (a key of TITLES)."""
    if view.phase == "setup":
        return "start"
    if view.phase == "company":
        return "company"
    if view.phase == "safe":
        return "safe"
    return view.sub.kind if view.sub is not None and view.seat == seat else "turn"


def title(view: MareView, seat: int, ctx: Ctx) -> str:
    tr = ctx.tr
    kind = asks(view, seat)
    space = view.sub.space if view.sub is not None else ""
    return tr._(TITLES[kind], n=view.clocks, space=place(tr, view.board, space))


def lines(view: MareView, seat: int, actions: Sequence[Action], ctx: Ctx) -> list[str]:
    tr = ctx.tr
    kind = asks(view, seat)
    me = view.players[seat]
    verbs = {a.verb for a in actions}
    out: list[str] = []
    if kind in ("turn", "sail", "launch", "unload", "contract"):
        out.append(
            tr.ngettext("{n} action left this turn.", "{n} actions left this turn.", view.actions)
        )
    if kind == "start":
        out.append(tr._("Your first sail puts the rest of your fleet on the sea next to it."))
        return out
    out.append(_aboard(tr, view, me))
    if kind == "turn" and "sail" in verbs:
        out.append(tr._("Sailing: choose the boat here, then where it goes."))
    if kind == "turn" and "overboard" in verbs:
        out.append(
            tr._("Throwing a fish overboard frees a slot in your cargo and costs no action.")
        )
    if kind == "sail":
        out.append(tr._("The spaces offered keep all your boats one connected group."))
    if kind == "launch":
        out.append(
            tr.ngettext(
                "{n} boat left to place, each next to your fleet.",
                "{n} boats left to place, each next to your fleet.",
                me.reserve,
            )
        )
    if kind == "company":
        out.append(
            tr._(
                "A multiplier goes face down on one species' market space; "
                "the safe goes face up and you throw away {n} tokens.",
                n=view.board.safe_discard,
            )
        )
        out += _holdings(view, me, ctx)
    if kind == "safe":
        out.append(
            tr.ngettext(
                "{n} token left to throw away.", "{n} tokens left to throw away.", me.discards
            )
        )
        out.append(market_line(view, me, ctx))
    return out


def _aboard(tr: Tr, view: MareView, me: PlayerView) -> str:
    return tr._(
        "Aboard ({n}/{slots}): {fish} · warehouse {stored}",
        n=len(me.cargo),
        slots=view.board.cargo_slots,
        fish=fish_list(tr, me.cargo) or tr._("nothing"),
        stored=me.stored,
    )


def fish_list(tr: Tr, kinds: Sequence[str]) -> str:
    """``salmon ×3, cod``: tokens by kind in the order first held."""
    counted: dict[str, int] = {}
    for k in kinds:
        counted[k] = counted.get(k, 0) + 1
    return ", ".join(
        tr._("{species} ×{n}", species=species(tr, k), n=n) if n > 1 else species(tr, k)
        for k, n in counted.items()
    )


def _holdings(view: MareView, me: PlayerView, ctx: Ctx) -> list[str]:
    """For each species still open on the player's market: what they hold, and where it sells;
    then the multipliers already placed (the player's own, known to them)."""
    tr = ctx.tr
    stored = dict(me.warehouse or ())
    market = dict(me.market)
    bag = dict(view.bag)
    sea = [k for _, kinds in view.tokens for k in kinds]
    out = []
    for kind in view.board.species:
        if kind in market:
            continue
        ports = [place(tr, view.board, p) for p, d in view.demands if kind in d]
        out.append(
            tr._(
                "**{species}**: {stored} in the warehouse, {aboard} aboard · wanted at {ports}",
                species=species(tr, kind),
                stored=stored.get(kind, 0),
                aboard=me.cargo.count(kind),
                ports=tr.list(ports) if ports else tr._("no port yet"),
            )
            + " · "
            # RULES §13.4: what the sea and the bag still hold is public.
            + tr._("{sea} on the sea, {bag} in the bag", sea=sea.count(kind), bag=bag.get(kind, 0))
        )
    out.append(bag_line(view, ctx))
    if market:
        out.append(market_line(view, me, ctx))
    return out


def bag_line(view: MareView, ctx: Ctx) -> str:
    """``Bag: salmon ×9, cod ×7 … · 3 clocks``: what the bag still holds (public)."""
    tr = ctx.tr
    bag = dict(view.bag)
    kinds = [
        tr._("{species} ×{n}", species=species(tr, k), n=bag[k])
        for k in view.board.kinds
        if bag.get(k)
    ]
    clocks = tr.ngettext("{n} clock", "{n} clocks", bag.get("clock", 0))
    return tr._("Bag: {tokens} · {clocks}", tokens=", ".join(kinds) or "—", clocks=clocks)


def market_line(view: MareView, me: PlayerView, ctx: Ctx) -> str:
    """``Your market: salmon ×3 · cod — · …`` (a player's own values, which they know)."""
    tr = ctx.tr
    market = dict(me.market)
    parts = []
    for kind in view.board.species:
        value = market.get(kind)
        token = f"×{value}" if value is not None else "—"
        parts.append(tr._("{species} {token}", species=species(tr, kind), token=token))
    return tr._("Your market: {spaces}", spaces=" · ".join(parts))
