"""Test-only entry point: the real bot, with Discord's addresses pointed at the loopback fake.

python tests/e2e/bootstrap.py http://127.0.0.1:PORT run|sync ...

With ``FLEET_TEST_EPOCH`` (a timestamp) the bot's clock starts there and runs at the
machine's pace, so a test's day, challenge number and deadlines never depend on the date.
With ``FLEET_TEST_PROFILE`` (a file), SIGUSR1 starts cProfile and SIGUSR2 stops it and writes
that file: a benchmark profiles its measuring window only, not the start.
"""

import cProfile
import os
import signal
import sys
import time

import discord.gateway
import discord.http
import yarl


def profiled(out: str) -> None:
    """SIGUSR1 starts profiling, SIGUSR2 stops it and writes `out`."""
    profile = cProfile.Profile()
    signal.signal(signal.SIGUSR1, lambda *_: profile.enable())

    def stop(*_: object) -> None:
        profile.disable()
        profile.dump_stats(out)

    signal.signal(signal.SIGUSR2, stop)


def main() -> int:
    base = sys.argv[1]
    if os.environ.get("FLEET_TEST_PROFILE"):
        profiled(os.environ["FLEET_TEST_PROFILE"])
    if not base.startswith("http://127.0.0.1:"):
        raise SystemExit("the end-to-end bootstrap only talks to 127.0.0.1")
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        base.replace("http", "ws") + "/gateway"
    )
    import bot.__main__
    from bot.app import make_bot

    epoch = os.environ.get("FLEET_TEST_EPOCH")
    if epoch is not None:
        start, began = float(epoch), time.monotonic()

        def clock() -> float:
            return start + (time.monotonic() - began)

        def make_pinned(settings, clock=clock):  # type: ignore[no-untyped-def]
            return make_bot(settings, clock)

        bot.__main__.make_bot = make_pinned  # type: ignore[assignment]
    return bot.__main__.main(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
