"""Every button and select the bot has ever shipped, one `DynamicItem` per kind: its template
is both the parser and the router (discord.py's dynamic_counter idiom), so a button works
after any restart and a crafted id never reaches a handler unparsed.

Ids keep the ``fl1:`` prefix, which names the format (DISCORD.md: ≤ 100 characters):

| kind | id | sent by |
|---|---|---|
| lobby | ``fl1:lobby:<game>:join|leave|ai|strong|drop|start|cancel`` | the lobby (AI seats) |
| opt | ``fl1:opt:<game>:<option>`` | the lobby: the host cycles a game option |
| board | ``fl1:board:<game>:<op>`` | the board and private panels (op: see ``BOARD``) |
| pub | ``fl1:pub:<game>:<public token>:<action>`` | a public step (a die, Pass in an auction) |
| die | ``fl1:die:<game>:<round><b|t>:<face>`` | the first release's dice buttons |
| do | ``fl1:do:<game>:<seat token>:<action>`` | a prompt's button |
| sel | ``fl1:sel:<game>:<seat token>[:<n>]`` | a prompt's select menu (the value is the action) |
| pick | ``fl1:pick:<game>:<seat token>:<verb>`` | a prompt's several-option menu |
| ask | ``fl1:ask:<game>:<seat token>:<verb>:<low>-<high>`` | "Other amount…": opens a box |
| undo | ``fl1:undo:<game>:<table version>`` | a prompt: take back one's last decision |
| end | ``fl1:end:<game>:yes|no`` | the end confirmation |
| again | ``fl1:again:<game>`` | final scores: a new lobby with the same seats |
| rp | ``fl1:rp:<game>:<view>:<step>:<slot>`` | a replay's buttons (see below) |
| rj | ``fl1:rj:<game>:<view>:<step>`` | a replay's jump menu (the value: the step to show) |

A replay's id names the view it shows (``t``: the table; ``s<seat>``: that seat's own) and the
step; its slot keeps the ids of one viewer apart: ``o`` opens a new viewer (the final scores),
``f``, ``p``, ``n`` show the step named (first, previous, next), ``l`` the last step there is
now, ``v`` the other view of the same step.

The lobby's ``ai`` adds a normal AI seat, ``strong`` a strong one.
Action texts travel with their spaces as dots (``use harbor:inuit`` → ``use.harbor:inuit``).
Anything else (an id of an older or another format) is answered by `Unknown`.

The box an ask button opens is a modal, ``fl1:typed:<game>:<seat token>:<verb>:<low>-<high>``
with one text input, ``amount``: discord.py keeps no copy of it (a box open across a restart
is still answered), and its submission reaches `typed_submission` through the bot's
``on_interaction`` listener (`on_modal`), like any other modal id, which gets a sentence.

Each kind's callback calls the method of the same name on the bot's click handler,
``interaction.client.clicks`` (`Clicks` below; `cogs.clicks.ClickHandler` implements it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.words import WORDS

GAME = r"(?P<game>[0-9]{1,18})"
TOKEN = r"(?P<token>[a-z0-9]{1,12})"
ACTION = r"(?P<action>[a-z0-9_:+.\-]{1,60})"
LOBBY = rf"fl1:lobby:{GAME}:(?P<op>join|leave|ai|strong|drop|start|cancel)"
OPTION = rf"fl1:opt:{GAME}:(?P<key>[a-z_][a-z0-9_]{{0,40}})"
BOARD = rf"fl1:board:{GAME}:(?P<op>mine|sheet|act|log|board_words|mine_words|turn)"
PUBLIC = rf"fl1:pub:{GAME}:{TOKEN}:{ACTION}"
DIE = rf"fl1:die:{GAME}:(?P<tag>[0-9]{{1,2}}[bt]):(?P<face>[a-z_]{{1,20}})"
DO = rf"fl1:do:{GAME}:{TOKEN}:{ACTION}"
SELECT = rf"fl1:sel:{GAME}:{TOKEN}(?::(?P<n>[0-9]))?"
UNDO = rf"fl1:undo:{GAME}:(?P<version>[0-9]{{1,12}})"
END = rf"fl1:end:{GAME}:(?P<op>yes|no)"
AGAIN = rf"fl1:again:{GAME}"
PICK = rf"fl1:pick:{GAME}:{TOKEN}:(?P<verb>[a-z_]{{1,20}})"
RANGE = r"(?P<low>[0-9]{1,4})-(?P<high>[0-9]{1,4})"
ASK = rf"fl1:ask:{GAME}:{TOKEN}:(?P<verb>[a-z_]{{1,20}}):{RANGE}"
TYPED = rf"fl1:typed:{GAME}:{TOKEN}:(?P<verb>[a-z_]{{1,20}}):{RANGE}"
AMOUNT_INPUT = "amount"
"""The custom id of the one text input of a typed amount's box."""
VIEW = r"(?P<view>t|s[0-9])"
STEP = r"(?P<step>[0-9]{1,5})"
REPLAY = rf"fl1:rp:{GAME}:{VIEW}:{STEP}:(?P<slot>[ofpnlv])"
JUMP = rf"fl1:rj:{GAME}:{VIEW}:{STEP}"

