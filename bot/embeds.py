"""Discord embeds for lobbies, boards, rolls, prompts, sheets and results.

Every embed is checked against Discord's limits (DISCORD.md) before it is sent; texts are
cut rather than refused, because a message that fails to send is worse than a shortened one.
"""

from __future__ import annotations

import discord

from bot.catalog import say
from bot.render import action_label, board_lines, decision_prompt, sheet_lines
from bot.storage import GameRow
from engine.fleet_dice.marking import label
from engine.fleet_dice.player import coin_boxes, total_fish
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.scoring import CATEGORIES, breakdown
from engine.fleet_dice.state import RUTH, FleetState

COLOUR = discord.Colour.from_rgb(31, 111, 139)
FACE_EMOJI = {
    "shrimp": "🦐",
    "cod": "🐟",
    "lobster": "🦞",
    "swordfish": "🗡️",
    "oyster": "🦪",
    "coins": "🪙",
    "harbor": "⚓",
    "wharf": "🏗️",
    "market": "💰",
}
LIMITS = {
    "title": 256,
    "description": 4096,
    "fields": 25,
    "field_name": 256,
    "field_value": 1024,
    "footer": 2048,
    "total": 6000,
}


def face(name: str) -> str:
    """``🐟 Cod`` — emoji and name together, so colour-blind and light-theme readers agree."""
    return f"{FACE_EMOJI.get(name, '')} {label(name)}".strip()


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def mono(lines: list[str]) -> str:
    return "```\n" + "\n".join(lines) + "\n```"


def embed(title: str, description: str = "") -> discord.Embed:
    return discord.Embed(
        title=_cut(title, LIMITS["title"]),
        description=_cut(description, LIMITS["description"]),
        colour=COLOUR,
    )


def embed_size(e: discord.Embed) -> int:
    size = len(e.title or "") + len(e.description or "") + len(e.footer.text or "")
    size += len(e.author.name or "")
    return size + sum(len(f.name or "") + len(f.value or "") for f in e.fields)


def limit_problems(e: discord.Embed) -> list[str]:
    """What in an embed breaks a Discord limit (empty when it fits)."""
    problems = []
    if len(e.title or "") > LIMITS["title"]:
        problems.append("title")
    if len(e.description or "") > LIMITS["description"]:
        problems.append("description")
    if len(e.fields) > LIMITS["fields"]:
        problems.append("fields")
    for f in e.fields:
        if len(f.name or "") > LIMITS["field_name"] or len(f.value or "") > LIMITS["field_value"]:
            problems.append(f"field {f.name}")
    if len(e.footer.text or "") > LIMITS["footer"]:
        problems.append("footer")
    if embed_size(e) > LIMITS["total"]:
        problems.append("total")
    return problems


def seat_label(row: GameRow, seat: int) -> str:
    s = row.seats[seat]
    if s.is_ai:
        return f"🤖 {s.name}"
    return say("autopilot_suffix", name=s.name) if s.autopilot else s.name


def lobby_embed(row: GameRow) -> discord.Embed:
    seats = "\n".join(f"{i + 1}. {seat_label(row, i)}" for i in range(len(row.seats)))
    opts = []
    if row.options.captains:
        opts.append(say("option_captains"))
    if row.options.trophies:
        opts.append(say("option_trophies"))
    if row.options.turn_hours:
        opts.append(say("option_deadline", hours=row.options.turn_hours))
    else:
        opts.append(say("option_no_deadline"))
    host = row.seats[row.seat_of(row.host_id) or 0].name
    body = say("lobby_body", host=host, count=len(row.seats), seats=seats, options=", ".join(opts))
    return embed(say("lobby_title"), body)


def board_embed(game: FleetDice, row: GameRow, state: FleetState) -> discord.Embed:
    sheet = game.sheet_for(state)
    head = board_lines(game, state)[0]
    e = embed(say("board_title", head=head))
    lines = []
    if state.pool and state.stage == "pick":
        lines.append(say("board_dice", dice=" · ".join(face(f) for f in state.pool)))
    if state.leftover:
        lines.append(say("roll_leftover", face=face(state.leftover)))
    if state.solo and state.ruth:
        r = state.ruth
        lines.append(
            say("board_markers", boat=label(r.boat), harbor=label(r.harbor), wharf=label(r.wharf))
        )
    elif state.phase != "over":
        lines.append(say("board_first", name=seat_label(row, state.first_player)))
    waiting = game.to_act(state)
    if waiting:
        lines.append(say("board_waiting", names=", ".join(seat_label(row, s) for s in waiting)))
    e.description = "\n".join(lines)
    for seat, p in enumerate(state.players):
        parts = breakdown(sheet, state, seat)
        value = say(
            "board_standing", vp=sum(parts.values()), coins=coin_boxes(p), fish=total_fish(p)
        )
        e.add_field(name=_cut(seat_label(row, seat), 256), value=value, inline=False)
    if row.recent:
        e.add_field(name=say("board_recent"), value=_cut("\n".join(row.recent), 1024), inline=False)
    return e


