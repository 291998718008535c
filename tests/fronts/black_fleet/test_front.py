"""Black Fleet's front: panels drawn from views, choices that name the picture's spaces, and
no secret in any public message."""

import itertools
import random
import re

import pytest

from bot.fronts import get_front
from bot.fronts.base import Ctx, Picture, SeatInfo, png_of, steps
from bot.fronts.black_fleet import words as w
from bot.fronts.black_fleet.mapdraw import ascii_text, text_grid
from bot.fronts.text import panel_text
from bot.i18n import Tr
from engine.black_fleet.state import Options
from engine.core.errors import IllegalAction
from engine.games import get_game
from tests.engine.black_fleet.builders import act, card, fortune, table

GAME = get_game("black-fleet")
FRONT = get_front("black-fleet")
TR = Tr("en", "black-fleet")
SEATS = [SeatInfo("Ana"), SeatInfo("Bo", ai=True), SeatInfo("Cy", ai=True), SeatInfo("Dee")]
PNG = b"\x89PNG\r\n\x1a\n"


def ctx(reader, log=(), seats=4):
    recent = [e for e in log if e.visible(reader)][-40:]
    return Ctx(SEATS[:seats], TR, reader=reader, recent=recent)


def playout(seats, seed, policy="heuristic"):
    """(state, log so far) at every step of a complete game."""
    state, log = GAME.start(seats, seed)
    rng = random.Random(seed)
    steps = [(state, list(log))]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = GAME.policies[policy](GAME.view(state, seat), seat, legal, rng)
        state, events = GAME.apply(state, seat, action)
        log += events
        steps.append((state, list(log)))
    return steps


STEPS = playout(4, "front")


def test_the_front_is_registered_with_the_victory_option_and_no_challenge():
    assert FRONT.game_id == "black-fleet" == FRONT.domain
    assert [o.key for o in FRONT.lobby_options] == list(Options.model_fields)
    for option in FRONT.lobby_options:
        for _, value in option.values:
            Options.model_validate({option.key: value})
    assert FRONT.challenge is None


