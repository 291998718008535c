"""Take-backs (undo), Board Game Arena's policy: a player may take back their own last
decision while nothing has happened since that they could not take back.

The game decides which decisions those are (`Game.undoable`), from its rules; whoever keeps
the action log decides the rest (that the decision is the latest one in effect, the player's
own, and that no other seat has decided since). A decision is never taken back once it has:

- ended the game (`GAME_END`): results are final;
- rolled dice (`ROLL`) or drawn a card or a token, or shuffled a pile (`DRAW`): the player
  has seen what chance gave;
- shown something hidden (`REVEAL`): a card from a hand, a face-down card turned up, a look
  through a deck; what the table has seen stays seen;
- resolved a step that everyone plays at once (`RESOLVED`): the choices were revealed or
  settled together;
- been declared final by the rules themselves (`FINAL`).

The codes are data; a front words them. A take-back is the entry `engine.core.replay.UNDO`
in the action log, so the log stays append-only and replays to the state players see.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from pydantic import BaseModel

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.game import Game, S
from engine.core.replay import in_effect

GAME_END = "game_end"
ROLL = "roll"
DRAW = "draw"
REVEAL = "reveal"
RESOLVED = "resolved"
FINAL = "final"
REASONS = (GAME_END, ROLL, DRAW, REVEAL, RESOLVED, FINAL)
"""Why a decision cannot be taken back, most telling first: a game names the first that
applies."""


@dataclass(frozen=True)
class Move(Generic[S]):
    """One decision as it was played: the seat, its action, the states on either side of it
    (automatic consequences included: a refill, Captain Ruth's pick) and what happened."""

    seat: int
    action: Action
    before: S
    after: S
    events: Sequence[Event]


def refusal(game: Game[S, Any], move: Move[S]) -> str | None:
    """Why `move` cannot be taken back (one of `REASONS`), or None when its player may take
    it back. The game-ending decision never can, whatever the game says."""
    if game.is_over(move.after):
        return GAME_END
    why = game.undoable(move.before, move.seat, move.action, move.after, move.events)
    if why is not None and why not in REASONS:
        raise ValueError(f"{game.id} refused a take-back with an unknown reason {why!r}")
    return why


def last_moves(
    game: Game[S, Any],
    seats: int,
    seed: str,
    log: Iterable[tuple[int, str]],
    options: BaseModel | Mapping[str, Any] | None = None,
    depth: int = 2,
) -> tuple[S, list[Move[S]]]:
    """Replay `log` (take-backs applied) from a new game: the state it leads to, and its last
    `depth` moves, oldest first. Raises IllegalAction where the rules refuse an entry."""
    state, _ = game.start(seats, seed, options)
    tail: deque[Move[S]] = deque(maxlen=depth)
    for seat, text in in_effect(log, lambda entry: entry[1]):
        action = game.parse_action(text)
        after, events = game.apply(state, seat, action)
        tail.append(Move(seat, action, state, after, tuple(events)))
        state = after
    return state, list(tail)
