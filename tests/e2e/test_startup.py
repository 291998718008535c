"""The real bot process: a startup that cannot work says so in one line and exits non-zero
(never a traceback, never a process left hanging), and no log line at any level holds a
secret (the bot token, interaction tokens, the challenge secret)."""

import asyncio
import sqlite3

from .fake_discord import GUILD_ID, TOKEN, user
from .process import quiet, start_bot

ALICE = user(1001, "alice")


async def one_line_exit(proc) -> str:
    _out, err = await asyncio.wait_for(proc.communicate(), 60)
    lines = err.decode().strip().splitlines()
    assert proc.returncode not in (0, None), lines
    assert len(lines) == 1, lines
    return lines[0]


async def test_a_file_that_is_not_a_database_stops_the_bot_in_one_line(fake, tmp_path):
    db = tmp_path / "not-a.db"
    db.write_bytes(b"hello, this is no database " * 200)
    line = await one_line_exit(await start_bot(fake, db, "run"))
    assert line.startswith("Cannot open the database") and "not-a.db" in line


async def test_a_database_folder_that_cannot_be_made_stops_the_bot_in_one_line(fake, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where a folder should be")
    proc = await start_bot(fake, blocker / "sub" / "fleet.db", "run", cwd=tmp_path)
    line = await one_line_exit(proc)
    assert line.startswith("Cannot open the database") and "folder" in line


async def test_a_token_discord_refuses_stops_the_bot_in_one_line(fake, tmp_path):
    proc = await start_bot(fake, tmp_path / "t.db", "run", FLEET_TOKEN="not.the.token")
    line = await one_line_exit(proc)
    assert "refused the token" in line and "not.the.token" not in line


async def test_debug_logs_hold_no_token_and_no_secret(fake, tmp_path):
    db = tmp_path / "debug.db"
    sync = await start_bot(fake, db, "sync", "--guild", str(GUILD_ID))
    await asyncio.wait_for(sync.communicate(), 60)
    bot = await start_bot(fake, db, "run", FLEET_LOG_LEVEL="DEBUG")
    try:
        await asyncio.wait_for(fake.ready.wait(), 30)
        played = await fake.slash(ALICE, "challenge")
        await quiet(fake)
        assert played.followups, "the challenge started"
    finally:
        bot.terminate()
        _out, err = await bot.communicate()
    log = err.decode()
    assert "DEBUG" in log, "the log level was DEBUG"
    with sqlite3.connect(db) as con:
        (secret,) = con.execute("SELECT value FROM meta WHERE key = 'challenge_secret'").fetchone()
        (seed,) = con.execute("SELECT seed FROM games").fetchone()
    tokens = [token for token in fake.interactions]
    assert secret not in log and seed not in log
    assert TOKEN not in log
    assert not [t for t in tokens if t in log]


async def test_shard_ids_that_do_not_fit_the_count_stop_the_bot_in_one_line(fake, tmp_path):
    proc = await start_bot(
        fake, tmp_path / "s.db", "run", FLEET_SHARD_COUNT="2", FLEET_SHARD_IDS="0,2"
    )
    line = await one_line_exit(proc)
    assert line.startswith("Bad setting FLEET_SHARD_IDS") and "0 to 1" in line
    assert fake.identifies == 0 and not (tmp_path / "s.db").exists(), "nothing was started"


async def test_a_postgresql_server_out_of_reach_stops_the_bot_in_one_line_without_the_password(
    fake, tmp_path
):
    url = "postgresql://fleet:hunter2@127.0.0.1:1/fleet"  # nothing listens on port 1
    line = await one_line_exit(await start_bot(fake, url, "run", cwd=tmp_path))
    assert line.startswith("Cannot open the database") and "127.0.0.1:1" in line
    assert "hunter2" not in line
