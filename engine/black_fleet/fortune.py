"""Fortune cards (RULES §9): played on your own turn, any number, each for its power until the
end of the turn. Card text beats rule text.

An action names the card by its kind and, where the power needs one, a target:
``fortune fair_wind pirate`` · ``fortune bribe white`` · ``fortune pirates_lair k2``.
"""

from __future__ import annotations

from engine.black_fleet import powers
from engine.black_fleet.actions import action_of
from engine.black_fleet.decks import draw
from engine.black_fleet.house import FortuneCard, House
from engine.black_fleet.movement import MUTINY, Helm, occupied
from engine.black_fleet.state import BlackFleetState, Stage
from engine.black_fleet.views import PublicBoard
from engine.black_fleet.work import Work
from engine.core.actions import Action

BEFORE_CARD = ("navigators_chart",)
"""Powers played before the movement card; all others after it (Ruling §9.1)."""
STACKING = ("full_sail", "broadside", "favourable_market", "treasure_map")
"""Powers whose amounts add up when two are played in one turn."""


def kinds_in_hand(house: House, hand: list[str] | tuple[str, ...]) -> list[FortuneCard]:
    """One card of each kind in a hand, in the order of the deck's kinds (a shared list:
    never change it)."""
    # Every choice of a turn asks this of the same hand: each hand is sorted once.
    key = tuple(hand)
    known: dict[tuple[str, ...], list[FortuneCard]] = house.fortune_hands
    found = known.get(key)
    if found is None:
        seen: dict[str, FortuneCard] = {}
        for cid in hand:
            card = house.fortune[cid]
            seen.setdefault(card.key, card)
        order = house.fortune_order
        found = sorted(seen.values(), key=lambda c: order[c.key])
        if len(known) > 4096:
            known.clear()
        known[key] = found
    return found


def targets(
    house: House, table: PublicBoard, card: FortuneCard, stage: Stage, helm: Helm | None = None
) -> list[tuple[str, ...]]:
    """The ways `card` can be played now ([] if it can't): each a tuple of arguments. `helm`:
    the table's ships already looked up (a turn's choices have one)."""
    if (card.power in BEFORE_CARD) != (stage == "card"):
        return []
    turn = table.turn
    seat = turn.seat
    me = table.captains[seat]
    power = card.power
    if power == "fair_wind":
        # RULES §9.2: a ship off the map has no move to lengthen (a pirate comes in before the
        # movement card, §6.4; in the ship phase only Pirate's Lair, played first, or Pirate
        # Hideout brings it on).
        ships = ["merchant"] if me.merchant is not None else []
        if me.pirate is not None or (helm or Helm(house, table)).origins("pirate"):
            ships.append("pirate")
        return [(s,) for s in ships if not turn.ship(s).closed]
    if power == "pirates_lair":
        if turn.ship("pirate").moved or turn.ship("pirate").closed:
            return []
        taken = occupied(table)
        return [(lair.lower(),) for lair in house.map.lairs if lair not in taken]
    if power == "bribe":
        return [(c.colour,) for s, c in enumerate(table.captains) if s != seat and c.doubloons > 0]
    if power == "mutiny":
        helm = helm or Helm(house, table)
        return [
            (c.colour,)
            for s, c in enumerate(table.captains)
            if s != seat and c.pirate is not None and helm.places(f"{MUTINY}{s}", card.amount)
        ]
    if power == "second_patrol":
        return [] if powers.effect(turn, "second_patrol") else [()]
    if power == "navigators_chart":
        return [()] if table.turn.card is None else []
    return [()]


def fortune_actions(
    house: House,
    table: PublicBoard,
    hand: list[str] | tuple[str, ...],
    stage: Stage,
    helm: Helm | None = None,
) -> list[Action]:
    out: list[Action] = []
    for card in kinds_in_hand(house, hand):
        out += [
            action_of("fortune", card.key, *t) for t in targets(house, table, card, stage, helm)
        ]
    return out


def play(w: Work, action: Action) -> Stage:
    """Play the fortune card an action names; returns the stage the turn goes on with."""
    state, house = w.state, w.house
    turn = state.turn
    seat = turn.seat
    me = w.player(seat)
    key, args = action.args[0], action.args[1:]
    cid = next(c for c in me.fortune if house.fortune[c].key == key)
    card = house.fortune[cid]
    me.fortune.remove(cid)
    state.fortune_discard.append(cid)
    turn.played.append(cid)
    target = args[0] if args else None
    data: dict[str, object] = {"card": cid, "kind": key, "target": target}
    if card.power in ("bribe", "mutiny"):
        data["victim"] = _seat_of(state, target)  # the log names the player, not a colour
    w.emit_fields("fortune", seat, data)
    power, amount = card.power, card.amount
    if power in STACKING:
        turn.effects[power] = powers.effect(turn, power) + amount
    elif power in ("hit_and_run", "smugglers_passage", "second_patrol"):
        turn.effects[power] = 1
    elif power in ("black_market", "plunder"):
        turn.effects[power] = max(amount, powers.effect(turn, power))
    elif power == "fair_wind" and target is not None:
        turn.boost[target] = turn.boost.get(target, 0) + amount
    elif power == "lucky_find":
        me.doubloons += amount
        w.emit("gain", seat, source=key, gain=amount)
    elif power == "bribe":
        victim = _seat_of(state, target)
        robbed = w.player(victim)
        taken = min(amount, robbed.doubloons)
        robbed.doubloons -= taken
        me.doubloons += taken
        w.emit("bribe", seat, victim=victim, gain=taken)
    elif power == "pirates_lair" and target is not None:
        if turn.last is not None and turn.last != "pirate":
            turn.ships[turn.last] = turn.ship(turn.last).closing()
        turn.last = "pirate"
        w.emit_fields("lair", seat, {"from": me.pirate, "to": target.upper()})
        me.pirate = target.upper()
    elif power == "mutiny":
        victim = _seat_of(state, target)
        ship = f"{MUTINY}{victim}"
        turn.boost[ship] = turn.boost.get(ship, 0) + amount
        turn.course = ship
        turn.mutiny = victim
        return "course"
    elif power == "navigators_chart":
        drawn = draw(w, seat, "movement", amount)
        turn.chart = len(drawn)
        return "chart" if drawn else "card"
    return state.stage


def _seat_of(state: BlackFleetState, colour: str | None) -> int:
    return next(s for s, c in enumerate(state.captains) if c.colour == colour)
