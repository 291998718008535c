"""Mare Balticum's secrets through the whole bot (RULES §8.2, §13.4): the company token a player
has chosen at a clock reaches no one else before the reveal — no public message, ping, log,
picture or other player's panel — and a face-down multiplier's value stays hidden after it."""

import json
import re

import pytest

from engine.mare_balticum.board import SAFE
from tests.cogs.harness import Table, said
from tests.cogs.test_mare_balticum import GAME, four_seats, offered

SEED = "0123456789abcdef"


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table of these tests deals the same game, so a failure can be replayed."""
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n: SEED[: 2 * n])


def markers(choice):
    """How a face-down choice (``x3:salmon``, ``safe``) would read if it were shown: the
    front's words for it and its action, as text and in a button's id."""
    token, _, kind = choice.partition(":")
    if token == SAFE:
        return ["You chose the safe", "play safe", "play.safe"]
    return [f"×{token[1:]} on {kind}", f"play {token} {kind}", f"play.{token}.{kind}"]


def own_markers(player):
    """What a player's own views may show of their own tokens (their earlier choices)."""
    mine = [f"x{v}:{k}" for k, v in player.market.items()]
    mine += [player.choice] if player.choice else []
    mine += [SAFE] if player.safe else []
    return {m for choice in mine for m in markers(choice)}


async def private_text(actor, table):
    """Everything `actor`'s own commands show them: their panel, the log, their prompt."""
    out = []
    for command in ("table mine", "table log", "table act"):
        answer = await actor.slash(table.handle(), command)
        embeds = [e.to_dict() for e in answer.response.embeds] if answer.response else []
        out.append(said(answer) + json.dumps(embeds, ensure_ascii=False))
    return "\n".join(out)


def public_since(table, start):
    """What the bot posted or edited in channels (messages, pings, the step with its status)
    from request `start` on."""
    requests = table.env.http_requests[start:]
    return json.dumps(
        [r.json for r in requests if r.path.startswith("/channels/")], ensure_ascii=False
    )


async def test_no_face_down_choice_is_shown_to_anyone_else_before_the_reveal(table):
    alice, bob = await four_seats(table)
    table.sensible = True
    people = {alice, bob}
    seen = 0
    checked = 0
    while (await table.row()).status == "active":
        await table.play_one()
        state, row = await table.state(), await table.row()
        public = public_since(table, seen)
        seen = len(table.env.http_requests)
        chosen = [s for s, p in enumerate(state.players) if p.choice]
        for seat in chosen:
            secret = markers(state.players[seat].choice)
            assert not [m for m in secret if m in public], (seat, secret, public[:300])
        # Each person's own views, once a clock, when all but one have chosen (the most
        # secrets at once): asking at every click would take long for nothing more.
        if len(chosen) != len(state.players) - 1:
            continue
        for seat in chosen:
            player = state.players[seat]
            secret = markers(player.choice)
            for actor in people:
                shown = await private_text(actor, table)
                if row.seat_of(actor.id) == seat:
                    assert secret[0] in shown, "the chooser sees their own choice"
                else:
                    theirs = own_markers(state.players[row.seat_of(actor.id)])
                    leaked = [m for m in secret if m in shown and m not in theirs]
                    assert not leaked, (actor.name, player.choice)
            checked += 1
        seen = len(table.env.http_requests)  # the commands' own answers are private
    assert checked >= 8, "choices were checked at several clocks, for people and AI seats"
    final = await table.state()
    assert final.phase == "over" and all(len(p.market) == 4 for p in final.players)


# --- the same game, one choice changed ------------------------------------------------------


def normal(text):
    """A payload without what differs between two tables of the same game: message, channel
    and game ids."""
    text = re.sub(r"\d{15,}", "ID", text)
    return re.sub(r"fl1:(\w+):\d+:", r"fl1:\1:G:", text)


