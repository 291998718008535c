"""What storage holds, and what the bot needs from it, whatever the database.

A `GameRow` is one table in a channel (lobby, running or finished); results, challenge
attempts and the action log sit beside it. The `Repository` protocol is the whole interface:
the SQLite and PostgreSQL adapters implement it, and nothing above them knows which one runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field, field_validator

from bot.ratings import GLOBAL as GLOBAL
from bot.ratings import ordinal, points
from engine.core.search import STRONG

Status = Literal["lobby", "active", "over", "cancelled"]
OPEN_STATUSES = ("lobby", "active")
DEADLINE_HOURS = (0, 1, 12, 24, 72)
"""The turn deadlines a table may have (0: none)."""
WRITE_WAIT_SECONDS = 1.0
"""How long a write waits for a lock another connection or process holds before it is refused
with StorageBusy: well under Discord's 3 s, so that the click can still be answered."""


class StorageError(Exception):
    """Something about stored data that a player or admin needs to hear about."""


class Conflict(StorageError):
    """The game changed since it was loaded: someone else acted first."""


class ChannelBusy(StorageError):
    """The channel already hosts an open game."""


class CorruptGame(StorageError):
    """A stored row cannot be read. Other games are unaffected."""

    def __init__(self, message: str, game_id: int | None = None) -> None:
        super().__init__(message)
        self.game_id = game_id


class NoSuchGame(StorageError):
    """No game with that id."""


class AlreadyPlayed(StorageError):
    """This player already has an attempt at this challenge."""


class StorageUnavailable(StorageError):
    """The database refused a read or write (read-only, disk full, locked): nothing changed."""


class StorageBusy(StorageUnavailable):
    """Another connection or process held the database's write lock (or this game's row)
    longer than WRITE_WAIT_SECONDS: the write was refused and nothing of it is applied, now or
    later. Reads are never refused for this. The player hears "the table is busy, nothing
    changed, try again"."""


class DatabaseGone(StorageUnavailable):
    """The database file was deleted or replaced while the bot ran: every write is refused
    from then on (it would land in the deleted file and be lost) until an admin restores the
    file and restarts the bot."""


class Seat(BaseModel):
    user_id: int | None = None
    """None for an AI seat."""
    name: str
    autopilot: bool = False
    level: str | None = None
    """How strongly an AI seat plays (`engine.core.search.LEVELS`, each a key of
    `bot.ratings.AI_SKILL`; None: "normal"); unused for a human."""
    standing: str | None = None
    """A person's standing order, kept as the game words it (the card game's standing bid,
    ``"L07 12"``): played for them while the game says it applies. Private: never shown to
    anyone, its moves are."""

    @property
    def strong(self) -> bool:
        """An AI seat that searches (its moves are thought out away from the event loop)."""
        return self.user_id is None and self.level == STRONG

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


class TableOptions(BaseModel):
    """How the table runs, whatever the game: the game's own options are `game_options`."""

    turn_hours: int = 0
    """The turn deadline in hours; 0 is off."""
    solo: bool = False
    """Opened with /table solo: one seat, started at once."""
    challenge_day: str | None = None
    """The UTC day (ISO) of the daily challenge this game is, if it is one."""

    @field_validator("turn_hours")
    @classmethod
    def _offered(cls, hours: int) -> int:
        if hours not in DEADLINE_HOURS:
            raise ValueError(f"a turn deadline is one of {DEADLINE_HOURS} hours, not {hours}")
        return hours


class Wait(BaseModel):
    """A person the table waits for: their seat, the turn they owe it in (the front's key: a
    player is called at most once a turn), since when, and whether their only choice is one
    the rules force (asked without a call)."""

    user_id: int
    seat: int
    turn: str
    since: float
    forced: bool = False


@dataclass(frozen=True)
class Call:
    """A call sent (or being sent) to a person for one turn of one table: `message_id` is
    None between claiming it and knowing the message (a crash there leaves it in doubt)."""

    game_id: int
    user_id: int
    turn: str
    notified_at: float
    message_id: int | None
    via: str


