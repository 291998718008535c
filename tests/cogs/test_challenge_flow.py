"""/challenge in SimCord: private play, a restart mid-challenge, the spoiler-free result line
where the player started, one attempt, the leaderboard and stats."""

import discord
import pytest

from bot import challenge
from bot.refusals import Refusal
from tests.clock import at
from tests.cogs.harness import ids, said

pytestmark = pytest.mark.wall_clock


def today(table) -> str:
    """Today's challenge as the bot's clock makes it (``#326`` on 2026-11-22)."""
    return f"#{challenge.number(challenge.day_of(table.clock()))}"


async def test_a_challenge_is_played_privately_survives_a_restart_and_posts_its_share_line(
    table, db_path
):
    (alice,) = table.add("alice")
    before = {t.id for t in table.channel.threads}
    result = await alice.slash(table.channel, "challenge")
    assert today(table) == "#326" and today(table) in said(result)
    (thread,) = [t for t in table.channel.threads if t.id not in before]
    table.thread_id = thread.id
    assert (await table.row()).options.challenge_day is not None
    for _ in range(10):
        await table.play_one()

    await table.restart(db_path)
    await table.play_to_end()

    row = await table.row()
    assert row.status == "over"
    shared = [m.content async for m in table.bot.get_channel(table.channel.id).history(limit=5)]
    line = next(c for c in shared if "finished today's challenge" in c)
    assert "Fleet #" in line and " · " in line
    assert "Ruth" not in line and "Round" not in line  # nothing about the play itself

    again = await alice.slash(table.channel, "challenge")
    assert "already played today's challenge" in said(again)
    assert len(table.channel.threads) == len(before) + 1  # no second, empty thread

    board = await alice.slash(table.channel, "leaderboard", scope="global", period="today")
    assert board.ephemeral and f"<@{alice.id}>" in board.response.embeds[0].description
    stats = await alice.slash(table.channel, "stats")
    assert stats.ephemeral and "Daily streak: 1" in stats.response.embeds[0].fields[0].value


async def test_a_challenge_can_be_played_in_direct_messages(table):
    user = table.env.create_user("alice")
    alice = table.guild.add_member(user)
    table.players = {alice.id: alice}
    threads_before = len(table.channel.threads)
    result = await alice.slash(table.channel, "challenge", dm=True)
    text = said(result)
    assert today(table) in text and "your direct messages" in text and "discord.com" not in text
    assert len(table.channel.threads) == threads_before  # nothing public was created
    row = await table.service.repo.load(1)
    assert row.options.challenge_day and row.channel_id != table.channel.id
    dm = table.bot.get_channel(row.channel_id) or await table.bot.fetch_channel(row.channel_id)
    assert isinstance(dm, discord.DMChannel)
    roll = await dm.fetch_message(row.step_message_id)
    die = next(i for i in ids(roll) if i.startswith("fl1:pub:"))
    picked = await user.click(roll, custom_id=die)  # the user, in their DMs
    assert picked.acknowledged
    assert len(await table.service.repo.actions(row.id)) >= 1


# --- the day boundary (UTC midnight) ------------------------------------------------------------

NEW_YEARS_EVE = "2026-12-31T{}+00:00"


async def a_challenge_across_midnight(table, alice, start: str, finish: str) -> None:
    """Alice starts a challenge at `start` and plays it out, her last moves at `finish`."""
    table.clock.set(at(start))
    before = {t.id for t in table.channel.threads}
    await alice.slash(table.channel, "challenge")
    (thread,) = [t for t in table.channel.threads if t.id not in before]
    table.thread_id = thread.id
    for _ in range(5):
        await table.play_one()
    table.clock.set(at(finish))
    await table.play_to_end()


async def test_a_challenge_started_before_midnight_counts_for_the_day_it_started(table):
    (alice,) = table.add("alice")
    await a_challenge_across_midnight(
        table, alice, NEW_YEARS_EVE.format("23:59:50"), "2027-01-01T00:00:20+00:00"
    )
    assert challenge.day_of(table.clock()).isoformat() == "2027-01-01"
    shared = [m.content async for m in table.bot.get_channel(table.channel.id).history(limit=5)]
    line = next(c for c in shared if "finished today's challenge" in c)
    assert "Fleet #365 · " in line, "the number of the day it started (2026-12-31)"
    (entry,) = await table.service.repo.leaderboard("fleet-dice", "2026-12-31", "2026-12-31", None)
    assert entry.user_id == alice.id
    assert (
        await table.service.repo.leaderboard("fleet-dice", "2027-01-01", "2027-01-01", None) == []
    )

    # The new day is open: a new attempt, with the new day's number.
    again = await alice.slash(table.channel, "challenge")
    assert "#366" in said(again) and "already played" not in said(again)


