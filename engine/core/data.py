"""A game's data files (a score sheet, a card book, a map): JSON read into the game's pydantic
model, and a broken file refused with a readable reason naming the bad field.

>>> from pydantic import BaseModel
>>> class Book(BaseModel):
...     book: str
...     cards: int
>>> parse_data(Book, '{"book": "base", "cards": 3}', "data/base.json", EngineError).cards
3
>>> parse_data(Book, '{"book": "base"}', "data/base.json", EngineError)
Traceback (most recent call last):
...
engine.core.errors.EngineError: data/base.json: field cards: Field required
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from engine.core.errors import EngineError

M = TypeVar("M", bound=BaseModel)


def parse_data(model: type[M], text: str, origin: str, error: type[EngineError]) -> M:
    """Validate a data file's text; a broken file raises `error` naming the bad field."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{origin}: not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise error(f"{origin}: field {where}: {first['msg']}") from exc


def read_data_file(model: type[M], path: str | Path, error: type[EngineError], what: str) -> M:
    """A data file outside the package (a server's own map); `what` names it in a refusal
    (``map`` → "cannot read the map file")."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{path}: cannot read the {what} file ({exc.strerror})") from exc
    return parse_data(model, text, str(path), error)


def builtin_data(
    model: type[M],
    package: str,
    folder: str,
    name: str,
    error: type[EngineError],
    what: str,
    key: str,
) -> M:
    """The data file `<folder>/<name>.json` shipped in `package`, whose field `key` must say
    `name`; `what` names it in a refusal (``card data`` → "no built-in card data called …")."""
    origin = f"{folder}/{name}.json"
    try:
        text = resources.files(package).joinpath(origin).read_text()
    except FileNotFoundError as exc:
        raise error(f"no built-in {what} called {name!r}") from exc
    data = parse_data(model, text, origin, error)
    says = getattr(data, key)
    if says != name:
        raise error(f"{origin}: field {key}: says {says!r}")
    return data
