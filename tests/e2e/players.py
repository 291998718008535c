"""Simulated players for the loopback fake: they click only what Discord shows them.

- `Player`: one table's players, one decision after another, as soon as the bot has answered
  (or after a think time). Used by bench/bot.py under load and by the end-to-end tests to play
  games to the end.
- `GameNight`: people at one table in a thread, each in their own time: a player answers when
  their open prompt or a ping shows it is their turn, after a second or two of thought, so the
  players of a simultaneous step answer within 1–2 s of each other. It times what they see.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import statistics
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from simcord.components import walk_components

from .fake_discord import CHANNEL_ID, FakeDiscord, Interaction, Write, user


def acts(custom_id: str) -> bool:
    """The table's Act button: on the board, or on the step message that is the table."""
    return custom_id.startswith("fl1:board:") and custom_id.endswith(":act")


def ends(custom_id: str) -> bool:
    """A button only the final scores have."""
    return custom_id.startswith("fl1:again:")


FINALS_S = 60.0
"""How long a player waits for the final scores once the bot has said the game is over (or no
message shows the Act button): a player who clicks as fast as a bot finishes a solo game long
before the channel, paced by Discord's rate limit, has shown every step."""


RESPONSE_LIMIT = 3.0  # Discord's 3-second rule
FOLLOWUP_LIMIT = 15.0

CHOICES = ("fl1:do:", "fl1:sel:", "fl1:pick:")
"""The components of a prompt that make a move: buttons, a menu, a several-option menu."""
MOVES = (*CHOICES, "fl1:pub:")
"""The components that make a move: a prompt's, or a public one (a die on a roll)."""


@dataclass
class Stats:
    measuring: bool = False
    interactions: int = 0
    response_s: list[float] = field(default_factory=list)
    followup_s: list[float] = field(default_factory=list)
    failed: dict[str, int] = field(default_factory=dict)
    refusals: int = 0
    finished: int = 0
    finished_total: int = 0
    actions_clicked: int = 0

    def fail(self, why: str) -> None:
        self.failed[why] = self.failed.get(why, 0) + 1


def spread(seconds: list[float]) -> dict[str, float | None]:
    """Durations as milliseconds: median, 99th percentile, max."""
    if not seconds:
        return {"p50": None, "p99": None, "max": None}
    ordered = sorted(seconds)
    return {
        "p50": round(statistics.median(ordered) * 1000, 1),
        "p99": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 1),
        "max": round(ordered[-1] * 1000, 1),
    }


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    """A message's buttons and menus, wherever they sit: in a row, or beside a section's text
    in a layout message."""
    return [c for c in walk_components(message.get("components") or []) if c["type"] in (2, 3)]


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for c in components(message) if c.get("custom_id")]


def offers(message: dict[str, Any]) -> bool:
    """Whether a prompt offers a decision (not "nothing to decide for you right now")."""
    return any(c.startswith(CHOICES) for c in custom_ids(message))


def choose(message: dict[str, Any], rng: random.Random) -> tuple[str, list[str] | None] | None:
    """One of a prompt's choices at random: (custom id, the values picked in a menu), None if
    it offers none. A several-option menu is taken half the time when there is anything else."""
    offered = [c for c in components(message) if c.get("custom_id", "").startswith(CHOICES)]
    if not offered:
        return None
    several = [c for c in offered if c["custom_id"].startswith("fl1:pick:")]
    others = [c for c in offered if c not in several]
    chosen = rng.choice(several if several and (not others or rng.random() < 0.5) else others)
    if chosen["type"] != 3:
        return chosen["custom_id"], None
    values = [o["value"] for o in chosen["options"]]
    most = min(chosen.get("max_values", 1), len(values))
    return chosen["custom_id"], rng.sample(values, rng.randint(chosen.get("min_values", 1), most))


