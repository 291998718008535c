"""The table service: every command and click goes through here, for every game.

Stateless: each call loads the table, checks who may act, asks the game's engine, lets AI and
autopilot seats move, saves with an optimistic version check, and returns what changed for
the Discord layer to show. No Discord objects and no words: refusals and notices are codes
with fields, worded in the reader's language by the layer above.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import socket
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from pydantic import ValidationError

from bot import challenge, ratings, takeback
from bot.faults import crash_point
from bot.fronts.base import MAX_STEPS, steps
from bot.kept import KeptTables
from bot.reading import RECENT_EVENTS, public_events, turn_of
from bot.refusals import Damaged, DamagedClosed, Refusal, Stale
from bot.replay import Runner, Timeline, Timelines, build, inline
from bot.storage import (
    NOTIFY_WAYS,
    OPEN_STATUSES,
    AlreadyPlayed,
    Attempt,
    BoardEntry,
    Call,
    ChannelBusy,
    Conflict,
    CorruptGame,
    GameRow,
    GameStats,
    LogEntry,
    LoggedAction,
    NoSuchGame,
    OwedAnswer,
    RatingChange,
    RatingEntry,
    Repository,
    ResultEntry,
    Seat,
    Shards,
    TableOptions,
    Wait,
)
from bot.takeback import TakenBack
from bot.thinking import PoolThinker, Thinker
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event
from engine.core.forced import publicly_forced
from engine.core.game import AnyGame, GameResult, StandingOrders
from engine.core.replay import UNDO, in_effect, replay
from engine.core.search import LEVELS, NORMAL
from engine.core.undo import Move, refusal
from engine.games import get_game

log = logging.getLogger(__name__)

AUTOPLAY_LIMIT = 5000
"""Moves AI and autopilot seats may play in a row. A whole game of any of ours takes at most
a few hundred (364 in the longest of 4-player default-move games), so a table whose seats are
all automatic and still has not ended after this many never will: it is ended, saying why."""
RETRIES = 3
TAKEBACKS_KEPT = 4096
"""Tables whose take-back verdict (who may take back their last decision, at which version)
this process remembers, so that drawing a prompt seldom replays a log."""
CLAIM_SECONDS = 300.0
"""How long a claim on a due game lasts: ample for playing it and publishing the outcome; a
process that dies holding claims delays those games' deadlines by at most this much."""

Notice = tuple[str, dict[str, Any]]
"""A public sentence as data: a key of `bot.words` and its fields."""


@dataclass
class Outcome:
    """What one call changed, for the Discord layer to show."""

    row: GameRow
    state: Any = None
    events: list[Event] = field(default_factory=list)
    ping: list[int] = field(default_factory=list)
    """Users who have a new decision to make."""
    last_one: int | None = None
    """A user who is now the only one the table waits for (after others decided)."""
    finished: bool = False
    ended: bool = False
    """Ended early by the host or a moderator."""
    notice: Notice | None = None
    """A sentence for the channel (a deadline passed, a seat went on autopilot)."""
    reminder: str | None = None
    """``reminder`` or ``last_one`` when the only news is a reminder ping."""
    result: GameResult | None = None
    """A finished game's verified result (None if its log did not replay)."""
    actor: int | None = None
    """The user whose click this was: their own prompt already shows what they owe next."""
    stalled: int | None = None
    """Ended because its AI and autopilot seats played this many moves in a row without the
    game ending (a table nobody can finish is closed with the reason, not left running)."""
    taken_back: TakenBack | None = None
    """A player took back their last decision: whose, and what it did."""
    thinking: bool = False
    """A strong AI seat must move next: its move is thought out away from this call
    (`TableService.play_ai`) and shown as an outcome of its own."""


@dataclass(frozen=True)
class Loaded:
    """A running (or finished) table and its game, state loaded."""

    row: GameRow
    game: AnyGame
    state: Any