def test_the_board_is_a_picture_with_a_text_grid_that_fits_a_phone():
    state, log = STEPS[len(STEPS) // 2]
    panel = FRONT.board(GAME.view(state, None), ctx(None, log))
    assert panel.image is not None and panel.image.startswith(PNG)
    grid = text_grid(GAME.house, GAME.view(state, None))
    assert all(len(line) <= 36 for line in grid)
    assert "\n".join(grid) in "\n".join(panel.lines)
    text = panel_text(panel)
    for name in ("Ana", "Bo", "Cy", "Dee"):
        assert name in text


def test_the_text_grid_marks_ships_where_they_are():
    state, _ = STEPS[len(STEPS) // 2]
    view = GAME.view(state, None)
    grid = text_grid(GAME.house, view)
    for seat, c in enumerate(view.captains):
        for space, mark in ((c.merchant, "ABCD"[seat]), (c.pirate, "abcd"[seat])):
            if space is not None:
                col = ord(space[0]) - ord("A")
                row = int(space[1:])
                assert grid[row][3 + 2 * col] == mark


def test_the_public_step_is_the_table_the_map_the_card_played_and_act_hand_log_buttons():
    state, log = next(step for step in STEPS if step[0].stage == "helm")
    panel = FRONT.public_step(GAME.view(state, None), ctx(None, log))
    assert FRONT.board_message is False, "the turn's message carries the table"
    assert panel is not None and panel.key == f"turn{state.turns}"
    assert (png_of(panel.image) or b"").startswith(PNG)
    text = panel_text(panel)
    assert "Movement card" in text and "Captains" in text
    assert all(name in text for name in ("Ana", "Bo", "Cy", "Dee"))
    assert [(c.action, c.op) for c in panel.choices] == [
        (None, "act"),
        (None, "mine"),
        (None, "log"),
    ]
    assert SEATS[GAME.to_act(state)[0]].name in panel.status
    final, final_log = STEPS[-1]
    assert FRONT.public_step(GAME.view(final, None), ctx(None, final_log)) is None


def test_the_private_panel_shows_the_whole_hand_with_card_texts():
    state, log = STEPS[10]
    seat = 0
    panel = FRONT.private(GAME.view(state, seat), seat, ctx(seat, log))
    text = panel_text(panel)
    for cid in state.captains[seat].fortune:
        assert GAME.house.fortune[cid].name in text
    for key in state.captains[seat].development:
        assert GAME.house.development[key].name in text
    assert "doubloon" in text


def test_every_prompt_offers_one_choice_per_legal_action_with_a_detail():
    seen = set()
    for state, log in STEPS[::4]:
        if GAME.is_over(state):
            continue
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        panel = FRONT.prompt(GAME.view(state, seat), seat, legal, ctx(seat, log))
        offered = [steps(c.action) for c in panel.choices]
        # A choice of several steps (a card with its first move, the end with its discard)
        # is legal actions played in turn, each accepted by the rules.
        for moves in offered:
            after = state
            for text in moves:
                after, _events = GAME.apply(after, seat, text)
        firsts = {moves[0] for moves in offered}
        for a in legal:
            if a.text not in firsts:
                # RULES §5.5: a ship with more places than its menu holds shows those worth
                # most and its map with all of them (``ship merchant``).
                assert state.stage == "helm" and a.verb == "move", a
                assert f"ship {a.args[0]}" in firsts, a
        for choice in panel.choices:
            if choice.action.startswith("dock "):
                # Docks of one port are alike: its line above the buttons says it once.
                port = GAME.house.map.port_of_dock[choice.action.split()[1].upper()]
                line = next(x for x in panel.lines if f"**{port.name}**" in x)
                assert choice.label.split(" · ")[0] in line and "sold at" in line
            elif choice.action not in ("back", "pass"):
                assert choice.detail, choice
            assert len(choice.detail) <= 100 and len(choice.label) <= 80
        seen.add(state.stage)
        assert FRONT.owed(GAME.view(state, seat), seat, ctx(seat, log))
    assert {"setup", "enter", "card", "helm"} <= seen


def test_destinations_are_named_as_the_picture_labels_them_and_drawn():
    state, log = next(step for step in STEPS if step[0].stage == "course")
    seat = state.turn.seat
    legal = GAME.legal_actions(state, seat)
    panel = FRONT.prompt(GAME.view(state, seat), seat, legal, ctx(seat, log))
    assert (png_of(panel.image) or b"").startswith(PNG)
    for choice in panel.choices:
        if choice.action and choice.action.startswith("to "):
            assert choice.label == choice.action[3:].upper()
            assert "step" in choice.detail


def test_many_destinations_are_split_into_selects_of_25():
    # A fast pirate in open water: more places to go than one select holds.
    state = table(
        pirates={0: "F8"},
        played=card("yellow", pirate=4),
        bought={0: ["swift_pirate", "full_rigging"]},
    )
    state, _ = act(state, "ship pirate")
    legal = GAME.legal_actions(state, 0)
    assert len(legal) > 26
    panel = FRONT.prompt(GAME.view(state, 0), 0, legal, ctx(0, seats=3))
    groups = {}
    for c in panel.choices:
        if c.action.startswith("to "):
            groups.setdefault(c.group, []).append(c)
    assert len(groups) >= 2 and all(len(g) <= 25 for g in groups.values())


def test_the_owed_line_is_empty_for_a_seat_that_owes_nothing():
    state, log = STEPS[20]
    other = (state.turn.seat + 1) % 4
    assert FRONT.owed(GAME.view(state, other), other, ctx(other, log)) == ""


def test_every_event_of_a_game_is_worded_for_the_public_or_left_out_if_private():
    _, log = STEPS[-1]
    for event in log:
        public = FRONT.event(event, ctx(None))
        if event.visible_to is None and event.kind != "draw":
            assert public, event
        if event.visible_to is not None:
            assert public is None
            owner = event.seat
            assert FRONT.event(event, ctx(owner))
            assert FRONT.event(event, ctx((owner + 1) % 4)) is None


def test_public_panels_hold_no_secret():
    # A public panel is the same for every state the public cannot tell apart.
    for state, log in STEPS[::31]:
        other = GAME.redeal(state, None, "elsewhere")
        c = ctx(None, log)
        board = FRONT.board(GAME.view(state, None), c)
        assert panel_text(board) == panel_text(FRONT.board(GAME.view(other, None), c))
        assert board.image == FRONT.board(GAME.view(other, None), c).image
        step = FRONT.public_step(GAME.view(state, None), c)
        again = FRONT.public_step(GAME.view(other, None), c)
        assert (step and panel_text(step)) == (again and panel_text(again))


def test_a_players_own_panels_depend_only_on_what_they_know():
    for state, log in STEPS[::31]:
        for seat in range(4):
            other = GAME.redeal(state, seat, "elsewhere")
            c = ctx(seat, log)
            mine = panel_text(FRONT.private(GAME.view(state, seat), seat, c))
            assert mine == panel_text(FRONT.private(GAME.view(other, seat), seat, c))
            legal = GAME.legal_actions(state, seat)
            prompt = FRONT.prompt(GAME.view(state, seat), seat, legal, c)
            again = FRONT.prompt(GAME.view(other, seat), seat, legal, c)
            assert panel_text(prompt) == panel_text(again)


def test_another_players_hand_never_appears_in_public_event_lines():
    for state, log in STEPS[::5]:
        held = {cid for c in state.captains for cid in c.fortune}
        # A fortune kind nobody has played or discarded yet is known only to its holder.
        shown = {e.data.get("kind") for e in log if e.kind == "fortune"}
        shown |= {
            GAME.house.fortune[e.data["card"]].key
            for e in log
            if e.kind == "discard" and e.data["card"] in GAME.house.fortune
        }
        secret = {GAME.house.fortune[cid].name for cid in held} - {
            GAME.house.fortune_kind(k).name for k in shown if k
        }
        lines = " ".join(filter(None, (FRONT.event(e, ctx(None)) for e in log)))
        for name in secret:
            assert not re.search(rf"\b{re.escape(name)}\b", lines), name


@pytest.mark.parametrize(
    "code, fields",
    [
        ("syntax", {}),
        ("over", {}),
        ("not_your_turn", {}),
        ("no_seat", {}),
        ("unreachable", {"space": "F7"}),
        ("cannot_buy", {"card": "seer"}),
        ("cannot_act", {"action": "trade"}),
        ("not_now", {"owed": "card"}),
    ],
)
def test_refusals_are_one_sentence_in_the_readers_words(code, fields):
    text = FRONT.refusal(IllegalAction("engine words", code, **fields), ctx(0))
    assert text and text != "engine words" and text.endswith(".")


def test_the_final_panel_ranks_everyone_and_shows_the_map():
    state, log = STEPS[-1]
    result = GAME.result(state)
    panel = FRONT.final(result, GAME.view(state, None), ctx(None, log))
    text = panel_text(panel)
    assert panel.image is not None and "1." in text and "victory card" in text
    share = FRONT.share(result, 7, ctx(0))
    assert share.startswith("Black Fleet #7")


def test_the_rules_panel_reads_as_a_quick_reference():
    panel = FRONT.rules(ctx(None))
    assert len(panel.lines) >= 8 and "movement card" in panel_text(panel)


def test_the_picture_keeps_to_letters_its_font_can_draw(monkeypatch):
    # The shared font draws every letter; with Pillow's own (ASCII only) text is folded.
    assert ascii_text("Bahía Azul") == "Bahía Azul"
    monkeypatch.setattr("bot.fronts.black_fleet.mapdraw.full_font", lambda: False)
    assert ascii_text("Bahía Azul") == "Bahia Azul"
    assert ascii_text("Straße") == "Strasse"
    assert ascii_text("→") == "?"


def test_a_discard_prompt_says_why_a_fortune_card_must_go():
    # RULES §8.2, §8.3: the movement card's symbol, or more fortune cards than the limit.
    found = [(s, log) for s, log in playout(4, "discards") if s.stage == "discard"]
    assert found
    for state, log in found:
        seat = state.turn.seat
        legal = GAME.legal_actions(state, seat)
        text = panel_text(FRONT.prompt(GAME.view(state, seat), seat, legal, ctx(seat, log)))
        if state.turn.discards:
            assert "Your movement card says: discard 1 fortune card." in text
        else:
            n = len(state.captains[seat].fortune)
            assert f"You hold {n} fortune cards and may keep" in text


def test_the_log_names_a_bribe_or_mutiny_target_as_every_line_names_players():
    # The log words events without a view: the target still reads "🟤 Bo", never "BROWN".
    state = table(
        doubloons={1: 3},
        pirates={1: "F5"},
        merchants={0: "B6"},
        hand=[fortune("bribe"), fortune("mutiny")],
    )
    colour = state.captains[1].colour
    for text in (f"fortune bribe {colour}", f"fortune mutiny {colour}"):
        _, events = act(state, text)
        played = next(e for e in events if e.kind == "fortune")
        line = FRONT.event(played, ctx(None, seats=3))
        assert "Bo" in line and colour.upper() not in line, line
        assert line.startswith("Ana plays") and w.COLOUR_EMOJI[colour] in line


def test_a_ship_has_one_menu_with_each_place_once():
    # RULES §5.5: one destination menu per ship; a place with an action there has it as its
    # own option ("H2 · trade at …"); more places than a menu holds: those worth most and
    # the map with all of them.
    for state, log in STEPS:
        if state.stage != "helm":
            continue
        seat = state.turn.seat
        legal = GAME.legal_actions(state, seat)
        panel = FRONT.prompt(GAME.view(state, seat), seat, legal, ctx(seat, log))
        menus = {}
        for c in panel.choices:
            menus.setdefault(c.group, []).append(c)
        assert len(menus) <= 5 and all(len(m) <= 25 for m in menus.values())
        actions = [c.action for c in panel.choices]
        assert len(actions) == len(set(actions))
        for c in panel.choices:
            if c.action.startswith("move "):
                ship = c.action.split()[1]
                assert all(
                    o.action.split()[1] == ship
                    for o in menus[c.group]
                    if o.action.startswith("move")
                )
                assert c.label.split(" · ")[0] == c.action.split()[2].upper()
        wanted = GAME.default_action(state, seat).text
        firsts = {steps(a)[0] for a in actions}
        assert wanted in firsts, "the AI's own choice is always on the menu (or starts one)"


def test_the_quick_rules_take_their_numbers_from_the_rules_and_data(monkeypatch):
    text = panel_text(FRONT.rules(ctx(0)))
    assert "load 3 of its goods" in text and "(4 and 6)" in text and "+2" in text
    monkeypatch.setattr("engine.black_fleet.powers.HAND_LIMIT", 5)
    monkeypatch.setattr("engine.black_fleet.powers.RAID_REWARD", 7)
    text = panel_text(FRONT.rules(ctx(0)))
    assert "keep at most 5 fortune cards" in text and "take a cube, +7" in text


def test_a_prompt_carries_the_map_only_where_a_space_on_it_is_the_choice():
    from bot.fronts.black_fleet.front import PICTURED

    seen: dict[str, bool] = {}
    for state, log in STEPS:
        if GAME.is_over(state) or state.stage in seen:
            continue
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        panel = FRONT.prompt(GAME.view(state, seat), seat, legal, ctx(seat, log))
        seen[state.stage] = panel.image is not None
    assert seen == {stage: PICTURED[stage] for stage in seen}
    assert {"setup", "card", "helm", "course"} <= set(seen), seen


def test_ending_the_moves_is_one_decision_whose_options_each_say_how_they_differ():
    """RULES §8, §10: ways to end are offered with the discard they make only where one of
    the two is a single choice (never every purchase times every card), and no two options
    of the menu say the same."""
    from engine.black_fleet import fortune as fortune_cards
    from engine.black_fleet.helm import discards_after_moves

    folded_kinds = 0
    for state, log in [*STEPS, *playout(4, "ends")]:
        if GAME.is_over(state) or state.stage != "helm":
            continue
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        panel = FRONT.prompt(GAME.view(state, seat), seat, legal, ctx(seat, log))
        rest = [
            c
            for c in panel.choices
            if c.group == "Actions, cards, end…" and c.action.startswith("end")
        ]
        said = [(c.label, c.detail) for c in rest]
        assert len({d for _, d in said}) == len(said), said
        ends = {steps(c.action)[0] for c in rest}
        discards = {steps(c.action)[-1] for c in rest if " then discard " in c.action}
        assert len(ends) == 1 or len(discards) <= 1, said
        view = GAME.view(state, seat)
        hand = view.captains[seat].fortune
        if discards_after_moves(GAME.house, view) == 1 and len(discards) > 1:
            assert len(fortune_cards.kinds_in_hand(GAME.house, hand)) == len(discards)
            assert all("you keep" in c.detail for c in rest if " then discard " in c.action)
            folded_kinds += 1
    assert folded_kinds, "a turn that ends with a choice of card to discard"


def named_pictures(panels):
    """Each picture's name with the PNG it draws, for `panels` that carry one."""
    out = []
    for panel in panels:
        if panel is not None and panel.image is not None:
            assert isinstance(panel.image, Picture), "a map in a prompt or step is named"
            out.append((panel.image.key, panel.image.draw()))
    return out


def test_a_maps_name_changes_exactly_when_its_picture_does():
    """A map is named before it is drawn: two different maps never share a name (a message
    would keep a stale map), and the same map keeps its name (it is not drawn again)."""
    panels = []
    for state, log in STEPS[:90]:
        seat = GAME.to_act(state)[0] if not GAME.is_over(state) else 0
        legal = GAME.legal_actions(state, seat)
        panels.append(FRONT.prompt(GAME.view(state, seat), seat, legal, ctx(seat, log)))
        panels.append(FRONT.public_step(GAME.view(state, None), ctx(None, log)))
    found = named_pictures(panels)
    by_name: dict[str, set[bytes]] = {}
    by_png: dict[bytes, set[str]] = {}
    for key, png in found:
        by_name.setdefault(key, set()).add(png)
        by_png.setdefault(png, set()).add(key)
    assert len(by_png) > 10, "the sample holds many different maps"
    assert len(found) > len(by_png), "and the same map more than once"
    assert all(len(pngs) == 1 for pngs in by_name.values())
    assert all(len(keys) == 1 for keys in by_png.values())


def test_a_card_played_leaves_the_step_maps_name_a_ship_moved_changes_it():
    moved = moves_kept = 0
    for (before, early), (after, late) in itertools.pairwise(STEPS[:200]):
        if GAME.is_over(after) or before.turns != after.turns:
            continue
        one = FRONT.public_step(GAME.view(before, None), ctx(None, early))
        two = FRONT.public_step(GAME.view(after, None), ctx(None, late))
        assert one is not None and two is not None
        assert isinstance(one.image, Picture) and isinstance(two.image, Picture)
        ships = [(c.merchant, c.pirate) for c in before.captains]
        if ships != [(c.merchant, c.pirate) for c in after.captains]:
            assert one.image.key != two.image.key
            moved += 1
        elif one.image.draw() == two.image.draw():
            assert one.image.key == two.image.key
            moves_kept += 1
    assert moved and moves_kept
