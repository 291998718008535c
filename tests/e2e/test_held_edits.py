"""A public message edited a moment ago waits its spacing before its next edit
(`cogs.outbox`, FLEET_EDIT_SPACING): the real bot killed with -9 while such an edit waits
loses nothing; at the next start the table shows its last move, once."""

import asyncio
import signal
import sqlite3
import time
from pathlib import Path

from .fake_discord import GUILD_ID, FakeDiscord, user
from .process import quiet, start_bot, stop_bot

ALICE = user(1001, "alice")
SPACING = "8"
"""Seconds between two edits of one public message: longer than the test takes to kill."""


def versions(db: Path) -> tuple[int, int]:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT version, shown_version FROM games").fetchone()


def next_choice(fake: FakeDiscord) -> tuple[int, str] | None:
    """A button making a move on the newest message that has one."""
    for message in reversed(list(fake.messages)):
        found = [b for b in fake.buttons(message) if b.startswith(("fl1:do:", "fl1:pub:"))]
        if found:
            return message, found[0]
    return None


async def test_a_kill_while_an_edit_waits_its_spacing_shows_the_move_at_the_next_start(
    fake, tmp_path
):
    db = tmp_path / "held.db"
    sync = await start_bot(fake, db, "sync", "--guild", str(GUILD_ID))
    await asyncio.wait_for(sync.communicate(), 60)
    bot = await start_bot(fake, db, "run", FLEET_EDIT_SPACING=SPACING)
    try:
        await asyncio.wait_for(fake.ready.wait(), 30)
        await fake.slash(ALICE, "table solo", game="fleet-dice", here=True)
        await quiet(fake)
        for _ in range(40):
            choice = next_choice(fake)
            assert choice is not None, "the game goes on"
            await fake.click(ALICE, *choice)
            await quiet(fake, idle=0.5, limit=4)  # all sent but what waits its spacing
            version, shown = versions(db)
            if shown < version:
                break  # saved, and its public edit waits out the spacing
        assert shown < version, "a move is saved and marked shown only once its edit is sent"
        public = {w.message_id for w in fake.writes if w.reader is None and not w.created}

        bot.send_signal(signal.SIGKILL)
        await bot.wait()
        fake.ready.clear()
        killed = time.perf_counter()
        bot = await start_bot(fake, db, "run")
        await asyncio.wait_for(fake.ready.wait(), 30)
        await quiet(fake)

        assert versions(db) == (version, version), "the next start showed the held move"
        again = [w for w in fake.writes if w.at > killed and w.reader is None]
        edited = [w.message_id for w in again if not w.created]
        assert edited and set(edited) <= public, again
        assert len(edited) == len(set(edited)), "each public message edited once"
        choice = next_choice(fake)
        assert choice is not None
        answer = await fake.click(ALICE, *choice)
        assert answer.callbacks, "the table plays on"
        assert not fake.unhandled, fake.unhandled
        assert not fake.problems, fake.problems
    finally:
        await stop_bot(bot)
