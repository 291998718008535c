"""Starting the real bot process against the loopback fake, for the end-to-end tests and
bench/bot.py alike."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

from tests.clock import NOON

from .fake_discord import TOKEN, FakeDiscord

EPOCH = NOON
"""Where the bot process's clock starts (see bootstrap.py): never the machine's date."""

ROOT = Path(__file__).resolve().parents[2]
BOOTSTRAP = str(ROOT / "tests" / "e2e" / "bootstrap.py")

TRACED = f"""
import contextvars, runpy, aiohttp
from discord.state import ConnectionState

cause = contextvars.ContextVar("cause", default=None)
parse = ConnectionState.parse_interaction_create

def parse_interaction_create(state, data):
    token = cause.set(str(data["id"]))
    try:
        parse(state, data)
    finally:
        cause.reset(token)

send = aiohttp.ClientSession._request

async def _request(session, method, url, **options):
    if cause.get() is not None:
        options["headers"] = {{**(options.get("headers") or {{}}), "X-Fake-Cause": cause.get()}}
    return await send(session, method, url, **options)

ConnectionState.parse_interaction_create = parse_interaction_create
aiohttp.ClientSession._request = _request
runpy.run_path({BOOTSTRAP!r}, run_name="__main__")
"""
"""The bootstrap, with every request the bot sends while handling an interaction tagged with
that interaction's id (``X-Fake-Cause``): discord.py handles each interaction in tasks it
creates while parsing the event, and those tasks inherit the context variable. Only test code
changes: the bot and discord.py run as they are."""


def bot_env(db: Path | str, scheduler: bool = False, **settings: str) -> dict[str, str]:
    """The bot's environment: the fake's token, this database (an SQLite path or a
    postgresql:// URL), no FLEET_ setting of the host; `settings` override
    (``FLEET_LOG_LEVEL="DEBUG"``)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLEET_")}
    env.update(
        FLEET_TOKEN=TOKEN,
        FLEET_DATABASE=str(db),
        FLEET_RUN_SCHEDULER=str(scheduler).lower(),
        FLEET_LOG_LEVEL="WARNING",
        FLEET_TEST_EPOCH=str(EPOCH),
        PYTHONPATH=str(ROOT),
    )
    env.update(settings)
    return env


async def start_bot(
    fake: FakeDiscord,
    db: Path | str,
    *args: str,
    scheduler: bool = False,
    python: tuple[str, ...] = (),
    stdout: Any = asyncio.subprocess.PIPE,
    stderr: Any = asyncio.subprocess.PIPE,
    cwd: Path | None = None,
    trace: bool = False,
    **settings: str,
) -> asyncio.subprocess.Process:
    """`python tests/e2e/bootstrap.py <fake> *args`; `python` holds interpreter options, or
    with `trace` the requests are tagged with their interaction (`TRACED`). It runs in `cwd`,
    by default the database's folder (a URL has none: give `cwd`)."""
    if cwd is None:
        assert isinstance(db, Path), "a database URL has no folder to run in: give cwd"
        cwd = db.parent
    script = ("-c", TRACED) if trace else (BOOTSTRAP,)
    return await asyncio.create_subprocess_exec(
        sys.executable,
        *python,
        *script,
        fake.base,
        *args,
        env=bot_env(db, scheduler, **settings),
        cwd=str(cwd),
        stdout=stdout,
        stderr=stderr,
    )


async def quiet(fake: FakeDiscord, idle: float = 0.4, limit: float = 10.0) -> None:
    """Wait until the bot has sent nothing for `idle` seconds."""
    seen, waited = fake.request_count, 0.0
    while waited < limit:
        await asyncio.sleep(idle)
        waited += idle
        if fake.request_count == seen:
            return
        seen = fake.request_count


async def stop_bot(bot: asyncio.subprocess.Process) -> None:
    """Stop a bot process a test started (if it still runs), printing the end of what it
    wrote on stderr: pytest shows it with a failure."""
    if bot.returncode is None:
        bot.terminate()
    _, err = await bot.communicate()
    if err:
        print(err.decode()[-3000:])
