"""/challenge in SimCord: private play, a restart mid-challenge, the spoiler-free result line
where the player started, one attempt, the leaderboard and stats."""

import discord

from tests.cogs.harness import ids, said


async def test_a_challenge_is_played_privately_survives_a_restart_and_posts_its_share_line(
    table, db_path
):
    (alice,) = table.add("alice")
    before = {t.id for t in table.channel.threads}
    result = await alice.slash(table.channel, "challenge")
    assert "#326" in said(result)
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
    assert "#326" in text and "your direct messages" in text and "discord.com" not in text
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
