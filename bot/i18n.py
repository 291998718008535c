"""Words in the reader's language: gettext catalogs, one domain per game plus ``table``.

Code speaks English: every sentence is written in place as a gettext message id with named
fields (``tr._("Round {round}", round=3)``), so a translator works on catalogs only and never
touches code. A domain's catalogs are `.po` files, one per language, in a `locales/` folder
beside its code: `bot/locales/` for the table's words, `bot/fronts/<game>/locales/` for a
game's. They are read once at startup with Babel; a message with no translation (or a
language with no catalog) falls back to English.

    python -m bot i18n extract   # refresh every domain's template and catalogs from the code
    python -m bot i18n check     # what is missing, untranslated or has other placeholders
"""

from __future__ import annotations

import ast
import gettext
import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.numbers import format_decimal

DEFAULT_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "pt_BR": "Português (Brasil)",
    "it": "Italiano",
}
"""The languages the bot speaks, by catalog name, with their own names."""
TRANSLATED = ("de", "pt_BR", "it")
KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "Nn_": (1, 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "locale_str": None,
    "_T": None,
}
"""What marks a message id in the code, for extraction."""
ROOT = Path(__file__).resolve().parent
TABLE_CODE = ("bot/words.py", "bot/terminal.py", "cogs")
"""Where the table domain's words live (a game's live in its front package)."""
FIELD = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)[^{}]*\}")


def N_(message: str) -> str:
    """Mark a message id for extraction where it is defined as data; translate it at use
    with ``tr._(…)`` (the gettext convention)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural where it is defined as data; translate it at use with
    ``tr.ngettext(singular, plural, n, …)``."""
    return singular, plural


def language_of(locale: str | None) -> str:
    """The catalog for a Discord locale: ``de`` → de, ``pt-BR`` → pt_BR, ``it`` → it;
    anything else (``en-US``, ``fr``, None) → English.

    >>> language_of("pt-BR"), language_of("de"), language_of("en-GB"), language_of(None)
    ('pt_BR', 'de', 'en', 'en')
    """
    if not locale:
        return DEFAULT_LANGUAGE
    code = locale.replace("-", "_")
    if code in LANGUAGES:
        return code
    base = code.split("_")[0]
    if base == "pt":
        return "pt_BR"
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


# --- where each domain's catalogs are -----------------------------------------------------------

_DOMAINS: dict[str, Path] = {"table": ROOT / "locales"}


def register_domain(domain: str, folder: Path) -> None:
    """A domain's catalogs live in `folder` (``<language>.po`` files)."""
    _DOMAINS[domain] = folder
    _translations.cache_clear()


def domain_folder(domain: str) -> Path | None:
    return _DOMAINS.get(domain)


