"""Numbered schema migrations: append only, never edit a shipped one.

Each is SQL (statements separated by ``;``) or a function that runs its statements through
`run`; each runs in its own transaction at startup.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

Run = Callable[[str, Sequence[Any]], Awaitable[list[tuple[Any, ...]]]]
"""Execute one statement with bound parameters; returns the rows it selected."""

Migration = str | Callable[[Run], Awaitable[None]]

TITLE_CODES = {
    "Salty Captain": "salty_captain",
    "Oh Captain! My Captain": "my_captain",
    "Helmsman": "helmsman",
    "Deckhand": "deckhand",
    "Greenhorn": "greenhorn",
}
"""The first release stored Fleet Dice rank titles in English; they are codes now."""


async def _platform(run: Run) -> None:
    """One table, many games: game options apart from table options, events as data, the
    messages' shown version, and results scoped by game."""
    for statement in (
        "ALTER TABLE games ADD COLUMN game_options TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE games ADD COLUMN lobby_message_id INTEGER",
        "ALTER TABLE games ADD COLUMN shown_version INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN step_key TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE games ADD COLUMN locale TEXT",
        "ALTER TABLE games RENAME COLUMN roll_message_id TO step_message_id",
    ):
        await run(statement, ())
    for game_id, options in await run("SELECT id, options FROM games", ()):
        try:
            old = json.loads(options)
        except ValueError:
            continue  # a damaged row stays as it is: it is answered as damaged
        if not isinstance(old, dict):
            continue
        table = {k: old[k] for k in ("turn_hours", "solo", "challenge_day") if k in old}
        game = {k: old[k] for k in ("captains", "trophies") if k in old}
        # The recent lines were English sentences; events are data now. The board starts a
        # new list of last moves; the full log still replays from the action log.
        await run(
            "UPDATE games SET options = ?, game_options = ?, recent = '[]', "
            "shown_version = version WHERE id = ?",
            (json.dumps(table), json.dumps(game), game_id),
        )
    await run(
        """CREATE TABLE results_v4 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game_id INTEGER NOT NULL REFERENCES games(id),
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            guild_id INTEGER,
            kind TEXT NOT NULL,
            challenge_day TEXT,
            score INTEGER,
            title TEXT,
            won INTEGER NOT NULL DEFAULT 0,
            assisted INTEGER NOT NULL DEFAULT 0,
            started_at REAL NOT NULL,
            finished_at REAL,
            UNIQUE (game, challenge_day, user_id),
            UNIQUE (game_id, user_id)
        )""",
        (),
    )
    titles = " ".join(f"WHEN '{old}' THEN '{new}'" for old, new in TITLE_CODES.items())
    await run(
        "INSERT INTO results_v4 (id, game_id, game, user_id, guild_id, kind, challenge_day, "
        "score, title, won, started_at, finished_at) "
        "SELECT r.id, r.game_id, g.game, r.user_id, r.guild_id, r.kind, r.challenge_day, "
        f"r.score, CASE r.title {titles} ELSE r.title END, r.won, r.started_at, r.finished_at "
        "FROM results r JOIN games g ON g.id = r.game_id",
        (),
    )
    for statement in (
        "DROP TABLE results",
        "ALTER TABLE results_v4 RENAME TO results",
        "CREATE INDEX results_daily ON results(game, challenge_day, score DESC, finished_at) "
        "WHERE finished_at IS NOT NULL AND assisted = 0",
        "CREATE INDEX results_daily_guild "
        "ON results(game, guild_id, challenge_day, score DESC, finished_at) "
        "WHERE finished_at IS NOT NULL AND assisted = 0",
        "CREATE INDEX results_user ON results(user_id, game, kind, finished_at)",
        "CREATE INDEX results_best_per_user "
        "ON results(game, user_id, score DESC, finished_at, challenge_day, guild_id, title) "
        "WHERE finished_at IS NOT NULL AND assisted = 0",
        "CREATE INDEX games_unshown ON games(updated_at) WHERE shown_version < version",
    ):
        await run(statement, ())


async def _claims(run: Run) -> None:
    """Deadlines claimed in the database, so that several bot processes sharing it handle each
    reminder and deadline once: when a game is next due (an indexed column instead of a scan
    of every running game), and who holds a claim on it until when."""
    for statement in (
        "ALTER TABLE games ADD COLUMN due_at REAL",
        "ALTER TABLE games ADD COLUMN claimed_by TEXT",
        "ALTER TABLE games ADD COLUMN claimed_until REAL",
        "DROP INDEX games_due",
        "CREATE INDEX games_due_at ON games(due_at) WHERE due_at IS NOT NULL",
    ):
        await run(statement, ())
    found = await run(
        "SELECT id, options, deadline_at, reminded FROM games "
        "WHERE status = 'active' AND deadline_at IS NOT NULL",
        (),
    )
    for game_id, options, deadline_at, reminded in found:
        try:
            hours = float(json.loads(options).get("turn_hours", 0))
        except (ValueError, TypeError, AttributeError):
            continue  # a damaged row is never due, as before: it is answered as damaged
        # The half-time reminder until it was sent, then the deadline (GameRow.due_at).
        due_at = deadline_at if reminded else deadline_at - hours * 3600 / 2
        await run("UPDATE games SET due_at = ? WHERE id = ?", (due_at, game_id))


