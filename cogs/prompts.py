"""Drawing what one reader is shown: a seat's prompt, a private panel. What the reader may see
comes from `bot.reading`; here it only becomes Discord payloads. A prompt is built on the event
loop (words, and a picture named by what it shows); pictures are drawn in the drawing thread,
and only those a message does not show yet (`Presenter.pictured`)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, TypeVar

from bot.fronts.base import Panel
from bot.i18n import Tr
from bot.reading import Prompt, Reading
from bot.words import say
from cogs import layout
from cogs.panels import (
    PLAIN,
    Drawn,
    Look,
    draw_prompt,
    embed,
    embed_of,
    items_view,
    table_button,
    undo_button,
)

T = TypeVar("T")

DRAWING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="drawing")
"""One thread draws the pictures: Pillow lets the event loop go on meanwhile (at 10 busy games,
response p99 220–370 ms instead of 310–460, throughput within the noise), and one thread keeps
memory as it was (the default pool's threads cost 25 MB of allocator arenas)."""


async def off_loop(draw: Callable[..., T], *args: Any) -> T:
    """`draw(*args)` in the drawing thread (fronts are pure functions of their views)."""
    return await asyncio.get_running_loop().run_in_executor(DRAWING, functools.partial(draw, *args))


def prompt_drawn(
    reading: Reading, game_id: int, undo: int | None = None, look: Look = PLAIN
) -> tuple[Drawn, bool]:
    """A seat's current decision, drawn for its reader; and whether there is one. `undo`: the
    table version an Undo button carries, where the reader may take back their last decision
    (`TableService.undo_offer`); it shows below the decision, or alone while they wait.
    `look`: layout components or embeds, and the emoji pictures (`cogs.layout`)."""
    return drawn_prompt(reading.prompt(), reading.tr.domain_of("table"), game_id, undo, look)


def drawn_prompt(
    prompt: Prompt, tr: Tr, game_id: int, undo: int | None = None, look: Look = PLAIN
) -> tuple[Drawn, bool]:
    """`prompt_drawn` for a decision already read (`Reading.prompt`); the drawn message
    remembers what it shows (`Drawn.shows`), so that a prompt showing it is not sent again."""
    shows = (prompt, undo, look)
    if prompt.panel is None:
        title = say(
            tr, "nothing_to_do" if prompt.waiting else "nothing_at_all", names=list(prompt.waiting)
        )
        notes = list(prompt.notes)
        button = undo_button(game_id, undo, tr) if undo is not None else None
        if look.layout:
            drawn = layout.nothing(title, notes, button, look)
        else:
            drawn = Drawn(embed(title, notes), items_view(button) if button else None)
        return replace(drawn, shows=shows), False
    if look.layout:
        drawn, _ = layout.draw(prompt.panel, game_id, prompt.token, tr, undo, look)
    else:
        drawn = draw_prompt(prompt.panel, game_id, prompt.token, tr, undo, look)
    return replace(drawn, shows=shows), True


def private_drawn(panel: Panel, game_id: int, tr: Tr) -> Drawn:
    """A panel only its reader sees (a sheet, a hand, a picture's words), with its table
    buttons (the words behind its picture)."""
    buttons = [table_button(game_id, c) for c in panel.choices if c.action is None]
    return Drawn(embed_of(panel), items_view(*buttons) if buttons else None, panel.image)