@cache
def _translations(language: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of one language and domain (English: the code itself)."""
    folder = _DOMAINS.get(domain)
    if language == DEFAULT_LANGUAGE or folder is None:
        return gettext.NullTranslations()
    path = folder / f"{language}.po"
    if not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=language, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


class Tr:
    """A translator for one language and one domain.

    >>> tr = Tr("en", "table")
    >>> tr._("Round {round} of {rounds}", round=3, rounds=10)
    'Round 3 of 10'
    >>> tr.ngettext("{n} coin", "{n} coins", 1), tr.ngettext("{n} coin", "{n} coins", 4)
    ('1 coin', '4 coins')
    """

    def __init__(self, language: str, domain: str) -> None:
        self.language = language
        self.locale = language
        self.domain = domain
        self._catalog = _translations(language, domain)

    def __repr__(self) -> str:
        """Its language and domain: two translators of the same ones say the same words.

        >>> Tr("de", "table")
        Tr('de', 'table')
        """
        return f"Tr({self.language!r}, {self.domain!r})"

    def _(self, message: str, **fields: Any) -> str:
        """The sentence in this language, with its fields filled in."""
        text = self._catalog.gettext(message)
        return text.format(**fields) if fields else text

    def ngettext(self, singular: str, plural: str, n: int, **fields: Any) -> str:
        """The form for `n` (by the language's plural rules); `{n}` is filled in."""
        text = self._catalog.ngettext(singular, plural, n)
        return text.format(n=self.number(n), **fields)

    def pgettext(self, context: str, message: str, **fields: Any) -> str:
        """A message that reads differently by context (``"die"`` vs ``"card"``)."""
        text = self._catalog.pgettext(context, message)
        return text.format(**fields) if fields else text

    def number(self, n: int | float) -> str:
        """A number as this language writes it (``1.234`` in German)."""
        return str(format_decimal(n, locale=self.language))

    def list(self, items: Sequence[str]) -> str:
        """``a, b and c`` in this language (``a, b und c``)."""
        return str(format_list(list(items), locale=self.language)) if items else ""

    def domain_of(self, domain: str) -> Tr:
        """The same language, another domain (a front's game words, the table's)."""
        return Tr(self.language, domain)


def translator(locale: str | None, domain: str) -> Tr:
    """A translator for a Discord locale (``de``, ``pt-BR``, ``en-US``…) and a domain."""
    return Tr(language_of(locale), domain)


# --- keeping catalogs up to date ------------------------------------------------------------------


@dataclass(frozen=True)
class Message:
    """A message id found in the code (a plural has both forms)."""

    id: str | tuple[str, str]
    context: str | None
    where: str


def code_files(domain: str) -> list[Path]:
    """The Python files whose words belong to a domain."""
    repo = ROOT.parent
    if domain == "table":
        places = [repo / p for p in TABLE_CODE]
    else:
        folder = _DOMAINS.get(domain)
        if folder is None:
            return []
        places = [folder.parent]
    return [
        f for place in places for f in (sorted(place.rglob("*.py")) if place.is_dir() else [place])
    ]


def extract(domain: str) -> list[Message]:
    """Every message id of a domain, as written in its code."""
    repo = ROOT.parent
    found: dict[tuple[Any, Any], Message] = {}
    for file in code_files(domain):
        for lineno, msg, _comments, context in extract_from_file(
            "python", str(file), keywords=KEYWORDS
        ):
            msgid: str | tuple[str, str]
            if isinstance(msg, tuple):
                if msg[0] is None:
                    continue
                msgid = (msg[0], msg[1]) if len(msg) > 1 and msg[1] else msg[0]
            else:
                msgid = msg
            shown = file.relative_to(repo) if file.is_relative_to(repo) else file
            where = f"{shown}:{lineno}"
            found.setdefault((msgid, context), Message(msgid, context, where))
    return list(found.values())


def fields_of(text: str) -> set[str]:
    return set(FIELD.findall(text))


def _template(domain: str) -> Catalog:
    catalog = Catalog(domain=domain, project="fleet-table", charset="utf-8")
    for m in extract(domain):
        catalog.add(
            m.id,
            locations=[(m.where.rsplit(":", 1)[0], int(m.where.rsplit(":", 1)[1]))],
            context=m.context,
        )
    return catalog


def update(domain: str) -> None:
    """Write the domain's template and bring each language's catalog in line with the code:
    new ids added untranslated, removed ids dropped."""
    folder = _DOMAINS[domain]
    folder.mkdir(parents=True, exist_ok=True)
    template = _template(domain)
    with (folder / "messages.pot").open("wb") as f:
        write_po(f, template, omit_header=False, sort_output=True, width=100)
    for language in TRANSLATED:
        path = folder / f"{language}.po"
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=language, domain=domain)
        else:
            catalog = Catalog(locale=Locale.parse(language), domain=domain, charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        with path.open("wb") as f:
            write_po(f, catalog, ignore_obsolete=True, sort_output=True, width=100)


MESSAGE_ARGS = {
    "_": (0,),
    "N_": (0,),
    "_T": (0,),
    "locale_str": (0,),
    "ngettext": (0, 1),
    "pgettext": (1,),
}
"""Each translation call and where its message ids are among its arguments."""


def unseen_calls(file: Path) -> Iterator[tuple[int, str]]:
    """Translation calls extraction cannot see: one written inside an f-string (Python
    before 3.12 hands extraction the f-string as one token, so the call inside is never
    read), or one whose message is itself built (an f-string, a concatenation). Their words
    would stay English in every language while `check` said every catalog is complete.
    A call whose message is a name (``tr._(TITLES[code])``) is fine: its ids are marked
    where they are written, with ``N_``."""
    tree = ast.parse(file.read_text(encoding="utf-8"), str(file))

    def messages(node: ast.AST) -> list[ast.expr] | None:
        if not isinstance(node, ast.Call):
            return None
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        where = MESSAGE_ARGS.get(name)
        if where is None:
            return None
        return [node.args[i] for i in where if i < len(node.args)]

    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                found = messages(inner)
                if found and any(isinstance(m, ast.Constant) for m in found):
                    yield getattr(inner, "lineno", 0), "a translation call inside an f-string"
            continue
        found = messages(node)
        if found and any(isinstance(m, ast.JoinedStr | ast.BinOp) for m in found):
            yield getattr(node, "lineno", 0), "a translation call whose message is built"


def problems(domain: str) -> Iterator[str]:
    """Everything wrong with a domain's catalogs: an id of the code missing or untranslated
    in a language, an id the code no longer has, a translation whose placeholders differ, a
    translation call extraction cannot see."""
    repo = ROOT.parent
    for file in code_files(domain):
        shown = file.relative_to(repo) if file.is_relative_to(repo) else file
        for line, what in unseen_calls(file):
            yield f"{domain}: {shown}:{line}: {what}"
    folder = _DOMAINS.get(domain)
    code = {(m.id if isinstance(m.id, str) else m.id[0], m.context): m for m in extract(domain)}
    for language in TRANSLATED:
        path = folder / f"{language}.po" if folder else None
        if path is None or not path.exists():
            yield f"{domain}: no {language} catalog"
            continue
        with path.open("rb") as f:
            catalog = read_po(f, locale=language, domain=domain)
        seen = set()
        for entry in catalog:
            if not entry.id:
                continue
            key = (entry.id if isinstance(entry.id, str) else entry.id[0], entry.context)
            seen.add(key)
            if key not in code:
                yield f"{domain}/{language}: {key[0][:60]!r} is no longer in the code"
                continue
            ids = [entry.id] if isinstance(entry.id, str) else list(entry.id)
            strings = [entry.string] if isinstance(entry.string, str) else list(entry.string or ())
            if entry.fuzzy or not all(strings):
                yield f"{domain}/{language}: {ids[0][:60]!r} is not translated"
                continue
            want = set().union(*(fields_of(i) for i in ids))
            for s in strings:
                got = fields_of(s)
                if got != want and not (len(ids) > 1 and got | {"n"} == want | {"n"}):
                    yield (
                        f"{domain}/{language}: {ids[0][:60]!r} has placeholders "
                        f"{sorted(got)}, not {sorted(want)}"
                    )
        for key, m in code.items():
            if key not in seen:
                yield f"{domain}/{language}: {key[0][:60]!r} ({m.where}) is missing"


def domains() -> list[str]:
    """Every registered domain: the table's and each registered game's."""
    return list(_DOMAINS)
