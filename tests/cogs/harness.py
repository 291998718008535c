"""Drive the real bot in SimCord through clicks and commands, as players would."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from simcord.components import walk_components

from bot.app import FleetBot
from bot.fronts.base import MAX_STEPS, steps
from bot.service import Loaded
from bot.settings import Settings
from bot.storage import GameRow
from cogs.components import decode_action, known

AI_PLAYOUTS = 6
"""A strong AI seat's search budget in the flows (a real one plays hundreds of playouts)."""
SETTLE_POLL_S = 0.005
"""How often SimCord looks whether the bot's work after a click has settled. Its default,
50 ms, is a wait after nearly every click (a whole game's flow spent two thirds of its time
in them); the result of a settled click is the same at either interval."""


def _poll_settling_sooner() -> None:
    settle = simcord.Env._settle_internal
    if getattr(settle, "poll_s", None) == SETTLE_POLL_S:
        return

    async def sooner(self: simcord.Env, **kwargs: Any) -> None:
        kwargs["idle"] = min(kwargs.get("idle", SETTLE_POLL_S), SETTLE_POLL_S)
        await settle(self, **kwargs)

    sooner.poll_s = SETTLE_POLL_S  # type: ignore[attr-defined]
    simcord.Env._settle_internal = sooner  # type: ignore[method-assign]


_poll_settling_sooner()


def make_bot(db: str, clock: Any = None, layout: bool = False) -> FleetBot:
    """The bot on `db`, its time from `clock` (a `TestClock` in tests; the machine's in bench).
    `layout`: prompts drawn with layout components (`cogs.layout`); the flows that read a
    prompt's embed draw them as embeds (`FLEET_LAYOUT=false`), `test_layout` with them."""
    # Strong AI seats think in a thread, with a small budget: the flows stay fast.
    settings = Settings(
        database=db,
        run_scheduler=False,
        ai_workers=0,
        ai_playouts=AI_PLAYOUTS,
        layout=layout,
        # The flows read what a click changed at once; the spacing has its own tests.
        edit_spacing=0.0,
        _env_file=None,  # type: ignore[call-arg]
    )
    return FleetBot(settings, clock) if clock else FleetBot(settings)


def ids(message: Any) -> list[str]:
    """Every custom id on a message's components."""
    return [c.custom_id for r in message.components for c in r.children if c.custom_id]


def public_action(custom_id: str) -> str | None:
    """The action a public button applies (``fl1:pub:…`` or a first-release die)."""
    parts = custom_id.split(":", 4)
    if custom_id.startswith("fl1:pub:") and len(parts) == 5:
        return decode_action(parts[4])
    if custom_id.startswith("fl1:die:") and len(parts) == 5:
        return f"pick {parts[4]}"
    return None


