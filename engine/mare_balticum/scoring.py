"""Final scoring (RULES §10, §12.3): fish still aboard are lost; each species in the warehouse
counts its multiplier; amber scores 1; a contract scores for every complete set."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.game import GameResult, SeatResult
from engine.mare_balticum.board import AMBER, Board
from engine.mare_balticum.state import MareState, Player

CONTRACT = "contract"


def breakdown(board: Board, p: Player, contracts: bool) -> dict[str, int]:
    """A player's points by category (each species, amber, contract)."""
    return points(board, p.warehouse, p.market, p.contract, contracts)


def points(
    board: Board,
    warehouse: Mapping[str, int],
    market: Mapping[str, int],
    contract: str = "",
    contracts: bool = False,
) -> dict[str, int]:
    """Points by category for a warehouse under these multipliers (a species with no
    multiplier scores 0). A contract takes the number of sets that scores the most (Ruling
    §12.3: the split is the player's, and only points depend on it, so the engine makes the
    best one; on equal points it fills fewer sets)."""
    card = board.contract(contract) if contract else None
    most_sets = min(warehouse.get(k, 0) // n for k, n in card.tokens.items()) if card else 0
    best: dict[str, int] = {}
    for sets in range(most_sets + 1):
        left = dict(warehouse)
        if card:
            for kind, n in card.tokens.items():
                left[kind] = left.get(kind, 0) - n * sets
        score = {s: left.get(s, 0) * market.get(s, 0) for s in board.species}
        score[AMBER] = left.get(AMBER, 0)
        if contracts:
            score[CONTRACT] = sets * board.contract_points
        if not best or sum(score.values()) > sum(best.values()):
            best = score
    return best


def tokens_delivered(p: Player) -> int:
    """RULES §10.5: the tie-break counts the warehouse, contract sets included (Ruling)."""
    return sum(p.warehouse.values())


def result(board: Board, state: MareState) -> GameResult:
    """Seats best first: most points, then most tokens delivered; a tie left is shared."""
    contracts = state.options.contracts
    scores = []
    for seat, p in enumerate(state.players):
        points = breakdown(board, p, contracts)
        scores.append((seat, sum(points.values()), tokens_delivered(p), points))
    order = sorted(scores, key=lambda s: (-s[1], -s[2], s[0]))
    seats = [
        SeatResult(
            seat=seat,
            total=total,
            breakdown=points,
            rank=1 + sum(1 for o in scores if (o[1], o[2]) > (total, tie)),
            tiebreak=tie,
        )
        for seat, total, tie, points in order
    ]
    winners = [s.seat for s in seats if s.rank == 1]
    best = seats[0].total
    reasons: tuple[str, ...] = ()
    if len(winners) > 1:
        reasons = ("tie_shared",)
    elif sum(1 for s in seats if s.total == best) > 1:
        reasons = ("tie_broken",)
    return GameResult(seats, winners, reasons)