async def answered(stats: Stats, inter: Interaction, deferred: bool) -> Interaction | None:
    """Wait for an interaction's response and, if deferred, its followup; count a failure
    (no response within Discord's 3 s, a second response) in `stats`."""
    try:
        await asyncio.wait_for(inter.answered.wait(), RESPONSE_LIMIT)
    except TimeoutError:
        stats.fail("no response within 3 s")
        return None
    measured = stats.measuring
    if measured:
        stats.interactions += 1
        stats.response_s.append(inter.answered_at - inter.sent_at)
    kind = inter.callbacks[0]["type"]
    if deferred or kind in (5, 6):
        try:
            await asyncio.wait_for(inter.followed.wait(), FOLLOWUP_LIMIT)
        except TimeoutError:
            stats.fail("no followup within 15 s")
            return None
        if measured:
            stats.followup_s.append(inter.followed_at - inter.sent_at)
    if inter.refused_callbacks:
        stats.fail("answered twice")
    return inter


def refused(message: dict[str, Any]) -> bool:
    """Whether the bot answered with a sentence alone: a refusal (for a seated player's Act
    button, that the game is over), not a prompt."""
    return bool(message.get("content")) and not message.get("embeds") and not components(message)


def still_on(fake: FakeDiscord, message: dict[str, Any], custom_id: str) -> bool:
    """Whether the message still shows this component (the bot may have removed it since)."""
    current = fake.messages.get(int(message["id"]))
    return current is not None and custom_id in custom_ids(current)