def roll_text(state: FleetState, row: GameRow) -> str:
    """The public roll message for the current draft."""
    phase = say("phase_boat") if state.phase == "boat" else say("phase_town")
    title = say("roll_title", round=state.round, phase=phase)
    if state.stage == "leftover" and state.leftover:
        leftover = say("roll_leftover", face=face(state.leftover))
        return say("roll_message_leftover", title=title, leftover=leftover)
    dice = " · ".join(face(f) for f in state.pool) or "—"
    order = []
    for i, seat in enumerate(state.order):
        name = say("captain_ruth") if seat == RUTH else row.seats[seat].name
        order.append(f"~~{name}~~" if i < state.picks else name)
    return say("roll_message", title=title, dice=dice, order=" → ".join(order))


def prompt_embed(game: FleetDice, row: GameRow, state: FleetState, seat: int) -> discord.Embed:
    task = game.pending(state, seat)
    if task is None:
        return embed(say("done"))
    title = decision_prompt(task)
    e = embed(title[:1].upper() + title[1:])
    if state.pool and task.kind == "pick":
        e.description = say("board_dice", dice=" · ".join(face(f) for f in state.pool))
    e.add_field(
        name=say("sheet_of", name=row.seats[seat].name),
        value=mono(sheet_lines(game, state, seat)[:2]),
        inline=False,
    )
    return e


def sheet_embed(game: FleetDice, row: GameRow, state: FleetState, seat: int) -> discord.Embed:
    lines = sheet_lines(game, state, seat)
    e = embed(say("sheet_of", name=row.seats[seat].name))
    # Split into fields at section headings so each stays well under 1024 characters.
    chunks: list[list[str]] = [[]]
    for line in lines:
        if line in ("HARBOR", "WHARF") or line.startswith("COINS"):
            chunks.append([])
        chunks[-1].append(line)
    e.description = mono(chunks[0])
    for chunk in chunks[1:]:
        e.add_field(name="\u200b", value=mono(chunk), inline=False)
    return e


def final_embed(game: FleetDice, row: GameRow, state: FleetState) -> discord.Embed:
    result = game.result(state)
    e = embed(say("final_title"))
    for s in result.seats:
        parts = " · ".join(f"{k} {s.breakdown[k]}" for k in CATEGORIES)
        name = say("final_line", rank=s.rank, name=seat_label(row, s.seat), total=s.total)
        value = parts + (f"\n**{s.title}**" if s.title else "")
        e.add_field(name=_cut(name, 256), value=value, inline=False)
    notes = list(result.notes)
    if not state.solo:
        notes.append(say("winner", names=" and ".join(row.seats[w].name for w in result.winners)))
    e.description = "\n".join(notes)
    return e


def log_embed(lines: list[str]) -> discord.Embed:
    body = "\n".join(lines) if lines else say("log_empty")
    while len(body) > 4000:
        body = body.split("\n", 1)[1]
    return embed(say("log_title"), body)


def option_labels(texts: list[str]) -> list[tuple[str, str]]:
    """(label, action text) for each choice, with the die face's emoji where one fits."""
    out = []
    for text in texts:
        verb, _, arg = text.partition(" ")
        emoji = FACE_EMOJI.get(arg.split("+")[0], "") if verb in ("pick", "use", "buffet") else ""
        out.append((_cut(f"{emoji} {action_label(text)}".strip(), 80), text))
    return out


RULES_TEXT = """**Fleet: The Dice Game — quick reference**
Each round: **boat phase** (take a die in turn, use it; then everyone uses the leftover die),
**income** (1 coin + bonuses, max 10), **fishing** in even rounds (every launched boat catches
1 fish, oyster boats 2), **town phase** (like the boat phase, with harbor/wharf/market dice).
Always mark the **top-most open box** of a section. Circles fire when marked: **L** activates a
license, **B** launches a boat, **?** is your choice. Coins fill the coin track; a ★ box gives
a **star action** (mark the top box of any section). Any die may be taken as 1 coin.
Score: fish + boats + licenses + buildings + bonus. 10 rounds (solo: 8, against Captain Ruth).
Use **Act** on the board (or /fleet act) whenever the bot is waiting for you."""
