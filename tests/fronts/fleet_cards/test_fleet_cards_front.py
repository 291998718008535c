"""The Fleet card game's front: every panel renders from views, choices say what they do, and
no card of a hand reaches another reader (RULES §13)."""

from __future__ import annotations

import random
import re

import pytest

from bot.fronts import get_front
from bot.fronts.base import Ctx, Panel, SeatInfo
from bot.fronts.fleet_cards.words import LICENSES
from bot.fronts.text import panel_text
from bot.i18n import Tr
from engine.core.errors import IllegalAction
from engine.fleet_cards.cards import builtin_deck
from engine.fleet_cards.state import FleetCardsState, Options
from engine.games import get_game
from tests.engine.fleet_cards.builders import at, hand, row
from tests.engine.fleet_cards.test_round import own_pace

GAME = get_game("fleet-cards")
FRONT = get_front("fleet-cards")
BOOK = builtin_deck()
TR = Tr("en", "fleet-cards")
NAMES = ["Alice", "Bob", "Carol", "Dan"]
ID = re.compile(r"\b[a-z_]+[0-9]+\b")


def ctx(seats: int, reader: int | None, events=(), waiting=()) -> Ctx:
    infos = [SeatInfo(NAMES[s], ai=s == 3) for s in range(seats)]
    recent = tuple(e for e in events if e.visible(reader))
    return Ctx(infos, TR, waiting=waiting, reader=reader, recent=recent[-10:])


def games(seats: int, count: int, policy: str = "random"):
    """Every state of `count` complete games, with the events that led to it."""
    for n in range(count):
        state, events = GAME.start(seats, f"front:{seats}:{n}")
        rng = random.Random(n)
        yield state, events
        while not GAME.is_over(state):
            seat = rng.choice(GAME.to_act(state))
            if policy == "random":
                action = rng.choice(GAME.legal_actions(state, seat))
            else:
                action = GAME.default_action(state, seat)
            state, events = GAME.apply(state, seat, action)
            yield state, events


def hidden_from(state: FleetCardsState, reader: int | None) -> set[str]:
    """The card ids `reader` has not seen: others' hands and captains, the supply, the cards
    others discarded face down."""
    ids = set(state.deck) | {c for c, s in state.hidden.items() if s != reader}
    for seat, p in enumerate(state.players):
        if seat != reader:
            ids |= set(p.hand) | set(p.drawn) | {b.captain for b in p.boats if b.captain}
    return ids


def texts(panel: Panel | None) -> str:
    return "" if panel is None else panel_text(panel)


def public_texts(state: FleetCardsState, c: Ctx) -> str:
    view = GAME.view(state, c.reader)
    return texts(FRONT.board(view, c)) + texts(FRONT.public_step(view, c))


def own_texts(state: FleetCardsState, seat: int, c: Ctx) -> str:
    view = GAME.view(state, seat)
    private = FRONT.private(view, seat, c)
    prompt = FRONT.prompt(view, seat, GAME.legal_actions(state, seat), c)
    picture = (private.image or b"").hex()
    return texts(private) + picture + texts(prompt) + FRONT.owed(view, seat, c)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_panel_renders_over_complete_games(seats):
    last = None
    for state, events in games(seats, 2):
        waiting = GAME.to_act(state)
        for reader in [None, *range(seats)]:
            c = ctx(seats, reader, events, waiting)
            assert FRONT.board(GAME.view(state, reader), c).title
            step = FRONT.public_step(GAME.view(state, reader), c)
            assert (step is None) == GAME.is_over(state)
            for e in events:
                if e.visible(reader):
                    FRONT.event(e, c)
        for seat in waiting:
            c = ctx(seats, seat, events, waiting)
            panel = FRONT.prompt(GAME.view(state, seat), seat, GAME.legal_actions(state, seat), c)
            assert (panel.choices or panel.multi) and FRONT.owed(GAME.view(state, seat), seat, c)
        last = state
    assert last is not None and GAME.is_over(last)
    c = ctx(seats, None)
    result = GAME.result(last)
    final = FRONT.final(result, GAME.view(last, None), c)
    assert str(result.seats[0].total) in panel_text(final)
    assert FRONT.share(result, 7, c).startswith("Fleet cards #7 · ")
    assert FRONT.rules(c).lines