class Player:
    """One table's simulated players, clicking only what Discord shows them."""

    def __init__(
        self,
        fake: FakeDiscord,
        channel: int,
        seats: int,
        stats: Stats,
        rng: random.Random,
        think: float = 0.0,
        game: str = "fleet-dice",
    ) -> None:
        self.fake = fake
        self.think = think
        self.channel = channel
        self.game = game
        base = 10_000_000 + (channel - CHANNEL_ID) * 10
        self.users = [user(base + i, f"p{channel - CHANNEL_ID}-{i}") for i in range(seats)]
        self.stats = stats
        self.rng = rng
        self.before = set(fake.by_channel.get(channel, []))
        """Messages from before these players sat down (another run's tables)."""
        self.over = False
        """The bot said the game being played is over (its table may still lag behind)."""

    def latest(self, marker: str | Callable[[str], bool]) -> dict[str, Any] | None:
        """The newest message in the channel with a button whose custom id has `marker` (or
        passes it)."""
        test = marker if callable(marker) else lambda c: marker in c
        for mid in reversed(self.fake.by_channel.get(self.channel, [])):
            message = self.fake.messages.get(mid)  # None: the bot deleted it
            if message is not None and any(test(c) for c in custom_ids(message)):
                return message
        return None

    async def send(self, coro: Any, deferred: bool) -> Interaction | None:
        """Send one interaction; wait for its response and, if deferred, its followup."""
        return await answered(self.stats, await coro, deferred)

    async def pause(self) -> None:
        """A player's think time before a click."""
        if self.think:
            await asyncio.sleep(self.rng.expovariate(1 / self.think))

    async def slash(self, who: dict[str, Any], sub: str, **options: Any) -> Interaction | None:
        await self.pause()
        coro = self.fake.slash(who, sub, channel_id=self.channel, timeout=None, **options)
        return await self.send(coro, deferred=True)

    async def click(
        self,
        who: dict[str, Any],
        message: dict[str, Any],
        cid: str,
        values: list[str] | None = None,
    ) -> Interaction | None:
        await self.pause()
        if not still_on(self.fake, message, cid):
            return None  # the bot deleted the message or took the button away meanwhile
        coro = self.fake.click(who, int(message["id"]), cid, values, timeout=None)
        return await self.send(coro, deferred=False)

    async def wait_for(self, marker: str, limit: float = 15.0) -> dict[str, Any] | None:
        waited = 0.0
        while waited < limit:
            found = self.latest(marker)
            if found is not None:
                return found
            await asyncio.sleep(0.01)
            waited += 0.01
        self.stats.fail(f"no message with {marker} within {limit:.0f} s")
        return None

    async def open(self) -> bool:
        host = self.users[0]
        if len(self.users) == 1:
            return await self.slash(host, "table solo", game=self.game, here=True) is not None
        if await self.slash(host, "table new", game=self.game, here=True) is None:
            return False
        lobby = await self.wait_for(":lobby:")
        if lobby is None:
            return False
        join = next(c for c in custom_ids(lobby) if c.endswith(":join"))
        for who in self.users[1:]:
            if await self.click(who, lobby, join) is None:
                return False
        start = next(c for c in custom_ids(lobby) if c.endswith(":start"))
        return await self.click(host, lobby, start) is not None

    async def play_game(self, stop: asyncio.Event) -> bool:
        """Open a table and play it to the end; False if stopped or stuck."""
        unfinished = self.latest(acts)
        if unfinished is not None and int(unfinished["id"]) not in self.before:
            # An earlier try opened a table but its answer came too late: play that one.
            return await self.play_on(int(unfinished["id"]), stop)
        before = set(self.fake.by_channel.get(self.channel, []))
        if not await self.open():
            return False
        board_id = await self.new_board(before)
        if board_id is None:
            return False
        return await self.play_on(board_id, stop)

    def table(self, since: int) -> dict[str, Any] | None:
        """The newest message, from `since` on, with the table's Act button."""
        for mid in reversed(self.fake.by_channel.get(self.channel, [])):
            if mid < since:
                return None
            message = self.fake.messages.get(mid)
            if message is not None and any(acts(c) for c in custom_ids(message)):
                return message
        return None

    async def play_on(self, board_id: int, stop: asyncio.Event) -> bool:
        """Play the game shown from this message on (its board, or the first message that is
        the table) to the end; False if stopped or stuck."""
        idle, gone = 0, 0.0
        self.over = False
        while not stop.is_set():
            board = None if self.over else self.table(board_id)
            if board is None:
                # No message shows the table's Act button (or the bot said the game is over):
                # the game is over once its final scores are posted. Until then the table is
                # between two messages, or the scores lag behind the game.
                finals = self.latest(ends)
                if finals is None or int(finals["id"]) < board_id:
                    if gone >= FINALS_S:
                        self.stats.fail(f"no table and no final scores for {FINALS_S:.0f} s")
                        return False
                    await asyncio.sleep(0.02)
                    gone += 0.02
                    continue
                self.before |= set(self.fake.by_channel.get(self.channel, []))
                self.stats.finished += self.stats.measuring
                self.stats.finished_total += 1
                return True
            gone = 0.0
            act = next(c for c in custom_ids(board) if acts(c))
            moved = False
            for who in self.users:
                moved |= await self.decide(who, board, act, stop)
            idle = 0 if moved else idle + 1
            if idle:
                await asyncio.sleep(min(0.002 * idle, 0.05))
            if idle > 500:
                self.stats.fail("game stuck")
                return False
        return False

    async def new_board(self, before: set[int], limit: float = 15.0) -> int | None:
        """The id of the board the bot posts for the table just opened."""
        waited = 0.0
        while waited < limit:
            for mid in reversed(self.fake.by_channel.get(self.channel, [])):
                message = self.fake.messages.get(mid)  # None: the bot deleted it
                if mid not in before and message and any(acts(c) for c in custom_ids(message)):
                    return mid
            await asyncio.sleep(0.01)
            waited += 0.01
        self.stats.fail("no board within 15 s")
        return None

    async def decide(
        self, who: dict[str, Any], board: dict[str, Any], act: str, stop: asyncio.Event
    ) -> bool:
        """Press Act and answer prompts until this player has nothing more to decide."""
        inter = await self.click(who, board, act)
        if inter is None or inter.original_id is None:
            return False
        found = self.fake.messages.get(inter.original_id)
        if found is not None and refused(found):
            self.over = True
            return False
        moved = False
        while not stop.is_set() and found is not None:
            prompt = found
            chosen = choose(prompt, self.rng)
            if chosen is None:
                self.stats.refusals += not moved
                return moved
            roll = self.latest(":pub:")
            picks = [c for c in custom_ids(prompt) if ":pick." in c]
            if picks and roll is not None and self.rng.random() < 0.6:
                wanted = [c for c in custom_ids(roll) if ":pub:" in c]
                done = await self.click(who, roll, self.rng.choice(wanted))
                if done is None:
                    return moved
                if done.callbacks[0]["type"] == 4:
                    # Answered at once: the roll message was older than the prompt (a new
                    # draft's roll not posted yet), and the player was told so.
                    self.stats.refusals += 1
                    return moved
                try:
                    await asyncio.wait_for(done.posted.wait(), FOLLOWUP_LIMIT)
                except TimeoutError:
                    self.stats.fail("no prompt within 15 s after a die")
                    return moved
                found = self.fake.messages.get(done.followups[-1])
            else:
                done = await self.click(who, prompt, *chosen)
                if done is None:
                    return moved
                found = self.fake.messages.get(int(prompt["id"]))
            self.stats.actions_clicked += self.stats.measuring
            moved = True
        return moved

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            if not await self.play_game(stop) and not stop.is_set():
                await asyncio.sleep(0.5)


