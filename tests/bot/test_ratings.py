"""Skill ratings (bot.ratings says the rules): updated once per finished game, in the transaction
that records its results; per server and global; AI seats only where the server wants; kept
across restarts; rebuilt from the stored standings alone to exactly the same numbers. The
storage tests run on both adapters (the `database` fixture)."""

import random
import subprocess
import sys
import textwrap

import pytest

from bot import ratings
from bot.faults import Crash, armed
from bot.ratings import Standing
from bot.service import TableService
from bot.storage import GLOBAL, GameRow, ResultEntry, Seat, TableOptions, open_repository
from engine.core.game import GameResult, SeatResult
from tests.clock import TestClock

from .helpers import open_table

GUILD = 7
OTHER_GUILD = 8


def table(channel: int, users: list[int | None], guild: int | None = GUILD, **kw) -> GameRow:
    """A running table with these seats (None: an AI seat)."""
    seats = [Seat(user_id=u, name=f"u{u}" if u else "AI") for u in users]
    return GameRow(
        game=kw.pop("game", "fleet-dice"),
        channel_id=channel,
        guild_id=guild,
        host_id=next(u for u in users if u),
        status="active",
        seats=seats,
        seed="s",
        state="{}",
        **kw,
    )


def scored(*pairs: tuple[int, int], winner: int | None = None) -> list[ResultEntry]:
    """Results of (user, score) pairs; the best score wins unless `winner` says otherwise."""
    best = max(score for _, score in pairs)
    return [
        ResultEntry(user, score, None, user == winner if winner else score == best)
        for user, score in pairs
    ]


async def finish(repo, row: GameRow, results, places=()) -> GameRow:
    created = await repo.create(row)
    return await repo.save(
        created.model_copy(update={"status": "over"}), created.version, (), results, places
    )


@pytest.fixture
async def repo(database):
    r = await open_repository(database, TestClock())
    yield r
    await r.close()


# --- the model ---------------------------------------------------------------------------------


def test_the_winner_gains_the_loser_loses_and_a_tie_moves_nobody_apart():
    after = ratings.update({}, [Standing(1, user_id=1), Standing(2, user_id=2)])
    assert after[1][0] > ratings.NEW[0] > after[2][0]
    tied = ratings.update({}, [Standing(1, user_id=1), Standing(1, user_id=2)])
    assert tied[1] == tied[2]


def test_the_order_a_game_is_read_in_changes_nothing_to_the_last_bit():
    skills = {1: (27.1, 6.2), 2: (23.4, 7.9), 3: (25.0, 3.3)}
    seats = [Standing(2, user_id=1), Standing(1, user_id=2), Standing(2, user_id=3)]
    seats += [Standing(4, level="normal")]
    first = ratings.update(skills, seats)
    for _ in range(5):
        random.shuffle(seats)
        assert ratings.update(skills, seats) == first


def test_an_ai_seat_plays_at_its_levels_fixed_skill():
    weak = ratings.update({}, [Standing(1, user_id=1), Standing(2, level="normal")])
    strong = ratings.update({}, [Standing(1, user_id=1), Standing(2, level="strong")])
    assert strong[1][0] > weak[1][0], "beating the strong AI is worth more"
    assert ratings.AI_SKILL["normal"] == (25.0, 1.0), "no game changes it"
    unknown = ratings.update({}, [Standing(1, user_id=1), Standing(2, level="grandmaster")])
    assert unknown == weak, "an unknown level is rated as normal"


def test_the_winners_share_first_place_and_the_others_follow_the_rules_order():
    seats = [SeatResult(2, 40, {}, 1), SeatResult(0, 40, {}, 1), SeatResult(1, 31, {}, 3)]
    assert ratings.places(GameResult(seats, [2, 0])) == [1, 3, 1]
    assert ratings.places(GameResult(seats, [2])) == [2, 3, 1], "a tie broken by the rules"


def test_a_newcomer_reads_1000_and_points_follow_the_conservative_estimate():
    assert ratings.points(*ratings.NEW) == 1000
    assert ratings.points(30.0, 2.0) == 1000 + 20 * 24