@dataclass
class Sim:
    """A Discord table played in SimCord: the bot, its guild and channel, and the people at it."""

    env: simcord.Env
    bot: FleetBot
    guild: Any
    channel: Any
    players: dict[int, Any] = field(default_factory=dict)
    thread_id: int | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    clicks: int = 0
    sensible: bool = False
    """Choose as the engine's default move would (else at random), like a thoughtful player."""
    on_click: Any = None
    """Called with (actor, result) after every click the harness makes."""
    open_prompts: dict[int, Any] = field(default_factory=dict)
    """A sensible player's prompt still open, answered in place when it shows their turn."""
    clock: Any = None
    """The bot's clock (a `TestClock`), kept across restarts."""
    layout: bool = False
    """Prompts drawn with layout components, kept across restarts."""

    @property
    def service(self) -> Any:
        return self.bot.service

    def thread(self) -> Any:
        assert self.thread_id is not None
        found = self.bot.get_channel(self.thread_id)
        assert found is not None
        return found

    def handle(self) -> Any:
        """The SimCord handle of the game's thread, for slash commands typed there."""
        return next(t for t in self.channel.threads if t.id == self.thread_id)

    def add(self, *names: str) -> list[Any]:
        actors = []
        for name in names:
            actor = self.guild.add_member(self.env.create_user(name))
            self.players[actor.id] = actor
            actors.append(actor)
        return actors

    async def row(self) -> GameRow:
        return await self.service.find(self.thread_id)

    async def loaded(self) -> Loaded:
        return await self.service.load_any((await self.row()).id)

    async def state(self) -> Any:
        return (await self.loaded()).state

    async def message(self, message_id: int | None, where: Any = None) -> discord.Message:
        assert message_id is not None
        return await (where or self.thread()).fetch_message(message_id)

    async def open(self, host: Any, command: str = "table new", **options: Any) -> None:
        options.setdefault("game", "fleet-dice")
        before = {t.id for t in self.bot.get_guild(self.guild.id).threads}
        result = await host.slash(self.channel, command, **options)
        assert result.acknowledged
        after = [t for t in self.bot.get_guild(self.guild.id).threads if t.id not in before]
        assert after, f"a thread was opened for the game: {result.followups}"
        self.thread_id = after[0].id

    async def restart(self, db: str) -> None:
        """Restart the bot on the same database, as after a crash."""
        new_bot = make_bot(db, self.clock, self.layout)
        old_repo = self.bot.repo
        await self.env.restart_bot(new_bot)
        if old_repo is not None:
            await old_repo.close()
        self.bot = new_bot
        await new_bot.tree.sync()

    async def table_message(self) -> discord.Message:
        """The message that shows the table with its Act button: the step message of a game
        that folds the table into it, else the board."""
        row = await self.row()
        return await self.message(row.step_message_id or row.board_message_id)

    async def lobby(self) -> discord.Message:
        """The lobby message, posted in the channel the table's thread opened from."""
        row = await self.row()
        where = self.bot.get_channel(row.parent_id) if row.parent_id else self.thread()
        return await self.message(row.lobby_message_id, where)

    async def play_one(
        self, check: bool = True, seat: int | None = None, wanted: str | None = None
    ) -> None:
        """The next player who must act does so through the UI: often through a public
        button on the step message when one applies a legal move, else Act and a prompt.
        `check`: the click must be answered (not when the bot is made to crash); `seat`: who
        acts (else the first the table waits for); `wanted`: what they choose (else, for a
        sensible player, the engine's default move)."""
        loaded = await self.loaded()
        row, rules, state = loaded.row, loaded.game, loaded.state
        seat = rules.to_act(state)[0] if seat is None else seat
        actor = self.players[row.seats[seat].user_id]
        legal = {a.text for a in rules.legal_actions(state, seat)}
        public = []
        if row.step_message_id:
            step = await self.message(row.step_message_id)
            public = [i for i in ids(step) if public_action(i) in legal]
        # A player told what to choose makes that one move; a sensible one makes the engine's
        # default moves, several at once where one choice holds them.
        plan = (lambda: planned(rules, state, seat)) if self.sensible and wanted is None else None
        if wanted is None and self.sensible:
            wanted = rules.default_action(state, seat).text
        if wanted is not None:
            public = [i for i in public if public_action(i) == wanted]
        token = rules.token(state, seat)
        open_prompt = self.open_prompts.get(actor.id) if self.sensible else None
        if open_prompt is not None and _carries(open_prompt, token):
            result = await self.choose(actor, open_prompt, wanted, plan)
            await self._clicked(actor, result)
        elif public and (self.sensible or self.rng.random() < 0.7):
            result = await actor.click(step, custom_id=self.rng.choice(public))
            await self._clicked(actor, result)
            followups = [f for f in result.followups if f.components]
            if followups:
                self.open_prompts[actor.id] = followups[-1]
        else:
            board = await self.table_message()
            act = next(i for i in ids(board) if i.endswith(":act"))  # whatever its language
            prompt = await actor.click(board, custom_id=act)
            assert prompt.ephemeral and prompt.response is not None, prompt
            await self._clicked(actor, prompt)
            result = await self.choose(actor, prompt.response, wanted, plan)
            await self._clicked(actor, result)
        if self.sensible and result.response is not None and result.response.components:
            self.open_prompts[actor.id] = result.response
        elif self.sensible and [f for f in result.followups if f.components]:
            # A solo table's next decision follows its player down, as a new message.
            self.open_prompts[actor.id] = [f for f in result.followups if f.components][-1]
        assert result.acknowledged or not check
        self.clicks += 1

    async def _clicked(self, actor: Any, result: Any) -> None:
        if self.on_click is not None:
            await self.on_click(actor, result)

    async def choose(
        self,
        actor: Any,
        response: Any,
        wanted: str | None = None,
        plan: Callable[[], list[str]] | None = None,
    ) -> Any:
        """Pick one choice of a prompt: `wanted` (an action text) if given, else at random.
        `plan`: the moves the player means to make in a row (`planned`); a choice that makes
        several of them at once (`bot.fronts.base.then`) is taken, the longest first."""
        children = [c for c in walk_components(response.components) if c["type"] in (2, 3)]
        several = [
            (o["value"], c["custom_id"])
            for c in children
            if c["type"] == 3 and c["custom_id"].startswith("fl1:sel:")
            for o in c["options"]
            if len(steps(o["value"])) > 1
        ]
        several += [
            (decode_action(c["custom_id"].split(":", 4)[4]), c["custom_id"])
            for c in children
            if c["type"] == 2
            and c["custom_id"].startswith("fl1:do:")
            and len(steps(decode_action(c["custom_id"].split(":", 4)[4]))) > 1
        ]
        if several and plan is not None:
            moves = plan()
            fits = [(v, i) for v, i in several if steps(v) == moves[: len(steps(v))]]
            if fits:
                value, cid = max(fits, key=lambda f: len(steps(f[0])))
                if cid.startswith("fl1:sel:"):
                    return await actor.select(response.message, [value], custom_id=cid)
                return await actor.click(response.message, custom_id=cid)
        picks = [c for c in children if c["type"] == 3 and c["custom_id"].startswith("fl1:pick:")]
        for menu in picks:
            verb = menu["custom_id"].rsplit(":", 1)[1]
            values = [o["value"] for o in menu["options"]]
            words = (wanted or "").split()
            if words[:1] == [verb] and set(words[1:]) <= set(values):
                return await actor.select(response.message, words[1:], custom_id=menu["custom_id"])
        selects = [c for c in children if c["type"] == 3 and c not in picks]
        if picks and (not selects or wanted is None) and self.rng.random() < 0.5:
            menu = self.rng.choice(picks)
            values = [o["value"] for o in menu["options"]]
            most = min(menu.get("max_values", 1), len(values))
            chosen = self.rng.sample(values, self.rng.randint(menu.get("min_values", 1), most))
            return await actor.select(response.message, chosen, custom_id=menu["custom_id"])
        if selects:
            menu = self.rng.choice(selects)
            value = self.rng.choice(menu["options"])["value"]
            for candidate in selects:
                for option in candidate["options"]:
                    if option["value"] == wanted:
                        menu, value = candidate, wanted
            return await actor.select(response.message, [value], custom_id=menu["custom_id"])
        buttons = [c["custom_id"] for c in children if c["type"] == 2]
        assert buttons and all(known(i) for i in buttons), buttons
        # A player making their move picks one of its listed choices: an "Other amount…"
        # button opens a box, and taking a move back (Undo) is no move; both are played by
        # their own flows.
        choices = [i for i in buttons if not i.startswith(("fl1:undo:", "fl1:ask:"))]
        assert choices, buttons
        fitting = [
            c
            for c in choices
            if c.startswith("fl1:do:") and decode_action(c.split(":", 4)[4]) == wanted
        ]
        return await actor.click(
            response.message, custom_id=(fitting or [self.rng.choice(choices)])[0]
        )

    async def play_to_end(self, limit: int = 3000) -> None:
        for _ in range(limit):
            row = await self.row()
            if row.status != "active":
                return
            await self.play_one()
        raise AssertionError("the game did not end")


