"""The action grammar a game declares once: each verb, the shape of its arguments and the
decisions it answers. Shape only; whether an action is legal now is the rules' business.

>>> VERBS = {
...     "bid": Verb(("raise",), (str.isdigit,)),
...     "pass": Verb(("raise",)),
...     "pay": Verb(("pay",), (str.isalpha,), more=2),
... }
>>> parse_action(VERBS, "bid 7").args
('7',)
>>> parse_action(VERBS, "pay cod tuna").args
('cod', 'tuna')
>>> parse_action(VERBS, "bid x")
Traceback (most recent call last):
...
engine.core.actions.ActionSyntaxError: 'bid x' is not an action: 'x' is not something 'bid' can take
>>> parse_action(VERBS, "pay")
Traceback (most recent call last):
...
engine.core.actions.ActionSyntaxError: 'pay' is not an action: 'pay' takes 1 to 3 argument(s)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.core.actions import Action, ActionSyntaxError

K = TypeVar("K", bound=str)

Shape = Callable[[str], bool]
"""Whether one argument has the right shape (``str.isdigit``, a known boat type …)."""


@dataclass(frozen=True)
class Verb(Generic[K]):
    """One verb of a game's actions."""

    answers: tuple[K, ...]
    """The decisions this verb answers."""
    args: tuple[Shape, ...] = ()
    """The shape of each argument, in order."""
    optional: int = 0
    """How many of the last arguments may be left out."""
    more: int = 0
    """How many more arguments it may take beyond `args`, each of the last one's shape."""


def check_shape(verbs: Mapping[str, Verb[Any]], action: Action) -> None:
    """Raise ActionSyntaxError unless `action` is one of `verbs` with arguments of the right
    number and shape."""
    verb = verbs.get(action.verb)
    if verb is None:
        known = ", ".join(sorted(verbs))
        raise ActionSyntaxError(action.text, f"unknown verb {action.verb!r} (known: {known})")
    shapes, args = verb.args, action.args
    most = len(shapes) + verb.more
    if not len(shapes) - verb.optional <= len(args) <= most:
        count = f"{len(shapes) - verb.optional} to {most}" if verb.more else str(len(shapes))
        raise ActionSyntaxError(action.text, f"{action.verb!r} takes {count} argument(s)")
    last = len(shapes) - 1
    for i, arg in enumerate(args):
        if not shapes[min(i, last)](arg):
            raise ActionSyntaxError(
                action.text, f"{arg!r} is not something {action.verb!r} can take"
            )


def parse_action(verbs: Mapping[str, Verb[Any]], text: str) -> Action:
    """An action's text as a value, its shape checked (ActionSyntaxError if it is wrong)."""
    action = Action.parse(text)
    check_shape(verbs, action)
    return action
