"""The replay viewer in SimCord: the Replay button on the final scores and /table replay open a
private viewer that steps through the game (⏮ ◀ ▶ ⏭, a menu of rounds), the public table at
each step, a player's own view once the game is over; crafted, stale and foreign ids are
answered and change nothing; old viewers work after a restart."""

from __future__ import annotations

import io
import re
from typing import Any

import discord
import pytest
from PIL import Image

from cogs.components import ReplayJump, Unknown
from engine.core.replay import UNDO
from engine.games import get_game
from tests.bot.helpers import execute
from tests.cogs.harness import ids, said

SEED = "5eed0f0a1ba1f1c0"
GAMES = ["fleet-dice", "fleet-cards", "mare-balticum", "black-fleet"]


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table of these tests deals the same game, so a failure can be replayed."""
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n=8: SEED[: 2 * n])


async def started(table, game: str, *names: str) -> list[Any]:
    """A table of `game` for these people (the first hosts), with the AI seats it needs."""
    people = table.add(*names)
    await table.open(people[0], game=game)
    for person in people[1:]:
        await person.click(await table.lobby(), label="Join")
    for _ in range(max(get_game(game).min_seats, 2) - len(people)):
        await people[0].click(await table.lobby(), label="Add AI seat")
    await people[0].click(await table.lobby(), label="Start")
    return people


async def finished(table, game: str, *names: str) -> list[Any]:
    """`started`, then every person's seat on autopilot: the game is played out at once."""
    people = await started(table, game, *(names or ("alice",)))
    for person in people:
        await people[0].slash(table.handle(), "table autopilot", player=person)
    assert (await table.row()).status == "over"
    return people


async def final_scores(table) -> discord.Message:
    """The final scores: the message that carries the Replay button."""
    history = [m async for m in table.thread().history(limit=10)]
    return next(m for m in history if any(":rp:" in i for i in ids(m)))


async def thread_messages(table) -> list[Any]:
    return [(m.id, m.content, ids(m)) async for m in table.thread().history(limit=50)]


def control(response: Any, shown: str) -> dict[str, Any]:
    """A viewer's button, by its emoji or label."""
    for row in response.components:
        for c in row["components"]:
            name = (c.get("emoji") or {}).get("name") or c.get("label") or ""
            if c["type"] == 2 and name.startswith(shown):
                return dict(c)
    raise AssertionError(f"no {shown} button in {response.components}")


def jump_menu(response: Any) -> dict[str, Any]:
    return next(c for r in response.components for c in r["components"] if c["type"] == 3)


def step_of(response: Any) -> tuple[int, int]:
    """The step a viewer shows, and the last one: "Step 3 of 40: …"."""
    found = re.match(r"Step (\d+) of (\d+)", response.embeds[0].description or "")
    assert found, response.embeds[0].description
    return int(found[1]), int(found[2])


async def picture(response: Any) -> Image.Image | None:
    found = response.attachments
    return Image.open(io.BytesIO(await found[0].read())) if found else None


async def press(person: Any, viewer: Any, shown: str) -> Any:
    """Press a viewer's button; the viewer is edited in place (returned)."""
    result = await person.click(viewer.message, custom_id=control(viewer, shown)["custom_id"])
    assert result.response is not None and result.response.id == viewer.id, said(result)
    assert result.response.ephemeral
    return result.response


async def open_from_final_scores(table, person: Any) -> Any:
    opened = await person.click(await final_scores(table), label="Replay")
    viewer = opened.response if opened.response is not None else opened.followups[-1]
    assert viewer.ephemeral
    return viewer