# --- a game night ------------------------------------------------------------------------------

THINK_S = (0.3, 1.8)
"""Seconds a person takes to answer once they see it is their turn: the players of a
simultaneous step answer within 1.5 s of each other."""
NEXT_S = (0.2, 0.6)
"""Seconds to the next click of the same decision (a die's use, once it is picked)."""
LOST_S = 20.0
"""Seconds a player waits, shown nothing, before pressing the table's Act button themselves
(counted: the bot never showed them their turn)."""
ROLL_PICKS = 0.5
"""How often a player picks a die on the public roll rather than in their prompt."""


def waits_for(content: str | None, name: str) -> bool:
    """Whether a table's status names this player among those it waits for: a line with
    the hourglass (``⏳ bob: pick a die``, ``⏳ bob chooses a port.``, ``⏳ Choosing: ana,
    bob.``)."""
    named = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
    return any(
        line.startswith("⏳") and named.search(line) for line in (content or "").splitlines()
    )


@dataclass
class Sight:
    """What a game night's players saw, and when (seconds, from the fake's clock)."""

    turn_shown_s: list[float] = field(default_factory=list)
    """From the click that made it a player's turn to the write that showed them: their open
    prompt edited to the decision, or a ping."""
    unseen: int = 0
    """Turns a player found only by pressing Act after `LOST_S`."""
    untraced: int = 0
    """Turns shown by a write no interaction caused (a deadline, an untraced bot)."""


@dataclass
class Seat:
    who: dict[str, Any]
    prompt: int | None = None
    """The player's open prompt (an ephemeral message)."""
    idle_since: float | None = 0.0
    """Since when nothing has been shown for them to decide (None: deciding)."""
    notice: int = 0
    """The newest ping they have answered."""

    @property
    def uid(self) -> int:
        return int(self.who["id"])


