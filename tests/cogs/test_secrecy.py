"""Hidden information through the whole bot, with the tests' card game (Hidden Hands): no
card of a hand, no face-down choice and no card of the deck ever reaches a public message (a
board, a step, a ping, a lobby), and no player's `mine`, log or prompt shows another's."""

import json

from tests.cogs.harness import said
from tests.games.hands import CARDS


def hidden(state, reader=None):
    """The cards `reader` (None: the public) may not know now."""
    cards = set(state.deck)
    for seat, hand in enumerate(state.hands):
        if seat != reader:
            cards |= set(hand)
            if state.chosen[seat]:
                cards.add(state.chosen[seat])
    return cards


def leaks(text, secret):
    return sorted(card for card in secret if card in text)


async def test_no_secret_card_reaches_a_public_message_or_another_players_view(table):
    alice, bob = table.add("alice", "bob")
    await table.open(alice, game="test-hands")
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Start")
    seen_requests = 0
    rounds_checked = 0
    while (await table.row()).status == "active":
        await table.play_one()
        state = await table.state()
        # Everything the bot posted or edited with its token is public: a card still hidden
        # from the public after this click must appear in none of it.
        public = [r for r in table.env.http_requests[seen_requests:] if "/channels/" in r.path]
        seen_requests = len(table.env.http_requests)
        text = json.dumps([r.json for r in public])
        assert not leaks(text, hidden(state)), leaks(text, hidden(state))
        history = [m async for m in table.thread().history(limit=100)]
        shown = json.dumps([[m.content, [e.to_dict() for e in m.embeds]] for m in history])
        assert not leaks(shown, hidden(state))
        # Each player's own views show their hand and nothing of the other's.
        for seat, actor in enumerate((alice, bob)):
            row = await table.row()
            seat = row.seat_of(actor.id)
            secret = hidden(state, seat)
            for command in ("table mine", "table log", "table act"):
                answer = await actor.slash(table.handle(), command)
                private = said(answer) + json.dumps(
                    [e.to_dict() for e in answer.response.embeds] if answer.response else []
                )
                assert not leaks(private, secret), (command, leaks(private, secret))
                if command == "table mine":
                    assert all(card in private for card in state.hands[seat])
        rounds_checked += 1
    assert rounds_checked > 5
    assert (await table.row()).status == "over"
    # Cards never played stay secret for good; revealed ones are on the public log.
    final = await table.state()
    assert final.revealed and all(c in CARDS for trick in final.revealed for c in trick)
