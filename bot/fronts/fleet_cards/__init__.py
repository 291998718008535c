"""Fleet, the card game, at the table: the board, the auction as a public step with Pass and
Raise buttons, each player's own hand and tableau (with a picture), prompts, the final scores.
Draws views only: another seat's hand never reaches it, so it cannot reach a message."""

from __future__ import annotations

from collections.abc import Sequence

from bot.fronts.base import ChallengeSpec, Choice, Ctx, OptionSpec, Panel
from bot.fronts.fleet_cards.events import event_line
from bot.fronts.fleet_cards.picture import tableau_png
from bot.fronts.fleet_cards.prompt import decline_choice, license_choice, owed, prompt_panel
from bot.fronts.fleet_cards.tableau import (
    boat_lines,
    captain_lines,
    hand_lines,
    license_line,
    standing,
)
from bot.fronts.fleet_cards.words import (
    CATEGORIES,
    EMOJI,
    N_,
    boat,
    boat_name,
    book_of,
    license_emoji,
    license_name,
    phase_name,
)
from bot.i18n import Tr
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult
from engine.fleet_cards.cards import kind_of
from engine.fleet_cards.views import FleetCardsView

RULES = N_(
    "Each round has five phases. **Auction**: in turn, a player puts a license up at its "
    "minimum bid or more, or declines for the round; the others raise or pass; the winner pays "
    "with boat cards at their cash value (no change) and buys nothing more this round. "
    "**Launch and hire**: launch a boat matching one of your licenses, paid with your other "
    "cards; then put any card face down on a boat as its captain. **Fishing**: every captained "
    "boat gets a crate, up to 4. **Processing**: with a Processing Vessel license, move a crate "
    "per boat onto it ($1 each) and trade one for cards. **Draw**: draw 2, keep 1.\n"
    "Licenses give bonuses: Shrimp $1 off, Cod a second launch and cards, Lobster a second "
    "captain and cards, Tuna better draws, King Crab VP at the end, the Pub 10 VP.\n"
    "The game ends when the licenses cannot refill the row (after that round) or the crates run "
    "out (after fishing). Score: licenses + boats + 1 per crate on boats + King Crab bonuses. "
    "Hand sizes are public, cards are not."
)
REFUSALS: dict[str, str] = {
    "over": N_("The game is over; nothing can be played any more."),
    "not_your_turn": N_("You have nothing to decide right now; wait for your turn."),
    "no_seat": N_("You have no seat at this table."),
    "syntax": N_("That is not an action of this game."),
    "not_now": N_("That is not possible now: {owed}."),
    "not_offered": N_("That license is not on offer."),
    "cannot_afford": N_("You cannot pay ${amount}: your cards, crates and discount fall short."),
    "bid_too_low": N_("Bid at least ${least}."),
    "amount_not_offered": N_("Choose one of the amounts offered."),
    "must_open": N_("You chose this license: open the bidding at its minimum or more."),
    "no_crates": N_("You have no processed crate to pay with."),
    "not_in_hand": N_("You hold no {kind} card."),
    "no_license": N_("You own no license that launches {kind} boats."),
    "no_boat": N_("None of your boats still to process this round holds {crates} crates."),
    "not_drawn": N_("Discard one of the cards just drawn."),
}


