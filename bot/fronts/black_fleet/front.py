"""How Black Fleet looks at the table: the map picture (with a text grid as its fallback),
whose turn it is and what they played, each player's own hand, and the choices of a turn.

A front gets views only. The public ones (board, public step, events for others) hold no card
of any hand; a seat's own panels show its hand in full.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.fronts.base import ChallengeSpec, Choice, Ctx, OptionSpec, Panel
from bot.fronts.black_fleet import story
from bot.fronts.black_fleet import words as w
from bot.fronts.black_fleet.choices import choices, dock_lines
from bot.fronts.black_fleet.lines import event_line, seat_name
from bot.fronts.black_fleet.mapdraw import draw_map, map_pictured, text_grid
from bot.i18n import Tr
from engine.black_fleet import powers
from engine.black_fleet.flow import CARGO
from engine.black_fleet.house import House, builtin_house
from engine.black_fleet.movement import destinations, position
from engine.black_fleet.views import BlackFleetView
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult

OWED = {
    "setup": w.N_("put your merchant on a dock"),
    "dock": w.N_("put your sunk merchant back on a dock"),
    "enter": w.N_("bring your pirate in on a Far Seas space"),
    "card": w.N_("play a movement card"),
    "helm": w.N_("move your ships"),
    "course": w.N_("choose where the ship goes"),
    "chart": w.N_("discard a movement card"),
    "discard": w.N_("discard a fortune card"),
    "buy": w.N_("buy a card or pass"),
}
PICTURED = {
    "setup": True,  # which dock: the spaces are the choice
    "dock": True,
    "enter": True,  # which Far Seas space
    "course": True,  # where the ship goes
    "card": False,  # a movement card: its line says what it moves
    "helm": False,  # which ship next, or a deed: the board shows the map
    "chart": False,
    "discard": False,
    "buy": False,
}
"""Which decisions carry the map as a picture: only those where a space on it is the choice;
the others are words (the board and the last step show the map)."""


class BlackFleetFront:
    game_id = "black-fleet"
    domain = "black-fleet"
    lobby_options: Sequence[OptionSpec] = (
        OptionSpec(
            "victory",
            w.N_("Victory card"),
            ((w.N_("10 doubloons (standard game)"), 10), (w.N_("20 doubloons (longer game)"), 20)),
        ),
    )
    challenge: ChallengeSpec | None = None
    """No daily challenge: the game has no solo mode, and against AI seats a result would
    measure the AI's luck and play as much as the player's."""
    board_message = False
    """Each turn's message carries the map and the captains: the table is always at the
    bottom of the channel, and each turn's message stays as its record."""

    def turn(self, view: BlackFleetView) -> str:
        return f"t{view.turns}"

    def title_name(self, code: str | None, ctx: Ctx) -> str:
        return ""

    def __init__(self, house: House | None = None) -> None:
        self.house = house or builtin_house()

    def title(self, tr: Tr) -> str:
        return tr._("Black Fleet")

    # --- public ------------------------------------------------------------------------------

    def board(self, view: BlackFleetView, ctx: Ctx) -> Panel:
        now = story.this_turn(view, ctx)
        return self._table(view, ctx, _trails(view, now.events if now is not None else ()))

    def chapter(self, view: BlackFleetView, ctx: Ctx) -> str:
        if view.ended is not None:
            return ctx.tr._("Game over")
        if view.stage == "setup":
            return ctx.tr._("Setting sail")
        return ctx.tr._("Round {round}", round=view.round)

    def replay(self, view: BlackFleetView, seat: int | None, ctx: Ctx) -> Panel:
        """The board, the turn's moves drawn on the map."""
        return self._table(view, replace(ctx, recent=()), _trails(view, ctx.recent))

    def _table(
        self, view: BlackFleetView, ctx: Ctx, trails: list[tuple[str | None, str, str]]
    ) -> Panel:
        tr = ctx.tr
        lines = [self._status(view, ctx)]
        if view.final_round and view.ended is None:
            lines.append(tr._("🏆 Last round: a victory card has been bought."))
        lines += ["```", *text_grid(self.house, view), "```"]
        lines.append(tr._("A–D merchants · a–d pirates · Y P navy ships"))
        fields = [(self._seat_title(view, s, ctx), self._seat_lines(view, s, ctx))
                  for s in range(view.seats)]  # fmt: skip
        image = draw_map(tr, self.house, view, last_moves=trails, names=_names(ctx))
        return Panel(self.title(tr), lines, fields, image, footer=self._decks(view, ctx))

    def public_step(self, view: BlackFleetView, ctx: Ctx) -> Panel | None:
        """The turn's message, which is the table: the map with this turn's moves, an account
        of the turns played since the last player's (AI seats', and how that turn ended),
        this turn's moves, the captains, and who the table waits for (live)."""
        if view.ended is not None:
            return None
        tr = ctx.tr
        seat = view.turn.seat
        lines: list[str] = []
        before = story.earlier(view, ctx)
        for chapter in before:
            if (text := story.summary(chapter, ctx, self.house, view)) is not None:
                lines.append(text)
        if lines:
            lines.append("")
        if view.turn.card is not None:
            card = self.house.movement[view.turn.card]
            lines.append(tr._("Movement card: {card}", card=w.movement_label(tr, card)))
        for cid in view.turn.played:
            lines.append(
                tr._("Fortune card: {card}", card=w.fortune_name(tr, self.house.fortune[cid]))
            )
        now = story.this_turn(view, ctx)
        if now is not None:
            for e in now.events:
                line = event_line(e, ctx, self.house, view)
                if line and e.kind not in ("play", "fortune", "turn", "setup"):
                    lines.append(line)
        if view.final_round:
            lines.append(tr._("🏆 Last round: a victory card has been bought."))
        if view.stage == "setup":
            title = tr._("Setting sail: {name} chooses a dock", name=seat_name(ctx, view, seat))
        else:
            title = tr._(
                "Round {round} · {name}'s turn", round=view.round, name=seat_name(ctx, view, seat)
            )
        moves = now if now is not None and _moved(now) else None
        trails = _trails(view, moves.events if moves else [e for c in before for e in c.events])
        image = map_pictured(tr, self.house, view, last_moves=trails, names=_names(ctx))
        choices = [
            Choice(tr._("Act"), None, tr._("Open your choices"), "🧭", "primary"),
            Choice(tr._("Your hand"), None, op="mine"),
            Choice(tr._("Log"), None, op="log"),
        ]
        return Panel(
            title,
            lines,
            [(tr._("Captains"), self._captains(view, ctx))],
            image,
            choices,
            footer=self._decks(view, ctx),
            # Each merchant placed in the setup gets its own message too, so the table is
            # just above the notice of whoever places next.
            key=f"setup{seat}" if view.stage == "setup" else f"turn{view.turns}",
            status=self._waiting(view, ctx),
        )

    def event(self, event: Event, ctx: Ctx) -> str | None:
        return event_line(event, ctx, self.house, None)

    # --- private -----------------------------------------------------------------------------

    def private(self, view: BlackFleetView, seat: int, ctx: Ctx) -> Panel:
        tr = ctx.tr
        me = view.captains[seat]
        house = self.house
        movement = [
            f"**{w.movement_label(tr, house.movement[c])}** — "
            f"{w.movement_text(tr, house.movement[c])}"
            for c in me.movement
        ] or [tr._("none")]
        fortune = [
            f"**{w.fortune_name(tr, house.fortune[c])}** — {w.fortune_text(tr, house.fortune[c])}"
            for c in me.fortune
        ] or [tr._("none")]
        development = []
        for key in me.development:
            if key is None:
                continue
            card = house.development[key]
            mark = "✅" if key in me.bought else "🔒"
            development.append(
                f"{mark} **{w.development_name(tr, card)}** ({card.price}) — "
                f"{w.development_text(tr, card)}"
            )
        victory = "🏆 " + (
            tr._("Victory card bought.")
            if me.victory
            else tr._(
                "Victory card: {price}, after all four.",
                price=w.doubloons(tr, view.options.victory),
            )
        )
        development.append(victory)
        limit = tr.ngettext(
            "You may keep {n} fortune card at the end of your turn.",
            "You may keep {n} fortune cards at the end of your turn.",
            powers.hand_limit(house, me),
        )
        return Panel(
            tr._("Your hand"),
            [tr._("You have {doubloons}.", doubloons=w.doubloons(tr, me.doubloons))],
            [
                (tr._("Movement cards"), movement),
                (tr._("Fortune cards"), fortune),
                (tr._("Development cards"), development),
            ],
            footer=limit,
        )

    def prompt(self, view: BlackFleetView, seat: int, actions: Sequence[Action], ctx: Ctx) -> Panel:
        tr = ctx.tr
        stage = view.stage
        lines: list[str] = []
        if view.turn.card is not None:
            card = self.house.movement[view.turn.card]
            lines.append(tr._("Movement card: {card}", card=w.movement_label(tr, card)))
        lines += self._seat_lines(view, seat, ctx)[:2]
        lines.append(
            tr._("You have {doubloons}.", doubloons=w.doubloons(tr, view.captains[seat].doubloons))
        )
        image = None
        if stage == "course":
            ship = view.turn.course or ""
            reach = destinations(self.house, view, ship)
            here = position(view, seat, ship)
            if PICTURED[stage]:
                image = map_pictured(
                    tr,
                    self.house,
                    view,
                    highlight={s: s for s in reach},
                    names=_names(ctx),
                    mover=here,
                )
            if here is not None:
                lines.append(
                    tr._("The ship in the white frame goes to one of the highlighted spaces.")
                )
            else:
                lines.append(tr._("The highlighted spaces are where it can go."))
        elif stage in ("setup", "dock", "enter"):
            spaces = {a.args[0].upper(): a.args[0].upper() for a in actions if a.args}
            if stage == "enter":
                lines.append(
                    tr._("Your pirate is off the map: it comes in on a Far Seas space first.")
                )
            else:
                lines += dock_lines(self.house, view, actions, ctx)
            if PICTURED[stage]:
                image = map_pictured(tr, self.house, view, highlight=spaces, names=_names(ctx))
        elif stage == "discard":
            me = view.captains[seat]
            limit = powers.hand_limit(self.house, me)
            if view.turn.discards:
                lines.append(tr._("Your movement card says: discard 1 fortune card."))
            elif me.fortune_cards > limit:
                lines.append(
                    tr._(
                        "You hold {n} fortune cards and may keep {limit}.",
                        n=me.fortune_cards,
                        limit=limit,
                    )
                )
        elif stage == "chart":
            lines.append(
                tr.ngettext(
                    "Navigator's Chart: discard {n} more movement card.",
                    "Navigator's Chart: discard {n} more movement cards.",
                    view.turn.chart,
                )
            )
        title = tr._("Your turn: {owed}", owed=self.owed(view, seat, ctx))
        return Panel(
            title, lines, image=image, choices=choices(self.house, view, seat, actions, ctx)
        )

    def owed(self, view: BlackFleetView, seat: int, ctx: Ctx) -> str:
        if view.ended is not None or seat != view.turn.seat:
            return ""
        return ctx.tr._(OWED.get(view.stage, "play"))

    def refusal(self, error: IllegalAction, ctx: Ctx) -> str:
        tr = ctx.tr
        f = error.fields
        code = error.code
        if code == "syntax":
            return tr._("That is not a Black Fleet action; use the buttons of your turn.")
        if code == "over":
            return tr._("The game is over; nothing can be played any more.")
        if code == "not_your_turn":
            return tr._("It is not your turn; you will be pinged when it is.")
        if code == "no_seat":
            return tr._("You have no seat at this table.")
        if code == "unreachable":
            return tr._("That ship cannot reach {space} this turn.", space=f.get("space", "?"))
        if code == "cannot_buy":
            return tr._("You cannot buy that card now.")
        if code == "cannot_act":
            return tr._("That action is not possible from where your ships are now.")
        if code == "not_now":
            owed = OWED.get(f.get("owed", ""), "")
            if owed:
                return tr._("Not now: {owed}.", owed=tr._(owed))
        return tr._("That is not possible now.")

    # --- the end ------------------------------------------------------------------------------

    def final(self, result: GameResult, view: BlackFleetView, ctx: Ctx) -> Panel:
        tr = ctx.tr
        winners = tr.list([seat_name(ctx, view, s) for s in result.winners])
        if len(result.winners) > 1:
            lines = [tr._("🏆 **{names} share the victory!**", names=winners)]
        else:
            lines = [tr._("🏆 **{name} wins!**", name=winners)]
        for r in result.seats:
            c = view.captains[r.seat]
            name = seat_name(ctx, view, r.seat)
            left = w.doubloons(tr, c.doubloons)
            if c.victory:
                text = tr._(
                    "{rank}. {name} — 🏆 victory card, {left} left",
                    rank=r.rank,
                    name=name,
                    left=left,
                )
            else:
                text = tr._(
                    "{rank}. {name} — {total} in all: {cards} worth {worth}, {left}",
                    rank=r.rank,
                    name=name,
                    total=r.total,
                    cards=tr.ngettext("{n} card", "{n} cards", len(c.bought)),
                    worth=r.breakdown.get("development", 0),
                    left=left,
                )
            lines.append(text)
        if "round_limit" in result.reasons:
            lines.append(tr._("The round limit ended the game before any victory card."))
        elif "most_doubloons" in result.reasons:
            lines.append(tr._("Several victory cards: the most doubloons left wins."))
        elif "tie_shared" in result.reasons:
            lines.append(tr._("Several victory cards and as many doubloons left: they share."))
        else:
            lines.append(tr._("A victory card was bought, and the round was played to its end."))
        # The turns played since the last player's click: no turn message showed them.
        last = [story.summary(c, ctx, self.house, view) for c in story.earlier(view, ctx, True)]
        if any(last):
            lines += ["", tr._("**The last turns**"), *(text for text in last if text)]
        image = draw_map(tr, self.house, view, names=_names(ctx))
        return Panel(
            tr._("Black Fleet — final scores"),
            lines,
            [(tr._("Captains"), self._captains(view, ctx))],
            image,
            choices=[Choice(tr._("Play again"), None, op="again", style="success")],
        )

    def rules(self, ctx: Ctx) -> Panel:
        """A quick reference; its numbers come from the house data and the rules' own
        constants, so a changed data file is told right."""
        tr = ctx.tr
        beaches = sorted(set(self.house.map.beaches.values()))
        lines = [
            tr._(
                "Each turn: play a movement card, then move your merchant, your pirate and "
                "the navy ship it shows, each up to its number."
            ),
            tr._(
                "Ships pass only through friendly ships (yours and the navy you command) "
                "and never stop on an occupied space."
            ),
            tr._("Each ship makes one action, before, during or after its move:"),
            tr.ngettext(
                "· merchant on a dock: sell the whole cargo at the port's price, then load "
                "{n} of its goods;",
                "· merchant on a dock: sell the whole cargo at the port's price, then load "
                "{n} of its goods;",
                CARGO,
            ),
            tr._(
                "· empty pirate next to an enemy merchant: take a cube, +{gain} (an emptied "
                "merchant sinks);",
                gain=powers.RAID_REWARD,
            ),
            tr._(
                "· pirate with treasure on a beach: bury it for the beach's value ({values});",
                values=tr.list([str(v) for v in beaches]),
            ),
            tr._("· navy ship next to an enemy pirate: sink it, +{gain}.", gain=powers.SINK_REWARD),
            tr._("Fortune cards: any number on your own turn; the card beats the rules."),
            tr._(
                "Then draw back to {movement} movement cards, do the card's bottom symbol, "
                "keep at most {fortune} fortune cards.",
                movement=powers.MOVEMENT_HAND,
                fortune=powers.HAND_LIMIT,
            ),
            tr._(
                "Buy one development card a turn; after all four, the victory card ends "
                "the game at the end of the round."
            ),
        ]
        return Panel(tr._("Black Fleet — quick rules"), lines)

    def share(self, result: GameResult, number: int, ctx: Ctx) -> str:
        tr = ctx.tr
        seat = ctx.reader if ctx.reader is not None else result.winners[0]
        mine = result.of(seat)
        return tr._(
            "Black Fleet #{number} · rank {rank}/{seats} · fortune {total}",
            number=number,
            rank=mine.rank,
            seats=len(result.seats),
            total=mine.total,
        )

    # --- helpers ------------------------------------------------------------------------------

    def _status(self, view: BlackFleetView, ctx: Ctx) -> str:
        tr = ctx.tr
        if view.ended is not None:
            return tr._("The game is over.")
        name = seat_name(ctx, view, view.turn.seat)
        if view.stage == "setup":
            return tr._("Setting sail: {name} chooses a dock.", name=name)
        return tr._(
            "Round {round} · {name}: {owed}.",
            round=view.round,
            name=name,
            owed=tr._(OWED.get(view.stage, "")),
        )

    def _waiting(self, view: BlackFleetView, ctx: Ctx) -> str:
        """Who the table waits for, and what for (the turn message's live line)."""
        if view.ended is not None:
            return ""
        return ctx.tr._(
            "⏳ {name}: {owed}.",
            name=seat_name(ctx, view, view.turn.seat),
            owed=self.owed(view, view.turn.seat, ctx),
        )

    def _seat_title(self, view: BlackFleetView, seat: int, ctx: Ctx) -> str:
        c = view.captains[seat]
        letter = w.SEAT_LETTERS[seat]
        trophy = " 🏆" if c.victory else ""
        return f"{letter} {seat_name(ctx, view, seat)} · {w.doubloons(ctx.tr, c.doubloons)}{trophy}"

    def _seat_lines(self, view: BlackFleetView, seat: int, ctx: Ctx) -> list[str]:
        tr = ctx.tr
        c = view.captains[seat]
        merchant = tr._(
            "⛵ {space} {cargo}", space=c.merchant or tr._("sunk"), cargo=w.cubes(tr, c.cargo)
        )
        if c.merchant is None:
            merchant = (
                tr._("⛵ not placed yet")
                if view.stage == "setup"
                else tr._("⛵ sunk")
                if view.ended is not None
                else tr._("⛵ sunk, back next turn")
            )
        if c.pirate is None:
            pirate = tr._("🏴‍☠️ off the map")
        elif c.loot:
            pirate = tr._("🏴‍☠️ {space} {loot}", space=c.pirate, loot=w.cubes(tr, c.loot))
        else:
            pirate = tr._("🏴‍☠️ {space}, no treasure", space=c.pirate)
        bought = [w.development_name(tr, self.house.development[k]) for k in c.bought]
        hidden = sum(1 for k in c.development if k is None or k not in c.bought)
        cards = tr._(
            "Cards: {bought} · {hidden} face down",
            bought=tr.list(bought) if bought else tr._("none"),
            hidden=hidden,
        )
        hand = tr._(
            "Hand: {movement} movement, {fortune} fortune",
            movement=c.movement_cards,
            fortune=c.fortune_cards,
        )
        return [merchant, pirate, cards, hand]

    def _captains(self, view: BlackFleetView, ctx: Ctx) -> list[str]:
        """Each captain in two lines (the text that stands for the picture): doubloons and
        cards bought, then where the ships are, what they carry and the hand's size."""
        tr = ctx.tr
        out = []
        for seat, c in enumerate(view.captains):
            bought = [w.development_name(tr, self.house.development[k]) for k in c.bought]
            head = tr._(
                "{letter} · {colour} **{name}** · {doubloons}",
                letter=w.SEAT_LETTERS[seat],
                colour=w.COLOUR_EMOJI.get(c.colour, ""),
                name=ctx.name(seat),
                doubloons=w.doubloons(tr, c.doubloons),
            )
            if c.victory:
                head += " · " + tr._("🏆 victory card")
            elif bought:
                head += " · " + tr.list(bought)
            merchant, pirate, _, hand = self._seat_lines(view, seat, ctx)
            out += [head, f"{merchant} · {pirate} · {hand}"]
        navy = " · ".join(f"{w.NAVY_EMOJI[n]} {space}" for n, space in sorted(view.navy.items()))
        out.append(tr._("Navy: {ships}", ships=navy))
        return out

    def _decks(self, view: BlackFleetView, ctx: Ctx) -> str:
        return ctx.tr._(
            "Decks: {movement} movement · {fortune} fortune cards",
            movement=view.movement_deck,
            fortune=view.fortune_deck,
        )


def _moved(chapter: story.Chapter) -> bool:
    return any(e.kind == "move" for e in chapter.events)


def _names(ctx: Ctx) -> list[str]:
    """The seats' names for the picture's legend."""
    return [ctx.name(s) for s in range(len(ctx.seats))]


def _trails(view: BlackFleetView, events: Sequence[Event]) -> list[tuple[str | None, str, str]]:
    """The moves to draw on the map: (from, to, the ship's player or navy colour)."""
    out = []
    for e in events:
        if e.kind == "move" and e.seat is not None:
            owner = e.data.get("owner", e.seat)
            ship = e.data["ship"]
            colour = view.captains[owner].colour if ship in ("merchant", "pirate") else ship
            out.append((e.data.get("via") or e.data["from"], e.data["to"], colour))
    return out
