"""Fleet, the card game, through the whole bot in SimCord: a 3-player table (two players and an
AI seat) from the lobby to the final scores through clicks, the auction's public buttons,
restarts with old buttons, deadlines, autopilot, the log, and the daily challenge."""

from __future__ import annotations

from bot.fronts.fleet_cards.words import BOATS, LICENSES
from bot.i18n import Tr
from engine.fleet_cards.cards import builtin_deck
from engine.fleet_cards.holdings import purse
from tests.bot.helpers import execute
from tests.cogs.harness import ids, public_action, said
from tests.engine.fleet_cards.builders import hand

GAME = "fleet-cards"
TR = Tr("en", GAME)


async def three_seats(table, deadline=0):
    """alice hosts, bob joins, an AI seat is added, the game starts: all through clicks."""
    alice, bob = table.add("alice", "bob")
    options = {"game": GAME, **({"deadline": deadline} if deadline else {})}
    await table.open(alice, **options)
    await bob.click(await table.lobby(), label="Join")
    await alice.click(await table.lobby(), label="Add AI seat")
    lobby = await table.lobby()
    assert lobby.embeds[0].description.count("🤖") == 1
    await alice.click(lobby, label="Start")
    return alice, bob


async def play_until(table, wanted, limit=400):
    """Play sensibly until `wanted(state, row)` holds (the harness picks who acts)."""
    for _ in range(limit):
        row = await table.row()
        state = await table.state()
        if wanted(state, row):
            return state, row
        assert row.status == "active", "the game ended before the moment looked for"
        await table.play_one()
    raise AssertionError("the moment looked for never came")


def human_to(task):
    """A human seat owes `task` (AI seats never make the table wait)."""

    def wanted(state, row):
        return any(
            p.task == task and not row.seats[s].is_ai and row.seats[s].user_id
            for s, p in enumerate(state.players)
        )

    return wanted


def seat_with(state, row, task):
    return next(s for s, p in enumerate(state.players) if p.task == task and not row.seats[s].is_ai)


def labels(message):
    return [c.label for r in message.components for c in r.children]


def count_calls(table, monkeypatch, name):
    """Count the click handler's `name` being called (public buttons, prompt choices)."""
    handler = table.bot.clicks
    real = getattr(handler, name)
    calls = []

    async def counted(*args, **kwargs):
        calls.append(args)
        return await real(*args, **kwargs)

    monkeypatch.setattr(handler, name, counted)
    return calls


async def test_three_players_with_an_ai_seat_play_a_whole_game_through_clicks(table, monkeypatch):
    alice, bob = await three_seats(table)
    row = await table.row()
    assert row.status == "active" and len(row.seats) == 3 and row.seats[2].is_ai
    assert not (await table.lobby()).components, "a started table's lobby has no buttons left"
    step = await table.message(row.step_message_id)
    assert "license auction" in step.embeds[0].title
    state = await table.state()
    (waiting,) = [s for s, p in enumerate(state.players) if p.task]
    assert step.content.startswith(f"⏳ {row.seats[waiting].name}: ")
    if state.players[waiting].task == "choose":  # else the AI seat chose first
        assert {"Decline", "Act", "Mine", "Log"} <= set(labels(step))
        assert any(label.startswith("Put up ") for label in labels(step))
    else:
        assert {"Pass", "Raise more…", "Mine", "Log"} <= set(labels(step))

    table.sensible = True
    public = count_calls(table, monkeypatch, "public")
    prompts = count_calls(table, monkeypatch, "prompt")
    await table.play_to_end()

    row = await table.row()
    assert row.status == "over"
    assert public and prompts, "both the auction's buttons and private prompts were used"
    history = [m async for m in table.thread().history(limit=5)]
    final = next(m for m in history if m.embeds and m.embeds[0].title == "Final scores")
    assert f"<@{alice.id}>" in final.content and f"<@{bob.id}>" in final.content
    heads = " ".join(f.name for f in final.embeds[0].fields)
    assert all(name in heads for name in ("alice", "bob", "AI 1"))
    assert labels(final) == ["Play again", "Replay"]
    entries = await table.service.repo.actions(row.id)
    assert {e.seat for e in entries} == {0, 1, 2}
    assert all(e.user_id is None for e in entries if e.seat == 2)
    again = await bob.click(final, label="Play again")
    assert "Table open" in said(again)
    verbs = {e.action.split()[0] for e in entries if e.user_id is not None}
    assert {"bid", "pay", "launch", "hire"} <= verbs
    # a table's seed is its own: the players' Tuna licenses may let them keep all they draw
    # (RULES §10.2), and then nobody was asked to discard
    humans = [s for s, seat in enumerate(row.seats) if not seat.is_ai]
    state = await table.state()
    tuna = all("tuna" in state.players[s].licenses for s in humans)
    assert "discard" in verbs or tuna
    for player in (alice, bob):
        (stats,) = await table.service.repo.user_stats(player.id)
        assert stats.game == GAME and stats.games == 1