# --- which games count -------------------------------------------------------------------------


async def test_a_finished_game_of_two_players_rates_both_once_on_its_server_and_globally(repo):
    row = await finish(repo, table(1, [1, 2]), scored((1, 50), (2, 30)))
    changes = await repo.rating_changes(row.id)
    assert [(c.guild_id, c.user_id) for c in changes] == [
        (GLOBAL, 1),
        (GLOBAL, 2),
        (GUILD, 1),
        (GUILD, 2),
    ]
    gains = {(c.guild_id, c.user_id): c.gain for c in changes}
    assert gains[(GUILD, 1)] > 0 > gains[(GUILD, 2)]
    assert gains[(GLOBAL, 1)] == gains[(GUILD, 1)], "both scopes start from a newcomer"
    # Recorded again (a startup repair, say): ignored, the ratings do not move twice.
    await repo.record_results(row, scored((1, 50), (2, 30)))
    assert await repo.rating_changes(row.id) == changes
    board = await repo.rating_board("fleet-dice", GUILD)
    assert [(e.user_id, e.games) for e in board] == [(1, 1), (2, 1)]
    assert board[0].points == changes[2].points


async def test_solo_games_challenges_and_games_against_ai_rate_nobody_by_default(repo):
    solo = await finish(repo, table(1, [1]), scored((1, 50)))
    challenge = table(2, [1, 2], options=TableOptions(challenge_day="2026-11-22"))
    challenge = await finish(repo, challenge, scored((1, 50), (2, 40)))
    against_ai = await finish(repo, table(3, [1, None]), scored((1, 50)), [1, 2])
    for game in (solo, challenge, against_ai):
        assert await repo.rating_changes(game.id) == []
    assert await repo.rating_board("fleet-dice", None) == []


async def test_a_server_may_let_games_against_ai_count(repo):
    assert not await repo.guild_rates_ai(GUILD)
    await repo.set_guild_rates_ai(GUILD, True)
    assert await repo.guild_rates_ai(GUILD) and not await repo.guild_rates_ai(OTHER_GUILD)
    won = await finish(repo, table(1, [1, None, None]), scored((1, 50)), [1, 2, 3])
    (glob, here) = await repo.rating_changes(won.id)
    assert glob.gain > 0 and here.gain > 0
    # Elsewhere, and where the places of the AI seats are not known, AI seats do not count.
    elsewhere = await finish(repo, table(2, [1, None], guild=OTHER_GUILD), scored((1, 50)), [1, 2])
    unplaced = await finish(repo, table(3, [1, None]), scored((1, 50)))
    assert await repo.rating_changes(elsewhere.id) == []
    assert await repo.rating_changes(unplaced.id) == []
    await repo.set_guild_rates_ai(GUILD, False)
    off = await finish(repo, table(4, [1, None]), scored((1, 50)), [1, 2])
    assert await repo.rating_changes(off.id) == []
    assert (await repo.rating_changes(won.id)) == [glob, here], "rated games keep their ratings"


async def test_with_ai_seats_left_out_the_humans_are_rated_among_themselves(repo):
    # The AI won; of the humans, 2 did better than 1.
    row = await finish(repo, table(1, [1, None, 2]), scored((1, 20), (2, 30)), [3, 1, 2])
    gains = {c.user_id: c.gain for c in await repo.rating_changes(row.id)}
    assert gains[2] > 0 > gains[1]


async def test_a_game_in_direct_messages_counts_globally_only(repo):
    row = await finish(repo, table(1, [1, 2], guild=None), scored((1, 50), (2, 30)))
    assert {c.guild_id for c in await repo.rating_changes(row.id)} == {GLOBAL}


async def test_an_assisted_seat_is_rated_as_it_finished(repo):
    results = [ResultEntry(1, 50, None, True), ResultEntry(2, 10, None, False, assisted=True)]
    row = await finish(repo, table(1, [1, 2]), results)
    gains = {c.user_id: c.gain for c in await repo.rating_changes(row.id) if c.guild_id}
    assert gains[2] < 0, "leaving a game to the clock does not spare a rating"