def test_every_event_kind_has_words():
    kinds_seen, worded = set(), set()
    for _, events in games(3, 3):
        for e in events:
            kinds_seen.add(e.kind)
            reader = e.seat if e.visible_to else None
            if FRONT.event(e, ctx(3, reader)):
                worded.add(e.kind)
    silent = {"spend", "bought"}  # the "paid" line says it all
    assert kinds_seen - silent <= worded
    assert {"offer", "bid", "paid", "launch", "hire", "fish", "draw", "over"} <= worded


def test_a_prompt_has_one_choice_per_action_each_saying_what_it_does():
    for state, _ in games(3, 2, policy="heuristic"):
        for seat in GAME.to_act(state):
            actions = GAME.legal_actions(state, seat)
            assert len(actions) <= 25
            panel = FRONT.prompt(GAME.view(state, seat), seat, actions, ctx(3, seat))
            if panel.multi is not None:
                # a payment: one menu of every card and crate, each a way to pay, and the
                # cards that overpay least at one click
                offered = {f"pay {o.action.split(':')[0]}" for o in panel.multi.options}
                assert offered == {a.text for a in actions}
                (quick,) = panel.choices
                GAME.apply(state, seat, quick.action)  # a legal payment
                continue
            standing = [c for c in panel.choices if c.action.startswith("standing ")]
            played = [c for c in panel.choices if c not in standing]
            assert [c.action for c in played] == [a.text for a in actions]
            for choice in standing:
                # RULES §4.10: each limit offered is one the rules take
                GAME.standing_order(state, seat, choice.action.partition(" ")[2])
            bids = [int(a.args[0]) for a in actions if a.verb == "bid"]
            plain = [c for c in standing if not c.action.endswith(" pay")]
            assert bool(plain) == (len(bids) > 1), "a standing bid when a raise is left"
            assert bool(standing) == bool(bids), "bid and pay, from the lowest bid"
            for choice in played:
                # A bid amount says it all; the ends of the range say what they are.
                middle = choice.action.startswith("bid ") and (
                    min(bids) < int(choice.action.split()[1]) < max(bids)
                )
                assert choice.detail or middle, choice
                assert len(choice.detail) <= 100 and len(choice.label) <= 80


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_no_card_of_a_hand_reaches_another_reader(seats):
    # RULES §13: views given to the front hold no card another seat has not seen; every text
    # a reader gets is the same whatever those hidden cards are; hand events are theirs only.
    changed = 0
    for n, (state, events) in enumerate(games(seats, 2)):
        waiting = GAME.to_act(state)
        for reader in [None, *range(seats)]:
            secret = hidden_from(state, reader)
            named = set(ID.findall(repr(GAME.view(state, reader))))
            assert not named & secret, (reader, named & secret)
            c = ctx(seats, reader, events, waiting)
            for e in events:
                if not e.visible(reader):
                    continue
                line = FRONT.event(e, c) or ""
                if e.visible_to is not None:
                    assert reader in e.visible_to
                if e.kind in ("drew", "dealt", "captain", "discarded"):
                    assert e.seat == reader
                assert not set(ID.findall(line)) & secret
            if n % 15:
                continue
            other = GAME.redeal(state, reader, f"elsewhere:{n}")
            changed += GAME.dump_state(other) != GAME.dump_state(state)
            assert public_texts(other, c) == public_texts(state, c)
            if reader is not None:
                assert own_texts(other, reader, c) == own_texts(state, reader, c)
    assert changed


def test_events_about_a_hand_are_worded_for_their_owner_only():
    _, events = GAME.start(2, "owner")
    dealt = next(e for e in events if e.kind == "dealt" and e.seat == 0)
    assert FRONT.event(dealt, ctx(2, 0))
    assert FRONT.event(dealt, ctx(2, 1)) is None
    assert FRONT.event(dealt, ctx(2, None)) is None


