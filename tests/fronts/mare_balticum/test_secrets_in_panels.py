"""RULES §8.2, §13.4: no public message shows a face-down choice before the reveal, nor a
face-down multiplier or a held contract before the end."""

from .helpers import FRONT, GAME, ctx, first, played, text


def public_render(state, chooser):
    """Everything anyone but `chooser` is shown: the board (words and picture), the public
    step, every other seat's own panel and prompt."""
    out = []
    panel = FRONT.board(GAME.view(state, None), ctx(state))
    out += [text(panel), panel.image]
    out.append(text(FRONT.public_step(GAME.view(state, None), ctx(state))))
    for seat in range(len(state.players)):
        if seat == chooser:
            continue
        view = GAME.view(state, seat)
        out.append(text(FRONT.private(view, seat, ctx(state, seat))))
        legal = GAME.legal_actions(state, seat)
        out.append(text(FRONT.prompt(view, seat, legal, ctx(state, seat))))
    return out


def test_no_public_message_or_other_seat_shows_a_choice_before_the_reveal():
    state = first(played(3, "secret panels"), lambda s: s.phase == "company")
    chooser = GAME.to_act(state)[0]
    seen = []
    for action in GAME.legal_actions(state, chooser):
        after, events = GAME.apply(state, chooser, action)
        assert GAME.to_act(after), "the others are still choosing"
        lines = [
            FRONT.event(e, ctx(after, reader))
            for e in events
            for reader in [None, *(s for s in range(3) if s != chooser)]
        ]
        seen.append((public_render(after, chooser), lines))
    assert len(seen) > 10
    assert all(s == seen[0] for s in seen)


def render(state, reader):
    panels = [FRONT.board(GAME.view(state, None), ctx(state, reader))]
    if reader is not None:
        view = GAME.view(state, reader)
        panels.append(FRONT.private(view, reader, ctx(state, reader)))
        panels.append(FRONT.prompt(view, reader, GAME.legal_actions(state, reader), ctx(state)))
    return [(text(p), p.image) for p in panels]


def test_face_down_multipliers_contracts_and_warehouses_stay_hidden_from_others():
    # RULES §6.2, §13.4: another state that differs only in what a reader may not know (the
    # multipliers' values, the contracts, which tokens lie in the warehouses) renders the
    # same for them, picture included.
    states = played(3, "multipliers", contracts=True)
    state = first(states, lambda s: s.clocks >= 2 and s.phase == "turn" and not s.sub)
    assert state.players[0].market
    assert sum(len(p.warehouse) for p in state.players[:2]) > 1
    changed = mixed = 0
    for reader in (None, 1, 2):
        for n in range(4):
            other = GAME.redeal(state, reader, f"other{n}")
            changed += other.players[0].market != state.players[0].market
            mixed += [p.warehouse for p in other.players] != [p.warehouse for p in state.players]
            assert render(other, reader) == render(state, reader)
    assert changed and mixed