async def test_a_players_ratings_for_stats_and_the_board_ranks_the_conservative_estimate(repo):
    # 1 beats 2 three times, 3 beats 2 once: 1 is surer to be good than 3.
    for channel in range(1, 4):
        await finish(repo, table(channel, [1, 2]), scored((1, 50), (2, 30)))
    await finish(repo, table(9, [3, 2], guild=OTHER_GUILD), scored((3, 50), (2, 30)))
    board = await repo.rating_board("fleet-dice", None)
    assert [e.user_id for e in board] == [1, 3, 2]
    assert board[0].ordinal == board[0].mu - 3 * board[0].sigma
    assert [e.user_id for e in await repo.rating_board("fleet-dice", OTHER_GUILD)] == [3, 2]
    assert await repo.rating_board("fleet-dice", 12345) == []
    mine = await repo.user_ratings(2, OTHER_GUILD)
    assert [(e.game, e.guild_id, e.games) for e in mine] == [
        ("fleet-dice", GLOBAL, 4),
        ("fleet-dice", OTHER_GUILD, 1),
    ]
    assert [e.guild_id for e in await repo.user_ratings(2)] == [GLOBAL]


async def test_ratings_survive_a_restart(database):
    first = await open_repository(database, TestClock())
    row = await finish(first, table(1, [1, 2]), scored((1, 50), (2, 30)))
    before = (await first.rating_board("fleet-dice", GUILD), await first.rating_changes(row.id))
    await first.close()
    again = await open_repository(database, TestClock())
    after = (await again.rating_board("fleet-dice", GUILD), await again.rating_changes(row.id))
    await again.close()
    assert after == before


# --- rebuilt from the standings alone ----------------------------------------------------------


async def everything(repo, games: list[int]) -> tuple[list, list]:
    boards = []
    for game in ("fleet-dice", "test-hands"):
        for scope in (None, GUILD, OTHER_GUILD):
            boards.append(await repo.rating_board(game, scope, limit=1000))
    return boards, [await repo.rating_changes(g) for g in games]


async def test_a_rebuild_gives_exactly_the_numbers_the_games_gave_one_by_one(repo):
    rng = random.Random(5)
    await repo.set_guild_rates_ai(GUILD, True)
    played = []
    for channel in range(1, 41):
        users: list[int | None] = rng.sample(range(1, 9), rng.randint(1, 4))
        if len(users) < 2 or rng.random() < 0.3:
            users.append(None)
        rng.shuffle(users)
        scores = [rng.randint(20, 25) for _ in users]  # narrow: ties happen
        places = [1 + sum(o > s for o in scores) for s in scores]
        results = [
            ResultEntry(u, s, None, p == 1)
            for u, s, p in zip(users, scores, places, strict=True)
            if u is not None
        ]
        row = table(
            channel,
            users,
            guild=rng.choice([GUILD, OTHER_GUILD, None]),
            game=rng.choice(["fleet-dice", "test-hands"]),
        )
        played.append((await finish(repo, row, results, places if rng.random() < 0.7 else ())).id)
    incremental = await everything(repo, played)
    assert sum(len(c) for c in incremental[1]) > 60, "most games were rated"
    assert await repo.rebuild_ratings() == sum(1 for c in incremental[1] if c)
    assert await everything(repo, played) == incremental
    assert await repo.rebuild_ratings() == sum(1 for c in incremental[1] if c)
    assert await everything(repo, played) == incremental, "and again"


async def test_games_finished_at_once_by_two_processes_rebuild_to_the_same_numbers(database):
    # Games sharing players, finished concurrently: the rating order kept is the order the
    # updates were really applied in.
    import asyncio

    first = await open_repository(database, TestClock())
    second = await open_repository(database, TestClock())
    rng = random.Random(8)
    rows = []
    for channel in range(1, 25):
        users = rng.sample(range(1, 6), 3)
        rows.append((table(channel, users), scored(*((u, rng.randint(1, 9)) for u in users))))
    finished = await asyncio.gather(
        *(finish(first if i % 2 else second, row, res) for i, (row, res) in enumerate(rows))
    )
    ids = [row.id for row in finished]
    incremental = await everything(first, ids)
    assert await second.rebuild_ratings() == len(ids)
    assert await everything(first, ids) == incremental
    await first.close()
    await second.close()


