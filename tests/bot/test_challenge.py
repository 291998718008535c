"""The daily challenge: same dice whatever players choose, one attempt, verified results,
leaderboards by period and scope, stats, a spoiler-free share line."""

import asyncio
import random
import re
from datetime import date

import pytest

from bot import challenge
from bot.service import Refusal, TableService
from bot.storage import SqliteRepository
from engine.fleet_dice.policies import POLICIES
from engine.fleet_dice.rules import FleetDice

from .helpers import open_table

GAME = FleetDice()
DAY = date(2026, 11, 22)
MIDNIGHT = 1795305600.0  # 2026-11-22 00:00:00 UTC


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def world(tmp_path):
    clock = Clock(MIDNIGHT + 3600)
    repo = await SqliteRepository.open(tmp_path / "c.db", clock)
    yield TableService(repo, clock), clock
    await repo.close()


def rolls_of(policy: str, seed: str, rng_seed: int) -> dict[tuple[int, str], list[str]]:
    state, events = GAME.start(1, seed)
    rng = random.Random(rng_seed)
    seen = [e for e in events if e.kind == "roll"]
    while not GAME.is_over(state):
        action = POLICIES[policy](GAME, state, 0, rng)
        state, more = GAME.apply(state, 0, action)
        seen += [e for e in more if e.kind == "roll"]
    return {(e.data["round"], e.data["phase"]): e.data["pool"] for e in seen}


def test_two_very_different_playthroughs_see_the_same_rolls():
    seed = challenge.seed("secret", DAY)
    careful = rolls_of("heuristic", seed, 1)
    reckless = rolls_of("random", seed, 2)
    assert len(careful) == 16 and careful == reckless


def test_the_casino_reroll_is_the_same_for_everyone_too():
    from engine.fleet_dice.dice import reroll

    seed = challenge.seed("secret", DAY)
    key = "r4:town:casino:0"
    assert reroll(seed, key, "market") == reroll(seed, key, "market")


def test_the_dice_depend_on_the_secret_and_the_day():
    assert challenge.seed("a", DAY) != challenge.seed("b", DAY)
    assert challenge.seed("a", DAY) != challenge.seed("a", date(2026, 11, 23))


def test_the_share_line_has_no_spoilers():
    line = challenge.share_line(DAY, 74, "Helmsman")
    assert line == "Fleet #326 · 74 · Helmsman"
    assert re.fullmatch(r"Fleet #\d+ · \d+ · [A-Za-z!' ]+", line)


async def start(service, user, channel):
    return await service.start_challenge(
        channel_id=channel, guild_id=7, parent_id=1, user_id=user, name=f"u{user}", secret="s"
    )


async def finish(service, outcome, policy="random", seed=0):
    rng = random.Random(seed)
    row, state = outcome.row, outcome.state
    while not GAME.is_over(state):
        action = POLICIES[policy](GAME, state, 0, rng)
        outcome = await service.act(row.id, row.host_id, action.text)
        state = outcome.state
    return outcome


async def test_one_attempt_per_player_per_challenge(world):
    service, _ = world
    await start(service, 10, 100)
    with pytest.raises(Refusal, match="already played today's challenge"):
        await start(service, 10, 101)


async def test_two_attempts_started_at_the_same_moment_give_one_game(world):
    service, _ = world
    results = await asyncio.gather(
        start(service, 11, 200), start(service, 11, 201), return_exceptions=True
    )
    assert sum(1 for r in results if isinstance(r, Refusal)) == 1


async def test_a_finished_challenge_is_verified_recorded_and_shared(world):
    service, _ = world
    outcome = await finish(service, await start(service, 12, 300))
    assert outcome.finished and outcome.share is not None
    assert outcome.share.startswith("Fleet #326 · ")
    board = await service.repo.leaderboard("2026-11-22", "2026-11-22", None)
    assert [(e.user_id, e.score) for e in board] == [
        (12, outcome.state and GAME.result(outcome.state).seats[0].total)
    ]


