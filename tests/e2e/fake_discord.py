"""A fake of Discord's HTTP API and gateway on 127.0.0.1, enough for the real bot process:
login, command sync, guilds with channels, slash commands and button clicks as
INTERACTION_CREATE events, messages, interaction responses and followups. Sharded like
Discord: each gateway connection identifies as one shard of a count, and gets the guilds
(and their events) of that shard, ``(guild_id >> 22) % count``.

Every JSON body the bot sends is checked against Discord's limits (tests/limits.py), and
every request meets Discord's rate limits (`RateLimits`, on unless switched off): each response
carries the ``X-RateLimit-*`` headers, and a request over its bucket is answered 429.
Gotchas honoured: `Content-Type: application/json` exactly, HELLO first, a loopback
`resume_gateway_url` in READY, and a `Via` header (discord.py takes a 429 without one for a
Cloudflare ban and gives up).

What the players see is kept with the time it became visible: `writes` lists every message
the bot created or changed, each with the interaction whose handling sent it (the bot process
tags its requests with ``X-Fake-Cause`` when started with `process.start_bot(trace=True)`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web
from simcord.components import walk_components

from tests.limits import body_problems

APP_ID = 900000000000000001
BOT_ID = APP_ID
GUILD_ID = 900000000000000010
CHANNEL_ID = 900000000000000020
TOKEN = "ZmFrZQ.fake.token"  # never a real token; the fake accepts only this one

EPHEMERAL = 64


COMPONENTS_V2 = 1 << 15
LAYOUT_TYPES = {9, 10, 11, 12, 13, 14, 17}
"""Section, text display, thumbnail, media gallery, file, separator, container."""
CONTAINER_CHILDREN = {1, 9, 10, 12, 13, 14}


class Invalid(Exception):
    """A body Discord answers with 400 Invalid Form Body (code 50035)."""


def check_layout(body: dict[str, Any], flags: int) -> None:
    """Discord's rules for layout components (Components V2): with the flag, no content and
    no embeds, at least one component, at most 40 in all (nested ones counted) and 4,000
    characters of text displays; sections hold 1–3 text displays and a button or thumbnail
    beside them; containers hold rows, sections, texts, galleries, files and separators;
    without the flag, none of them."""
    top = body.get("components") or []
    every = list(walk_components(top))
    layout = [c for c in every if c.get("type") in LAYOUT_TYPES]
    if not flags & COMPONENTS_V2:
        if layout:
            raise Invalid("layout components need the IS_COMPONENTS_V2 flag")
        return
    if body.get("content") or body.get("embeds"):
        raise Invalid("a layout message has no content and no embeds")
    if "components" in body and not top:
        raise Invalid("a layout message needs a component")
    if len(every) > 40:
        raise Invalid(f"{len(every)} components: at most 40")
    if sum(len(c.get("content") or "") for c in every if c.get("type") == 10) > 4000:
        raise Invalid("text displays: at most 4000 characters in all")
    for c in every:
        kind = c.get("type")
        if kind == 9:
            texts = c.get("components") or []
            if not 1 <= len(texts) <= 3 or any(x.get("type") != 10 for x in texts):
                raise Invalid("a section holds 1 to 3 text displays")
            if (c.get("accessory") or {}).get("type") not in (2, 11):
                raise Invalid("a section needs a button or a thumbnail beside it")
        elif kind == 17:
            if any(x.get("type") not in CONTAINER_CHILDREN for x in c.get("components") or []):
                raise Invalid("a container cannot hold that component")
        elif kind == 12 and not 1 <= len(c.get("items") or []) <= 10:
            raise Invalid("a media gallery holds 1 to 10 items")
        elif kind == 10 and not c.get("content"):
            raise Invalid("an empty text display")


def _kind(method: str, path: str) -> str:
    """A request's kind, e.g. ``PATCH channels/messages`` or ``POST interactions/callback``."""
    parts = [p for p in path.strip("/").split("/") if not p.isdigit() and not p.startswith("tok")]
    return f"{method} {parts[0]}/{parts[-1]}" if len(parts) > 1 else f"{method} {parts[0]}"


