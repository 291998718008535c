"""End to end with layout components: the fake refuses layout messages as Discord does, the
real bot's prompts pass it and are played by clicking the button beside a section's text, and
`sync` uploads the emoji pictures once, which the bot reads at start and shows in prompts."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import Any

import pytest
from simcord.components import walk_components

from .fake_discord import COMPONENTS_V2, GUILD_ID, FakeDiscord, Invalid, check_layout, user
from .process import quiet, start_bot
from .test_game_night import check, game_night

ALICE = user(1001, "alice")
TEXT = {"type": 10, "content": "Pick a die"}
BUTTON = {"type": 2, "style": 2, "label": "Cod", "custom_id": "fl1:do:1:0:pick.cod"}
SECTION = {"type": 9, "components": [TEXT], "accessory": BUTTON}


def container(*children: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": 17, "components": list(children)}]


def test_the_fake_refuses_layout_messages_discord_refuses():
    check_layout({"components": container(TEXT, SECTION)}, COMPONENTS_V2)
    refused = {
        "content with the flag": ({"content": "x", "components": container(TEXT)}, COMPONENTS_V2),
        "embeds with the flag": (
            {"embeds": [{"title": "x"}], "components": container(TEXT)},
            COMPONENTS_V2,
        ),
        "41 components": ({"components": container(*[TEXT] * 40)}, COMPONENTS_V2),
        "4001 characters": (
            {"components": container({"type": 10, "content": "x" * 4001})},
            COMPONENTS_V2,
        ),
        "a section without a button": (
            {"components": container({"type": 9, "components": [TEXT]})},
            COMPONENTS_V2,
        ),
        "layout without the flag": ({"components": container(TEXT)}, 0),
    }
    for why, (body, flags) in refused.items():
        with pytest.raises(Invalid):
            check_layout(body, flags)
            pytest.fail(why)


def test_a_layout_message_keeps_its_flag_through_edits():
    server = FakeDiscord()
    shown = {"content": "", "embeds": [], "flags": COMPONENTS_V2 | 64}
    with pytest.raises(Invalid):  # back to an embed: Discord refuses to drop the flag
        server._edited(shown, {"embeds": [{"title": "x"}], "components": []})
    edited = server._edited(shown, {"components": container(TEXT)})
    assert edited["flags"] & COMPONENTS_V2
    plain = {"content": "hi", "embeds": [], "flags": 64}
    assert (
        server._edited(
            plain,
            {"content": None, "embeds": [], "components": container(TEXT), "flags": COMPONENTS_V2},
        )["flags"]
        & COMPONENTS_V2
    )


def emoji_reads(fake: FakeDiscord) -> list[Any]:
    return [r for r in fake.requests if r[0] == "GET" and r[1].endswith("/emojis")]


def section_button(message: dict[str, Any]) -> str | None:
    for c in walk_components(message.get("components") or []):
        if c.get("type") == 9 and c["accessory"].get("type") == 2:
            return str(c["accessory"]["custom_id"])
    return None


async def test_sync_uploads_the_emojis_once_and_the_bot_shows_them_in_prompts(fake, tmp_path):
    db = tmp_path / "emoji.db"
    outs = []
    for _ in range(2):
        sync = await start_bot(fake, db, "sync", "--guild", str(GUILD_ID))
        out, err = await asyncio.wait_for(sync.communicate(), 60)
        assert sync.returncode == 0, err.decode()
        outs.append(out.decode())
    names = sorted(e["name"] for e in fake.app_emojis.values())
    assert {n for n in names if n.startswith("fd_")} and {n for n in names if n.startswith("fc_")}
    assert all(n.startswith(("fd_", "fc_")) for n in names), "the dice and the card game's boats"
    assert f"Uploaded {len(names)} emoji picture(s); 0 were there already." in outs[0]
    assert f"Uploaded 0 emoji picture(s); {len(names)} were there already." in outs[1]
    synced = len(emoji_reads(fake))
    bot = await start_bot(fake, db, "run")
    try:
        await asyncio.wait_for(fake.ready.wait(), 30)
        assert len(emoji_reads(fake)) == synced + 1, "one request at start"
        await fake.slash(ALICE, "table solo", game="fleet-dice", here=True)
        await quiet(fake)
        prompts = [
            m
            for m in fake.messages.values()
            if int(m["flags"]) & COMPONENTS_V2 and section_button(m) is not None
        ]
        assert prompts, "the first decision as a layout prompt"
        prompt = prompts[-1]
        assert "<:fd_" in json.dumps(prompt["components"]), "dice faces as pictures"
        with sqlite3.connect(db) as con:
            before = con.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        click = await fake.click(ALICE, int(prompt["id"]), section_button(prompt) or "")
        assert click.callbacks[0]["type"] in (6, 7)
        await quiet(fake)
        with sqlite3.connect(db) as con:
            assert con.execute("SELECT COUNT(*) FROM actions").fetchone()[0] > before
        assert not fake.invalid, fake.invalid
        assert not fake.unhandled, fake.unhandled
        assert not fake.problems, fake.problems
    finally:
        bot.terminate()
        await bot.communicate()


async def test_four_players_play_a_round_through_layout_prompts(tmp_path):
    night = await game_night(tmp_path, tables=1, rounds=1, limits=False)
    check(night)
    fake = night.fake
    assert not fake.invalid, fake.invalid
    layout_prompts = [m for m in fake.messages.values() if int(m["flags"]) & COMPONENTS_V2]
    assert layout_prompts, "the prompts were layout messages"
    assert fake.section_clicks > 10, "moves were played from the buttons beside the sections"
