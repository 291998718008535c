"""The loopback fake meets requests with Discord's rate limits, as Discord does: per-channel
message writes, per-interaction-token webhooks, a global limit per bot that interaction
endpoints are not under; headers on every answer and a 429 with `retry_after` over a bucket.
And discord.py, as the bot runs it, reads those headers and waits instead of being refused,
and retries a 429 it could not foresee.

The fake's rate-limit clock is held still (`Held`) wherever a burst must fall in one window,
so no test depends on the machine's speed."""

import asyncio
import json
import time
from collections.abc import AsyncIterator

import aiohttp
import pytest
from discord.http import HTTPClient, MultipartParameters, Route, handle_message_parameters

from .fake_discord import (
    CHANNEL_ID,
    GLOBAL_PER_S,
    INTERACTION,
    MESSAGE_WRITES,
    TOKEN,
    FakeDiscord,
    Interaction,
)

BOT = {"Authorization": f"Bot {TOKEN}", "Content-Type": "application/json"}
Answer = tuple[int, dict[str, str], dict[str, object]]


class Held:
    """A clock that stands still at `at` until told to run on from a moment."""

    def __init__(self, at: float = 1000.0) -> None:
        self.at = at
        self.since: float | None = None

    def __call__(self) -> float:
        return self.at + (time.perf_counter() - self.since if self.since is not None else 0.0)

    def run_from(self, at: float) -> None:
        self.at, self.since = at, time.perf_counter()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(channels=12)
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def http(fake: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(f"{fake.base}/api/v10/") as session:
        yield session


async def send(http: aiohttp.ClientSession, method: str, path: str, body: object) -> Answer:
    async with http.request(method, path, data=json.dumps(body), headers=BOT) as answer:
        return answer.status, dict(answer.headers), await answer.json()


async def write(http: aiohttp.ClientSession, channel: int, content: object) -> Answer:
    return await send(http, "POST", f"channels/{channel}/messages", {"content": str(content)})


def clicked(fake: FakeDiscord) -> Interaction:
    """An interaction as a click would start it (its token is what its requests carry)."""
    iid = fake.next_id()
    inter = Interaction(iid, f"tok{iid}", None, CHANNEL_ID, 1001)
    fake.interactions[inter.token] = fake.by_id[iid] = inter
    return inter


async def test_a_channel_takes_five_message_writes_then_answers_429(fake, http):
    fake.limits.clock = Held()
    for n in range(MESSAGE_WRITES.limit):
        status, headers, _ = await write(http, CHANNEL_ID, n)
        assert status == 200
        assert headers["X-RateLimit-Limit"] == "5"
        assert headers["X-RateLimit-Remaining"] == str(MESSAGE_WRITES.limit - 1 - n)
        assert float(headers["X-RateLimit-Reset-After"]) == MESSAGE_WRITES.per
        assert float(headers["X-RateLimit-Reset"]) > 1e9  # epoch seconds
        assert headers["X-RateLimit-Bucket"] and headers["X-RateLimit-Scope"] == "user"

    status, headers, body = await write(http, CHANNEL_ID, 5)
    assert status == 429
    assert body == {
        "message": "You are being rate limited.",
        "retry_after": MESSAGE_WRITES.per,
        "global": False,
    }
    assert headers["X-RateLimit-Remaining"] == "0" and headers["Retry-After"] == "5"
    assert headers["Via"], "discord.py takes a 429 without Via for a Cloudflare ban"
    assert len(fake.by_channel[CHANNEL_ID]) == 5, "the refused message was not posted"
    assert fake.limits.refused == {"POST channels/messages": 1}


async def test_edits_and_deletes_count_in_the_channel_bucket_and_each_channel_has_its_own(
    fake, http
):
    fake.limits.clock = Held()
    for n in range(MESSAGE_WRITES.limit - 1):
        await write(http, CHANNEL_ID, n)
    first, second = fake.by_channel[CHANNEL_ID][:2]
    status, _, _ = await send(
        http, "PATCH", f"channels/{CHANNEL_ID}/messages/{first}", {"content": "x"}
    )
    assert status == 200 and fake.messages[first]["content"] == "x"
    status, _, _ = await send(http, "DELETE", f"channels/{CHANNEL_ID}/messages/{second}", {})
    assert status == 429 and second in fake.messages, "refused: nothing deleted"

    assert (await write(http, CHANNEL_ID + 1, "elsewhere"))[0] == 200
    assert fake.limits.refused == {"DELETE channels/messages": 1}


async def test_a_bucket_refills_when_its_window_closes(fake, http):
    clock = fake.limits.clock = Held()
    for n in range(MESSAGE_WRITES.limit + 1):
        await write(http, CHANNEL_ID, n)
    assert fake.limits.total_refused == 1
    clock.at += MESSAGE_WRITES.per
    status, headers, _ = await write(http, CHANNEL_ID, "later")
    assert status == 200 and headers["X-RateLimit-Remaining"] == "4"


async def test_an_interaction_token_takes_five_requests_in_two_seconds(fake, http):
    clock = fake.limits.clock = Held()
    click = clicked(fake)
    status, _, _ = await send(
        http, "POST", f"interactions/{click.id}/{click.token}/callback", {"type": 5}
    )
    assert status == 200
    followups = [
        (await send(http, "POST", f"webhooks/1/{click.token}", {"content": str(n)}))[0]
        for n in range(INTERACTION.limit)
    ]
    assert followups == [200, 200, 200, 200, 429], "the callback counts in the token's bucket"
    assert fake.limits.refused == {"POST webhooks": 1}
    assert fake.limits.refusals[0].retry_after == INTERACTION.per

    other = clicked(fake)  # another click's token is another bucket
    assert (await send(http, "POST", f"webhooks/1/{other.token}", {"content": "x"}))[0] == 200
    clock.at += INTERACTION.per
    assert (await send(http, "POST", f"webhooks/1/{click.token}", {"content": "x"}))[0] == 200


async def test_the_global_limit_counts_every_route_but_interaction_endpoints(fake, http):
    fake.limits.clock = Held()
    statuses = []
    for n in range(GLOBAL_PER_S):  # five writes in each of ten channels
        statuses.append((await write(http, CHANNEL_ID + n // MESSAGE_WRITES.limit, n))[0])
    assert statuses == [200] * GLOBAL_PER_S

    status, headers, body = await write(http, CHANNEL_ID + 11, "one too many")
    assert status == 429 and body["global"] is True
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert CHANNEL_ID + 11 not in fake.by_channel

    click = clicked(fake)  # a click is still answered, and its followups still go out
    callback = f"interactions/{click.id}/{click.token}/callback"
    assert (await send(http, "POST", callback, {"type": 5}))[0] == 200
    assert (await send(http, "POST", f"webhooks/1/{click.token}", {"content": "x"}))[0] == 200
    assert fake.limits.refused == {"POST channels/messages": 1}


async def test_switched_off_nothing_is_refused_and_no_limit_is_announced():
    fake = FakeDiscord(rate_limits=False)
    await fake.start()
    try:
        async with aiohttp.ClientSession(f"{fake.base}/api/v10/") as session:
            for n in range(MESSAGE_WRITES.limit + 3):
                status, headers, _ = await write(session, CHANNEL_ID, n)
                assert status == 200 and "X-RateLimit-Remaining" not in headers
        assert fake.limits.total_refused == 0
    finally:
        await fake.stop()


@pytest.fixture
async def client(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[HTTPClient]:
    """discord.py's own HTTP client, as the bot runs it, pointed at the fake."""
    monkeypatch.setattr(Route, "BASE", f"{fake.base}/api/v10")
    http = HTTPClient(asyncio.get_running_loop())
    await http.static_login(TOKEN)
    yield http
    await http.close()


def text(content: str) -> MultipartParameters:
    return handle_message_parameters(content=content)


async def test_discord_py_waits_for_a_channel_bucket_instead_of_being_refused(fake, client):
    for n in range(MESSAGE_WRITES.limit + 2):
        await client.send_message(CHANNEL_ID, params=text(str(n)))
    assert len(fake.by_channel[CHANNEL_ID]) == 7
    assert fake.limits.total_refused == 0
    # It read the headers and slept: the sixth came after the first five's window.
    first, sixth = (fake.history[m][0].at for m in fake.by_channel[CHANNEL_ID][0:6:5])
    assert sixth - first >= MESSAGE_WRITES.per


async def test_discord_py_retries_a_429_it_could_not_foresee(fake, http, client):
    clock = fake.limits.clock = Held()
    message = await client.send_message(CHANNEL_ID, params=text("board"))
    for n in range(MESSAGE_WRITES.limit - 1):  # another writer fills the channel's bucket
        await write(http, CHANNEL_ID, n)
    clock.at += MESSAGE_WRITES.per - 1.0  # one second before the window closes
    edit = asyncio.ensure_future(client.edit_message(CHANNEL_ID, message["id"], params=text("x")))
    while not fake.limits.total_refused and not edit.done():
        await asyncio.sleep(0.001)
    clock.run_from(clock.at + 1.0)  # the window closes while discord.py waits retry_after
    edited = await edit
    assert edited["content"] == "x"
    assert fake.limits.refused == {"PATCH channels/messages": 1}
    assert fake.limits.refusals[0].retry_after == 1.0