def test_the_auction_step_shows_the_lot_the_high_bid_and_who_may_still_bid():
    # RULES §4.1–§4.3
    state, _ = GAME.start(3, "auction-step")
    chooser = GAME.to_act(state)[0]
    lot = state.row[0]
    step = FRONT.public_step(GAME.view(state, None), ctx(3, None, waiting=[chooser]))
    assert {c.action for c in step.choices} >= {f"open {lot}", "decline"}
    assert f"{NAMES[chooser]}** chooses a license" in panel_text(step)
    state, _ = GAME.apply(state, chooser, f"open {lot}")
    least = BOOK.licenses[lot].min_bid
    step = FRONT.public_step(GAME.view(state, None), ctx(3, None, waiting=[chooser]))
    assert {c.label: c.action for c in step.choices}[f"Open at ${least}"] == f"bid {least}"
    state, _ = GAME.apply(state, chooser, f"bid {least}")
    bidder = GAME.to_act(state)[0]
    step = FRONT.public_step(GAME.view(state, None), ctx(3, None, waiting=[bidder]))
    text = panel_text(step)
    assert f"high bid **${least}** by **{NAMES[chooser]}**" in text
    others = [NAMES[s] for s in range(3) if s != chooser]
    assert f"May still bid: {others[0]} and {others[1]}." in text
    assert step.status == f"⏳ {NAMES[bidder]}: raise the bid for the {_name(lot)}, or pass"
    actions = {c.label: c.action for c in step.choices}
    assert actions["Pass"] == "pass" and actions[f"Raise to ${least + 1}"] == f"bid {least + 1}"
    assert actions["Raise more…"] is None, "the other amounts are in the bidder's own prompt"
    legal = [a.text for a in GAME.legal_actions(state, bidder)]
    assert "pass" in legal and f"bid {least + 1}" in legal


def _name(lic: str) -> str:
    return TR._(LICENSES[lic])


def test_a_lot_keeps_its_message_until_the_next_license_is_put_up():
    # The record of a lot ends with who bought it: the next lot is a new message.
    state, _ = GAME.start(2, "keys")
    seat = GAME.to_act(state)[0]
    lot = state.row[0]

    def key(state):
        return FRONT.public_step(GAME.view(state, None), ctx(2, None)).key

    first = key(state)
    state, _ = GAME.apply(state, seat, f"open {lot}")
    assert key(state) == first, "choosing and bidding are one message"
    state, _ = GAME.apply(state, seat, f"bid {BOOK.licenses[lot].min_bid}")
    state, events = GAME.apply(state, 1 - seat, "pass")
    assert state.players[seat].task == "pay"
    assert key(state) == first, "the winner pays on the lot's own message"
    while state.players[seat].task == "pay":
        state, more = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        events += more
    assert key(state) == first, "the sale stays on it while the next chooser decides"
    chooser = GAME.to_act(state)[0]
    sold = panel_text(FRONT.public_step(GAME.view(state, None), ctx(2, None, events)))
    assert f"✅ **{NAMES[seat]}** bought the **{_name(lot)}**" in sold
    state, _ = GAME.apply(state, chooser, f"open {state.row[0]}")
    assert key(state) != first, "the next lot is a new message"


def test_payments_show_the_cards_spent_but_never_what_stays_in_hand():
    # RULES §5.3: paid cards are face up; the hand stays secret.
    state, _ = GAME.start(2, "pay-step")
    seat = GAME.to_act(state)[0]
    lot = state.row[0]
    state, _ = GAME.apply(state, seat, f"open {lot}")
    state, _ = GAME.apply(state, seat, f"bid {BOOK.licenses[lot].min_bid}")
    state, _ = GAME.apply(state, 1 - seat, "pass")
    state, _ = GAME.apply(state, seat, "pay cod")
    step = FRONT.public_step(GAME.view(state, None), ctx(2, None, waiting=[seat]))
    assert step.status.endswith("(paid so far: 🐟 Cod)")
    assert any(c.startswith("tuna") for c in state.players[seat].hand)
    assert "Tuna" not in step.status
    # The live status goes when the step is passed: the record keeps no half payment.
    assert "paid so far" not in panel_text(step)