def now() -> str:
    return datetime.now(UTC).isoformat()


# --- Discord's rate limits ---------------------------------------------------------------------


@dataclass(frozen=True)
class Bucket:
    """One of Discord's rate-limit buckets: `limit` requests per `per` seconds, counted apart for
    each value of its major parameter (a channel, an interaction token). `name` is sent as
    ``X-RateLimit-Bucket``, the hash discord.py keys its buckets by."""

    name: str
    limit: int
    per: float


MESSAGE_WRITES = Bucket("messages", 5, 5.0)
"""Creating, editing and deleting messages, per channel (a thread is a channel)."""
INTERACTION = Bucket("interaction", 5, 2.0)
"""An interaction's callback, followups and edits of its messages, per interaction token."""
ANY_ROUTE = Bucket("route", 50, 1.0)
"""Every other route, per route and major parameter: never tighter than the global limit."""
GLOBAL_PER_S = 50
"""Requests a bot may make per second, over all routes but the interaction endpoints."""


@dataclass
class Window:
    remaining: int
    resets_at: float


@dataclass(frozen=True)
class TooMany:
    """One 429 answered: when, to which request, the scope and how long to wait."""

    at: float
    kind: str
    scope: str
    retry_after: float


class RateLimits:
    """Discord's buckets, enforced as Discord does: a fixed window opens with a bucket's first
    request and refills `per` seconds later; the request over `limit` is answered 429 with
    ``retry_after``, and changes nothing. `enabled` False: no headers and no 429 (discord.py
    then sends one request per route at a time and never sleeps), for a side-by-side run.

    `refused` counts the 429s by request kind (``PATCH channels/messages``), `refusals` lists
    them. `clock` (seconds) times the windows; a test may hold it still."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.clock: Callable[[], float] = time.perf_counter
        self.windows: dict[tuple[str, str], Window] = {}
        self.global_window = Window(GLOBAL_PER_S, 0.0)
        self.refused: Counter[str] = Counter()
        self.refusals: list[TooMany] = []

    @property
    def total_refused(self) -> int:
        return sum(self.refused.values())

    @staticmethod
    def bucket(method: str, parts: list[str]) -> tuple[Bucket, str, bool]:
        """A request's bucket, its major parameter, and whether the global limit applies
        (interaction endpoints are not under it)."""
        if parts[0] == "channels" and len(parts) > 2 and parts[2] == "messages":
            create = len(parts) == 3 and method == "POST"
            change = len(parts) == 4 and method in ("PATCH", "DELETE")
            if create or change:
                return MESSAGE_WRITES, parts[1], True
        if parts[0] in ("interactions", "webhooks") and len(parts) >= 3:
            return INTERACTION, parts[2], False
        route = "/".join(":id" if p.isdigit() else p for p in parts)
        major = next((p for p in parts if p.isdigit()), "")
        return ANY_ROUTE, f"{method} {route} {major}", True

    def take(self, method: str, parts: list[str], kind: str) -> tuple[dict[str, str], float]:
        """Count one request: the headers to answer with and, if it is over a limit, the
        seconds to retry after (0: it may go ahead)."""
        if not self.enabled:
            return {}, 0.0
        clock = self.clock()
        bucket, major, under_global = self.bucket(method, parts)
        if under_global:
            if clock >= self.global_window.resets_at:
                self.global_window = Window(GLOBAL_PER_S, clock + 1.0)
            if self.global_window.remaining <= 0:
                wait = self.global_window.resets_at - clock
                return self._refuse(kind, "global", wait, {"X-RateLimit-Global": "true"})
        window = self.windows.get((bucket.name, major))
        if window is None or clock >= window.resets_at:
            window = self.windows[(bucket.name, major)] = Window(bucket.limit, clock + bucket.per)
        after = window.resets_at - clock
        headers = {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{_up(after):.3f}",
            "X-RateLimit-Bucket": bucket.name,
            "X-RateLimit-Scope": "user",
        }
        if window.remaining <= 0:
            return self._refuse(kind, "user", after, {**headers, "X-RateLimit-Remaining": "0"})
        window.remaining -= 1
        if under_global:
            self.global_window.remaining -= 1
        return {**headers, "X-RateLimit-Remaining": str(window.remaining)}, 0.0

    def _refuse(
        self, kind: str, scope: str, wait: float, headers: dict[str, str]
    ) -> tuple[dict[str, str], float]:
        wait = max(_up(wait), 0.001)
        self.refused[kind] += 1
        self.refusals.append(TooMany(self.clock(), kind, scope, wait))
        return {**headers, "X-RateLimit-Scope": scope, "Retry-After": str(math.ceil(wait))}, wait


def _up(seconds: float) -> float:
    """Seconds rounded up to the millisecond, as Discord sends them: a client that sleeps
    that long finds its bucket refilled."""
    return math.ceil(seconds * 1000) / 1000


def user(uid: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(uid),
        "username": name,
        "discriminator": "0",
        "global_name": name,
        "avatar": None,
        "bot": bot,
    }


BOT_USER = user(BOT_ID, "Fleet", bot=True)


@dataclass
class Interaction:
    id: int
    token: str
    message_id: int | None
    channel_id: int
    user_id: int = 0
    custom_id: str = ""
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    original_id: int | None = None
    followups: list[int] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    followed: asyncio.Event = field(default_factory=asyncio.Event)
    """Set by the first followup or edit of the original response (after a deferral)."""
    posted: asyncio.Event = field(default_factory=asyncio.Event)
    """Set by the first followup message."""
    sent_at: float = 0.0
    answered_at: float = 0.0
    followed_at: float = 0.0
    refused_callbacks: int = 0
    """Callbacks after the first one: Discord refuses them (40060)."""


@dataclass(frozen=True)
class Write:
    """A message the bot created or changed, at the moment it became visible: `cause` is the
    interaction whose handling sent it (None: a deadline, a start-up, or an untraced bot)."""

    at: float
    message_id: int
    channel_id: int
    cause: int | None
    created: bool
    reader: int | None
    """The one user who sees it (an ephemeral message); None: everyone in the channel."""
    pings: bool
    """It mentions someone (a turn notice, the final scores)."""


def guild_ids(count: int) -> list[int]:
    """`count` guild ids, GUILD_ID first; with n shards, n consecutive ids fall on n different
    shards."""
    return [GUILD_ID + (k << 22) for k in range(count)]


def shard_of(guild_id: int, count: int) -> int:
    return (guild_id >> 22) % count


def text_channel(cid: int, name: str, position: int, guild: int = GUILD_ID) -> dict[str, Any]:
    return {
        "id": str(cid),
        "type": 0,
        "guild_id": str(guild),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "rate_limit_per_user": 0,
        "last_message_id": None,
        "flags": 0,
    }


class FakeDiscord:
    """`channels`: how many text channels there are (ids CHANNEL_ID, CHANNEL_ID + 1, ...), dealt
    in turn to `guilds` guilds (`guild_ids`). `shard_count`: the shards the bot must connect
    as. `record`: keep every request and write (tests); off for long benchmark runs.
    `rate_limits`: enforce Discord's (see `RateLimits`)."""

    def __init__(
        self,
        channels: int = 1,
        record: bool = True,
        guilds: int = 1,
        shard_count: int = 1,
        rate_limits: bool = True,
    ) -> None:
        self._ids = itertools.count(900000000000001000)
        self.messages: dict[int, dict[str, Any]] = {}
        self.by_channel: dict[int, list[int]] = {}
        self.guilds = guild_ids(guilds)
        self.shard_count = shard_count
        self.channels: dict[int, dict[str, Any]] = {
            CHANNEL_ID + i: text_channel(
                CHANNEL_ID + i, f"games-{i}" if i else "games", i, self.guilds[i % guilds]
            )
            for i in range(channels)
        }
        self.record = record
        self.request_count = 0
        self.request_kinds: Counter[str] = Counter()
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.interactions: dict[str, Interaction] = {}
        self.requests: list[tuple[str, str, Any]] = []
        self.problems: list[str] = []
        self.unhandled: list[str] = []
        self.section_clicks = 0
        """Clicks on a button beside a section's text (a layout prompt's choice)."""
        self.invalid: list[str] = []
        """Bodies refused with 400 Invalid Form Body, and why."""
        self.app_emojis: dict[int, dict[str, Any]] = {}
        """The application's emojis, by id (uploaded by `python -m bot sync`)."""
        self.files = 0
        """Files uploaded with messages (pictures)."""
        self.file_bytes = 0
        self.limits = RateLimits(rate_limits)
        """Discord's rate limits: `limits.enabled` switches them, `limits.refused` counts the
        429s by request kind."""
        self.writes: list[Write] = []
        """Every message created or changed, in order (kept while `record`)."""
        self.history: dict[int, list[Write]] = {}
        """Each message's writes (kept while `record`)."""
        self.audience: dict[int, int] = {}
        """The one user who sees an ephemeral message."""
        self.by_id: dict[int, Interaction] = {}
        self.thread_of: dict[int, int] = {}
        """The thread opened from a message."""
        self._written = asyncio.Event()
        self.connections: dict[int, web.WebSocketResponse] = {}
        """Each shard's gateway connection."""
        self._seq: dict[int, int] = {}
        self.ready = asyncio.Event()
        """Set while every shard is connected and identified."""
        self.shard_ready = {i: asyncio.Event() for i in range(shard_count)}
        self.identifies = 0
        self.port = 0
        self._runner: web.AppRunner | None = None

    # --- server ------------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._api)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in list(self.connections.values()):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def reshard(self, count: int) -> None:
        """From now on, expect bots to connect as `count` shards (between benchmark runs). The
        last run's connections are forgotten: they are closing, and events must not go there."""
        self.connections.clear()
        self.shard_count = count
        self.shard_ready = {i: asyncio.Event() for i in range(count)}
        self.ready.clear()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def next_id(self) -> int:
        return next(self._ids)

    @staticmethod
    def json(data: Any, status: int = 200) -> web.Response:
        return web.Response(status=status, body=json.dumps(data), content_type="application/json")

    async def written(self, timeout: float) -> None:
        """Wait until the bot creates or changes a message, at most `timeout` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._written.wait(), timeout)

    def _wrote(self, message_id: int, cause: int | None, created: bool = False) -> None:
        if self.record:
            message = self.messages[message_id]
            write = Write(
                time.perf_counter(),
                message_id,
                int(message["channel_id"]),
                cause,
                created,
                self.audience.get(message_id),
                "<@" in (message.get("content") or ""),
            )
            self.writes.append(write)
            self.history.setdefault(message_id, []).append(write)
        self._written.set()
        self._written = asyncio.Event()

    # --- gateway -----------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        shard = None
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            if data["op"] == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif data["op"] == 2:
                shard, count = data["d"].get("shard") or [0, 1]
                if count != self.shard_count or not 0 <= shard < count:
                    self.problems.append(f"IDENTIFY as shard {shard} of {count}")
                    await ws.close(code=4010)  # Discord's "invalid shard"
                    break
                self.identifies += 1
                self.connections[shard] = ws
                self._seq[shard] = 0
                await self._identified(shard)
            elif data["op"] == 6:  # RESUME: make it identify afresh
                await ws.send_str(json.dumps({"op": 9, "d": False}))
        if shard is not None and self.connections.get(shard) is ws:
            del self.connections[shard]
            self.shard_ready[shard].clear()
            self.ready.clear()
        return ws

    def guilds_of(self, shard: int) -> list[int]:
        return [g for g in self.guilds if shard_of(g, self.shard_count) == shard]

    async def _identified(self, shard: int) -> None:
        guilds = self.guilds_of(shard)
        await self.dispatch(
            "READY",
            {
                "v": 10,
                "user": BOT_USER,
                "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                "session_id": f"fake-session-{shard}",
                "shard": [shard, self.shard_count],
                "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                "application": {"id": str(APP_ID), "flags": 0},
            },
            shard,
        )
        for guild in guilds:
            await self.dispatch("GUILD_CREATE", self._guild(guild), shard)
        self.shard_ready[shard].set()
        if len(self.connections) == self.shard_count:
            self.ready.set()

    def _guild(self, guild: int) -> dict[str, Any]:
        mine = [c for c in self.channels.values() if c["guild_id"] == str(guild)]
        return {
            "id": str(guild),
            "name": "Fake guild",
            "icon": None,
            "owner_id": "1",
            "roles": [
                {
                    "id": str(guild),
                    "name": "@everyone",
                    "permissions": "2147483647",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "channels": [c for c in mine if c["type"] != 11],
            "threads": [c for c in mine if c["type"] == 11],
            "members": [],
            "member_count": 2,
            "emojis": [],
            "stickers": [],
            "features": [],
            "large": False,
            "unavailable": False,
            "joined_at": now(),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "system_channel_flags": 0,
        }

    async def dispatch(self, event: str, data: dict[str, Any], shard: int = 0) -> None:
        ws = self.connections.get(shard)
        assert ws is not None, f"the bot is not connected on shard {shard}"
        self._seq[shard] += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq[shard], "d": data}))

    # --- HTTP API ----------------------------------------------------------------------------

    async def _api(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["path"]
        # Interaction callbacks and webhooks are authorised by their token, not the bot's.
        token_routes = path.startswith(("/interactions/", "/webhooks/"))
        if not token_routes and request.headers.get("Authorization") != f"Bot {TOKEN}":
            return self.json({"message": "401: Unauthorized", "code": 0}, 401)
        form = None
        if request.content_type.startswith("multipart/"):
            # A message with files: its JSON travels as the payload_json part.
            form = await request.post()
            payload = form.get("payload_json")
            body = json.loads(payload) if isinstance(payload, str) else None
        else:
            body = await request.json() if request.can_read_body else None
        method, kind = request.method, _kind(request.method, path)
        self.request_count += 1
        self.request_kinds[kind] += 1
        if self.record:
            self.requests.append((method, path, body))
        parts = path.strip("/").split("/")
        headers, retry_after = self.limits.take(method, parts, kind)
        headers["Via"] = "1.1 google"  # as Discord's: discord.py trusts no 429 without it
        if retry_after:
            refusal = {"message": "You are being rate limited.", "retry_after": retry_after}
            answer = self.json({**refusal, "global": "X-RateLimit-Global" in headers}, 429)
            answer.headers.update(headers)
            return answer
        if form is not None:
            for key, value in form.items():
                if key.startswith("files[") and isinstance(value, web.FileField):
                    self.files += 1
                    self.file_bytes += len(value.file.read())
        if isinstance(body, dict):
            self.problems += body_problems(body, f"{method} {path}")
        cause = request.headers.get("X-Fake-Cause")
        try:
            if (
                method == "GET"
                and len(parts) == 3
                and parts[0] == "channels"
                and parts[2] == "messages"
            ):
                answer = self._history(int(parts[1]), request.query)
            else:
                answer = await self._route(method, parts, body or {}, int(cause) if cause else None)
        except KeyError:
            self.unhandled.append(f"{method} {path}")
            answer = self.json({"message": "Unknown", "code": 10003}, 404)
        except Invalid as exc:
            self.invalid.append(f"{method} {path}: {exc}")
            answer = self.json({"message": f"Invalid Form Body: {exc}", "code": 50035}, 400)
        answer.headers.update(headers)
        return answer

    def _history(self, channel_id: int, query: Any) -> web.Response:
        """A channel's messages, newest first, as Discord pages them (`limit`, `before`,
        `after`); ephemeral messages are no one's history."""
        if channel_id not in self.channels:
            raise KeyError(channel_id)
        limit = min(int(query.get("limit", 50)), 100)
        before = int(query["before"]) if "before" in query else None
        after = int(query["after"]) if "after" in query else None
        found = [
            self.messages[mid]
            for mid in reversed(self.by_channel.get(channel_id, []))
            if mid in self.messages
            and mid not in self.audience
            and (before is None or mid < before)
            and (after is None or mid > after)
        ]
        return self.json(found[:limit])

    async def _route(
        self, method: str, p: list[str], body: dict[str, Any], cause: int | None
    ) -> web.Response:
        if p == ["users", "@me"]:
            return self.json(BOT_USER)
        if p == ["gateway", "bot"]:
            return self.json(
                {
                    "url": f"ws://127.0.0.1:{self.port}/gateway",
                    "shards": self.shard_count,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 1000,
                        "reset_after": 0,
                        "max_concurrency": 1,
                    },
                }
            )
        if p == ["oauth2", "applications", "@me"]:
            return self.json(
                {
                    "id": str(APP_ID),
                    "name": "Fleet",
                    "description": "",
                    "icon": None,
                    "bot_public": True,
                    "bot_require_code_grant": False,
                    "owner": user(1, "owner"),
                    "verify_key": "00",
                    "flags": 0,
                    "team": None,
                    "rpc_origins": [],
                }
            )
        if p[0] == "applications" and len(p) >= 3 and p[2] == "emojis":
            return self._emojis(method, p, body)
        if p[0] == "applications" and p[-1] == "commands":
            key = "/".join(p)
            if method == "PUT":
                self.commands[key] = [
                    {**c, "id": str(self.next_id()), "application_id": str(APP_ID), "version": "1"}
                    for c in body
                ]  # type: ignore[union-attr]
            return self.json(self.commands.get(key, []))
        if p[0] == "channels" and len(p) == 3 and p[2] == "messages" and method == "POST":
            flags = int(body.get("flags") or 0)
            return self.json(self._message(int(p[1]), body, cause, flags))
        if p[0] == "channels" and len(p) == 4 and p[2] == "messages":
            return self._change(method, int(p[3]), body, cause)
        if p[0] == "channels" and p[-1] == "threads" and method == "POST":
            thread = self._thread(int(p[1]), body)
            if len(p) == 5:  # opened from a message
                self.thread_of[int(p[3])] = int(thread["id"])
            return self.json(thread)
        if p[0] == "channels" and len(p) == 4 and p[2] == "thread-members":
            return web.Response(status=204)
        if p[0] == "channels" and len(p) == 2:
            return self.json(self.channels[int(p[1])])
        if p[0] == "interactions" and p[-1] == "callback":
            return self._callback(p[1], p[2], body, cause)
        if p[0] == "webhooks" and len(p) == 3 and method == "POST":
            inter = self._by_token(p[2])
            message = self._message(
                self._channel_of(inter), body, cause, body.get("flags", 0), inter.user_id
            )
            inter.followups.append(int(message["id"]))
            inter.posted.set()
            self._followed(inter)
            return self.json(message)
        if p[0] == "webhooks" and len(p) == 5 and p[3] == "messages":
            # The original response (``@original``) or a followup, through the token.
            inter = self._by_token(p[2])
            target = inter.original_id or inter.message_id if p[4] == "@original" else int(p[4])
            assert target is not None
            if p[4] == "@original" and method == "PATCH":
                self._followed(inter)
            return self._change(method, target, body, cause)
        raise KeyError(method)

    def _emojis(self, method: str, p: list[str], body: dict[str, Any]) -> web.Response:
        """The application's emojis: list them, upload one (a name not taken), read one."""
        if method == "GET" and len(p) == 3:
            return self.json({"items": list(self.app_emojis.values())})
        if method == "POST" and len(p) == 3:
            name = str(body.get("name") or "")
            image = str(body.get("image") or "")
            if not (2 <= len(name) <= 32 and image.startswith("data:image/")):
                raise Invalid("an emoji needs a name of 2–32 characters and an image")
            if any(e["name"] == name for e in self.app_emojis.values()):
                raise Invalid(f"an emoji named {name} exists")
            eid = self.next_id()
            self.app_emojis[eid] = {
                "id": str(eid),
                "name": name,
                "roles": [],
                "user": user(1, "owner"),
                "require_colons": True,
                "managed": False,
                "animated": False,
                "available": True,
            }
            return self.json(self.app_emojis[eid])
        if method == "GET" and len(p) == 4:
            return self.json(self.app_emojis[int(p[3])])
        raise KeyError(method)

    def _change(
        self, method: str, message_id: int, body: dict[str, Any], cause: int | None
    ) -> web.Response:
        """Read, edit or delete one message."""
        if method == "DELETE":
            self.messages.pop(message_id)
            self._written.set()
            self._written = asyncio.Event()
            return web.Response(status=204)
        message = self.messages[message_id]
        if method == "PATCH":
            message.update(self._edited(message, body), edited_timestamp=now())
            self._wrote(message_id, cause)
        return self.json(message)

    def _thread(self, parent: int, body: dict[str, Any]) -> dict[str, Any]:
        """A thread under `parent` (from a message or not), as Discord returns it."""
        if parent not in self.channels:
            raise KeyError(parent)
        tid = self.next_id()
        thread = {
            **self.channels[parent],
            "id": str(tid),
            "type": 11,
            "name": body.get("name", "thread"),
            "parent_id": str(parent),
            "owner_id": BOT_USER["id"],
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": now(),
                "locked": False,
            },
            "message_count": 0,
            "member_count": 1,
        }
        self.channels[tid] = thread
        return thread

    def _fields(self, body: dict[str, Any]) -> dict[str, Any]:
        return {k: body[k] for k in ("content", "embeds", "components") if k in body}

    def _edited(self, message: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        """An edit's fields, checked as Discord checks them: a message keeps the layout flag
        once it has it (an edit may add it, never remove it), and the message as edited
        must be a valid one."""
        flags = int(message.get("flags") or 0) | (int(body.get("flags") or 0) & COMPONENTS_V2)
        fields = self._fields(body)
        check_layout({**{k: message.get(k) for k in ("content", "embeds")}, **fields}, flags)
        return {**fields, "flags": flags}

    def _message(
        self,
        channel_id: int,
        body: dict[str, Any],
        cause: int | None,
        flags: int = 0,
        reader: int = 0,
    ) -> dict[str, Any]:
        """A new message; with the ephemeral flag only `reader` sees it."""
        if channel_id not in self.channels:
            raise KeyError(channel_id)
        check_layout(body, flags)
        mid = self.next_id()
        message = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "guild_id": self.channels[channel_id]["guild_id"],
            "author": BOT_USER,
            "content": body.get("content") or "",
            "timestamp": now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": flags,
        }
        self.messages[mid] = message
        self.by_channel.setdefault(channel_id, []).append(mid)
        if flags & EPHEMERAL:
            self.audience[mid] = reader
        self._wrote(mid, cause, created=True)
        return message

    def _callback(
        self, iid: str, token: str, body: dict[str, Any], cause: int | None
    ) -> web.Response:
        inter = self.interactions[token]
        if inter.answered.is_set():
            inter.refused_callbacks += 1
            return self.json(
                {"message": "Interaction has already been acknowledged.", "code": 40060}, 400
            )
        inter.callbacks.append(body)
        kind, data = body["type"], body.get("data") or {}
        message: dict[str, Any] | None = None
        if kind in (4, 5):
            shown = data if kind == 4 else {"content": ""}
            flags = data.get("flags") or 0
            message = self._message(self._channel_of(inter), shown, cause, flags, inter.user_id)
            inter.original_id = int(message["id"])
        elif kind == 7:
            assert inter.message_id is not None
            target = self.messages[inter.message_id]
            target.update(self._edited(target, data))
            message = self.messages[inter.message_id]
            self._wrote(inter.message_id, cause)
        inter.answered_at = time.perf_counter()
        inter.answered.set()
        # discord.py asks for the callback's result (with_response=true).
        result: dict[str, Any] = {
            "interaction": {
                "id": iid,
                "type": 2,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL),
            }
        }
        if message is not None:
            result["interaction"]["response_message_id"] = message["id"]
            result["resource"] = {"type": kind, "message": message}
        return self.json(result)

    def _by_token(self, token: str) -> Interaction:
        return self.interactions[token]

    @staticmethod
    def _followed(inter: Interaction) -> None:
        if not inter.followed.is_set():
            inter.followed_at = time.perf_counter()
            inter.followed.set()

    def _channel_of(self, inter: Interaction) -> int:
        return inter.channel_id

    # --- acting as players ---------------------------------------------------------------------

    async def interact(
        self,
        kind: int,
        who: dict[str, Any],
        data: dict[str, Any],
        message_id: int | None = None,
        channel_id: int = CHANNEL_ID,
        timeout: float | None = 3,
    ) -> Interaction:
        """Send one interaction and wait for its first response: at most `timeout` seconds
        (Discord's 3-second rule) or, with None, not at all."""
        iid = self.next_id()
        token = f"tok{iid}"
        inter = Interaction(
            iid, token, message_id, channel_id, int(who["id"]), data.get("custom_id", "")
        )
        self.interactions[token] = inter
        self.by_id[iid] = inter
        guild = self.channels[channel_id]["guild_id"]
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": guild,
            "channel_id": str(channel_id),
            "channel": self.channels[channel_id],
            "member": {
                "user": who,
                "roles": [],
                "joined_at": now(),
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": "2147483647",
            },
            "app_permissions": "2147483647",
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": guild},
            "context": 0,
            "data": data,
            "attachment_size_limit": 10485760,
        }
        if message_id is not None:
            payload["message"] = self.messages[message_id]
        inter.sent_at = time.perf_counter()
        await self.dispatch("INTERACTION_CREATE", payload, shard_of(int(guild), self.shard_count))
        if timeout is not None:
            await asyncio.wait_for(inter.answered.wait(), timeout=timeout)
        return inter

    async def slash(
        self,
        who: dict[str, Any],
        command: str,
        channel_id: int = CHANNEL_ID,
        timeout: float | None = 3,
        **options: Any,
    ) -> Interaction:
        """A slash command as typed: ``"table solo"`` (a group's subcommand) or ``"stats"``."""
        name, _, sub = command.partition(" ")
        # The command as synced, to any guild (the bot resolves it by name).
        synced = [c for listed in self.commands.values() for c in listed]
        found = next(c for c in synced if c["name"] == name)
        opts = [
            {
                "name": k,
                "type": 5 if isinstance(v, bool) else 4 if isinstance(v, int) else 3,
                "value": v,
            }
            for k, v in options.items()
        ]
        if sub:
            opts = [{"type": 1, "name": sub, "options": opts}]
        data = {"id": found["id"], "name": name, "type": 1, "options": opts}
        return await self.interact(2, who, data, channel_id=channel_id, timeout=timeout)

    async def click(
        self,
        who: dict[str, Any],
        message_id: int,
        custom_id: str,
        values: list[str] | None = None,
        timeout: float | None = 3,
    ) -> Interaction:
        """Press a button, or pick `values` in a select menu."""
        message = self.messages[message_id]
        every = list(walk_components(message["components"]))
        ids = [c.get("custom_id") for c in every]
        beside = [c["accessory"].get("custom_id") for c in every if c.get("type") == 9]
        self.section_clicks += custom_id in beside
        assert custom_id in ids, f"{custom_id} is not on message {message_id}"
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        channel_id = int(message["channel_id"])
        return await self.interact(3, who, data, message_id, channel_id, timeout)

    def buttons(self, message_id: int) -> list[str]:
        return [
            c["custom_id"]
            for c in walk_components(self.messages[message_id]["components"])
            if c.get("custom_id")
        ]