@pytest.mark.parametrize("game", GAMES)
async def test_a_finished_game_is_stepped_through_from_its_final_scores(table, game, tmp_path):
    (alice,) = await finished(table, game)
    public = await thread_messages(table)
    viewer = await open_from_final_scores(table, alice)
    step, last = step_of(viewer)
    assert step == 0 and last >= 20
    assert viewer.embeds[0].title.startswith("Replay · ")
    assert control(viewer, "⏮").get("disabled") and control(viewer, "◀").get("disabled")
    seen = []
    for shown in ("▶", "▶", "◀", "⏭", "⏮"):
        viewer = await press(alice, viewer, shown)
        seen.append(step_of(viewer)[0])
    assert seen == [1, 2, 1, last, 0]
    menu = jump_menu(viewer)
    third = menu["options"][2]
    jumped = await alice.select(viewer.message, [third["value"]], custom_id=menu["custom_id"])
    viewer = jumped.response
    assert step_of(viewer)[0] == int(third["value"])
    assert third["label"] in viewer.embeds[0].title, "the round jumped to"
    assert viewer.embeds[0].fields[0].name == "In this step"
    chosen = [o for o in jump_menu(viewer)["options"] if o.get("default")]
    assert [o["value"] for o in chosen] == [third["value"]]
    viewer = await press(alice, viewer, "▶")
    image = await picture(viewer)
    assert image is not None and image.width > 300, "the board, or the sheet of the turn"
    image.save(tmp_path / f"{game}.png")
    assert await thread_messages(table) == public, "the viewer is private: nothing was posted"


async def test_the_last_step_is_the_final_table_and_the_first_the_table_as_set_up(table):
    (alice,) = await finished(table, "black-fleet")
    viewer = await open_from_final_scores(table, alice)
    assert "the table as set up" in viewer.embeds[0].description
    viewer = await press(alice, viewer, "⏭")
    assert viewer.embeds[0].title.endswith("Game over")
    assert control(viewer, "▶").get("disabled") and control(viewer, "⏭").get("disabled")


async def test_a_player_switches_to_their_own_view_after_the_game_and_back(table):
    alice, _bob = await finished(table, "fleet-cards", "alice", "bob")
    viewer = await open_from_final_scores(table, alice)
    viewer = await press(alice, viewer, "▶")
    step = step_of(viewer)[0]
    mine = await press(alice, viewer, "My view")
    assert step_of(mine)[0] == step
    assert "Your own view: only you see it." in mine.embeds[0].description
    assert any(f.name == "Your hand" for f in mine.embeds[0].fields)
    assert re.search(r"fl1:rp:\d+:s0:", control(mine, "▶")["custom_id"]), "stepping stays in it"
    back = await press(alice, await press(alice, mine, "▶"), "The table")
    assert step_of(back)[0] == step + 1
    assert not any(f.name == "Your hand" for f in back.embeds[0].fields)


async def crafted(table, person: Any, custom_ids: list[str], where: Any = None) -> dict[str, str]:
    """Each id pressed by `person` on a message carrying it: what they are answered, and
    that the message they pressed and the thread are as they were."""
    channel = where or table.thread()
    view = discord.ui.View(timeout=None)
    for n, cid in enumerate(custom_ids):
        view.add_item(Unknown(cid))
        view.children[-1].item.label = f"b{n}"
    message = await channel.send("crafted", view=view)
    before = await thread_messages(table)
    answers = {}
    for cid in custom_ids:
        result = await person.click(message, custom_id=cid)
        answers[cid] = said(result)
        assert result.ephemeral and answers[cid], cid
    after = await channel.fetch_message(message.id)
    assert (after.content, ids(after)) == ("crafted", custom_ids), "the message was not changed"
    assert await thread_messages(table) == before
    return answers


async def test_crafted_replay_ids_get_a_clear_answer_and_change_nothing(table):
    _alice, bob = await finished(table, "fleet-cards", "alice", "bob")
    row = await table.row()
    last = (await table.service.replay(row)).last
    game = row.id
    answers = await crafted(
        table,
        bob,
        [
            f"fl1:rp:{game}:s0:1:v",  # alice's own view, asked by bob
            f"fl1:rp:{game}:s2:1:v",  # a seat the game does not have
            f"fl1:rp:{game}:t:{last + 1}:n",  # past the last step
            f"fl1:rp:{game}:s1:99999:n",  # bob's own view, past the last step
            "fl1:rp:424242:t:0:o",  # a table that does not exist
            f"fl1:rp:{game}:t:1:z",  # no such slot: an id of no known kind
        ],
    )
    values = list(answers.values())
    assert values[0] == values[1] == "A replay shows you your own seat's view only."
    assert f"its last is step {last}" in values[2] and f"its last is step {last}" in values[3]
    assert values[4] == "There is no table #424242."
    assert "isn't one of mine" in values[5] or "older version" in values[5]


