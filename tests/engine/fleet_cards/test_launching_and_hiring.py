"""RULES §6 (launching boats) and §7 (hiring captains)."""

import pytest

from engine.core.errors import IllegalAction

from .builders import GAME, act, act_events, at, boats, hand, kinds, legal, licenses, new, top


def launch_phase(seat_hand, *lics, boat_specs=()):
    """Seat 0 as given; seat 1 has a launch of its own to decide."""
    return launch_phase_events(seat_hand, *lics, boat_specs=boat_specs)[0]


def launch_phase_events(seat_hand, *lics, boat_specs=()):
    state = new(2)
    hand(state, 0, *seat_hand)
    licenses(state, 0, *lics)
    boats(state, 0, *boat_specs)
    hand(state, 1, "tuna", "tuna")
    licenses(state, 1, "tuna")
    state, events = at(state, "launch")
    assert state.players[1].task == "launch"
    return state, events


def test_only_boats_matching_an_owned_license_may_be_launched():
    # RULES §6.1
    state = launch_phase(["tuna", "cod", "shrimp"], "tuna")
    assert legal(state, 0) == ["launch tuna", "stop"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "launch cod")
    assert err.value.code == "no_license"


def test_any_king_crab_license_launches_king_crab_boats():
    # RULES §6.1
    state = launch_phase(["king_crab", "tuna", "tuna"], "kc_crates")
    assert legal(state, 0) == ["launch king_crab", "stop"]


def test_a_player_without_a_boat_license_is_not_asked_to_launch():
    # RULES §3.3, §6.1: public knowledge decides who is asked.
    state = launch_phase(["tuna", "cod"], "pub")
    assert state.players[0].task != "launch" and state.players[0].launches == 0


def test_a_player_with_a_license_is_asked_even_when_no_launch_is_possible():
    # RULES §3.3: skipping would tell the table the hand holds no such boat.
    state = launch_phase(["cod", "cod"], "tuna")
    assert legal(state, 0) == ["stop"]


def test_the_launch_cost_is_paid_with_the_other_cards():
    # RULES §6.2: a Lobster boat ($2, cash $2) cannot pay for itself.
    state = launch_phase(["lobster"], "lobster")
    assert legal(state, 0) == ["stop"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "launch lobster")
    assert err.value.code == "cannot_afford"
    state = launch_phase(["lobster", "cod", "cod"], "lobster")
    state = act(state, 0, "launch lobster")
    assert state.players[0].task == "pay"
    assert legal(state, 0) == ["pay cod"]
    state = act(state, 0, "pay cod", "pay cod")
    assert [kinds([b.card]) for b in state.players[0].boats] == [["lobster"]]
    assert state.players[0].hand == []


def test_one_launch_a_round_without_a_cod_license():
    # RULES §6.3
    state = launch_phase(["tuna", "tuna", "tuna", "tuna"], "tuna")
    state = act(state, 0, "launch tuna", "pay tuna")
    assert state.players[0].task != "launch"
    assert len(state.players[0].boats) == 1


def test_seed_example_a_shrimp_boat_launched_free_with_a_shrimp_license():
    # RULES §5.1, §6.2 (rulebook example, Shrimp license)
    state = launch_phase(["shrimp", "cod"], "shrimp")
    state, events = act_events(state, 0, "launch shrimp")
    assert [kinds([b.card]) for b in state.players[0].boats] == [["shrimp"]]
    assert kinds(state.players[0].hand) == ["cod"]
    assert any(e.kind == "paid" and e.data["paid"] == 0 for e in events)


def test_seed_example_cod_and_shrimp_licenses_launch_two_boats_and_draw_one_card():
    # RULES §6.3, §6.4 (rulebook example, Cod license: Player #3)
    state = launch_phase(["shrimp", "cod", "cod", "tuna"], "cod", "shrimp")
    state = act(state, 0, "launch shrimp")
    assert state.players[0].task == "launch", "a Cod license allows a second launch"
    top(state, "lobster")
    state = act(state, 0, "launch cod")
    assert state.players[0].payment.due == 1, "$2 minus the $1 Shrimp discount"
    state, events = act_events(state, 0, "pay cod")
    p = state.players[0]
    assert sorted(kinds([b.card for b in p.boats])) == ["cod", "shrimp"]
    draws = [e for e in events if e.kind == "draw"]
    assert [(e.data["count"], e.data["source"]) for e in draws] == [(1, "cod")]
    assert kinds(p.hand) == ["lobster", "tuna"]
    assert p.task == "hire", "the Cod draw comes before hiring"


