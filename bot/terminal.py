"""Play Fleet: The Dice Game in a terminal: against heuristic seats, hot-seat, or solo against
Captain Ruth. No Discord token needed.

    fleet-dice play --players 3 --ai 2,3
    fleet-dice play --solo
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable, Sequence

from bot.render import (
    action_label,
    board_lines,
    decision_prompt,
    event_line,
    seat_name,
    sheet_lines,
)
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event
from engine.fleet_dice.policies import heuristic_action
from engine.fleet_dice.rules import FleetDice
from engine.fleet_dice.state import FleetState

HELP = """Type the number of a choice, or its action text (e.g. 'pick cod').
  board        show the table         sheet [N]   show a player's sheet
  log          the last 30 events     help        this text
  quit         leave the game"""


class TerminalGame:
    def __init__(
        self,
        seats: int,
        ai: set[int],
        seed: str,
        options: dict[str, bool],
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> None:
        self.game = FleetDice()
        self.ai = ai
        self.read = read
        self.write = write
        self.log: list[str] = []
        self.write(f"Game seed: {seed} (replay it with --seed {seed})")
        self.state, events = self.game.start(seats, seed, options)
        self._show(events)

    def _show(self, events: list[Event]) -> None:
        for event in events:
            line = event_line(event)
            self.log.append(line)
            self.write("  " + line)

    def play(self) -> FleetState:
        self.write(HELP)
        while not self.game.is_over(self.state):
            waiting = self.game.to_act(self.state)
            robots = [s for s in waiting if s in self.ai]
            seat = robots[0] if robots else waiting[0]
            if seat in self.ai:
                action = heuristic_action(self.game, self.state, seat)
            else:
                picked = self._ask(seat)
                if picked is None:
                    self.write("Left the game.")
                    return self.state
                action = self.game.parse_action(picked)
            self.state, events = self.game.apply(self.state, seat, action)
            self._show(events)
        self._final()
        return self.state

    def _ask(self, seat: int) -> str | None:
        """Ask a human seat for a legal action; None if they quit."""
        self.write("")
        self.write("\n".join(board_lines(self.game, self.state)))
        task = self.game.pending(self.state, seat)
        assert task is not None
        legal = [a.text for a in self.game.legal_actions(self.state, seat)]
        self.write(f"{seat_name(seat)}: {decision_prompt(task)}")
        for i, text in enumerate(legal, 1):
            self.write(f"  {i:>2}. {action_label(text):<30} [{text}]")
        while True:
            try:
                answer = self.read(f"{seat_name(seat)}> ").strip()
            except EOFError:
                return None
            if not answer:
                continue
            word, _, rest = answer.partition(" ")
            if word in ("quit", "exit"):
                return None
            if word == "help":
                self.write(HELP)
            elif word == "board":
                self.write("\n".join(board_lines(self.game, self.state)))
            elif word == "log":
                self.write("\n".join(self.log[-30:]))
            elif word == "sheet":
                self._sheet(rest, seat)
            elif answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            else:
                try:
                    self.game.apply(self.state, seat, answer)
                except IllegalAction as exc:
                    self.write(exc.reason)
                    continue
                return answer

    def _sheet(self, arg: str, seat: int) -> None:
        n = len(self.state.players)
        if arg.strip().isdigit() and 1 <= int(arg) <= n:
            seat = int(arg) - 1
        elif arg.strip():
            self.write(f"There are players 1 to {n}.")
            return
        self.write("\n".join(sheet_lines(self.game, self.state, seat)))

    def _final(self) -> None:
        result = self.game.result(self.state)
        self.write("")
        self.write("Final scores")
        for s in result.seats:
            parts = ", ".join(f"{k} {v}" for k, v in s.breakdown.items())
            title = f" — {s.title}" if s.title else ""
            self.write(f"  {s.rank}. {seat_name(s.seat)}: {s.total} VP ({parts}){title}")
        for note in result.notes:
            self.write("  " + note)
        if not self.state.solo:
            names = " and ".join(seat_name(w) for w in result.winners)
            self.write(f"Winner: {names}")


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
    play.add_argument("--players", type=int, default=2, choices=[1, 2, 3, 4])
    play.add_argument("--solo", action="store_true", help="play alone against Captain Ruth")
    play.add_argument(
        "--ai",
        default=None,
        help="comma list of seats the heuristic plays (default: all but seat 1)",
    )
    play.add_argument("--seed", default=None, help="replay a game by its seed")
    play.add_argument("--captains", action="store_true", help="deal captain cards")
    play.add_argument("--trophies", action="store_true", help="play with trophies")
    args = parser.parse_args(argv)
    seats = 1 if args.solo else args.players
    try:
        ai = _parse_ai(args.ai, seats) if args.ai is not None else set(range(1, seats))
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    seed = args.seed or secrets.token_hex(4)
    try:
        TerminalGame(seats, ai, seed, {"captains": args.captains, "trophies": args.trophies}).play()
    except KeyboardInterrupt:
        print("\nLeft the game.")
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
