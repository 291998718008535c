"""The ship moves a turn offers (RULES §5.5), from any table a seat may read: the rules list
them for the helm; a front asks which moves a movement card would offer before it is
played, to offer the card together with its first move."""

from __future__ import annotations

from engine.black_fleet import powers, shipactions
from engine.black_fleet.actions import action_of
from engine.black_fleet.house import House
from engine.black_fleet.movement import Helm, played_card
from engine.black_fleet.state import SHIPS
from engine.black_fleet.views import BlackFleetView, PublicBoard
from engine.core.actions import Action


def ship_moves(
    house: House, table: PublicBoard, helm: Helm | None = None
) -> tuple[list[Action], list[Action]]:
    """The ships the seat at turn may still move (``ship merchant``: every place, on the
    map), and each move straight to a place it can reach, with the action it can make there
    as a move of its own (``move pirate k3 attack:l3``), in reading order (`helm`: the
    table's ships already looked up)."""
    if helm is None:
        helm = Helm(house, table)
    ships: list[Action] = []
    moves: list[Action] = []
    for ship in SHIPS:
        reach = helm.places(ship) if helm.may_steer(ship) else {}
        if not reach:
            continue
        ships.append(_STEER[ship])
        then = shipactions.follow_up_map(house, table, ship)
        low = house.map.lower
        go = _MOVES[ship]
        for space in reach:
            there = go.get(space)
            if there is None:
                there = go[space] = action_of("move", ship, low[space])
            moves.append(there)
            words = then.get(space)
            if words:
                moves += [action_of("move", ship, low[space], word) for word in words]
    return ships, moves


_STEER = {ship: action_of("ship", ship) for ship in SHIPS}
"""By ship: the choice of it (``ship pirate``)."""
_MOVES: dict[str, dict[str, Action]] = {ship: {} for ship in SHIPS}
"""By ship and space: the move there (`action_of`'s value, found without a tuple made)."""


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
