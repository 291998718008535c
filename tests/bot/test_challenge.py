"""The daily challenge: same dice whatever players choose, one attempt, verified results,
leaderboards by game, period and scope, stats, a spoiler-free share line, no assisted score."""

import asyncio
import random
from datetime import date

import pytest

from bot import challenge
from bot.fronts import get_front
from bot.fronts.base import Ctx
from bot.i18n import translator
from bot.refusals import Refusal
from bot.service import TableService
from bot.storage import ResultEntry, open_repository
from engine.core.game import random_policy
from engine.games import get_game

from .helpers import execute, open_table

pytestmark = pytest.mark.wall_clock

GAME = get_game("fleet-dice")
DAY = date(2026, 11, 22)
MIDNIGHT = 1795305600.0  # 2026-11-22 00:00:00 UTC


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def world(database):
    """A service on each adapter, with a clock the test can move."""
    clock = Clock(MIDNIGHT + 3600)
    repo = await open_repository(database, clock)
    yield TableService(repo, clock), clock
    await repo.close()


def rolls_of(policy: str, seed: str, rng_seed: int) -> dict[tuple[int, str], list[str]]:
    state, events = GAME.start(1, seed)
    rng = random.Random(rng_seed)
    seen = [e for e in events if e.kind == "roll"]
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state, 0)
        action = GAME.policies[policy](GAME.view(state, 0), 0, legal, rng)
        state, more = GAME.apply(state, 0, action)
        seen += [e for e in more if e.kind == "roll"]
    return {(e.data["round"], e.data["phase"]): e.data["pool"] for e in seen}


def test_two_very_different_playthroughs_see_the_same_rolls():
    seed = challenge.seed("secret", "fleet-dice", DAY)
    careful = rolls_of("heuristic", seed, 1)
    reckless = rolls_of("random", seed, 2)
    assert len(careful) == 16 and careful == reckless


def test_the_seed_of_the_first_release_is_kept_for_fleet_dice():
    # The first release seeded a day with HMAC(secret, "fleet-dice:<day>"): the same now.
    import hashlib
    import hmac

    old = hmac.new(b"secret", b"fleet-dice:2026-11-22", hashlib.sha256).hexdigest()[:32]
    assert challenge.seed("secret", "fleet-dice", DAY) == old


def test_the_dice_depend_on_the_secret_the_game_and_the_day():
    assert challenge.seed("a", "fleet-dice", DAY) != challenge.seed("b", "fleet-dice", DAY)
    assert challenge.seed("a", "fleet-dice", DAY) != challenge.seed("a", "test-hands", DAY)
    assert challenge.seed("a", "fleet-dice", DAY) != challenge.seed(
        "a", "fleet-dice", date(2026, 11, 23)
    )


def test_the_share_line_has_no_spoilers():
    from engine.core.game import GameResult, SeatResult

    front = get_front("fleet-dice")
    result = GameResult([SeatResult(0, 74, {"fish": 74}, 1, title="helmsman")], [0])
    ctx = Ctx((), translator(None, "fleet-dice"))
    assert front.share(result, challenge.number(DAY), ctx) == "Fleet #326 · 74 · Helmsman"


async def start(service, user, channel, game="fleet-dice"):
    return await service.start_challenge(
        game=game,
        channel_id=channel,
        guild_id=7,
        parent_id=1,
        user_id=user,
        name=f"u{user}",
        secret="s",
    )


async def finish(service, outcome, seed=0):
    rng = random.Random(seed)
    row, state = outcome.row, outcome.state
    while not GAME.is_over(state):
        action = random_policy(None, 0, GAME.legal_actions(state, 0), rng)
        outcome = await service.act(row.id, row.host_id, action.text)
        state = outcome.state
    return outcome


async def test_a_challenge_is_stored_already_started_with_its_attempt(world):
    service, _ = world
    outcome = await start(service, 10, 100)
    assert outcome.row.status == "active" and outcome.ping == [10]
    assert await service.repo.attempted("fleet-dice", DAY.isoformat(), 10)


async def test_one_attempt_per_player_per_challenge(world):
    service, _ = world
    await start(service, 10, 100)
    with pytest.raises(Refusal) as err:
        await start(service, 10, 101)
    assert err.value.code == "challenge_done" and err.value.fields == {"number": 326}
    with pytest.raises(Refusal):
        await service.check_challenge_open("fleet-dice", 10)


async def test_two_attempts_started_at_the_same_moment_give_one_game(world):
    service, _ = world
    results = await asyncio.gather(
        start(service, 11, 200), start(service, 11, 201), return_exceptions=True
    )
    assert sum(1 for r in results if isinstance(r, Refusal)) == 1


async def test_a_finished_challenge_is_verified_recorded_and_ranked(world):
    service, _ = world
    outcome = await finish(service, await start(service, 12, 300))
    assert outcome.finished and outcome.result is not None
    board = await service.repo.leaderboard("fleet-dice", DAY.isoformat(), DAY.isoformat(), None)
    assert [(e.user_id, e.score) for e in board] == [(12, outcome.result.seats[0].total)]
    assert await service.repo.leaderboard("test-hands", None, DAY.isoformat(), None) == []


async def test_a_tampered_log_is_refused_and_nothing_is_recorded(world):
    service, _ = world
    outcome = await start(service, 13, 400)
    rng = random.Random(3)
    row, state = outcome.row, outcome.state
    tampered = False
    while not GAME.is_over(state):
        if not tampered and state.round == 4:
            # Someone edits the stored log: the first action now reads differently.
            await execute(
                service.repo,
                "UPDATE actions SET action = 'coin' WHERE game_id = ? AND seq = 1",
                (row.id,),
            )
            tampered = True
        action = random_policy(None, 0, GAME.legal_actions(state, 0), rng)
        outcome = await service.act(row.id, row.host_id, action.text)
        state = outcome.state
    first = (await service.repo.actions(row.id))[0]
    assert tampered and first.action == "coin"
    assert outcome.finished and outcome.result is None
    assert await service.repo.leaderboard("fleet-dice", None, DAY.isoformat(), None) == []


