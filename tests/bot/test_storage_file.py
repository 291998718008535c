"""The SQLite file deleted or replaced while the bot runs: every write is refused, said once in
the log; and the next start never makes an empty database (with a new challenge secret) where a
marker says one was made."""

import logging
import shutil

import pytest

from bot.service import TableService
from bot.storage import (
    DatabaseGone,
    GameRow,
    Seat,
    SqliteRepository,
    StorageUnavailable,
)
from bot.storage.sqlite import marker_of
from tests.clock import TestClock


def lobby(channel: int = 10) -> GameRow:
    return GameRow(
        game="fleet-dice",
        channel_id=channel,
        host_id=1,
        seats=[Seat(user_id=1, name="a")],
        seed="s",
    )


def gone_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if "deleted or replaced" in r.getMessage()]


async def test_every_write_after_the_file_is_deleted_is_refused_and_said_once(tmp_path, caplog):
    path = tmp_path / "fleet.db"
    repo = await SqliteRepository.open(path, TestClock())
    row = await repo.create(lobby())
    for leftover in tmp_path.glob("fleet.db*"):
        if leftover != marker_of(path):
            leftover.unlink()  # rm fleet.db fleet.db-wal fleet.db-shm
    caplog.set_level(logging.ERROR, "bot.storage")
    for _ in range(3):
        with pytest.raises(DatabaseGone):
            await repo.save(row, row.version, [(0, 1, "pick cod")])
    with pytest.raises(DatabaseGone):
        await repo.create(lobby(11))
    with pytest.raises(DatabaseGone):
        await repo.set_messages(row.id, 1, board=5)
    assert len(gone_lines(caplog)) == 1
    assert isinstance(DatabaseGone("x"), StorageUnavailable), "answered as storage trouble"
    await repo.close()


async def test_a_file_replaced_under_the_bot_is_noticed_too(tmp_path):
    path = tmp_path / "fleet.db"
    repo = await SqliteRepository.open(path, TestClock())
    row = await repo.create(lobby())
    copy = tmp_path / "copy.db"
    shutil.copy(path, copy)
    copy.replace(path)  # a restore over the running bot: writes would go to the old file
    with pytest.raises(DatabaseGone):
        await repo.save(row, row.version)
    await repo.close()


async def test_a_deleted_database_is_not_started_afresh_with_a_new_challenge_secret(tmp_path):
    path = tmp_path / "fleet.db"
    repo = await SqliteRepository.open(path, TestClock())
    secret = await TableService(repo).challenge_secret(None)
    await repo.close()
    for leftover in tmp_path.glob("fleet.db*"):
        if leftover != marker_of(path):
            leftover.unlink()
    with pytest.raises(StorageUnavailable) as err:
        await SqliteRepository.open(path, TestClock())
    message = str(err.value)
    assert "\n" not in message and "backup" in message and str(marker_of(path)) in message
    assert not path.exists(), "nothing was made in its place"
    path.write_bytes(b"")  # an empty file is no better
    with pytest.raises(StorageUnavailable):
        await SqliteRepository.open(path, TestClock())
    # The admin chooses to start afresh: delete the marker.
    marker_of(path).unlink()
    fresh = await SqliteRepository.open(path, TestClock())
    assert await TableService(fresh).challenge_secret(None) != secret
    await fresh.close()


async def test_a_restored_database_opens_and_keeps_its_secret(tmp_path):
    path = tmp_path / "fleet.db"
    repo = await SqliteRepository.open(path, TestClock())
    secret = await TableService(repo).challenge_secret(None)
    await repo.close()
    backup = tmp_path / "backup.db"
    shutil.copy(path, backup)
    path.unlink()
    shutil.copy(backup, path)
    restored = await SqliteRepository.open(path, TestClock())
    assert await TableService(restored).challenge_secret(None) == secret
    await restored.close()


async def test_another_database_put_in_its_place_is_refused_at_start(tmp_path):
    path = tmp_path / "fleet.db"
    other = tmp_path / "other" / "fleet.db"
    for made in (path, other):
        await (await SqliteRepository.open(made, TestClock())).close()
    shutil.copy(other, path)
    with pytest.raises(StorageUnavailable) as err:
        await SqliteRepository.open(path, TestClock())
    assert "delete" in str(err.value) and str(marker_of(path)) in str(err.value)


async def test_a_database_from_before_markers_gets_one_at_its_next_start(tmp_path):
    path = tmp_path / "fleet.db"
    await (await SqliteRepository.open(path, TestClock())).close()
    first = marker_of(path).read_text()
    marker_of(path).unlink()  # as a database made by an earlier release
    await (await SqliteRepository.open(path, TestClock())).close()
    assert marker_of(path).read_text() == first, "the database keeps its id"
