"""Skill ratings per game, on each server and across all of them, with openskill's Weng-Lin
Plackett-Luce model (several players, shared places). The maths is the library's; this module
says which games count, who takes part, and how a rating reads.

The rules:

- A finished table game with at least two human seats rates its human players. Solo games and
  daily challenges are never rated.
- AI seats take part only where the server chose so (off by default): then a game of one human
  against AI counts too, and each AI seat plays at its level's fixed skill (`AI_SKILL`), which
  no game changes. Where the server did not, AI seats are left out and the humans are rated
  among themselves.
- A table ended before its end (``/table end``, a damaged game closed) has no result and rates
  nobody.
- A seat some of whose moves autopilot or a deadline played is rated as it finished, like any
  other: leaving a game to the clock never spares a rating.
- Places come from the game's result: the winners share first place, the others follow in the
  order the rules rank them (`places`). Games recorded without it place humans by win, then
  score, equal scores sharing a place (`places_by_score`).
- A game counts on its server and globally; a game in direct messages globally only.
- Games are rated in the order they finished. `replay` recomputes every rating from the stored
  standings alone, in that order, to the same numbers.

How a rating reads: ``points = round(1000 + 20 × (mu − 3σ))``. A newcomer (mu 25, σ 25/3)
has 1000. Leaderboards rank by the conservative mu − 3σ, so a rating rises as the model grows
sure of a player as well as when they win.

>>> points(*NEW)
1000
>>> places_by_score([(True, 40), (False, 40), (False, 55), (False, 40)])
[1, 3, 2, 3]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from engine.core.game import GameResult

MODEL = PlackettLuce()
"""openskill's defaults: mu 25, σ 25/3, β σ/2, τ mu/300 (a little doubt added each game)."""
Skill = tuple[float, float]
"""(mu, σ): the model's estimate of a player and how unsure it is."""
NEW: Skill = (MODEL.mu, MODEL.sigma)
DEFAULT_LEVEL = "normal"
AI_SKILL: dict[str, Skill] = {DEFAULT_LEVEL: (25.0, 1.0), "strong": (32.0, 1.0)}
"""Each AI level's fixed skill: "normal" plays like an average newcomer, "strong" like a good
regular. A small σ makes an AI seat a steady yardstick. A level this table does not know is
rated as "normal"."""
BASE = 1000
SCALE = 20
GLOBAL = 0
"""The scope of every server and direct message together (Discord ids are never 0)."""


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate that ranks a leaderboard: mu − 3σ."""
    return mu - 3 * sigma


def points(mu: float, sigma: float) -> int:
    """A rating as players read it."""
    return round(BASE + SCALE * ordinal(mu, sigma))


@dataclass(frozen=True)
class Standing:
    """One seat of a rated game: a player, or an AI seat of a level, and where it finished
    (1 first; equal places are a tie)."""

    place: int
    user_id: int | None = None
    level: str = DEFAULT_LEVEL


def counts(standings: Sequence[Standing]) -> bool:
    """Whether a game rates anyone: two seats at least take part, one of them human."""
    return len(standings) >= 2 and any(s.user_id is not None for s in standings)


def scopes(guild_id: int | None) -> tuple[int, ...]:
    """Where a game counts: globally, and on its server if it has one."""
    return (GLOBAL,) if not guild_id else (GLOBAL, guild_id)


def update(skills: Mapping[int, Skill], standings: Sequence[Standing]) -> dict[int, Skill]:
    """Every human's new skill after one game, from their skill before it (`skills`; a player
    not in it starts as NEW). The seats are put in one order first, so that the same game
    gives the same numbers to the last bit whatever order it was read in."""
    ordered = sorted(standings, key=lambda s: (s.place, s.user_id is None, s.user_id or 0, s.level))
    teams = []
    for s in ordered:
        if s.user_id is None:
            mu, sigma = AI_SKILL.get(s.level, AI_SKILL[DEFAULT_LEVEL])
        else:
            mu, sigma = skills.get(s.user_id, NEW)
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(s.place) for s in ordered])
    return {
        s.user_id: (team[0].mu, team[0].sigma)
        for s, team in zip(ordered, rated, strict=True)
        if s.user_id is not None
    }


def places(result: GameResult) -> list[int]:
    """Each seat's place, in seat order: the winners share first place, the others follow in
    the order the rules rank them (`GameResult.seats`, best first)."""
    out = [0] * len(result.seats)
    for rank, seat in enumerate(result.seats, 1):
        out[seat.seat] = 1 if seat.seat in result.winners else rank
    return out


def places_by_score(results: Sequence[tuple[bool, int]]) -> list[int]:
    """Places from (won, score) pairs: winners first, then by score; equal ones share."""
    return [1 + sum(1 for other in results if other > mine) for mine in results]


@dataclass(frozen=True)
class RatedGame:
    """A rated game as stored: enough to rate it again."""

    game_id: int
    game: str
    guild_id: int | None
    standings: tuple[Standing, ...]


@dataclass(frozen=True)
class Rated:
    """A player's skill in one scope, and the rated games behind it."""

    mu: float
    sigma: float
    games: int


Key = tuple[str, int, int]
"""(game, scope, user)."""
Change = tuple[int, int, int, float, float, float, float]
"""(game id, scope, user, mu before, σ before, mu, σ)."""


def rate_game(
    game: RatedGame, before: Mapping[Key, Rated]
) -> tuple[dict[Key, Rated], list[Change]]:
    """The new ratings one game gives, in every scope it counts in, and the changes to keep."""
    after: dict[Key, Rated] = {}
    changes: list[Change] = []
    humans = [s.user_id for s in game.standings if s.user_id is not None]
    for scope in scopes(game.guild_id):
        now = {u: before[(game.game, scope, u)] for u in humans if (game.game, scope, u) in before}
        new = update({u: (r.mu, r.sigma) for u, r in now.items()}, game.standings)
        for user in sorted(new):
            old = now.get(user)
            mu, sigma = new[user]
            after[(game.game, scope, user)] = Rated(mu, sigma, (old.games if old else 0) + 1)
            was = (old.mu, old.sigma) if old else NEW
            changes.append((game.game_id, scope, user, *was, mu, sigma))
    return after, changes


def replay(games: Iterable[RatedGame]) -> tuple[dict[Key, Rated], list[Change]]:
    """Every rating and every game's changes, from the rated games in the order they were
    rated: what the incremental updates gave, exactly."""
    table: dict[Key, Rated] = {}
    changes: list[Change] = []
    for game in games:
        after, more = rate_game(game, table)
        table.update(after)
        changes += more
    return table, changes
