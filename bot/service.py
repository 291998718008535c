"""The table service: every command and click goes through here.

Stateless: each call loads the game, checks who may act, asks the engine, saves with an
optimistic version check, and returns what changed for the Discord layer to show. No
Discord objects: cogs translate interactions into these calls.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date

from bot import challenge
from bot.catalog import say
from bot.render import event_line
from bot.storage import (
    OPEN_STATUSES,
    AlreadyPlayed,
    ChannelBusy,
    Conflict,
    CorruptGame,
    GameRow,
    Repository,
    Seat,
    StorageError,
    TableOptions,
)
from engine.core.actions import ActionSyntaxError
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event
from engine.fleet_dice.replay import replay
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.state import FleetState

log = logging.getLogger(__name__)

MAX_SEATS = 4
RECENT_LINES = 8
AUTOPLAY_LIMIT = 5000
RETRIES = 3


class Refusal(Exception):
    """Bad input: answered with one friendly sentence, and nothing changed."""

    def __init__(self, message: str, *, stale: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.stale = stale


@dataclass
class Outcome:
    """What one call changed, for the Discord layer to show."""

    row: GameRow
    state: FleetState | None = None
    events: list[Event] = field(default_factory=list)
    new_roll: bool = False
    ping: list[int] = field(default_factory=list)
    """Users who have a new decision to make."""
    last_one: int | None = None
    """A user who is now the only one the table waits for (after others decided)."""
    finished: bool = False
    notice: str | None = None
    """A sentence for the channel (a deadline passed, a seat went on autopilot)."""
    reminder: str | None = None
    """A catalog key (`reminder` or `last_one`) when the only news is a reminder ping."""
    share: str | None = None
    """For a finished daily challenge: the spoiler-free result line."""


class TableService:
    def __init__(
        self,
        repo: Repository,
        clock: Callable[[], float] = time.time,
        game: FleetDice | None = None,
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.game = game or FleetDice()

    # --- lobby -------------------------------------------------------------------------------

    async def open_table(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        parent_id: int | None,
        host_id: int,
        host_name: str,
        options: TableOptions,
    ) -> GameRow:
        row = _new_row(channel_id, guild_id, parent_id, host_id, host_name, options)
        try:
            return await self.repo.create(row)
        except ChannelBusy as exc:
            raise Refusal(say("channel_busy")) from exc

    async def start_challenge(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        parent_id: int | None,
        user_id: int,
        name: str,
        secret: str,
    ) -> Outcome:
        """Today's challenge for this player: one attempt each, started at once."""
        day = challenge.day_of(self.clock())
        options = TableOptions(solo=True, challenge_day=day.isoformat())
        row = _new_row(channel_id, guild_id, parent_id, user_id, name, options)
        row = row.model_copy(update={"seed": challenge.seed(secret, day)})
        try:
            created = await self.repo.claim_attempt(row, day.isoformat(), user_id, guild_id)
        except AlreadyPlayed as exc:
            raise Refusal(say("challenge_done", number=challenge.number(day))) from exc
        except ChannelBusy as exc:
            raise Refusal(say("channel_busy")) from exc
        return await self.start(created.id, user_id)

    async def check_challenge_open(self, user_id: int) -> None:
        """Refuse early (before a thread is made) when today's attempt is already used."""
        day = challenge.day_of(self.clock())
        if await self.repo.attempted(day.isoformat(), user_id):
            raise Refusal(say("challenge_done", number=challenge.number(day)))

    async def join(self, game_id: int, user_id: int, name: str) -> GameRow:
        async def change(row: GameRow) -> GameRow:
            if row.seat_of(user_id) is not None:
                raise Refusal(say("already_seated"))
            if len(row.seats) >= MAX_SEATS:
                raise Refusal(say("lobby_full"))
            return row.model_copy(update={"seats": [*row.seats, Seat(user_id=user_id, name=name)]})

        return await self._lobby_change(game_id, change)

    async def leave(self, game_id: int, user_id: int) -> GameRow:
        async def change(row: GameRow) -> GameRow:
            if user_id == row.host_id:
                raise Refusal(say("host_cannot_leave"))
            if row.seat_of(user_id) is None:
                raise Refusal(say("not_seated"))
            return row.model_copy(update={"seats": [s for s in row.seats if s.user_id != user_id]})

        return await self._lobby_change(game_id, change)

    async def add_ai(self, game_id: int, user_id: int) -> GameRow:
        async def change(row: GameRow) -> GameRow:
            if row.seat_of(user_id) is None:
                raise Refusal(say("not_seated"))
            if len(row.seats) >= MAX_SEATS:
                raise Refusal(say("lobby_full"))
            n = sum(1 for s in row.seats if s.is_ai) + 1
            return row.model_copy(update={"seats": [*row.seats, Seat(name=say("ai_name", n=n))]})

        return await self._lobby_change(game_id, change)

    async def cancel(self, game_id: int, user_id: int) -> GameRow:
        async def change(row: GameRow) -> GameRow:
            if user_id != row.host_id:
                raise Refusal(say("host_only_cancel", name=self._host_name(row)))
            return row.model_copy(update={"status": "cancelled"})

        return await self._lobby_change(game_id, change)

    async def start(self, game_id: int, user_id: int) -> Outcome:
        for _ in range(RETRIES):
            row = await self._load(game_id)
            if row.status != "lobby":
                raise Refusal(say("lobby_only"))
            if user_id != row.host_id:
                raise Refusal(say("host_only_start", name=self._host_name(row)))
            if not row.options.solo and not 2 <= len(row.seats) <= MAX_SEATS:
                raise Refusal(say("need_players"))
            seats = 1 if row.options.solo else len(row.seats)
            opts = {"captains": row.options.captains, "trophies": row.options.trophies}
            state, events = self.game.start(seats, row.seed, opts)
            state, auto_events, log = self._autoplay(row, state)
            events += auto_events
            new = self._with_state(row, None, state, events).model_copy(update={"status": "active"})
            try:
                saved = await self.repo.save(new, row.version, log)
            except Conflict:
                continue
            return Outcome(
                saved, state, events, new_roll=True, ping=self._humans_to_act(saved, state)
            )
        raise Refusal(say("busy"))

    # --- play --------------------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        text: str,
        *,
        acted: int | None = None,
        die_phase: str | None = None,
    ) -> Outcome:
        """Apply one player's action. `acted` (from a prompt) or `die_phase` (from a roll
        message) mark where the click came from; a click from an older prompt is stale."""
        for _ in range(RETRIES):
            row, state = await self.load_game(game_id)
            seat = self._seat(row, user_id)
            if acted is not None and state.players[seat].acted != acted:
                raise Refusal(self._stale_message(state, seat), stale=True)
            if die_phase is not None and die_phase != phase_tag(state):
                raise Refusal(self._stale_message(state, seat), stale=True)
            try:
                action = self.game.parse_action(text)
            except ActionSyntaxError as exc:
                raise Refusal(exc.reason) from exc
            if self.game.pending(state, seat) is None:
                raise Refusal(say("not_your_turn"))
            try:
                new_state, events = self.game.apply(state, seat, action)
            except IllegalAction as exc:
                raise Refusal(exc.reason) from exc
            log: list[tuple[int, int | None, str]] = [(seat, user_id, action.text)]
            new_state, auto_events, auto_log = self._autoplay(row, new_state)
            outcome = await self._commit(
                row, state, new_state, events + auto_events, log + auto_log
            )
            if outcome is not None:
                return outcome
        raise Refusal(say("busy"))

    async def end(self, game_id: int, user_id: int, moderator: bool) -> GameRow:
        for _ in range(RETRIES):
            row = await self._load(game_id)
            if row.status not in OPEN_STATUSES:
                raise Refusal(say("game_over"))
            if user_id != row.host_id and not moderator:
                raise Refusal(say("end_denied"))
            new = row.model_copy(update={"status": "cancelled", "deadline_at": None})
            try:
                return await self.repo.save(new, row.version)
            except Conflict:
                continue
        raise Refusal(say("busy"))

    async def set_autopilot(
        self, game_id: int, user_id: int, moderator: bool, target: int, on: bool
    ) -> Outcome:
        for _ in range(RETRIES):
            row, state = await self.load_game(game_id)
            if user_id != row.host_id and not moderator:
                raise Refusal(say("autopilot_denied"))
            seat = row.seat_of(target)
            if seat is None:
                raise Refusal(say("no_such_player"))
            seats = list(row.seats)
            seats[seat] = seats[seat].model_copy(update={"autopilot": on})
            row2 = row.model_copy(update={"seats": seats})
            new_state, events, log = self._autoplay(row2, state)
            outcome = await self._commit(row2, state, new_state, events, log, base=row)
            if outcome is not None:
                key = "autopilot_on" if on else "autopilot_off"
                outcome.notice = say(key, name=seats[seat].name)
                return outcome
        raise Refusal(say("busy"))

    async def run_due(self, now: float | None = None) -> list[Outcome]:
        """Send half-time reminders and play default moves at deadlines (survives restarts:
        deadlines are stored)."""
        now = self.clock() if now is None else now
        outcomes = []
        for row in await self.repo.due(now):
            try:
                outcome = await self._run_deadline(row, now)
            except (Refusal, StorageError, EngineError):
                continue
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def _run_deadline(self, row: GameRow, now: float) -> Outcome | None:
        state = self._state(row)
        assert row.deadline_at is not None
        waiting = self._humans_to_act(row, state)
        if now < row.deadline_at:
            saved = await self.repo.save(row.model_copy(update={"reminded": True}), row.version)
            key = "last_one" if len(waiting) == 1 else "reminder"
            return Outcome(saved, state, ping=waiting, reminder=key)
        late = self.game.to_act(state)
        step = (state.round, state.phase, state.stage)
        new_state, events = state, []
        log: list[tuple[int, int | None, str]] = []
        for seat in late:
            # Only the decisions that were due: once the game moves to another step, the
            # seat's next decision gets a deadline of its own.
            while seat in self.game.to_act(new_state) and step == (
                new_state.round,
                new_state.phase,
                new_state.stage,
            ):
                action = self.game.default_action(new_state, seat)
                new_state, more = self.game.apply(new_state, seat, action)
                events += more
                log.append((seat, None, action.text))
        new_state, auto_events, auto_log = self._autoplay(row, new_state)
        outcome = await self._commit(row, state, new_state, events + auto_events, log + auto_log)
        if outcome is not None:
            names = ", ".join(row.seats[s].name for s in late)
            outcome.notice = say("deadline_applied", names=names)
        return outcome

    async def set_messages(self, game_id: int, board_id: int | None, roll_id: int | None) -> None:
        """Remember which messages show this game's board and current roll."""
        await self.repo.set_messages(game_id, board_id, roll_id)

    # --- reading -------------------------------------------------------------------------------

    async def find(self, channel_id: int) -> GameRow:
        try:
            row = await self.repo.load_by_channel(channel_id)
        except CorruptGame as exc:
            raise Refusal(say("corrupt")) from exc
        if row is None:
            raise Refusal(say("no_game"))
        return row

    async def load_game(self, game_id: int) -> tuple[GameRow, FleetState]:
        row = await self._load(game_id)
        if row.status == "lobby":
            raise Refusal(say("not_started"))
        if row.status != "active":
            raise Refusal(say("game_over"))
        return row, self._state(row)

    async def load_any(self, game_id: int) -> tuple[GameRow, FleetState | None]:
        row = await self._load(game_id)
        return row, self._state(row) if row.state else None

    async def log_lines(self, row: GameRow, limit: int = 20) -> list[str]:
        """The last moves, told as events: the action log replayed from the seed."""
        entries = await self.repo.actions(row.id)
        if not entries:
            return []
        seats = 1 if row.options.solo else len(row.seats)
        opts = {"captains": row.options.captains, "trophies": row.options.trophies}
        state = self.game.new_game(seats, row.seed, opts)
        lines: list[str] = []
        for entry in entries:
            state, events = self.game.apply(state, entry.seat, entry.action)
            lines += [self.event_text(row, e) for e in events if e.kind != "nothing"]
        return lines[-limit:]

    def event_text(self, row: GameRow, event: Event) -> str:
        line = event_line(event)
        if event.seat is not None and event.seat < len(row.seats):
            line = line.replace(f"Player {event.seat + 1}", row.seats[event.seat].name, 1)
        return line

    # --- results ---------------------------------------------------------------------------------

    async def _record(self, row: GameRow, state: FleetState) -> str | None:
        """A finished game's results, recorded only as the server replays them from the seed
        and the action log: a log that does not lead to this state is refused."""
        entries = await self.repo.actions(row.id)
        opts = {"captains": row.options.captains, "trophies": row.options.trophies}
        try:
            replayed = replay(
                self.game, _seats(row), row.seed, [(e.seat, e.action) for e in entries], opts
            )
        except EngineError:
            replayed = None
        if replayed is None or replayed != state:
            log.error("game %s: the action log does not replay to its final state", row.id)
            return None
        result = self.game.result(replayed)
        kind = "challenge" if row.options.challenge_day else "solo" if row.options.solo else "multi"
        scored = []
        for s in result.seats:
            user = row.seats[s.seat].user_id
            if user is not None:
                won = kind == "multi" and s.seat in result.winners
                scored.append((user, s.total, s.title, won))
        await self.repo.record_results(row.id, kind, row.guild_id, scored, row.created_at)
        if row.options.challenge_day and result.seats[0].title:
            day = date.fromisoformat(row.options.challenge_day)
            return challenge.share_line(day, result.seats[0].total, result.seats[0].title)
        return None

    # --- internals ---------------------------------------------------------------------------

    async def _load(self, game_id: int) -> GameRow:
        try:
            return await self.repo.load(game_id)
        except CorruptGame as exc:
            raise Refusal(say("corrupt")) from exc
        except StorageError as exc:
            raise Refusal(say("no_game")) from exc

    def _state(self, row: GameRow) -> FleetState:
        if row.state is None:
            raise Refusal(say("not_started"))
        try:
            return self.game.load_state(row.state)
        except EngineError as exc:
            raise Refusal(say("corrupt")) from exc

    def _seat(self, row: GameRow, user_id: int) -> int:
        seat = row.seat_of(user_id)
        if seat is None:
            raise Refusal(say("not_seated"))
        return seat

    def _stale_message(self, state: FleetState, seat: int) -> str:
        return say("stale") if self.game.pending(state, seat) else say("stale_nothing")

    def _host_name(self, row: GameRow) -> str:
        seat = row.seat_of(row.host_id)
        return row.seats[seat].name if seat is not None else "the host"

    async def _lobby_change(
        self, game_id: int, change: Callable[[GameRow], Awaitable[GameRow]]
    ) -> GameRow:
        for _ in range(RETRIES):
            row = await self._load(game_id)
            if row.status != "lobby":
                raise Refusal(say("lobby_only"))
            new = await change(row)
            try:
                return await self.repo.save(new, row.version)
            except Conflict:
                continue
        raise Refusal(say("busy"))

    def _autoplay(
        self, row: GameRow, state: FleetState
    ) -> tuple[FleetState, list[Event], list[tuple[int, int | None, str]]]:
        """AI and autopilot seats play their default moves until a human must decide."""
        events: list[Event] = []
        log: list[tuple[int, int | None, str]] = []
        for _ in range(AUTOPLAY_LIMIT):
            robots = [s for s in self.game.to_act(state) if self._automatic(row, s)]
            if not robots:
                break
            seat = robots[0]
            action = self.game.default_action(state, seat)
            state, more = self.game.apply(state, seat, action)
            events += more
            log.append((seat, None, action.text))
        return state, events, log

    @staticmethod
    def _automatic(row: GameRow, seat: int) -> bool:
        if row.options.solo:
            return row.seats[0].autopilot
        return row.seats[seat].is_ai or row.seats[seat].autopilot

    def _humans_to_act(self, row: GameRow, state: FleetState) -> list[int]:
        users = []
        for seat in self.game.to_act(state):
            user = row.seats[seat].user_id
            if user is not None and not self._automatic(row, seat):
                users.append(user)
        return users

    def _with_state(
        self, row: GameRow, old: FleetState | None, state: FleetState, events: list[Event]
    ) -> GameRow:
        recent = [*row.recent, *(self.event_text(row, e) for e in events if _shown(e))]
        update: dict[str, object] = {
            "state": self.game.dump_state(state),
            "recent": recent[-RECENT_LINES:],
        }
        # A seat owes a new decision if it was not waiting, or has acted since (its own move
        # or a default at a deadline): each new decision gets the full turn time.
        before = set(self.game.to_act(old)) if old else set()
        newly_waiting = {
            s
            for s in self.game.to_act(state)
            if s not in before or (old and old.players[s].acted != state.players[s].acted)
        }
        if self.game.is_over(state):
            update.update(status="over", deadline_at=None, reminded=False)
        elif newly_waiting and row.options.turn_hours:
            update.update(deadline_at=self.clock() + row.options.turn_hours * 3600, reminded=False)
        return row.model_copy(update=update)

    async def _commit(
        self,
        row: GameRow,
        old: FleetState,
        state: FleetState,
        events: list[Event],
        log: list[tuple[int, int | None, str]],
        base: GameRow | None = None,
    ) -> Outcome | None:
        """Save; None when someone else saved first (the caller reloads and retries)."""
        new = self._with_state(row, old, state, events)
        try:
            saved = await self.repo.save(new, (base or row).version, log)
        except Conflict:
            return None
        share = await self._record(saved, state) if self.game.is_over(state) else None
        before = set(self._humans_to_act(row, old))
        now_waiting = self._humans_to_act(saved, state)
        ping = [u for u in now_waiting if u not in before]
        new_roll = any(e.kind == "roll" for e in events)
        last = now_waiting[0] if len(before) > 1 and len(now_waiting) == 1 and not ping else None
        return Outcome(
            saved,
            state,
            events,
            new_roll,
            ping,
            last_one=last,
            finished=self.game.is_over(state),
            share=share,
        )


def _new_row(
    channel_id: int,
    guild_id: int | None,
    parent_id: int | None,
    host_id: int,
    host_name: str,
    options: TableOptions,
) -> GameRow:
    """A table with its host seated and a fresh random seed."""
    return GameRow(
        channel_id=channel_id,
        guild_id=guild_id,
        parent_id=parent_id,
        host_id=host_id,
        seats=[Seat(user_id=host_id, name=host_name)],
        options=options,
        seed=secrets.token_hex(8),
    )


def _seats(row: GameRow) -> int:
    return 1 if row.options.solo else len(row.seats)


def phase_tag(state: FleetState) -> str:
    """A short name for the current draft, carried by dice buttons: ``3b`` or ``3t``."""
    return f"{state.round}{state.phase[0]}"


_HIDDEN = frozenset({"nothing"})


def _shown(event: Event) -> bool:
    return event.kind not in _HIDDEN
