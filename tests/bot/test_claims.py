"""Due deadlines and reminders are claimed in the database, so that several bot processes sharing
it handle each one once; a claimer that dies leaves nothing stuck; a process claims only its
own shards' games. On both adapters."""

import asyncio

import pytest

from bot.service import CLAIM_SECONDS, TableService
from bot.storage import GameRow, Seat, Shards, TableOptions, open_repository
from tests.clock import TestClock

NOW = 1_800_000_000.0
HOUR = 3600.0
LEASE = 60.0
SHARD0_GUILD = 0 << 22  # (guild_id >> 22) % 2 == 0
SHARD1_GUILD = 1 << 22


def running(channel: int, deadline: float, guild: int | None = 7, reminded: bool = True) -> GameRow:
    """A running game with a 12-hour turn deadline (its reminder already sent, unless not)."""
    return GameRow(
        game="fleet-dice",
        channel_id=channel,
        guild_id=guild,
        host_id=1,
        status="active",
        seats=[Seat(user_id=1, name="a")],
        options=TableOptions(turn_hours=12),
        seed="s",
        state="{}",
        deadline_at=deadline,
        reminded=reminded,
    )


@pytest.fixture
async def repos(database):
    """Two processes' connections to one database."""
    clock = TestClock(NOW)
    first = await open_repository(database, clock)
    second = await open_repository(database, clock)
    yield first, second
    await first.close()
    await second.close()


async def test_a_due_game_is_claimed_by_one_process_only(repos):
    a, b = repos
    game = await a.create(running(1, NOW - 1))
    assert [r.id for r in await a.claim_due(NOW, "a", LEASE)] == [game.id]
    assert await b.claim_due(NOW, "b", LEASE) == []
    assert await a.claim_due(NOW, "a", LEASE) == [], "a claim is not handed out twice"


async def test_games_not_yet_due_are_not_claimed(repos):
    a, _ = repos
    await a.create(running(1, NOW + 2 * HOUR))
    await a.create(running(2, NOW + 7 * HOUR, reminded=False))  # its reminder is due at +1 h
    assert await a.claim_due(NOW, "a", LEASE) == []
    (reminder,) = await a.claim_due(NOW + HOUR, "a", LEASE)
    assert reminder.channel_id == 2


async def test_processes_claiming_at_once_share_the_due_games_without_overlap(repos):
    a, b = repos
    games = [await a.create(running(c, NOW - c)) for c in range(1, 41)]
    rounds = await asyncio.gather(
        *(repo.claim_due(NOW, name, LEASE, limit=7) for repo, name in [(a, "a"), (b, "b")] * 4)
    )
    claimed = [row.id for batch in rounds for row in batch]
    assert len(claimed) == len(set(claimed)) == 40
    assert set(claimed) == {g.id for g in games}


async def test_the_most_overdue_games_are_claimed_first(repos):
    a, _ = repos
    late = await a.create(running(1, NOW - 5))
    later = await a.create(running(2, NOW - 50))
    await a.create(running(3, NOW - 1))
    assert [r.id for r in await a.claim_due(NOW, "a", LEASE, limit=2)] == [later.id, late.id]


async def test_a_claim_left_by_a_dead_process_expires_and_the_game_is_claimed_again(repos):
    a, b = repos
    game = await a.create(running(1, NOW - 1))
    await a.claim_due(NOW, "dead", LEASE)  # and the claimer dies before saving
    assert await b.claim_due(NOW + LEASE - 1, "b", LEASE) == []
    assert [r.id for r in await b.claim_due(NOW + LEASE, "b", LEASE)] == [game.id]


async def test_saving_the_game_ends_its_claim(repos):
    a, b = repos
    game = await a.create(running(1, NOW - 1))
    (claimed,) = await a.claim_due(NOW, "a", LEASE)
    # The claimer saved without moving the deadline (a failed default move, say): the game
    # is due again, and anyone may claim it at once.
    await a.save(claimed, claimed.version)
    assert [r.id for r in await b.claim_due(NOW, "b", LEASE)] == [game.id]


async def test_a_process_claims_only_the_games_of_its_shards(repos):
    a, _ = repos
    on0 = await a.create(running(1, NOW - 1, guild=SHARD0_GUILD))
    on1 = await a.create(running(2, NOW - 1, guild=SHARD1_GUILD))
    direct = await a.create(running(3, NOW - 1, guild=None))  # direct messages: shard 0
    second = await a.claim_due(NOW, "p1", LEASE, Shards(2, (1,)))
    first = await a.claim_due(NOW, "p0", LEASE, Shards(2, (0,)))
    assert [r.id for r in second] == [on1.id]
    assert sorted(r.id for r in first) == [on0.id, direct.id]


async def test_startup_repairs_only_the_tables_of_its_shards(repos):
    a, _ = repos
    unshown = {"shown_version": -1}  # nothing posted yet
    on0 = await a.create(running(1, NOW, guild=SHARD0_GUILD).model_copy(update=unshown))
    on1 = await a.create(running(2, NOW, guild=SHARD1_GUILD).model_copy(update=unshown))
    assert [r.id for r in await a.unshown(0, Shards(2, (1,)))] == [on1.id]
    assert [r.id for r in await a.unshown(0, Shards(2, (0,)))] == [on0.id]
    assert [r.id for r in await a.unshown(0)] == [on0.id, on1.id]


@pytest.mark.wall_clock
async def test_two_processes_ticking_together_play_a_deadline_once(repos):
    a, b = repos
    now = [NOW]
    first, second = TableService(a, lambda: now[0]), TableService(b, lambda: now[0])
    row = await first.open_table(
        game="fleet-dice",
        channel_id=9,
        guild_id=7,
        parent_id=None,
        host_id=4,
        host_name="u4",
        options=TableOptions(solo=True, turn_hours=1),
    )
    started = await first.start(row.id, 4)
    assert started.row.deadline_at is not None
    late = now[0] = started.row.deadline_at + 1
    outcomes = await asyncio.gather(first.run_due(late), second.run_due(late))
    assert sum(len(o) for o in outcomes) == 1
    (outcome,) = [o for batch in outcomes for o in batch]
    assert outcome.notice is not None and outcome.notice[0] == "deadline_applied"
    played = [e for e in await a.actions(row.id) if e.user_id is None]
    assert played, "the default move was played"
    assert await first.run_due(late) == [] and await second.run_due(late + CLAIM_SECONDS) == []
