"""What every game does the same way at its edges: options checked into the game's model, and
a saved state read back with a readable reason when it is damaged or too new."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from engine.core.errors import EngineError


class Versioned(Protocol):
    schema_version: int


M = TypeVar("M", bound=BaseModel)
S = TypeVar("S", bound=Versioned)


def _first_error(exc: ValidationError, top: str = "") -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or top
    return f"{where}: {first['msg']}" if where else str(first["msg"])


def checked_options(model: type[M], options: BaseModel | Mapping[str, Any] | None, title: str) -> M:
    """`options` as the game's model (a model of another kind is read by its fields); bad
    options raise EngineError naming the game and the field."""
    if isinstance(options, model):
        return options
    if isinstance(options, BaseModel):
        options = options.model_dump()
    try:
        return model.model_validate(options or {})
    except ValidationError as exc:
        raise EngineError(f"bad options for {title}: {_first_error(exc)}") from exc


def load_saved(adapter: TypeAdapter[S], text: str, newest: int) -> S:
    """A saved state; a damaged one, or one from a newer engine, raises EngineError with a
    readable reason."""
    try:
        state = adapter.validate_json(text)
    except ValidationError as exc:
        raise EngineError(f"saved game is corrupt: {_first_error(exc, '(top level)')}") from exc
    if state.schema_version > newest:
        raise EngineError(f"saved game has schema {state.schema_version}, newer than this engine's")
    return state
