"""The table message: each public step (the starting boats, a player's turn, a clock's company
tokens) is one message that carries the whole table — the last moves, this step so far, the
players, the sea in words and the map picture — so the table's state is always at the bottom
of the channel.

AI seats play their turns in the same moment as the click before them, so no message of its
own shows an AI turn; and a step's message is last drawn before the action that ends it.
Each message therefore starts with the moves since the start of the last turn a person played
(from `ctx.recent`): read top to bottom, the channel misses nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from bot.fronts.base import Choice, Ctx, Panel, Picture
from bot.fronts.mare_balticum.picture import map_picture
from bot.fronts.mare_balticum.prompt import fish_list
from bot.fronts.mare_balticum.wording import event_line
from bot.fronts.mare_balticum.words import counts, place, seat_mark, species
from engine.core.events import Event
from engine.mare_balticum.board import Board
from engine.mare_balticum.views import MareView

PLAYED = ("launch", "sail", "fish", "overboard", "unload", "demand", "contract")
"""Event kinds a player's action makes: a turn's line gathers them."""
MAP_CHANGES = ("start_boat", "launch", "sail", "refill", "reveal")
"""What the step message's map is drawn again for: a boat put on the map or moved, and the
end of a turn's actions (the sea refilled, a clock's tokens revealed). Fishing, unloading,
demands and contracts within a turn leave the map as it was drawn: their lines say them,
and the next turn's message shows the sea they left."""


def step_panel(view: MareView, ctx: Ctx) -> Panel | None:
    """The current step's message (None once the game is over: the final scores follow).

    A turn's message stays the same message through a clock its refill draws (the clock's
    choice, the reveal, the safe's discards), so clocks in one refill read as one story."""
    tr = ctx.tr
    if view.over:
        return None
    board = view.board
    earlier, now = _split(view, ctx)
    lines = _lines(ctx, board, earlier)
    if earlier and not _a_start(ctx, earlier[0]):
        lines.insert(0, "…")  # the table's recent events do not reach back that far
    if lines:
        lines = [last_moves_heading(ctx), *lines, ""]
    lines += _lines(ctx, board, now, skip_clock=view.phase in ("company", "safe"))
    if view.phase == "setup":
        title = tr._("Starting boats: each player puts a boat on a port")
        status = tr._("⏳ {name} chooses a port.", name=ctx.name(view.active))
        key = "setup"
    elif view.phase in ("company", "safe"):
        title = tr._(
            "⏰ Clock {n} of {of}: company tokens · round {round}",
            n=view.clocks,
            of=board.clocks,
            round=view.round,
        )
        status = _company_status(view, ctx)
        key = f"turn:{view.turn}"
    else:
        title = tr._("Round {round} · {name}'s turn", round=view.round, name=ctx.name(view.active))
        if not any(e.kind in PLAYED for e in now):
            lines.append(tr._("{mark} **{name}** is to act.", **_who(ctx, view.active)))
        status = tr.ngettext(
            "⏳ {name}: {n} action left.",
            "⏳ {name}: {n} actions left.",
            view.actions,
            name=ctx.name(view.active),
        )
        key = f"turn:{view.turn}"
    # The picture is the table; the same in words (players, tokens, demands) is one click
    # away for who needs it, not a second copy under every map.
    choices = [
        Choice(tr._("Act"), None, tr._("open your own choices"), style="primary"),
        Choice(tr._("Mine"), None, op="mine"),
        Choice(tr._("Log"), None, op="log"),
        Choice(tr._("The sea in words"), None, op="board_words"),
    ]
    moves = sum(1 for e in now if e.kind in MAP_CHANGES)
    return Panel(
        title=title,
        lines=lines,
        image=Picture(f"map:{key}:{moves}", partial(map_picture, view, ctx)),
        choices=choices,
        key=key,
        status=status,
    )


# --- what happened -------------------------------------------------------------------------


def _split(view: MareView, ctx: Ctx) -> tuple[list[Event], list[Event]]:
    """The moves before this step since the start of the last turn a person played, and this
    step's own (from the start of its turn, clocks included)."""
    recent = list(ctx.recent)
    if view.phase == "setup":
        return [], list(view.log)
    start = next(
        (
            i
            for i in range(len(recent) - 1, -1, -1)
            if recent[i].kind == "turn" and recent[i].data.get("turn") == view.turn
        ),
        None,
    )
    if start is None:
        # The table's recent events no longer reach back to the turn's start.
        return [], list(view.log)
    return _since_a_person(ctx, recent[:start]), recent[start:]


