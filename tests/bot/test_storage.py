"""Storage: migrations, the optimistic version check, the action log, damaged rows, claims on
due deadlines, and no partial writes when a process dies between statements. Every test that
speaks of the contract runs on both adapters (the `database` fixture: SQLite, PostgreSQL)."""

import json
import subprocess
import sys
import textwrap

import pytest

from bot.refusals import Refusal
from bot.service import TableService
from bot.storage import (
    AlreadyPlayed,
    Attempt,
    ChannelBusy,
    Conflict,
    CorruptGame,
    GameRow,
    PostgresRepository,
    ResultEntry,
    Seat,
    SqliteRepository,
    StorageUnavailable,
    open_repository,
)
from bot.storage.migrations import MIGRATIONS
from tests.clock import TestClock

from .helpers import execute, open_table


def lobby(channel=10, **kw) -> GameRow:
    kw.setdefault("game", "fleet-dice")
    return GameRow(channel_id=channel, host_id=1, seats=[Seat(user_id=1, name="a")], seed="s", **kw)


def damaged_json(repo) -> str:
    """A JSON column's value that no GameRow can be read from: text that is not JSON where the
    column is text (SQLite), JSON of the wrong shape where the server checks JSON (jsonb)."""
    return '{"not": "seats"}' if isinstance(repo, PostgresRepository) else "{not json"


@pytest.fixture
async def sqlite_repo(tmp_path):
    r = await SqliteRepository.open(tmp_path / "t.db", TestClock())
    yield r
    await r.close()


@pytest.fixture
async def repo(database):
    r = await open_repository(database, TestClock())
    yield r
    await r.close()


async def test_migrations_run_once_and_record_their_number(database):
    r = await open_repository(database)
    assert await r.schema_version() == MIGRATIONS[-1][0]
    assert await r.migrate() == MIGRATIONS[-1][0]  # a second start changes nothing
    await r.close()


def test_both_adapters_number_the_current_schema_alike():
    from bot.storage.postgres_schema import MIGRATIONS as POSTGRES

    assert POSTGRES[-1][0] == MIGRATIONS[-1][0]


async def test_a_database_from_an_older_schema_is_migrated_keeping_its_games(tmp_path):
    path = tmp_path / "old.db"
    import aiosqlite

    db = await aiosqlite.connect(str(path), isolation_level=None)
    r = SqliteRepository(db)
    assert await r.migrate(up_to=1) == 1
    await r.execute(
        "INSERT INTO games (game, channel_id, host_id, status, seats, options, seed, version, "
        "recent, created_at, updated_at) VALUES ('fleet-dice', 5, 1, 'lobby', ?, '{}', 's', 0, "
        "'[]', 0, 0)",
        (json.dumps([{"user_id": 1, "name": "a"}]),),
    )
    await r.close()
    upgraded = await SqliteRepository.open(path)
    assert await upgraded.schema_version() == MIGRATIONS[-1][0]
    row = await upgraded.load_by_channel(5)
    assert row is not None and row.seats[0].name == "a" and row.deadline_at is None
    assert row.game_options == {} and row.recent == []
    await upgraded.close()


async def test_running_deadlines_from_before_claims_are_due_when_they_were(tmp_path):
    path = tmp_path / "old.db"
    import aiosqlite

    db = await aiosqlite.connect(str(path), isolation_level=None)
    r = SqliteRepository(db)
    assert await r.migrate(up_to=5) == 5
    deadline = 1_800_000_000.0
    for channel, options in ((5, '{"turn_hours": 12}'), (6, "{damaged")):
        await r.execute(
            "INSERT INTO games (game, channel_id, host_id, status, seats, options, seed, state, "
            "version, created_at, updated_at, deadline_at) VALUES ('fleet-dice', ?, 1, "
            "'active', '[]', ?, 's', '{}', 1, 0, 0, ?)",
            (channel, options, deadline),
        )
    await r.close()
    upgraded = await SqliteRepository.open(path)
    assert await upgraded.claim_due(deadline - 6 * 3600 - 1, "p", 60) == []
    (due,) = await upgraded.claim_due(deadline - 6 * 3600, "p", 60)  # its half-time reminder
    assert due.channel_id == 5, "a damaged row is never due, as before"
    await upgraded.close()