class TableService:
    """`shards`: the gateway shards this process serves (None: all of them); its deadlines
    and startup repairs touch only those shards' games."""

    def __init__(
        self,
        repo: Repository,
        clock: Callable[[], float] = time.time,
        games: Callable[[str], AnyGame] = get_game,
        shards: Shards | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self.repo = repo
        self.clock = clock
        self._games = games
        self.shards = shards
        self.thinker: Thinker = thinker if thinker is not None else PoolThinker()
        """Where strong AI seats decide (a process pool): never on the event loop."""
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """Who holds this process's claims on due games; new at every start."""
        self.timelines = Timelines()
        """Replays recently asked for: derived from the stored log, each kept for the table's
        version it was built at, so nothing here outlives what is stored."""
        self.kept = KeptTables()
        """Each table's row and state as last read or saved, reused while still stored."""
        self._takebacks: OrderedDict[int, tuple[int, int | None]] = OrderedDict()
        """Game → (version, the user who may take back their last decision then, or None)."""

    def game(self, game_id: str) -> AnyGame:
        try:
            return self._games(game_id)
        except KeyError as exc:
            raise Refusal("unknown_game", game=game_id) from exc

    def rules_of(self, row: GameRow) -> AnyGame:
        """The rules of a stored table's game; refused (``game_gone``) for a game this bot no
        longer has, which only ending the table helps."""
        try:
            return self._games(row.game)
        except KeyError as exc:
            raise Refusal("game_gone", game=row.game[:40]) from exc

    # --- lobby -------------------------------------------------------------------------------

    async def open_table(
        self,
        *,
        game: str,
        channel_id: int,
        guild_id: int | None,
        parent_id: int | None,
        host_id: int,
        host_name: str,
        options: TableOptions,
        game_options: dict[str, Any] | None = None,
        locale: str | None = None,
        lobby_message_id: int | None = None,
    ) -> GameRow:
        rules = self.game(game)
        locale = await self.public_locale(guild_id, locale)
        row = GameRow(
            game=game,
            channel_id=channel_id,
            guild_id=guild_id,
            parent_id=parent_id,
            host_id=host_id,
            seats=[Seat(user_id=host_id, name=host_name)],
            options=options,
            game_options=_validated(rules, game_options or {}),
            seed=secrets.token_hex(8),
            locale=locale,
            lobby_message_id=lobby_message_id,
            shown_version=-1,  # nothing shown yet: a crash before the lobby is posted shows
        )
        try:
            created = await self.repo.create(row)
        except ChannelBusy as exc:
            raise Refusal("channel_busy") from exc
        crash_point("created")
        return created

    async def play_again(self, game_id: int, user_id: int, **where: Any) -> GameRow:
        """A new lobby with the seats of a finished table; whoever asks hosts it (`where`: as
        for `open_table`, without the seats)."""
        old = await self._load(game_id)
        if old.status not in ("over", "cancelled") or old.state is None:
            raise Refusal("not_over")
        if old.options.challenge_day:
            raise Refusal("challenge_once")
        seat = _seat(old, user_id)
        row = await self.open_table(
            game=old.game,
            host_id=user_id,
            host_name=old.seats[seat].name,
            options=TableOptions(turn_hours=old.options.turn_hours, solo=old.options.solo),
            game_options=old.game_options,
            **where,
        )
        seats = [s.model_copy(update={"autopilot": False}) for s in old.seats]
        mine = next(s for s in seats if s.user_id == user_id)
        ordered = [mine, *(s for s in seats if s is not mine)]
        return await self.repo.save(row.model_copy(update={"seats": ordered}), row.version)

    async def start_solo(self, game: str, **where: Any) -> Outcome:
        """A solo table, started at once (`where`: as for `open_table`)."""
        rules = self.game(game)
        if rules.min_seats > 1:
            raise Refusal("no_solo", game=game)
        row = await self.open_table(game=game, options=TableOptions(solo=True), **where)
        return await self.start(row.id, row.host_id)

    async def public_locale(self, guild_id: int | None, guild_locale: str | None) -> str | None:
        """The language of a table's public messages: the one the server's admin chose,
        else the server's own."""
        chosen = await self.repo.guild_locale(guild_id) if guild_id is not None else None
        return chosen or guild_locale

    async def set_server_language(self, guild_id: int, language: str | None) -> None:
        """A server's admin chooses the language of its tables (None: the server's own)."""
        await self.repo.set_guild_locale(guild_id, language)

    async def check_challenge_open(self, game: str, user_id: int) -> None:
        """Refuse early (before a thread is made) when today's attempt is already used."""
        day = challenge.day_of(self.clock())
        if await self.repo.attempted(game, day.isoformat(), user_id):
            raise Refusal("challenge_done", number=challenge.number(day))

    async def start_challenge(
        self,
        *,
        game: str,
        channel_id: int,
        guild_id: int | None,
        parent_id: int | None,
        user_id: int,
        name: str,
        secret: str,
        ai: int = 0,
        game_options: dict[str, Any] | None = None,
        ai_names: Sequence[str] = (),
        ai_level: str = NORMAL,
        locale: str | None = None,
        answer_token: str | None = None,
    ) -> Outcome:
        """Today's challenge for this player, started at once: the game is stored already
        running, with the player's one attempt, in one transaction (which also tells the
        answer owed to `answer_token`'s command which game it made)."""
        rules = self.game(game)
        locale = await self.public_locale(guild_id, locale)
        day = challenge.day_of(self.clock())
        seats = [Seat(user_id=user_id, name=name)]
        seats += [
            Seat(name=ai_names[i] if i < len(ai_names) else f"AI {i + 1}", level=ai_level)
            for i in range(ai)
        ]
        row = GameRow(
            game=game,
            channel_id=channel_id,
            guild_id=guild_id,
            parent_id=parent_id,
            host_id=user_id,
            seats=seats,
            options=TableOptions(solo=len(seats) == 1, challenge_day=day.isoformat()),
            game_options=_validated(rules, game_options or {}),
            seed=challenge.seed(secret, game, day),
            locale=locale,
            shown_version=-1,
        )
        started, events, log_entries = self._begin(row, rules)
        attempt = Attempt(day.isoformat(), user_id, answer_token)
        try:
            created = await self.repo.create(started, attempt, log_entries)
        except AlreadyPlayed as exc:
            raise Refusal("challenge_done", number=challenge.number(day)) from exc
        except ChannelBusy as exc:
            raise Refusal("channel_busy") from exc
        crash_point("created")
        self._remember_takeback(created, None)  # nobody has decided anything yet
        state = rules.load_state(created.state or "")
        ping = self._humans_to_act(created, rules, state)
        thinking = bool(self._strong_to_act(created, rules, state))
        return Outcome(created, state, events, ping=ping, actor=user_id, thinking=thinking)

    async def join(self, game_id: int, user_id: int, name: str) -> GameRow:
        async def change(row: GameRow, rules: AnyGame) -> GameRow:
            if row.seat_of(user_id) is not None:
                raise Refusal("already_seated")
            if len(row.seats) >= rules.max_seats:
                raise Refusal("lobby_full", seats=rules.max_seats)
            return row.model_copy(update={"seats": [*row.seats, Seat(user_id=user_id, name=name)]})

        return await self._lobby_change(game_id, change)

    async def leave(self, game_id: int, user_id: int) -> GameRow:
        async def change(row: GameRow, rules: AnyGame) -> GameRow:
            if user_id == row.host_id:
                raise Refusal("host_cannot_leave")
            if row.seat_of(user_id) is None:
                raise Refusal("not_seated")
            return row.model_copy(update={"seats": [s for s in row.seats if s.user_id != user_id]})

        return await self._lobby_change(game_id, change)

    async def add_ai(self, game_id: int, user_id: int, name: str, level: str = NORMAL) -> GameRow:
        """The host adds an AI seat of a level (`engine.core.search.LEVELS`): the host decides
        who sits at the table."""
        if level not in LEVELS:
            raise Refusal("bad_button")

        async def change(row: GameRow, rules: AnyGame) -> GameRow:
            if user_id != row.host_id:
                raise Refusal("host_only_ai", name=_host_name(row))
            if len(row.seats) >= rules.max_seats:
                raise Refusal("lobby_full", seats=rules.max_seats)
            seat = Seat(name=name, level=level)
            return row.model_copy(update={"seats": [*row.seats, seat]})

        return await self._lobby_change(game_id, change)

    async def remove_ai(self, game_id: int, user_id: int) -> GameRow:
        """The host removes the last AI seat."""

        async def change(row: GameRow, rules: AnyGame) -> GameRow:
            if user_id != row.host_id:
                raise Refusal("host_only_ai", name=_host_name(row))
            robots = [i for i, s in enumerate(row.seats) if s.is_ai]
            if not robots:
                raise Refusal("no_ai_seat")
            seats = [s for i, s in enumerate(row.seats) if i != robots[-1]]
            return row.model_copy(update={"seats": seats})

        return await self._lobby_change(game_id, change)

    async def cycle_option(
        self, game_id: int, user_id: int, key: str, values: Sequence[Any]
    ) -> GameRow:
        """The host moves one of the game's options to its next value in the lobby."""

        async def change(row: GameRow, rules: AnyGame) -> GameRow:
            if user_id != row.host_id:
                raise Refusal("host_only_options", name=_host_name(row))
            if key not in rules.options.model_fields or not values:
                raise Refusal("bad_button")
            current = {**rules.options().model_dump(), **row.game_options}.get(key)
            ahead = list(values)
            value = ahead[(ahead.index(current) + 1) % len(ahead)] if current in ahead else ahead[0]
            options = _validated(rules, {**row.game_options, key: value})
            return row.model_copy(update={"game_options": options})

        return await self._lobby_change(game_id, change)

    async def cancel(self, game_id: int, user_id: int) -> GameRow:
        async def change(row: GameRow, rules: AnyGame) -> GameRow:
            if user_id != row.host_id:
                raise Refusal("host_only_cancel", name=_host_name(row))
            return row.model_copy(update={"status": "cancelled"})

        return await self._lobby_change(game_id, change)

    async def start(self, game_id: int, user_id: int) -> Outcome:
        for _ in range(RETRIES):
            row = await self._load(game_id)
            rules = self.rules_of(row)
            if row.status != "lobby":
                raise Refusal("lobby_only")
            if user_id != row.host_id:
                raise Refusal("host_only_start", name=_host_name(row))
            fewest = rules.min_seats if row.options.solo else max(2, rules.min_seats)
            if not fewest <= len(row.seats) <= rules.max_seats:
                raise Refusal("need_players", least=fewest, most=rules.max_seats)
            new, events, log_entries = self._begin(row, rules)
            try:
                saved = await self.repo.save(new, row.version, log_entries)
            except Conflict:
                continue
            crash_point("saved")
            self._remember_takeback(saved, None)  # nobody has decided anything yet
            state = rules.load_state(saved.state or "")
            ping = self._humans_to_act(saved, rules, state)
            thinking = bool(self._strong_to_act(saved, rules, state))
            return Outcome(saved, state, events, ping=ping, actor=user_id, thinking=thinking)
        raise Refusal("busy")

    def _begin(self, row: GameRow, rules: AnyGame) -> tuple[GameRow, list[Event], list[LogEntry]]:
        """The row of a game just started: its first state, after AI seats' first moves."""
        try:
            state, events = rules.start(len(row.seats), row.seed, row.game_options)
        except EngineError as exc:
            raise Refusal("bad_options") from exc
        state, more, log_entries = self._autoplay(row, rules, state)
        events += more
        new = self._with_state(row, rules, None, state, events)
        return new.model_copy(update={"status": "active"}), events, log_entries

    # --- play --------------------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        text: str,
        *,
        token: str | None = None,
        public: bool = False,
        channel: int | None = None,
    ) -> Outcome:
        """Apply one player's action. `token` is what the clicked button carried: a prompt's
        seat token, or with `public` a public message's token; a click from a message the
        game has moved past is stale and changes nothing. `channel`: where the click came
        from, which must be the table's own."""
        for _ in range(RETRIES):
            loaded = await self.load_game(game_id)
            row, rules, state = loaded.row, loaded.game, loaded.state
            check_channel(row, channel)
            seat = _seat(row, user_id)
            current = rules.token(state, None if public else seat)
            if token is not None and token != current:
                raise self._stale(rules, state, seat)
            order = _standing(text)
            parts = steps(text) if order is None else [text]
            try:
                if len(parts) > MAX_STEPS:
                    raise ValueError(text)
                if order is None or not isinstance(rules, StandingOrders):
                    then = [rules.parse_action(part) for part in parts]
            except (EngineError, ValueError) as exc:
                raise Refusal("not_an_action", text=text[:60]) from exc
            if seat not in rules.to_act(state):
                waiting = rules.to_act(state)
                names = [row.seats[s].name for s in waiting]
                raise Refusal("not_your_turn", names=names)
            try:
                if order is not None and isinstance(rules, StandingOrders):
                    # A standing order plays its first move now, and the next ones for them.
                    kept = rules.standing_order(state, seat, order)
                    first = rules.standing_action(state, seat, kept)
                    if first is None:
                        raise Refusal("not_an_action", text=text[:60])
                    then = [first]
                    seats = list(row.seats)
                    seats[seat] = seats[seat].model_copy(update={"standing": kept})
                    row = row.model_copy(update={"seats": seats})
                # A choice of several steps (`bot.fronts.base.then`) is played step by step,
                # each checked by the rules; one refused step refuses them all.
                events: list[Event] = []
                entries: list[LogEntry] = []
                new_state = state
                for action in then:
                    before = new_state
                    new_state, more = rules.apply(before, seat, action)
                    events += more
                    entries.append((seat, user_id, action.text))
            except IllegalAction as exc:
                raise Refusal("illegal", exc, game=row.game) from exc
            move = Move(seat, action, before, new_state, more)
            new_state, auto_events, auto_log = self._autoplay(row, rules, new_state)
            # Taken back only if no automatic seat moved after it, and the rules allow it.
            mine = not auto_log and not row.seats[seat].autopilot
            taker = user_id if mine and refusal(rules, move) is None else None
            outcome = await self._commit(
                row,
                rules,
                state,
                new_state,
                events + auto_events,
                entries + auto_log,
                taker=taker,
            )
            if outcome is not None:
                outcome.actor = user_id
                return outcome
        raise Refusal("busy")

    async def undo(
        self,
        game_id: int,
        user_id: int,
        *,
        version: int | None = None,
        channel: int | None = None,
    ) -> Outcome:
        """Take back the player's last decision (`engine.core.undo`): only their own, the
        latest in effect, with nobody else's entry after it, and one the game's rules allow.
        The log gets an ``undo`` entry (it stays append-only) and the table goes back to the
        state before the decision, in one save with the version check. `version`: the one
        the pressed Undo button showed; a table that moved on since is ``undo_stale``, and
        so is a save that another click beat. The turn deadline stays as it is: a take-back
        gives the decision back, not more time."""
        for _ in range(RETRIES):
            try:
                loaded = await self.load_game(game_id)
            except Refusal as refused:
                # Results and ratings stand: the decision that ended the game is final.
                if refused.code == "game_over":
                    raise Refusal("undo_game_end") from refused
                raise
            row, rules, state = loaded.row, loaded.game, loaded.state
            check_channel(row, channel)
            seat = _seat(row, user_id)
            if version is not None and version != row.version:
                raise Stale("undo_stale")
            if row.seats[seat].autopilot:
                raise Refusal("undo_autopilot")
            entries = await self.repo.actions(row.id)
            undos: list[LogEntry] = []
            undone: list[Event] = []
            current = state
            while True:
                latest = takeback.latest(entries)
                last = latest.entry
                if last is not None and last.user_id is not None and last.user_id != user_id:
                    raise Refusal("undo_not_yours", name=row.seats[last.seat].name)
                if latest.why is not None:
                    raise Refusal(latest.why)
                try:
                    replayed = await takeback.off_loop(takeback.replayed, rules, row, entries)
                except EngineError as exc:
                    raise Refusal("undo_broken") from exc
                if replayed.state != current:
                    log.error("game %s: the action log does not replay to its state", row.id)
                    raise Refusal("undo_broken")
                entry, move = replayed.tail[-1]
                why = refusal(rules, move)
                if why is not None:
                    raise Refusal(f"undo_{why}")
                undos.append((seat, user_id, UNDO))
                undone = [*move.events, *undone]
                judged = entries
                entries = takeback.taken_back(entries, seat, user_id)
                current = move.before
                # A move with no choice was played without asking (`_forced_move`): taken back
                # alone it would be played again at once, so the decision before it goes too.
                forced = publicly_forced(rules, move.before, entry.seat)
                if forced is None or forced.text != entry.action:
                    break
            new_state, auto_events, auto_log = self._autoplay(row, rules, current)
            outcome = await self._commit(
                row,
                rules,
                state,
                new_state,
                auto_events,
                [*undos, *auto_log],
                undone=undone,
                taker=self._next_taker(rules, judged, replayed, seat, user_id, auto_log),
            )
            if outcome is None:
                if version is not None:
                    raise Stale("undo_stale")
                continue
            outcome.actor = user_id
            outcome.taken_back = TakenBack(seat, undone)
            return outcome
        raise Refusal("busy")

    def _next_taker(
        self,
        rules: AnyGame,
        entries: Sequence[LoggedAction],
        replayed: takeback.Replayed,
        seat: int,
        user_id: int,
        auto_log: Sequence[LogEntry],
    ) -> int | None:
        """Who may take back a decision once `user_id` has taken back their last one: the same
        player again if the decision before it was theirs too and may be (several take-backs
        in a row), known from the replay that was just made."""
        if auto_log or len(replayed.tail) < 2:
            return None
        after = takeback.latest(takeback.taken_back(entries, seat, user_id))
        if after.why is not None or after.entry is None or after.entry.user_id != user_id:
            return None
        entry, move = replayed.tail[0]
        return user_id if entry.seq == after.entry.seq and refusal(rules, move) is None else None

    async def undo_offer(self, row: GameRow, user_id: int) -> int | None:
        """The version an Undo button for this player carries, if they may take back their
        last decision now (None: no Undo to show). Remembered per table version; a table not
        seen since this process started is judged on its log, replayed off the event loop."""
        if row.status != "active" or row.seat_of(user_id) is None or row.state is None:
            return None
        known = self._takebacks.get(row.id)
        if known is not None and known[0] == row.version:
            self._takebacks.move_to_end(row.id)
            taker = known[1]
        else:
            taker = await self._taker(row)
            self._remember_takeback(row, taker)
        return row.version if taker == user_id else None

    async def _taker(self, row: GameRow) -> int | None:
        """Who may take back the latest decision of a table, judged on its log."""
        entries = await self.repo.actions(row.id)
        latest = takeback.latest(entries)
        if latest.why is not None or latest.entry is None or latest.entry.user_id is None:
            return None
        if row.seats[latest.entry.seat].autopilot:
            return None
        try:
            rules = self.rules_of(row)
            state = rules.load_state(row.state or "")
            replayed = await takeback.off_loop(takeback.replayed, rules, row, entries)
        except (Refusal, EngineError):
            return None
        if replayed.state != state or refusal(rules, replayed.tail[-1][1]) is not None:
            return None
        return latest.entry.user_id

    def _remember_takeback(self, row: GameRow, taker: int | None) -> None:
        self._takebacks[row.id] = (row.version, taker)
        self._takebacks.move_to_end(row.id)
        while len(self._takebacks) > TAKEBACKS_KEPT:
            self._takebacks.popitem(last=False)

    def _carry_takeback(self, old: GameRow, new: GameRow) -> None:
        """A save that logged nothing (a reminder, a seat put on autopilot) leaves the latest
        decision where it was: whoever could take it back still can, unless their seat is
        now played for them."""
        known = self._takebacks.get(old.id)
        if known is None or known[0] != old.version:
            return
        seat = new.seat_of(known[1]) if known[1] is not None else None
        taker = known[1] if seat is not None and not new.seats[seat].autopilot else None
        self._remember_takeback(new, taker)

    async def end(self, channel_id: int, user_id: int, moderator: bool) -> Outcome:
        """The host (or a moderator) ends the channel's game. A game whose row is damaged, or
        that names a game this bot no longer has, can always be ended, which frees the
        channel; a daily challenge only by its player. The outcome has no state when the
        saved one cannot be read: the table is closed all the same."""
        try:
            row = await self.find(channel_id)
        except Damaged:
            head = await self.repo.head(channel_id)
            if head is None or head.status not in OPEN_STATUSES:
                raise
            if user_id != head.host_id and not moderator:
                raise Refusal("end_denied") from None
            await self.repo.close_damaged(head.id)
            log.warning("game %s: damaged row closed by user %s", head.id, user_id)
            raise DamagedClosed(head) from None
        for _ in range(RETRIES):
            may_end(row, user_id, moderator)
            new = row.model_copy(update={"status": "cancelled", "deadline_at": None, "waits": []})
            try:
                saved = await self.repo.save(new, row.version)
            except Conflict:
                row = await self._load(row.id)
                continue
            return Outcome(saved, self.readable(saved), ended=True)
        raise Refusal("busy")

    def readable(self, row: GameRow) -> Any:
        """The row's state, or None when it cannot be read (damaged, or of a game this bot no
        longer has): enough to close a table, if not to play it."""
        if row.state is None:
            return None
        try:
            return self._state(row, self.rules_of(row))
        except Refusal:
            return None

    async def set_autopilot(
        self, game_id: int, user_id: int, moderator: bool, target: int, on: bool
    ) -> Outcome:
        """The host or a moderator puts a seat on autopilot; a player may take their own seat
        back. Never in a daily challenge: its score must be the player's own."""
        for _ in range(RETRIES):
            loaded = await self.load_game(game_id)
            row, rules, state = loaded.row, loaded.game, loaded.state
            if row.options.challenge_day:
                raise Refusal("challenge_no_autopilot")
            own_return = target == user_id and not on
            if user_id != row.host_id and not moderator and not own_return:
                raise Refusal("autopilot_denied")
            seat = row.seat_of(target)
            if seat is None:
                raise Refusal("no_such_player")
            seats = list(row.seats)
            seats[seat] = seats[seat].model_copy(update={"autopilot": on})
            row2 = row.model_copy(update={"seats": seats})
            new_state, events, entries = self._autoplay(row2, rules, state)
            outcome = await self._commit(row2, rules, state, new_state, events, entries, base=row)
            if outcome is not None:
                key = "autopilot_on" if on else "autopilot_off"
                outcome.notice = (key, {"name": seats[seat].name})
                return outcome
        raise Refusal("busy")

    async def play_ai(self, game_id: int) -> Outcome | None:
        """A strong AI seat that must decide does so, thought out by the thinker (away from
        the event loop), then the normal AI and autopilot seats after it; saved with the
        optimistic version check like any move. None when no strong seat is to act (or the
        table is no longer running). Nothing is saved before the decision is made: a crash
        while thinking leaves the game as it was, and the seat thinks again after a restart."""
        for _ in range(RETRIES):
            try:
                loaded = await self.load_game(game_id)
            except Refusal:
                return None
            row, rules, state = loaded.row, loaded.game, loaded.state
            thinkers = self._strong_to_act(row, rules, state)
            if not thinkers:
                return None
            seat = thinkers[0]
            action = await self.thinker(rules, state, seat, row.seed)
            crash_point("thought")
            try:
                new_state, events = rules.apply(state, seat, action)
            except IllegalAction:
                log.error("game %s: the strong AI's move %r was refused", row.id, action.text)
                action = rules.default_action(state, seat)
                new_state, events = rules.apply(state, seat, action)
            entries: list[LogEntry] = [(seat, None, action.text)]
            new_state, auto_events, auto_log = self._autoplay(row, rules, new_state)
            outcome = await self._commit(
                row, rules, state, new_state, events + auto_events, entries + auto_log
            )
            if outcome is not None:
                return outcome
        return None

    async def owed_ai_moves(self) -> list[int]:
        """Running tables of this process's shards where a strong AI seat must move now (at
        startup: the process stopped while it was thinking)."""
        owed = []
        for row in await self.repo.with_strong_ai(self.shards):
            with contextlib.suppress(Refusal):
                rules = self.rules_of(row)
                if self._strong_to_act(row, rules, self._state(row, rules)):
                    owed.append(row.id)
        return owed

    async def run_due(self, now: float | None = None) -> list[Outcome]:
        """Send half-time reminders and play default moves at deadlines (survives restarts:
        deadlines are stored). Each due game is claimed first, so that of several processes
        sharing the database only one handles it; its save ends the claim."""
        now = self.clock() if now is None else now
        outcomes = []
        for row in await self.repo.claim_due(now, self.owner, CLAIM_SECONDS, self.shards):
            try:
                outcome = await self._run_deadline(row, now)
            except (Refusal, EngineError, Conflict):
                continue
            except Exception:
                log.exception("game %s: the deadline could not be played", row.id)
                continue
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def _run_deadline(self, row: GameRow, now: float) -> Outcome | None:
        rules = self.rules_of(row)
        state = self._state(row, rules)
        assert row.deadline_at is not None
        waiting = self._humans_to_act(row, rules, state)
        if now < row.deadline_at:
            saved = await self.repo.save(row.model_copy(update={"reminded": True}), row.version)
            self._carry_takeback(row, saved)
            key = "last_one" if len(waiting) == 1 else "reminder"
            return Outcome(saved, state, ping=waiting, reminder=key)
        late = rules.to_act(state)
        new_state, events = state, []
        entries: list[LogEntry] = []
        for seat in late:
            # Only the decisions that were due: the one the seat was late with (even if
            # another late seat's default moved the game on meanwhile, as where one seat
            # bids while another plays its own end of round), and those after it while the
            # seat's own moves keep the game at the same step. Once its move takes the game
            # to another step, its next decision gets a deadline of its own.
            due = rules.token(state, seat)
            moved_from = None
            while seat in rules.to_act(new_state):
                step = rules.step(new_state)
                if rules.token(new_state, seat) != due and step != moved_from:
                    break
                action = rules.default_action(new_state, seat)
                new_state, more = rules.apply(new_state, seat, action)
                events += more
                entries.append((seat, None, action.text))
                moved_from = step
        new_state, auto_events, auto_log = self._autoplay(row, rules, new_state)
        outcome = await self._commit(
            row, rules, state, new_state, events + auto_events, entries + auto_log
        )
        if outcome is not None:
            outcome.notice = ("deadline_applied", {"names": [row.seats[s].name for s in late]})
        return outcome

    async def set_messages(
        self, row: GameRow, shown: bool = True, step_key: str | None = None, **ids: int | None
    ) -> None:
        """Remember which messages show this table and, with `shown`, that they show
        `row.version` (without it, only where a message just posted is)."""
        await self.repo.set_messages(row.id, row.version if shown else 0, step_key, **ids)

    # --- reading -------------------------------------------------------------------------------

    async def row(self, game_id: int) -> GameRow:
        """A table in any state (lobby, running, over)."""
        return await self._load(game_id)

    async def find(self, channel_id: int) -> GameRow:
        try:
            row = await self.repo.load_by_channel(channel_id)
        except CorruptGame as exc:
            raise Damaged() from exc
        if row is None:
            raise Refusal("no_game")
        return row

    async def load_game(self, game_id: int) -> Loaded:
        """A running table; refused if it is still a lobby or over."""
        row = await self._load(game_id)
        if row.status == "lobby":
            raise Refusal("not_started")
        if row.status != "active":
            raise Refusal("game_over")
        rules = self.rules_of(row)
        return Loaded(row, rules, self._state(row, rules))

    async def load_any(self, game_id: int) -> Loaded:
        """A started table, running or finished."""
        row = await self._load(game_id)
        rules = self.rules_of(row)
        if row.state is None:
            raise Refusal("not_started")
        return Loaded(row, rules, self._state(row, rules))

    async def history(self, row: GameRow) -> tuple[list[Event], bool]:
        """Every event of the game, replayed from its action log, and whether the whole log
        replayed: a log the rules no longer accept (a damaged entry, a rules change) gives
        the events up to that entry."""
        rules = self.rules_of(row)
        entries = in_effect(await self.repo.actions(row.id), lambda entry: entry.action)
        try:
            state, events = rules.start(len(row.seats), row.seed, row.game_options)
        except EngineError:
            log.warning("game %s: its setup no longer replays", row.id)
            return [], False
        for entry in entries:
            try:
                state, more = rules.apply(state, entry.seat, entry.action)
            except EngineError:
                log.warning("game %s: the log stops replaying at entry %s", row.id, entry.seq)
                return events, False
            events += more
        return events, True

    async def replay(self, row: GameRow, run: Runner = inline) -> Timeline:
        """The game replayed from its action log for `/table replay`, built by `run` (the
        Discord layer builds it on the drawing thread). Kept for the table's version: a viewer's
        next click finds it, and a running game's next move only plays its new entries."""
        kept = self.timelines.get(row.id, row.version)
        if kept is not None:
            return kept
        rules = self.rules_of(row)
        stored = await self.repo.actions(row.id)
        log_ = [(e.seat, e.action) for e in stored]
        before = self.timelines.latest(row.id)
        timeline: Timeline = await run(
            build, rules, len(row.seats), row.seed, row.game_options, log_, before
        )
        self.timelines.put(row.id, row.version, timeline)
        return timeline

    # --- records ---------------------------------------------------------------------------------

    def today(self) -> date:
        """Today's challenge day (UTC) by the service's clock."""
        return challenge.day_of(self.clock())

    async def leaderboard(
        self, game: str, period: str, guild_id: int | None
    ) -> tuple[list[BoardEntry], date]:
        """The best challenge scores of `period` (``today``, ``week``, ``all-time``) in one
        server (None: everyone), and the day the period ends on."""
        self.game(game)
        if period not in challenge.PERIODS:
            raise Refusal("bad_button")
        today = self.today()
        first, last = challenge.period_days(period, today)
        return await self.repo.leaderboard(game, first, last, guild_id), today

    async def rating_board(self, game: str, guild_id: int | None) -> list[RatingEntry]:
        """The best rated players of a game on one server (None: everyone)."""
        self.game(game)
        return await self.repo.rating_board(game, guild_id)

    async def user_ratings(self, user_id: int, guild_id: int | None) -> dict[str, RatingEntry]:
        """A player's rating at each game they were rated in: this server's where there is
        one (with `guild_id`), else the one over every server."""
        found: dict[str, RatingEntry] = {}
        for entry in await self.repo.user_ratings(user_id, guild_id):
            if entry.game not in found or entry.guild_id != ratings.GLOBAL:
                found[entry.game] = entry
        return found

    async def set_rates_ai(self, guild_id: int, rates: bool) -> None:
        """Whether this server's games against AI seats count for ratings from now on."""
        await self.repo.set_guild_rates_ai(guild_id, rates)

    async def stats(self, user_id: int) -> list[GameStats]:
        """A player's record, one entry per game they finished."""
        return await self.repo.user_stats(user_id)

    async def challenge_secret(self, configured: str | None) -> str:
        """The secret the daily challenges are seeded with: the configured one, else the one
        generated once and kept in the database."""
        if configured:
            return configured
        return await self.repo.meta("challenge_secret", secrets.token_hex(32))

    async def unshown(self, since: float) -> list[GameRow]:
        """Tables of this process's shards whose messages are behind their state."""
        return await self.repo.unshown(since, self.shards)

    # --- calling players -----------------------------------------------------------------------

    async def calls(self, game_id: int) -> list[Call]:
        """The calls sent for a table, every turn."""
        return await self.repo.calls(game_id)

    async def claim_call(self, game_id: int, user_id: int, turn: str, via: str) -> bool:
        """The right to call a person for one turn (False: already called)."""
        return await self.repo.claim_call(game_id, user_id, turn, via)

    async def set_call_message(
        self, game_id: int, user_ids: Sequence[int], turn: str, message_id: int | None
    ) -> None:
        await self.repo.set_call_message(game_id, user_ids, turn, message_id)

    async def notify_way(self, user_id: int) -> tuple[str, float | None]:
        """Where a person wants to be called, and when their DMs were found closed."""
        return await self.repo.notify_way(user_id)

    async def set_notify_way(self, user_id: int, way: str) -> None:
        if way not in NOTIFY_WAYS:
            raise Refusal("bad_button")
        await self.repo.set_notify_way(user_id, way)

    async def set_dms_closed(self, user_id: int, at: float | None) -> None:
        await self.repo.set_dms_closed(user_id, at)

    async def rating_changes(self, row: GameRow) -> list[RatingChange]:
        """What a finished game did to its players' ratings where it was played (its server,
        or everywhere for a game in direct messages); empty if it was not rated."""
        scope = row.guild_id if row.guild_id is not None else ratings.GLOBAL
        return [c for c in await self.repo.rating_changes(row.id) if c.guild_id == scope]

    # --- answers owed to commands ------------------------------------------------------------

    async def owe_answer(self, token: str, user_id: int, locale: str) -> None:
        """A command was acknowledged; its answer is owed (sent at startup after a crash)."""
        await self.repo.owe_answer(token, user_id, locale, self.clock())

    async def answered(self, token: str) -> None:
        await self.repo.answered(token)

    async def owed_answers(self) -> list[OwedAnswer]:
        return await self.repo.owed_answers()

    async def waiting_for(self, user_id: int) -> list[Loaded]:
        """Every running table that waits for this person, wherever it is (readable ones)."""
        tables = []
        for row in await self.repo.waiting_for(user_id):
            with contextlib.suppress(Refusal):
                rules = self.rules_of(row)
                tables.append(Loaded(row, rules, self._state(row, rules)))
        return tables

    async def waiting(self) -> list[GameRow]:
        """Running tables of this process's shards that wait for someone."""
        return await self.repo.waiting(self.shards)

    # --- results ---------------------------------------------------------------------------------

    async def verified_results(
        self, row: GameRow, rules: AnyGame, state: Any, more: Sequence[LogEntry] = ()
    ) -> tuple[GameResult, list[ResultEntry]] | None:
        """A finished game's results, only if the server replays the stored action log (plus
        `more`, not stored yet) from the seed to exactly this state: a log that does not lead
        here is refused. Moves played for a human (autopilot, a deadline) mark the score as
        assisted."""
        stored = await self.repo.actions(row.id)
        entries = [(e.seat, e.user_id, e.action) for e in stored] + list(more)
        try:
            replayed = replay(
                rules, len(row.seats), row.seed, [(s, a) for s, _, a in entries], row.game_options
            )
        except EngineError:
            replayed = None
        if replayed is None or replayed != state:
            log.error("game %s: the action log does not replay to its final state", row.id)
            return None
        result = rules.result(replayed)
        assisted = {s for s, user, _ in entries if user is None and not row.seats[s].is_ai}
        scored = []
        for s in result.seats:
            user = row.seats[s.seat].user_id
            if user is not None:
                won = row.kind == "multi" and s.seat in result.winners
                scored.append(ResultEntry(user, s.total, s.title, won, s.seat in assisted))
        return result, scored

    async def reconcile_results(self) -> int:
        """At startup: record the results of finished games that have none (a database from
        an earlier release, or a crash before results and games were saved together)."""
        recorded = 0
        for row in await self.repo.unrecorded():
            rules = self.rules_of(row)
            try:
                state = self._state(row, rules)
            except Refusal:
                continue
            verified = await self.verified_results(row, rules, state)
            if verified is not None:
                await self.repo.record_results(row, verified[1], ratings.places(verified[0]))
                recorded += 1
        return recorded

    # --- internals ---------------------------------------------------------------------------

    async def _load(self, game_id: int) -> GameRow:
        try:
            return await self.kept.load(self.repo, game_id)
        except CorruptGame as exc:
            raise Damaged() from exc
        except NoSuchGame as exc:
            raise Refusal("no_game") from exc

    def _state(self, row: GameRow, rules: AnyGame) -> Any:
        if row.state is None:
            raise Refusal("not_started")
        try:
            return self.kept.state(row, rules.load_state)
        except EngineError as exc:
            self.kept.forget(row.id)
            log.error("game %s: damaged state: %s", row.id, exc)
            raise Damaged() from exc

    def _stale(self, rules: AnyGame, state: Any, seat: int) -> Refusal:
        return Stale("stale" if seat in rules.to_act(state) else "stale_nothing")

    async def _lobby_change(
        self, game_id: int, change: Callable[[GameRow, AnyGame], Awaitable[GameRow]]
    ) -> GameRow:
        for _ in range(RETRIES):
            row = await self._load(game_id)
            if row.status != "lobby":
                raise Refusal("lobby_only")
            new = await change(row, self.rules_of(row))
            try:
                return await self.repo.save(new, row.version)
            except Conflict:
                continue
        raise Refusal("busy")

    def _autoplay(
        self, row: GameRow, rules: AnyGame, state: Any
    ) -> tuple[Any, list[Event], list[LogEntry]]:
        """Normal AI and autopilot seats play their default moves (the heuristic: fast) until
        a human or a strong AI seat must decide; a strong seat's move is thought out later,
        away from this call (`play_ai`)."""
        events: list[Event] = []
        entries: list[LogEntry] = []
        for _ in range(AUTOPLAY_LIMIT):
            robots = [
                s for s in rules.to_act(state) if _automatic(row, s) and not row.seats[s].strong
            ]
            if robots:
                seat = robots[0]
                action = rules.default_action(state, seat)
                state, more = rules.apply(state, seat, action)
                events += more
                entries.append((seat, None, action.text))
                continue
            ordered = self._standing_move(row, rules, state) or self._forced_move(row, rules, state)
            if ordered is None:
                break
            seat, action = ordered
            state, more = rules.apply(state, seat, action)
            events += more
            entries.append((seat, row.seats[seat].user_id, action.text))
        return state, events, entries

    def _forced_move(self, row: GameRow, rules: AnyGame, state: Any) -> tuple[int, Any] | None:
        """A person's move that has no choice, and that everyone can see has none (the
        public table forces it whatever the secrets are): played at once, as theirs, instead
        of asking and calling them for one button. A move forced by something hidden is still
        asked (playing it at once would show the table what forced it)."""
        for seat in rules.to_act(state):
            if row.seats[seat].user_id is not None and not _automatic(row, seat):
                action = publicly_forced(rules, state, seat)
                if action is not None:
                    return seat, action
        return None

    def _standing_move(self, row: GameRow, rules: AnyGame, state: Any) -> tuple[int, Any] | None:
        """A move a person's standing order plays for them now (their own choice, made ahead:
        logged as theirs), if any applies."""
        if not isinstance(rules, StandingOrders):
            return None
        for seat in rules.to_act(state):
            order = row.seats[seat].standing
            if order is not None and not _automatic(row, seat):
                action = rules.standing_action(state, seat, order)
                if action is not None:
                    return seat, action
        return None

    def _strong_to_act(self, row: GameRow, rules: AnyGame, state: Any) -> list[int]:
        """Strong AI seats that must decide now (none once the game is over)."""
        if row.status != "active" or rules.is_over(state):
            return []
        return [s for s in rules.to_act(state) if row.seats[s].strong]

    def _humans_to_act(self, row: GameRow, rules: AnyGame, state: Any) -> list[int]:
        users = []
        for seat in rules.to_act(state):
            user = row.seats[seat].user_id
            if user is not None and not _automatic(row, seat):
                users.append(user)
        return users

    def _with_state(
        self,
        row: GameRow,
        rules: AnyGame,
        old: Any,
        state: Any,
        events: list[Event],
        undone: Sequence[Event] | None = None,
    ) -> GameRow:
        """The row showing `state`. `undone`: the events of a decision taken back, whose
        public ones leave the table's last moves again."""
        public = [e.to_json() for e in public_events(events)]
        recent = list(row.recent)
        if undone is not None:
            gone = [e.to_json() for e in public_events(undone)]
            if gone and recent[-len(gone) :] == gone:
                recent = recent[: -len(gone)]
        update: dict[str, object] = {
            "state": rules.dump_state(state),
            "recent": [*recent, *public][-RECENT_EVENTS:],
        }
        # A seat owes a new decision if it was not waiting, or has acted since (its own move
        # or a default at a deadline): each new decision gets the full turn time. A decision
        # taken back keeps the table's deadline: the player gets the decision back, not time.
        before = {s: rules.token(old, s) for s in rules.to_act(old)} if old is not None else {}
        newly_waiting = [s for s in rules.to_act(state) if before.get(s) != rules.token(state, s)]
        if undone is not None and row.deadline_at is not None:
            newly_waiting = []
        if rules.is_over(state):
            update.update(status="over", deadline_at=None, reminded=False)
        elif newly_waiting and row.options.turn_hours:
            update.update(deadline_at=self.clock() + row.options.turn_hours * 3600, reminded=False)
        update["waits"] = [] if rules.is_over(state) else self._waits(row, rules, state)
        return row.model_copy(update=update)

    def _waits(self, row: GameRow, rules: AnyGame, state: Any) -> list[Wait]:
        """Whom the table waits for now: each person (not an AI or autopilot seat) who owes a
        decision, the turn it belongs to, and since when (kept while the turn is the same)."""
        turn = turn_of(rules, state)
        before = {w.user_id: w for w in row.waits}
        waits = []
        for seat in rules.to_act(state):
            user = row.seats[seat].user_id
            if user is None or _automatic(row, seat):
                continue
            old = before.get(user)
            since = old.since if old is not None and old.turn == turn else self.clock()
            forced = len(rules.legal_actions(state, seat)) == 1
            waits.append(Wait(user_id=user, seat=seat, turn=turn, since=since, forced=forced))
        return waits

    async def _commit(
        self,
        row: GameRow,
        rules: AnyGame,
        old: Any,
        state: Any,
        events: list[Event],
        entries: list[LogEntry],
        base: GameRow | None = None,
        undone: Sequence[Event] | None = None,
        taker: int | None = None,
    ) -> Outcome | None:
        """Save, with the results when the game is over (one transaction); None when someone
        else saved first (the caller reloads and retries). `undone`: the events of the
        decision a take-back cancels; `taker`: who may take back the latest of `entries`."""
        new = self._with_state(row, rules, old, state, events, undone)
        finished = rules.is_over(state)
        # Every caller lets the automatic seats play first: any still to act hit the limit
        # (a strong AI seat left to think is not stuck, it is next).
        waiting = rules.to_act(state)
        thinking = not finished and bool(self._strong_to_act(new, rules, state))
        stalled = (
            not finished
            and not thinking
            and bool(waiting)
            and all(_automatic(new, s) for s in waiting)
        )
        if stalled:
            log.warning("game %s: %s automatic moves without an end: ended", row.id, AUTOPLAY_LIMIT)
            new = new.model_copy(update={"status": "cancelled", "deadline_at": None, "waits": []})
        result = None
        results: list[ResultEntry] = []
        if finished:
            verified = await self.verified_results(new, rules, state, entries)
            if verified is not None:
                result, results = verified
        crash_point("before_save")
        try:
            places = ratings.places(result) if result is not None else ()
            saved = await self.repo.save(new, (base or row).version, entries, results, places)
        except Conflict:
            return None
        crash_point("saved")
        self.kept.saved(saved, state)
        if entries:
            self._remember_takeback(saved, taker)
        else:
            self._carry_takeback(base or row, saved)
        before = set(self._humans_to_act(row, rules, old))
        now_waiting = self._humans_to_act(saved, rules, state)
        ping = [u for u in now_waiting if u not in before]
        last = now_waiting[0] if len(before) > 1 and len(now_waiting) == 1 and not ping else None
        if stalled:
            return Outcome(saved, state, events, ended=True, stalled=AUTOPLAY_LIMIT)
        return Outcome(
            saved,
            state,
            events,
            ping,
            last_one=last,
            finished=finished,
            result=result,
            thinking=thinking,
        )