class Run:
    """One table of a fixed seed, played the same way but for one company token of alice's."""

    def __init__(self, base, name):
        channel = base.guild.create_text_channel(name)
        self.table = Table(base.env, base.bot, base.guild, channel)
        self.table.players = base.players
        self.seen: list[str] = []

    async def start(self, alice, bob):
        t = self.table
        await t.open(alice, game=GAME)
        await bob.click(await t.lobby(), label="Join")
        for _ in range(2):
            await alice.click(await t.lobby(), label="Add AI seat")
        await alice.click(await t.lobby(), label="Start")

    async def advance(self, alice, bob):
        """The same moves, straight through the service (no clicks), up to the first clock
        at which both people must choose; then the channel is brought up to date."""
        t = self.table
        rules = t.service.game(GAME)
        outcome = None
        while True:
            loaded = await t.loaded()
            row, state = loaded.row, loaded.state
            waiting = set(rules.to_act(state))
            if state.phase == "company" and {row.seat_of(alice.id), row.seat_of(bob.id)} <= waiting:
                break
            seat = rules.to_act(state)[0]
            user = row.seats[seat].user_id
            legal = rules.legal_actions(state, seat)
            move = legal[0] if user == alice.id else rules.default_action(state, seat)
            outcome = await t.service.act(row.id, user, move.text)
        assert outcome is not None
        await t.bot.presenter.publish(outcome)

    async def click(self, alice, wanted=None):
        """The next decision through Act and the prompt: alice takes `wanted` or the first
        choice offered (what she knows of her own multipliers plays no part; at a clock,
        neither ×3 nor ×0, the tokens one of the runs has played), anyone else the engine's
        default move."""
        t = self.table
        loaded = await t.loaded()
        row, rules, state = loaded.row, loaded.game, loaded.state
        seat = rules.to_act(state)[0]
        actor = t.players[row.seats[seat].user_id]
        start = len(t.env.http_requests)
        prompt = (await actor.click(await t.table_message(), label="Act")).response
        if wanted is None and actor.id == alice.id:
            legal = rules.legal_actions(state, seat)
            alike = [a for a in legal if a.verb != "play" or a.args[0] not in ("x3", "x0")]
            wanted = alike[0].text
        elif wanted is None:
            wanted = rules.default_action(state, seat).text
        assert wanted in offered(prompt), wanted
        await t.choose(actor, prompt, wanted)
        return start

    async def record(self, start, bob=None):
        """What the table was shown since request `start` and its map picture; with `bob`,
        also what bob's own commands show him."""
        t = self.table
        step = await t.table_message()
        picture = await step.attachments[0].read()
        views = await private_text(bob, t) if bob is not None else ""
        self.seen.append(normal(public_since(t, start) + views) + picture.hex())


async def test_a_choice_and_a_multipliers_value_change_nothing_anyone_else_is_shown(table):
    # Three tables of the same seed (the fixture): the same game but for alice's choice.
    alice, bob = table.add("alice", "bob")
    runs = [Run(table, f"games-{n}") for n in range(3)]
    rules = table.service.game(GAME)
    for run in runs:
        await run.start(alice, bob)
        await run.advance(alice, bob)
    state, row = await runs[0].table.state(), await runs[0].table.row()
    kinds = rules.board_for(state).species
    legal = {a.text for a in rules.legal_actions(state, row.seat_of(alice.id))}
    choices = [f"play x3 {kinds[0]}", f"play x0 {kinds[0]}", f"play x3 {kinds[1]}"]
    assert set(choices) <= legal
    for run, choice in zip(runs, choices, strict=True):
        assert (await run.table.state()).players[row.seat_of(alice.id)].owes
        start = await run.click(alice, choice)  # alice's face-down choice
        await run.record(start, bob)
        clicks = 2 if run is runs[2] else 12
        for n in range(clicks):  # bob chooses: the reveal; then the game goes on
            start = await run.click(alice)
            await run.record(start, bob if n == clicks - 1 else None)
    same_kind, other_kind = runs[1].seen, runs[2].seen
    assert runs[0].seen[0] == other_kind[0], "before the reveal no one can tell her choice"
    assert runs[0].seen == same_kind, "her multiplier's value stays hidden"
    assert runs[0].seen[1] != other_kind[1], "the reveal shows the species"