async def test_the_games_finished_before_ratings_are_rated_at_the_upgrade(tmp_path):
    import aiosqlite

    from bot.storage import SqliteRepository

    path = tmp_path / "old.db"
    db = await aiosqlite.connect(str(path), isolation_level=None)
    old = SqliteRepository(db)
    assert await old.migrate(up_to=6) == 6
    for game_id, (first, second) in enumerate([(50, 30), (20, 40), (35, 35)], 1):
        await old.execute(
            "INSERT INTO games (id, game, channel_id, host_id, status, seats, options, seed, "
            "version, created_at, updated_at) VALUES (?, 'fleet-dice', ?, 1, 'over', '[]', "
            "'{}', 's', 3, 0, 0)",
            (game_id, game_id),
        )
        for user, score in ((1, first), (2, second)):
            await old.execute(
                "INSERT INTO results (game_id, game, user_id, guild_id, kind, score, won, "
                "started_at, finished_at) VALUES (?, 'fleet-dice', ?, 7, 'multi', ?, ?, 0, ?)",
                (game_id, user, score, int(score == max(first, second)), 100.0 + game_id),
            )
    await old.close()
    upgraded = await SqliteRepository.open(path, TestClock())
    before = await everything(upgraded, [1, 2, 3])
    assert [len(c) for c in before[1]] == [4, 4, 4]
    first_game = {c.user_id: c for c in before[1][0] if c.guild_id == GUILD}
    assert first_game[1].gain > 0 > first_game[2].gain
    assert (first_game[1].mu_before, first_game[1].sigma_before) == ratings.NEW
    tie = {c.user_id: c for c in before[1][2] if c.guild_id == GUILD}
    assert tie[1].mu_before != tie[1].mu, "the tie, rated last, moved them towards each other"
    assert [e.games for e in await upgraded.user_ratings(1, GUILD)] == [3, 3]
    assert await upgraded.rebuild_ratings() == 3
    assert await everything(upgraded, [1, 2, 3]) == before
    await upgraded.close()


# --- in the transaction that records the results -----------------------------------------------


async def two_players(service) -> int:
    row = await open_table(service, 50, 1, game="test-hands")
    await service.join(row.id, 2, "u2")
    await service.start(row.id, 1)
    return row.id


async def play(service, game_id: int, before_last=None) -> None:
    """Both players play their first card to the end; `before_last` is called just before
    the move that ends the game."""
    while True:
        loaded = await service.load_any(game_id)
        if loaded.row.status != "active":
            return
        seat = loaded.game.to_act(loaded.state)[0]
        action = loaded.game.legal_actions(loaded.state, seat)[0]
        ends = loaded.game.is_over(loaded.game.apply(loaded.state, seat, action)[0])
        if ends and before_last is not None:
            before_last()
        token = loaded.game.token(loaded.state, seat)
        await service.act(game_id, loaded.row.seats[seat].user_id, action.text, token=token)


async def test_a_game_played_to_its_end_is_rated_once(repo):
    service = TableService(repo, TestClock())
    game_id = await two_players(service)
    await play(service, game_id)
    changes = await repo.rating_changes(game_id)
    assert len(changes) == 4 and await service.reconcile_results() == 0
    assert await repo.rating_changes(game_id) == changes


