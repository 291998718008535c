"""A seat's decision drawn with Discord's layout components (Components V2): every choice a
`Section`, its effect (`Choice.detail`) in the text and its own button beside it, the picture
in a `MediaGallery`, all in one `Container` coloured like the embeds.

Such a message has neither content nor embeds, and once sent with the layout flag it cannot
lose it: every later edit of a prompt (its next decision, "nothing to decide", a refusal's
note) must be drawn with layout components too. So with the layout on, every prompt is a
layout message; a decision whose choices do not fit as sections (Discord counts at most 40
components in a message, nested ones included, and 4,000 characters of text) shows today's
panel inside the container instead: the lines, the details as a list, buttons or menus in
rows. The same custom ids as ever, so clicks are handled as they always were.

`FLEET_LAYOUT=false` draws every prompt as an embed with buttons or menus, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.emojis import glyphs
from bot.fronts.base import Choice, Panel
from bot.i18n import Tr
from cogs.components import PromptButton
from cogs.panels import (
    COLOUR,
    IMAGE,
    MAX_BUTTONS,
    STYLES,
    Drawn,
    Look,
    _ask,
    _multi,
    _selects,
    cut,
    embed_of,
    undo_button,
)

MAX_COMPONENTS = 40
"""Every component of a layout message, nested ones included (Discord; discord.py checks)."""
MAX_TEXT = 4000
"""All the text displays of a layout message together."""
NOTE_ROOM = 300
"""Text kept free for a refusal's note above a prompt (the note is cut to it)."""
ROW = 5
LABEL = 80

Item = discord.ui.Item[Any]


class Layout(discord.ui.LayoutView):
    """Layout components as a message shows them, and nothing more (like `panels.Drawing`):
    clicks reach the bot through the patterns in `cogs.components`."""

    def __init__(self, *items: Item) -> None:
        super().__init__(timeout=None)
        for item in items:
            self.add_item(item)

    def is_dispatchable(self) -> bool:
        return False

    @property
    def timeout(self) -> float | None:
        return None

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        pass


def look_of(client: discord.Client, game: str) -> Look:
    """How the bot draws a game's prompts: its `layout` setting and uploaded emojis."""
    settings = getattr(client, "settings", None)
    uploaded: dict[str, str] = getattr(client, "app_emojis", {})
    return Look(bool(getattr(settings, "layout", False)), glyphs(game, uploaded))


def draw(
    panel: Panel, game_id: int, token: str, tr: Tr, undo: int | None, look: Look
) -> tuple[Drawn, bool]:
    """A decision as a layout message; and whether its choices are sections (False: they
    did not fit, and show as buttons or menus in rows)."""
    sections = _sections(panel, game_id, token, tr, undo, look)
    if sections is not None:
        return sections, True
    return _rows(panel, game_id, token, tr, undo, look), False


def nothing(title: str, notes: Sequence[str], undo_item: Item | None, look: Look) -> Drawn:
    """No decision now (whom the table waits for), with Undo where it applies."""
    header = _header(title, notes, look)
    rows = [discord.ui.ActionRow(undo_item)] if undo_item is not None else []

    def build(note: str | None) -> discord.ui.LayoutView:
        return _message(note, [discord.ui.TextDisplay(header), *rows])

    return Drawn(embed_of(Panel(title, notes)), None, None, None, build)


# --- the two forms ---------------------------------------------------------------------------


def _sections(
    panel: Panel, game_id: int, token: str, tr: Tr, undo: int | None, look: Look
) -> Drawn | None:
    actions = [c for c in panel.choices if c.action is not None]
    if not any(c.detail for c in actions):
        return None
    pieces: list[Choice | list[Choice]] = []
    for c in actions:
        if c.detail:
            pieces.append(c)
        elif pieces and isinstance(pieces[-1], list) and len(pieces[-1]) < ROW:
            pieces[-1].append(c)
        else:
            pieces.append([c])
    header = _header(panel.title, panel.lines, look)
    tail = _tail(panel, look)
    extra = _extra(panel, game_id, token, tr, undo)
    count = 1 + 1 + (panel.image is not None) + (2 if panel.multi is not None else 0)
    count += sum(3 if isinstance(p, Choice) else 1 + len(p) for p in pieces)
    count += (1 + len(extra) if extra else 0) + len(tail) + 1  # the note's text display
    texts = [header, *tail, *(look.text(p.detail) for p in pieces if isinstance(p, Choice))]
    if count > MAX_COMPONENTS or sum(map(len, texts)) + NOTE_ROOM > MAX_TEXT:
        return None

    def button(c: Choice) -> PromptButton:
        label = cut(c.label, LABEL)
        style = STYLES[c.style]
        return PromptButton(game_id, token, c.action or "", label, style, look.emoji(c.emoji))

    def build(note: str | None) -> discord.ui.LayoutView:
        items: list[Item] = [discord.ui.TextDisplay(header)]
        items += _picture(panel)
        if panel.multi is not None:
            items.append(discord.ui.ActionRow(_multi(panel.multi, game_id, token, look)))
        for piece in pieces:
            if isinstance(piece, Choice):
                text: Item = discord.ui.TextDisplay(look.text(piece.detail))
                items.append(discord.ui.Section(text, accessory=button(piece)))
            else:
                items.append(discord.ui.ActionRow(*(button(c) for c in piece)))
        if extra:
            items.append(discord.ui.ActionRow(*extra))
        items += [discord.ui.TextDisplay(t) for t in tail]
        return _message(note, items)

    return Drawn(embed_of(panel), None, panel.image, None, build)


