"""No choice is ever left out of a prompt: every game's prompts of a whole game, drawn as
embeds and as layout messages, with and without Undo, show every choice the front offers
as a button or a menu option, within Discord's limits; and the menus' packing holds its
worst cases."""

from __future__ import annotations

from typing import Any

import pytest
from simcord.components import walk_components

from bot.fronts import get_front
from bot.fronts.base import Choice, Ctx, Panel, SeatInfo
from bot.i18n import translator
from cogs import layout
from cogs.components import decode_action
from cogs.panels import Look, draw_prompt, menus
from engine.games import get_game
from tests.limits import COMPONENTS_V2, check_message

SEATS = {"fleet-dice": 2, "fleet-cards": 3, "mare-balticum": 4, "black-fleet": 4}
TR = translator("en", "table")


def payload(panel: Panel, undo: int | None, on: bool) -> dict[str, Any]:
    """The message a prompt is sent as: layout components (`on`) or an embed and rows."""
    if on:
        drawn, _ = layout.draw(panel, 1, "t0", TR, undo, Look(True))
        view = drawn.noted("The game moved on.").send()["view"]
        return {"flags": COMPONENTS_V2 | 64, "components": view.to_components()}
    drawn = draw_prompt(panel, 1, "t0", TR, undo)
    rows = drawn.view.to_components() if drawn.view is not None else []
    return {"flags": 64, "embeds": [drawn.embed.to_dict()], "components": rows}


def reachable(message: dict[str, Any]) -> tuple[set[str], set[str], bool]:
    """The actions a message's buttons and menus send, the options of its several-option
    menu, and whether it has an Undo button."""
    actions: set[str] = set()
    several: set[str] = set()
    undo = False
    for c in walk_components(message["components"]):
        cid = c.get("custom_id", "")
        if c["type"] == 2 and cid.startswith("fl1:do:"):
            actions.add(decode_action(cid.split(":", 4)[4]))
        elif c["type"] == 3 and cid.startswith("fl1:sel:"):
            actions |= {o["value"] for o in c["options"]}
        elif c["type"] == 3 and cid.startswith("fl1:pick:"):
            several |= {o["value"] for o in c["options"]}
        undo = undo or cid.startswith("fl1:undo:")
    return actions, several, undo


def prompts(game_id: str) -> list[Panel]:
    """Every prompt of a default game (each seat plays the engine's default move)."""
    game, front = get_game(game_id), get_front(game_id)
    tr = translator("en", front.domain)
    seats = SEATS[game_id]
    infos = [SeatInfo(n) for n in ("Alice", "Bob", "Carol", "Dan")[:seats]]
    state, _ = game.start(seats, f"{1:016x}", None)
    out = []
    while not game.is_over(state):
        waiting = list(game.to_act(state))
        for seat in waiting:
            legal = game.legal_actions(state, seat)
            if legal:
                ctx = Ctx(infos, tr, waiting, seat)
                out.append(front.prompt(game.view(state, seat), seat, legal, ctx))
        state, _ = game.apply(state, waiting[0], game.default_action(state, waiting[0]))
    return out


@pytest.mark.parametrize("game_id", list(SEATS))
def test_every_choice_of_a_whole_game_is_on_its_prompt_in_every_form(game_id):
    panels = prompts(game_id)
    assert len(panels) > 50
    for panel in panels:
        offered = {c.action for c in panel.choices if c.action is not None}
        options = {c.action for c in panel.multi.options} if panel.multi else set()
        for on in (False, True):
            for undo in (None, 7):
                message = payload(panel, undo, on)
                where = f"{game_id} {panel.title!r} layout={on} undo={undo}"
                assert not check_message(message, where)
                actions, several, _ = reachable(message)
                assert offered <= actions, (where, offered - actions)
                assert options <= several, (where, options - several)


def _groups(*sizes: int) -> list[Choice]:
    return [
        Choice(f"{g}{n}", f"act {g}{n}", "what it does", group=f"group {g}")
        for g, size in zip("ABCDEFGH", sizes, strict=False)
        for n in range(size)
    ]


# The company tokens of a Mare Balticum clock (×3, ×2, ×1, ×0 on four species, and the
# safe); a Black Fleet turn with two navy ships; one group too large for a menu; the most
# four menus can hold; and more than that.
WORST = [(4, 4, 4, 4, 1), (23, 16, 9, 8, 4), (24, 25, 24, 2, 1), (60, 40), (25, 25, 25, 25)]


@pytest.mark.parametrize("sizes", WORST)
@pytest.mark.parametrize("on", [False, True])
def test_choices_that_need_more_menus_than_a_message_holds_share_menus_and_none_is_lost(sizes, on):
    panel = Panel("Choose", ["a line"], choices=_groups(*sizes))
    message = payload(panel, 7, on)
    assert not check_message(message, f"{sizes} layout={on}")
    actions, _, undo = reachable(message)
    assert actions == {c.action for c in panel.choices}
    assert undo, "Undo stays while the choices fit beside it"


def test_undo_gives_its_row_up_when_an_embed_prompt_needs_every_row_for_menus():
    panel = Panel("Choose", ["a line"], choices=_groups(25, 25, 25, 25, 10))
    message = payload(panel, 7, False)
    actions, _, undo = reachable(message)
    assert actions == {c.action for c in panel.choices} and not undo
    on = payload(panel, 7, True)
    assert reachable(on)[0] == actions and reachable(on)[2], "a layout message holds both"


def test_neighbouring_small_groups_share_a_menu_named_after_both():
    packed = menus(_groups(4, 4, 4, 4, 1), 4, TR)
    assert [name for name, _ in packed] == ["group A", "group B", "group C", "group D · group E"]
    assert [len(chunk) for _, chunk in menus(_groups(23, 16, 9, 8, 4), 4, TR)] == [23, 16, 9, 12]
    assert [len(chunk) for _, chunk in menus(_groups(4, 4, 4, 4, 1), 5, TR)] == [4, 4, 4, 4, 1]