def _since_a_person(ctx: Ctx, events: Sequence[Event]) -> list[Event]:
    """`events` from the start of the last turn a person played (or from the setup)."""
    for i in range(len(events) - 1, -1, -1):
        if _a_start(ctx, events[i]):
            return list(events[i:])
    return list(events)


def _a_start(ctx: Ctx, e: Event) -> bool:
    """The game's setup, or the start of a turn a person played."""
    return e.kind == "setup" or (e.kind == "turn" and not _automatic(ctx, e.seat))


def closing_lines(view: MareView, ctx: Ctx) -> list[str]:
    """The game's last moves, for the final scores (the last turn's message was drawn before
    its last action)."""
    return _lines(ctx, view.board, _since_a_person(ctx, list(ctx.recent)))


def _automatic(ctx: Ctx, seat: int | None) -> bool:
    if seat is None or not 0 <= seat < len(ctx.seats):
        return True
    info = ctx.seats[seat]
    return info.ai or info.autopilot


def last_moves_heading(ctx: Ctx) -> str:
    heading = ctx.tr._("Last moves")
    return f"**{heading}**"


def _lines(ctx: Ctx, board: Board, events: Sequence[Event], skip_clock: bool = False) -> list[str]:
    """One line per turn (its actions together), per refill, per clock and per reveal;
    `skip_clock`: leave out the clock the message's title already names."""
    out: list[str] = []
    turn: tuple[int, list[Event]] | None = None
    discards: dict[int, list[Event]] = {}

    def flush() -> None:
        nonlocal turn
        if turn is not None and turn[1]:
            out.append(_turn_line(ctx, board, turn[0], turn[1]))
        turn = None
        for seat, thrown in discards.items():
            out.append(_discard_line(ctx, seat, thrown))
        discards.clear()

    for e in events:
        if e.kind == "turn" and e.seat is not None:
            flush()
            turn = (e.seat, [])
        elif e.kind in PLAYED and e.seat is not None:
            if turn is None or turn[0] != e.seat:
                flush()
                turn = (e.seat, [])
            turn[1].append(e)
        elif e.kind == "discard" and e.seat is not None:
            discards.setdefault(e.seat, []).append(e)
        elif e.kind in ("chose", "time", "over"):
            continue
        elif e.kind == "clock" and skip_clock and e is events[-1 - _after_clock(events)]:
            flush()
            continue
        else:
            flush()
            line = _table_line(ctx, board, e)
            if line:
                out.append(line)
    flush()
    return out


def _after_clock(events: Sequence[Event]) -> int:
    """How many events follow the last clock (its choices, reveal and discards)."""
    for n, e in enumerate(reversed(events)):
        if e.kind == "clock":
            return n
    return 0


def _who(ctx: Ctx, seat: int) -> dict[str, str]:
    return {"mark": seat_mark(seat), "name": ctx.name(seat)}


def _turn_line(ctx: Ctx, board: Board, seat: int, played: Sequence[Event]) -> str:
    tr = ctx.tr
    phrases: list[str] = []
    launched: list[str] = []
    for e in played:
        if e.kind == "launch":
            launched.append(str(e.data["space"]))
            if not e.data["left"]:
                phrases.append(tr._("sails out to {spaces}", spaces=", ".join(launched)))
                launched = []
            continue
        phrases.append(_phrase(ctx, board, e))
    if launched:
        phrases.append(tr._("sails out to {spaces}", spaces=", ".join(launched)))
    return tr._("{mark} **{name}**: {moves}", moves=" · ".join(phrases), **_who(ctx, seat))


def _phrase(ctx: Ctx, board: Board, e: Event) -> str:
    """One action in a few words, without the player's name (the line starts with it)."""
    tr = ctx.tr
    d: Mapping[str, Any] = e.data
    if e.kind == "sail":
        return tr._(
            "sails {origin} → {to}",
            origin=place(tr, board, d["origin"]),
            to=place(tr, board, d["to"]),
        )
    if e.kind == "fish":
        return tr._("fishes {species} at {space}", species=species(tr, d["kind"]), space=d["space"])
    if e.kind == "overboard":
        return tr._("throws a {species} overboard", species=species(tr, d["kind"]))
    if e.kind == "unload":
        phrase = tr._(
            "unloads {fish} at {port}",
            fish=counts(tr, dict(d["stored"])),
            port=place(tr, board, d["port"]),
        )
        if d["lost"]:
            phrase = tr._(
                "{phrase} (the −1 takes {lost})", phrase=phrase, lost=counts(tr, dict(d["lost"]))
            )
        return phrase
    if e.kind == "demand":
        return tr._(
            "opens a {species} demand at {port} ({symbol})",
            species=species(tr, d["species"]),
            port=place(tr, board, d["port"]),
            symbol=str(d["symbol"]).replace("-", "−"),
        )
    if e.kind == "contract":
        return tr._("swaps their contract") if d["swap"] else tr._("takes a contract")
    return event_line(e, board, ctx) or e.kind


