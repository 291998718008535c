"""The one adapter from a front's `Panel` to Discord: an embed (cut to Discord's limits rather
than refused: a message that fails to send is worse than a shortened one), an attached PNG
when the panel has a picture, and its choices as buttons or select menus with versioned ids.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.fronts.base import Amount, Choice, Multi, Panel, Picture, png_of
from bot.i18n import Tr
from bot.words import say
from cogs.components import (
    AgainButton,
    AskButton,
    BoardButton,
    PromptButton,
    PromptMulti,
    PromptSelect,
    PublicButton,
    ReplayButton,
    Typed,
    UndoButton,
)

log = logging.getLogger(__name__)

COLOUR = discord.Colour.from_rgb(31, 111, 139)
MAX_BUTTONS = 20
"""Four rows of five; the fifth row stays free."""
MAX_OPTIONS = 25
MAX_SELECTS = 5
IMAGE = "panel.png"
LIMITS = {
    "title": 256,
    "description": 4096,
    "fields": 25,
    "field_name": 256,
    "field_value": 1024,
    "footer": 2048,
    "total": 6000,
}
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


@dataclass
class Drawn:
    """A panel ready to send: ``message.send(**drawn.send())``, ``message.edit(**drawn.edit())``.

    `layout`, when set, draws the message with Discord's layout components instead of the
    embed (`cogs.layout`): it is called with the note to show above the panel (a refusal's
    sentence), since such a message has no content of its own."""

    embed: discord.Embed
    view: discord.ui.View | None = None
    image: bytes | Picture | None = None
    """The picture: PNG bytes, or a `Picture` drawn only when a message needs it."""
    content: str | None = None
    layout: Callable[[str | None], discord.ui.LayoutView] | None = None
    shows: object = None
    """What a prompt shows, comparable (`cogs.prompts.drawn_prompt`); None: not known."""

    @property
    def seen(self) -> object:
        """What a reader of this message sees, comparable (None: not known): a message
        showing it already needs no edit."""
        return None if self.shows is None else (self.shows, self.content)

    def file(self) -> discord.File | None:
        png = png_of(self.image)
        return discord.File(io.BytesIO(png), IMAGE) if png is not None else None

    def noted(self, note: str | None) -> Drawn:
        """The same panel with a sentence above it (None: without)."""
        return replace(self, content=note)

    def send(self) -> dict[str, Any]:
        out: dict[str, Any]
        if self.layout is not None:
            out = {"view": self.layout(self.content)}
        else:
            out = {"embed": self.embed}
            if self.content:
                out["content"] = self.content
            if self.view is not None:
                out["view"] = self.view
        if (file := self.file()) is not None:
            out["file"] = file
        return out

    def edit(self, shown_image: str | None = None) -> dict[str, Any]:
        """The fields of an edit. `shown_image`: the `image_key` of the picture the message
        carries now; the same picture is kept where it is, not uploaded again."""
        out: dict[str, Any]
        if self.layout is not None:
            # A layout message has neither content nor embeds (an embed it had is removed).
            out = {"embed": None, "view": self.layout(self.content), "content": None}
        else:
            out = {"embed": self.embed, "view": self.view, "content": self.content}
        if shown_image is None or shown_image != self.image_key:
            file = self.file()
            out["attachments"] = [file] if file is not None else []
        return out

    @property
    def image_key(self) -> str:
        """What the picture is, by its content or by what it shows ("" for none)."""
        if self.image is None:
            return ""
        if isinstance(self.image, Picture):
            return self.image.key
        return hashlib.blake2b(self.image, digest_size=16).hexdigest()


@dataclass(frozen=True)
class Look:
    """How prompts are drawn: with layout components or as embeds, and which of the game's
    emoji glyphs have an uploaded picture (glyph → ``<:name:id>``)."""

    layout: bool = False
    glyphs: Mapping[str, str] = field(default_factory=dict)

    def text(self, text: str) -> str:
        """`text` with each glyph that has a picture shown as the picture."""
        for glyph, markup in self.glyphs.items():
            text = text.replace(glyph, markup)
        return text

    def emoji(self, glyph: str | None) -> str | None:
        """A button's or option's emoji: the picture where there is one."""
        if glyph is None:
            return None
        return self.glyphs.get(glyph, glyph)


PLAIN = Look()


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def embed(title: str, lines: Sequence[str] = (), footer: str = "") -> discord.Embed:
    e = discord.Embed(
        title=cut(title, LIMITS["title"]),
        description=cut("\n".join(lines), LIMITS["description"]) or None,
        colour=COLOUR,
    )
    if footer:
        e.set_footer(text=cut(footer, LIMITS["footer"]))
    return e


def embed_of(panel: Panel, extra: Sequence[str] = ()) -> discord.Embed:
    """The panel's text as an embed; `extra` lines go under the description."""
    e = embed(panel.title, [*panel.lines, *extra], panel.footer)
    room = LIMITS["total"] - embed_size(e)
    for name, lines in list(panel.fields)[: LIMITS["fields"]]:
        value = cut("\n".join(lines) or "\u200b", LIMITS["field_value"])
        name = cut(name or "\u200b", LIMITS["field_name"])
        if len(name) + len(value) > room:
            break
        room -= len(name) + len(value)
        e.add_field(name=name, value=value, inline=False)
    if panel.image is not None:
        e.set_image(url=f"attachment://{IMAGE}")
    return e


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


