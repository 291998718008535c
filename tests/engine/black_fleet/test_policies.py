"""The heuristic AI seat: it plays legal moves from its view and beats random play."""

import os
import random
import subprocess
import sys

from engine.black_fleet.state import BlackFleetState
from tests.engine.black_fleet.builders import GAME, HOUSE, act, card, fortune, table


def test_the_heuristic_beats_two_random_players():
    wins = 0
    for n in range(10):
        state, _ = GAME.start(3, f"beat:{n}")
        rng = random.Random(n)
        policies = ["heuristic", "random", "random"]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            action = GAME.policies[policies[seat]](GAME.view(state, seat), seat, legal, rng)
            state, _ = GAME.apply(state, seat, action)
        wins += 0 in GAME.result(state).winners
    assert wins >= 9


def test_all_ai_tables_end_with_a_victory_card_under_every_option_set():
    # RULES §13: a table of AI seats (what absent players become) reaches a victory card, with
    # either price, well before the house limit of §13.3. Bound: 20 rounds (the longest of
    # 500 games per option set is 12 with the 10 card, 15 with the 20 card).
    for victory in (10, 20):
        for seats in (3, 4):
            state, _ = GAME.start(seats, f"ends:{victory}:{seats}", {"victory": victory})
            while not GAME.is_over(state):
                seat = GAME.to_act(state)[0]
                state, _ = GAME.apply(state, seat, GAME.default_action(state, seat))
            assert state.ended == "victory" and state.round <= 20, (victory, seats, state.round)


def test_decisions_stay_small():
    # RULES §5.5: a decision offers at most 125 choices (a select holds 25).
    biggest = 0
    for n in range(3):
        state, _ = GAME.start(4, f"small:{n}")
        rng = random.Random(n)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            biggest = max(biggest, len(legal))
            assert len(legal) <= 125
            state, _ = GAME.apply(state, seat, rng.choice(legal))
    assert biggest > 1


def test_ai_decisions_do_not_depend_on_the_hash_seed():
    # AI seats decide from the view alone: two processes with different string hashing play
    # the same game move for move.
    script = (
        "from engine.games import get_game\n"
        "g = get_game('black-fleet'); s, _ = g.start(4, 'hash seed')\n"
        "log = []\n"
        "while not g.is_over(s):\n"
        "    seat = g.to_act(s)[0]; a = g.default_action(s, seat); log.append(a.text)\n"
        "    s, _ = g.apply(s, seat, a)\n"
        "print('|'.join(log))\n"
    )
    games = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        games.append(run.stdout)
    assert games[0] == games[1] and games[0].count("|") > 100


def test_openings_vary_with_the_cards_dealt():
    # Not one fixed dock order: the start player's opening follows its hand, and over a few
    # deals every port gets chosen, Port Scarlet too.
    ports = set()
    for n in range(40):
        state, _ = GAME.start(3, f"opening:{n}")
        dock = GAME.default_action(state, state.turn.seat).args[0].upper()
        ports.add(HOUSE.map.port_of_dock[dock].name)
    assert "Port Scarlet" in ports and len(ports) >= 4


def test_a_ship_goes_straight_to_its_destination_in_one_move():
    # RULES §5.5: the AI seat moves as a player does, one choice per ship.
    state = table(merchants={0: "B6"}, played=card("yellow", merchant=3))
    assert GAME.default_action(state, 0).verb in ("move", "end", "fortune", "trade")


def test_broadside_is_played_for_a_second_sinking():
    # RULES §9.2: Broadside, a navy ship that has attacked may attack again.
    state = table(
        played=card("yellow", navy_moves=1),
        navy={"yellow": "F6"},
        pirates={1: "F5", 2: "E6"},
        hand=[fortune("broadside")],
    )
    state, _ = act(state, "attack yellow f5")
    assert GAME.default_action(state, 0).text == "fortune broadside"


def test_black_market_sells_a_last_cube_a_port_refuses():
    # RULES §9.2: Black Market; a merchant raided down to one cube, on a dock whose port
    # refuses it, with no buyer in reach this turn.
    state = table(
        merchants={0: "F2"},
        cargo={0: ["yellow"]},
        played=card("yellow", merchant=1),
        hand=[fortune("black_market")],
    )
    assert GAME.default_action(state, 0).text == "fortune black_market"


def test_mutiny_moves_the_pirate_nearest_our_merchant_whatever_its_seat():
    # RULES §9.2: Mutiny moves one opponent's pirate. The one moved is the nearer threat to
    # our merchant, seat 1 or seat 2 alike (the first seat listed was everyone's victim).
    colours = [c.colour for c in table().captains]
    for near, far in ((2, 1), (1, 2)):
        state = table(
            merchants={0: "C7"}, pirates={near: "B8", far: "C4"}, hand=[fortune("mutiny")]
        )
        assert GAME.default_action(state, 0).text == f"fortune mutiny {colours[near]}"


def _rotated(state: BlackFleetState, k: int) -> BlackFleetState:
    """The same table with every captain `k` seats further on (the start player too)."""
    out = state.clone()
    seats = state.seats
    captains = list(out.captains)
    out.captains = [captains[(s - k) % seats] for s in range(seats)]
    out.start = (state.start + k) % seats
    out.turn.seat = (state.turn.seat + k) % seats
    return out


def _colour_log(state: BlackFleetState) -> list[str]:
    log = []
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = GAME.default_action(state, seat)
        log.append(f"{state.captains[seat].colour} {action.text}")
        state, _ = GAME.apply(state, seat, action)
    return log


def test_ai_seats_play_the_same_game_whichever_seat_numbers_they_have():
    # RULES §3.2: seats matter only by where they sit from the start player. Seat numbers
    # moved round the table give the same game, colour for colour (these deals once differed
    # by a Mutiny aimed at the first seat listed and by sums rounded in seat order).
    for seats, seed, k in (
        (3, "bench-ai:all-normal:0", 2),
        (3, "bench-ai:all-normal:139", 1),
        (4, "bench-ai:all-normal:0", 1),
    ):
        state, _ = GAME.start(seats, seed)
        assert _colour_log(_rotated(state, k)) == _colour_log(state), (seats, seed, k)