Button = discord.ui.Button[Any]
Select = discord.ui.Select[Any]
Item = discord.ui.Item[Any]


class Clicks(Protocol):
    """What the buttons call, one method per kind: the bot's `cogs.clicks.ClickHandler`."""

    async def lobby(self, interaction: discord.Interaction, game_id: int, op: str) -> None: ...

    async def option(self, interaction: discord.Interaction, game_id: int, key: str) -> None: ...

    async def board(self, interaction: discord.Interaction, game_id: int, op: str) -> None: ...

    async def public(
        self, interaction: discord.Interaction, game_id: int, token: str, action: str
    ) -> None: ...

    async def prompt(
        self, interaction: discord.Interaction, game_id: int, token: str, action: str
    ) -> None: ...

    async def ask(self, interaction: discord.Interaction, typed: Typed) -> None: ...

    async def undo(self, interaction: discord.Interaction, game_id: int, version: int) -> None: ...

    async def typed(self, interaction: discord.Interaction, typed: Typed, text: str) -> None: ...

    async def end(self, interaction: discord.Interaction, game_id: int, op: str) -> None: ...

    async def again(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def replay(
        self, interaction: discord.Interaction, game_id: int, view: str, step: int, slot: str
    ) -> None: ...

    async def unknown(self, interaction: discord.Interaction, key: str) -> None: ...


@dataclass(frozen=True)
class Typed:
    """What an ask button and its box carry: the table, the seat token of the prompt it was
    on, the action's verb, and the range the box suggests (the rules decide)."""

    game_id: int
    token: str
    verb: str
    low: int
    high: int

    @classmethod
    def of(cls, match: re.Match[str]) -> Typed:
        return cls(
            int(match["game"]), match["token"], match["verb"], int(match["low"]), int(match["high"])
        )

    @property
    def tail(self) -> str:
        return f"{self.game_id}:{self.token}:{self.verb}:{self.low}-{self.high}"


def clicks(interaction: discord.Interaction) -> Clicks:
    """The bot's click handler (set up with the bot, before any component is dispatched)."""
    handler: Clicks = interaction.client.clicks  # type: ignore[attr-defined]
    return handler


def picked(interaction: discord.Interaction) -> list[str]:
    """The values a select menu's user picked (none for anything else)."""
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values")
    return [str(v) for v in values] if isinstance(values, list) else []


def encode_action(text: str) -> str:
    return text.replace(" ", ".")


def decode_action(text: str) -> str:
    return text.replace(".", " ")


def _button(
    custom_id: str, label: str, style: Any, emoji: str | None, row: int | None = None
) -> Button:
    return discord.ui.Button(
        label=label[:80] or "…",
        custom_id=custom_id,
        style=style or discord.ButtonStyle.secondary,
        emoji=emoji,
        row=row,
    )


class LobbyButton(
    discord.ui.DynamicItem[Button],
    template=LOBBY,
):
    def __init__(
        self, game_id: int, op: str, label: str = "…", style: Any = None, emoji: str | None = None
    ) -> None:
        super().__init__(_button(f"fl1:lobby:{game_id}:{op}", label, style, emoji))
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).lobby(interaction, self.game_id, self.op)


