"""Storage: migrations, the optimistic version check, the action log, damaged rows, and no
partial writes when a process dies between statements."""

import json
import subprocess
import sys
import textwrap

import pytest

from bot.service import Refusal, TableService
from bot.storage import (
    MIGRATIONS,
    ChannelBusy,
    Conflict,
    CorruptGame,
    GameRow,
    Seat,
    SqliteRepository,
)

from .helpers import open_table


def lobby(channel=10, **kw) -> GameRow:
    return GameRow(channel_id=channel, host_id=1, seats=[Seat(user_id=1, name="a")], seed="s", **kw)


@pytest.fixture
async def repo(tmp_path):
    r = await SqliteRepository.open(tmp_path / "t.db")
    yield r
    await r.close()


async def test_migrations_run_once_and_record_their_number(tmp_path):
    r = await SqliteRepository.open(tmp_path / "t.db")
    assert await r.schema_version() == MIGRATIONS[-1][0]
    assert await r.migrate() == MIGRATIONS[-1][0]  # a second start changes nothing
    await r.close()


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
    await upgraded.close()


async def test_save_succeeds_only_from_the_loaded_version(repo):
    row = await repo.create(lobby())
    saved = await repo.save(row.model_copy(update={"recent": ["x"]}), row.version)
    assert saved.version == row.version + 1
    with pytest.raises(Conflict):
        await repo.save(row.model_copy(update={"recent": ["y"]}), row.version)
    assert (await repo.load(row.id)).recent == ["x"]


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
    await repo.execute("UPDATE games SET seats = '{not json' WHERE id = ?", (damaged.id,))
    with pytest.raises(CorruptGame):
        await repo.load(damaged.id)
    with pytest.raises(Refusal, match="damaged"):
        await service.find(1)
    row = await service.join(healthy.id, 2, "b")
    assert len(row.seats) == 2


async def test_a_damaged_game_state_is_answered_clearly(repo):
    service = TableService(repo)
    row = await open_table(service, 3, 1, solo=True)
    await service.start(row.id, 1)
    await repo.execute("UPDATE games SET state = '{\"seed\": 5}' WHERE id = ?", (row.id,))
    with pytest.raises(Refusal, match="damaged"):
        await service.act(row.id, 1, "coin")
    assert await repo.list_active() != []  # the row itself still lists


def test_a_crash_between_statements_leaves_no_partial_write(tmp_path):
    # A child process dies (os._exit, no cleanup) after the UPDATE of a save but before its
    # COMMIT. Reopened, the database holds the game as it was before that save.
    path = tmp_path / "crash.db"
    script = textwrap.dedent(f"""
        import asyncio, os
        from bot.storage import SqliteRepository, GameRow, Seat

        async def main():
            repo = await SqliteRepository.open({str(path)!r})
            row = await repo.create(GameRow(channel_id=1, host_id=1, seed="s",
                                            seats=[Seat(user_id=1, name="a")]))
            row = await repo.save(row.model_copy(update={{"recent": ["kept"]}}), row.version,
                                  [(0, 1, "pick cod")])
            real = repo._run
            async def dying(sql, params=()):
                if sql == "COMMIT":
                    os._exit(9)
                return await real(sql, params)
            repo._run = dying
            await repo.save(row.model_copy(update={{"recent": ["lost"]}}), row.version,
                            [(0, 1, "use cod")])

        asyncio.run(main())
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert done.returncode == 9, done.stderr.decode()

    async def check():
        repo = await SqliteRepository.open(path)
        row = await repo.load_by_channel(1)
        entries = await repo.actions(row.id)
        await repo.close()
        return row, entries

    import asyncio

    row, entries = asyncio.run(check())
    assert row.recent == ["kept"]
    assert [e.action for e in entries] == ["pick cod"]


async def test_a_save_from_an_earlier_load_keeps_the_message_ids_stored_since(repo):
    # A click loads the game; meanwhile the board is re-posted and its id stored; the click's
    # save must not put the old ids back (else the next update posts a duplicate board).
    row = await repo.create(lobby())
    await repo.set_messages(row.id, 111, 222)
    saved = await repo.save(row.model_copy(update={"recent": ["moved"]}), row.version)
    assert saved.version == row.version + 1
    stored = await repo.load(row.id)
    assert (stored.board_message_id, stored.roll_message_id) == (111, 222)
    assert stored.recent == ["moved"] and stored.version == saved.version