async def test_a_crafted_id_naming_a_table_of_another_channel_is_refused(table):
    await finished(table, "mare-balticum")
    row = await table.row()
    (carol,) = table.add("carol")
    parent = table.bot.get_channel(table.channel.id)
    answers = await crafted(
        table, carol, [f"fl1:rp:{row.id}:t:0:o", f"fl1:rp:{row.id}:t:3:n"], where=parent
    )
    assert set(answers.values()) == {
        "That table's replay opens in its own channel, or for the people who played it."
    }


async def test_a_jump_to_a_step_the_replay_does_not_have_is_answered(table):
    (alice,) = await finished(table, "black-fleet")
    row = await table.row()
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=v, value=v) for v in ("99999", "-1", "x")]
    view.add_item(ReplayJump(row.id, "t", 0, options, "jump"))
    message = await table.thread().send("crafted", view=view)
    for value in ("99999", "-1", "x"):
        result = await alice.select(message, [value], custom_id=f"fl1:rj:{row.id}:t:0")
        assert "is not in this game's replay" in said(result), value


async def test_a_running_game_shows_only_the_public_table_up_to_now(table):
    alice, _bob = await started(table, "fleet-cards", "alice", "bob")
    for _ in range(12):
        await table.play_one()
    opened = await alice.slash(table.handle(), "table replay")
    viewer = opened.response if opened.response is not None else opened.followups[-1]
    assert viewer.ephemeral
    assert "The game is still going" in viewer.embeds[0].description
    labels = [c.get("label") for r in viewer.components for c in r["components"]]
    assert "My view" not in labels
    viewer = await press(alice, viewer, "⏭")
    loaded = await table.loaded()
    assert step_of(viewer)[0] == (await table.service.replay(loaded.row)).last
    row = await table.row()
    answers = await crafted(table, alice, [f"fl1:rp:{row.id}:s0:1:v", f"fl1:rp:{row.id}:s1:1:v"])
    assert list(answers.values()) == [
        "Your own view opens in the replay once the game is over; /table mine shows it now.",
        "A replay shows you your own seat's view only.",
    ]
    # More moves: ⏭ on the same viewer goes to the newest step.
    before = step_of(viewer)[1]
    for _ in range(6):
        await table.play_one()
    viewer = await press(alice, viewer, "⏭")
    assert step_of(viewer)[0] == step_of(viewer)[1] > before


async def test_a_viewer_whose_steps_were_taken_back_says_so_and_changes_nothing(table):
    alice, _bob = await started(table, "fleet-cards", "alice", "bob")
    for _ in range(12):
        await table.play_one()
    opened = await alice.slash(table.handle(), "table replay")
    viewer = await press(
        alice, opened.followups[-1] if opened.response is None else opened.response, "⏭"
    )
    step, last = step_of(viewer)
    row = await table.row()
    # Take-backs appended to the log (the table's version moves on with them).
    entries = await table.service.repo.actions(row.id)
    seq = entries[-1].seq
    for n in range(6):
        await execute(
            table.service.repo,
            "INSERT INTO actions (game_id, seq, seat, user_id, action, version, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (row.id, seq + n + 1, 0, None, UNDO, row.version + 1, 0.0),
        )
    await execute(
        table.service.repo, "UPDATE games SET version = version + 1 WHERE id = ?", (row.id,)
    )
    result = await alice.click(viewer.message, custom_id=control(viewer, "⏭")["custom_id"])
    assert "is not in this game's replay" in said(result)
    assert step_of(viewer) == (step, last), "the viewer is as it was"
    back = await press(alice, viewer, "⏮")
    assert step_of(back)[1] < last


async def test_an_old_viewer_works_after_a_restart(table, db_path):
    (alice,) = await finished(table, "mare-balticum")
    viewer = await open_from_final_scores(table, alice)
    viewer = await press(alice, viewer, "▶")
    await table.restart(db_path)
    viewer = await press(alice, viewer, "▶")
    assert step_of(viewer)[0] == 2