def test_the_step_message_is_the_table_and_names_everyone_it_waits_for():
    assert FRONT.board_message is False
    for state, events in games(3, 1, policy="heuristic"):
        if GAME.is_over(state):
            continue
        waiting = GAME.to_act(state)
        step = FRONT.public_step(GAME.view(state, None), ctx(3, None, events, waiting))
        lines = step.status.splitlines()
        assert [line.split(":")[0] for line in lines] == [f"⏳ {NAMES[s]}" for s in waiting]
        table = dict(step.fields)["Table"]
        for seat, p in enumerate(state.players):
            held = f"{len(p.hand) + len(p.drawn)} card"
            assert any(f"**{NAMES[seat]}**" in line and held in line for line in table)


def test_what_a_seat_owes_is_public_so_a_notice_can_say_it():
    # A notice is a public message: what it says must not depend on the hand.
    for state, _ in games(3, 2):
        for seat in GAME.to_act(state):
            owed = FRONT.owed(GAME.view(state, seat), seat, ctx(3, seat))
            assert owed == FRONT.owed(GAME.view(state, None), seat, ctx(3, None))


def test_a_player_is_pinged_once_a_turn_in_the_auction_and_once_for_the_rest_of_the_round():
    state, _ = GAME.start(2, "turns")
    turns = [FRONT.turn(GAME.view(state, None))]
    seat = GAME.to_act(state)[0]
    state, _ = GAME.apply(state, seat, f"open {state.row[0]}")
    state, _ = GAME.apply(state, seat, f"bid {BOOK.licenses[state.auction.lot].min_bid}")
    turns.append(FRONT.turn(GAME.view(state, None)))
    assert turns[0] != turns[1], "bidding that comes back to a player is a new turn"
    while state.phase == "auction":
        s = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, s, GAME.default_action(state, s))
    assert state.phase == "work"
    turns = set()
    while state.phase == "work":
        turns.add(FRONT.turn(GAME.view(state, None)))
        s = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, s, GAME.default_action(state, s))
    assert len(turns) == 1, "one turn for launching, processing and drawing (RULES §3.2)"


def test_a_seat_that_waited_for_everyones_catch_gets_a_new_turn_when_processing_opens():
    # RULES §3.2, §8.2: it was away while the others fished; it must be called again.
    state = own_pace(crates=4)
    turn = FRONT.turn(GAME.view(state, None))
    state, _ = GAME.apply(state, 1, "stop")
    assert state.players[0].task == "process"
    assert FRONT.turn(GAME.view(state, None)) != turn


def test_the_step_message_says_where_each_seat_is_in_its_end_of_round():
    # RULES §3.2: where each seat is, is public.
    state = own_pace(crates=4)
    step = FRONT.public_step(GAME.view(state, None), ctx(2, None, (), [1]))
    text = panel_text(step)
    assert f"**{NAMES[0]}** 🎣 waiting for everyone's catch" in text
    assert f"**{NAMES[1]}** ⛵ launching" in text
    assert "processing opens once everyone has fished" in text
    state = own_pace(crates=None, seat0_processes=False)
    text = panel_text(FRONT.public_step(GAME.view(state, None), ctx(2, None, (), [0, 1])))
    assert f"**{NAMES[0]}** 🃏 drawing" in text and "catch" not in text


def test_the_private_panel_shows_the_hand_and_a_picture_of_a_tableau_once_there_is_one():
    state, _ = GAME.start(2, "mine")
    panel = FRONT.private(GAME.view(state, 0), 0, ctx(2, 0))
    text = panel_text(panel)
    assert "Tuna ($3)" in text and "You can pay up to **$11** (cards $11)" in text
    assert panel.image is None, "nothing on the table yet: the text says it"
    state.players[0].licenses.append(state.licenses.pop(0))
    panel = FRONT.private(GAME.view(state, 0), 0, ctx(2, 0))
    assert panel.image is not None and panel.image.startswith(b"\x89PNG")