def planned(rules: Any, state: Any, seat: int) -> list[str]:
    """The moves a seat would make in a row from here, each its default move, while the
    table still waits for it (as many as one choice may make)."""
    moves = []
    for _ in range(MAX_STEPS):
        if seat not in rules.to_act(state):
            break
        action = rules.default_action(state, seat)
        moves.append(action.text)
        state, _events = rules.apply(state, seat, action)
    return moves


def _carries(prompt: Any, token: str) -> bool:
    """Whether an open prompt's choices carry this seat token (it shows the current turn)."""
    for c in walk_components(prompt.components):
        cid = c.get("custom_id", "")
        if cid.startswith(("fl1:do:", "fl1:sel:")) and cid.split(":")[3] == token:
            return True
    return False


def texts(message: Any) -> str:
    """What a prompt says, whichever way it is drawn: its embeds' text, or its layout's
    text displays (a layout message has no embeds)."""
    out = [message.content or ""] if getattr(message, "content", None) else []
    for e in getattr(message, "embeds", None) or []:
        e = e if isinstance(e, dict) else e.to_dict()
        out += [e.get("title") or "", e.get("description") or ""]
        out += [f"{f['name']}\n{f['value']}" for f in e.get("fields", [])]
    out += [c["content"] for c in walk_components(message.components) if c["type"] == 10]
    return "\n".join(t for t in out if t)


def said(result: Any) -> str:
    """Everything a click or command answered privately: the ephemeral response, its
    followups, or the note on the prompt message the click edited."""
    texts = [t for f in result.followups if f.ephemeral for t in _notes(f)]
    if result.response is not None and (result.ephemeral or result.response.ephemeral):
        texts[:0] = _notes(result.response)
    return " ".join(t for t in texts if t)


def _notes(message: Any) -> list[str]:
    """A message's sentence: its content, or the text above a layout message's container."""
    top = [c["content"] for c in message.components or [] if c.get("type") == 10]
    return [message.content, *top]