class OptionButton(discord.ui.DynamicItem[Button], template=OPTION):
    def __init__(self, game_id: int, key: str, label: str = "…") -> None:
        super().__init__(_button(f"fl1:opt:{game_id}:{key}", label, None, None))
        self.game_id, self.key = game_id, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> OptionButton:
        return cls(int(match["game"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).option(interaction, self.game_id, self.key)


class BoardButton(discord.ui.DynamicItem[Button], template=BOARD):
    def __init__(
        self, game_id: int, op: str, label: str = "…", style: Any = None, emoji: str | None = None
    ) -> None:
        super().__init__(_button(f"fl1:board:{game_id}:{op}", label, style, emoji))
        self.game_id = game_id
        self.op = "mine" if op == "sheet" else op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> BoardButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).board(interaction, self.game_id, self.op)


class PublicButton(discord.ui.DynamicItem[Button], template=PUBLIC):
    def __init__(
        self, game_id: int, token: str, action: str, label: str = "…", emoji: str | None = None
    ) -> None:
        cid = f"fl1:pub:{game_id}:{token}:{encode_action(action)}"
        super().__init__(_button(cid, label, None, emoji))
        self.game_id, self.token, self.action = game_id, token, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> PublicButton:
        return cls(int(match["game"]), match["token"], decode_action(match["action"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).public(interaction, self.game_id, self.token, self.action)


class DieButton(
    discord.ui.DynamicItem[Button],
    template=DIE,
):
    """The first release's dice: a public pick, its draft tag as the public token."""

    def __init__(self, game_id: int, tag: str, face: str) -> None:
        super().__init__(_button(f"fl1:die:{game_id}:{tag}:{face}", face, None, None))
        self.game_id, self.tag, self.face = game_id, tag, face

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> DieButton:
        return cls(int(match["game"]), match["tag"], match["face"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).public(interaction, self.game_id, self.tag, f"pick {self.face}")


class PromptButton(discord.ui.DynamicItem[Button], template=DO):
    def __init__(
        self,
        game_id: int,
        token: str,
        action: str,
        label: str = "…",
        style: Any = None,
        emoji: str | None = None,
    ) -> None:
        cid = f"fl1:do:{game_id}:{token}:{encode_action(action)}"
        super().__init__(_button(cid, label, style, emoji))
        self.game_id, self.token, self.action = game_id, token, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> PromptButton:
        return cls(int(match["game"]), match["token"], decode_action(match["action"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).prompt(interaction, self.game_id, self.token, self.action)


class PromptSelect(discord.ui.DynamicItem[Select], template=SELECT):
    def __init__(
        self,
        game_id: int,
        token: str,
        n: int = 0,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "…",
    ) -> None:
        cid = f"fl1:sel:{game_id}:{token}" + (f":{n}" if n else "")
        super().__init__(
            discord.ui.Select(
                custom_id=cid,
                options=options or [discord.SelectOption(label="…", value="…")],
                placeholder=placeholder[:150],
            )
        )
        self.game_id, self.token = game_id, token

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> PromptSelect:
        return cls(int(match["game"]), match["token"], int(match["n"] or 0))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = picked(interaction)
        value = values[0] if values else ""
        await clicks(interaction).prompt(interaction, self.game_id, self.token, value)


class PromptMulti(discord.ui.DynamicItem[Select], template=PICK):
    """A prompt's several-option menu: the action is the verb and the values picked, in the
    order the menu lists them (``pay tuna crab#2``)."""

    def __init__(
        self,
        game_id: int,
        token: str,
        verb: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "…",
        low: int = 1,
        high: int | None = None,
    ) -> None:
        options = options or [discord.SelectOption(label="…", value="…")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"fl1:pick:{game_id}:{token}:{verb}",
                options=options,
                placeholder=placeholder[:150],
                min_values=max(0, min(low, len(options))),
                max_values=max(1, min(high or len(options), len(options))),
            )
        )
        self.game_id, self.token, self.verb = game_id, token, verb
        self.order = [o.value for o in options]

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> PromptMulti:
        listed = item.options if isinstance(item, discord.ui.Select) else []
        return cls(int(match["game"]), match["token"], match["verb"], list(listed) or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        rank = {v: i for i, v in enumerate(self.order)}
        chosen = sorted(picked(interaction), key=lambda v: rank.get(v, len(rank)))
        action = " ".join([self.verb, *chosen]) if chosen else ""
        await clicks(interaction).prompt(interaction, self.game_id, self.token, action)


class AskButton(discord.ui.DynamicItem[Button], template=ASK):
    """A prompt's "Other amount…": it opens a box for a number (`AmountBox`)."""

    def __init__(self, typed: Typed, label: str = "…") -> None:
        super().__init__(_button(f"fl1:ask:{typed.tail}", label, None, None))
        self.typed = typed

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> AskButton:
        return cls(Typed.of(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).ask(interaction, self.typed)


class AmountBox(discord.ui.Modal):
    """The box an ask button opens: one short text input for a whole number. It is drawn
    only: stopped before it is sent, so discord.py keeps no copy, and its submission is read
    by `typed_submission` (after a restart as well)."""

    def __init__(self, typed: Typed, title: str, label: str, placeholder: str) -> None:
        super().__init__(title=title[:45], custom_id=f"fl1:typed:{typed.tail}", timeout=None)
        self.add_item(
            discord.ui.TextInput(
                label=label[:45],
                custom_id=AMOUNT_INPUT,
                placeholder=placeholder[:100],
                min_length=1,
                max_length=max(4, len(str(typed.high)) + 1),
            )
        )
        self.stop()


def typed_submission(interaction: discord.Interaction) -> tuple[Typed, str] | None:
    """A submitted amount box: what it carries and the text typed; None for any other modal
    id (an older format, a damaged or crafted one)."""
    data: dict[str, Any] = dict(interaction.data or {})
    match = re.fullmatch(TYPED, str(data.get("custom_id", "")))
    if match is None:
        return None
    return Typed.of(match), _typed_text(data.get("components"))


def typed_number(text: str) -> int | None:
    """The whole number a player typed in an amount box, or None: digits, with spaces or a
    dollar sign around them allowed (at most three digits: no amount of ours is longer).

    >>> typed_number(" $27 "), typed_number("4"), typed_number("12.5"), typed_number("1000")
    (27, 4, None, None)
    """
    digits = text.strip().removeprefix("$").strip()
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 3:
        return None
    return int(digits)


def _typed_text(nodes: Any) -> str:
    """The value of the amount input among a modal's submitted components ("" if absent)."""
    for node in nodes if isinstance(nodes, list) else []:
        if not isinstance(node, dict):
            continue
        if node.get("custom_id") == AMOUNT_INPUT and isinstance(node.get("value"), str):
            return str(node["value"])
        inner = node.get("components") or ([node["component"]] if "component" in node else [])
        found = _typed_text(inner)
        if found:
            return found
    return ""


async def on_modal(interaction: discord.Interaction) -> None:
    """The bot's listener for every interaction: a submitted amount box goes to the click
    handler; any other modal submission is answered as an unknown button."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    submitted = typed_submission(interaction)
    if submitted is None:
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        key = "old_button" if custom_id.startswith("fl1:") else "bad_button"
        await clicks(interaction).unknown(interaction, key)
        return
    await clicks(interaction).typed(interaction, *submitted)


class UndoButton(discord.ui.DynamicItem[Button], template=UNDO):
    """A prompt's Undo: takes back its player's last decision. It carries the table's version
    when it was drawn, so it is stale once anything has happened at the table since. It sits
    alone on the last row, below the choices."""

    ROW = 4

    def __init__(self, game_id: int, version: int, label: str = "…") -> None:
        cid = f"fl1:undo:{game_id}:{version}"
        super().__init__(_button(cid, label, None, "↩️", self.ROW))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).undo(interaction, self.game_id, self.version)


class EndButton(discord.ui.DynamicItem[Button], template=END):
    def __init__(self, game_id: int, op: str, label: str = "…", style: Any = None) -> None:
        super().__init__(_button(f"fl1:end:{game_id}:{op}", label, style, None))
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> EndButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).end(interaction, self.game_id, self.op)


class AgainButton(discord.ui.DynamicItem[Button], template=AGAIN):
    def __init__(self, game_id: int, label: str = "…", style: Any = None) -> None:
        super().__init__(_button(f"fl1:again:{game_id}", label, style, "🔁"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> AgainButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).again(interaction, self.game_id)


class ReplayButton(discord.ui.DynamicItem[Button], template=REPLAY):
    """Shows one step of a game's replay, in one view: the id says which (stateless, so a
    viewer keeps working after a restart); the handler checks that the clicker may see it."""

    def __init__(
        self,
        game_id: int,
        view: str,
        step: int,
        slot: str,
        label: str | None = None,
        emoji: str | None = None,
        style: Any = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] if label else None,
                custom_id=f"fl1:rp:{game_id}:{view}:{step}:{slot}",
                style=style or discord.ButtonStyle.secondary,
                emoji=emoji,
                disabled=disabled,
            )
        )
        self.game_id, self.shown, self.step, self.slot = game_id, view, step, slot

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["game"]), match["view"], int(match["step"]), match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await clicks(interaction).replay(
            interaction, self.game_id, self.shown, self.step, self.slot
        )


class ReplayJump(discord.ui.DynamicItem[Select], template=JUMP):
    """A replay's chapters (rounds): the value picked is the step to show."""

    def __init__(
        self,
        game_id: int,
        view: str,
        step: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "…",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"fl1:rj:{game_id}:{view}:{step}",
                options=options or [discord.SelectOption(label="…", value="…")],
                placeholder=placeholder[:150],
            )
        )
        self.game_id, self.shown = game_id, view

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> ReplayJump:
        return cls(int(match["game"]), match["view"], int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = picked(interaction)
        value = values[0] if values else ""
        # Not a number: a step no replay has, answered as one.
        step = int(value) if value.isdigit() and len(value) <= 5 else 10**6
        await clicks(interaction).replay(interaction, self.game_id, self.shown, step, "j")


KINDS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    OptionButton,
    BoardButton,
    PublicButton,
    DieButton,
    PromptButton,
    PromptSelect,
    PromptMulti,
    AskButton,
    UndoButton,
    EndButton,
    AgainButton,
    ReplayButton,
    ReplayJump,
)


PATTERNS = tuple(
    re.compile(t)
    for t in (
        LOBBY,
        OPTION,
        BOARD,
        PUBLIC,
        DIE,
        DO,
        SELECT,
        PICK,
        ASK,
        UNDO,
        END,
        AGAIN,
        REPLAY,
        JUMP,
    )
)
"""The kinds' templates, compiled (discord.py matches a whole id against each)."""


def known(custom_id: str) -> bool:
    """Whether one of the kinds above parses this id."""
    return any(pattern.fullmatch(custom_id) for pattern in PATTERNS)


class Unknown(discord.ui.DynamicItem[Button], template=r"(?s).*"):
    """Every other id: an older format, a damaged or crafted one. discord.py dispatches an id
    to every template that matches, so this one stays silent where a kind above answers."""

    def __init__(self, custom_id: str = "unknown") -> None:
        super().__init__(_button(custom_id[:100] or "unknown", "…", None, None))
        self.raw = custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> Unknown:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        if known(self.raw):
            return
        key = "old_button" if self.raw.startswith("fl1:") else "bad_button"
        await clicks(interaction).unknown(interaction, key)


ALL: tuple[type[discord.ui.DynamicItem[Any]], ...] = (*KINDS, Unknown)
"""Registered in this order; `Unknown` last."""

assert "old_button" in WORDS and "bad_button" in WORDS