async def test_a_tampered_log_is_refused_and_nothing_is_recorded(world):
    service, _ = world
    outcome = await start(service, 13, 400)
    rng = random.Random(3)
    row, state = outcome.row, outcome.state
    tampered = False
    while not GAME.is_over(state):
        if not tampered and state.round == 4:
            # Someone edits the stored log: the first action now reads differently.
            await service.repo.execute(
                "UPDATE actions SET action = 'coin' WHERE game_id = ? AND seq = 1", (row.id,)
            )
            tampered = True
        action = POLICIES["random"](GAME, state, 0, rng)
        outcome = await service.act(row.id, row.host_id, action.text)
        state = outcome.state
    first = (await service.repo.actions(row.id))[0]
    assert tampered and first.action == "coin"
    assert outcome.finished and outcome.share is None
    assert await service.repo.leaderboard(None, "2026-11-22", None) == []


async def a_game(service) -> int:

    row = await open_table(service, 999, 1)
    return row.id


async def test_leaderboard_orders_by_score_then_earlier_finish_across_midnight(world):
    service, clock = world
    repo = service.repo
    game = await a_game(service)
    # Three finished challenges on the 21st and the 22nd, recorded directly.
    rows = [
        ("2026-11-21", 1, 60, MIDNIGHT - 100),
        ("2026-11-22", 1, 70, MIDNIGHT + 10),
        ("2026-11-22", 2, 70, MIDNIGHT + 5),  # same score, earlier finish: ranks first
        ("2026-11-22", 3, 50, MIDNIGHT + 1),
        ("2026-11-15", 4, 90, MIDNIGHT - 7 * 86400),  # older than a week
    ]
    for day, user, score, at in rows:
        await repo.execute(
            "INSERT INTO results (game_id, user_id, guild_id, kind, challenge_day, score, title, "
            "started_at, finished_at) VALUES (?, ?, 7, 'challenge', ?, ?, 'Deckhand', ?, ?)",
            (game, user, day, score, at, at),
        )
    today = challenge.day_of(clock.now)

    def board(period, guild=None):
        return repo.leaderboard(*challenge.period_days(period, today), guild)

    assert [e.user_id for e in await board("today")] == [2, 1, 3]
    assert [e.user_id for e in await board("week")] == [2, 1, 3]
    assert [e.user_id for e in await board("all-time")] == [4, 2, 1, 3]
    assert await board("today", 99) == []
    clock.now = MIDNIGHT - 1  # one second before midnight it is still the 21st
    assert challenge.day_of(clock.now).isoformat() == "2026-11-21"
    yesterday = await repo.leaderboard("2026-11-21", "2026-11-21", None)
    assert [(e.user_id, e.score) for e in yesterday] == [(1, 60)]


async def test_stats_count_games_wins_solo_scores_titles_and_the_streak(world):
    service, _ = world
    repo = service.repo
    game = await a_game(service)
    await repo.record_results(game, "multi", 7, [(5, 80, None, True), (6, 70, None, False)], 0)
    await repo.record_results(game, "solo", 7, [(5, 55, "Deckhand", False)], 0)
    for day in ("2026-11-20", "2026-11-21", "2026-11-22"):
        await repo.execute(
            "INSERT INTO results (game_id, user_id, guild_id, kind, challenge_day, score, title, "
            "started_at, finished_at) VALUES (?, 5, 7, 'challenge', ?, 66, 'Helmsman', 0, 1)",
            (game, day),
        )
    s = await repo.user_stats(5)
    assert (s.games, s.wins, s.best_solo) == (5, 1, 66)
    assert s.mean_solo == round((55 + 66 * 3) / 4, 1)
    assert s.titles == {"Deckhand": 1, "Helmsman": 3}
    assert challenge.streak(s.challenge_days, DAY) == 3
    assert challenge.streak(s.challenge_days, date(2026, 11, 23)) == 3  # today still open
    assert challenge.streak(s.challenge_days, date(2026, 11, 25)) == 0


async def test_free_solo_and_multiplayer_results_count_for_stats_not_the_daily_board(world):

    service, _ = world
    row = await open_table(service, 9, 20, solo=True)
    outcome = await service.start(row.id, 20)
    await finish(service, outcome)
    assert (await service.repo.user_stats(20)).games == 1
    assert await service.repo.leaderboard(None, "2026-11-22", None) == []
