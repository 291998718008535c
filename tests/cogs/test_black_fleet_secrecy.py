"""Black Fleet's hidden cards through the whole bot, over complete games: no movement or
fortune card of a hand and no development card not yet bought ever reaches a public message
(a turn's message, a notice, a ping, the final scores), a spectator's log, or another player's
hand, log or prompt; what is played becomes public. Each player's own hand shows it all."""

import json
import re

import pytest

from bot.fronts.black_fleet import words as w
from bot.i18n import Tr
from engine.games import get_game
from tests.cogs.harness import said

GAME = get_game("black-fleet")
HOUSE = GAME.house
TR = Tr("en", "black-fleet")
CHECK_VIEWS_EVERY = 12
"""Clicks between two rounds of every player's own views (the public ones: every click)."""


def movement_words(cid):
    card = HOUSE.movement[cid]
    return {w.movement_label(TR, card), w.movement_text(TR, card)}


def fortune_words(cid):
    return {w.fortune_name(TR, HOUSE.fortune[cid])}


def development_words(key):
    return {w.development_name(TR, HOUSE.development[key])}


class Secrets:
    """What is hidden from whom. Cards of a kind share a name (two movement cards with the
    same values, fortune cards of one kind): a name that was ever shown in play is public
    from then on, and cannot tell a hidden copy apart."""

    def __init__(self):
        self.public: set[str] = set()

    def update(self, state):
        for cid in [*state.movement_discard, *([state.turn.card] if state.turn.card else [])]:
            self.public |= movement_words(cid)
        for cid in [*state.fortune_discard, *state.turn.played]:
            self.public |= fortune_words(cid)
        for c in state.captains:
            for key in c.bought:
                self.public |= development_words(key)

    def hidden(self, state, reader=None):
        """The words `reader` may not read now: the others' cards, less what is public and
        what the reader holds itself (a copy it holds cannot tell another apart)."""
        words: set[str] = set()
        for key in state.box:
            words |= development_words(key)
        for seat, c in enumerate(state.captains):
            if seat == reader:
                continue
            for cid in c.movement:
                words |= movement_words(cid)
            for cid in c.fortune:
                words |= fortune_words(cid)
            for key in c.development:
                if key not in c.bought:
                    words |= development_words(key)
        mine = own_words(state, reader, every_form=True) if reader is not None else set()
        return words - self.public - mine


def leaks(text, secret):
    """The secret words in `text`, as whole words (``Plunder`` is not in ``Plunderer``,
    ``Navigator`` not in ``Navigator's Chart``)."""
    return sorted(s for s in secret if re.search(rf"(?<![\w']){re.escape(s)}(?![\w'])", text))


def answer_text(result):
    embeds = result.response.embeds if result.response else []
    return said(result) + json.dumps([e.to_dict() for e in embeds], ensure_ascii=False)


def own_words(state, seat, every_form=False):
    c = state.captains[seat]
    words = set()
    for cid in c.movement:
        if every_form:
            words |= movement_words(cid)
        else:
            words.add(w.movement_label(TR, HOUSE.movement[cid]))
    for cid in c.fortune:
        words |= fortune_words(cid)
    for key in c.development:
        words |= development_words(key)
    return words


@pytest.mark.parametrize(("ai_seats", "seed"), [(1, "5ec2e75ec2e75ec2"), (2, "0000000000000003")])
async def test_no_hidden_card_reaches_a_public_message_or_another_players_view(
    table, monkeypatch, ai_seats, seed
):
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n=8: seed)
    ana, bjorn, eve = table.add("Ana", "Björn", "Eve")
    humans = (ana, bjorn)
    await table.open(ana, game="black-fleet")
    await bjorn.click(await table.lobby(), label="Join")
    for _ in range(ai_seats):
        await ana.click(await table.lobby(), label="Add AI seat")
    await ana.click(await table.lobby(), label="Start")
    table.sensible = True
    known = Secrets()
    seen_requests = 0
    clicks = 0
    views_checked = 0
    while (await table.row()).status == "active":
        await table.play_one()
        clicks += 1
        state = await table.state()
        known.update(state)
        # Everything the bot posted or edited in the channel is public: a card still hidden
        # from the public after this click is in none of it.
        public = [r for r in table.env.http_requests[seen_requests:] if "/channels/" in r.path]
        seen_requests = len(table.env.http_requests)
        text = json.dumps([r.json for r in public], ensure_ascii=False)
        assert not leaks(text, known.hidden(state)), leaks(text, known.hidden(state))
        if clicks % CHECK_VIEWS_EVERY:
            continue
        row = await table.row()
        await ana.slash(table.handle(), "table board")  # the table again, checked next click
        log = await eve.slash(table.handle(), "table log")
        assert not leaks(answer_text(log), known.hidden(state)), "a spectator's log"
        for actor in humans:
            seat = row.seat_of(actor.id)
            secret = known.hidden(state, seat)
            for command in ("table mine", "table log", "table act"):
                answer = answer_text(await actor.slash(table.handle(), command))
                assert not leaks(answer, secret), (command, leaks(answer, secret))
                if command == "table mine":
                    mine = own_words(state, seat)
                    assert all(word in answer for word in mine), mine
        views_checked += 1
    assert views_checked >= 5
    final = await table.state()
    assert GAME.is_over(final)
    history = [m async for m in table.thread().history(limit=300)]
    shown = json.dumps(
        [[m.content, [e.to_dict() for e in m.embeds]] for m in history], ensure_ascii=False
    )
    assert not leaks(shown, known.hidden(final))
    # What was played is public: every card played, discarded or bought is named there.
    played = {w.movement_label(TR, HOUSE.movement[cid]) for cid in final.movement_discard}
    played |= {n for cid in final.fortune_discard for n in fortune_words(cid)}
    played |= {n for c in final.captains for key in c.bought for n in development_words(key)}
    assert played and all(name in shown for name in played), played - {
        n for n in played if n in shown
    }
