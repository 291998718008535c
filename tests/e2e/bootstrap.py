"""Test-only entry point: the real bot, with Discord's addresses pointed at the loopback fake.

python tests/e2e/bootstrap.py http://127.0.0.1:PORT run|sync ...
"""

import sys

import discord.gateway
import discord.http
import yarl


def main() -> int:
    base = sys.argv[1]
    if not base.startswith("http://127.0.0.1:"):
        raise SystemExit("the end-to-end bootstrap only talks to 127.0.0.1")
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        base.replace("http", "ws") + "/gateway"
    )
    from bot.__main__ import main as bot_main

    return bot_main(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