async def test_a_challenge_cannot_be_put_on_autopilot_or_ended_by_another(world):
    service, _ = world
    outcome = await start(service, 14, 500)
    row = outcome.row
    for user, moderator in ((14, False), (99, True)):
        with pytest.raises(Refusal) as err:
            await service.set_autopilot(row.id, user, moderator, 14, True)
        assert err.value.code == "challenge_no_autopilot"
    with pytest.raises(Refusal) as err:
        await service.end(500, 99, moderator=True)
    assert err.value.code == "challenge_private"
    assert (await service.end(500, 14, moderator=False)).ended


async def test_moves_played_for_a_player_make_the_score_assisted_and_unranked(world):
    service, _ = world
    outcome = await start(service, 15, 600)
    row = outcome.row
    # The first release allowed autopilot on a challenge: a log with moves played for the
    # player (user None) verifies, counts for stats, but never ranks.
    state = outcome.state
    entries = []
    while not GAME.is_over(state):
        action = GAME.default_action(state, 0)
        state, _ = GAME.apply(state, 0, action)
        entries.append((0, None, action.text))
    verified = await service.verified_results(row, GAME, state, entries)
    assert verified is not None and verified[1][0].assisted
    await service.repo.record_results(row, verified[1])
    assert await service.repo.leaderboard("fleet-dice", None, DAY.isoformat(), None) == []
    assert (await service.repo.user_stats(15))[0].games == 1


CHANNELS = iter(range(10_000, 20_000))


async def a_game(service) -> object:
    """A table to hang a result on (one result per player per game)."""
    row = await open_table(service, next(CHANNELS), 1)
    await service.cancel(row.id, 1)
    return row


async def test_leaderboard_orders_by_score_then_earlier_finish_across_midnight(world):
    service, clock = world
    repo = service.repo
    # Finished challenges on the 21st and the 22nd, recorded directly.
    rows = [
        ("2026-11-21", 1, 60, MIDNIGHT - 100),
        ("2026-11-22", 1, 70, MIDNIGHT + 10),
        ("2026-11-22", 2, 70, MIDNIGHT + 5),  # same score, earlier finish: ranks first
        ("2026-11-22", 3, 50, MIDNIGHT + 1),
        ("2026-11-15", 4, 90, MIDNIGHT - 7 * 86400),  # older than a week
    ]
    for day, user, score, at in rows:
        game = await a_game(service)
        await execute(
            repo,
            "INSERT INTO results (game_id, game, user_id, guild_id, kind, challenge_day, score, "
            "title, started_at, finished_at) "
            "VALUES (?, 'fleet-dice', ?, 7, 'challenge', ?, ?, 'deckhand', ?, ?)",
            (game.id, user, day, score, at, at),
        )
    today = challenge.day_of(clock.now)

    def board(period, guild=None):
        return repo.leaderboard("fleet-dice", *challenge.period_days(period, today), guild)

    assert [e.user_id for e in await board("today")] == [2, 1, 3]
    assert [e.user_id for e in await board("week")] == [2, 1, 3]
    assert [e.user_id for e in await board("all-time")] == [4, 2, 1, 3]
    assert await board("today", 99) == []
    clock.now = MIDNIGHT - 1  # one second before midnight it is still the 21st
    assert challenge.day_of(clock.now).isoformat() == "2026-11-21"
    yesterday = await repo.leaderboard("fleet-dice", "2026-11-21", "2026-11-21", None)
    assert [(e.user_id, e.score) for e in yesterday] == [(1, 60)]


async def test_stats_count_games_wins_solo_scores_titles_and_the_streak(world):
    service, _ = world
    repo = service.repo
    multi = await open_table(service, 997, 5)
    multi = multi.model_copy(update={"seats": [*multi.seats, multi.seats[0]]})
    await repo.record_results(
        multi, [ResultEntry(5, 80, None, True), ResultEntry(6, 70, None, False)]
    )
    solo = await open_table(service, 998, 5)
    await repo.record_results(solo, [ResultEntry(5, 55, "deckhand", False)])
    for day in ("2026-11-20", "2026-11-21", "2026-11-22"):
        game = await a_game(service)
        await execute(
            repo,
            "INSERT INTO results (game_id, game, user_id, guild_id, kind, challenge_day, score, "
            "title, started_at, finished_at) "
            "VALUES (?, 'fleet-dice', 5, 7, 'challenge', ?, 66, 'helmsman', 0, 1)",
            (game.id, day),
        )
    (s,) = await repo.user_stats(5)
    assert (s.game, s.games, s.wins, s.best_solo) == ("fleet-dice", 5, 1, 66)
    assert s.mean_solo == round((55 + 66 * 3) / 4, 1)
    assert s.titles == {"deckhand": 1, "helmsman": 3}
    assert challenge.streak(s.challenge_days, DAY) == 3
    assert challenge.streak(s.challenge_days, date(2026, 11, 23)) == 3  # today still open
    assert challenge.streak(s.challenge_days, date(2026, 11, 25)) == 0


async def test_free_solo_and_multiplayer_results_count_for_stats_not_the_daily_board(world):
    service, _ = world
    row = await open_table(service, 9, 20, solo=True)
    outcome = await service.start(row.id, 20)
    await finish(service, outcome)
    assert (await service.repo.user_stats(20))[0].games == 1
    assert await service.repo.leaderboard("fleet-dice", None, DAY.isoformat(), None) == []
