"""Play any registered game in a terminal: against AI seats, hot-seat, or solo. No Discord
token needed. The terminal draws the same panels the bot draws in Discord, as text.

    python -m bot play --game fleet-dice --players 3 --ai 2,3
    python -m bot play --game black-fleet --players 3 --level strong
    python -m bot play --game fleet-dice --solo
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable, Sequence
from typing import Any

from bot.fronts import FRONTS, get_front
from bot.fronts.base import SeatInfo, steps
from bot.fronts.text import panel_text
from bot.i18n import translator
from bot.reading import RECENT_EVENTS, Reading, ai_name
from bot.words import say
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event
from engine.core.search import LEVELS, NORMAL, ai_action
from engine.games import get_game
from engine.simulate import parse_options


class TerminalGame:
    def __init__(
        self,
        game_id: str,
        seats: int,
        ai: set[int],
        seed: str,
        options: dict[str, Any],
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        locale: str | None = None,
        level: str = NORMAL,
    ) -> None:
        self.game = get_game(game_id)
        self.front = get_front(game_id)
        self.ai = ai
        self.level = level
        self.seed = seed
        self.read = read
        self.write = write
        self.tr = translator(locale, self.front.domain)
        self.words = self.tr.domain_of("table")
        self.names = [
            ai_name(self.words, s + 1, level)
            if s in ai
            else say(self.words, "player_name", n=s + 1)
            for s in range(seats)
        ]
        self.seen: list[Event] = []
        self.write(say(self.words, "terminal_seed", seed=seed))
        self.state, events = self.game.start(seats, seed, options)
        self._show(events)

    def reading(self, reader: int | None, words: bool = False) -> Reading:
        """The game as `reader` (None: the public) may see it, with the last moves they saw."""
        seats = [SeatInfo(n, ai=s in self.ai) for s, n in enumerate(self.names)]
        recent = self.seen[-RECENT_EVENTS:]
        return Reading(self.game, self.state, seats, reader, self.tr, recent, words=words)

    def _humans(self) -> list[int]:
        return [s for s in range(len(self.names)) if s not in self.ai]

    def _show(self, events: list[Event]) -> None:
        # Hot-seat players share the screen: a private event is shown only when a single
        # human plays, to that human.
        humans = self._humans()
        reader = humans[0] if len(humans) == 1 else None
        self.seen += events
        for line in self.reading(reader).lines(events):
            self.write("  " + line)

    def play(self) -> Any:
        self.write(say(self.words, "terminal_help"))
        while not self.game.is_over(self.state):
            waiting = self.game.to_act(self.state)
            robots = [s for s in waiting if s in self.ai]
            seat = robots[0] if robots else waiting[0]
            if seat in self.ai:
                text = ai_action(self.game, self.state, seat, self.level, self.seed).text
            else:
                picked = self._ask(seat)
                if picked is None:
                    self.write(say(self.words, "left"))
                    return self.state
                text = picked
            # A choice may make several moves (`bot.fronts.base.then`): each checked in turn.
            state, events = self.state, []
            for step in steps(text):
                state, more = self.game.apply(state, seat, step)
                events += more
            self.state = state
            self._show(events)
        self._final()
        return self.state

    def _board(self) -> str:
        public = self.reading(None, words=True)
        step = public.public_step()
        board = panel_text(public.board())
        return board + ("\n" + panel_text(step, numbered=False) if step else "")

    def _ask(self, seat: int) -> str | None:
        """Ask a human seat for a legal action; None if they quit."""
        self.write("")
        self.write(self._board())
        reading = self.reading(seat)
        panel = reading.prompt().panel
        assert panel is not None, "a seat the game waits for has a decision"
        self.write(f"{self.names[seat]}:")
        self.write(panel_text(panel))
        texts = [c.action for c in panel.choices if c.action is not None]
        while True:
            try:
                answer = self.read(f"{self.names[seat]}> ").strip()
            except EOFError:
                return None
            if not answer:
                continue
            word = answer.split()[0]
            if word in ("quit", "exit"):
                return None
            if word == "help":
                self.write(say(self.words, "terminal_help"))
            elif word == "board":
                self.write(self._board())
            elif word == "log":
                reader = seat if len(self._humans()) == 1 else None
                self.write("\n".join(self.reading(reader).lines(self.seen)[-30:]))
            elif word == "mine":
                self.write(panel_text(self.reading(seat, words=True).private()))
            elif answer.isdigit() and 1 <= int(answer) <= len(texts):
                return texts[int(answer) - 1]
            else:
                try:
                    self.game.apply(self.state, seat, answer)
                except IllegalAction as exc:
                    self.write(self.front.refusal(exc, reading.ctx))
                    continue
                return answer

    def _final(self) -> None:
        self.write("")
        self.write(panel_text(self.reading(None).final()))


def _parse_ai(text: str, seats: int) -> set[int]:
    chosen: set[int] = set()
    for part in filter(None, text.split(",")):
        if not part.strip().isdigit() or not 1 <= int(part) <= seats:
            raise argparse.ArgumentTypeError(f"--ai takes seat numbers 1..{seats}, got {part!r}")
        chosen.add(int(part) - 1)
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game in this terminal")
    play.add_argument("--game", default=next(iter(FRONTS)), choices=list(FRONTS))
    play.add_argument("--players", type=int, default=None, help="seats (default: the fewest)")
    play.add_argument("--solo", action="store_true", help="play alone (games with a solo mode)")
    play.add_argument(
        "--ai", default=None, help="comma list of seats the AI plays (default: all but seat 1)"
    )
    play.add_argument(
        "--level", default=NORMAL, choices=LEVELS, help="how strongly the AI seats play"
    )
    play.add_argument("--seed", default=None, help="replay a game by its seed")
    play.add_argument("--option", action="append", default=[], help="a game option, KEY=VALUE")
    play.add_argument("--lang", default=None, help="the language to play in (en, de, pt-BR, it)")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    seats = 1 if args.solo else (args.players or max(2, game.min_seats))
    if not game.min_seats <= seats <= game.max_seats:
        parser.error(f"{game.name} seats {game.min_seats} to {game.max_seats} players")
    try:
        ai = _parse_ai(args.ai, seats) if args.ai is not None else set(range(1, seats))
        options = parse_options(args.option)
    except (argparse.ArgumentTypeError, ValueError) as exc:
        parser.error(str(exc))
    seed = args.seed or secrets.token_hex(4)
    try:
        TerminalGame(args.game, seats, ai, seed, options, locale=args.lang, level=args.level).play()
    except KeyboardInterrupt:
        print("\nLeft the game.")
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
