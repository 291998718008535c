"""End to end: the real bot process against a fake Discord on 127.0.0.1 — login, command sync,
a slash command, buttons, kill -9 in the middle of a game, restart, old buttons still work."""

import asyncio
import signal
import sqlite3
import sys
from pathlib import Path

from .fake_discord import GUILD_ID, FakeDiscord, user
from .process import bot_env, quiet, start_bot, stop_bot

ALICE = user(1001, "alice")


def messages_with(fake: FakeDiscord, marker: str) -> list[int]:
    return [mid for mid, m in fake.messages.items() if any(marker in c for c in fake.buttons(mid))]


def logged_actions(db: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT seat, action FROM actions ORDER BY seq").fetchall()


async def test_the_real_bot_survives_kill_9_and_old_buttons_still_work(fake, tmp_path):
    db = tmp_path / "e2e.db"

    # Command sync is an explicit command, and doing it twice is harmless.
    for _ in range(2):
        sync = await start_bot(fake, db, "sync", "--guild", str(GUILD_ID))
        out, err = await asyncio.wait_for(sync.communicate(), 60)
        assert sync.returncode == 0, err.decode()
        assert b"Synced" in out
    guild_commands = fake.commands[f"applications/{fake_app()}/guilds/{GUILD_ID}/commands"]
    assert sorted(c["name"] for c in guild_commands) == [
        "challenge",
        "leaderboard",
        "stats",
        "table",
    ]

    bot = await start_bot(fake, db, "run")
    try:
        await asyncio.wait_for(fake.ready.wait(), 30)
        await fake.slash(ALICE, "table solo", game="fleet-dice", here=True)
        await quiet(fake)
        (roll,) = messages_with(fake, ":pub:")
        (board,) = messages_with(fake, ":mine")

        pick = await fake.click(ALICE, roll, next(b for b in fake.buttons(roll) if ":pub:" in b))
        # The roll message is updated by the response itself, the die shown taken at once.
        assert [c["type"] for c in pick.callbacks] == [7]
        assert "Taken:" in fake.messages[roll]["embeds"][0]["description"]
        await quiet(fake)
        (prompt,) = pick.followups
        assert fake.messages[prompt]["flags"] & 64  # the prompt is private
        before = logged_actions(db)
        assert any(a.startswith("pick ") for _, a in before)

        bot.send_signal(signal.SIGKILL)  # kill -9 in the middle of a decision
        await bot.wait()
        await asyncio.sleep(0.2)
        fake.ready.clear()

        bot = await start_bot(fake, db, "run")
        await asyncio.wait_for(fake.ready.wait(), 30)
        assert fake.identifies == 2

        use = await fake.click(ALICE, prompt, fake.buttons(prompt)[0])  # a pre-restart button
        assert use.callbacks[0]["type"] == 7  # answered with the next prompt in its place
        await quiet(fake)
        after = logged_actions(db)
        assert len(after) > len(before)

        act = await fake.click(
            ALICE, board, next(b for b in fake.buttons(board) if b.endswith(":act"))
        )
        assert act.callbacks[0]["type"] == 4
        assert act.callbacks[0]["data"]["flags"] & 64

        assert not fake.unhandled, fake.unhandled
        assert not fake.problems, fake.problems
    finally:
        await stop_bot(bot)


async def test_without_a_token_the_bot_exits_with_one_clear_line(tmp_path):
    env = bot_env(tmp_path / "x.db")
    env.pop("FLEET_TOKEN")
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=env,
        cwd=str(tmp_path),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 2
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and "No Discord token" in lines[0]


def fake_app() -> int:
    from .fake_discord import APP_ID

    return APP_ID


async def test_a_crafted_command_option_is_refused_and_stores_nothing(fake, tmp_path):
    # Discord's client offers only the listed deadlines; a crafted payload can send another.
    db = tmp_path / "crafted.db"
    sync = await start_bot(fake, db, "sync", "--guild", str(GUILD_ID))
    await asyncio.wait_for(sync.communicate(), 60)
    bot = await start_bot(fake, db, "run")
    try:
        await asyncio.wait_for(fake.ready.wait(), 30)
        crafted = await fake.slash(ALICE, "table new", game="fleet-dice", deadline=5, here=True)
        await quiet(fake)
        (answer,) = crafted.followups
        assert "turn deadline is off" in fake.messages[answer]["content"]
        unknown = await fake.slash(ALICE, "table new", game="chess", here=True)
        await quiet(fake)
        assert "no game called" in fake.messages[unknown.followups[0]]["content"]
        with sqlite3.connect(db) as con:
            assert con.execute("SELECT COUNT(*) FROM games").fetchone() == (0,)
    finally:
        bot.terminate()
        await bot.communicate()
