"""RULES §8.2, §13.4: what stays hidden, from whom, and until when."""

from .builders import GAME, act, edit, empty_sea, player, started, turn_of


def at_clock(seed="secret"):
    state = turn_of(empty_sea(started(3, seed)), 0, actions=1)
    state = player(state, 0, boats=["KOB", "ORE", "MEC", "ARK", "HAN"], reserve=0)
    state = player(state, 1, cargo=["cod", "herring"])
    state, _ = act(edit(state, bag=["clock"]), 0, "sail mec", "to bor")
    assert state.phase == "company"
    return state


def test_no_players_secret_choice_is_visible_before_the_reveal():
    # RULES §8.2: whatever seat 1 chose, nobody else's view and no public event differs.
    state = at_clock()
    outcomes = []
    for action in GAME.legal_actions(state, 1):
        after, events = GAME.apply(state, 1, action)
        public = [e for e in events if e.visible_to is None]
        others = [e for e in events if e.visible_to is not None and 1 not in e.visible_to]
        assert not others
        outcomes.append(([GAME.view(after, r) for r in (None, 0, 2)], public))
    assert len(outcomes) == 17  # 16 multiplier placements and the safe
    assert all(o == outcomes[0] for o in outcomes)


def test_the_chooser_sees_their_own_face_down_choice():
    # RULES §8.2
    state, events = act(at_clock(), 1, "play safe")
    assert GAME.view(state, 1).players[1].choice == "safe"
    mine = [e for e in events if e.visible_to == frozenset({1})]
    assert [(e.kind, e.data) for e in mine] == [
        ("company_choice", {"token": "safe", "species": ""})
    ]


def test_redeal_draws_other_players_unrevealed_choices_again():
    # The contract test's premise: a seat cannot tell these states apart.
    state, _ = act(at_clock(), 1, "play x3 salmon")
    choices = {GAME.redeal(state, 0, f"r{i}").players[1].choice for i in range(30)}
    assert len(choices) > 3
    assert {GAME.redeal(state, 1, f"r{i}").players[1].choice for i in range(30)} == {"x3:salmon"}
    for i in range(10):
        other = GAME.redeal(state, 0, f"r{i}")
        assert GAME.view(other, 0) == GAME.view(state, 0)


def test_a_warehouse_shows_the_others_how_many_tokens_it_holds_not_which():
    # RULES §6.2, the rulebook: unloaded fish go into the warehouse "faccia in giù".
    state = player(started(3), 0, warehouse={"cod": 2, "amber": 1})
    for reader in (None, 1, 2):
        seen = GAME.view(state, reader).players[0]
        assert seen.warehouse is None and seen.stored == 3
    mine = GAME.view(state, 0).players[0]
    assert mine.warehouse == (("cod", 2), ("amber", 1)) and mine.stored == 3
    assert GAME.view(edit(state, phase="over"), 1).players[0].warehouse == mine.warehouse


def test_redeal_mixes_the_face_down_warehouses_of_the_others():
    # The contract test's premise for §6.2.1: how many each holds stays, which ones do not.
    state = player(started(3), 0, warehouse={"cod": 3})
    state = player(state, 1, warehouse={"salmon": 1, "amber": 1})
    seen = set()
    for i in range(20):
        other = GAME.redeal(state, 2, f"w{i}")
        assert [sum(p.warehouse.values()) for p in other.players] == [3, 2, 0]
        assert GAME.view(other, 2) == GAME.view(state, 2)
        seen.add(tuple(sorted(other.players[0].warehouse.items())))
    assert len(seen) > 1
    assert all(GAME.redeal(state, 0, f"w{i}").players[0].warehouse == {"cod": 3} for i in range(5))


def test_a_token_the_safe_takes_from_a_warehouse_leaves_face_down():
    # RULES §8.4 with §6.2.1: the table sees that one went, only its owner which.
    state = edit(player(started(3), 0, warehouse={"cod": 2}, discards=1), phase="safe")
    state, events = act(state, 0, "discard warehouse cod")
    public = [e for e in events if e.visible_to is None and e.kind == "discard"]
    assert public[0].data == {"place": "warehouse", "left": 0}
    private = [e for e in events if e.visible_to == frozenset({0})]
    assert [(e.kind, e.data) for e in private] == [
        ("discarded", {"place": "warehouse", "kind": "cod"})
    ]


def test_the_bag_order_is_not_in_any_view():
    # RULES §13.4: the seed decides what comes out of the bag next; no view holds it.
    state = started(3, "bag order")
    for reader in (None, 0, 1, 2):
        assert GAME.view(state, reader) == GAME.view(edit(state, seed="other"), reader)
    assert "bag order" not in repr(GAME.view(state, 0))


def test_face_down_multipliers_are_turned_up_at_the_end():
    # RULES §10.2
    state = player(started(3), 0, market={"salmon": 3, "cod": 0})
    assert GAME.view(state, 1).players[0].market == (("salmon", None), ("cod", None))
    state = edit(state, phase="over")
    assert GAME.view(state, 1).players[0].market == (("salmon", 3), ("cod", 0))


def test_the_heuristic_decides_the_same_in_states_its_seat_cannot_tell_apart():
    # AI seats decide from their view only.
    state, _ = act(at_clock(), 1, "play x3 salmon")
    for seat in (0, 2):
        picks = {GAME.default_action(GAME.redeal(state, seat, f"r{i}"), seat) for i in range(8)}
        assert len(picks) == 1
