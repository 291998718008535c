"""Private prompts drawn with Discord's layout components (`cogs.layout`), played in SimCord:
each choice a section with its own button, the same ids and answers as the embed prompts,
the rows inside the container when the choices do not fit, emoji pictures from the
application's emojis."""

from __future__ import annotations

import collections
import io
import json
from typing import Any

import discord
import pytest
from PIL import Image
from simcord.components import walk_components

from bot import emojis
from bot.fronts.base import Choice, Multi, Panel
from bot.i18n import translator
from cogs import layout
from cogs.components import Unknown
from cogs.layout import Look
from cogs.panels import draw_prompt
from tests.cogs.harness import make_bot, said, texts
from tests.limits import check_message

V2 = 1 << 15


@pytest.fixture
def simcord_bot(db_path, clock):
    return make_bot(db_path, clock, layout=True)


@pytest.fixture
async def table(table):
    table.layout = True
    return table


def kinds(message: Any) -> collections.Counter[int]:
    return collections.Counter(c["type"] for c in walk_components(message.components))


def section_buttons(message: Any) -> list[str]:
    """The custom ids of the buttons beside the sections' texts."""
    return [
        c["accessory"]["custom_id"]
        for c in walk_components(message.components)
        if c["type"] == 9 and c["accessory"]["type"] == 2
    ]


def is_layout(message: Any) -> bool:
    return bool(message.flags.value & V2) if hasattr(message.flags, "value") else False


async def solo(table: Any) -> tuple[Any, Any]:
    (alice,) = table.add("alice")
    first = await alice.slash(table.channel, "table solo", game="fleet-dice")
    threads = table.bot.get_guild(table.guild.id).threads
    table.thread_id = threads[-1].id
    return alice, first


async def act(table: Any, actor: Any) -> Any:
    board = await table.table_message()
    act_id = next(
        c.custom_id for r in board.components for c in r.children if c.custom_id.endswith(":act")
    )
    result = await actor.click(board, custom_id=act_id)
    assert result.response is not None
    return result


async def test_a_prompt_shows_each_choice_beside_its_own_button_and_a_click_plays_it(table):
    alice, _ = await solo(table)
    prompt = (await act(table, alice)).response
    assert is_layout(prompt) and not prompt.embeds and not prompt.content
    count = kinds(prompt)
    assert count[17] == 1, "one container"
    assert count[9] >= 2, "a section per choice"
    # The first decision is which die to pick: words only (bot/fronts/fleet_dice/prompt.py
    # PICTURED); the sheet comes where its boxes are the choice.
    assert count[12] == 0, "a pick carries no picture"
    text = texts(prompt)
    assert "### " in text, "the decision as a heading"
    # Every section's text is its choice's effect (the detail the embed listed).
    sections = [c for c in walk_components(prompt.components) if c["type"] == 9]
    assert all(s["components"][0]["content"] for s in sections)
    version = (await table.row()).version
    button = section_buttons(prompt)[0]
    result = await alice.click(prompt.message, custom_id=button)
    assert result.acknowledged and not said(result)
    assert (await table.row()).version > version, "the click played the move"
    where = (await act(table, alice)).response
    assert is_layout(where) and kinds(where)[12] == 1, "where the die goes: the sheet in a gallery"
    entries = await table.service.repo.actions((await table.row()).id)
    assert entries[-1].seat == 0 or any(e.seat == 0 for e in entries)


async def test_a_stale_click_on_a_layout_prompt_says_so_above_the_current_decision(table):
    alice, _ = await solo(table)
    first = (await act(table, alice)).response
    second = (await act(table, alice)).response  # the same decision, shown twice
    button = section_buttons(first)[0]
    await alice.click(first.message, custom_id=button)
    version = (await table.row()).version
    stale = await alice.click(second.message, custom_id=button)
    assert "moved on" in said(stale)
    assert (await table.row()).version == version, "nothing changed"
    edited = stale.response
    assert is_layout(edited), "the prompt stays a layout message"
    top = [c["type"] for c in edited.components]
    assert top == [10, 17], "the note above the container, the decision in it"


async def crafted_message(table: Any, *custom_ids: str) -> Any:
    """A message in the thread carrying these ids (as a forger would send them)."""
    view = discord.ui.View(timeout=None)
    for i, cid in enumerate(custom_ids):
        view.add_item(Unknown(cid))
        view.children[-1].item.label = f"b{i}"
    return await table.thread().send("crafted", view=view)