@dataclass(frozen=True)
class OwedAnswer:
    """A command acknowledged ("thinking…") whose answer is not known to be sent: the
    interaction's token, whose it is, their language, the game its work made (None if it got
    no further), and when it was asked."""

    token: str
    user_id: int
    locale: str
    game_id: int | None
    asked_at: float


NOTIFY_WAYS = ("thread", "dm", "both")
"""Where a person is called when a table waits for them (a setting of theirs)."""


class GameRow(BaseModel):
    """One table (lobby, running or finished) as stored."""

    id: int = 0
    game: str
    guild_id: int | None = None
    channel_id: int
    parent_id: int | None = None
    """The channel a thread was opened from: the lobby and results are posted there."""
    host_id: int
    status: Status = "lobby"
    seats: list[Seat] = Field(default_factory=list)
    options: TableOptions = Field(default_factory=TableOptions)
    game_options: dict[str, Any] = Field(default_factory=dict)
    """The game's own options, as validated by its `options` model."""
    seed: str = ""
    state: str | None = None
    version: int = 0
    lobby_message_id: int | None = None
    board_message_id: int | None = None
    step_message_id: int | None = None
    shown_version: int = 0
    """The version the channel's messages show; behind `version` after a crash between a
    save and its messages, so startup can publish what is missing."""
    step_key: str = ""
    """Which public step the step message shows (a new step gets a new message)."""
    recent: list[dict[str, Any]] = Field(default_factory=list)
    """The last public events, as data (`Event.to_json`)."""
    locale: str | None = None
    """The server's language when the table was opened (public messages speak it)."""
    deadline_at: float | None = None
    reminded: bool = False
    created_at: float = 0.0
    updated_at: float = 0.0
    waits: list[Wait] = Field(default_factory=list)
    """The people the table waits for now, saved with the state they follow from."""

    @property
    def due_at(self) -> float | None:
        """When the scheduler next has work here: the half-time reminder until it is sent,
        then the deadline. Stored beside the row so that due games are found by an index."""
        if self.status != "active" or self.deadline_at is None:
            return None
        if self.reminded:
            return self.deadline_at
        return self.deadline_at - self.options.turn_hours * 3600 / 2

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return i
        return None

    @property
    def kind(self) -> str:
        """``challenge``, ``solo`` (one seat) or ``multi``: how its results count."""
        if self.options.challenge_day:
            return "challenge"
        return "solo" if len(self.seats) == 1 else "multi"


@dataclass(frozen=True)
class Shards:
    """The gateway shards one bot process serves, out of `count`. Discord puts a guild on
    shard ``(guild_id >> 22) % count`` and direct messages on shard 0; a process handles the
    deadlines and startup repairs of its own shards' games only."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a shard count is at least 1, not {self.count}")
        if not self.ids:
            raise ValueError("a process serves at least one shard")
        if len(set(self.ids)) != len(self.ids):
            raise ValueError(f"shard ids are listed twice: {list(self.ids)}")
        outside = [i for i in self.ids if not 0 <= i < self.count]
        if outside:
            raise ValueError(f"shard ids run from 0 to {self.count - 1}, not {outside}")

    @staticmethod
    def of(guild_id: int | None, count: int) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % count

    def serves(self, guild_id: int | None) -> bool:
        return self.of(guild_id, self.count) in self.ids

    @property
    def all(self) -> bool:
        return len(self.ids) == self.count


@dataclass(frozen=True)
class RowHead:
    """The columns of a game row that never need parsing: enough to end a damaged game."""

    id: int
    game: str
    channel_id: int
    parent_id: int | None
    host_id: int
    status: str
    guild_id: int | None = None
    board_message_id: int | None = None
    step_message_id: int | None = None


@dataclass(frozen=True)
class Attempt:
    """A daily challenge attempt, claimed in the same transaction as its game (and the answer
    owed to the command that asked for it, if one is, learns the game in it too)."""

    day: str
    user_id: int
    answer_token: str | None = None


@dataclass(frozen=True)
class ResultEntry:
    """One human seat's verified final result."""

    user_id: int
    score: int
    title: str | None
    won: bool
    assisted: bool = False
    """Some of this player's moves were played for them (autopilot, a deadline): such a
    score counts in stats but never on a leaderboard."""


