"""The text form of Black Fleet's actions, declared once: each verb, the stages of the turn it
answers and how many parts it takes.

>>> parse_action("attack pirate g7")
Action(verb='attack', args=('pirate', 'g7'))
"""

from __future__ import annotations

from engine.black_fleet.state import Stage
from engine.core import verbs
from engine.core.actions import Action, ActionSyntaxError
from engine.core.errors import IllegalAction
from engine.core.verbs import Verb


def _part(arg: str) -> bool:
    """Any part: whether it names a space, a ship or a card is the rules' business."""
    return True


_ONE = (_part,)
_TWO = (_part, _part)
VERBS: dict[str, Verb[Stage]] = {
    # dock f2: put the merchant on a dock (setup, or after it sank)
    "dock": Verb(("setup", "dock"), _ONE),
    # enter c1: the pirate off the map comes in on a Far Seas space
    "enter": Verb(("enter",), _ONE),
    "play": Verb(("card",), _ONE),  # play m07: play a movement card
    # move pirate j9 [attack:j8]: a ship straight there (and its action)
    "move": Verb(("helm",), _TWO, more=1),
    "ship": Verb(("helm",), _ONE),  # ship pirate: choose the ship to move (then "to")
    "to": Verb(("course",), _ONE),  # to f7: its destination
    "back": Verb(("course",)),  # choose another ship instead
    "trade": Verb(("helm",)),  # the merchant sells its cargo and loads
    "attack": Verb(("helm",), _TWO),  # attack yellow h5: a ship attacks the ship on that space
    "bury": Verb(("helm",)),  # the pirate buries its treasure
    "sell": Verb(("helm",)),  # Pirate Code: the pirate sells its treasure at a dock
    # fortune fair_wind pirate: play a fortune card
    "fortune": Verb(("card", "helm"), _ONE, more=1),
    # end the moves: draw and maybe buy (end seer / end pass: decided now)
    "end": Verb(("helm",), _ONE, optional=1),
    "discard": Verb(("chart", "discard"), _ONE),  # discard lucky_find / discard m07
    "buy": Verb(("buy",), _ONE),  # buy insurance / buy victory
    "pass": Verb(("buy",)),  # buy nothing this turn
}
"""Every verb, the stages of the turn it answers and how many parts it takes."""


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
    if action.verb not in VERBS:
        raise IllegalAction(
            f"'{action.verb}' is not an action of Black Fleet.", "syntax", text=action.text
        )
    try:
        verbs.check_shape(VERBS, action)
    except ActionSyntaxError as exc:
        raise IllegalAction(
            f"'{action.text}' has the wrong number of parts for '{action.verb}'.",
            "syntax",
            text=action.text,
        ) from exc
    return action