async def test_replay_by_number_is_for_the_tables_channel_and_its_players(table):
    (alice,) = await finished(table, "fleet-dice")
    (carol,) = table.add("carol")
    row = await table.row()
    elsewhere = await carol.slash(table.channel, "table replay", table=row.id)
    assert said(elsewhere) == (
        "That table's replay opens in its own channel, or for the people who played it."
    )
    here = await carol.slash(table.handle(), "table replay")
    assert step_of(here.followups[-1] if here.response is None else here.response)[0] == 0
    mine = await alice.slash(table.channel, "table replay", table=row.id)
    assert step_of(mine.followups[-1] if mine.response is None else mine.response)[0] == 0
    nothing = await alice.slash(table.channel, "table replay", table=987654)
    assert said(nothing) == "There is no table #987654."
    no_table = await alice.slash(table.channel, "table replay")
    assert "There is no game in this channel" in said(no_table)
    # A new lobby in the table's channel: the earlier table is asked for by its number.
    lobby = await table.service.open_table(
        game="fleet-dice",
        channel_id=row.channel_id,
        guild_id=row.guild_id,
        parent_id=None,
        host_id=alice.id,
        host_name="alice",
        options=row.options,
    )
    assert (await table.row()).id == lobby.id
    waiting = await alice.slash(table.handle(), "table replay")
    assert "hasn't started yet; for an earlier one, give its number" in said(waiting)


async def test_a_challenge_replay_opens_to_others_once_its_day_is_over(table):
    alice, carol = table.add("alice", "carol")
    before = {t.id for t in table.channel.threads}
    await alice.slash(table.channel, "challenge")
    (thread,) = [t for t in table.channel.threads if t.id not in before]
    table.thread_id = thread.id
    await table.play_to_end()
    row = await table.row()
    shared = [m.content async for m in table.bot.get_channel(table.channel.id).history(limit=5)]
    line = next(c for c in shared if "finished today's challenge" in c)
    assert f"`/table replay table:{row.id}`" in line
    tomorrow = int(table.clock()) // 86400 * 86400 + 86400
    assert f"<t:{tomorrow}:f>" in line, "from 00:00 UTC the next day"
    early = await carol.slash(table.channel, "table replay", table=row.id)
    assert said(early) == (
        "A daily challenge's replay opens to others once its day is over (00:00 UTC)."
    )
    own = await alice.slash(table.channel, "table replay", table=row.id)
    assert (own.followups[-1] if own.response is None else own.response).embeds
    table.clock.set(tomorrow + 1)
    later = await carol.slash(table.channel, "table replay", table=row.id)
    viewer = later.followups[-1] if later.response is None else later.response
    assert step_of(viewer)[0] == 0
    viewer = await press(carol, viewer, "▶")
    assert step_of(viewer)[0] == 1


async def test_a_log_that_stops_replaying_is_shown_up_to_there(table):
    (alice,) = await finished(table, "fleet-dice")
    row = await table.row()
    entries = await table.service.repo.actions(row.id)
    broken = entries[len(entries) // 2]
    await execute(
        table.service.repo,
        "UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
        ("pick unicorn", row.id, broken.seq),
    )
    viewer = await open_from_final_scores(table, alice)
    viewer = await press(alice, viewer, "⏭")
    assert "The saved moves stop replaying after step" in viewer.embeds[0].description
    assert control(viewer, "▶").get("disabled")
    timeline = await table.service.replay(await table.row())
    assert timeline.steps[-1].upto == len(entries) // 2


async def test_a_game_whose_setup_no_longer_replays_is_answered(table):
    (alice,) = await finished(table, "fleet-dice")
    row = await table.row()
    await execute(
        table.service.repo,
        "UPDATE games SET game_options = ? WHERE id = ?",
        ('{"captains": "perhaps"}', row.id),
    )
    table.service.kept.forget(row.id)  # edited by hand, version and all: not as the bot saves
    final = await final_scores(table)
    result = await alice.click(final, label="Replay")
    assert said(result) == "This game's saved moves can't be replayed."