def _rows(panel: Panel, game_id: int, token: str, tr: Tr, undo: int | None, look: Look) -> Drawn:
    """Today's panel inside the container: the details as lines, the choices as buttons
    while they fit in four rows, else menus (as `panels.draw_prompt` draws them)."""
    actions = [c for c in panel.choices if c.action is not None]
    extra = _extra(panel, game_id, token, tr, undo)
    rows: list[list[Item]] = []
    if panel.multi is not None:
        rows.append([_multi(panel.multi, game_id, token, look)])
    lines = list(panel.lines)
    as_buttons = len(actions) <= MAX_BUTTONS - 5 * len(rows) - 5 * bool(extra)
    if actions and as_buttons:
        lines += [f"**{c.label}** — {c.detail}" for c in actions if c.detail]
        buttons = [
            PromptButton(
                game_id,
                token,
                c.action or "",
                cut(c.label, LABEL),
                STYLES[c.style],
                look.emoji(c.emoji),
            )
            for c in actions
        ]
        rows += [list(buttons[i : i + ROW]) for i in range(0, len(buttons), ROW)]
    tail = _tail(panel, look)
    if actions and not as_buttons:
        # No five-row limit here: menus take what the 40 components leave (a menu is its
        # row and its select; the container, heading and note, the picture, the multi
        # menu's row, the tail and the Undo row take theirs), so a group keeps its own menu.
        fixed = 3 + bool(panel.image) + 2 * len(rows) + len(tail) + (1 + len(extra)) * bool(extra)
        most = (MAX_COMPONENTS - fixed) // 2
        rows += [[menu] for menu in _selects(actions, game_id, token, tr, most, look)]
    if extra:
        rows.append(list(extra))
    room = MAX_TEXT - NOTE_ROOM - sum(map(len, tail))
    header = cut(_header(panel.title, lines, look), max(room, 200))
    tail = tail if room >= 200 else []

    def build(note: str | None) -> discord.ui.LayoutView:
        items: list[Item] = [discord.ui.TextDisplay(header), *_picture(panel)]
        items += [discord.ui.ActionRow(*row) for row in rows]
        items += [discord.ui.TextDisplay(t) for t in tail]
        return _message(note, items)

    return Drawn(embed_of(panel), None, panel.image, None, build)


# --- pieces ----------------------------------------------------------------------------------


def _header(title: str, lines: Sequence[str], look: Look) -> str:
    return look.text("\n".join([f"### {cut(title, 256)}", *lines]))


def _tail(panel: Panel, look: Look) -> list[str]:
    """The panel's titled blocks (its text sheet or hand) and its footer, under the choices."""
    out = [
        look.text("\n".join([f"**{name}**" if name else "", *lines]).strip())
        for name, lines in panel.fields
    ]
    if panel.footer:
        out.append(f"-# {panel.footer}")
    return [t for t in out if t]


def _picture(panel: Panel) -> list[Item]:
    if panel.image is None:
        return []
    return [discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{IMAGE}"))]


def _extra(panel: Panel, game_id: int, token: str, tr: Tr, undo: int | None) -> list[Item]:
    """A number to type and Undo, on a row of their own under the choices."""
    out: list[Item] = []
    if panel.amount is not None:
        out.append(_ask(panel.amount, game_id, token))
    if undo is not None:
        out.append(undo_button(game_id, undo, tr))
    return out


def _message(note: str | None, items: Sequence[Item]) -> discord.ui.LayoutView:
    """The container, with a note above it (a refusal's sentence) when there is one."""
    container = discord.ui.Container(*items, accent_colour=COLOUR)
    if note:
        return Layout(discord.ui.TextDisplay(cut(note, NOTE_ROOM)), container)
    return Layout(container)
