"""Tables kept in memory between clicks, each as it was read or saved: a click reads a small
stamp of its table's row (`Repository.stamp`) instead of the whole row, and reuses the game
state parsed before instead of parsing it again.

Nothing kept outlives what is stored. A row is reused only while the database holds the same
version of it, made at the same instant (every save raises the version, whichever process
saves), with the columns written without a new version taken from the stamp; a state only
for the very text it was parsed from.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bot.storage import GameRow, Repository, rows

TABLES_KEPT = 1024
"""Tables kept (a row and a state are a few KB each)."""


class KeptTables:
    def __init__(self, size: int = TABLES_KEPT) -> None:
        self.size = size
        self._rows: OrderedDict[int, GameRow] = OrderedDict()
        self._states: OrderedDict[int, tuple[str, Any]] = OrderedDict()

    async def load(self, repo: Repository, game_id: int) -> GameRow:
        """The table's row as stored now: the kept one if the stamp says it is current,
        else loaded (and kept)."""
        known = self._rows.get(game_id)
        if known is not None:
            stamp = await repo.stamp(game_id)
            current = rows.restamped(known, stamp) if stamp is not None else None
            if current is not None:
                self._keep(self._rows, game_id, current)
                return current
        row = await repo.load(game_id)
        self._keep(self._rows, game_id, row)
        return row

    def saved(self, row: GameRow, state: Any) -> None:
        """`row` was just saved, showing `state` (the object its text was dumped from)."""
        self._keep(self._rows, row.id, rows.as_stored(row))
        if row.state is not None and state is not None:
            self._keep(self._states, row.id, (row.state, state))

    def state(self, row: GameRow, parse: Callable[[str], Any]) -> Any:
        """The game state in `row.state`, parsed once per text."""
        assert row.state is not None
        found = self._states.get(row.id)
        if found is not None and found[0] == row.state:
            self._states.move_to_end(row.id)
            return found[1]
        state = parse(row.state)
        self._keep(self._states, row.id, (row.state, state))
        return state

    def forget(self, game_id: int) -> None:
        """Keep nothing of the table (its stored data could not be read)."""
        self._rows.pop(game_id, None)
        self._states.pop(game_id, None)

    def _keep(self, kept: OrderedDict[int, Any], game_id: int, value: Any) -> None:
        kept[game_id] = value
        kept.move_to_end(game_id)
        while len(kept) > self.size:
            kept.popitem(last=False)