async def test_the_auction_message_shows_the_lot_the_high_bid_and_who_may_still_bid(table):
    await three_seats(table)
    table.sensible = True
    state, row = await play_until(table, human_to("raise"))
    step = await table.message(row.step_message_id)
    text = step.embeds[0].description
    bidder = seat_with(state, row, "raise")
    a = state.auction
    assert f"high bid **${a.high}** by **{row.seats[a.leader].name}**" in text
    assert "May still bid:" in text and row.seats[bidder].name in text
    assert step.content == (
        f"⏳ {row.seats[bidder].name}: raise the bid for the {lot_name(a.lot)}, or pass"
    )
    raise_to = next(i for i in ids(step) if public_action(i) == f"bid {a.high + 1}")
    assert raise_to and "Pass" in labels(step) and "Raise more…" in labels(step)
    # A raise through the public button is the bidder's own, and the message shows it.
    bidder_actor = table.players[row.seats[bidder].user_id]
    others = [p for p in table.players.values() if p.id != bidder_actor.id]
    refused = await others[0].click(step, custom_id=raise_to)
    assert "waiting for" in said(refused) and (await table.row()).version == row.version
    if state.players[bidder].hand and a.high + 1 <= purse_of(state, bidder):
        await bidder_actor.click(step, custom_id=raise_to)
        recent = (await table.row()).recent
        raised = {"kind": "bid", "seat": bidder, "data": {"license": a.lot, "amount": a.high + 1}}
        assert raised in recent, "the raise applied (an AI seat may outbid it at once)"


