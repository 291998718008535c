"""Buttons and selects. Two DynamicItems rebuild any of them from its custom id after a
restart (discord.py's persistent-component idiom); their callbacks hand over to the Fleet cog."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.custom_ids import decode, encode
from bot.embeds import FACE_EMOJI, face, option_labels
from bot.service import phase_tag
from bot.storage import GameRow
from engine.fleet_dice.state import FleetState

if TYPE_CHECKING:
    from cogs.fleet import Fleet

MAX_BUTTONS = 20  # four rows of five; the fifth row stays free
MAX_OPTIONS = 25


def _cog(interaction: discord.Interaction) -> Fleet:
    cog = interaction.client.get_cog("Fleet")  # type: ignore[attr-defined]
    assert cog is not None
    return cog  # type: ignore[no-any-return]


class FleetButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"fl1:(?!sel:)(?P<rest>.*)"
):
    def __init__(
        self, custom_id: str, label: str = "…", style: Any = None, emoji: str | None = None
    ):
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=custom_id,
                style=style or discord.ButtonStyle.secondary,
                emoji=emoji,
            )
        )
        self.raw = custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any
    ) -> FleetButton:
        return cls(item.custom_id or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).on_component(interaction, decode(self.raw), None)


class FleetSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"fl1:sel:(?P<rest>.*)"):
    def __init__(self, custom_id: str, options: list[discord.SelectOption] | None = None):
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                options=options or [discord.SelectOption(label="…", value="…")],
                placeholder="Choose…",
            )
        )
        self.raw = custom_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: Any
    ) -> FleetSelect:
        return cls(item.custom_id or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        value = str(values[0]) if values else None
        await _cog(interaction).on_component(interaction, decode(self.raw), value)


def _view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def lobby_view(row: GameRow) -> discord.ui.View:
    b = discord.ButtonStyle
    return _view(
        FleetButton(encode("lobby", row.id, "join"), "Join", b.primary),
        FleetButton(encode("lobby", row.id, "leave"), "Leave"),
        FleetButton(encode("lobby", row.id, "ai"), "Add AI seat"),
        FleetButton(encode("lobby", row.id, "start"), "Start", b.success),
        FleetButton(encode("lobby", row.id, "cancel"), "Cancel", b.danger),
    )


def board_view(row: GameRow) -> discord.ui.View:
    return _view(
        FleetButton(encode("board", row.id, "sheet"), "My sheet"),
        FleetButton(encode("board", row.id, "act"), "Act", discord.ButtonStyle.primary),
        FleetButton(encode("board", row.id, "log"), "Log"),
    )


def dice_view(row: GameRow, state: FleetState) -> discord.ui.View:
    """One button per distinct face still in the pool, and Act for everything else."""
    items: list[discord.ui.Item[Any]] = []
    if state.stage == "pick":
        tag = phase_tag(state)
        for name in dict.fromkeys(state.pool):
            count = state.pool.count(name)
            text = face(name).split(" ", 1)[-1] + (f" ×{count}" if count > 1 else "")
            items.append(
                FleetButton(encode("die", row.id, tag, name), text, emoji=FACE_EMOJI.get(name))
            )
    items.append(FleetButton(encode("board", row.id, "act"), "Act", discord.ButtonStyle.primary))
    return _view(*items)


def prompt_view(row: GameRow, state: FleetState, seat: int, actions: list[str]) -> discord.ui.View:
    """Every legal choice: buttons while they fit, else one select menu."""
    acted = str(state.players[seat].acted)
    labelled = option_labels(actions)
    if len(labelled) <= MAX_BUTTONS:
        return _view(
            *(FleetButton(encode("do", row.id, acted, text), lab) for lab, text in labelled)
        )
    options = [discord.SelectOption(label=lab, value=text) for lab, text in labelled[:MAX_OPTIONS]]
    return _view(FleetSelect(encode("sel", row.id, acted), options))


def end_view(row: GameRow) -> discord.ui.View:
    return _view(
        FleetButton(encode("end", row.id, "yes"), "End the game", discord.ButtonStyle.danger),
        FleetButton(encode("end", row.id, "no"), "Keep playing"),
    )