def test_refusals_are_worded_with_their_fields():
    state, _ = GAME.start(2, "refuse")
    seat = GAME.to_act(state)[0]
    for text, seat_to_use in (("launch cod", seat), ("decline", 1 - seat), ("open pub", seat)):
        try:
            GAME.apply(state, seat_to_use, text)
        except IllegalAction as err:
            words = FRONT.refusal(err, ctx(2, seat_to_use))
            assert words and "{" not in words
        else:
            raise AssertionError(text)
    err = IllegalAction("x", "cannot_afford", amount=9)
    assert "$9" in FRONT.refusal(err, ctx(2, 0))
    err = IllegalAction("You hold no tuna card.", "not_in_hand", kind="tuna")
    assert FRONT.refusal(err, ctx(2, 0)) == "You hold no Tuna card."


def test_lobby_options_are_the_games_options():
    keys = {o.key for o in FRONT.lobby_options}
    assert keys == set(Options.model_fields)
    for option in FRONT.lobby_options:
        for _, value in option.values:
            state, _ = GAME.start(2, "lobby", {option.key: value})
            assert not GAME.is_over(state)


def test_the_daily_challenge_is_one_player_against_one_ai_that_decides_the_same_each_time():
    assert FRONT.challenge is not None and FRONT.challenge.ai == 1

    # Same seed, same choices by the player: the AI seat answers the same way every time.
    def play(seed):
        state, _ = GAME.start(2, seed)
        log = []
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            policy = GAME.policies["heuristic"]
            action = policy(
                GAME.view(state, seat),
                seat,
                GAME.legal_actions(state, seat),
                random.Random(len(log)),
            )
            log.append(action.text)
            state, _ = GAME.apply(state, seat, action)
        return log

    assert play("daily") == play("daily")


def at_task(task: str, seats: int = 3):
    for state, events in games(seats, 6, policy="heuristic"):
        for seat in GAME.to_act(state):
            if state.players[seat].task == task:
                return state, events, seat
    raise AssertionError(f"no {task} decision came up")


def test_a_payment_is_one_menu_of_the_hand_each_card_with_its_value():
    # RULES §5.2: several cards may go down at once; the menu says what is due
    state, events, seat = at_task("pay")
    view = GAME.view(state, seat)
    panel = FRONT.prompt(view, seat, GAME.legal_actions(state, seat), ctx(3, seat, events))
    menu = panel.multi
    assert menu is not None and menu.verb == "pay" and menu.low == 1 and menu.high > 1
    due = state.players[seat].payment.due
    assert f"${due}" in menu.placeholder
    hand = view.players[seat].hand
    assert len(menu.options) == len(hand) + state.players[seat].processed
    for option, card in zip(menu.options, hand, strict=False):
        kind = BOOK.card_types[card]
        assert option.label.endswith(f"· ${BOOK.kind_cash(kind)}") and option.action.startswith(
            kind
        )
    assert len({o.action for o in menu.options}) == len(menu.options), "copies told apart"
    (quick,) = panel.choices
    after, _ = GAME.apply(state, seat, quick.action)
    assert after.players[seat].payment is None, "one click pays it all"
    text = " ".join(["pay", *(o.action for o in menu.options[: menu.high])])
    assert len(text) <= 60, "as many as an action's text holds"


def test_the_bid_prompt_says_who_holds_the_high_bid_and_who_may_still_bid():
    state, _, seat = at_task("raise")
    a = state.auction
    panel = FRONT.prompt(
        GAME.view(state, seat), seat, GAME.legal_actions(state, seat), ctx(3, seat)
    )
    lines = "\n".join(panel.lines)
    assert f"High bid: **${a.high}** by **{NAMES[a.leader]}**." in lines
    still = [
        NAMES[s]
        for s, p in enumerate(state.players)
        if not p.out and s not in a.passed and s != a.leader
    ]
    assert f"May still bid: {TR.list(still)}." in lines and NAMES[seat] in still


def test_the_choices_of_the_later_phases_read_as_a_player_would_say_them():
    labels = set()
    for state, _ in games(3, 3, policy="heuristic"):
        for s in GAME.to_act(state):
            view = GAME.view(state, s)
            panel = FRONT.prompt(view, s, GAME.legal_actions(state, s), ctx(3, s))
            labels |= {c.label for c in panel.choices}
    assert "Done launching" in labels
    assert not any(
        label.startswith(("A crate from a boat with 1 crate", "Captain: a")) for label in labels
    )