class Drawing(discord.ui.View):
    """Buttons and menus as a message shows them, and nothing more: a click on any of them
    reaches the bot through the patterns in `cogs.components` (registered once at startup), so
    discord.py keeps no copy of the view, and starts no 15-minute expiry task for each private
    prompt, as it would for a view it dispatches itself."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_dispatchable(self) -> bool:
        return False

    @property
    def timeout(self) -> float | None:
        """Never: a private prompt's buttons work for as long as the game wants them (discord.py
        would give one sent as an interaction's answer 15 minutes, and a task to count them)."""
        return None

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        pass


def items_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = Drawing()
    for item in items:
        view.add_item(item)
    return view


def act_button(game_id: int, tr: Tr, choice: Choice | None = None) -> BoardButton:
    label = choice.label if choice is not None else say(tr, "act")
    return BoardButton(game_id, "act", label, discord.ButtonStyle.primary)


def turn_button(game_id: int, tr: Tr) -> BoardButton:
    """Opens the clicker's own decision at a table from anywhere (a direct message, the list
    of /table turns): it shows nothing but their own seat's prompt."""
    return BoardButton(game_id, "turn", say(tr, "turn"), discord.ButtonStyle.primary)


def table_button(game_id: int, choice: Choice) -> discord.ui.Item[Any]:
    """A choice with no action: a table button (Act, Mine, Log, Play again, Replay)."""
    if choice.op == "again":
        return AgainButton(game_id, choice.label, STYLES[choice.style])
    if choice.op == "replay":
        return ReplayButton(game_id, "t", 0, "o", choice.label, choice.emoji, STYLES[choice.style])
    return BoardButton(game_id, choice.op, choice.label, STYLES[choice.style], choice.emoji)


def undo_button(game_id: int, version: int, tr: Tr) -> UndoButton:
    """Take back one's last decision (shown only where the rules and the log allow it)."""
    return UndoButton(game_id, version, say(tr, "undo"))


def draw_prompt(
    panel: Panel, game_id: int, token: str, tr: Tr, undo: int | None = None, look: Look = PLAIN
) -> Drawn:
    """A seat's decision: its choices as buttons while they fit (each detail as a line above
    them), else select menus grouped by `Choice.group` (details as option descriptions); a
    several-option menu (`Panel.multi`) first, on a row of its own; a number to type
    (`Panel.amount`) as a button that opens a box, after the buttons or on a row under the
    menus. `undo`: the table version an Undo button carries, on the last row (which the
    choices leave free). `look`: which emoji show as uploaded pictures."""
    if look.glyphs:
        fields = [(name, [look.text(line) for line in lines]) for name, lines in panel.fields]
        panel = replace(panel, lines=[look.text(line) for line in panel.lines], fields=fields)
    actions = [c for c in panel.choices if c.action is not None]
    multi = [_multi(panel.multi, game_id, token, look)] if panel.multi is not None else []
    ask = [_ask(panel.amount, game_id, token)] if panel.amount is not None else []
    extra = [undo_button(game_id, undo, tr)] if undo is not None else []
    if not actions:
        items = [*multi, *ask, *extra]
        return Drawn(embed_of(panel), items_view(*items) if items else None, panel.image)
    if len(actions) + len(ask) <= MAX_BUTTONS - 5 * len(multi) - 5 * len(extra):
        details = [look.text(f"**{c.label}** — {c.detail}") for c in actions if c.detail]
        buttons = [
            PromptButton(
                game_id, token, c.action or "", c.label, STYLES[c.style], look.emoji(c.emoji)
            )
            for c in actions
        ]
        view = items_view(*multi, *buttons, *ask, *extra)
        return Drawn(embed_of(panel, details), view, panel.image)
    # A Discord message holds five rows: a multi menu's, one per menu, and one for the
    # number to type and Undo together. Undo gives its row up when the choices need it
    # (`/table undo` still takes the move back): a choice is never left out.
    if len(actions) > (MAX_SELECTS - len(multi) - bool(ask or extra)) * MAX_OPTIONS:
        extra = []
    most = MAX_SELECTS - len(multi) - bool(ask or extra)
    selects = _selects(actions, game_id, token, tr, most, look)
    return Drawn(embed_of(panel), items_view(*multi, *selects, *ask, *extra), panel.image)


