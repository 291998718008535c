"""Settings from the environment or a `.env` file (see .env.example)."""

from __future__ import annotations

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.storage import Shards


class Settings(BaseSettings):
    # An empty value is no value: .env.example leaves optional settings empty.
    model_config = SettingsConfigDict(
        env_prefix="FLEET_", env_file=".env", extra="ignore", env_ignore_empty=True
    )

    token: SecretStr | None = Field(default=None, description="Discord bot token")
    database: str = Field(
        default="data/fleet.db",
        description="An SQLite file (created if missing) or a postgresql:// URL",
    )
    dev_guild: int | None = Field(default=None, description="Guild id for instant command sync")
    log_level: str = Field(default="INFO")
    tick_seconds: float = Field(default=30.0, gt=0, description="How often deadlines are checked")
    run_scheduler: bool = Field(default=True)
    challenge_secret: SecretStr | None = Field(
        default=None, description="Secret behind the daily dice; generated and stored if unset"
    )
    ai_workers: int = Field(
        default=1,
        ge=0,
        description="Processes where strong AI seats think; 0: a thread of the bot process",
    )
    ai_playouts: int | None = Field(
        default=None,
        ge=1,
        description="Playouts per strong AI decision; unset: each game's own budget",
    )
    layout: bool = Field(
        default=True,
        description="Private prompts drawn with Discord's layout components (each choice's "
        "effect beside its own button); false: as embeds with buttons or menus",
    )
    edit_spacing: float = Field(
        default=1.0,
        ge=0,
        le=10,
        description="Seconds between two edits of one public message; the edits asked for "
        "meanwhile merge into the newest (Discord gives a channel about one write a second), and "
        "a finished step's buttons go only while the channel has writes to spare; 0: at once",
    )
    shard_count: int | None = Field(
        default=None, ge=1, description="Gateway shards in all; unset: one unsharded connection"
    )
    shard_ids: str = Field(
        default="",
        description="The shards this process serves, e.g. '0,1'; empty: all of them",
    )

    @model_validator(mode="after")
    def _shards_are_consistent(self) -> Settings:
        self.shards  # noqa: B018 (raises ValueError for ids that do not fit the count)
        return self

    @property
    def shards(self) -> Shards | None:
        """The shards this process serves, or None when the bot runs unsharded."""
        ids = [part.strip() for part in self.shard_ids.split(",") if part.strip()]
        if self.shard_count is None:
            if ids:
                raise ValueError("FLEET_SHARD_IDS needs FLEET_SHARD_COUNT (the shards in all)")
            return None
        try:
            numbers = tuple(int(part) for part in ids)
        except ValueError:
            raise ValueError(
                f"FLEET_SHARD_IDS is a comma-separated list of numbers, not {self.shard_ids!r}"
            ) from None
        try:
            return Shards(self.shard_count, numbers or tuple(range(self.shard_count)))
        except ValueError as exc:
            raise ValueError(f"FLEET_SHARD_IDS: {exc}") from None