async def test_save_succeeds_only_from_the_loaded_version(repo):
    row = await repo.create(lobby())
    saved = await repo.save(row.model_copy(update={"recent": [{"kind": "x"}]}), row.version)
    assert saved.version == row.version + 1
    with pytest.raises(Conflict):
        await repo.save(row.model_copy(update={"recent": [{"kind": "y"}]}), row.version)
    assert (await repo.load(row.id)).recent == [{"kind": "x"}]


async def test_the_action_log_is_appended_with_the_save(repo):
    row = await repo.create(lobby())
    row = await repo.save(row, row.version, [(0, 1, "pick cod"), (0, 1, "use cod")])
    await repo.save(row, row.version, [(1, None, "coin")])
    entries = await repo.actions(row.id)
    assert [(e.seq, e.action) for e in entries] == [(1, "pick cod"), (2, "use cod"), (3, "coin")]


async def test_a_refused_save_writes_no_log(repo):
    row = await repo.create(lobby())
    await repo.save(row, row.version)
    with pytest.raises(Conflict):
        await repo.save(row, row.version, [(0, 1, "pick cod")])
    assert await repo.actions(row.id) == []


async def test_one_open_game_per_channel(repo):
    await repo.create(lobby(channel=7))
    with pytest.raises(ChannelBusy):
        await repo.create(lobby(channel=7))


async def test_a_finished_game_frees_its_channel(repo):
    row = await repo.create(lobby(channel=8))
    await repo.save(row.model_copy(update={"status": "over"}), row.version)
    again = await repo.create(lobby(channel=8))
    assert (await repo.load_by_channel(8)).id == again.id


async def test_a_damaged_row_is_answered_clearly_and_other_games_keep_working(repo):
    service = TableService(repo)
    damaged = await open_table(service, 1, 1)
    healthy = await open_table(service, 2, 1)
    await execute(repo, "UPDATE games SET seats = ? WHERE id = ?", (damaged_json(repo), damaged.id))
    with pytest.raises(CorruptGame):
        await repo.load(damaged.id)
    with pytest.raises(Refusal) as err:
        await service.find(1)
    assert err.value.code == "corrupt"
    row = await service.join(healthy.id, 2, "b")
    assert len(row.seats) == 2


async def test_a_damaged_game_can_always_be_ended_by_its_host_and_frees_the_channel(repo):
    service = TableService(repo)
    damaged = await open_table(service, 11, 1)
    await execute(repo, "UPDATE games SET seats = ? WHERE id = ?", (damaged_json(repo), damaged.id))
    with pytest.raises(Refusal) as err:
        await service.end(11, 2, moderator=False)  # not the host
    assert err.value.code == "end_denied"
    with pytest.raises(Refusal) as err:
        await service.end(11, 1, moderator=False)
    assert err.value.code == "damaged_closed"
    assert (await repo.head(11)).status == "cancelled"
    fresh = await open_table(service, 11, 3)
    assert (await service.find(11)).id == fresh.id


async def test_a_damaged_game_state_is_answered_clearly(repo):
    service = TableService(repo)
    row = await open_table(service, 3, 1, solo=True)
    await service.start(row.id, 1)
    await execute(repo, "UPDATE games SET state = '{\"seed\": 5}' WHERE id = ?", (row.id,))
    with pytest.raises(Refusal) as err:
        await service.act(row.id, 1, "coin")
    assert err.value.code == "corrupt"
    # It can still be ended: the table closes, with no state to show.
    ended = await service.end(3, 1, moderator=False)
    assert ended.ended and ended.state is None
    assert (await repo.head(3)).status == "cancelled"


