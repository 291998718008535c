"""The ship moves a turn offers (RULES §5.5), from any table a seat may read: the rules list
them for the helm; a front asks which moves a movement card would offer before it is
played, to offer the card together with its first move."""

from __future__ import annotations

from engine.black_fleet import powers, shipactions
from engine.black_fleet.house import House
from engine.black_fleet.movement import Helm, played_card
from engine.black_fleet.state import SHIPS
from engine.black_fleet.view import BlackFleetView, PublicBoard
from engine.core.actions import Action

_ACTIONS: dict[tuple[str, ...], Action] = {}
"""Actions are values: the moves a turn offers again and again are made once."""


def action(verb: str, *args: str) -> Action:
    key = (verb, *args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(verb, args)
    return found


def ship_moves(house: House, table: PublicBoard) -> tuple[list[Action], list[Action]]:
    """The ships the seat at turn may still move (``ship merchant``: every place, on the
    map), and each move straight to a place it can reach, with the action it can make there
    as a move of its own (``move pirate k3 attack:l3``), in reading order."""
    helm = Helm(house, table)
    ships: list[Action] = []
    moves: list[Action] = []
    for ship in SHIPS:
        reach = helm.places(ship) if helm.may_steer(ship) else {}
        if not reach:
            continue
        ships.append(action("ship", ship))
        then = shipactions.follow_up_map(house, table, ship)
        for space in reach:
            low = space.lower()
            moves.append(action("move", ship, low))
            moves += [action("move", ship, low, word) for word in then.get(space, ())]
    return ships, moves


def after_playing(view: BlackFleetView, card: str) -> BlackFleetView:
    """The seat's view once the seat at turn plays movement card `card` (RULES §5.4: playing
    it starts the moves, and nothing hidden changes on the way): what the helm will offer
    then, asked before it is played."""
    turn = view.turn.clone()
    turn.card = card
    return view._replace(stage="helm", turn=turn)


def discards_after_moves(house: House, view: BlackFleetView) -> int | None:
    """The fortune cards the seat at turn will owe to discard once it ends its moves (RULES
    §8: the movement card's discard symbol, and the hand limit): known before it ends, unless
    the card's bottom first draws fortune cards (None)."""
    card = played_card(house, view)
    if card is None or card.bottom.startswith("draw_"):
        return None
    me = view.captains[view.turn.seat]
    hand = len(me.fortune)
    symbol = min(int(card.bottom[-1]), hand)
    return max(symbol, hand - powers.hand_limit(house, me), 0)
