"""What the games share in the core: the working copy, the verb grammar, the decision table and
the checks every `apply` makes first, data files, and automatic players bound by the registry."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from pydantic import BaseModel

from engine.core.actions import Action, ActionSyntaxError
from engine.core.data import builtin_data, parse_data, read_data_file
from engine.core.decisions import Decision, Decisions, owed_decision
from engine.core.errors import EngineError, IllegalAction
from engine.core.seats import PlayedBy
from engine.core.verbs import Verb, check_shape, parse_action
from engine.core.work import Work
from engine.fleet_cards.rules import FleetCards
from engine.games import get_game

VERBS: dict[str, Verb[str]] = {
    "bid": Verb(("raise",), (str.isdigit,)),
    "pass": Verb(("raise",)),
    "pay": Verb(("pay",), (str.isalpha,), more=2),
    "unload": Verb(("turn",), (str.isalpha, str.isalpha), optional=1),
}


@dataclass
class Hand:
    cards: list[str] = field(default_factory=list)

    def clone(self) -> Hand:
        return Hand(self.cards.copy())


@dataclass
class Table:
    players: list[Hand]


def test_the_working_copy_copies_a_shared_player_once_and_leaves_the_old_state_alone():
    old = Table([Hand(["cod"]), Hand(["tuna"])])
    w: Work[Table, Hand] = Work(Table(list(old.players)), shared=True)
    first = w.player(0)
    first.cards.append("shrimp")
    assert w.player(0) is first
    assert old.players[0].cards == ["cod"]
    assert w.state.players[1] is old.players[1]


def test_the_working_copy_tells_a_private_event_to_its_seat_only():
    w: Work[Table, Hand] = Work(Table([Hand(), Hand()]))
    w.emit("draw", 0, count=1)
    w.tell(0, "drew", cards=["cod3"])
    assert [e.visible(1) for e in w.events] == [True, False]
    assert [e.visible(0) for e in w.events] == [True, True]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("fly", "unknown verb 'fly' (known: bid, pass, pay, unload)"),
        ("pass now", "'pass' takes 0 argument(s)"),
        ("pay", "'pay' takes 1 to 3 argument(s)"),
        ("pay a b c d", "'pay' takes 1 to 3 argument(s)"),
        ("pay a b 3", "'3' is not something 'pay' can take"),
        ("unload", "'unload' takes 2 argument(s)"),
        ("unload kob 3", "'3' is not something 'unload' can take"),
    ],
)
def test_a_verb_takes_its_arguments_in_number_and_shape(text, why):
    with pytest.raises(ActionSyntaxError) as err:
        parse_action(VERBS, text)
    assert err.value.reason == f"'{text}' is not an action: {why}"


def test_a_verb_may_leave_out_its_optional_arguments_and_repeat_its_last():
    assert parse_action(VERBS, "unload kob").args == ("kob",)
    assert parse_action(VERBS, "pay a b c").args == ("a", "b", "c")
    check_shape(VERBS, Action("bid", ("7",)))


def _owed(action: Action | str, seat: int, *, is_over: bool = False, owes: str | None = "raise"):
    return owed_decision(
        action,
        seat,
        parse=lambda text: parse_action(VERBS, text),
        check=lambda a: check_shape(VERBS, a),
        is_over=is_over,
        seats=2,
        owes=lambda s: owes,
    )


@pytest.mark.parametrize(
    ("action", "seat", "is_over", "owes", "code"),
    [
        ("bid x", 5, True, None, "syntax"),
        (Action("bid", ("x",)), 0, False, "raise", "syntax"),
        ("bid 7", 5, True, None, "over"),
        ("bid 7", 2, False, None, "no_seat"),
        ("bid 7", -1, False, None, "no_seat"),
        ("bid 7", 1, False, None, "not_your_turn"),
    ],
)
def test_apply_checks_the_shape_then_the_end_then_the_seat_then_the_turn(
    action, seat, is_over, owes, code
):
    with pytest.raises(IllegalAction) as err:
        _owed(action, seat, is_over=is_over, owes=owes)
    assert err.value.code == code


def test_the_standard_refusals_keep_their_words():
    reasons = {}
    for args in (("bid 7", 0, True, None), ("bid 7", 2, False, None), ("bid 7", 0, False, None)):
        with pytest.raises(IllegalAction) as err:
            _owed(args[0], args[1], is_over=args[2], owes=args[3])
        reasons[err.value.code] = err.value.reason
    assert reasons == {
        "over": "The game is over; nothing can be played any more.",
        "no_seat": "There is no seat 3 at this table.",
        "not_your_turn": "You have nothing to decide right now; wait for your turn.",
    }


def test_a_seat_owing_a_decision_gets_the_action_as_a_value_and_the_decision():
    assert _owed("BID 7", 1) == (Action("bid", ("7",)), "raise")


def _table() -> Decisions[list[str], str]:
    def refuse(w: list[str], seat: int, action: Action) -> IllegalAction:
        return IllegalAction("Bid at least $3.", "bid_too_low", least=3)

    bids = Decision(
        legal=lambda w, seat: [Action("bid", ("3",)), Action("pass")],
        decide=lambda w, seat, action: w.append(action.text),
        refuse=refuse,
        typed=lambda w, seat, action: action.verb == "bid" and int(action.args[0]) > 3,
    )
    return Decisions({"raise": bids}, VERBS, {"raise": "raise the bid or pass"})


def test_an_action_of_another_decision_is_refused_as_not_now_saying_what_is_asked():
    with pytest.raises(IllegalAction) as err:
        _table().check("raise", [], 0, Action("pay", ("cod",)))
    assert (err.value.code, err.value.reason) == (
        "not_now",
        "'pay cod' is not possible now: raise the bid or pass.",
    )
    assert err.value.fields == {"action": "pay cod", "owed": "raise"}


def test_an_action_of_the_decision_is_refused_by_the_decision_with_its_own_reason():
    with pytest.raises(IllegalAction) as err:
        _table().check("raise", [], 0, Action("bid", ("2",)))
    assert err.value.code == "bid_too_low"


def test_a_decision_allows_listed_actions_and_typed_ones_and_decides_them():
    table, w = _table(), []
    for action in (Action("pass"), Action("bid", ("3",)), Action("bid", ("40",))):
        table.check("raise", w, 0, action).decide(w, 0, action)
    assert w == ["pass", "bid 3", "bid 40"]


def test_a_decision_with_permits_answers_without_listing():
    listed: list[int] = []

    def legal(w: object, seat: int) -> list[Action]:
        listed.append(seat)
        return []

    fast = Decision(
        legal,
        lambda w, s, a: None,
        lambda w, s, a: IllegalAction("no"),
        permits=lambda w, s, a: True,
    )
    assert fast.allows(None, 0, Action("pass"))
    assert listed == []


class Book(BaseModel):
    book: str
    cards: int


def test_a_broken_data_file_is_refused_naming_the_bad_field(tmp_path):
    with pytest.raises(EngineError, match=r"^data/x\.json: field cards: "):
        parse_data(Book, '{"book": "x", "cards": "many"}', "data/x.json", EngineError)
    with pytest.raises(EngineError, match=r"^data/x\.json: not valid JSON \(.* at line 1\)$"):
        parse_data(Book, "{", "data/x.json", EngineError)
    missing = tmp_path / "gone.json"
    with pytest.raises(EngineError, match="cannot read the book file"):
        read_data_file(Book, missing, EngineError, "book")
    missing.write_text('{"book": "own", "cards": 2}', encoding="utf-8")
    assert read_data_file(Book, missing, EngineError, "book").cards == 2


def test_a_built_in_data_file_must_exist_and_name_itself():
    with pytest.raises(EngineError, match="no built-in card data called 'atlantis'"):
        builtin_data(
            Book, "engine.fleet_cards", "data", "atlantis", EngineError, "card data", "deck"
        )
    with pytest.raises(EngineError, match=r"data/base\.json: field book: Field required"):
        builtin_data(Book, "engine.fleet_cards", "data", "base", EngineError, "card data", "book")


def test_rules_built_outside_the_registry_have_no_automatic_players():
    game = FleetCards()
    state, _ = game.start(2, "alone")
    with pytest.raises(EngineError, match="take it from the registry"):
        game.default_action(state, game.to_act(state)[0])
    assert isinstance(game, PlayedBy)


@pytest.mark.parametrize("game_id", ["fleet-cards", "mare-balticum"])
def test_the_registry_binds_the_heuristic_as_the_default_action(game_id):
    game = get_game(game_id)
    assert {"random", "heuristic"} <= set(game.policies)
    state, _ = game.start(game.min_seats, "bound")
    for _ in range(30):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        heuristic = game.policies["heuristic"](
            game.view(state, seat), seat, legal, random.Random(0)
        )
        assert game.default_action(state, seat) == heuristic
        state, _ = game.apply(state, seat, heuristic)