def test_seed_example_two_cod_licenses_draw_two_cards_after_a_single_launch():
    # RULES §6.4 (rulebook example: two Cod licenses, one Shrimp boat launched free)
    state = launch_phase(["shrimp", "tuna"], "cod", "cod", "shrimp")
    state, events = act_events(state, 0, "launch shrimp", "stop")
    draws = [e for e in events if e.kind == "draw"]
    assert [(e.data["count"], e.data["source"]) for e in draws] == [(2, "cod")]
    assert len(state.players[0].hand) == 3


def test_no_cod_draw_without_a_launch():
    # RULES §6.4
    state = launch_phase(["tuna", "cod"], "cod")
    state, events = act_events(state, 0, "stop")
    assert not [e for e in events if e.kind == "draw" and e.data["source"] == "cod"]


def test_any_card_may_be_hired_face_down_onto_a_boat_without_a_captain():
    # RULES §7.1
    state = launch_phase(["tuna", "king_crab"], "pub", boat_specs=[("cod", 0, False)])
    assert legal(state, 0) == ["hire tuna", "hire king_crab", "stop"]
    card = next(c for c in state.players[0].hand if c.startswith("king_crab"))
    state, events = act_events(state, 0, "hire king_crab")
    assert state.players[0].boats[0].captain == card
    public = next(e for e in events if e.kind == "hire")
    assert public.visible_to is None and card not in str(public.data)
    private = next(e for e in events if e.kind == "captain")
    assert private.visible_to == frozenset({0}) and private.data["card"] == card


def test_nobody_is_asked_to_hire_without_a_boat_lacking_a_captain():
    # RULES §7.1
    state = launch_phase(["tuna"], "pub", boat_specs=[("cod", 2, True)])
    assert state.players[0].task != "hire" and state.players[0].hires == 0


def test_one_captain_a_round_without_a_lobster_license_two_with_one():
    # RULES §7.2
    specs = [("cod", 0, False), ("tuna", 0, False), ("shrimp", 0, False)]
    state = launch_phase(["cod", "cod", "cod"], "pub", boat_specs=specs)
    state = act(state, 0, "hire cod")
    assert state.players[0].task != "hire"
    state = launch_phase(["cod", "cod", "cod"], "lobster", boat_specs=specs)
    state = act(state, 0, "stop")
    state = act(state, 0, "hire cod")
    assert state.players[0].task == "hire"
    state = act(state, 0, "hire cod")
    assert state.players[0].task != "hire"
    assert sum(1 for b in state.players[0].boats if b.captain) == 2


def test_the_captain_goes_on_the_earliest_launched_boat_without_one():
    # RULES §7.4
    specs = [("cod", 3, True), ("tuna", 0, False), ("shrimp", 0, False)]
    state = launch_phase(["lobster"], "pub", boat_specs=specs)
    state = act(state, 0, "hire lobster")
    assert [b.captain is not None for b in state.players[0].boats] == [True, True, False]


@pytest.mark.parametrize(
    ("lobsters", "captained", "cards"),
    [(1, 0, 0), (1, 1, 1), (1, 3, 1), (1, 4, 2), (2, 2, 1), (2, 3, 2), (3, 6, 2), (4, 7, 3)],
)
def test_the_lobster_bonus_draws_by_captained_boats_once_done_hiring(lobsters, captained, cards):
    # RULES §7.3, §3.2: right after the seat's own hiring, while seat 1 still launches.
    specs = [("lobster", 1, True)] * captained
    _, events = launch_phase_events([], *["lobster"] * lobsters, boat_specs=specs)
    lobster = [e for e in events if e.kind == "draw" and e.data["source"] == "lobster"]
    assert [(e.seat, e.data["count"]) for e in lobster] == ([(0, cards)] if cards else [])


def test_seed_example_one_lobster_license_and_three_captained_boats_draw_one_card():
    # RULES §7.3 (rulebook example, Lobster license: Player #2)
    specs = [("lobster", 2, True), ("lobster", 1, True), ("cod", 1, True)]
    _, events = launch_phase_events([], "lobster", boat_specs=specs)
    draws = [e for e in events if e.kind == "draw" and e.seat == 0 and e.data["source"] != "round"]
    assert [(e.data["count"], e.data["source"]) for e in draws] == [(1, "lobster")]


def test_lobster_cards_come_right_after_ones_own_hiring_too_late_to_hire():
    # RULES §7.3, §3.2: drawn as soon as the seat is done hiring, not waiting for seat 1.
    specs = [("cod", 0, False), ("cod", 0, False)]
    state = launch_phase(["tuna"], "lobster", boat_specs=specs)
    state, events = act_events(state, 0, "stop", "hire tuna")
    lobster = [e for e in events if e.kind == "draw" and e.data["source"] == "lobster"]
    assert [(e.seat, e.data["count"]) for e in lobster] == [(0, 1)]
    assert state.players[0].task != "hire", "a Lobster card comes too late to be hired"
    assert state.players[1].task == "launch"
