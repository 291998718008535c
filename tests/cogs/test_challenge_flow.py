"""/fleet challenge in SimCord: private play, a restart mid-challenge, the spoiler-free result
line where the player started, one attempt, the leaderboard and stats."""


async def test_a_challenge_is_played_privately_survives_a_restart_and_posts_its_share_line(
    table, db_path
):
    alice = table.guild.add_member(table.env.create_user("alice"))
    table.players = {alice.id: alice}
    before = {t.id for t in table.channel.threads}
    result = await alice.slash(table.channel, "fleet challenge")
    assert "Fleet #" in " ".join(f.content for f in result.followups) + (
        result.response.content if result.response else ""
    )
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

    again = await alice.slash(table.channel, "fleet challenge")
    assert "already played today's challenge" in again.response.content
    assert len(table.channel.threads) == len(before) + 1  # no second, empty thread

    board = await alice.slash(table.channel, "fleet leaderboard", scope="global", period="today")
    assert f"<@{alice.id}>" in board.response.embeds[0].description
    stats = await alice.slash(table.channel, "fleet stats")
    assert stats.ephemeral and "Daily streak: 1" in stats.response.embeds[0].description


async def test_a_challenge_can_be_played_in_direct_messages(table):
    user = table.env.create_user("alice")
    alice = table.guild.add_member(user)
    table.players = {alice.id: alice}
    threads_before = len(table.channel.threads)
    result = await alice.slash(table.channel, "fleet challenge", dm=True)
    assert "Fleet #" in result.response.content
    assert len(table.channel.threads) == threads_before  # nothing public was created
    row = await table.service.repo.load(1)
    assert row.options.challenge_day and row.channel_id != table.channel.id
    dm = table.bot.get_channel(row.channel_id) or await table.bot.fetch_channel(row.channel_id)
    assert isinstance(dm, __import__("discord").DMChannel)
    roll = await dm.fetch_message(row.roll_message_id)
    die = next(c.custom_id for r in roll.components for c in r.children if ":die:" in c.custom_id)
    picked = await user.click(roll, custom_id=die)  # the user, in their DMs
    assert picked.acknowledged
    assert len(await table.service.repo.actions(row.id)) >= 1