async def test_a_crafted_or_foreign_click_on_a_layout_prompt_changes_nothing(table):
    alice, _ = await solo(table)
    prompt = (await act(table, alice)).response
    row = await table.row()
    carol = table.guild.add_member(table.env.create_user("carol"))
    button = section_buttons(prompt)[0]
    crafted = button.rsplit(":", 1)[0] + ":drop.table"
    # Nobody else sees a private prompt: its button's id, carried to a message they see.
    message = await crafted_message(table, button, crafted)
    assert "not playing in this game" in said(await carol.click(message, custom_id=button))
    assert "not a move of this game" in said(await alice.click(message, custom_id=crafted))
    assert (await table.row()).version == row.version


async def test_layout_off_draws_the_prompt_as_an_embed(table, db_path):
    alice, _ = await solo(table)
    table.layout = False
    await table.restart(db_path)
    prompt = (await act(table, alice)).response
    assert prompt.embeds and not is_layout(prompt)
    assert kinds(prompt)[9] == 0


def _panel(n: int, detail: str = "box 2 · +1 VP") -> Panel:
    choices = [Choice(f"Mark {i}", f"mark {i}", detail) for i in range(n)]
    return Panel("Pick", ["a line"], choices=choices, image=b"png")


def _payload(drawn: Any, note: str | None = None) -> dict[str, Any]:
    view = drawn.noted(note).send()["view"]
    return {"flags": V2 | 64, "components": view.to_components()}


def test_choices_that_fit_are_sections_and_the_rest_fall_back_to_rows_in_the_container():
    tr = translator("en", "table")
    drawn, sections = layout.draw(_panel(10), 1, "t0", tr, 5, Look(True))
    assert sections
    payload = _payload(drawn, "The game moved on.")
    assert not check_message(payload, "ten")
    assert len(list(walk_components(payload["components"]))) <= 40
    drawn, sections = layout.draw(_panel(14), 1, "t0", tr, 5, Look(True))
    assert not sections, "14 sections and their buttons are more than 40 components"
    payload = _payload(drawn, "The game moved on.")
    assert not check_message(payload, "fourteen")
    every = list(walk_components(payload["components"]))
    assert sum(c["type"] == 2 for c in every) == 15, "14 choices and Undo, as buttons"
    assert "**Mark 13** — box 2" in json.dumps(payload, ensure_ascii=False)
    drawn, sections = layout.draw(_panel(30), 1, "t0", tr, None, Look(True))
    payload = _payload(drawn)
    assert not sections and not check_message(payload, "thirty")
    assert any(c["type"] == 3 for c in walk_components(payload["components"])), "menus"


def test_long_texts_fall_back_and_are_cut_to_the_layout_text_limit():
    tr = translator("en", "table")
    panel = Panel("Pick", ["x" * 3900], choices=[Choice("A", "a", "an effect")])
    drawn, sections = layout.draw(panel, 1, "t0", tr, None, Look(True))
    assert not sections
    assert not check_message(_payload(drawn, "n" * 500), "long")


def test_uploaded_emojis_replace_their_glyphs_in_prompt_texts_and_buttons():
    uploaded = {"fd_cod": "<:fd_cod:1456074443980800101>"}
    look = Look(True, emojis.glyphs("fleet-dice", uploaded))
    panel = Panel(
        "Pick", ["Dice: 🐟 Cod · 🦐 Shrimp"], choices=[Choice("Cod", "pick cod", "🐟", "🐟")]
    )
    drawn, _ = layout.draw(panel, 1, "t0", translator("en", "table"), None, look)
    payload = json.dumps(_payload(drawn), ensure_ascii=False)
    assert "<:fd_cod:1456074443980800101> Cod · 🦐 Shrimp" in payload, "no picture: the glyph"
    button = next(c for c in walk_components(_payload(drawn)["components"]) if c["type"] == 2)
    assert button["emoji"]["id"] == 1456074443980800101 and button["emoji"]["name"] == "fd_cod"
    assert emojis.glyphs("fleet-dice", {}) == {}


