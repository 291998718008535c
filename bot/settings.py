"""Settings from the environment or a `.env` file (see .env.example)."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FLEET_", env_file=".env", extra="ignore")

    token: SecretStr | None = Field(default=None, description="Discord bot token")
    database: str = Field(default="data/fleet.db", description="SQLite file (created if missing)")
    dev_guild: int | None = Field(default=None, description="Guild id for instant command sync")
    log_level: str = Field(default="INFO")
    tick_seconds: float = Field(default=30.0, gt=0, description="How often deadlines are checked")
    run_scheduler: bool = Field(default=True)
    challenge_secret: SecretStr | None = Field(
        default=None, description="Secret behind the daily dice; generated and stored if unset"
    )