def _ask(amount: Amount, game_id: int, token: str) -> AskButton:
    typed = Typed(game_id, token, amount.verb, amount.low, amount.high)
    return AskButton(typed, amount.label)


def _multi(multi: Multi, game_id: int, token: str, look: Look = PLAIN) -> PromptMulti:
    options = [
        discord.SelectOption(
            label=cut(c.label, 100),
            value=c.action or "",
            description=cut(c.detail, 100) or None,
            emoji=look.emoji(c.emoji),
        )
        for c in multi.options[:MAX_OPTIONS]
    ]
    return PromptMulti(
        game_id, token, multi.verb, options, multi.placeholder, multi.low, multi.high
    )


def menus(actions: Sequence[Choice], most: int, tr: Tr) -> list[tuple[str, list[Choice]]]:
    """Choices into at most `most` select menus of 25 options, none left out while they
    fit at all (`len(actions) <= most * 25`): a menu per `Choice.group` (a group over 25 in
    parts, ``Merchant to… (1/2)``); while there are too many, the two neighbouring menus
    with the fewest options between them share one, the later of equal pairs (the last
    menus are a decision's rarer choices: ``×0 · The safe``); if that is not
    enough, every choice in order, 25 a menu. Each menu's name is its placeholder.

    >>> from bot.i18n import translator
    >>> tr = translator("en", "table")
    >>> kinds = [Choice(f"{k} {n}", f"a {k}{n}", group=k) for k in "ABCDE" for n in range(4)]
    >>> [(name, len(chunk)) for name, chunk in menus(kinds, 4, tr)]
    [('A', 4), ('B', 4), ('C', 4), ('D · E', 8)]
    >>> [len(chunk) for _, chunk in menus(kinds * 5, 4, tr)]
    [25, 25, 25, 25]
    """
    groups: dict[str, list[Choice]] = {}
    for c in actions:
        groups.setdefault(c.group, []).append(c)
    out: list[tuple[list[str], list[Choice]]] = []
    for group, choices in groups.items():
        chunks = [choices[i : i + MAX_OPTIONS] for i in range(0, len(choices), MAX_OPTIONS)]
        for n, chunk in enumerate(chunks, 1):
            name = group or say(tr, "choose")
            out.append(([f"{name} ({n}/{len(chunks)})" if len(chunks) > 1 else name], chunk))
    while len(out) > most:
        pairs = [
            (len(a[1]) + len(b[1]), -i)
            for i, (a, b) in enumerate(itertools.pairwise(out))
            if len(a[1]) + len(b[1]) <= MAX_OPTIONS
        ]
        if not pairs:
            break
        i = -min(pairs)[1]
        out[i : i + 2] = [(out[i][0] + out[i + 1][0], out[i][1] + out[i + 1][1])]
    if len(out) > most:
        every = list(actions)
        chunks = [every[i : i + MAX_OPTIONS] for i in range(0, len(every), MAX_OPTIONS)]
        name = say(tr, "choose")
        out = [([f"{name} ({n}/{len(chunks)})"], chunk) for n, chunk in enumerate(chunks, 1)]
    if len(out) > most:
        log.error("a prompt with %s choices was cut to %s menus", len(actions), most)
        out = out[:most]
    return [(cut(" · ".join(names), 150), chunk) for names, chunk in out]


def _selects(
    actions: Sequence[Choice],
    game_id: int,
    token: str,
    tr: Tr,
    most: int = MAX_SELECTS,
    look: Look = PLAIN,
) -> list[PromptSelect]:
    items = []
    for n, (placeholder, chunk) in enumerate(menus(actions, most, tr)):
        options = [
            discord.SelectOption(
                label=cut(c.label, 100),
                value=c.action or "",
                description=cut(c.detail, 100) or None,
                emoji=look.emoji(c.emoji),
            )
            for c in chunk
        ]
        items.append(PromptSelect(game_id, token, n, options, placeholder))
    return items


def draw_public(panel: Panel, game_id: int, token: str, tr: Tr) -> Drawn:
    """A public step: a choice with an action applies it for whoever clicks; one without
    opens the clicker's own prompt (Act)."""
    items: list[discord.ui.Item[Any]] = []
    for c in panel.choices[:MAX_BUTTONS]:
        if c.action is None:
            items.append(table_button(game_id, c))
        else:
            items.append(PublicButton(game_id, token, c.action, c.label, c.emoji))
    view = items_view(*items) if items else None
    return Drawn(embed_of(panel), view, panel.image, cut(panel.status, 2000) or None)


def board_view(game_id: int, tr: Tr) -> discord.ui.View:
    return items_view(
        BoardButton(game_id, "mine", say(tr, "mine")),
        act_button(game_id, tr),
        BoardButton(game_id, "log", say(tr, "log")),
    )