async def test_the_step_message_always_shows_who_the_table_waits_for(table, monkeypatch):
    # After every click, the newest step message names exactly the seats that owe a decision,
    # even when a decision changes nothing else on it (a player stops launching). One deal,
    # so that the first rounds surely hold an auction, launches and a draw.
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda n=8: "5eed" * (n // 2))
    await three_seats(table)
    table.sensible = True
    seen = []

    async def check(actor, result):
        row = await table.row()
        if row.status != "active":
            return
        state = await table.state()
        step = await table.message(row.step_message_id)
        waiting = [row.seats[s].name for s, p in enumerate(state.players) if p.task]
        shown = [line.split(":")[0].removeprefix("⏳ ") for line in step.content.splitlines()]
        assert shown == waiting, (shown, waiting, state.phase)
        seen.append(state.phase)

    table.on_click = check
    await play_until(table, lambda s, r: s.round >= 4)
    # the end of the round asks nothing of a player who has nothing to launch, hire or discard
    assert {"auction", "work"} <= set(seen)


def lot_name(lic):
    return TR._(LICENSES[lic])


def purse_of(state, seat):
    return purse(builtin_deck(), state.players[seat])


async def test_payments_show_the_cards_spent_and_the_next_message_tells_the_whole_sale(table):
    await three_seats(table)
    table.sensible = True
    state, row = await play_until(
        table, lambda s, r: human_to("pay")(s, r) and s.players[seat_with(s, r, "pay")].payment.paid
    )
    payer = seat_with(state, row, "pay")
    step = await table.message(row.step_message_id)
    pay = state.players[payer].payment
    assert "(paid so far: " in step.content
    kinds = {c.rstrip("0123456789") for c in pay.cards}
    names = {k: TR._(v) for k, v in BOATS.items()}
    for kind in kinds & set(names):
        assert names[kind] in step.content.split("(paid so far: ")[1]
    # Once paid, the log says which cards paid for what, to every reader.
    await play_until(table, lambda s, r: s.players[payer].payment is None)
    other = next(p for p in table.players.values() if p.id != row.seats[payer].user_id)
    log = await other.slash(table.handle(), "table log")
    lines = log.response.embeds[0].description.splitlines()
    what = lot_name(pay.item) if pay.kind == "license" else f"{names[pay.item]} boat"
    paid = [line for line in lines if line.startswith(f"{row.seats[payer].name} pays $")]
    assert any(what in line and " with " in line for line in paid), paid


async def test_an_old_auction_button_and_an_old_prompt_work_after_a_restart(table, db_path):
    await three_seats(table)
    table.sensible = True
    # An auction message fetched before the restart: its Pass still plays.
    state, row = await play_until(table, human_to("raise"))
    bidder = seat_with(state, row, "raise")
    actor = table.players[row.seats[bidder].user_id]
    step = await table.message(row.step_message_id)
    logged = len(await table.service.repo.actions(row.id))
    await table.restart(db_path)
    passed = await actor.click(step, label="Pass")
    assert passed.acknowledged
    entry = (await table.service.repo.actions(row.id))[logged]
    assert (entry.action, entry.user_id) == ("pass", actor.id)
    # A prompt opened before the restart: its buttons still play the choice they show.
    state, row = await play_until(table, human_to("raise"))
    bidder = seat_with(state, row, "raise")
    actor = table.players[row.seats[bidder].user_id]
    step = await table.message(row.step_message_id)
    prompt = await actor.click(step, label="Raise more…")
    assert prompt.ephemeral and prompt.response.components
    # Pass is a button, or an option of the bid menu when the standing bids take the rows.
    button = [i for i in ids_of(prompt.response) if i.endswith(":pass")]
    menu = [
        c["custom_id"]
        for r in prompt.response.components
        for c in r["components"]
        if c["type"] == 3 and any(o["value"] == "pass" for o in c["options"])
    ]
    logged = len(await table.service.repo.actions(row.id))
    await table.restart(db_path)
    if button:
        chosen = await actor.click(prompt.response.message, custom_id=button[0])
    else:
        chosen = await actor.select(prompt.response.message, ["pass"], custom_id=menu[0])
    assert chosen.acknowledged
    entry = (await table.service.repo.actions(row.id))[logged]
    assert (entry.action, entry.user_id) == ("pass", actor.id)
    await table.play_to_end()
    assert (await table.row()).status == "over"


def ids_of(response):
    return [c["custom_id"] for r in response.components for c in r["components"]]


async def test_a_deadline_plays_the_default_move_then_autopilot_plays_a_seat_to_the_end(table):
    alice, bob = await three_seats(table, deadline=24)
    row = await table.row()
    state = await table.state()
    (waiting,) = table.service.game(GAME).to_act(state)
    assert row.deadline_at is not None
    logged = len(await table.service.repo.actions(row.id))  # the AI seat may have moved
    await table.bot.scheduler.tick(now=row.deadline_at + 1)
    entry = (await table.service.repo.actions(row.id))[logged]
    assert entry.user_id is None and entry.seat == waiting
    history = [m.content async for m in table.thread().history(limit=8)]
    assert any("Time ran out" in c and row.seats[waiting].name in c for c in history)

    result = await alice.slash(table.handle(), "table autopilot", player=bob)
    assert "autopilot" in said(result)
    table.sensible = True
    await table.play_to_end()
    row = await table.row()
    assert row.status == "over"
    entries = await table.service.repo.actions(row.id)
    bob_seat = row.seat_of(bob.id)
    assert all(e.user_id is None for e in entries if e.seat == bob_seat and e.seq > 1)


async def test_the_log_and_the_board_answer_with_the_game_so_far(table):
    alice, bob = await three_seats(table)
    table.sensible = True
    await play_until(table, lambda s, r: s.round >= 2)
    log = await alice.slash(table.handle(), "table log")
    lines = log.response.embeds[0].description
    assert log.ephemeral and "You draw " in lines and "Round 2 begins." in lines
    board = await bob.slash(table.handle(), "table board")
    assert board.acknowledged
    row = await table.row()
    last = [m async for m in table.thread().history(limit=1)][0]  # noqa: RUF015
    assert last.id == row.step_message_id, "the table again at the bottom of the thread"
    assert "Table" in [f.name for f in last.embeds[0].fields]
    mine = await bob.slash(table.handle(), "table mine")
    assert mine.ephemeral and "Your hand" in [
        f["name"] for f in mine.response.embeds[0].to_dict()["fields"]
    ]


async def test_the_daily_challenge_plays_to_the_end_and_lands_on_the_leaderboard(table):
    (alice,) = table.add("alice")
    before = {t.id for t in table.channel.threads}
    result = await alice.slash(table.channel, "challenge", game=GAME)
    assert "#" in said(result)
    (thread,) = [t for t in table.channel.threads if t.id not in before]
    table.thread_id = thread.id
    row = await table.row()
    assert row.game == GAME and row.options.challenge_day and len(row.seats) == 2
    assert row.seats[1].is_ai
    table.sensible = True
    await table.play_to_end()
    assert (await table.row()).status == "over"
    shared = [m.content async for m in table.bot.get_channel(table.channel.id).history(limit=5)]
    line = next(c for c in shared if "finished today's challenge" in c)
    assert "Fleet cards #" in line and " VP · place " in line
    board = await alice.slash(table.channel, "leaderboard", game=GAME, period="today")
    assert board.ephemeral and f"<@{alice.id}>" in board.response.embeds[0].description
    again = await alice.slash(table.channel, "challenge", game=GAME)
    assert "already played today's challenge" in said(again)


def covering(book, hand, due):
    """Cards of `hand` that pay `due`, each needed: the dearest first until it is covered."""
    chosen, paid = [], 0
    for card in sorted(hand, key=book.cash, reverse=True):
        if paid >= due:
            break
        chosen.append(card)
        paid += book.cash(card)
    return chosen


async def test_a_payment_is_laid_down_in_one_step_from_a_menu_of_the_hand(table):
    # RULES §5.2: the payer picks several cards at once; each shows its value, the menu says
    # what is due; the payment is done in one step, and the table sees every card paid.
    await three_seats(table)
    table.sensible = True
    book = builtin_deck()

    def owes_two_cards(state, row):
        if not human_to("pay")(state, row):
            return False
        p = state.players[seat_with(state, row, "pay")]
        return p.payment.paid == 0 and p.payment.due > max(book.cash(c) for c in p.hand)

    state, row = await play_until(table, owes_two_cards)
    payer = seat_with(state, row, "pay")
    actor = table.players[row.seats[payer].user_id]
    due = state.players[payer].payment.due
    board = await table.table_message()
    act = next(i for i in ids(board) if i.endswith(":act"))
    prompt = await actor.click(board, custom_id=act)
    ((menu,),) = [
        [c for c in r["components"] if c["type"] == 3] for r in prompt.response.components[:1]
    ]
    assert f"${due}" in menu["placeholder"] and menu["max_values"] > 1
    shown = {o["value"]: o["label"] for o in menu["options"]}
    assert all(
        label.endswith(f"· ${book.kind_cash(v.split(':')[0])}")
        for v, label in shown.items()
        if not v.startswith("crate")
    )
    cards = covering(book, state.players[payer].hand, due)
    assert len(cards) >= 2
    counts: dict[str, int] = {}
    values = []
    for card in cards:
        kind = book.card_types[card]
        counts[kind] = counts.get(kind, 0) + 1
        values.append(kind if counts[kind] == 1 else f"{kind}:{counts[kind]}")
    assert set(values) <= set(shown)
    await actor.select(prompt.response.message, values, custom_id=menu["custom_id"])
    after = await table.state()
    assert after.players[payer].payment is None, "paid in one step"
    assert len(after.players[payer].hand) == len(state.players[payer].hand) - len(cards)
    spent = [
        e for e in (await table.row()).recent if e["kind"] == "spend" and e.get("seat") == payer
    ]
    assert len(spent) >= len(cards) and all("to" not in e for e in spent), "paid cards are public"


async def rich_bidder(table):
    """A human owes a bid and can pay far more than a menu of 24 amounts lists: ten Tuna and
    three Shrimp cards ($36). Returns (the bidder, their seat, the prompt they opened)."""
    await three_seats(table)
    table.sensible = True

    def bidding(state, row):
        return human_to("open")(state, row) or human_to("raise")(state, row)

    state, row = await play_until(table, bidding)
    seat = next(s for s, p in enumerate(state.players) if p.task in ("open", "raise"))
    state = hand(state, seat, *["tuna"] * 10, *["shrimp"] * 3)
    game = table.service.game(GAME)
    await execute(
        table.service.repo,
        "UPDATE games SET state = ? WHERE id = ?",
        (game.dump_state(state), row.id),
    )
    table.service.kept.forget(row.id)  # edited by hand, version and all: not as the bot saves
    actor = table.players[row.seats[seat].user_id]
    board = await table.table_message()
    act = next(i for i in ids(board) if i.endswith(":act"))
    prompt = await actor.click(board, custom_id=act)
    return actor, seat, prompt


def offered_bids(response):
    return [
        int(o["value"].split()[1])
        for r in response.components
        for c in r["components"]
        if c["type"] == 3
        for o in c["options"]
        if o["value"].startswith("bid ")
    ]


async def open_box(actor, prompt):
    """Click the prompt's "Other amount…": the answer is a box with one text input."""
    ask = next(i for i in ids_of(prompt.response) if i.startswith("fl1:ask:"))
    shown = await actor.click(prompt.response.message, custom_id=ask)
    assert shown.modal is not None, shown
    return shown


async def test_a_bid_the_menu_leaves_out_can_be_typed_in_a_box(table):
    # RULES §4.9 and the rulebook: "The player to his left chooses to overbid or pass" — any
    # overbid the bidder can afford ("At no time may any player declare a bid that he cannot
    # afford"), not only the 24 amounts a menu holds.
    actor, seat, prompt = await rich_bidder(table)
    listed = offered_bids(prompt.response)
    assert len(listed) == 24 and listed[-1] == 36
    left_out = next(n for n in range(listed[0], 37) if n not in listed)
    labels_shown = [c.get("label") for r in prompt.response.components for c in r["components"]]
    assert "Other amount…" in labels_shown
    shown = await open_box(actor, prompt)
    box = shown.modal
    assert box["title"] == "Other amount"
    (field,) = [c for r in box["components"] for c in r.get("components", [r.get("component")])]
    assert field["label"] == f"Amount, from {listed[0]} to 36"
    logged = len(await table.service.repo.actions((await table.row()).id))
    typed = await actor.submit_modal(shown, {"amount": f"${left_out}"})
    assert typed.acknowledged
    row = await table.row()
    entry = (await table.service.repo.actions(row.id))[logged]
    assert (entry.action, entry.user_id, entry.seat) == (f"bid {left_out}", actor.id, seat)
    bid = {"kind": "bid", "seat": seat, "data": {"license": entry_license(row), "amount": left_out}}
    assert bid in row.recent


def entry_license(row):
    return next(e["data"]["license"] for e in reversed(row.recent) if e["kind"] == "bid")


async def test_a_typed_amount_that_is_no_number_too_low_or_unaffordable_changes_nothing(table):
    # RULES §4.3, §4.4: a bid tops the high bid (or the license's minimum) and must be
    # affordable; a box that holds no whole number is answered the same way.
    actor, _, prompt = await rich_bidder(table)
    least = offered_bids(prompt.response)[0]
    row = await table.row()
    answers = {}
    for text in ("ten", "12.5", "-5", "1000", str(least - 1), "37"):
        shown = await open_box(actor, prompt)
        result = await actor.submit_modal(shown, {"amount": text})
        assert result.acknowledged
        answers[text] = said(result)
        assert (await table.row()).version == row.version, text
    for text in ("ten", "12.5", "-5", "1000"):
        assert answers[text] == f"Type a whole number, from {least} to 36; nothing changed."
    assert f"Bid at least ${least}" in answers[str(least - 1)]
    assert answers["37"].startswith("You cannot pay $37")


async def test_a_box_filled_in_after_the_prompt_moved_on_is_stale(table):
    # The box belongs to the prompt it was opened from: once its seat has acted, the number
    # typed there plays nothing, and the answer shows the current decision.
    actor, _, prompt = await rich_bidder(table)
    shown = await open_box(actor, prompt)
    least = offered_bids(prompt.response)[0]
    menu = next(
        c["custom_id"]
        for r in prompt.response.components
        for c in r["components"]
        if c["type"] == 3 and any(o["value"] == f"bid {least}" for o in c["options"])
    )
    await actor.select(prompt.response.message, [f"bid {least}"], custom_id=menu)
    row = await table.row()
    result = await actor.submit_modal(shown, {"amount": "30"})
    assert "moved on" in said(result)
    assert (await table.row()).version == row.version


async def test_a_crafted_box_is_answered_and_changes_nothing(table):
    actor, _, prompt = await rich_bidder(table)
    row = await table.row()
    shown = await open_box(actor, prompt)
    shown._interaction.modal["custom_id"] = "fl1:typed:garbage"
    result = await actor.submit_modal(shown, {"amount": "30"})
    assert "older version" in said(result)
    assert (await table.row()).version == row.version


async def test_a_box_opened_before_a_restart_still_plays_its_amount(table, db_path):
    # The box is kept by no process: the number typed after the bot restarted is the bid.
    actor, seat, prompt = await rich_bidder(table)
    shown = await open_box(actor, prompt)
    row = await table.row()
    logged = len(await table.service.repo.actions(row.id))
    await table.restart(db_path)
    typed = await actor.submit_modal(shown, {"amount": "33"})
    assert typed.acknowledged
    entry = (await table.service.repo.actions(row.id))[logged]
    assert (entry.action, entry.seat) == ("bid 33", seat)


async def test_a_standing_bid_is_left_from_the_prompt_and_its_limit_shows_only_to_its_bidder(
    table,
):
    # RULES §4.10: "raise for me up to $N" from a menu of the bid prompt; the lowest bid is
    # played now, the limit is kept on the bidder's seat and shown to them alone
    actor, seat, prompt = await rich_bidder(table)
    least = offered_bids(prompt.response)[0]
    limit = least + 3
    menu = next(
        c
        for r in prompt.response.components
        for c in r["components"]
        if c["type"] == 3 and any(o["value"].startswith("standing ") for o in c["options"])
    )
    assert menu["placeholder"] == "Or bid for me, up to…"
    assert f"standing {limit}" in [o["value"] for o in menu["options"]]
    logged = len(await table.service.repo.actions((await table.row()).id))
    answer = await actor.select(
        prompt.response.message, [f"standing {limit}"], custom_id=menu["custom_id"]
    )
    row = await table.row()
    entry = (await table.service.repo.actions(row.id))[logged]
    assert (entry.action, entry.user_id, entry.seat) == (f"bid {least}", actor.id, seat)
    assert row.seats[seat].standing is not None
    step = await table.message(row.step_message_id)
    shown = f"{step.content} {step.embeds[0].description if step.embeds else ''}"
    assert f"standing {limit}" not in shown and "standing bid" not in shown.lower()
    state = await table.state()
    if state.players[seat].task is None and state.auction.lot is not None:
        mine = answer.response.message.embeds[0]
        assert f"up to ${limit}" in str(mine.to_dict()), "the bidder's own prompt says so"