async def test_a_streak_survives_a_challenge_finished_just_after_midnight(table):
    (alice,) = table.add("alice")
    await a_challenge_across_midnight(
        table, alice, "2026-12-30T18:00:00+00:00", "2026-12-30T18:05:00+00:00"
    )
    await a_challenge_across_midnight(
        table, alice, NEW_YEARS_EVE.format("23:59:50"), "2027-01-01T00:00:05+00:00"
    )
    table.clock.set(at("2027-01-01T00:00:06+00:00"))
    stats = await alice.slash(table.channel, "stats")
    assert "Daily streak: 2" in stats.response.embeds[0].fields[0].value


async def test_todays_leaderboard_shows_the_new_day_one_second_after_midnight(table):
    (alice,) = table.add("alice")
    await a_challenge_across_midnight(
        table, alice, NEW_YEARS_EVE.format("23:58:00"), NEW_YEARS_EVE.format("23:59:58")
    )
    table.clock.set(at(NEW_YEARS_EVE.format("23:59:59")))
    board = await alice.slash(table.channel, "leaderboard", scope="global", period="today")
    assert "#365" in board.response.embeds[0].title
    assert f"<@{alice.id}>" in board.response.embeds[0].description

    table.clock.set(at("2027-01-01T00:00:01+00:00"))
    board = await alice.slash(table.channel, "leaderboard", scope="global", period="today")
    assert "#366" in board.response.embeds[0].title, "the board is the new day's"
    assert f"<@{alice.id}>" not in board.response.embeds[0].description
    week = await alice.slash(table.channel, "leaderboard", scope="global", period="week")
    assert f"<@{alice.id}>" in week.response.embeds[0].description, "yesterday is in the week"


# --- where a challenge opens, and what a refused one leaves ------------------------------------


async def test_a_challenge_asked_inside_a_thread_opens_beside_it(table):
    (alice,) = table.add("alice")
    await table.open(alice)  # a table's thread, where alice types /challenge
    before = {t.id for t in table.channel.threads}
    result = await alice.slash(table.handle(), "challenge")
    assert "waiting for you in" in said(result)
    (thread,) = [t for t in table.channel.threads if t.id not in before]
    row = await table.service.find(thread.id)
    assert row.parent_id == table.channel.id, "in the thread's channel, not refused"


async def test_the_loser_of_two_challenges_at_once_leaves_no_empty_thread(table, monkeypatch):
    # Two /challenge at the same moment both pass the early check; the second to store its
    # attempt is refused there. Played here one after the other, the early check let through.
    (alice,) = table.add("alice")
    await alice.slash(table.channel, "challenge")
    before = {t.id for t in table.channel.threads}

    async def as_if_first(game, user_id):
        return None

    monkeypatch.setattr(table.service, "check_challenge_open", as_if_first)
    second = await alice.slash(table.channel, "challenge")
    assert "already played today's challenge" in said(second)
    (made,) = [t for t in table.channel.threads if t.id not in before]
    assert (await table.bot.fetch_channel(made.id)).archived, "its empty thread is put away"


async def test_only_players_and_moderators_move_the_board_down(table):
    alice, bob = table.add("alice", "bob")
    (carol,) = table.add("carol")
    await table.open(alice)
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    watcher = await carol.slash(table.handle(), "table board")
    assert "Only the players or a moderator" in said(watcher)
    player = await bob.slash(table.handle(), "table board")
    assert "bottom of the channel again" in said(player)


async def test_a_lobby_cancelled_before_the_start_puts_its_empty_thread_away(table):
    (alice,) = table.add("alice")
    await table.open(alice)
    lobby = await table.lobby()
    assert "table open" in lobby.embeds[0].title
    await alice.click(lobby, label="Cancel")
    assert (await table.bot.fetch_channel(table.thread_id)).archived
    assert "cancelled" in (await table.lobby()).embeds[0].title


async def test_a_table_that_cannot_be_stored_takes_back_its_lobby_and_thread(table, monkeypatch):
    # The lobby is posted (through the channel's outbox) and its thread opened before the
    # table is stored: storing it refused, both are taken back and the host is told why.
    (alice,) = table.add("alice")
    before = {t.id for t in table.channel.threads}

    async def refused(**_: object) -> None:
        raise Refusal("busy_storage")

    monkeypatch.setattr(table.service, "open_table", refused)
    answer = await alice.slash(table.channel, "table new", game="fleet-dice")
    assert "nothing changed" in said(answer)
    (made,) = [t for t in table.channel.threads if t.id not in before]
    assert (await table.bot.fetch_channel(made.id)).archived, "its thread is put away"
    left = [m async for m in table.bot.get_channel(table.channel.id).history(limit=10)]
    opening = [m for m in left if any("Opening a table" in str(e.title) for e in m.embeds)]
    assert not opening and made.id not in {m.id for m in left}, "the lobby message is deleted"
