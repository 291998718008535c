"""The Mare Balticum front: panels from views, words for events, the map picture."""

import io

import pytest
from PIL import Image

from bot.fronts import get_front
from bot.fronts.mare_balticum.picture import fold
from engine.core.errors import IllegalAction
from engine.mare_balticum.state import Options
from tests.engine.mare_balticum.builders import edit, player, started, turn_of

from .helpers import FRONT, GAME, ctx, first, monospace, played, text


def test_the_front_is_registered_for_the_game():
    assert get_front("mare-balticum").game_id == GAME.id == FRONT.domain


def test_every_lobby_option_is_a_field_of_the_options_model():
    assert [o.key for o in FRONT.lobby_options] == list(Options.model_fields)
    for option in FRONT.lobby_options:
        default = Options.model_fields[option.key].default
        assert option.values[0][1] == default
        for _, value in option.values:
            GAME.start(3, "lobby", {option.key: value})


def test_the_board_is_a_map_picture_and_its_words_are_behind_a_button():
    state = next(played(4, "board"))
    panel = FRONT.board(GAME.view(state, None), ctx(state))
    picture = Image.open(io.BytesIO(panel.image))
    assert picture.format == "PNG" and picture.width > 800
    assert not monospace(panel), "no text map under the picture"
    assert ("The sea in words", "board_words") in [(c.label, c.op) for c in panel.choices]
    words = FRONT.board(GAME.view(state, None), ctx(state, words=True))
    assert words.image is None
    assert "The sea in words" in [name for name, _ in words.fields]
    lines = monospace(words)
    assert any("KOB*" in line and "ORE" not in line for line in lines)
    assert any(line.startswith("BBA=") for line in lines)
    assert all(len(line) <= 36 for line in lines)


def test_monospace_lines_fit_a_phone_in_a_whole_game():
    for i, state in enumerate(played(5, "phone")):
        if i % 7:
            continue
        panel = FRONT.board(GAME.view(state, None), ctx(state, words=True))
        assert all(len(line) <= 36 for line in monospace(panel)), i
        for _, lines in panel.fields:
            assert len("\n".join(lines)) <= 1024


EXPLAINED = {
    "sail": "Sailing: choose the boat here, then where it goes.",
    "overboard": "Throwing a fish overboard costs no action.",
}


