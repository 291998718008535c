"""Every decision a seat can owe, declared once as data (boardgame.io's ``moves``): what is
legal, what it does, why another action is refused. And what every game's `apply` checks
first, with the refusals every game gives alike, coded and worded here once.

A refusal is an `IllegalAction`: its `code` and fields are what a front words in the player's
language; its `reason` is the English sentence for the terminal, tests and logs.

>>> asked = dict(parse=Action.parse, check=lambda a: None, is_over=False, seats=2)
>>> owed_decision("bid 7", 1, owes=lambda seat: "raise", **asked)
(Action(verb='bid', args=('7',)), 'raise')
>>> owed_decision("bid 7", 2, owes=lambda seat: "raise", **asked)
Traceback (most recent call last):
...
engine.core.errors.IllegalAction: There is no seat 3 at this table.
>>> owed_decision("bid 7", 1, owes=lambda seat: None, **asked)
Traceback (most recent call last):
...
engine.core.errors.IllegalAction: You have nothing to decide right now; wait for your turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core.actions import Action, ActionSyntaxError
from engine.core.errors import IllegalAction
from engine.core.verbs import Verb, check_shape

W = TypeVar("W")
"""What a decision works on: the game's working copy (`engine.core.work.Work`)."""
K = TypeVar("K", bound=str)
"""The kinds of decision a game has (``raise``, ``pay`` …)."""


# --- the refusals every game gives alike -------------------------------------------------------


def syntax(exc: ActionSyntaxError) -> IllegalAction:
    """The text is no action of this game."""
    return IllegalAction(exc.reason, "syntax")


def over() -> IllegalAction:
    return IllegalAction("The game is over; nothing can be played any more.", "over")


def no_seat(seat: int) -> IllegalAction:
    return IllegalAction(f"There is no seat {seat + 1} at this table.", "no_seat")


WAIT = "You have nothing to decide right now; wait for your turn."


def not_your_turn(reason: str = WAIT) -> IllegalAction:
    """`reason`: a game whose players act one at a time may say so in its own words."""
    return IllegalAction(reason, "not_your_turn")


def not_now(action: Action, owed: str, expected: str) -> IllegalAction:
    """An action that answers another decision than the one the seat owes (`expected` says
    what it is asked for)."""
    return IllegalAction(
        f"'{action.text}' is not possible now: {expected}.",
        "not_now",
        action=action.text,
        owed=owed,
    )


# --- the apply preamble ------------------------------------------------------------------------


def owed_decision(
    action: Action | str,
    seat: int,
    *,
    parse: Callable[[str], Action],
    check: Callable[[Action], None] | None,
    is_over: bool,
    seats: int,
    owes: Callable[[int], K | None],
    wait: str = WAIT,
) -> tuple[Action, K]:
    """What every `apply` checks before the game's own rules, in this order: the action's
    shape (`parse` a text, `check` a value; ``syntax``), the game not over (``over``), the
    seat at the table (``no_seat``), a decision the seat owes now (``not_your_turn``).
    Returns the action as a value and the kind of decision the seat owes; `wait` is the
    sentence of ``not_your_turn``.

    `check` None: a value is taken as it is, because the game's checks of legality read any
    shape safely; a malformed one is then refused as ``syntax`` by `Decisions.check` (an
    action given as a value is almost always one the game listed, and checking it costs)."""
    try:
        if isinstance(action, str):
            action = parse(action)
        elif check is not None:
            check(action)
    except ActionSyntaxError as exc:
        raise syntax(exc) from exc
    if is_over:
        raise over()
    if not 0 <= seat < seats:
        raise no_seat(seat)
    owed = owes(seat)
    if owed is None:
        raise not_your_turn(wait)
    return action, owed


# --- the decision table ------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision(Generic[W]):
    """One kind of decision: its legal actions, what a legal one does, and why an action of
    one of its verbs is refused (a reason the player can act on)."""

    legal: Callable[[W, int], list[Action]]
    decide: Callable[[W, int, Action], None]
    refuse: Callable[[W, int, Action], IllegalAction]
    typed: Callable[[W, int, Action], bool] | None = None
    """Actions a player may type that no menu lists, and whether this one is legal now (any
    bid the bidder can afford, several cards laid down at once)."""
    permits: Callable[[W, int, Action], bool] | None = None
    """Whether an action is legal, found by checking only what its verb needs: the same
    answer as looking it up in `legal` (and `typed`), for decisions with long lists."""

    def allows(self, w: W, seat: int, action: Action) -> bool:
        if self.permits is not None:
            return self.permits(w, seat, action)
        legal = self.legal(w, seat)
        if any(a is action for a in legal) or action in legal:
            return True
        return self.typed is not None and self.typed(w, seat, action)


@dataclass(frozen=True)
class Decisions(Generic[W, K]):
    """A game's decisions by kind, with its verbs and what each kind asks for in words."""

    kinds: Mapping[K, Decision[W]]
    verbs: Mapping[str, Verb[K]]
    expected: Mapping[K, str]
    """What a seat owing each kind is asked for (``raise the bid or pass``), to say why an
    action of another decision is refused."""

    def check(self, owed: K, w: W, seat: int, action: Action) -> Decision[W]:
        """The decision `seat` owes, if `action` is legal for it; else the refusal: ``syntax``
        for a malformed action, ``not_now`` for a verb of another decision, else the
        decision's own reason."""
        decision = self.kinds[owed]
        if not decision.allows(w, seat, action):
            try:
                check_shape(self.verbs, action)
            except ActionSyntaxError as exc:
                raise syntax(exc) from exc
            if owed not in self.verbs[action.verb].answers:
                raise not_now(action, owed, self.expected[owed])
            raise decision.refuse(w, seat, action)
        return decision