DYING = {
    # SQLite: after the save's UPDATE and log INSERT, before its COMMIT (in SQLite's thread).
    "sqlite": """
            from bot.storage import sqlite
            real = sqlite._append
            def dying(db, entries):
                real(db, entries)
                os._exit(9)
            sqlite._append = dying
    """,
    # PostgreSQL: after the save's UPDATE and log INSERT, before its COMMIT.
    "postgres": """
            real = PostgresRepository._append
            async def dying(*args):
                await real(*args)
                os._exit(9)
            PostgresRepository._append = staticmethod(dying)
    """,
}


async def test_a_crash_between_statements_leaves_no_partial_write(database, request):
    # A child process dies (os._exit, no cleanup) inside a save's transaction. Reopened, the
    # database holds the game as it was before that save.
    dying = textwrap.indent(textwrap.dedent(DYING[request.node.callspec.id]), " " * 12)
    script = textwrap.dedent(f"""
        import asyncio, os
        from bot.storage import GameRow, PostgresRepository, Seat, open_repository

        async def main():
            repo = await open_repository({database!r})
            row = await repo.create(GameRow(game="fleet-dice", channel_id=1, host_id=1, seed="s",
                                            seats=[Seat(user_id=1, name="a")]))
            row = await repo.save(row.model_copy(update={{"recent": [{{"kind": "kept"}}]}}),
                                  row.version, [(0, 1, "pick cod")])
{dying}
            await repo.save(row.model_copy(update={{"recent": [{{"kind": "lost"}}]}}),
                            row.version, [(0, 1, "use cod")])

        asyncio.run(main())
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert done.returncode == 9, done.stderr.decode()
    repo = await open_repository(database)
    row = await repo.load_by_channel(1)
    entries = await repo.actions(row.id)
    await repo.close()
    assert row.recent == [{"kind": "kept"}]
    assert [e.action for e in entries] == ["pick cod"]


async def test_a_save_from_an_earlier_load_keeps_the_message_ids_stored_since(repo):
    # A click loads the game; meanwhile the board is re-posted and its id stored; the click's
    # save must not put the old ids back (else the next update posts a duplicate board).
    row = await repo.create(lobby())
    await repo.set_messages(row.id, 0, board=111, step=222)
    saved = await repo.save(row.model_copy(update={"recent": [{"kind": "m"}]}), row.version)
    assert saved.version == row.version + 1
    stored = await repo.load(row.id)
    assert (stored.board_message_id, stored.step_message_id) == (111, 222)
    assert stored.recent == [{"kind": "m"}] and stored.version == saved.version


async def test_the_shown_version_only_moves_forward_and_marks_what_is_unshown(repo):
    row = await repo.create(lobby(channel=20))
    row = await repo.save(row, row.version)
    assert [r.id for r in await repo.unshown(0)] == [row.id]
    await repo.set_messages(row.id, row.version, lobby=5)
    assert await repo.unshown(0) == []
    await repo.set_messages(row.id, 0)  # an older publish finishing late
    assert (await repo.load(row.id)).shown_version == row.version
    with pytest.raises(ValueError, match="no such message"):
        await repo.set_messages(row.id, 1, roll=3)


async def test_an_attempt_and_its_game_are_claimed_together_or_not_at_all(repo):
    row = await repo.create(
        lobby(channel=30, game="fleet-dice"), Attempt("2026-11-22", 1), [(0, 1, "coin")]
    )
    assert [e.action for e in await repo.actions(row.id)] == ["coin"]
    with pytest.raises(AlreadyPlayed):
        await repo.create(lobby(channel=31), Attempt("2026-11-22", 1))
    assert await repo.load_by_channel(31) is None, "a refused attempt leaves no game behind"
    assert await repo.attempted("fleet-dice", "2026-11-22", 1)
    assert not await repo.attempted("test-hands", "2026-11-22", 1)
    other = await repo.create(lobby(channel=32, game="test-hands"), Attempt("2026-11-22", 1))
    assert other.id, "one attempt a day per game, not per player"


async def test_an_owed_answer_learns_its_challenges_game_in_the_same_transaction(repo):
    await repo.owe_answer("tok-1", 1, "de", 100.0)
    await repo.owe_answer("tok-2", 2, "en-US", 101.0)
    await repo.owe_answer("tok-1", 1, "de", 102.0)  # the same command again: one owed answer
    row = await repo.create(lobby(channel=40, game="fleet-dice"), Attempt("2026-11-22", 1, "tok-1"))
    with pytest.raises(AlreadyPlayed):
        await repo.create(lobby(channel=41, game="fleet-dice"), Attempt("2026-11-22", 1, "tok-2"))
    owed = {o.token: o for o in await repo.owed_answers()}
    assert (owed["tok-1"].game_id, owed["tok-1"].locale, owed["tok-1"].asked_at) == (
        row.id,
        "de",
        100.0,
    )
    assert owed["tok-2"].game_id is None, "a refused attempt names no game"
    await repo.answered("tok-1")
    assert [o.token for o in await repo.owed_answers()] == ["tok-2"]


async def test_a_servers_chosen_language_is_kept_and_reaches_its_open_tables(repo):
    open_here = await repo.create(lobby(channel=60, guild_id=9))
    done = await repo.create(lobby(channel=61, guild_id=9))
    await repo.save(done.model_copy(update={"status": "over"}), done.version)
    elsewhere = await repo.create(lobby(channel=62, guild_id=10))
    assert await repo.guild_locale(9) is None
    await repo.set_guild_locale(9, "de")
    assert await repo.guild_locale(9) == "de"
    assert (await repo.load(open_here.id)).locale == "de"
    assert (await repo.load(done.id)).locale is None, "a finished table keeps its language"
    assert (await repo.load(elsewhere.id)).locale is None
    await repo.set_guild_locale(9, None)
    assert await repo.guild_locale(9) is None


async def test_results_are_saved_with_the_final_move_and_recorded_once(repo):
    row = await repo.create(lobby(channel=40))
    row = await repo.save(
        row.model_copy(update={"status": "over"}),
        row.version,
        [(0, 1, "x")],
        [ResultEntry(1, 50, "deckhand", False)],
    )
    assert await repo.unrecorded() == []
    stats = await repo.user_stats(1)
    assert [(s.game, s.games, s.best_solo) for s in stats] == [("fleet-dice", 1, 50)]
    await repo.record_results(row, [ResultEntry(1, 99, None, False)])  # again: ignored
    assert (await repo.user_stats(1))[0].best_solo == 50


@pytest.mark.parametrize(
    "refusal",
    ["PRAGMA query_only = ON", "PRAGMA max_page_count = 1"],
    ids=["read-only", "disk-full"],
)
async def test_a_refused_write_is_one_clear_error_and_recovers_when_writable(sqlite_repo, refusal):
    # SQLite rolls back by itself after some failed writes; the adapter must not then mask
    # the real error with "cannot rollback - no transaction is active".
    row = await sqlite_repo.create(lobby(channel=50))
    await sqlite_repo.execute(refusal)
    big = row.model_copy(update={"recent": [{"kind": "x" * 5000}] * 8})
    with pytest.raises(StorageUnavailable) as err:
        await sqlite_repo.save(big, row.version, [(0, 1, "coin")])
    assert "rollback" not in str(err.value)
    with pytest.raises(StorageUnavailable):
        await sqlite_repo.create(lobby(channel=51, recent=big.recent))
    await sqlite_repo.execute("PRAGMA query_only = OFF")
    await sqlite_repo.execute("PRAGMA max_page_count = 1073741823")
    assert (await sqlite_repo.load(row.id)).version == row.version, "nothing changed"
    assert (await sqlite_repo.save(big, row.version)).version == row.version + 1


async def test_a_file_that_is_not_a_database_is_refused_at_open_in_one_line(tmp_path):
    path = tmp_path / "not.db"
    path.write_bytes(b"this is not an SQLite file " * 100)
    with pytest.raises(StorageUnavailable) as err:
        await SqliteRepository.open(path)
    assert "\n" not in str(err.value) and "not.db" in str(err.value)