def test_a_bid_the_menu_leaves_out_can_be_typed():
    # RULES §4.9: the menu holds 24 amounts; when the bidder can afford more than that, the
    # prompt offers a number to type, from the lowest bid to all they can pay.
    state = hand(GAME.start(2, "typed")[0], 0, *["tuna"] * 10, *["shrimp"] * 3)
    state, _ = at(row(state, "cod", "shrimp"), "auction")
    state, _ = GAME.apply(state, 0, "open cod")
    legal = GAME.legal_actions(state, 0)
    panel = FRONT.prompt(GAME.view(state, 0), 0, legal, ctx(2, 0))
    assert panel.amount is not None
    assert (panel.amount.verb, panel.amount.low, panel.amount.high) == ("bid", 4, 36)
    assert panel.amount.label == "Other amount…"
    assert "Other amount…  [bid 4…36]" in panel_text(panel)
    # A bidder the menu lists every amount for has nothing to type.
    state = hand(state, 0, "tuna", "shrimp")
    poor = FRONT.prompt(GAME.view(state, 0), 0, GAME.legal_actions(state, 0), ctx(2, 0))
    assert poor.amount is None


def test_each_bid_amount_says_what_paying_it_leaves_in_hand():
    # RULES §5.1: the cards that cover the price overpaying the least; no change is given.
    state = hand(GAME.start(2, "leaves")[0], 0, "tuna", "tuna", "cod")
    state, _ = at(row(state, "cod", "shrimp"), "auction")
    state, _ = GAME.apply(state, 0, "open cod")
    panel = FRONT.prompt(GAME.view(state, 0), 0, GAME.legal_actions(state, 0), ctx(2, 0))
    details = {c.action: c.detail for c in panel.choices}
    assert details["bid 4"] == "the lowest bid · leaves you $3", "Tuna and Cod pay it"
    assert details["bid 5"] == "leaves you $1", "two Tuna pay it, $1 overpaid"
    assert details["bid 6"] == "leaves you $1"
    assert details["bid 7"] == "all you can pay"


def test_a_standing_bid_is_offered_and_shown_to_its_bidder_only():
    # RULES §4.10: limits above the lowest bid; the bidder's own prompt says what holds
    state = GAME.start(3, "standing")[0]
    row(state, "cod", "shrimp", "tuna")
    state, _ = at(state, "auction", first=0)
    state, _ = GAME.apply(state, 0, "open tuna")
    state, _ = GAME.apply(state, 0, "bid 5")
    view = GAME.view(state, 1)
    panel = FRONT.prompt(view, 1, GAME.legal_actions(state, 1), ctx(3, 1))
    limits = [c for c in panel.choices if c.action.startswith("standing ")]
    assert limits[0].action == "standing 7" and limits[0].label == "up to $7"
    assert limits[0].detail == "$6 now, then the lowest raise each time, up to $7"
    order = GAME.standing_order(state, 1, "9")
    state, _ = GAME.apply(state, 1, "bid 6")
    mine = Ctx(ctx(3, 1).seats, TR, reader=1, standing=order)
    waiting = FRONT.prompt(GAME.view(state, 1), 1, GAME.legal_actions(state, 1), mine)
    assert "up to $9" in panel_text(waiting)
    other = FRONT.prompt(GAME.view(state, 2), 2, GAME.legal_actions(state, 2), ctx(3, 2))
    assert "Your standing bid" not in panel_text(other)
    paying = [c for c in limits if c.action.endswith(" pay")]
    assert [c.action for c in paying[1:]] == [f"{c.action} pay" for c in limits if c not in paying]
    assert paying[0].action == "standing 6 pay", "the lowest bid, paid if it wins"
    assert paying[0].detail == "$6 now; if you win, you pay the way that overpays least"
    assert paying[1].label == "up to $7, and pay"
    assert paying[1].detail == (
        "$6 now, raises up to $7; if you win, you pay the way that overpays least"
    )
    mine = Ctx(ctx(3, 1).seats, TR, reader=1, standing=f"{order} pay")
    waiting = FRONT.prompt(GAME.view(state, 1), 1, GAME.legal_actions(state, 1), mine)
    assert "up to $9, and if you win it, the payment the way that overpays least" in (
        panel_text(waiting)
    )
