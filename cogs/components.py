"""Every button and select the bot has ever shipped, one `DynamicItem` per kind: its template
is both the parser and the router (discord.py's dynamic_counter idiom), so a button works
after any restart and a crafted id never reaches a handler unparsed.

Ids keep the ``fl1:`` prefix, which names the format (DISCORD.md: ≤ 100 characters):

| kind | id | sent by |
|---|---|---|
| lobby | ``fl1:lobby:<game>:join|leave|ai|drop|start|cancel`` | the lobby |
| opt | ``fl1:opt:<game>:<option>`` | the lobby: the host cycles a game option |
| board | ``fl1:board:<game>:mine|sheet|act|log`` | the board (``sheet``: the first Mine) |
| pub | ``fl1:pub:<game>:<public token>:<action>`` | a public step (a die, Pass in an auction) |
| die | ``fl1:die:<game>:<round><b|t>:<face>`` | the first release's dice buttons |
| do | ``fl1:do:<game>:<seat token>:<action>`` | a prompt's button |
| sel | ``fl1:sel:<game>:<seat token>[:<n>]`` | a prompt's select menu (the value is the action) |
| end | ``fl1:end:<game>:yes|no`` | the end confirmation |
| again | ``fl1:again:<game>`` | final scores: a new lobby with the same seats |

Action texts travel with their spaces as dots (``use harbor:inuit`` → ``use.harbor:inuit``).
Anything else (an id of an older or another format) is answered by `Unknown`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.words import WORDS

if TYPE_CHECKING:
    from cogs.table import TableCog

GAME = r"(?P<game>[0-9]{1,18})"
TOKEN = r"(?P<token>[a-z0-9]{1,12})"
ACTION = r"(?P<action>[a-z0-9_:+.\-]{1,60})"
Button = discord.ui.Button[Any]
Select = discord.ui.Select[Any]


def encode_action(text: str) -> str:
    return text.replace(" ", ".")


def decode_action(text: str) -> str:
    return text.replace(".", " ")


def _cog(interaction: discord.Interaction) -> TableCog:
    cog = interaction.client.get_cog("Table")  # type: ignore[attr-defined]
    assert cog is not None, "the Table cog is loaded before any component is dispatched"
    return cog  # type: ignore[no-any-return]


def _button(custom_id: str, label: str, style: Any, emoji: str | None) -> Button:
    return discord.ui.Button(
        label=label[:80] or "…",
        custom_id=custom_id,
        style=style or discord.ButtonStyle.secondary,
        emoji=emoji,
    )


class LobbyButton(
    discord.ui.DynamicItem[Button],
    template=rf"fl1:lobby:{GAME}:(?P<op>join|leave|ai|drop|start|cancel)",
):
    def __init__(
        self, game_id: int, op: str, label: str = "…", style: Any = None, emoji: str | None = None
    ) -> None:
        super().__init__(_button(f"fl1:lobby:{game_id}:{op}", label, style, emoji))
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Button, match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).run(interaction, _cog(interaction).on_lobby, self.game_id, self.op)


class OptionButton(
    discord.ui.DynamicItem[Button], template=rf"fl1:opt:{GAME}:(?P<key>[a-z_][a-z0-9_]{{0,40}})"
):
    def __init__(self, game_id: int, key: str, label: str = "…") -> None:
        super().__init__(_button(f"fl1:opt:{game_id}:{key}", label, None, None))
        self.game_id, self.key = game_id, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Button, match: re.Match[str]
    ) -> OptionButton:
        return cls(int(match["game"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        await cog.run(interaction, cog.on_option, self.game_id, self.key)


class BoardButton(
    discord.ui.DynamicItem[Button], template=rf"fl1:board:{GAME}:(?P<op>mine|sheet|act|log)"
):
    def __init__(
        self, game_id: int, op: str, label: str = "…", style: Any = None, emoji: str | None = None
    ) -> None:
        super().__init__(_button(f"fl1:board:{game_id}:{op}", label, style, emoji))
        self.game_id = game_id
        self.op = "mine" if op == "sheet" else op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Button, match: re.Match[str]
    ) -> BoardButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        await cog.run(interaction, cog.on_board, self.game_id, self.op)


class PublicButton(discord.ui.DynamicItem[Button], template=rf"fl1:pub:{GAME}:{TOKEN}:{ACTION}"):
    def __init__(
        self, game_id: int, token: str, action: str, label: str = "…", emoji: str | None = None
    ) -> None:
        cid = f"fl1:pub:{game_id}:{token}:{encode_action(action)}"
        super().__init__(_button(cid, label, None, emoji))
        self.game_id, self.token, self.action = game_id, token, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Button, match: re.Match[str]
    ) -> PublicButton:
        return cls(int(match["game"]), match["token"], decode_action(match["action"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        await cog.run(interaction, cog.on_public, self.game_id, self.token, self.action)


class DieButton(
    discord.ui.DynamicItem[Button],
    template=rf"fl1:die:{GAME}:(?P<tag>[0-9]{{1,2}}[bt]):(?P<face>[a-z_]{{1,20}})",
):
    """The first release's dice: a public pick, its draft tag as the public token."""

    def __init__(self, game_id: int, tag: str, face: str) -> None:
        super().__init__(_button(f"fl1:die:{game_id}:{tag}:{face}", face, None, None))
        self.game_id, self.tag, self.face = game_id, tag, face

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Button, match: re.Match[str]
    ) -> DieButton:
        return cls(int(match["game"]), match["tag"], match["face"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        await cog.run(interaction, cog.on_public, self.game_id, self.tag, f"pick {self.face}")


class PromptButton(discord.ui.DynamicItem[Button], template=rf"fl1:do:{GAME}:{TOKEN}:{ACTION}"):
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
        cls, interaction: discord.Interaction, item: Button, match: re.Match[str]
    ) -> PromptButton:
        return cls(int(match["game"]), match["token"], decode_action(match["action"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        await cog.run(interaction, cog.on_prompt, self.game_id, self.token, self.action)


class PromptSelect(
    discord.ui.DynamicItem[Select], template=rf"fl1:sel:{GAME}:{TOKEN}(?::(?P<n>[0-9]))?"
):
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
        cls, interaction: discord.Interaction, item: Select, match: re.Match[str]
    ) -> PromptSelect:
        return cls(int(match["game"]), match["token"], int(match["n"] or 0))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        value = str(values[0]) if values else ""
        cog = _cog(interaction)
        await cog.run(interaction, cog.on_prompt, self.game_id, self.token, value)


class EndButton(discord.ui.DynamicItem[Button], template=rf"fl1:end:{GAME}:(?P<op>yes|no)"):
    def __init__(self, game_id: int, op: str, label: str = "…", style: Any = None) -> None:
        super().__init__(_button(f"fl1:end:{game_id}:{op}", label, style, None))
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Button, match: re.Match[str]
    ) -> EndButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        await cog.run(interaction, cog.on_end, self.game_id, self.op)


class AgainButton(discord.ui.DynamicItem[Button], template=rf"fl1:again:{GAME}"):
    def __init__(self, game_id: int, label: str = "…", style: Any = None) -> None:
        super().__init__(_button(f"fl1:again:{game_id}", label, style, "🔁"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Button, match: re.Match[str]
    ) -> AgainButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        await cog.run(interaction, cog.on_again, self.game_id)


KINDS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    OptionButton,
    BoardButton,
    PublicButton,
    DieButton,
    PromptButton,
    PromptSelect,
    EndButton,
    AgainButton,
)


def known(custom_id: str) -> bool:
    """Whether one of the kinds above parses this id."""
    return any(kind.__discord_ui_compiled_template__.fullmatch(custom_id) for kind in KINDS)


class Unknown(discord.ui.DynamicItem[Button], template=r"(?s).*"):
    """Every other id: an older format, a damaged or crafted one. discord.py dispatches an id
    to every template that matches, so this one stays silent where a kind above answers."""

    def __init__(self, custom_id: str = "unknown") -> None:
        super().__init__(_button(custom_id[:100] or "unknown", "…", None, None))
        self.raw = custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Button, match: re.Match[str]
    ) -> Unknown:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        if known(self.raw):
            return
        key = "old_button" if self.raw.startswith("fl1:") else "bad_button"
        cog = _cog(interaction)
        await cog.run(interaction, cog.on_unknown, key)


ALL: tuple[type[discord.ui.DynamicItem[Any]], ...] = (*KINDS, Unknown)
"""Registered in this order; `Unknown` last."""

assert "old_button" in WORDS and "bad_button" in WORDS
