"""python -m bot [run | sync [--guild ID] | invite | play … | i18n extract|check [DOMAIN …] |
ratings rebuild]"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

import discord
from pydantic import ValidationError

from bot import emojis
from bot.app import invite_url, make_bot
from bot.logs import configure
from bot.settings import Settings
from bot.storage import StorageUnavailable, open_repository
from bot.storage.postgres import describe, is_url

NO_TOKEN = (
    "No Discord token: set FLEET_TOKEN in .env (copy .env.example) or the environment. "
    "See README.md, 'Set up a Discord application'."
)
BAD_TOKEN = "Discord refused the token (FLEET_TOKEN): copy it again from the developer portal."


async def _sync(settings: Settings, guild: int | None) -> int:
    bot = make_bot(settings)
    async with bot:
        assert settings.token is not None
        await bot.login(settings.token.get_secret_value())  # runs setup_hook: cogs load
        target = discord.Object(guild) if guild else None
        if target is not None:
            bot.tree.copy_global_to(guild=target)
        synced = await bot.tree.sync(guild=target)
        where = f"guild {guild}" if guild else "globally (may take up to an hour to appear)"
        print(f"Synced {len(synced)} command(s) {where}.")
        added, there = await emojis.upload(bot)
        print(f"Uploaded {len(added)} emoji picture(s); {there} were there already.")
    return 0


async def _run(settings: Settings, token: str) -> int:
    bot = make_bot(settings)
    async with bot:
        await bot.start(token)
    return 0


def _guarded(run: asyncio.Future[int] | object) -> int:
    """Run a coroutine; a startup failure is one line on stderr and a non-zero exit."""
    try:
        return asyncio.run(run)  # type: ignore[arg-type]
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
    except StorageUnavailable as exc:
        print(f"Cannot open the database: {exc}", file=sys.stderr)
    except discord.PrivilegedIntentsRequired:
        print("Discord asks for privileged intents this bot does not use.", file=sys.stderr)
    except (discord.GatewayNotFound, discord.HTTPException, OSError) as exc:
        print(f"Cannot reach Discord: {exc}", file=sys.stderr)
    except KeyboardInterrupt:
        return 0
    return 1


def translators(args: list[str]) -> int:
    """``i18n extract``: refresh every domain's template and catalogs from the code;
    ``i18n check``: list what is missing, untranslated or has other placeholders (non-zero
    exit if anything is)."""
    from bot import i18n
    from bot.fronts import register_all

    register_all()
    domains = args[1:] or i18n.domains()
    if args[:1] == ["extract"]:
        for domain in domains:
            i18n.update(domain)
            print(f"{domain}: {len(i18n.extract(domain))} messages")
        return 0
    if args[:1] == ["check"]:
        found = [p for d in domains for p in i18n.problems(d)]
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    print(translators.__doc__)
    return 2


def rebuild_ratings(args: list[str]) -> int:
    """``ratings rebuild``: recompute every rating from the stored results alone, in the
    order the games finished (the numbers the games gave one by one). Games finishing
    meanwhile wait for it, or are refused as busy."""
    if args != ["rebuild"]:
        print(rebuild_ratings.__doc__)
        return 2
    try:
        settings = Settings()
    except ValidationError as exc:
        print(_bad_setting(exc), file=sys.stderr)
        return 2
    configure(settings.log_level)
    if not is_url(settings.database) and not Path(settings.database).exists():
        print(f"No database at {settings.database} (FLEET_DATABASE).", file=sys.stderr)
        return 1

    async def rebuild() -> int:
        repo = await open_repository(settings.database)
        try:
            games = await repo.rebuild_ratings()
        finally:
            await repo.close()
        print(f"Rebuilt the ratings of {describe(settings.database)} from {games} rated games.")
        return 0

    return _guarded(rebuild())


def main(argv: list[str] | None = None) -> int:
    args_in = sys.argv[1:] if argv is None else argv
    if args_in[:1] == ["i18n"]:
        return translators(args_in[1:])
    if args_in[:1] == ["ratings"]:
        return rebuild_ratings(args_in[1:])
    if args_in[:1] == ["play"]:
        from bot.terminal import main as terminal

        return terminal(args_in)
    parser = argparse.ArgumentParser(prog="python -m bot")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the bot (default)")
    sync = sub.add_parser(
        "sync", help="register the slash commands and upload the emoji pictures to Discord"
    )
    sync.add_argument("--guild", type=int, default=None, help="sync to one guild, instantly")
    sub.add_parser("invite", help="print the invite link")
    sub.add_parser("play", help="play in this terminal, no Discord needed (see play --help)")
    sub.add_parser("i18n", help="translators: i18n extract | i18n check [DOMAIN ...]")
    sub.add_parser("ratings", help="ratings rebuild: recompute every rating from the results")
    args = parser.parse_args(args_in)
    try:
        settings = Settings()
    except ValidationError as exc:
        print(_bad_setting(exc), file=sys.stderr)
        return 2
    configure(settings.log_level)
    if settings.token is None or not settings.token.get_secret_value().strip():
        print(NO_TOKEN, file=sys.stderr)
        return 2
    token = settings.token.get_secret_value()
    if args.command == "sync":
        return _guarded(_sync(settings, args.guild or settings.dev_guild))
    if args.command == "invite":
        print(_invite_from_token(token))
        return 0
    return _guarded(_run(settings, token))


def _bad_setting(exc: ValidationError) -> str:
    """The first refused setting, as one line naming its variable."""
    error = exc.errors()[0]
    where = " ".join(f"FLEET_{str(part).upper()}" for part in error["loc"])
    message = error["msg"].removeprefix("Value error, ")
    return f"Bad setting {where}: {message}" if where else f"Bad setting {message}"


def _invite_from_token(token: str) -> str:
    """The application id is the first part of a bot token, base64-encoded."""
    import base64

    head = token.split(".")[0]
    try:
        app_id = int(base64.b64decode(head + "=" * (-len(head) % 4)).decode())
    except (ValueError, UnicodeDecodeError):
        return "Could not read the application id from the token; see README.md for the link."
    return invite_url(app_id)


if __name__ == "__main__":
    sys.exit(main())
