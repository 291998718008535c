"""Standing bids at the table (card game RULES §4.10): the service plays them for the bidder,
as their own moves, and the table sees exactly the bids they would have clicked."""

import pytest

from bot.reading import public_events
from bot.refusals import Refusal
from bot.service import TableService
from bot.storage import SqliteRepository
from tests.clock import TestClock

from .helpers import open_table, refused

GAME = "fleet-cards"


@pytest.fixture
async def service(tmp_path, monkeypatch):
    # Every table here deals the same cards: a game played by standing bid and one played
    # by clicks can be compared move for move.
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n: "5eed" * (n // 2))
    clock = TestClock()
    repo = await SqliteRepository.open(tmp_path / "s.db", clock)
    yield TableService(repo, clock)
    await repo.close()


async def to_a_raise(service, channel):
    """A two-person card game played to the first decision to raise a bid (lowest choices)."""
    row = await open_table(service, channel, 1, GAME)
    await service.join(row.id, 2, "bob")
    outcome = await service.start(row.id, 1)
    rules = service.game(GAME)
    while True:
        state = outcome.state
        seat = rules.to_act(state)[0]
        if state.players[seat].task == "raise":
            return outcome, seat
        legal = [a.text for a in rules.legal_actions(state, seat)]
        choice = next((t for t in legal if t.startswith(("open", "bid"))), legal[0])
        outcome = await service.act(outcome.row.id, outcome.row.seats[seat].user_id, choice)


async def bid_out(service, outcome, bidder, limit, standing):
    """The bidder raises to `limit` (by a standing bid, or by clicking the lowest raise each
    time), the other raises by $1 each time until the bidder is out; the public events."""
    rules = service.game(GAME)
    row = outcome.row
    other = 1 - bidder
    events = []
    if standing:
        outcome = await service.act(row.id, row.seats[bidder].user_id, f"standing {limit}")
        events += outcome.events
        assert outcome.ping == [row.seats[other].user_id]
    while outcome.state.auction.lot is not None and rules.to_act(outcome.state):
        seat = rules.to_act(outcome.state)[0]
        if outcome.state.players[seat].task != "raise":
            break
        legal = [a.text for a in rules.legal_actions(outcome.state, seat)]
        if seat == other:
            choice = legal[0]
        else:
            assert not standing, "a standing bid is never asked for"
            choice = legal[0] if int(legal[0].split()[1]) <= limit else "pass"
        outcome = await service.act(row.id, row.seats[seat].user_id, choice)
        if standing:
            assert row.seats[bidder].user_id not in outcome.ping
        events += outcome.events
    return outcome, [e.to_json() for e in public_events(events)]


async def test_a_standing_bid_plays_the_bids_the_bidder_would_have_clicked(service):
    # RULES §4.10
    first, bidder = await to_a_raise(service, 10)
    again, same = await to_a_raise(service, 11)
    assert same == bidder
    limit = first.state.auction.high + 3
    standing, shown = await bid_out(service, first, bidder, limit, standing=True)
    clicked, seen = await bid_out(service, again, bidder, limit, standing=False)
    assert shown == seen, "the table sees the same bids and pass either way"
    assert standing.state.auction == clicked.state.auction
    bids = [e for e in shown if e["kind"] in ("bid", "pass") and e["seat"] == bidder]
    assert bids and bids[-1]["kind"] == "pass"
    log = await service.repo.actions(first.row.id)
    user = first.row.seats[bidder].user_id
    mine = [e for e in log if e.seat == bidder and e.seq > len(log) - len(shown)]
    assert mine and all(e.user_id == user for e in mine), "logged as the bidder's own moves"


async def test_the_limit_of_a_standing_bid_is_never_shown(service):
    # RULES §4.10: the table sees each bid as it is played, never the limit. The limit is
    # kept on the bidder's seat only: what the others and the table are shown, views and
    # events, is the same as when the bidder clicks each raise.
    first, bidder = await to_a_raise(service, 10)
    again, _ = await to_a_raise(service, 11)
    rules = service.game(GAME)
    limit = first.state.auction.high + 5
    standing = await service.act(first.row.id, first.row.seats[bidder].user_id, f"standing {limit}")
    lowest = rules.legal_actions(again.state, bidder)[0].text
    clicked = await service.act(again.row.id, again.row.seats[bidder].user_id, lowest)
    for seen in (None, 1 - bidder):
        assert rules.view(standing.state, seen) == rules.view(clicked.state, seen)
    assert standing.row.recent == clicked.row.recent
    assert standing.row.seats[bidder].standing is not None
    assert [s.model_dump(exclude={"standing"}) for s in standing.row.seats] == [
        s.model_dump(exclude={"standing"}) for s in clicked.row.seats
    ]


@pytest.mark.parametrize(("text", "code"), [("standing 2", "illegal"), ("standing x", "illegal")])
async def test_a_standing_bid_the_rules_refuse_changes_nothing(service, text, code):
    # RULES §4.10
    outcome, bidder = await to_a_raise(service, 10)
    before = await service.row(outcome.row.id)
    with pytest.raises(Refusal) as err:
        await service.act(outcome.row.id, outcome.row.seats[bidder].user_id, text)
    assert refused(err) == code
    after = await service.row(outcome.row.id)
    assert after.version == before.version and after.seats == before.seats


async def test_a_standing_bid_is_left_only_by_the_bidder_whose_turn_it_is(service):
    outcome, bidder = await to_a_raise(service, 10)
    other = outcome.row.seats[1 - bidder].user_id
    with pytest.raises(Refusal) as err:
        await service.act(outcome.row.id, other, "standing 9")
    assert refused(err) == "not_your_turn"


async def test_a_game_without_standing_orders_refuses_the_text(service):
    row = await open_table(service, 12, 1, "fleet-dice", solo=True)
    outcome = await service.start(row.id, 1)
    with pytest.raises(Refusal) as err:
        await service.act(outcome.row.id, 1, "standing 9")
    assert refused(err) == "not_an_action"


async def test_a_standing_bid_that_pays_wins_and_pays_without_asking(service):
    # RULES §4.10, §5.2: "and pay": the winner is neither asked nor called to pay; the table
    # sees the cards paid, as if they had clicked the one-step payment
    outcome, bidder = await to_a_raise(service, 10)
    rules = service.game(GAME)
    row = outcome.row
    limit = outcome.state.auction.high + 1
    lot = outcome.state.auction.lot
    user = row.seats[bidder].user_id
    outcome = await service.act(row.id, user, f"standing {limit} pay")
    assert outcome.row.seats[bidder].standing.endswith(" pay")
    other = 1 - bidder
    while outcome.state.auction.lot == lot and rules.to_act(outcome.state) == [other]:
        outcome = await service.act(row.id, row.seats[other].user_id, "pass")
        winner = outcome.state.players[bidder]
        # Called, if at all, for their end of round, which starts at once (RULES §3.2).
        assert user not in outcome.ping or winner.payment is None, "never called to pay"
    won = [e for e in outcome.events if e.kind == "bought"]
    assert [e.seat for e in won] == [bidder], "bought and paid for in the same move"
    assert outcome.state.players[bidder].task != "pay"
    log = await service.repo.actions(row.id)
    assert log[-1].seat == bidder and log[-1].user_id == user and log[-1].action.startswith("pay")