def test_the_card_games_boats_show_as_pictures_in_its_texts_and_menus_with_layout_on_and_off():
    uploaded = {"fc_tuna": "<:fc_tuna:1456074443980800102>"}
    look = Look(True, emojis.glyphs("fleet-cards", uploaded))
    cards = [Choice("Tuna · $3", "tuna", emoji="🐠"), Choice("Cod · $1", "cod", emoji="🐟")]
    panel = Panel(
        "Pay $3",
        ["**$3** still due"],
        fields=[("Your hand", ["1× 🐠 Tuna ($3)", "1× 🐟 Cod ($1)"])],
        multi=Multi("pay", cards, "Pick the cards…"),
    )
    tr = translator("en", "table")
    drawn, _ = layout.draw(panel, 1, "t0", tr, None, look)
    embedded = draw_prompt(panel, 1, "t0", tr, None, look)
    for message in (_payload(drawn)["components"], embedded.view.to_components()):
        options = next(c for c in walk_components(message) if c["type"] == 3)["options"]
        assert options[0]["emoji"] == {"id": 1456074443980800102, "name": "fc_tuna"}
        assert options[1]["emoji"]["name"] == "🐟", "no picture: the glyph"
    assert "1× <:fc_tuna:1456074443980800102> Tuna ($3)" in json.dumps(
        _payload(drawn), ensure_ascii=False
    )
    assert "1× <:fc_tuna:1456074443980800102> Tuna" in embedded.embed.fields[0].value
    assert emojis.glyphs("fleet-cards", {}) == {}


def test_every_emoji_picture_is_a_square_png_with_a_unique_name_for_its_games_glyph():
    names = [art.name for art in emojis.every_art()]
    assert len(names) == len(set(names))
    assert {a.name for a in emojis.every_art() if a.name.startswith("fc_")} >= {
        "fc_shrimp",
        "fc_cod",
        "fc_tuna",
        "fc_crate",
    }
    for art in emojis.every_art():
        picture = Image.open(io.BytesIO(art.png()))
        assert picture.size == (128, 128) and picture.mode == "RGBA"
        assert picture.getpixel((0, 0))[3] == 0, f"{art.name}: transparent around it"
        assert picture.getpixel((64, 64))[3] > 0, f"{art.name}: drawn in the middle"


async def test_the_bot_reads_its_emojis_at_start_and_shows_dice_as_pictures(table, db_path):
    alice, _ = await solo(table)
    before = texts((await act(table, alice)).response)
    assert "<:fd_" not in before
    added, there = await emojis.upload(table.bot)
    assert there == 0 and len(added) == len(emojis.every_art())
    again, there = await emojis.upload(table.bot)
    assert again == [] and there == len(added), "uploaded once: existing names are skipped"
    await table.restart(db_path)
    assert set(table.bot.app_emojis) == set(added)
    prompt = (await act(table, alice)).response
    shown = texts(prompt) + json.dumps(prompt.components)
    assert "<:fd_" in shown or '"fd_' in shown


SEATS = {
    "fleet-dice": ("alice", "bob"),
    "fleet-cards": ("alice", "bob"),
    "mare-balticum": ("alice", "bob", "carol"),
    "black-fleet": ("alice", "bob", "carol"),
}


@pytest.mark.parametrize("game", list(SEATS))
async def test_every_game_plays_to_its_end_through_layout_prompts(table, game):
    people = table.add(*SEATS[game])
    await table.open(people[0], game=game)
    for who in people[1:]:
        await who.click(await table.lobby(), label="Join")
    await people[0].click(await table.lobby(), label="Start")
    seen: collections.Counter[str] = collections.Counter()
    longest: list[str] = [""]

    async def looked(actor: Any, result: Any) -> None:
        for message in [result.response, *result.followups]:
            if message is None or not message.components or not is_layout(message):
                continue
            count = kinds(message)
            form = "sections" if count[9] else "rows" if count[2] + count[3] else "waiting"
            seen[form] += 1
            text = texts(message)
            if form == "sections" and text.count("\n") > longest[0].count("\n"):
                longest[0] = text

    table.sensible = True
    table.on_click = looked
    await table.play_to_end()
    assert (await table.row()).status == "over"
    print(game, dict(seen), "longest layout prompt:", longest[0].count("\n") + 1, "lines")
    assert seen["sections"] > 0, "choices beside their buttons"
