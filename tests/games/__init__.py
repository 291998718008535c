"""Games that exist only for the tests: registered by the tests, never by the bot."""

from bot.fronts import register_front
from engine.games import register_game
from tests.games.hands import HiddenHands
from tests.games.hands_front import HandsFront


def register() -> None:
    """Make the test games known to the registries, as a game package's two lines would."""
    register_game("test-hands", HiddenHands)
    register_front("test-hands", HandsFront)
