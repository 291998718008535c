"""Small helpers for service and storage tests."""

from bot.service import TableService
from bot.storage import GameRow, TableOptions


async def open_table(
    service: TableService, channel: int, host: int = 1, **options: object
) -> GameRow:
    """A lobby in `channel`, hosted by user `host`."""
    return await service.open_table(
        channel_id=channel,
        guild_id=7,
        parent_id=None,
        host_id=host,
        host_name=f"u{host}",
        options=TableOptions(**options),  # type: ignore[arg-type]
    )