RATINGS = """
ALTER TABLE guild_settings ADD COLUMN rate_ai {flag} NOT NULL DEFAULT {off};
ALTER TABLE results ADD COLUMN place INTEGER;
UPDATE results SET place = 1 + (
    SELECT COUNT(*) FROM results o WHERE o.game_id = results.game_id
    AND o.finished_at IS NOT NULL
    AND (o.won > results.won OR (o.won = results.won AND o.score > results.score)))
    WHERE kind = 'multi' AND finished_at IS NOT NULL;
CREATE TABLE rated_games (
    seq {serial},
    game_id {id} NOT NULL UNIQUE REFERENCES games(id),
    game TEXT NOT NULL,
    guild_id {id},
    ai {json} NOT NULL DEFAULT '[]',
    rated_at {time} NOT NULL
);
INSERT INTO rated_games (game_id, game, guild_id, rated_at)
    SELECT game_id, game, guild_id, MAX(finished_at) FROM results
    WHERE kind = 'multi' AND finished_at IS NOT NULL
    GROUP BY game_id, game, guild_id HAVING COUNT(*) >= 2
    ORDER BY MAX(finished_at), game_id;
CREATE TABLE ratings (
    game TEXT NOT NULL,
    guild_id {id} NOT NULL,
    user_id {id} NOT NULL,
    mu {time} NOT NULL,
    sigma {time} NOT NULL,
    ordinal {time} NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (game, guild_id, user_id)
);
CREATE INDEX ratings_board ON ratings(game, guild_id, ordinal DESC);
CREATE INDEX ratings_user ON ratings(user_id);
CREATE TABLE rating_changes (
    game_id {id} NOT NULL REFERENCES games(id),
    guild_id {id} NOT NULL,
    user_id {id} NOT NULL,
    mu_before {time} NOT NULL,
    sigma_before {time} NOT NULL,
    mu {time} NOT NULL,
    sigma {time} NOT NULL,
    PRIMARY KEY (game_id, guild_id, user_id)
)
"""
"""Skill ratings (`bot.ratings`), in either dialect: the server's choice to rate games against
AI; each result's place; `rated_games`, the games that count, in the order they were rated
(finished games of two human seats or more so far, in the order they finished), with the AI
seats that took part; and what is computed from them: `ratings` and each game's
`rating_changes`. The ratings themselves are computed after migrating (they are missing)."""

NOTICES = """
ALTER TABLE games ADD COLUMN waits {json} NOT NULL DEFAULT '[]';
CREATE TABLE calls (
    game_id {id} NOT NULL REFERENCES games(id),
    user_id {id} NOT NULL,
    turn TEXT NOT NULL,
    notified_at {time} NOT NULL,
    message_id {id},
    via TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id, turn)
);
CREATE TABLE user_settings (
    user_id {id} PRIMARY KEY,
    notify TEXT NOT NULL DEFAULT 'thread',
    dms_closed_at {time}
)
"""
"""Turns that find their players, in either dialect: whom each table waits for (saved with
its state), the calls sent for each turn (so none is sent twice, even across a restart), and
where each person wants to be called."""

OWED = """
CREATE TABLE owed_answers (
    token TEXT PRIMARY KEY,
    user_id {id} NOT NULL,
    locale TEXT NOT NULL,
    game_id {id},
    asked_at {time} NOT NULL
)
"""
"""Answers owed to commands that were acknowledged ("thinking…") before slow work, in either
dialect: the interaction's token (valid 15 minutes), whose it is, and the game the work made,
if it got that far; a row left by a crash is answered at startup."""

MIGRATIONS: list[tuple[int, Migration]] = [
    (
        1,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            parent_id INTEGER,
            host_id INTEGER NOT NULL,
            status TEXT NOT NULL,
            seats TEXT NOT NULL,
            options TEXT NOT NULL,
            seed TEXT NOT NULL,
            state TEXT,
            version INTEGER NOT NULL,
            board_message_id INTEGER,
            roll_message_id INTEGER,
            recent TEXT NOT NULL DEFAULT '[]',
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE UNIQUE INDEX games_one_open_per_channel
            ON games(channel_id) WHERE status IN ('lobby', 'active');
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            action TEXT NOT NULL,
            version INTEGER NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        );
        """,
    ),
    (
        2,
        """
        ALTER TABLE games ADD COLUMN deadline_at REAL;
        ALTER TABLE games ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX games_due ON games(deadline_at) WHERE status = 'active';
        """,
    ),
    (
        3,
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE results (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game_id INTEGER NOT NULL REFERENCES games(id),
            user_id INTEGER NOT NULL,
            guild_id INTEGER,
            kind TEXT NOT NULL,
            challenge_day TEXT,
            score INTEGER,
            title TEXT,
            won INTEGER NOT NULL DEFAULT 0,
            started_at REAL NOT NULL,
            finished_at REAL,
            UNIQUE (challenge_day, user_id)
        );
        CREATE INDEX results_daily
            ON results(challenge_day, score DESC, finished_at) WHERE finished_at IS NOT NULL;
        CREATE INDEX results_daily_guild
            ON results(guild_id, challenge_day, score DESC, finished_at)
            WHERE finished_at IS NOT NULL;
        CREATE INDEX results_user ON results(user_id, kind, finished_at);
        CREATE INDEX results_best_per_user
            ON results(user_id, score DESC, finished_at, challenge_day, guild_id, title)
            WHERE finished_at IS NOT NULL;
        """,
    ),
    (4, _platform),
    (
        5,
        """
        CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            locale TEXT
        );
        """,
    ),
    (6, _claims),
    (
        7,
        RATINGS.format(
            flag="INTEGER",
            off="0",
            serial="INTEGER PRIMARY KEY AUTOINCREMENT",
            id="INTEGER",
            json="TEXT",
            time="REAL",
        ),
    ),
    (8, NOTICES.format(id="INTEGER", json="TEXT", time="REAL")),
    (9, OWED.format(id="INTEGER", time="REAL")),
]