def test_every_prompt_offers_each_legal_action_with_a_detail_in_a_whole_game():
    for options in ({}, {"demand_management": True, "contracts": True}):
        for state in played(3, "prompts", **options):
            for seat in GAME.to_act(state):
                legal = GAME.legal_actions(state, seat)
                panel = FRONT.prompt(GAME.view(state, seat), seat, legal, ctx(state, seat))
                assert [c.action for c in panel.choices] == [a.text for a in legal]
                assert all(len(c.detail) <= 100 for c in panel.choices)
                for choice in panel.choices:
                    if not choice.detail:  # said once above the choices, for all of a kind
                        assert EXPLAINED[choice.action.split()[0]] in "\n".join(panel.lines)
                assert all(len(c.label) <= 80 for c in panel.choices)
                groups: dict[str, int] = {}
                for c in panel.choices:
                    groups[c.group] = groups.get(c.group, 0) + 1
                menus = sum(-(-n // 25) for n in groups.values())
                assert len(legal) <= 20 or menus <= 5, "as select menus, every choice shows"
                # A group names its select menu (words, not a code) should there be one.
                assert all((g and g[0].isupper()) or g.startswith("×") for g in groups), groups
                assert FRONT.owed(GAME.view(state, seat), seat, ctx(state, seat))


def test_choices_name_spaces_the_way_the_picture_labels_them():
    state = first(played(3, "labels"), lambda s: s.phase == "turn" and s.turn > 3 and not s.sub)
    seat = state.seat
    legal = GAME.legal_actions(state, seat)
    panel = FRONT.prompt(GAME.view(state, seat), seat, legal, ctx(state, seat))
    board = GAME.board_for(state)
    for choice in panel.choices:
        action = choice.action.split()
        if action[0] in ("fish", "sail", "unload"):
            space = board.by_code[action[1].upper()]
            shown = space.name if space.kind == "port" else space.code
            assert shown in choice.label
    state = next(played(3, "labels"))
    legal = GAME.legal_actions(state, state.seat)
    panel = FRONT.prompt(GAME.view(state, state.seat), state.seat, legal, ctx(state))
    assert [c.label for c in panel.choices] == [
        "København",
        "Gdańsk",
        "Riga",
        "Sankt Peterburg",
        "Stockholm",
    ]


def test_private_events_are_worded_only_for_their_reader():
    state = first(played(3, "private"), lambda s: s.phase == "company")
    seat = GAME.to_act(state)[0]
    action = GAME.legal_actions(state, seat)[0]
    _, events = GAME.apply(state, seat, action)
    private = [e for e in events if e.visible_to is not None]
    assert private
    for event in private:
        assert FRONT.event(event, ctx(state, seat))
        for reader in [None, *(s for s in range(3) if s != seat)]:
            assert FRONT.event(event, ctx(state, reader)) is None


@pytest.mark.parametrize(
    "text_",
    ["launch zz", "fish bba salmon", "unload sto", "sail kob", "play x3 salmon", "nonsense now"],
)
def test_refusals_are_one_readable_sentence(text_):
    state = first(played(3, "refuse"), lambda s: s.phase == "turn")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, state.seat, text_)
    line = FRONT.refusal(err.value, ctx(state, state.seat))
    assert line and "{" not in line and line.endswith(".")


def test_the_final_panel_ranks_the_players_with_their_scores():
    *_, state = played(4, "final")
    result = GAME.result(state)
    panel = FRONT.final(result, GAME.view(state, None), ctx(state))
    assert panel.lines[0].startswith("1. ")
    assert str(result.seats[0].total) in panel.lines[0]
    names = [name for name, _ in panel.fields]
    assert len(names) == 4
    assert any("× " in row for _, rows in panel.fields for row in rows)


def test_each_multiplier_says_what_it_scores_on_the_players_warehouse_so_far():
    # RULES §10.2: a species scores its fish in the warehouse times its multiplier.
    state = first(played(3, "tokens"), lambda s: s.phase == "company")
    seat = GAME.to_act(state)[0]
    state = player(state, seat, warehouse={"herring": 3})
    panel = FRONT.prompt(
        GAME.view(state, seat), seat, GAME.legal_actions(state, seat), ctx(state, seat)
    )
    details = {c.action: c.detail for c in panel.choices}
    assert details["play x3 herring"] == "3 in your warehouse × 3 = 9 points so far"
    assert details["play x0 herring"] == "3 in your warehouse × 0 = 0 points so far"
    assert details["play x1 cod"] == "0 in your warehouse × 1 = 0 points so far"


def test_the_private_panel_shows_the_seats_own_tokens_and_choice():
    state = first(played(3, "mine"), lambda s: s.phase == "company")
    seat = GAME.to_act(state)[0]
    after, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    panel = FRONT.private(GAME.view(after, seat), seat, ctx(after, seat))
    body = text(panel)
    assert "Your face-down choice" in body
    assert "Company tokens to play" in body


def test_rules_and_share_read_as_sentences():
    state = next(played(3, "rules"))
    assert len(FRONT.rules(ctx(state)).lines) >= 8
    assert FRONT.challenge is None


def test_picture_text_folds_to_ascii_for_a_font_without_those_letters():
    assert fold("København · Gdańsk · Åland ×3 −1") == "Kobenhavn  Gdansk  Aland x3 -1"


def test_the_quick_rules_take_their_numbers_from_the_map_file(monkeypatch):
    from engine.mare_balticum.board import builtin_map

    state = next(played(3, "rules"))
    said = text(FRONT.rules(ctx(state)))
    assert "cargo (5 slots" in said and "(×3, ×2, ×1, ×0)" in said and "After clock 6" in said
    other = builtin_map().model_copy(update={"cargo_slots": 4, "clocks": 7})
    monkeypatch.setattr("bot.fronts.mare_balticum.front.builtin_map", lambda: other)
    said = text(FRONT.rules(ctx(state)))
    assert "cargo (4 slots" in said and "After clock 7" in said


def test_an_unload_of_fewer_fish_says_how_many_go_ashore_and_stay_aboard():
    # RULES §6.2: any number of the demanded fish; a choice per count, within one menu group.
    state = turn_of(started(3), 0)
    state = player(state, 0, boats=["KOB", "ORE"], reserve=0, cargo=["cod", "cod", "cod"])
    state = edit(state, demands={**state.demands, "KOB": ["cod", "salmon"]})
    legal = GAME.legal_actions(state, 0)
    panel = FRONT.prompt(GAME.view(state, 0), 0, legal, ctx(state, 0))
    shown = {c.action: c for c in panel.choices if c.action.startswith("unload")}
    assert list(shown) == ["unload kob", "unload kob cod:1", "unload kob cod:2"]
    two = shown["unload kob cod:2"]
    assert two.label == "Unload only cod ×2 at København"
    assert two.detail == "cod ×2 to your warehouse; still aboard: cod ×1"
    assert len({c.group for c in shown.values()}) == 1


def test_each_fish_thrown_overboard_says_what_it_is_worth_and_the_free_slot_is_said_once():
    # RULES §5.4: throwing fish overboard is free; what differs is the fish.
    state = turn_of(started(3), 0)
    state = player(
        state, 0, boats=["KOB", "ORE"], reserve=0, cargo=["cod", "cod", "salmon"], market={"cod": 3}
    )
    state = edit(state, demands={**state.demands, "KOB": ["cod"]})
    legal = GAME.legal_actions(state, 0)
    panel = FRONT.prompt(GAME.view(state, 0), 0, legal, ctx(state, 0))
    shown = {c.action: c.detail for c in panel.choices if c.action.startswith("overboard")}
    assert set(shown) == {"overboard cod", "overboard salmon"}
    assert shown["overboard cod"] == "2 aboard · unloads now at København · ×3 on your market"
    assert shown["overboard salmon"].startswith("1 aboard · wanted at ")
    said = "\n".join(panel.lines)
    assert said.count("frees a slot in your cargo and costs no action") == 1
