"""Fleet's hidden hands through the whole bot, over a complete 3-player game (RULES §13).

Cards of a kind are alike and repeat (twelve Cod cards), so looking for card names proves
little: a hand is secret by its composition. After every click, three checks:

- Public payloads (every REST request to a channel, the thread's messages as they read now,
  every notice): no card id still hidden from the table, no hand listing or purse line of any
  player, no sentence worded for a hand's owner ("You draw …", "Your hand").
- What the public is shown cannot depend on what it does not know: the step message and every
  notice read the same when every hidden card (hands, supply, captains, face-down discards)
  is dealt again.
- Each player's own `mine` and prompt show their own hand, and read the same when every card
  that player has not seen is dealt again; their log holds only what their events say.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from bot.fronts import get_front
from bot.fronts.fleet_cards.tableau import captain_lines, hand_lines, purse_line
from bot.fronts.fleet_cards.words import book_of
from bot.reading import Reading
from bot.words import say
from cogs.panels import draw_public, embed_of
from cogs.prompts import prompt_drawn
from tests.cogs.harness import said

from .test_fleet_cards import three_seats

CARD_ID = re.compile(r"\b(?:shrimp|lobster|processing|cod|tuna|king_crab|gone_fishin)[0-9]+\b")
OWNER_WORDS = (
    "Your hand",
    "Your starting hand",
    "You draw ",
    "You discard ",
    "captains boat",
    "Just drawn",
    "You can pay up to",
)
"""Wordings the front keeps for a hand's owner: none may reach a public message."""
FRONT = get_front("fleet-cards")


def hidden_ids(state, reader=None):
    """The card ids `reader` (None: the table) has not seen."""
    ids = set(state.deck) | {c for c, seen_by in state.hidden.items() if seen_by != reader}
    for seat, p in enumerate(state.players):
        if seat != reader:
            ids |= set(p.hand) | set(p.drawn) | {b.captain for b in p.boats if b.captain}
    return ids


def own_lines(rules, state, seat, ctx):
    """What only `seat` may read of its own: its hand listing, purse and captains."""
    view = rules.view(state, seat)
    book = book_of(view)
    p = view.players[seat]
    lines = [*hand_lines(ctx.tr, book, p), purse_line(ctx.tr, book, p)]
    lines += [line for line in captain_lines(ctx.tr, book, p) if "captain " in line]
    return [line for line in lines if line != ctx.tr._("No cards in hand.")]


def leaks(text, state, rules, ctxs, reader=None):
    """Everything in `text` that `reader` (None: the table) may not know."""
    found = sorted(set(CARD_ID.findall(text)) & hidden_ids(state, reader))
    # Kinds repeat: a line of another's hand may read the same as one of the reader's own.
    mine = set(own_lines(rules, state, reader, ctxs[reader])) if reader is not None else set()
    for seat, ctx in ctxs.items():
        if seat != reader:
            found += [
                line
                for line in own_lines(rules, state, seat, ctx)
                if line in text and line not in mine
            ]
    if reader is None:
        found += [words for words in OWNER_WORDS if words in text]
    return found


def embed_dict(e):
    data = e.to_dict() if hasattr(e, "to_dict") else dict(e)
    return {k: data.get(k) for k in ("title", "description", "fields", "footer")}


