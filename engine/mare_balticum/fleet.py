"""Where a fleet may go (RULES §4): a player's boats always form one connected group, one boat
of theirs per space; other players' boats never block. Groups are sets of spaces held as the
bits of an int (`Board.bit`): the heuristic asks these questions thousands of times a game."""

from __future__ import annotations

from collections.abc import Iterable

from engine.mare_balticum.board import Board


def mask(board: Board, spaces: Iterable[str]) -> int:
    bit = board.bit
    out = 0
    for s in spaces:
        out |= bit[s]
    return out


def touching(board: Board, group: int) -> int:
    """The bits of every space next to a space of `group`."""
    touch = board.touch_mask
    out = 0
    while group:
        low = group & -group
        out |= touch[low.bit_length() - 1]
        group ^= low
    return out


def connected(board: Board, group: int) -> bool:
    """Whether the spaces of `group` form one group through the map's adjacency."""
    if group & (group - 1) == 0:
        return True
    seen = frontier = group & -group
    while frontier:
        frontier = touching(board, frontier) & group & ~seen
        seen |= frontier
    return seen == group


def _spaces(board: Board, group: int) -> list[str]:
    """The spaces of `group`, in table order."""
    codes = board.codes
    out = []
    while group:
        low = group & -group
        out.append(codes[low.bit_length() - 1])
        group ^= low
    return out


def sail_targets(board: Board, boats: list[str], moving: str) -> list[str]:
    """RULES §4.1: the spaces the boat at `moving` may sail to, in table order. The boat may
    go anywhere, not just next door, as long as the whole fleet is one group afterwards."""
    return _spaces(board, sail_bits(board, mask(board, boats), board.bit[moving]))


def can_sail(board: Board, boats: list[str], moving: str) -> bool:
    return bool(sail_bits(board, mask(board, boats), board.bit[moving]))


def sail_bits(board: Board, fleet: int, moving: int) -> int:
    """The bits of the spaces a boat of `fleet` on `moving` may sail to. A fleet comes back
    to the same few shapes all game long, so each answer is kept on the board (its data
    never changes)."""
    cache = board.sail_cache
    key = (fleet, moving)
    found = cache.get(key)
    if found is not None:
        return found
    rest = fleet & ~moving
    if not rest:
        found = board.all_bits & ~moving
    else:
        candidates = touching(board, rest) & ~fleet
        if not connected(board, rest):
            # The boat held the fleet together: it must land where it joins the parts again.
            found = 0
            while candidates:
                low = candidates & -candidates
                if connected(board, rest | low):
                    found |= low
                candidates ^= low
        else:
            found = candidates
    cache[key] = found
    return found


def launch_targets(board: Board, boats: list[str]) -> list[str]:
    """RULES §4.3: during the first sail each boat placed joins the group already there."""
    fleet = mask(board, boats)
    return _spaces(board, touching(board, fleet) & ~fleet)
