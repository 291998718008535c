"""Small helpers for service and storage tests."""

from bot.service import TableService
from bot.storage import GameRow, TableOptions


async def open_table(
    service: TableService, channel: int, host: int = 1, game: str = "fleet-dice", **options: object
) -> GameRow:
    """A lobby in `channel`, hosted by user `host`; `options` are table options, or the
    game's own (``captains=True``)."""
    table = {k: options.pop(k) for k in ("turn_hours", "solo", "challenge_day") if k in options}
    return await service.open_table(
        game=game,
        channel_id=channel,
        guild_id=7,
        parent_id=None,
        host_id=host,
        host_name=f"u{host}",
        options=TableOptions(**table),  # type: ignore[arg-type]
        game_options=dict(options),
    )


def refused(excinfo: object) -> str:
    return excinfo.value.code  # type: ignore[attr-defined,no-any-return]


async def execute(repo: object, sql: str, params: tuple[object, ...] = ()) -> None:
    """Raw SQL on either adapter, written with SQLite's ``?`` placeholders (PostgreSQL numbers
    them: ``$1``, ``$2``…)."""
    from bot.storage import PostgresRepository

    if isinstance(repo, PostgresRepository):
        parts = sql.split("?")
        sql = parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))
    await repo.execute(sql, params)  # type: ignore[attr-defined]
