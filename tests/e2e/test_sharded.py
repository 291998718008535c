"""End to end at scale: two real bot processes, shards 0 and 1 of 2, against one fake Discord and
one PostgreSQL database. Games on both shards play to the end, a deadline fires once with both
processes ticking, and a process killed with kill -9 in the middle of a game loses nothing:
its game goes on when it returns, while the other shard never stopped."""

import asyncio
import random
import signal
from pathlib import Path

import asyncpg
import pytest

from .fake_discord import CHANNEL_ID, GUILD_ID, FakeDiscord, shard_of
from .players import Player, Stats, custom_ids
from .process import EPOCH, quiet, start_bot, stop_bot

CHANNELS = {shard_of(GUILD_ID, 2): CHANNEL_ID, shard_of(GUILD_ID + (1 << 22), 2): CHANNEL_ID + 1}
"""The fake deals channel i to guild i % 2: one channel on each shard."""
TIME_RAN_OUT = "Time ran out for"


@pytest.fixture
async def fake():
    # Without Discord's rate limits: players here click as fast as a bot, and a channel paced
    # at a write a second would show their solo games a minute late (the game-night tests
    # play under the limits).
    server = FakeDiscord(channels=2, guilds=2, shard_count=2, rate_limits=False)
    await server.start()
    yield server
    await server.stop()


async def serve(fake: FakeDiscord, url: str, cwd: Path, shard: int) -> asyncio.subprocess.Process:
    """The bot process for one shard, its scheduler ticking five times a second."""
    return await start_bot(
        fake,
        url,
        "run",
        scheduler=True,
        cwd=cwd,
        FLEET_SHARD_COUNT="2",
        FLEET_SHARD_IDS=str(shard),
        FLEET_TICK_SECONDS="0.2",
    )


async def open_game(player: Player) -> int:
    """A solo table in the player's channel; the id of its board message."""
    before = set(player.fake.by_channel.get(player.channel, []))
    assert await player.open()
    board = await player.new_board(before)
    assert board is not None
    return board


def said(fake: FakeDiscord, channel: int, text: str) -> int:
    """How many messages posted to the channel said `text` (even ones deleted since)."""
    path = f"/channels/{channel}/messages"
    return sum(
        method == "POST" and where == path and text in str((body or {}).get("content") or "")
        for method, where, body in fake.requests
    )


async def test_two_shard_processes_share_one_database_and_survive_kill_9(fake, pg_url, tmp_path):
    sync = await start_bot(fake, pg_url, "sync", "--guild", str(GUILD_ID), cwd=tmp_path)
    _, err = await asyncio.wait_for(sync.communicate(), 60)
    assert sync.returncode == 0, err.decode()
    bots = {shard: await serve(fake, pg_url, tmp_path, shard) for shard in (0, 1)}
    db = await asyncpg.connect(pg_url)
    stats = Stats()
    stop = asyncio.Event()
    try:
        await asyncio.wait_for(fake.ready.wait(), 60)
        players = {s: Player(fake, c, 1, stats, random.Random(s)) for s, c in CHANNELS.items()}
        boards = {shard: await open_game(player) for shard, player in players.items()}

        # The game on shard 1 runs out of time (a one-hour deadline, an hour ago): with both
        # processes ticking, its default move is played and announced once.
        await db.execute(
            "UPDATE games SET options = jsonb_set(options, '{turn_hours}', '1'), "
            "deadline_at = $1, due_at = $1 WHERE channel_id = $2",
            EPOCH - 3600,
            CHANNELS[1],
        )
        for _ in range(100):
            if said(fake, CHANNELS[1], TIME_RAN_OUT):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)  # five more ticks of each process
        assert said(fake, CHANNELS[1], TIME_RAN_OUT) == 1
        played_for = await db.fetch(
            "SELECT DISTINCT a.version FROM actions a JOIN games g ON g.id = a.game_id "
            "WHERE g.channel_id = $1 AND a.user_id IS NULL",
            CHANNELS[1],
        )
        assert len(played_for) == 1, "the default moves were saved once"

        # A few decisions on shard 0, then its process is killed in the middle of the game.
        alice = players[0].users[0]
        board = players[0].table(boards[0])
        assert board is not None
        act = next(c for c in custom_ids(board) if c.endswith(":act"))
        assert await players[0].decide(alice, board, act, stop)
        await quiet(fake)
        before = await db.fetch(
            "SELECT a.seq, a.action FROM actions a JOIN games g ON g.id = a.game_id "
            "WHERE g.channel_id = $1 ORDER BY a.seq",
            CHANNELS[0],
        )
        assert before
        bots[0].send_signal(signal.SIGKILL)
        await bots[0].wait()

        # Shard 1 never stopped: its game plays to the end meanwhile.
        assert await asyncio.wait_for(players[1].play_on(boards[1], stop), 120)
        assert not fake.shard_ready[0].is_set()

        # Shard 0 returns, and its game goes on from where it was.
        bots[0] = await serve(fake, pg_url, tmp_path, 0)
        await asyncio.wait_for(fake.shard_ready[0].wait(), 60)
        after = await db.fetch(
            "SELECT a.seq, a.action FROM actions a JOIN games g ON g.id = a.game_id "
            "WHERE g.channel_id = $1 ORDER BY a.seq",
            CHANNELS[0],
        )
        assert after == before, "nothing was lost, nothing was added while it was down"
        assert await asyncio.wait_for(players[0].play_on(boards[0], stop), 120)

        await quiet(fake)
        finished = await db.fetch("SELECT channel_id, status FROM games ORDER BY channel_id")
        assert [tuple(r) for r in finished] == [(c, "over") for c in sorted(CHANNELS.values())], [
            ((fake.messages[m]["content"] or "")[:60], custom_ids(fake.messages[m]))
            for c in CHANNELS.values()
            for m in fake.by_channel[c][-6:]
            if m in fake.messages
        ]
        results = await db.fetchval("SELECT COUNT(*) FROM results WHERE finished_at IS NOT NULL")
        assert results == 2, "both games' results were verified and recorded"
        assert not stats.failed, stats.failed
        assert fake.identifies == 3, "shard 0 twice, shard 1 once"
        assert not fake.unhandled, fake.unhandled
        assert not fake.problems, fake.problems
    finally:
        stop.set()
        await db.close()
        for bot in bots.values():
            await stop_bot(bot)
