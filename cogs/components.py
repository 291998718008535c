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
| end | ``fl1:end:<game>:yes|no`` | the end confirmation |
| again | ``fl1:again:<game>`` | final scores: a new lobby with the same seats |

The lobby's ``ai`` adds a normal AI seat, ``strong`` a strong one.
Action texts travel with their spaces as dots (``use harbor:inuit`` → ``use.harbor:inuit``).
Anything else (an id of an older or another format) is answered by `Unknown`.

Each kind's callback calls the method of the same name on the bot's click handler,
``interaction.client.clicks`` (`Clicks` below; `cogs.clicks.ClickHandler` implements it).
"""

from __future__ import annotations

import re
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
END = rf"fl1:end:{GAME}:(?P<op>yes|no)"
AGAIN = rf"fl1:again:{GAME}"
PICK = rf"fl1:pick:{GAME}:{TOKEN}:(?P<verb>[a-z_]{{1,20}})"

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

    async def end(self, interaction: discord.Interaction, game_id: int, op: str) -> None: ...

    async def again(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def unknown(self, interaction: discord.Interaction, key: str) -> None: ...


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


def _button(custom_id: str, label: str, style: Any, emoji: str | None) -> Button:
    return discord.ui.Button(
        label=label[:80] or "…",
        custom_id=custom_id,
        style=style or discord.ButtonStyle.secondary,
        emoji=emoji,
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


KINDS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    OptionButton,
    BoardButton,
    PublicButton,
    DieButton,
    PromptButton,
    PromptSelect,
    PromptMulti,
    EndButton,
    AgainButton,
)


PATTERNS = tuple(
    re.compile(t) for t in (LOBBY, OPTION, BOARD, PUBLIC, DIE, DO, SELECT, PICK, END, AGAIN)
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
