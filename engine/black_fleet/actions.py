"""The text form of Black Fleet's actions: verbs and how many arguments each takes.

>>> parse_action("attack pirate g7")
Action(verb='attack', args=('pirate', 'g7'))
"""

from __future__ import annotations

from engine.core.actions import Action, ActionSyntaxError
from engine.core.errors import IllegalAction

VERBS: dict[str, tuple[int, int]] = {
    "dock": (1, 1),  # dock f2: put the merchant on a dock (setup, or after it sank)
    "enter": (1, 1),  # enter c1: the pirate off the map comes in on a Far Seas space
    "play": (1, 1),  # play m07: play a movement card
    "move": (2, 3),  # move pirate j9 [attack:j8]: a ship straight there (and its action)
    "ship": (1, 1),  # ship pirate: choose the ship to move (then "to")
    "to": (1, 1),  # to f7: its destination
    "back": (0, 0),  # choose another ship instead
    "trade": (0, 0),  # the merchant sells its cargo and loads
    "attack": (2, 2),  # attack yellow h5: a ship attacks the ship on that space
    "bury": (0, 0),  # the pirate buries its treasure
    "sell": (0, 0),  # Pirate Code: the pirate sells its treasure at a dock
    "fortune": (1, 2),  # fortune fair_wind pirate: play a fortune card
    "end": (0, 1),  # end the moves: draw and maybe buy (end seer / end pass: decided now)
    "discard": (1, 1),  # discard lucky_find / discard m07
    "buy": (1, 1),  # buy insurance / buy victory
    "pass": (0, 0),  # buy nothing this turn
}


_MADE: dict[tuple[str, ...], Action] = {}


def action_of(verb: str, *args: str) -> Action:
    """The one value of an action: a turn offers the same moves again and again, and a value
    made once is cheaper than a new one each time.

    >>> action_of("attack", "pirate", "g7") is action_of("attack", "pirate", "g7")
    True
    """
    key = (verb, *args)
    made = _MADE.get(key)
    if made is None:
        made = _MADE[key] = Action(verb, args)
    return made


def parse_action(text: str) -> Action:
    """Parse an action's text; malformed text raises IllegalAction (code ``syntax``)."""
    try:
        action = Action.parse(text)
    except ActionSyntaxError as exc:
        raise IllegalAction(exc.reason, "syntax", text=str(text)[:60]) from exc
    arity = VERBS.get(action.verb)
    if arity is None:
        raise IllegalAction(
            f"'{action.verb}' is not an action of Black Fleet.", "syntax", text=action.text
        )
    low, high = arity
    if not low <= len(action.args) <= high:
        raise IllegalAction(
            f"'{action.text}' has the wrong number of parts for '{action.verb}'.",
            "syntax",
            text=action.text,
        )
    return action
