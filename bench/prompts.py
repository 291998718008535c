"""What every game's prompts say, in figures: plays a default game of each game (every seat
plays the engine's default move), and draws each decision as the bot draws it in Discord
(`cogs.panels.draw_prompt`, with an Undo row), in each language, counting:

- lines: the lines of text of the largest prompt (title, description, field names and lines,
  the details listed above buttons);
- choices whose detail is empty (a select option with no description, a button with no line
  saying what it does) or cut (a select option's description over Discord's 100 characters),
  each counted once per label.

    python -m bench.prompts [--game fleet-dice|fleet-cards|mare-balticum|black-fleet]
                            [--seed 1] [--show 5]

`--show N` prints the first N labels of each kind, per game and language. Figures only: a
bench never fails a build.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.fronts import get_front
from bot.fronts.base import Ctx, Panel, SeatInfo
from bot.i18n import DEFAULT_LANGUAGE, TRANSLATED, translator
from cogs.panels import MAX_BUTTONS, draw_prompt
from engine.games import get_game

LANGUAGES = (DEFAULT_LANGUAGE, *TRANSLATED)
SEATS = {"fleet-dice": 2, "fleet-cards": 3, "mare-balticum": 4, "black-fleet": 4}
"""The table each game is played at."""
DETAIL = 100
"""Discord's limit on a select option's description."""


@dataclass
class Figures:
    """One game in one language."""

    prompts: int = 0
    most_lines: int = 0
    largest: str = ""
    empty: dict[str, str] = field(default_factory=dict)
    """Labels of choices with no detail, and what they do (their action)."""
    cut: dict[str, str] = field(default_factory=dict)
    """Labels of choices whose detail is over 100 characters, and the detail."""


def lines_of(panel: Panel, tr: Any) -> int:
    """Lines a prompt shows, as drawn for Discord."""
    drawn = draw_prompt(panel, 1, "t0", tr, undo=1)
    e = drawn.embed
    count = 1 if e.title else 0
    count += len((e.description or "").splitlines())
    for f in e.fields:
        count += 1 + len((f.value or "").splitlines())
    return count


def as_buttons(panel: Panel) -> bool:
    """Whether the choices are drawn as buttons (their details as lines above), as
    `draw_prompt` decides with an Undo row."""
    actions = [c for c in panel.choices if c.action is not None]
    return len(actions) <= MAX_BUTTONS - 5 * (panel.multi is not None) - 5


def look(panel: Panel, tr: Any, figures: Figures) -> None:
    figures.prompts += 1
    lines = lines_of(panel, tr)
    if lines > figures.most_lines:
        figures.most_lines, figures.largest = lines, panel.title
    choices = [c for c in panel.choices if c.action is not None]
    buttons = as_buttons(panel)
    if panel.multi is not None:
        choices += list(panel.multi.options)
    for c in choices:
        if not c.detail.strip():
            figures.empty.setdefault(c.label, c.action or "")
        elif len(c.detail) > DETAIL and not (buttons and c in panel.choices):
            figures.cut.setdefault(c.label, c.detail)


def play(game_id: str, seed: int) -> dict[str, Figures]:
    """One default game of `game_id`, every prompt drawn in every language."""
    game = get_game(game_id)
    front = get_front(game_id)
    seats = SEATS[game_id]
    state, _events = game.start(seats, f"{seed:016x}", None)
    readers = {lang: translator(lang, front.domain) for lang in LANGUAGES}
    infos = [SeatInfo(name) for name in ("Alice", "Bob", "Carol", "Dan", "Eve")[:seats]]
    figures = {lang: Figures() for lang in LANGUAGES}
    for _ in range(5000):
        if game.is_over(state):
            break
        waiting = list(game.to_act(state))
        for seat in waiting:
            legal = game.legal_actions(state, seat)
            if not legal:
                continue
            view = game.view(state, seat)
            for lang, tr in readers.items():
                ctx = Ctx(infos, tr, waiting, seat)
                panel = front.prompt(view, seat, legal, ctx)
                look(panel, tr.domain_of("table"), figures[lang])
        seat = waiting[0]
        state, _events = game.apply(state, seat, game.default_action(state, seat))
    return figures


def report(game_id: str, figures: dict[str, Figures], show: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for lang, f in figures.items():
        print(
            f"{game_id:14} {lang:5} prompts {f.prompts:4}  most lines {f.most_lines:3} "
            f"({f.largest[:40]})  empty details {len(f.empty):3}  cut details {len(f.cut):3}"
        )
        for label, action in list(f.empty.items())[:show]:
            print(f"{'':20} empty: {label}  [{action}]")
        for label, detail in list(f.cut.items())[:show]:
            print(f"{'':20} cut ({len(detail)}): {label} — {detail}")
        out[lang] = {
            "prompts": f.prompts,
            "most_lines": f.most_lines,
            "empty": len(f.empty),
            "cut": len(f.cut),
        }
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.prompts")
    parser.add_argument("--game", choices=sorted(SEATS), action="append")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0)
    args = parser.parse_args(argv)
    random.seed(args.seed)
    results = {}
    for game_id in args.game or list(SEATS):
        results[game_id] = report(game_id, play(game_id, args.seed), args.show)
    print(json.dumps({"bench": "prompts", "seed": args.seed, "games": results}))


if __name__ == "__main__":
    main()