def _discard_line(ctx: Ctx, seat: int, thrown: Sequence[Event]) -> str:
    tr = ctx.tr
    items = [
        tr._("{species} from the cargo", species=species(tr, e.data["kind"]))
        if e.data["place"] == "cargo"
        else tr._("{species} from the warehouse", species=species(tr, e.data["kind"]))
        if e.data.get("kind") is not None
        else tr._("a token from the warehouse")
        for e in thrown
    ]
    return tr._(
        "{mark} **{name}** throws away for the safe: {tokens}",
        tokens=tr.list(items),
        **_who(ctx, seat),
    )


def _table_line(ctx: Ctx, board: Board, e: Event) -> str | None:
    tr = ctx.tr
    if e.kind == "refill":
        placed = [
            tr._("{space} {tokens}", space=space, tokens=fish_list(tr, kinds))
            for space, kinds in e.data["spaces"].items()
        ]
        line = tr._("↻ Refill: {spaces}", spaces=" · ".join(placed)) if placed else ""
        if e.data.get("empty"):
            empty = tr._("the bag is empty: {spaces} stay empty", spaces=", ".join(e.data["empty"]))
            line = tr._("↻ {line}", line=empty) if not line else f"{line} · {empty}"
        return line or None
    if e.kind == "clock":
        return f"⏰ {event_line(e, board, ctx)}"
    if e.kind == "reveal":
        return f"🔓 **{event_line(e, board, ctx)}**"
    return event_line(e, board, ctx)


def _company_status(view: MareView, ctx: Ctx) -> str:
    tr = ctx.tr
    if view.phase == "company":
        waiting = [ctx.name(s) for s, p in enumerate(view.players) if not p.chosen]
        done = [ctx.name(s) for s, p in enumerate(view.players) if p.chosen]
        line = tr._("⏳ Choosing: {names}.", names=tr.list(waiting))
        if done:
            line = tr._("{line} Chosen: {names}.", line=line, names=tr.list(done))
        return line
    owing = [(s, p.discards) for s, p in enumerate(view.players) if p.discards]
    parts = [
        tr.ngettext(
            "{name} throws away {n} more token",
            "{name} throws away {n} more tokens",
            n,
            name=ctx.name(s),
        )
        for s, n in owing
    ]
    return tr._("⏳ The safe: {who}.", who=tr.list(parts)) if parts else ""


# --- the table now ---------------------------------------------------------------------------


def player_lines(view: MareView, ctx: Ctx) -> list[str]:
    """``🟥 **Alice** — boats STO, ALA · aboard cod ×2, herring (3/5) · warehouse 8 · market
    cod, herring``: everything public about each player (the market: which species hold a
    company token; their values are face down)."""
    tr = ctx.tr
    board = view.board
    out = []
    for seat, p in enumerate(view.players):
        boats = ", ".join(place(tr, board, b) for b in p.boats) or tr._("none yet")
        aboard = fish_list(tr, p.cargo) or tr._("nothing")
        marked = ", ".join(species(tr, k) for k, _ in p.market) or tr.pgettext("market", "empty")
        line = tr._(
            "{mark} **{name}** — boats {boats} · aboard {aboard} ({n}/{slots}) · "
            "warehouse {stored} · market {marked}",
            boats=boats,
            aboard=aboard,
            n=len(p.cargo),
            slots=board.cargo_slots,
            stored=p.stored,
            marked=marked,
            **_who(ctx, seat),
        )
        out.append(tr._("{line} · safe", line=line) if p.safe else line)
    return out


def sea_lines(view: MareView, ctx: Ctx) -> list[str]:
    """The tokens on the sea and what each port wants, in the picture's names."""
    tr = ctx.tr
    board = view.board
    tokens = [
        tr._("{space} {tokens}", space=s.code, tokens=fish_list(tr, kinds))
        for s in board.spaces
        if (kinds := view.space_tokens(s.code))
    ]
    ports = []
    for code, wanted in view.demands:
        names = [species(tr, k) for k in wanted if k]
        free = sum(1 for k in wanted if not k)
        what = ", ".join(names) if names else tr._("nothing yet")
        if free and names:
            what = tr.ngettext("{what}, {n} free space", "{what}, {n} free spaces", free, what=what)
        ports.append(tr._("{port}: {what}", port=place(tr, board, code), what=what))
    return [
        tr._("**Tokens** {tokens}", tokens=" · ".join(tokens) or tr._("none")),
        tr._("**Ports want** {ports}", ports=" · ".join(ports)),
    ]