@dataclass(frozen=True)
class RatingEntry:
    """A player's skill at one game, on one server or on all of them (`guild_id` GLOBAL)."""

    game: str
    guild_id: int
    """A server, or GLOBAL (every server and direct message together)."""
    user_id: int
    mu: float
    sigma: float
    games: int
    """Rated games played in this scope."""

    @property
    def ordinal(self) -> float:
        """The conservative estimate that ranks: mu − 3σ."""
        return ordinal(self.mu, self.sigma)

    @property
    def points(self) -> int:
        """The rating as players read it (`bot.ratings.points`)."""
        return points(self.mu, self.sigma)


@dataclass(frozen=True)
class RatingChange:
    """What one finished game did to a player's rating in one scope: the final scores'
    ``Alice 1 512 (+18)``."""

    game_id: int
    guild_id: int
    user_id: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float

    @property
    def points(self) -> int:
        return points(self.mu, self.sigma)

    @property
    def gain(self) -> int:
        """Points won (or lost, below zero) in this game."""
        return self.points - points(self.mu_before, self.sigma_before)


@dataclass(frozen=True)
class BoardEntry:
    user_id: int
    score: int
    title: str | None
    finished_at: float


@dataclass(frozen=True)
class GameStats:
    game: str
    games: int
    wins: int
    best_solo: int | None
    mean_solo: float | None
    titles: dict[str, int]
    challenge_days: list[str]
    """Days (ISO dates) with a finished challenge, newest first."""


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    seat: int
    user_id: int | None
    action: str
    version: int
    at: float


LogEntry = tuple[int, int | None, str]
"""(seat, user who chose it or None when played for them, action text)."""


