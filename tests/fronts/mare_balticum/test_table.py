"""The table message (RULES §13): each public step carries the map picture (its words are one
click away), and tells the moves since the last turn a person played, AI turns included."""

import io

from PIL import Image

from bot.fronts.base import png_of
from bot.fronts.mare_balticum.table import MAP_CHANGES
from bot.reading import RECENT_EVENTS

from .helpers import FRONT, GAME, NAMES, ctx, first, text, with_events

AI = (2, 3)
"""Carla and Dmitri are AI seats: their turns are played in the moment of a person's click."""


def step(state, recent, ai=AI):
    return FRONT.public_step(GAME.view(state, None), ctx(state, recent=recent, ai=ai))


def test_the_step_message_carries_the_table_with_its_map_picture():
    assert FRONT.board_message is False
    state, recent = first(with_events(4, "table"), lambda sr: sr[0].phase == "turn")
    panel = step(state, recent)
    picture = Image.open(io.BytesIO(png_of(panel.image) or b""))
    assert picture.format == "PNG" and picture.width > 800
    assert not panel.fields, "the picture first: no second copy of the table in words"
    assert [(c.label, c.op) for c in panel.choices] == [
        ("Act", "act"),
        ("Mine", "mine"),
        ("Log", "log"),
        ("The sea in words", "board_words"),
    ]
    words = FRONT.board(GAME.view(state, None), ctx(state, words=True))
    players = dict(words.fields)["Players"]
    assert len(players) == 4 and all(f"**{n}**" in players[i] for i, n in enumerate(NAMES[:4]))
    assert panel.status == f"⏳ {NAMES[state.seat]}: 3 actions left."


def test_the_sea_in_words_names_every_token_and_what_each_port_wants():
    state, recent = next(with_events(4, "sea"))
    view = GAME.view(state, None)
    words = FRONT.board(view, ctx(state, recent=recent, words=True))
    tokens, ports = dict(words.fields)["The sea in words"]
    for space, kinds in view.tokens:
        if len(kinds) == 2 and kinds[0] == kinds[1]:
            assert f"{space} {kinds[0]} ×2" in tokens
        elif kinds:
            assert f"{space} {', '.join(kinds)}" in tokens
    assert any(len(k) == 2 and k[0] == k[1] for _, k in view.tokens), "a dark space with a pair"
    assert "København" in ports and "Sankt Peterburg" in ports


def test_a_persons_turn_tells_the_ai_turns_before_it():
    # Alice and Bob play; Carla and Dmitri are AI seats, and Alice plays after Dmitri.
    states = with_events(4, "last moves")
    state, recent = first(
        states, lambda sr: sr[0].phase == "turn" and sr[0].round > 2 and sr[0].seat == 0
    )
    body = text(step(state, recent))
    assert "Last moves" in body
    assert all(f"**{name}**:" in body for name in ("Bob", "Carla", "Dmitri"))


def test_with_only_people_the_last_moves_start_at_the_previous_turn():
    states = with_events(3, "people")
    state, recent = first(states, lambda sr: sr[0].phase == "turn" and sr[0].turn == 6)
    lines = step(state, recent, ai=()).lines
    told = [line for line in lines if "**:" in line]
    previous = NAMES[(state.seat - 1) % 3]
    assert len(told) == 1 and f"**{previous}**:" in told[0], "only the turn before"


def test_a_clock_keeps_the_turns_message_and_its_choice_is_told_only_when_revealed():
    # RULES §8.2: everyone chooses at once, the choices are revealed together.
    states = with_events(4, "clock")
    state, recent = first(states, lambda sr: sr[0].phase == "company")
    panel = step(state, recent, ai=())
    assert panel.key == f"turn:{state.turn}", "the same message as the turn that drew it"
    assert panel.title.startswith("⏰ Clock 1 of 6")
    assert panel.status.startswith("⏳ Choosing: ")
    clocks = [line for line in panel.lines if "Clock 1" in line or "company token" in line]
    assert not clocks, "one line for a clock: the title"
    assert "revealed" not in text(panel).replace("revealed together", "")
    while state.phase == "company":
        seat = GAME.to_act(state)[0]
        state, more = GAME.apply(state, seat, GAME.default_action(state, seat))
        recent = [*recent, *(e for e in more if e.visible(None))]
    later = step(state, recent, ai=())
    assert "Company tokens revealed — Alice: a token on" in text(later)


def test_the_last_moves_fit_the_events_the_table_keeps_in_a_whole_game():
    # Five seats and four AI: the most turns between two of a person's.
    for n, (state, recent) in enumerate(with_events(5, "long", demand_management=True)):
        if state.phase == "over" or n % 5:
            continue
        panel = step(state, recent, ai=(1, 2, 3, 4))
        assert len("\n".join(panel.lines)) <= 4096
        for _, lines in panel.fields:
            assert len("\n".join(lines)) <= 1024
        if state.phase == "turn" and state.seat == 0 and state.round > 1:
            assert "**Last moves**" in panel.lines and "…" not in panel.lines, n
            assert panel.lines[1].startswith("🟥 **Alice**:"), "from Alice's turn before"


def test_the_final_scores_end_with_the_last_moves():
    *_, (state, recent) = with_events(4, "final")
    result = GAME.result(state)
    panel = FRONT.final(result, GAME.view(state, None), ctx(state, recent=recent, ai=AI))
    assert "**Last moves**" in panel.lines
    assert [c.op for c in panel.choices] == ["again"]


def test_the_map_is_drawn_again_only_when_a_boat_moves_or_the_turn_ends():
    """Within one step message, fishing, unloading, demands and contracts keep the map it
    shows (the picture's key stays, so nothing is drawn); a boat put down or moved, and the
    end of the turn's actions, name a new map."""
    kept = moved = 0
    state, events = GAME.start(4, "map-keys", {})
    recent = [e for e in events if e.visible(None)]
    before = step(state, recent)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, more = GAME.apply(state, seat, GAME.default_action(state, seat))
        recent = [*recent, *(e for e in more if e.visible(None))][-RECENT_EVENTS:]
        panel = step(state, recent)
        if panel is None:
            break
        if before is not None and panel.key == before.key:
            changes = [e.kind for e in more if e.kind in MAP_CHANGES]
            if changes:
                assert panel.image.key != before.image.key, f"the map must show {changes}"
                moved += 1
            else:
                assert panel.image.key == before.image.key, [e.kind for e in more]
                kept += 1
        before = panel
    assert kept > 20 and moved > 20
