"""The lobby message: who sits, the game's options as toggles the host presses, and the
buttons to join, add AI seats, start or cancel. Posted in the channel; the table's thread
opens from it, so the Join button is where friends look."""

from __future__ import annotations

from typing import Any

import discord

from bot.fronts import get_front
from bot.fronts.base import OptionSpec
from bot.i18n import Tr
from bot.reading import ai_name, seat_infos
from bot.storage import GameRow
from bot.words import say
from cogs.components import LobbyButton, OptionButton
from cogs.panels import Drawn, embed, items_view
from engine.games import get_game


def option_label(spec: OptionSpec, value: Any, tr: Tr, game_tr: Tr) -> str:
    shown = next((game_tr._(label) for label, v in spec.values if v == value), str(value))
    return say(tr, "option_value", option=game_tr._(spec.label), value=shown)


def next_value(spec: OptionSpec, value: Any) -> Any:
    """The value after `value` in the spec's cycle (the default after the last)."""
    values = [v for _, v in spec.values]
    return values[(values.index(value) + 1) % len(values)] if value in values else values[0]


def next_ai_name(tr: Tr, row: GameRow, level: str) -> str:
    """The next AI seat's name, with its level, in the table's language: "AI 2 (strong)"."""
    return ai_name(tr, sum(1 for s in row.seats if s.is_ai) + 1, level)


def option_spec(game: str, key: str) -> OptionSpec | None:
    return next((s for s in get_front(game).lobby_options if s.key == key), None)


def lobby_drawn(row: GameRow, tr: Tr) -> Drawn:
    front = get_front(row.game)
    rules = get_game(row.game)
    game_tr = tr.domain_of(front.domain)
    seats = "\n".join(
        f"{i + 1}. {'🤖 ' if s.ai else ''}{s.name}" for i, s in enumerate(seat_infos(row, tr))
    )
    current = {**rules.options().model_dump(), **row.game_options}
    options = [
        option_label(spec, current.get(spec.key), tr, game_tr) for spec in front.lobby_options
    ]
    hours = row.options.turn_hours
    options.append(say(tr, "deadline_on", hours=hours) if hours else say(tr, "deadline_off"))
    host = row.seats[row.seat_of(row.host_id) or 0].name if row.seats else "?"
    body = say(
        tr,
        "lobby_body",
        host=host,
        count=len(row.seats),
        most=rules.max_seats,
        seats=seats,
        options=", ".join(options),
    )
    title_key = {
        "lobby": "lobby_title",
        "active": "lobby_title_playing",
        "over": "lobby_title_over",
    }.get(row.status, "lobby_title_cancelled")
    title = say(tr, title_key, game=front.title(game_tr))
    if row.status != "lobby":
        key = "lobby_started" if row.status == "active" or row.state else "lobby_cancelled"
        note = say(tr, key, channel=f"<#{row.channel_id}>", name=host)
        return Drawn(embed(title, [note, "", body.split("\n\n")[0]]), None)
    b = discord.ButtonStyle
    drop = (
        [LobbyButton(row.id, "drop", say(tr, "drop_ai"))] if any(s.is_ai for s in row.seats) else []
    )
    items: list[discord.ui.Item[Any]] = [
        LobbyButton(row.id, "join", say(tr, "join"), b.primary),
        LobbyButton(row.id, "leave", say(tr, "leave")),
        LobbyButton(row.id, "ai", say(tr, "add_ai")),
        LobbyButton(row.id, "strong", say(tr, "add_strong_ai")),
        *drop,
        LobbyButton(row.id, "start", say(tr, "start"), b.success),
        LobbyButton(row.id, "cancel", say(tr, "cancel"), b.danger),
    ]
    for spec in front.lobby_options[:14]:
        items.append(
            OptionButton(row.id, spec.key, option_label(spec, current.get(spec.key), tr, game_tr))
        )
    return Drawn(embed(title, [body]), items_view(*items))