class FleetCardsFront:
    game_id = "fleet-cards"
    domain = "fleet-cards"
    lobby_options: Sequence[OptionSpec] = (
        OptionSpec(
            "advanced_setup",
            N_("Advanced setup (premium licenses anywhere after the first row)"),
            ((N_("off"), False), (N_("on"), True)),
        ),
        OptionSpec(
            "gone_fishin",
            N_("Gone Fishin' cards (Arctic Bounty)"),
            ((N_("off"), False), (N_("on"), True)),
        ),
        OptionSpec("deck", N_("Card data"), ((N_("printed values"), "base"),)),
    )
    challenge: ChallengeSpec | None = ChallengeSpec(ai=1)
    """The same deck for everyone against one AI seat, which decides the same whenever it
    sees the same thing: a player's score depends on their own choices only."""
    board_message = True

    def turn(self, view: FleetCardsView) -> str:
        return f"r{view.round}"

    def title_name(self, code: str | None, ctx: Ctx) -> str:
        return ""

    def title(self, tr: Tr) -> str:
        return tr._("Fleet")

    # --- the public table ------------------------------------------------------------------------

    def board(self, view: FleetCardsView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        if view.phase == "over":
            head = tr._("game over after {rounds} rounds", rounds=view.round)
        else:
            head = tr._(
                "round {round} · {phase}", round=view.round, phase=phase_name(tr, view.phase)
            )
        lines = [self._offer_line(tr, view)]
        lines.append(
            tr._(
                "{crate} {crates} crates left · {licenses} licenses in the deck · "
                "{cards} cards in the supply",
                crate=EMOJI["crate"],
                crates=view.crates,
                licenses=view.licenses_left,
                cards=view.deck_size,
            )
        )
        if view.last_round and view.phase != "over":
            lines.append(tr._("**Last round.**"))
        if view.phase != "over":
            lines.append(tr._("First player: {name}", name=ctx.name(view.first_player)))
        if ctx.waiting:
            names = tr.list([ctx.name(s) for s in ctx.waiting])
            lines.append(tr._("Waiting for: {names}", names=names))
        fields: list[tuple[str, Sequence[str]]] = []
        for seat, p in enumerate(view.players):
            block = [standing(tr, p), license_line(tr, p), *boat_lines(tr, p)]
            if p.gone_fishin:
                block.append(
                    tr.ngettext("{n} Gone Fishin' card", "{n} Gone Fishin' cards", p.gone_fishin)
                )
            fields.append((ctx.name(seat), block))
        recent = [line for e in ctx.recent if (line := self.event(e, ctx))]
        if recent:
            fields.append((tr._("Last moves"), recent[-8:]))
        return Panel(
            tr._("{game} — {head}", game=self.title(tr), head=head),
            lines,
            fields,
            footer=tr._("Boats: crates on board; – no captain yet."),
        )

    def _offer_line(self, tr: Tr, view: FleetCardsView) -> str:
        book = book_of(view)
        if not view.row:
            return tr._("No license on offer.")
        offers = [
            tr._(
                "{emoji} {license} (${least}, {vp} VP)",
                emoji=license_emoji(book, lic),
                license=license_name(tr, lic),
                least=book.licenses[lic].min_bid,
                vp=book.licenses[lic].vp,
            )
            for lic in view.row
        ]
        return tr._("On offer: {offers}", offers=" · ".join(offers))

    def public_step(self, view: FleetCardsView, ctx: Ctx) -> Panel | None:
        """The auction, lot by lot (the license, the high bid and bidder, who may still bid,
        with Pass and Raise); in the other phases, who the table waits for."""
        if view.phase == "over":
            return None
        tr = ctx.tr
        if view.phase != "auction":
            lines = [
                tr._("Waiting for: {names}", names=tr.list([ctx.name(s) for s in ctx.waiting]))
            ]
            heading = tr._(
                "Round {round} · {phase}", round=view.round, phase=phase_name(tr, view.phase)
            )
            return Panel(
                heading,
                lines if ctx.waiting else [],
                choices=[Choice(tr._("Act"), None, style="primary")],
                key=f"{view.round}:{view.phase}",
            )
        return self._auction(view, ctx)

    def _auction(self, view: FleetCardsView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        book = book_of(view)
        a = view.auction
        done = [s for s, p in enumerate(view.players) if p.out]
        paying = sum(1 for p in view.players if p.payment is not None)
        # One message per lot: a winner is out as soon as they win, but the lot is theirs to
        # pay for on the same message.
        key = f"{view.round}:auction:{len(done) - paying}"
        heading = tr._("🔨 Round {round} · license auction", round=view.round)
        lines = [self._offer_line(tr, view)]
        acting = next((s for s, p in enumerate(view.players) if p.task), None)
        choices: list[Choice] = []
        if a.lot is None:
            if acting is not None:
                lines.append(
                    tr._("{name} chooses a license to put up, or declines.", name=ctx.name(acting))
                )
            for lic in dict.fromkeys(view.row):
                choices.append(license_choice(tr, book, lic, f"open {lic}"))
            choices.append(decline_choice(tr, view))
        else:
            lic = license_name(tr, a.lot)
            if a.leader is None:
                lines.append(
                    tr._(
                        "{name} puts the {license} up and names the opening bid.",
                        name=ctx.name(a.opener),
                        license=lic,
                    )
                )
                choices.append(Choice(tr._("Act"), None, style="primary"))
            else:
                lines.append(
                    tr._(
                        "{license}: high bid ${high} by {name}.",
                        license=lic,
                        high=a.high,
                        name=ctx.name(a.leader),
                    )
                )
                payer = view.players[a.leader]
                if payer.payment is not None:
                    lines.append(self._payment_line(tr, ctx, a.leader, view))
                    choices.append(Choice(tr._("Act"), None, style="primary"))
                else:
                    still = [
                        s for s, p in enumerate(view.players) if not p.out and s not in a.passed
                    ]
                    lines.append(
                        tr._("Still bidding: {names}.", names=tr.list([ctx.name(s) for s in still]))
                    )
                    if acting is not None:
                        lines.append(tr._("{name} raises or passes.", name=ctx.name(acting)))
                    choices.append(
                        Choice(
                            tr._("Raise"), None, tr._("choose your bid privately"), style="primary"
                        )
                    )
                    choices.append(
                        Choice(
                            tr._("Pass"),
                            "pass",
                            tr._("out of the bidding for the {license}", license=lic),
                            style="danger",
                        )
                    )
        if done:
            names = tr.list([ctx.name(s) for s in done])
            lines.append(tr._("Done with this auction: {names}.", names=names))
        return Panel(heading, lines, choices=choices, key=key)

    def _payment_line(self, tr: Tr, ctx: Ctx, seat: int, view: FleetCardsView) -> str:
        pay = view.players[seat].payment
        assert pay is not None
        spent = [boat(tr, kind_of(c)) for c in pay.cards]
        if pay.crates:
            spent.append(tr.ngettext("{n} crate", "{n} crates", pay.crates))
        return tr._(
            "{name} is paying: ${paid} of ${price} so far ({spent}).",
            name=ctx.name(seat),
            paid=pay.paid,
            price=pay.price,
            spent=", ".join(spent) or tr._("nothing yet"),
        )

    # --- one seat ---------------------------------------------------------------------------------

    def private(self, view: FleetCardsView, seat: int, ctx: Ctx) -> Panel:
        tr = ctx.tr
        book = book_of(view)
        p = view.players[seat]
        fields: list[tuple[str, Sequence[str]]] = [
            (tr._("Your hand"), hand_lines(tr, book, p)),
            (tr._("Your licenses"), [license_line(tr, p)]),
            (tr._("Your boats"), captain_lines(tr, book, p) or [tr._("none yet")]),
        ]
        if p.drawn:
            drawn = ", ".join(boat(tr, kind_of(c)) for c in p.drawn)
            fields.insert(1, (tr._("Just drawn"), [drawn]))
        title = tr._("{name}'s fleet · {vp} VP", name=ctx.name(seat), vp=p.vp)
        # An empty tableau is better said in words than drawn.
        image = tableau_png(tr, book, p, title) if p.licenses or p.boats else None
        return Panel(title, [standing(tr, p)], fields, image=image)

    def prompt(self, view: FleetCardsView, seat: int, actions: Sequence[Action], ctx: Ctx) -> Panel:
        return prompt_panel(view, seat, actions, ctx.tr)

    def owed(self, view: FleetCardsView, seat: int, ctx: Ctx) -> str:
        return owed(ctx.tr, view, seat)

    # --- words ------------------------------------------------------------------------------------

    def event(self, event: Event, ctx: Ctx) -> str | None:
        return event_line(event, ctx)

    def refusal(self, error: IllegalAction, ctx: Ctx) -> str:
        tr = ctx.tr
        if error.code not in REFUSALS:
            return error.reason
        fields = dict(error.fields)
        if "kind" in fields:
            fields["kind"] = boat_name(tr, str(fields["kind"]))
        if "owed" in fields:
            fields["owed"] = {
                "choose": tr._("choose a license or decline"),
                "open": tr._("open the bidding"),
                "raise": tr._("raise or pass"),
                "pay": tr._("pay for what you bought"),
                "launch": tr._("launch a boat or stop"),
                "hire": tr._("hire a captain or stop"),
                "process": tr._("process a crate or stop"),
                "trade": tr._("trade a crate or keep it"),
                "discard": tr._("discard a card"),
            }.get(str(fields["owed"]), str(fields["owed"]))
        try:
            return tr._(REFUSALS[error.code], **fields)
        except KeyError:
            return error.reason

    def final(self, result: GameResult, view: FleetCardsView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        fields: list[tuple[str, Sequence[str]]] = []
        for s in result.seats:
            parts = " · ".join(
                f"{tr._(CATEGORIES[k])} {v}"
                for k, v in s.breakdown.items()
                if v and k in CATEGORIES
            )
            p = view.players[s.seat]
            extra = tr._(
                "{boats} boats, {crates} crates on boats",
                boats=len(p.boats),
                crates=sum(b.crates for b in p.boats),
            )
            head = tr._(
                "{rank}. {name} — {total} VP", rank=s.rank, name=ctx.name(s.seat), total=s.total
            )
            fields.append((head, [parts or tr._("no points"), extra]))
        notes = []
        if "end_fish" in result.reasons:
            notes.append(tr._("The fish crates ran out."))
        if "end_licenses" in result.reasons:
            notes.append(tr._("The licenses could not refill the auction row."))
        if "tie_boats" in result.reasons:
            notes.append(tr._("Tied on points: more launched boats breaks the tie."))
        if "tie_crates" in result.reasons:
            notes.append(tr._("Tied on points and boats: more crates on boats breaks the tie."))
        if "tie_shared" in result.reasons:
            notes.append(tr._("Tied on points, boats and crates: the victory is shared."))
        names = tr.list([ctx.name(w) for w in result.winners])
        notes.append(tr._("Winner: {names}", names=names))
        return Panel(tr._("Final scores"), notes, fields)

    def rules(self, ctx: Ctx) -> Panel:
        tr = ctx.tr
        return Panel(tr._("{game} — quick reference", game=self.title(tr)), [tr._(RULES)])

    def share(self, result: GameResult, number: int, ctx: Ctx) -> str:
        """Spoiler-free: the number, the human player's score and place, nothing about play."""
        tr = ctx.tr
        human = next((i for i, s in enumerate(ctx.seats) if not s.ai), 0)
        mine = result.of(human) if any(s.seat == human for s in result.seats) else result.seats[0]
        return tr._(
            "Fleet cards #{number} · {score} VP · place {rank} of {seats}",
            number=number,
            score=mine.total,
            rank=mine.rank,
            seats=len(result.seats),
        )
