"""Time from receiving each interaction to its first response, measured around discord.py
itself (where the gateway hands the bot an interaction, and where the bot answers it), so no
timing code sits in the bot.

    with first_responses() as seconds:
        ...play...
    print(statistics.median(seconds))
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import discord
from discord.state import ConnectionState

ANSWERS = ("send_message", "defer", "edit_message", "send_modal")
"""The ways discord.py gives an interaction its first response."""


@contextlib.contextmanager
def first_responses() -> Iterator[list[float]]:
    seconds: list[float] = []
    received: dict[int, float] = {}
    parse = ConnectionState.parse_interaction_create

    def receive(state: ConnectionState, data: Any) -> None:
        received[int(data["id"])] = time.perf_counter()
        parse(state, data)

    def answered(real: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(real)
        async def wrapper(response: discord.InteractionResponse[Any], *a: Any, **kw: Any) -> Any:
            result = await real(response, *a, **kw)
            started = received.pop(response._parent.id, None)
            if started is not None:
                seconds.append(time.perf_counter() - started)
            return result

        return wrapper

    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.object(ConnectionState, "parse_interaction_create", receive))
        for name in ANSWERS:
            real = getattr(discord.InteractionResponse, name)
            stack.enter_context(
                mock.patch.object(discord.InteractionResponse, name, answered(real))
            )
        yield seconds