class Repository(Protocol):
    """What the bot needs from storage; a PostgreSQL adapter implements the same."""

    async def create(
        self, row: GameRow, attempt: Attempt | None = None, log: Sequence[LogEntry] = ()
    ) -> GameRow:
        """Store a new table (ChannelBusy if its channel has an open one) with the moves
        already made in it; with `attempt`, claim the player's one attempt at that challenge
        in the same transaction (AlreadyPlayed)."""
        ...

    async def load(self, game_id: int) -> GameRow: ...

    async def stamp(self, game_id: int) -> tuple[Any, ...] | None:
        """The row's `rows.STAMP_COLUMNS` (None if there is no such game): one small read
        that tells whether a row kept in memory is still the stored one."""
        ...

    async def load_by_channel(self, channel_id: int) -> GameRow | None:
        """The open game in a channel, else the most recent finished one."""
        ...

    async def head(self, channel_id: int) -> RowHead | None:
        """The open game in a channel (else the latest), read without parsing its data."""
        ...

    async def save(
        self,
        row: GameRow,
        expected_version: int,
        log: Sequence[LogEntry] = (),
        results: Sequence[ResultEntry] = (),
        places: Sequence[int] = (),
    ) -> GameRow:
        """Write the row, append `log`, record `results` and update the ratings they change,
        all in one transaction, only if the stored version is still `expected_version` (else
        Conflict). `places`: every seat's place in seat order (`bot.ratings.places`), which
        lets AI seats take part in ratings; without it humans are placed by win and score.

        Every write refuses with StorageBusy after waiting WRITE_WAIT_SECONDS for a lock held
        elsewhere, and with DatabaseGone once the database file is gone; a write that raised
        is never applied later."""
        ...

    async def close_damaged(self, game_id: int) -> None:
        """Cancel a game whose row cannot be read, freeing its channel."""
        ...

    async def set_messages(
        self, game_id: int, shown_version: int, step_key: str | None = None, **ids: int | None
    ) -> None:
        """Which messages show the game (``lobby``, ``board``, ``step``), the version they
        show and the step the step message shows. Not game state: no version check, and
        `save` never writes these columns."""
        ...

    async def unshown(self, since: float, shards: Shards | None = None) -> list[GameRow]:
        """Games whose messages are behind their state: open ones, and ones that ended after
        `since`; with `shards`, only games on those shards."""
        ...

    async def unrecorded(self) -> list[GameRow]:
        """Finished games whose results were never recorded."""
        ...

    async def record_results(
        self, row: GameRow, results: Sequence[ResultEntry], places: Sequence[int] = ()
    ) -> None:
        """Record a finished game's results (ignored if they already are) and update the
        ratings, in one transaction, as `save` does."""
        ...

    async def claim_due(
        self,
        now: float,
        owner: str,
        lease_seconds: float,
        shards: Shards | None = None,
        limit: int = 50,
    ) -> list[GameRow]:
        """Active games whose reminder or deadline has come (on `shards`, if given), claimed
        for `owner` until ``now + lease_seconds`` in one transaction: a game another process
        holds an unexpired claim on is not returned, so its reminder or deadline is handled
        once. The next `save` of the game ends the claim; a claimer that dies leaves it to
        expire. The `limit` most overdue first."""
        ...

    async def actions(self, game_id: int) -> list[LoggedAction]: ...

    async def meta(self, key: str, default: str) -> str: ...

    async def attempted(self, game: str, day: str, user_id: int) -> bool: ...

    async def leaderboard(
        self,
        game: str,
        first_day: str | None,
        last_day: str,
        guild_id: int | None,
        limit: int = 10,
    ) -> list[BoardEntry]: ...

    async def user_stats(self, user_id: int) -> list[GameStats]:
        """One entry per game the player has finished."""
        ...

    async def guild_locale(self, guild_id: int) -> str | None:
        """The language a server's admin chose for its public messages, if any."""
        ...

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        """Choose (None: clear) a server's language, for its open tables too."""
        ...

    async def guild_rates_ai(self, guild_id: int) -> bool:
        """Whether a server's games against AI seats count for ratings (off by default)."""
        ...

    async def calls(self, game_id: int) -> list[Call]:
        """The calls sent for a table, every turn."""
        ...

    async def claim_call(self, game_id: int, user_id: int, turn: str, via: str) -> bool:
        """Take the right to call a person for one turn of a table: False if a call for it
        was already claimed (by this process or another, before a restart or not)."""
        ...

    async def set_call_message(
        self, game_id: int, user_ids: Sequence[int], turn: str, message_id: int | None
    ) -> None:
        """The message that made these calls (None: it could not be sent)."""
        ...

    async def waiting_for(self, user_id: int) -> list[GameRow]:
        """Every running table that waits for this person, wherever it is."""
        ...

    async def waiting(self, shards: Shards | None = None) -> list[GameRow]:
        """Running tables (of these shards) that wait for someone."""
        ...

    async def with_strong_ai(self, shards: Shards | None = None) -> list[GameRow]:
        """Running tables (of these shards) with a strong AI seat: at startup, one of them may
        be owed its move (the process stopped while it was thinking)."""
        ...

    async def notify_way(self, user_id: int) -> tuple[str, float | None]:
        """Where a person wants to be called (``thread``, ``dm``, ``both``), and when their
        direct messages were last found closed."""
        ...

    async def set_notify_way(self, user_id: int, way: str) -> None: ...

    async def set_dms_closed(self, user_id: int, at: float | None) -> None: ...

    async def owe_answer(self, token: str, user_id: int, locale: str, at: float) -> None:
        """A command was acknowledged and its answer is owed until `answered`."""
        ...

    async def answered(self, token: str) -> None: ...

    async def owed_answers(self) -> list[OwedAnswer]:
        """Every answer still owed (a crash came between acknowledging and answering)."""
        ...

    async def set_guild_rates_ai(self, guild_id: int, rates: bool) -> None:
        """Let a server's games against AI count for ratings from now on (or stop them);
        games already rated keep their ratings."""
        ...

    async def rating_board(
        self, game: str, guild_id: int | None, limit: int = 10
    ) -> list[RatingEntry]:
        """The best rated players of a game, on one server or (None) on all: by mu − 3σ,
        then more games played, then user id."""
        ...

    async def user_ratings(self, user_id: int, guild_id: int | None = None) -> list[RatingEntry]:
        """A player's ratings: for each game they were rated in, the global one and (with
        `guild_id`) that server's; by game, global first."""
        ...

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """What one finished game did to its players' ratings, in each scope (global first);
        empty if it was not rated."""
        ...

    async def rebuild_ratings(self) -> int:
        """Recompute every rating from the rated games' standings, in the order they were
        rated; the number of rated games."""
        ...

    async def close(self) -> None: ...