class Watch:
    """Checks the bot's output after every click of a game."""

    def __init__(self, table, humans):
        self.table = table
        self.humans = humans
        self.seen = 0
        self.checks = Counter()
        self.redeals = 0

    async def after(self, actor, result):
        await self.check(actor)
        # A quarter of an hour goes by before the next click: ephemeral answers with buttons
        # expire (their 15-minute timers would otherwise pile up in the simulator), and no
        # prompt is still open to show a player their next decision, so they get a notice.
        await self.table.env.advance_time(16 * 60)

    async def check(self, actor):
        table = self.table
        loaded = await table.loaded()
        row, rules, state = loaded.row, loaded.game, loaded.state
        ctxs = {
            row.seat_of(h.id): Reading.of(row, rules, state, row.seat_of(h.id), row.locale).ctx
            for h in self.humans
        }
        public_ctx = Reading.of(row, rules, state, None, row.locale).ctx
        # 1. Every public payload since the last click, and the thread as it reads now.
        new = table.env.http_requests[self.seen :]
        self.seen = len(table.env.http_requests)
        posted = [r for r in new if "/channels/" in r.path and r.json]
        text = json.dumps([r.json for r in posted], ensure_ascii=False)
        thread = [m async for m in table.thread().history(limit=200)]
        text += json.dumps(
            [[m.content, [e.to_dict() for e in m.embeds]] for m in thread], ensure_ascii=False
        )
        assert not leaks(text, state, rules, ctxs), leaks(text, state, rules, ctxs)
        self.checks["public"] += 1
        if row.status != "active":
            return
        # 2. The public sees the same whatever the hidden cards are.
        other = rules.redeal(state, None, f"public:{self.seen}")
        self.redeals += rules.dump_state(other) != rules.dump_state(state)
        other_ctx = Reading.of(row, rules, other, None, row.locale).ctx
        step = FRONT.public_step(rules.view(other, None), other_ctx)
        if step is not None and row.step_message_id:
            shown = await table.message(row.step_message_id)
            drawn = draw_public(step, row.id, rules.token(other, None), public_ctx.tr)
            assert embed_dict(shown.embeds[0]) == embed_dict(drawn.embed)
            assert (shown.content or None) == drawn.content
            self.checks["step"] += 1
        for r in posted:
            content = r.json.get("content") or ""
            if r.method != "POST" or "your move in" not in content:
                continue
            user = int(re.search(r"<@(\d+)>", content)[1])
            seat = row.seat_of(user)
            what = FRONT.owed(rules.view(other, seat), seat, other_ctx)
            ttr = public_ctx.tr.domain_of("table")
            game = FRONT.title(public_ctx.tr)
            assert content == say(ttr, "your_turn", mentions=f"<@{user}>", game=game, what=what)
            self.checks["notice"] += 1
        # 3. Each player's own panels: their hand, and nothing of what they have not seen.
        for human in self.humans:
            await self.own_panels(human, row, rules, state, ctxs)

    async def own_panels(self, human, row, rules, state, ctxs):
        table = self.table
        seat = row.seat_of(human.id)
        other = rules.redeal(state, seat, f"seat:{seat}:{self.seen}")
        mine = await human.slash(table.handle(), "table mine")
        panel = FRONT.private(
            rules.view(other, seat), seat, Reading.of(row, rules, other, seat, row.locale).ctx
        )
        assert embed_dict(mine.response.embeds[0]) == embed_dict(embed_of(panel))
        hand = next(f for f in mine.response.embeds[0].fields if f.name == "Your hand")
        for line in own_lines(rules, state, seat, ctxs[seat]):
            if "× " in line:
                assert line in hand.value, "a player's own hand is in their mine"
        text = said(mine) + json.dumps(embed_dict(mine.response.embeds[0]), ensure_ascii=False)
        assert not leaks(text, state, rules, ctxs, seat), leaks(text, state, rules, ctxs, seat)
        prompt = await human.slash(table.handle(), "table act")
        if prompt.response.embeds:
            expected, _ = prompt_drawn(Reading.of(row, rules, other, seat, row.locale), row.id)
            assert embed_dict(prompt.response.embeds[0]) == embed_dict(expected.embed)
            text = json.dumps(embed_dict(prompt.response.embeds[0]), ensure_ascii=False)
            text += json.dumps(prompt.response.components)
            assert not leaks(text, state, rules, ctxs, seat)
        self.checks["own"] += 1

    async def logs(self):
        """Each player's log: every line is the wording, for them, of an event they saw."""
        table = self.table
        loaded = await table.loaded() if (await table.row()).status == "active" else None
        row = await table.row()
        if loaded is None:
            loaded = await table.service.load_any(row.id)
        events, complete = await table.service.history(row)
        assert complete
        for human in self.humans:
            seat = row.seat_of(human.id)
            ctx = Reading.of(row, loaded.game, loaded.state, seat, row.locale).ctx
            allowed = Counter(
                line
                for e in events
                if e.visible_to is None or seat in e.visible_to
                if (line := FRONT.event(e, ctx))
            )
            log = await human.slash(table.handle(), "table log")
            lines = Counter(log.response.embeds[0].description.splitlines())
            assert lines and not lines - allowed, lines - allowed
            self.checks["log"] += 1


async def test_no_card_of_a_hand_reaches_the_table_or_another_player_over_a_whole_game(table):
    alice, bob = await three_seats(table)
    watch = Watch(table, [alice, bob])
    await watch.after(None, None)  # the lobby, the start and the first notices
    table.sensible = True
    table.on_click = watch.after
    rounds = set()
    while (row := await table.row()).status == "active":
        await table.play_one()
        state = await table.state()
        if state.round not in rounds:
            rounds.add(state.round)
            await watch.logs()
    assert row.status == "over" and len(rounds) >= 5
    assert watch.checks["public"] > 100 and watch.checks["step"] > 100
    assert watch.checks["own"] > 100 and watch.checks["log"] >= 10
    assert watch.checks["notice"] > 20
    assert watch.redeals > 100, "the hidden cards were dealt differently to compare"