def may_end(row: GameRow, user_id: int, moderator: bool) -> None:
    """Refused unless this user may end this table now: the host or a moderator, a daily
    challenge only its player, and only a table still open."""
    if row.status not in OPEN_STATUSES:
        raise Refusal("game_over")
    if row.options.challenge_day and user_id != row.host_id:
        raise Refusal("challenge_private")
    if user_id != row.host_id and not moderator:
        raise Refusal("end_denied")


def check_channel(row: GameRow, channel: int | None, lobby: bool = False) -> None:
    """A button acts on the table of the channel it was pressed in: a forged id naming another
    channel's table is refused. Only the lobby's buttons sit in the channel the table's thread
    opened from, so only they (`lobby`) are accepted from there: a forged id sent from a daily
    challenge's parent channel reads nothing of the challenge. A private prompt's clicks come
    with no channel (None): the bot sent it to the one person whose decision it shows,
    wherever they opened it, and it acts only for their seat (`cogs.clicks.acting_from`)."""
    if channel is None or channel == row.channel_id:
        return
    if lobby and channel == row.parent_id:
        return
    raise Refusal("other_table")


def _validated(rules: AnyGame, options: dict[str, Any]) -> dict[str, Any]:
    try:
        return dict(rules.options.model_validate(options).model_dump())
    except ValidationError as exc:
        raise Refusal("bad_options") from exc


STANDING = "standing "
"""The text of a choice that leaves a standing order (``standing 12``), not an action."""


def _standing(text: str) -> str | None:
    """What a standing order says (``"12"``), if the text leaves one."""
    return text[len(STANDING) :] if text.startswith(STANDING) else None


def _seat(row: GameRow, user_id: int) -> int:
    seat = row.seat_of(user_id)
    if seat is None:
        raise Refusal("not_seated")
    return seat


def _automatic(row: GameRow, seat: int) -> bool:
    return row.seats[seat].is_ai or row.seats[seat].autopilot


def _host_name(row: GameRow) -> str:
    seat = row.seat_of(row.host_id)
    return row.seats[seat].name if seat is not None else "?"
