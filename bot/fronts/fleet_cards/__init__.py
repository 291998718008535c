"""Fleet, the card game, at the table: the board, the auction as a public step with Pass and
Raise buttons, each player's own hand and tableau (with a picture), prompts, the final scores.
Draws views only: another seat's hand never reaches it, so it cannot reach a message."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.fronts.base import ChallengeSpec, Choice, Ctx, OptionSpec, Panel
from bot.fronts.fleet_cards.events import event_line
from bot.fronts.fleet_cards.picture import tableau_png
from bot.fronts.fleet_cards.prompt import owed, prompt_panel
from bot.fronts.fleet_cards.step import (
    offer_line,
    recent_lines,
    standings,
    step_panel,
    supply_lines,
    waiting_status,
)
from bot.fronts.fleet_cards.tableau import (
    captain_lines,
    hand_lines,
    license_line,
    licenses_text,
    standing,
)
from bot.fronts.fleet_cards.words import (
    CATEGORIES,
    boat,
    boat_name,
    book_of,
    phase_name,
)
from bot.i18n import N_, Tr
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult
from engine.core.search import STRONG
from engine.fleet_cards.cards import kind_of
from engine.fleet_cards.views import FleetCardsView

RULES = N_(
    "Each round is an auction, then every player's own end of round, played at their own pace "
    "from the moment they are out of the auction; the next auction begins once all are done. "
    "**Auction**: in turn, a player puts a license up at its "
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
    "Hand sizes are public, cards are not.\n"
    "At the table, the newest message is the table: who it waits for, the auction's buttons "
    "(Put up, Open at, Raise to, Pass) that play at once, **Raise more…**, **Pay** or **Act** "
    "for your own choices, **Mine** for your hand and tableau, **Log** for the last moves."
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
    "more_than_due": N_(
        "That is more than the ${due} due needs: a payment ends once it is covered."
    ),
    "must_open": N_("You chose this license: open the bidding at its minimum or more."),
    "no_crates": N_("You have no processed crate to pay with."),
    "not_in_hand": N_("You hold no {kind} card."),
    "no_license": N_("You own no license that launches {kind} boats."),
    "no_boat": N_("None of your boats still to process this round holds {crates}."),
    "not_drawn": N_("Discard one of the cards just drawn."),
    "standing_not_bidding": N_("A standing bid is left when it is your turn to bid."),
    "standing_amount": N_("A standing bid is a whole number of dollars."),
    "standing_too_low": N_("The lowest bid now is ${least}."),
    "standing_unaffordable": N_("You can pay at most ${most}."),
}


class FleetCardsFront:
    game_id = "fleet-cards"
    domain = "fleet-cards"
    lobby_options: Sequence[OptionSpec] = (
        OptionSpec(
            "advanced_setup",
            N_("Advanced setup (premium licenses mixed in)"),
            ((N_("off"), False), (N_("on"), True)),
        ),
        OptionSpec(
            "gone_fishin",
            N_("Gone Fishin' cards (Arctic Bounty)"),
            ((N_("off"), False), (N_("on"), True)),
        ),
        OptionSpec("deck", N_("Card data"), ((N_("printed values"), "base"),)),
    )
    challenge: ChallengeSpec | None = ChallengeSpec(ai=1, ai_level=STRONG)
    """The same deck for everyone against one strong AI seat, which decides the same
    whenever it sees the same thing: a player's score depends on their own choices only."""
    board_message = False
    """Each step message carries the table (RULES §13: all of it public), so the state of the
    game is always at the bottom of the channel; the board is posted on request and at the
    end."""

    def turn(self, view: FleetCardsView) -> str:
        """The auction is played in turn: each time bidding comes back to a player is a new
        turn for them. The rest of the round each plays at their own pace: one turn each,
        and another for those who waited for everyone's catch (RULES §3.2, §8.2; the public
        counter moves when they go on)."""
        if view.phase == "auction":
            return f"r{view.round}:a{view.public}"
        return f"r{view.round}:{view.phase}{view.public}"

    def title_name(self, code: str | None, ctx: Ctx) -> str:
        return ""

    def title(self, tr: Tr) -> str:
        return tr._("Fleet")

    # --- the public table ------------------------------------------------------------------------

    def board(self, view: FleetCardsView, ctx: Ctx) -> Panel:
        """The table on its own (a game ended early, or over): what the step messages carry."""
        tr = ctx.tr
        if view.phase == "over":
            head = tr._("game over after {rounds} rounds", rounds=view.round)
        else:
            head = tr._(
                "round {round} · {phase}", round=view.round, phase=phase_name(tr, view.phase)
            )
        lines = [offer_line(tr, view), *supply_lines(tr, view)]
        if ctx.waiting:
            lines.append(waiting_status(view, ctx))
        fields: list[tuple[str, Sequence[str]]] = [(tr._("Table"), standings(view, ctx))]
        recent = recent_lines(ctx, 8)
        if recent:
            fields.append((tr._("Last moves"), recent))
        return Panel(
            tr._("{game} — {head}", game=self.title(tr), head=head),
            lines,
            fields,
            footer=tr._("🚩 first player · boats with their crates; – no captain yet"),
        )

    def chapter(self, view: FleetCardsView, ctx: Ctx) -> str:
        if view.phase == "over":
            return ctx.tr._("Game over")
        return ctx.tr._("Round {round}", round=view.round)

    def replay(self, view: FleetCardsView, seat: int | None, ctx: Ctx) -> Panel:
        """The board, with the fleet of the seat whose turn it was (licenses and boats are
        public; the hand is not in a public view, so it is not drawn)."""
        panel = self.board(view, replace(ctx, recent=()))
        if seat is None:
            return panel
        p = view.players[seat]
        if not (p.licenses or p.boats):
            return panel
        title = ctx.tr._("{name}'s fleet · {vp} VP", name=ctx.name(seat), vp=p.vp)
        return replace(panel, image=tableau_png(ctx.tr, book_of(view), p, title))

    def public_step(self, view: FleetCardsView, ctx: Ctx) -> Panel | None:
        """The auction lot by lot, then the rest of the round, each message carrying the
        table (standings, last moves, who the table waits for)."""
        return step_panel(view, ctx)

    # --- one seat ---------------------------------------------------------------------------------

    def private(self, view: FleetCardsView, seat: int, ctx: Ctx) -> Panel:
        tr = ctx.tr
        book = book_of(view)
        p = view.players[seat]
        fields: list[tuple[str, Sequence[str]]] = [
            (tr._("Your hand"), hand_lines(tr, book, p)),
            (tr._("Your licenses"), [licenses_text(tr, p) or tr._("none yet")]),
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
        return prompt_panel(view, seat, actions, ctx)

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
        if error.code == "not_now" and "owed" not in fields:
            # The rules' own check names no decision: the sentence without it.
            return tr._("That is not possible now.")
        if "kind" in fields:
            fields["kind"] = boat_name(tr, str(fields["kind"]))
        if error.code == "no_boat":
            n = int(fields.get("crates", 0))
            fields["crates"] = tr.ngettext("{n} crate", "{n} crates", n)
        if "owed" in fields:
            fields["owed"] = {
                "choose": tr._("choose a license or decline"),
                "open": tr._("open the bidding"),
                "raise": tr._("raise or pass"),
                "pay": tr._("pay for what you bought"),
                "launch": tr._("launch a boat, or stop"),
                "hire": tr._("hire a captain, or stop"),
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
            crates = sum(b.crates for b in p.boats)
            extra = ", ".join(
                [
                    tr.ngettext("{n} boat", "{n} boats", len(p.boats)),
                    tr.ngettext("{n} crate on boats", "{n} crates on boats", crates),
                ]
            )
            head = tr._(
                "{rank}. {name} — {total} VP", rank=s.rank, name=ctx.name(s.seat), total=s.total
            )
            fields.append((head, [parts or tr._("no points"), extra, license_line(tr, p)]))
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
        again = Choice(tr._("Play again"), None, op="again", style="success")
        return Panel(tr._("Final scores"), notes, fields, choices=[again])

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
