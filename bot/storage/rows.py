"""What both adapters share: the columns of a game row, how a `GameRow` becomes column values
and back, and how a player's results add up to stats. Only the SQL differs between them."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from bot import ratings
from bot.storage.models import CorruptGame, GameRow, GameStats, ResultEntry

COLUMNS = (
    "id",
    "game",
    "guild_id",
    "channel_id",
    "parent_id",
    "host_id",
    "status",
    "seats",
    "options",
    "game_options",
    "seed",
    "state",
    "version",
    "lobby_message_id",
    "board_message_id",
    "step_message_id",
    "shown_version",
    "step_key",
    "recent",
    "locale",
    "deadline_at",
    "reminded",
    "created_at",
    "updated_at",
    "waits",
)
SELECT = ", ".join(COLUMNS)
JSON_COLUMNS = ("seats", "options", "game_options", "recent", "waits")
MESSAGE_COLUMNS = (
    "lobby_message_id",
    "board_message_id",
    "step_message_id",
    "shown_version",
    "step_key",
)
"""Written only by `set_messages`: a save from a row loaded earlier must not undo them."""
SAVED_COLUMNS = tuple(c for c in COLUMNS if c != "id" and c not in MESSAGE_COLUMNS)
"""What `save` writes (besides `due_at`, which follows from them, and the claim it ends)."""
STAMP_COLUMNS = ("version", "created_at", *MESSAGE_COLUMNS, "locale")
"""What tells whether a row kept in memory is still the stored one: its version (every save
raises it), when it was made (a new table never takes an old one's place), and the columns
written without a new version (the channel's messages, the server's language)."""
STAMP = ", ".join(STAMP_COLUMNS)


def restamped(known: GameRow, stamp: Sequence[Any]) -> GameRow | None:
    """`known` as stored now, given the row's `STAMP_COLUMNS`; None if it is older (or another
    table's), which only a full load can tell."""
    fresh = dict(zip(STAMP_COLUMNS, stamp, strict=True))
    if fresh["version"] != known.version or fresh["created_at"] != known.created_at:
        return None
    changed = {k: v for k, v in fresh.items() if getattr(known, k) != v}
    return known.model_copy(update=changed) if changed else known


def as_stored(row: GameRow) -> GameRow:
    """`row` as a load would read it back: its free-form JSON columns through JSON (a tuple
    comes back a list)."""
    return row.model_copy(
        update={
            "recent": json.loads(json.dumps(row.recent)),
            "game_options": json.loads(json.dumps(row.game_options)),
        }
    )


def values(row: GameRow, columns: Sequence[str] = COLUMNS) -> dict[str, Any]:
    """The row's column values, JSON columns as Python data (each adapter encodes them)."""
    data = row.model_dump()
    return {name: data[name] for name in columns}


def parse(record: Sequence[Any]) -> GameRow:
    """A stored row (in `COLUMNS` order) as a `GameRow`; CorruptGame if it cannot be read.
    JSON columns arrive as text (SQLite) or already decoded (PostgreSQL's jsonb)."""
    data = dict(zip(COLUMNS, record, strict=True))
    try:
        for name in JSON_COLUMNS:
            if isinstance(data[name], str | bytes):
                data[name] = json.loads(data[name])
        data["reminded"] = bool(data["reminded"])
        return GameRow.model_validate(data)
    except (ValueError, TypeError, ValidationError) as exc:
        game_id = data.get("id")
        raise CorruptGame(f"game {game_id} has a damaged row: {exc}", game_id) from exc


def parse_all(found: Sequence[Sequence[Any]]) -> list[GameRow]:
    """Every readable row: one damaged row must not stop the others."""
    out = []
    for record in found:
        try:
            out.append(parse(record))
        except CorruptGame:
            continue
    return out


def user_stats(rows: Sequence[Mapping[str, Any]]) -> list[GameStats]:
    """One entry per game, from a player's finished results (``game``, ``kind``, ``score``,
    ``title``, ``won``, ``challenge_day``), newest first."""
    out = []
    for game in sorted({str(r["game"]) for r in rows}):
        mine = [r for r in rows if r["game"] == game]
        solo = [int(r["score"]) for r in mine if r["kind"] in ("solo", "challenge")]
        titles: dict[str, int] = {}
        for r in mine:
            if r["title"]:
                titles[r["title"]] = titles.get(r["title"], 0) + 1
        out.append(
            GameStats(
                game=game,
                games=len(mine),
                wins=sum(1 for r in mine if r["kind"] == "multi" and r["won"]),
                best_solo=max(solo) if solo else None,
                mean_solo=round(sum(solo) / len(solo), 1) if solo else None,
                titles=titles,
                challenge_days=sorted(
                    {str(r["challenge_day"]) for r in mine if r["challenge_day"]}, reverse=True
                ),
            )
        )
    return out


STATS_COLUMNS = ("game", "kind", "score", "title", "won", "challenge_day")
UNRECORDED = (
    "WHERE status = 'over' AND NOT EXISTS (SELECT 1 FROM results r "
    "WHERE r.game_id = games.id AND r.finished_at IS NOT NULL) ORDER BY id"
)
"""Finished games without a recorded result (the same SQL in both dialects)."""


def standings(
    row: GameRow, results: Sequence[ResultEntry], places: Sequence[int], rates_ai: bool
) -> list[ratings.Standing]:
    """Who takes part in a finished game's rating, and where each finished (`bot.ratings`
    says the rules): its human seats, and its AI seats where the server rates games against
    AI and the seats' places are known. Empty when the game is not a rated kind."""
    if row.kind != "multi" or not results:
        return []
    if len(places) == len(row.seats):
        seat_places = list(places)
    else:
        by_score = ratings.places_by_score([(r.won, r.score) for r in results])
        seat_places = [0] * len(row.seats)
        for r, place in zip(results, by_score, strict=True):
            seat = row.seat_of(r.user_id)
            if seat is not None:
                seat_places[seat] = place
    out = [
        ratings.Standing(seat_places[seat], user_id=r.user_id)
        for r in results
        if (seat := row.seat_of(r.user_id)) is not None
    ]
    if rates_ai and len(places) == len(row.seats):
        out += [
            ratings.Standing(places[i], level=seat.level or ratings.DEFAULT_LEVEL)
            for i, seat in enumerate(row.seats)
            if seat.is_ai
        ]
    return out if ratings.counts(out) else []


RATED_STANDINGS = (
    "SELECT g.game_id, g.game, g.guild_id, g.ai, r.user_id, r.place "
    "FROM rated_games g JOIN results r ON r.game_id = g.game_id "
    "WHERE r.finished_at IS NOT NULL AND r.place IS NOT NULL ORDER BY g.seq, r.user_id"
)
"""Every rated game's standings, in the order the games were rated (both dialects)."""


def rated_games(found: Sequence[Sequence[Any]]) -> list[ratings.RatedGame]:
    """`RATED_STANDINGS` rows as games: AI seats from the game's ``ai`` list (JSON text in
    SQLite, decoded from jsonb in PostgreSQL), players from its results."""
    games: list[ratings.RatedGame] = []
    for game_id, game, guild_id, ai, user_id, place in found:
        if not games or games[-1].game_id != game_id:
            seats = json.loads(ai) if isinstance(ai, str | bytes) else ai
            robots = tuple(ratings.Standing(int(p), level=str(level)) for level, p in seats)
            games.append(ratings.RatedGame(int(game_id), str(game), guild_id, robots))
        last = games[-1]
        human = ratings.Standing(int(place), user_id=int(user_id))
        games[-1] = ratings.RatedGame(
            last.game_id, last.game, last.guild_id, (*last.standings, human)
        )
    return games


RATING_COLUMNS = "game, guild_id, user_id, mu, sigma, games"
"""A `RatingEntry`'s columns, in its order."""
CHANGE_COLUMNS = "game_id, guild_id, user_id, mu_before, sigma_before, mu, sigma"
"""A `RatingChange`'s columns, in its order."""