async def test_a_crash_between_the_results_and_the_rating_update_leaves_neither(database):
    repo = await open_repository(database, TestClock())
    service = TableService(repo, TestClock())
    game_id = await two_players(service)
    with armed("results_recorded") as hit, pytest.raises(Crash):
        await play(service, game_id)
    assert hit
    await repo.close()
    repo = await open_repository(database, TestClock())  # the restart
    service = TableService(repo, TestClock())
    assert (await repo.load(game_id)).status == "active", "the last move was not saved either"
    assert await repo.unrecorded() == [] and await repo.rating_changes(game_id) == []
    assert await repo.rating_board("test-hands", None) == []
    await play(service, game_id)  # the last move again: now all of it
    assert len(await repo.rating_changes(game_id)) == 4
    await repo.close()


async def test_a_crash_right_after_the_last_move_keeps_its_rating_once(database):
    repo = await open_repository(database, TestClock())
    service = TableService(repo, TestClock())
    game_id = await two_players(service)
    crash = armed("saved")
    with pytest.raises(Crash):
        await play(service, game_id, before_last=crash.__enter__)
    crash.__exit__(None, None, None)
    await repo.close()
    repo = await open_repository(database, TestClock())
    service = TableService(repo, TestClock())
    changes = await repo.rating_changes(game_id)
    assert (await repo.load(game_id)).status == "over" and len(changes) == 4
    assert await service.reconcile_results() == 0
    assert await repo.rating_changes(game_id) == changes
    assert [e.games for e in await repo.rating_board("test-hands", None)] == [1, 1]
    await repo.close()


DYING = {
    # SQLite: the final save's statements all ran, ratings included; the process dies at COMMIT.
    "sqlite": """
            real = repo._run
            async def dying(sql, params=()):
                if sql == "COMMIT":
                    os._exit(9)
                return await real(sql, params)
            repo._run = dying
    """,
    # PostgreSQL: the ratings are written; the process dies before COMMIT.
    "postgres": """
            real = PostgresRepository._write_ratings
            async def dying(*args):
                await real(*args)
                os._exit(9)
            PostgresRepository._write_ratings = staticmethod(dying)
    """,
}


async def test_a_process_dying_in_the_final_save_keeps_neither_move_results_nor_ratings(
    database, request
):
    dying = textwrap.indent(textwrap.dedent(DYING[request.node.callspec.id]), " " * 12)
    script = textwrap.dedent(f"""
        import asyncio, os
        from bot.storage import GameRow, PostgresRepository, ResultEntry, Seat, open_repository

        async def main():
            repo = await open_repository({database!r})
            row = await repo.create(GameRow(game="fleet-dice", channel_id=1, host_id=1,
                seed="s", status="active", guild_id=7,
                seats=[Seat(user_id=1, name="a"), Seat(user_id=2, name="b")]))
{dying}
            await repo.save(row.model_copy(update={{"status": "over"}}), row.version,
                [(0, 1, "last")], [ResultEntry(1, 50, None, True), ResultEntry(2, 30, None, False)])

        asyncio.run(main())
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert done.returncode == 9, done.stderr.decode()
    repo = await open_repository(database)
    row = await repo.load_by_channel(1)
    assert row.status == "active" and await repo.actions(row.id) == []
    assert await repo.user_stats(1) == [] and await repo.rating_changes(row.id) == []
    assert await repo.rating_board("fleet-dice", None) == []
    await repo.close()


async def test_the_rebuild_command_puts_damaged_ratings_right(tmp_path):
    import os

    path = tmp_path / "fleet.db"
    repo = await open_repository(str(path), TestClock())
    games = [
        (await finish(repo, table(c, [1, 2, 3]), scored((1, c), (2, 5), (3, 9 - c)))).id
        for c in range(1, 6)
    ]
    good = await everything(repo, games)
    await repo.execute("UPDATE ratings SET mu = 0, games = 99")
    await repo.execute("DELETE FROM rating_changes WHERE game_id = ?", (games[0],))
    assert await everything(repo, games) != good
    await repo.close()
    env = {**os.environ, "FLEET_DATABASE": str(path)}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "ratings", "rebuild"],
        capture_output=True,
        timeout=60,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert "from 5 rated games" in done.stdout.decode()
    repo = await open_repository(str(path), TestClock())
    assert await everything(repo, games) == good
    await repo.close()
