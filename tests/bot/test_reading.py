"""The table's last events as a reading gets them (`bot.reading.stored_events`): parsed once
for what is stored, read anew as soon as what is stored differs."""

from bot.reading import stored_events
from bot.storage import GameRow
from engine.core.events import Event

ROLL = Event("roll", None, {"pool": ["cod", "tuna"]})
PICK = Event("pick", 1, {"face": "cod"})


def row(*events: Event) -> GameRow:
    return GameRow(
        id=7, game="fleet-dice", channel_id=1, host_id=1, recent=[e.to_json() for e in events]
    )


def test_the_same_stored_events_are_parsed_once():
    first = stored_events(row(ROLL, PICK))
    assert first == (ROLL, PICK)
    again = stored_events(row(ROLL, PICK))  # the same table read from a copy of its row
    assert again is first


def test_a_table_whose_stored_events_changed_is_read_anew():
    assert stored_events(row(ROLL)) == (ROLL,)
    assert stored_events(row(ROLL, PICK)) == (ROLL, PICK)
    assert stored_events(row(PICK)) == (PICK,)


def test_a_damaged_entry_is_skipped():
    damaged = row(ROLL).model_copy(update={"recent": [{"seat": 1}, ROLL.to_json()]})
    assert stored_events(damaged) == (ROLL,)
