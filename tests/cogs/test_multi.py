"""A several-option menu (`Panel.multi`): the player picks options in one select, the bot
sends the verb and the picked values as one action, in the order the menu lists them; a
crafted pick the rules refuse changes nothing and is answered in one sentence."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.fronts import get_front
from bot.fronts.base import Choice, Multi
from tests.cogs.harness import said


@pytest.fixture
def menu_front(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests' card game, its card choice offered as a several-option menu instead of
    buttons (one card at a time is still all its rules allow)."""
    front = get_front("test-hands")
    plain = front.prompt

    def prompt(view: Any, seat: int, actions: Any, ctx: Any) -> Any:
        panel = plain(view, seat, actions, ctx)
        options = [Choice(c.label, c.action.split()[1], c.detail) for c in panel.choices]
        multi = Multi("play", options, "Cards", low=1, high=len(options))
        return dataclasses.replace(panel, choices=(), multi=multi)

    monkeypatch.setattr(front, "prompt", prompt)


async def opened(table: Any) -> tuple[Any, Any]:
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game="test-hands")
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    loaded = await table.loaded()
    seat = loaded.game.to_act(loaded.state)[0]
    actor = table.players[loaded.row.seats[seat].user_id]
    board = await table.table_message()
    act = next(
        c.custom_id for r in board.components for c in r.children if c.custom_id.endswith(":act")
    )
    prompt = await actor.click(board, custom_id=act)
    return actor, prompt


def menu_of(prompt: Any) -> dict[str, Any]:
    (menu,) = [c for r in prompt.response.components for c in r["components"] if c["type"] == 3]
    return menu


async def test_the_picked_option_is_played_as_one_action(table, menu_front):
    actor, prompt = await opened(table)
    menu = menu_of(prompt)
    assert menu["custom_id"].startswith("fl1:pick:") and menu["max_values"] == 3
    card = menu["options"][1]["value"]
    version = (await table.row()).version
    picked = await actor.select(prompt.response.message, [card], custom_id=menu["custom_id"])
    assert picked.acknowledged
    entries = await table.service.repo.actions((await table.row()).id)
    assert entries[-1].action == f"play {card}"
    assert (await table.row()).version > version


async def test_several_picks_the_rules_refuse_change_nothing(table, menu_front):
    actor, prompt = await opened(table)
    menu = menu_of(prompt)
    values = [o["value"] for o in menu["options"]]
    version = (await table.row()).version
    picked = await actor.select(prompt.response.message, values[:2], custom_id=menu["custom_id"])
    assert picked.acknowledged
    assert (await table.row()).version == version, "nothing was played"
    assert said(picked) == f"'play {values[0]} {values[1]}' is not a move of this game."
    assert await table.service.repo.actions((await table.row()).id) == []


@pytest.fixture
def worded_front(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests' card game, its hand offered as a picture with the words behind a button."""
    front = get_front("test-hands")
    plain = front.private

    def private(view: Any, seat: int, ctx: Any) -> Any:
        panel = plain(view, seat, ctx)
        if ctx.words:
            return dataclasses.replace(panel, title=f"{panel.title} (in words)")
        words = Choice("Words", None, op="mine_words")
        return dataclasses.replace(panel, lines=(), image=b"\x89PNG", choices=(words,))

    monkeypatch.setattr(front, "private", private)


async def test_the_words_behind_a_picture_are_one_click_away(table, worded_front):
    actor, _ = await opened(table)
    mine = await actor.slash(table.handle(), "table mine")
    (button,) = [c for r in mine.response.components for c in r["components"]]
    assert button["custom_id"].endswith(":mine_words")
    words = await actor.click(mine.response.message, custom_id=button["custom_id"])
    assert words.ephemeral and words.response.embeds[0].title.endswith("(in words)")
    assert not words.response.components, "the words need no second button"