class GameNight:
    """People playing `game` at a table of their own in a thread of `channel`: `people`
    players, user ids apart from every other table's by `index`."""

    def __init__(
        self,
        fake: FakeDiscord,
        game: str,
        people: int,
        stats: Stats,
        rng: random.Random,
        index: int = 0,
        channel: int = CHANNEL_ID,
        think: tuple[float, float] = THINK_S,
    ) -> None:
        self.fake, self.game, self.stats, self.rng = fake, game, stats, rng
        self.channel, self.think = channel, think
        base = 20_000_000 + index * 10
        self.seats = [Seat(user(base + i, f"t{index}-{i}")) for i in range(people)]
        self.thread = 0
        self.sight = Sight()
        self.clicks: list[Interaction] = []
        self.moves: list[Interaction] = []
        self.started = 0.0

    # --- opening ---------------------------------------------------------------------------------

    async def send(self, coro: Coroutine[Any, Any, Interaction], deferred: bool = False) -> Any:
        inter = await coro
        self.clicks.append(inter)
        return await answered(self.stats, inter, deferred)

    async def click(
        self, seat: Seat, message: dict[str, Any], cid: str, values: list[str] | None = None
    ) -> Interaction | None:
        if not still_on(self.fake, message, cid):
            return None
        coro = self.fake.click(seat.who, int(message["id"]), cid, values, timeout=None)
        inter: Interaction | None = await self.send(coro)
        if inter is not None and cid.startswith(MOVES):
            self.moves.append(inter)
        return inter

    async def open(self) -> bool:
        """`/table new` in the channel, everyone joins the lobby, the host starts; the game is
        played in the thread opened from the lobby."""
        host = self.seats[0]
        opened = self.fake.slash(
            host.who, "table new", channel_id=self.channel, timeout=None, game=self.game
        )
        inter = await self.send(opened, deferred=True)
        if inter is None or not inter.followups:
            return False
        said = self.fake.messages[inter.followups[-1]]["content"]
        found = re.search(r"<#([0-9]+)>", said)
        if found is None:
            self.stats.fail(f"no table opened: {said}")
            return False
        self.thread = int(found[1])
        lobby = next((m for m, t in self.fake.thread_of.items() if t == self.thread), None)
        if lobby is None:
            self.stats.fail("the table's thread was not opened from a lobby message")
            return False
        for seat in self.seats[1:]:
            await self._lobby(seat, lobby, "join")
        self.started = time.perf_counter()
        for seat in self.seats:
            seat.idle_since = self.started
        return await self._lobby(host, lobby, "start")

    async def _lobby(self, seat: Seat, lobby: int, op: str) -> bool:
        for _ in range(100):  # the lobby's buttons come with its first edit
            message = self.fake.messages[lobby]
            cid = next((c for c in custom_ids(message) if c.endswith(f":{op}")), None)
            if cid is not None:
                inter = await self.click(seat, message, cid)
                if inter is not None and op == "start":
                    # The one who starts gets their first decision in the click's answer (when
                    # the game waits for them first).
                    # Once the table shows it waits for someone else, none is coming.
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(FOLLOWUP_LIMIT):
                            while not inter.followups and not self._waits_for_others(seat):
                                await self.fake.written(0.1)
                    if inter.followups:
                        self._prompted(seat, inter.followups[-1], inter.followed_at)
                return inter is not None
            await self.fake.written(0.1)
        self.stats.fail(f"no {op} button on the lobby")
        return False

    # --- playing ---------------------------------------------------------------------------------

    def over(self) -> bool:
        return any(
            any(ends(c) for c in custom_ids(self.fake.messages[mid]))
            for mid in self.fake.by_channel.get(self.thread, [])
            if mid in self.fake.messages
        )

    async def play(self, stop: asyncio.Event) -> None:
        """Every player at once, until the final scores or `stop`."""
        await asyncio.gather(*(self._plays(seat, stop) for seat in self.seats))

    def shown(self, seat: Seat) -> tuple[dict[str, Any], bool] | None:
        """What shows the player a decision: their open prompt with choices, else a ping for
        them they have not answered, else the table's step message naming them as the one it
        waits for (True: they press its Act button)."""
        prompt = self.fake.messages.get(seat.prompt) if seat.prompt else None
        if prompt is not None and offers(prompt):
            return prompt, False
        table = self._table()
        if (
            table is not None
            and int(table["id"]) > seat.notice
            and waits_for(table["content"], seat.who["global_name"])
        ):
            return table, True
        mention = f"<@{seat.uid}>"
        for mid in reversed(self.fake.by_channel.get(self.thread, [])):
            if mid <= seat.notice:
                break
            message = self.fake.messages.get(mid)
            if (
                message
                and mention in (message["content"] or "")
                and any(map(acts, custom_ids(message)))
            ):
                return message, True
        return None

    async def _plays(self, seat: Seat, stop: asyncio.Event) -> None:
        thinking = self.think
        while not stop.is_set() and not self.over():
            shown = self.shown(seat)
            if shown is None:
                since = seat.idle_since
                if since is not None and time.perf_counter() - since > LOST_S:
                    self.sight.unseen += 1
                    await self._act(seat, self._table())
                    continue
                await self.fake.written(0.5)
                continue
            message, ping = shown
            if seat.idle_since is not None:
                self._turn_shown(seat, int(message["id"]), seat.idle_since)
                seat.idle_since, thinking = None, self.think
            await asyncio.sleep(self.rng.uniform(*thinking))
            thinking = NEXT_S
            if stop.is_set():
                return
            if ping:
                seat.notice = int(message["id"])
                await self._act(seat, message)
            else:
                await self._answer(seat, message)

    def _waits_for_others(self, seat: Seat) -> bool:
        """Whether the table shows it waits for someone, and not for this player."""
        table = self._table()
        return table is not None and seat.who["global_name"] not in (table["content"] or "")

    def _table(self) -> dict[str, Any] | None:
        for mid in reversed(self.fake.by_channel.get(self.thread, [])):
            message = self.fake.messages.get(mid)
            if message is not None and any(map(acts, custom_ids(message))):
                return message
        return None

    async def _act(self, seat: Seat, message: dict[str, Any] | None) -> None:
        """Press Act (on a ping or the table): the decision comes as a new prompt."""
        cid = next((c for c in custom_ids(message) if acts(c)), None) if message else None
        inter = await self.click(seat, message, cid) if message and cid else None
        if inter is not None and inter.original_id is not None:
            self._prompted(seat, inter.original_id, inter.answered_at)
        elif seat.idle_since is not None:
            seat.idle_since = time.perf_counter()

    async def _answer(self, seat: Seat, prompt: dict[str, Any]) -> None:
        """One choice of the prompt, or (a draft's pick) a die on the public roll instead."""
        chosen = choose(prompt, self.rng)
        assert chosen is not None
        picks = [c for c in custom_ids(prompt) if ":pick." in c]
        roll = self._roll()
        if picks and roll is not None and self.rng.random() < ROLL_PICKS:
            dice = [c for c in custom_ids(roll) if c.startswith("fl1:pub:")]
            done = await self.click(seat, roll, self.rng.choice(dice))
            if done is not None and done.callbacks[0]["type"] != 4:
                try:
                    await asyncio.wait_for(done.posted.wait(), FOLLOWUP_LIMIT)
                except TimeoutError:
                    self.stats.fail("no prompt within 15 s after a die")
                    return
                self._prompted(seat, done.followups[-1], done.followed_at)
            return
        done = await self.click(seat, prompt, *chosen)
        if done is not None:
            self._prompted(seat, int(prompt["id"]), done.followed_at or done.answered_at)

    def _roll(self) -> dict[str, Any] | None:
        for mid in reversed(self.fake.by_channel.get(self.thread, [])):
            message = self.fake.messages.get(mid)
            if message is not None and any(c.startswith("fl1:pub:") for c in custom_ids(message)):
                return message
        return None

    def _prompted(self, seat: Seat, prompt: int, at: float) -> None:
        """The player's prompt is now this message, as the bot answered at `at`."""
        seat.prompt = prompt
        message = self.fake.messages.get(prompt)
        if message is None or not offers(message):
            seat.idle_since = at

    def _turn_shown(self, seat: Seat, message_id: int, idle_since: float) -> None:
        """Time the write that showed the player their turn from the click that caused it
        (someone else's: a player's own next decision comes in their click's answer)."""
        writes: list[Write] = self.fake.history.get(message_id, [])
        shown = next((w for w in writes if w.at >= idle_since), None)
        if shown is None:
            return
        cause = self.fake.by_id.get(shown.cause) if shown.cause is not None else None
        if cause is None:
            self.sight.untraced += 1
        elif cause.user_id != seat.uid:
            self.sight.turn_shown_s.append(shown.at - cause.sent_at)

    def moves_shown(self) -> list[float]:
        """From each move's click to the first public write to the table that its handling,
        or a later click's, sent (an older click's write shows an older table)."""
        clicks = sorted(self.clicks, key=lambda c: c.sent_at)
        public = [
            w
            for w in self.fake.writes
            if w.channel_id == self.thread and w.reader is None and not w.pings
        ]
        shown = []
        for move in self.moves:
            later = {c.id for c in clicks if c.sent_at >= move.sent_at}
            first = next((w for w in public if w.at > move.sent_at and w.cause in later), None)
            if first is not None:
                shown.append(first.at - move.sent_at)
        return shown
