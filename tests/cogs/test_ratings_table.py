"""Ratings at the table: the final scores say what a rated game did, `/leaderboard
board:rating` lists the best rated players, `/stats` shows each game's rating, and only a
server's admins choose whether games with AI seats count."""

from __future__ import annotations

import discord

from tests.cogs.harness import said


async def a_finished_game(table):
    alice, bob = table.add("alice", "bob")
    await table.open(alice)
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    table.sensible = True
    await table.play_to_end()
    return alice, bob


async def test_the_rating_board_lists_the_rated_players_best_first(table):
    (carol,) = table.add("carol")
    empty = await carol.slash(table.channel, "leaderboard", board="rating", game="fleet-dice")
    assert "No rated games yet" in empty.response.embeds[0].description

    alice, bob = await a_finished_game(table)
    board = await bob.slash(table.channel, "leaderboard", board="rating", game="fleet-dice")
    assert board.ephemeral
    text = board.response.embeds[0].description
    assert board.response.embeds[0].title == "Fleet: The Dice Game ratings · this server"
    changes = {c.user_id: c for c in await table.service.rating_changes(await table.row())}
    first, second = sorted(changes.values(), key=lambda c: -c.points)
    assert text.splitlines() == [
        f"1. <@{first.user_id}> — {first.points:,} · 1 rated game",
        f"2. <@{second.user_id}> — {second.points:,} · 1 rated game",
    ]
    everyone = await bob.slash(
        table.channel, "leaderboard", board="rating", game="fleet-dice", scope="global"
    )
    assert everyone.response.embeds[0].description == text, "one server: the same standings"

    stats = await alice.slash(table.channel, "stats", game="fleet-dice")
    value = stats.response.embeds[0].fields[0].value
    assert f"Rating: {changes[alice.id].points:,} (1 rated game)" in value


async def test_a_challenge_board_for_a_game_without_challenges_is_refused(table):
    (alice,) = table.add("alice")
    result = await alice.slash(table.channel, "leaderboard", game="mare-balticum")
    assert "daily challenge" in said(result).lower()


async def test_only_server_admins_choose_whether_games_with_ai_count(table):
    (alice,) = table.add("alice")
    refused = await alice.slash(table.channel, "table ratings", ai=True)
    assert "Only members who can manage this server" in said(refused)
    assert not await table.service.repo.guild_rates_ai(table.guild.id)

    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(table.env.create_user("admin"), roles=[admins])
    on = await admin.slash(table.channel, "table ratings", ai=True)
    assert "count for ratings" in said(on) and await table.service.repo.guild_rates_ai(
        table.guild.id
    )
    off = await admin.slash(table.channel, "table ratings", ai=False)
    assert "do not count" in said(off)
    assert not await table.service.repo.guild_rates_ai(table.guild.id)
