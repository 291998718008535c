"""The greedy `heuristic` player: AI seats, timeouts, simulations. It decides from its seat's
view only (hands of others and the deck are not in it), with the rules' own movement code.

It values where each ship stands: a merchant by the sale it is heading for, less the pirates
that could reach it; a pirate by the merchant it can raid or the beach it can reach with its
treasure, less the navy ships that could sink it; a navy ship by the enemy pirates it can
reach and by staying away from its own pirate. Then it takes the best action, moves the ship
that gains most, and ends the turn when no move helps. (The `random` player is the core's.)
The registry binds them to the rules (`automatic`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from engine.black_fleet import fortune, powers, shipactions
from engine.black_fleet.house import House, MovementCard
from engine.black_fleet.movement import (
    MUTINY,
    Helm,
    controlled_navies,
    occupied,
    played_card,
    position,
    steerable,
    turn_after,
)
from engine.black_fleet.rules import BlackFleet
from engine.black_fleet.scoring import breakdown
from engine.black_fleet.seamap import NAVIES
from engine.black_fleet.state import BlackFleetState
from engine.black_fleet.views import BlackFleetView, CaptainView
from engine.core.actions import Action
from engine.core.search import SearchSettings
from engine.core.seats import Automatic, random_policy

SHIP_OF = {"trade": "merchant", "bury": "pirate", "sell": "pirate"}
"""Which ship makes each action (RULES §7)."""
MERCHANT_STRIDE = 3.0
"""Spaces a merchant covers in a typical turn: turns a distance into turns to wait."""
WAIT = 0.8
"""What a doubloon one turn later is worth now (a far port paying 3 a cube is often worth
the trip: RULES §14 puts each port's best buyer across the sea)."""
OPENING_MARGIN = 1.5
"""Docks this close to the best are equally good openings: which one is taken follows the
hand the seat was dealt, so tables do not all open alike."""
HELPS = 0.8
"""How much more a fortune card must make a move worth before it is played for it."""
DEVELOPMENT_VALUE = {
    "trade_monopoly": 6.0,
    "full_sail": 5.0,
    "patron": 4.5,
    "quartermaster": 4.0,
    "deckhands": 3.5,
    "shallow_draft": 3.0,
    "swift_pirate": 3.0,
    "navigator": 2.5,
    "trade_contacts": 2.5,
    "treasure_hunter": 2.5,
    "plunderer": 2.0,
    "deep_hold": 2.0,
    "pirate_code": 2.0,
    "armed_merchant": 2.0,
    "letter_of_marque": 2.0,
    "bounty_hunter": 1.5,
    "insurance": 1.5,
    "seer": 1.5,
    "pirate_hideout": 1.5,
    "escort": 1.5,
    "admiralty_friend": 1.0,
    "admirals_favour": 1.0,
    "master_gunner": 1.0,
    "lookout": 0.5,
}
FORTUNE_VALUE = {
    "lucky_find": 3.0,
    "bribe": 3.0,
    "plunder": 2.0,
    "favourable_market": 2.0,
    "treasure_map": 2.0,
    "fair_wind": 1.5,
    "full_sail": 1.5,
    "mutiny": 1.2,
    "hit_and_run": 1.0,
    "black_market": 1.0,
    "second_patrol": 1.0,
    "broadside": 0.5,
    "smugglers_passage": 0.5,
    "pirates_lair": 0.5,
    "navigators_chart": 0.3,
}


CHART_BELOW = 1.5
"""Navigator's Chart is played before a movement card when the best card in hand would gain
less than this."""


def _hand_number(me: CaptainView, choices: int) -> int:
    """A number below `choices` read from the seat's own cards: the same hand always gives
    the same number, in any process (no hash seed, no set order), and different hands
    spread over all of them."""
    cards = ",".join([*me.movement, *me.fortune, *(k or "" for k in me.development)])
    digest = hashlib.sha256(f"{me.colour}:{cards}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % choices


def heuristic_action(
    house: House, view: BlackFleetView, seat: int, legal: Sequence[Action]
) -> Action:
    if len(legal) == 1:
        return legal[0]
    plan = Planner(house, view, seat)
    choice = plan.choose(list(legal))
    return choice if choice in legal else legal[0]


class Planner:
    def __init__(self, house: House, view: BlackFleetView, seat: int) -> None:
        self.house = house
        self.sea = house.map
        self.view = view
        self.seat = seat
        self.me: CaptainView = view.captains[seat]
        self.taken = occupied(view)
        self._markets: dict[tuple[str, ...], list[tuple[int, list[str]]]] = {}
        others = [c for s, c in enumerate(view.captains) if s != seat]
        self.raiders = [c.pirate for c in others if c.pirate is not None and not c.loot]
        """Enemy pirates that could raid our merchant."""
        self.prey = [
            (c.merchant, 0.3 if c.doubloons >= self.me.doubloons else 0.0)
            for c in others
            if c.merchant is not None and c.cargo
        ]
        """Enemy merchants with cargo, and a little more for those ahead of us."""
        self.enemy_pirates = [
            (c.pirate, len(c.loot), powers.has(house, c, "letter_of_marque"))
            for c in others
            if c.pirate is not None
        ]
        self.protected = powers.has(house, self.me, "letter_of_marque")
        # What a turn's choices ask again and again, once per planner (a search asks a
        # planner about every destination of every ship, thousands of times a decision).
        self._can: dict[tuple[str, str], bool] = {}
        self._fences: dict[tuple[str, ...], list[tuple[str, int]]] = {}
        self._waits: dict[tuple[int, float], float] = {}
        self._free: dict[tuple[str, ...], list[tuple[int, frozenset[str], tuple[str, ...]]]] = {}
        self._beaches = [(b, w) for b, w in self.sea.beaches.items()]
        self._steering: Helm | None = None

    @property
    def steering(self) -> Helm:
        """Where this view's ships can go, asked of one `Helm` (it looks the board up once)."""
        if self._steering is None:
            self._steering = Helm(self.house, self.view)
        return self._steering

    def choose(self, legal: list[Action]) -> Action:
        stage = self.view.stage
        if stage in ("setup", "dock"):
            return self.opening(legal)
        if stage == "enter":
            return max(legal, key=lambda a: self.pirate_value(a.args[0].upper(), self.me.loot))
        if stage == "card":
            plays = [a for a in legal if a.verb == "play"]
            best = max(plays, key=lambda a: self.card_value(self.house.movement[a.args[0]]))
            chart = Action("fortune", ("navigators_chart",))
            weak = self.card_value(self.house.movement[best.args[0]]) < CHART_BELOW
            return chart if weak and chart in legal else best
        if stage == "helm":
            return self.helm(legal)
        if stage == "course":
            return self.course(legal)
        if stage == "chart":
            return min(legal, key=lambda a: self.card_value(self.house.movement[a.args[0]]))
        if stage == "discard":
            return min(legal, key=lambda a: FORTUNE_VALUE.get(self._power(a.args[0]), 1.0))
        if stage == "buy":
            return self.purchase(legal)
        return legal[0]

    # --- where ships stand ------------------------------------------------------------------

    def markets(self, cargo: Sequence[str]) -> list[tuple[int, list[str]]]:
        """Where a cargo sells: for each port that buys it, its price and its docks."""
        key = tuple(cargo)
        if key not in self._markets:
            out: list[tuple[int, list[str]]] = []
            if cargo:
                for port in self.sea.ports:
                    p = shipactions.price(self.house, self.view, port, cargo[0])
                    if p is not None:
                        out.append((p * len(cargo), list(port.docks)))
            self._markets[key] = out
        return self._markets[key]

    def fences(self, loot: Sequence[str]) -> list[tuple[str, int]]:
        """Pirate Code: docks where the pirate could sell its treasure, and for how much."""
        key = tuple(loot)
        found = self._fences.get(key)
        if found is not None:
            return found
        out: list[tuple[str, int]] = []
        if powers.has(self.house, self.me, "pirate_code"):
            for port in self.sea.ports:
                worth = sum(port.buys.get(cube, 0) for cube in loot)
                if worth:
                    out += [(dock, worth) for dock in port.docks]
        self._fences[key] = out
        return out

    def can_act(self, ship: str, kind: str) -> bool:
        """`shipactions.can_act`, asked once per planner."""
        found = self._can.get((ship, kind))
        if found is None:
            found = self._can[(ship, kind)] = shipactions.can_act(self.house, self.view, ship, kind)
        return found

    def wait(self, d: int, stride: float) -> float:
        """What a doubloon `d` spaces away is worth now: ``WAIT ** (d / stride)``."""
        found = self._waits.get((d, stride))
        if found is None:
            found = self._waits[(d, stride)] = WAIT ** (d / stride)
        return found

    def free_markets(
        self, cargo: Sequence[str]
    ) -> list[tuple[int, frozenset[str], tuple[str, ...]]]:
        """`markets`, each with all its docks and those no ship stands on."""
        key = tuple(cargo)
        found = self._free.get(key)
        if found is None:
            found = self._free[key] = [
                (worth, frozenset(docks), tuple(d for d in docks if d not in self.taken))
                for worth, docks in self.markets(cargo)
            ]
        return found

    def stride(self) -> float:
        """Spaces the merchant covers a turn with the movement cards in hand."""
        hand = [self.house.movement[c].merchant for c in self.me.movement]
        return max(MERCHANT_STRIDE, *hand) if hand else MERCHANT_STRIDE

    def merchant_value(
        self, space: str, cargo: Sequence[str], stride: float = MERCHANT_STRIDE
    ) -> float:
        """The sale a merchant here is heading for, discounted by the turns to get there,
        less the enemy pirates close enough to raid it."""
        value = 0.0
        for worth, docks, free in self.free_markets(cargo):
            if space in docks:
                d = 0  # on a dock of the port: a ship there is this merchant
            elif free:
                d = self.sea.nearest(space, free)
            else:
                continue
            value = max(value, worth * self.wait(d, stride))
        # Counted, then weighed: a sum in seat order would round differently at each seat.
        near = far = 0
        for pirate in self.raiders:
            d = self.sea.distance(pirate, space)
            if d <= 2:
                near += 1
            elif d <= 5:
                far += 1
        return value - 1.6 * near - 0.8 * far

    def pirate_value(self, space: str, loot: Sequence[str]) -> float:
        """A pirate's prospects here: treasure to bury or a merchant to raid, less the navy
        ships close enough to sink it."""
        value = 0.0
        distance = self.sea.distance
        if loot:
            for beach, worth in self._beaches:
                if beach != space and beach in self.taken:
                    continue
                d = distance(space, beach)
                value = max(value, 2.0 + worth * len(loot) * self.wait(d, 3.0))
            for dock, worth in self.fences(loot):
                if dock == space or dock not in self.taken:
                    d = distance(space, dock)
                    value = max(value, 2.0 + worth * self.wait(d, 3.0))
        else:
            for merchant, lead in self.prey:
                d = max(0, distance(space, merchant) - 1)
                value = max(value, (2.0 + lead) * self.wait(d, 3.0))
        if not self.protected:
            for navy in self.view.navy.values():
                d = distance(navy, space)
                if d <= 1:
                    value -= 1.5 + len(loot) * 2.0
                elif d <= 4:
                    value -= 0.6 + len(loot) * 1.0
        return value

    def navy_value(self, space: str) -> float:
        """A navy ship near enemy pirates helps; near our own pirate it hurts (every player
        commands the navy in turn)."""
        value = 0.0
        if self.me.pirate is not None:
            d = self.sea.distance(space, self.me.pirate)
            if d <= 4:
                value -= 1.0 if d > 1 else 2.0
        # Counted, then weighed (as `merchant_value`): the same sum from every seat.
        near = loot = 0
        for pirate, carried, _ in self.enemy_pirates:
            if self.sea.distance(space, pirate) <= 4:
                near += 1
                loot += carried
        return value + 0.4 * near + 0.3 * loot

    def ship_value(self, ship: str, space: str | None) -> float:
        me = self.me
        if space is None:
            return 0.0
        if ship == "merchant":
            return self.merchant_value(space, me.cargo)
        if ship == "pirate":
            return self.pirate_value(space, me.loot)
        return self.navy_value(space)

    def action_bonus(self, ship: str, space: str) -> float:
        """What the ship could do on arriving at `space`, if it may still act."""
        view, house, me = self.view, self.house, self.me
        adjacent = self.sea.adjacent
        if ship == "merchant":
            port = self.sea.port_of_dock.get(space)
            if port is None or not me.cargo:
                return 0.0
            if not self.can_act("merchant", "trade"):
                return 0.0
            p = shipactions.price(house, view, port, me.cargo[0])
            if p is None:
                return 0.0
            # Selling here earns now and starts the next cargo's journey.
            return p * len(me.cargo) * 0.3 + 1.5
        if ship == "pirate":
            if me.loot and space in self.sea.beaches:
                return 1.0 if self.can_act("pirate", "bury") else 0.0
            if me.loot and any(space == dock for dock, _ in self.fences(me.loot)):
                return 1.0 if self.can_act("pirate", "sell") else 0.0
            room = len(me.loot) < powers.pirate_hold(house, me)
            if room and any(adjacent(space, m) for m, _ in self.prey):
                return 2.5 if self.can_act("pirate", "raid") else 0.0
            return 0.0
        if ship in NAVIES and any(
            adjacent(space, p) and not marque for p, _, marque in self.enemy_pirates
        ):
            return 2.5 if self.can_act(ship, "sink") else 0.0
        return 0.0

    def best_move(self, ship: str, budget: int | None = None) -> tuple[float, str | None]:
        """The gain of the best destination for `ship`, and that destination."""
        best, where = 0.0, None
        for dest, gain in self.gains(ship, budget).items():
            if gain > best + 1e-9:
                best, where = gain, dest
        return best, where

    def gains(self, ship: str, budget: int | None = None) -> dict[str, float]:
        """What moving `ship` to each of its destinations gains, as this seat sees it (a
        prompt with more places than a menu holds shows the ones that gain most)."""
        here = position(self.view, self.seat, ship)
        now = self.ship_value(ship, here)
        return {
            dest: self.ship_value(ship, dest) + self.action_bonus(ship, dest) - now
            for dest in self.steering.places(ship, budget)
        }

    # --- decisions ----------------------------------------------------------------------------

    def opening(self, legal: list[Action]) -> Action:
        """The dock for the merchant (RULES §3.6, §5.1): the best few are as good as each
        other, and the seat's own cards pick among them."""
        values = [(self.dock_value(a.args[0].upper()), a) for a in legal]
        best = max(v for v, _ in values)
        near = [a for v, a in values if v >= best - OPENING_MARGIN]
        return near[_hand_number(self.me, len(near))]

    def dock_value(self, dock: str) -> float:
        port = self.sea.port_of_dock[dock]
        pirates = rivals = 0
        for s, c in enumerate(self.view.captains):
            if c.pirate is not None and self.sea.distance(c.pirate, dock) <= 4:
                pirates += 1
            # A port another merchant sails from means the same routes and busy docks.
            if s != self.seat and c.merchant in port.docks:
                rivals += 1
        # Counted, then weighed (as `merchant_value`): the same sum from every seat.
        return self.merchant_value(dock, [port.goods] * 3) - 1.0 * pirates - 1.5 * rivals

    def card_value(self, card: MovementCard) -> float:
        me = self.me
        extra = powers.total(self.house, me, "full_sail")
        value = 0.0
        if me.merchant is not None:
            budget = card.merchant + powers.total(self.house, me, "deckhands") + extra
            value += self.best_move("merchant", budget)[0]
        budget = card.pirate + powers.total(self.house, me, "swift_pirate") + extra
        value += self.best_move("pirate", budget)[0]
        value += 0.5 * self.best_move(card.navy, card.navy_moves + extra)[0]
        value += {"draw_2": 0.8, "draw_1": 0.4, "discard_1": -0.2}[card.bottom]
        return value

    def helm(self, legal: list[Action]) -> Action:
        has = set(legal)  # for membership only: choices follow `legal`'s order
        for key in ("lucky_find",):
            if Action("fortune", (key,)) in has:
                return Action("fortune", (key,))
        bribes = [a for a in legal if a.verb == "fortune" and a.args[0] == "bribe"]
        if bribes:
            return max(
                bribes,
                key=lambda a: (self._captain(a.args[1]).doubloons, self._soonest(a.args[1])),
            )
        sinks = [a for a in legal if a.verb == "attack" and a.args[0] != "pirate"]
        if sinks:
            return max(
                sinks,
                key=lambda a: (
                    self._victim_worth(a.args[1].upper()),
                    self._soonest(self._pirate_owner(a.args[1].upper()).colour),
                ),
            )
        raids = [a for a in legal if a.verb == "attack" and a.args[0] == "pirate"]
        if raids:
            if Action("fortune", ("plunder",)) in has:
                return Action("fortune", ("plunder",))
            if Action("fortune", ("hit_and_run",)) in has and self._beach_near():
                return Action("fortune", ("hit_and_run",))
            return max(
                raids,
                key=lambda a: (
                    self._merchant_owner(a.args[1].upper()).doubloons,
                    self._soonest(self._merchant_owner(a.args[1].upper()).colour),
                ),
            )
        if Action("bury") in has:
            if Action("fortune", ("treasure_map",)) in has:
                return Action("fortune", ("treasure_map",))
            return Action("bury")
        if Action("sell") in has:
            return Action("sell")
        if Action("trade") in has and self._trade_now():
            if Action("fortune", ("favourable_market",)) in has:
                return Action("fortune", ("favourable_market",))
            return Action("trade")
        card = self._helpful_card(legal, has)
        if card is not None:
            return card
        ships = [a for a in legal if a.verb == "ship"]
        best, choice = 0.25, None
        for a in ships:
            gain, dest = self.best_move(a.args[0])
            if a.args[0] in NAVIES:
                gain *= 0.8
            if gain > best and dest is not None:
                # Straight to the destination (RULES §5.5): one choice, as a player makes it.
                best, choice = gain, Action("move", (a.args[0], dest.lower()))
        if choice is not None and choice in has:
            return self._and_act(choice, has)
        return self._end(legal) if Action("end") in has else legal[-1]

    def _and_act(self, move: Action, has: set[Action]) -> Action:
        """The move, with the action the ship would make next where it arrives, in one choice
        (RULES §5.5) — unless a fortune card should come first (Plunder before a raid)."""
        ship, space = move.args[0], move.args[1].upper()
        reach = self.steering.reach(ship, space)
        if reach is None:
            return move
        after = self._moved(ship, space, reach.cost)
        planner = Planner(self.house, after, self.seat)
        then = planner.helm(planner.helm_choices())
        word = None
        if then.verb in ("trade", "bury", "sell") and SHIP_OF.get(then.verb) == ship:
            word = then.verb
        elif then.verb == "attack" and then.args[0] == ship:
            word = f"attack:{then.args[1]}"
        joined = Action("move", (*move.args, word)) if word else move
        return joined if joined in has else move

    def _moved(self, ship: str, space: str, cost: int) -> BlackFleetView:
        """The view once `ship` has moved to `space` (what the seat would see next)."""
        view = self.view
        captains = list(view.captains)
        navy = dict(view.navy)
        if ship == "merchant":
            captains[self.seat] = self.me._replace(merchant=space)
        elif ship == "pirate":
            captains[self.seat] = self.me._replace(pirate=space)
        else:
            navy[ship] = space
        turn = turn_after(self.house, view, ship, cost)
        return view._replace(captains=tuple(captains), navy=navy, turn=turn)

    def helm_choices(self) -> list[Action]:
        """The ship phase's choices on this view, moves left out (what `helm` weighs after a
        move)."""
        house, view = self.house, self.view
        ships = [Action("ship", (s,)) for s in steerable(house, view)]
        acts = shipactions.ship_actions(house, view, self.steering)
        cards = fortune.fortune_actions(house, view, self.me.fortune, "helm", self.steering)
        return [*ships, *acts, *cards, Action("end")]

    def _end(self, legal: list[Action]) -> Action:
        """End the moves, with the purchase the buy step would make settled now (RULES §10:
        drawing changes no doubloons)."""
        ends = {a.args[0]: a for a in legal if a.verb == "end" and a.args}
        if not ends:
            return Action("end")
        offer = [Action("buy", (k,)) for k in ends if k != "pass"] + [Action("pass")]
        pick = self.purchase(offer)
        return ends[pick.args[0]] if pick.verb == "buy" else ends["pass"]

    def course(self, legal: list[Action]) -> Action:
        ship = self.view.turn.course or ""
        moves = [a for a in legal if a.verb == "to"]
        if not moves:
            return legal[-1]
        if ship.startswith(MUTINY):
            return max(moves, key=lambda a: self._away_from_me(a.args[0].upper()))
        _, dest = self.best_move(ship)
        if dest is not None and Action("to", (dest.lower(),)) in legal:
            return Action("to", (dest.lower(),))
        return Action("back") if Action("back") in legal else moves[0]

    def purchase(self, legal: list[Action]) -> Action:
        buys = [a for a in legal if a.verb == "buy"]
        if not buys:
            return legal[-1]
        if Action("buy", ("victory",)) in legal:
            return Action("buy", ("victory",))

        def worth(a: Action) -> float:
            card = self.house.development[a.args[0]]
            return DEVELOPMENT_VALUE.get(card.power, 1.0) + card.price / 10

        return max(buys, key=worth)

    # --- helpers ------------------------------------------------------------------------------

    def _helpful_card(self, legal: list[Action], has: set[Action]) -> Action | None:
        """A fortune card that makes this turn better now (RULES §9): more reach for a ship
        with somewhere worth going, a second attack, a way through, a sale the port refuses,
        a pirate moved off our merchant. Cards are weighed in the order `legal` lists them."""
        for a in legal:
            if a.verb == "fortune" and self._helps(self._power(a.args[0]), a, has):
                return a
        return None

    def _helps(self, power: str, card: Action, has: set[Action]) -> bool:
        if power == "fair_wind":
            ship = card.args[1]
            steer = Action("ship", (ship,)) in has
            return steer and self._reach_gain(ship, self._remaining(ship) + 2) > HELPS
        if power == "full_sail":
            return self._moves_left() >= 2
        if power == "mutiny":
            threat = self._threat(card.args[1])
            rivals = [
                self._threat(a.args[1])
                for a in has
                if a.verb == "fortune" and a != card and self._power(a.args[0]) == "mutiny"
            ]
            return threat is not None and all(r is None or r < threat for r in rivals)
        if power == "smugglers_passage":
            steer = Action("ship", ("merchant",)) in has
            return steer and self._with_effect("smugglers_passage", "merchant") > HELPS
        if power == "pirates_lair":
            return self._lair_gain(card.args[1].upper()) > HELPS
        checks = {
            "second_patrol": self._patrol_helps,
            "broadside": self._second_shot,
            "black_market": self._refused_sale,
        }
        return power in checks and checks[power]()

    def _reach_gain(self, ship: str, budget: int) -> float:
        """How much more the best move of `ship` gains with `budget` spaces than now."""
        return self.best_move(ship, budget)[0] - self.best_move(ship)[0]

    def _with_effect(self, effect: str, ship: str) -> float:
        """How much more the best move of `ship` gains with a fortune power in force."""
        turn = self.view.turn.clone()
        turn.effects[effect] = turn.effects.get(effect, 0) + 1
        other = Planner(self.house, self.view._replace(turn=turn), self.seat)
        return other.best_move(ship)[0] - self.best_move(ship)[0]

    def _lair_gain(self, lair: str) -> float:
        """Pirate's Lair: the pirate's prospects from `lair` against where it is now."""
        me = self.me
        if me.pirate is None:
            return 0.0
        captains = list(self.view.captains)
        captains[self.seat] = me._replace(pirate=lair)
        other = Planner(self.house, self.view._replace(captains=tuple(captains)), self.seat)
        there = other.pirate_value(lair, me.loot) + other.best_move("pirate")[0]
        return there - (self.pirate_value(me.pirate, me.loot) + self.best_move("pirate")[0])

    def _second_shot(self) -> bool:
        """Broadside: a navy ship we command has attacked and another enemy pirate is next
        to it."""
        turn = self.view.turn
        for navy in controlled_navies(self.house, self.view):
            if not turn.ship(navy).acts:
                continue
            here = self.view.navy[navy]
            if any(
                p and self.sea.adjacent(here, p) and not marque
                for p, _, marque in self.enemy_pirates
            ):
                return True
        return False

    def _refused_sale(self) -> bool:
        """Black Market: the merchant, raided down to one cube, stands on a dock whose port
        will not buy it, and no port that would is within this turn's reach: a sale at 1
        and a full new cargo beat a long trip with a single cube."""
        me = self.me
        if me.merchant is None or len(me.cargo) != 1 or me.merchant not in self.sea.port_of_dock:
            return False
        if not shipactions.can_act(self.house, self.view, "merchant", "trade"):
            return False
        if shipactions.sale(self.house, self.view) is not None:
            return False
        for dest in self.steering.places("merchant"):
            port = self.sea.port_of_dock.get(dest)
            if port is not None and shipactions.price(self.house, self.view, port, me.cargo[0]):
                return False
        return True

    def _remaining(self, ship: str) -> int:
        return self.steering.remaining(ship)

    def _moves_left(self) -> int:
        turn = self.view.turn
        ships = ["merchant", "pirate", *controlled_navies(self.house, self.view)]
        return sum(1 for s in ships if not turn.ship(s).moved and not turn.ship(s).closed)

    def _patrol_helps(self) -> bool:
        card = played_card(self.house, self.view)
        if card is None:
            return False
        other = next(n for n in NAVIES if n != card.navy)
        navy = self.view.navy[other]
        for s, c in enumerate(self.view.captains):
            if (
                s != self.seat
                and c.pirate
                and self.sea.distance(navy, c.pirate) - 1 <= card.navy_moves
            ):
                return True
        return False

    def _trade_now(self) -> bool:
        """Sell here unless a better-paying port is within this turn's reach, or one paying
        more a cube is worth the trip (RULES §2.4: every port's goods sell at 3 somewhere)."""
        sale = shipactions.sale(self.house, self.view)
        if sale is None:
            return False
        me = self.me
        if not me.cargo:
            return True
        here = sale.gain
        for dest in self.steering.places("merchant"):
            port = self.sea.port_of_dock.get(dest)
            if port is None:
                continue
            p = shipactions.price(self.house, self.view, port, me.cargo[0])
            if p is not None and p * len(me.cargo) > here + 1:
                return False
        return True

    def _beach_near(self) -> bool:
        if self.me.pirate is None:
            return False
        return self.sea.nearest(self.me.pirate, self.sea.beaches) <= self._remaining("pirate") + 1

    def _victim_worth(self, space: str) -> float:
        for c in self.view.captains:
            if c.pirate == space:
                threat = (
                    1.0
                    if self.me.merchant and self.sea.distance(space, self.me.merchant) <= 5
                    else 0.0
                )
                return len(c.loot) * 3 + c.doubloons / 10 + threat
        return 0.0

    def _merchant_owner(self, space: str) -> CaptainView:
        return next(c for c in self.view.captains if c.merchant == space)

    def _pirate_owner(self, space: str) -> CaptainView:
        return next((c for c in self.view.captains if c.pirate == space), self.me)

    def _soonest(self, colour: str) -> int:
        """Between equal targets, the captain who plays soonest after this seat: a choice
        that depends on where seats sit relative to each other, never on their numbers (a
        tie going to the lowest seat made seat 1 everyone's target)."""
        seats = len(self.view.captains)
        seat = next(s for s, c in enumerate(self.view.captains) if c.colour == colour)
        return -((seat - self.seat) % seats)

    def _threat(self, colour: str) -> tuple[int, int] | None:
        """Mutiny: how near `colour`'s pirate is to our merchant, within the card's 3 spaces
        (None: not near), larger nearer; between equals, the captain who plays soonest. The
        pirate moved is the worst one for us, never the first seat listed (that made the
        lowest seat everyone's victim)."""
        pirate, mine = self._captain(colour).pirate, self.me.merchant
        if not (pirate and mine):
            return None
        d = self.sea.distance(pirate, mine)
        return (-d, self._soonest(colour)) if d <= 3 else None

    def _captain(self, colour: str) -> CaptainView:
        return next(c for c in self.view.captains if c.colour == colour)

    def _away_from_me(self, space: str) -> float:
        value = 0.0
        if self.me.merchant:
            value += self.sea.distance(space, self.me.merchant)
        for navy in self.view.navy.values():
            value -= 0.5 * self.sea.distance(space, navy)
        return value

    def _power(self, key: str) -> str:
        card = self.house.fortune_kind(key)
        return card.power if card is not None else key


CARGO_WORTH = 1.4
"""A cube aboard the merchant, in doubloons: most sell at 2, some at 3, a few are raided."""
LOOT_WORTH = 3.0
"""A treasure cube aboard the pirate: a beach pays 4 or 6, if the navy lets it get there."""
FORTUNE_WORTH = 0.8
"""A fortune card in hand."""


def fortune_estimate(house: House, state: BlackFleetState) -> list[float]:
    """Each captain's fortune (RULES §13.4) and what their ships carry towards more."""
    out = []
    for seat, c in enumerate(state.captains):
        held = sum(breakdown(house, state, seat).values())
        aboard = CARGO_WORTH * len(c.cargo) + LOOT_WORTH * len(c.loot)
        out.append(held + aboard + FORTUNE_WORTH * len(c.fortune))
    return out


def search_settings(house: House) -> SearchSettings[BlackFleetState]:
    """How a strong seat searches (`engine.core.search`): playouts of about a round (40
    actions: a turn is a card and several moves), valued by fortune. Playouts of 16 actions,
    about the seat's own turn, won 45 % of 30 games against two normal seats; of 40, 81 % of
    16 (the same deals), at about twice the time per decision."""

    def estimate(state: BlackFleetState) -> list[float]:
        return fortune_estimate(house, state)

    return SearchSettings(
        playouts=32, depth=40, candidates=6, estimate=estimate, win=10.0, never=frozenset({"back"})
    )


def automatic(game: BlackFleet) -> Automatic[BlackFleetState, BlackFleetView]:
    """The automatic players the registry binds to the rules (`engine.core.seats`)."""
    house = game.house

    def heuristic(
        view: BlackFleetView, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return heuristic_action(house, view, seat, legal)

    return Automatic({"random": random_policy, "heuristic": heuristic}, search_settings(house))
