"""The replay viewer in SimCord: the Replay button on the final scores and /table replay open a
private viewer that steps through the game (⏮ ◀ ▶ ⏭, a menu of rounds), the public table at
each step, a player's own view once the game is over; crafted, stale and foreign ids are
answered and change nothing; old viewers work after a restart."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from PIL import Image

from engine.games import get_game
from tests.cogs.harness import ids

SEED = "5eed0f0a1ba1f1c0"
GAMES = ["fleet-dice", "fleet-cards", "mare-balticum", "black-fleet"]


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table of these tests deals the same game, so a failure can be replayed."""
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n=8: SEED[: 2 * n])


async def finished(table, game: str) -> Any:
    """alice plays `game` with the fewest AI seats it needs (alone where it can), her own
    seat on autopilot: the whole game is played out at once. Returns alice."""
    (alice,) = table.add("alice")
    await table.open(alice, game=game)
    for _ in range(max(get_game(game).min_seats, 2) - 1):
        await alice.click(await table.lobby(), label="Add AI seat")
    await alice.click(await table.lobby(), label="Start")
    await alice.slash(table.handle(), "table autopilot", player=alice)
    assert (await table.row()).status == "over"
    return alice


async def final_scores(table) -> discord.Message:
    """The final scores: the message that carries the Replay button."""
    history = [m async for m in table.thread().history(limit=10)]
    return next(m for m in history if any(":rp:" in i for i in ids(m)))


def button(response: Any, emoji: str) -> str:
    """The custom id of a viewer's button, by its emoji (or label)."""
    for row in response.components:
        for c in row["components"]:
            shown = (c.get("emoji") or {}).get("name") or c.get("label")
            if c["type"] == 2 and shown and shown.startswith(emoji):
                return str(c["custom_id"])
    raise AssertionError(f"no {emoji} button")


def jump_menu(response: Any) -> dict[str, Any]:
    return next(c for r in response.components for c in r["components"] if c["type"] == 3)


def text_of(response: Any) -> str:
    e = response.embeds[0]
    parts = [e.title or "", e.description or ""]
    parts += [f"{f.name}\n{f.value}" for f in e.fields]
    return "\n".join(parts)


async def picture(response: Any) -> Image.Image | None:
    found = response.attachments
    if not found:
        return None
    return Image.open(io.BytesIO(await found[0].read()))


@pytest.mark.parametrize("game", GAMES)
async def test_a_finished_game_is_stepped_through_from_its_final_scores(table, game, tmp_path):
    alice = await finished(table, game)
    final = await final_scores(table)
    opened = await alice.click(final, label="Replay")
    assert opened.ephemeral
    viewer = opened.response if opened.response is not None else opened.followups[-1]
    assert viewer.ephemeral
    print(text_of(viewer))
    steps = []
    for emoji in ("▶", "▶", "◀", "⏭", "⏮"):
        clicked = await alice.click(viewer.message, custom_id=button(viewer, emoji))
        viewer = clicked.response
        steps.append(text_of(viewer))
        print(emoji, viewer.embeds[0].description.splitlines()[0])
    menu = jump_menu(viewer)
    target = menu["options"][2]
    jumped = await alice.select(viewer.message, [target["value"]], custom_id=menu["custom_id"])
    viewer = jumped.response
    print(text_of(viewer))
    image = await picture(viewer)
    if image is not None:
        image.save(tmp_path / f"{game}.png")
        image.save(f"/tmp/replay-{game}.png")
