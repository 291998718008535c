"""Words in the reader's language: gettext catalogs, one domain per game plus ``table``.

Code speaks English: every sentence is written in place as a gettext message id with named
fields (``tr._("Round {round}", round=3)``), so a translator works on catalogs only and never
touches code. A `Tr` carries one locale and one domain; a message with no translation (or a
locale with no catalog) falls back to English.
"""

from __future__ import annotations

import gettext
from typing import Any

DEFAULT_LOCALE = "en"


def N_(message: str) -> str:
    """Mark a message id for extraction where it is defined as data; translate it at use
    with ``tr._(…)`` (the gettext convention)."""
    return message


class Tr:
    """A translator for one locale and one domain.

    >>> tr = Tr("en", "table")
    >>> tr._("Round {round} of {rounds}", round=3, rounds=10)
    'Round 3 of 10'
    >>> tr.ngettext("{n} coin", "{n} coins", 1), tr.ngettext("{n} coin", "{n} coins", 4)
    ('1 coin', '4 coins')
    """

    def __init__(
        self, locale: str, domain: str, catalog: gettext.NullTranslations | None = None
    ) -> None:
        self.locale = locale
        self.domain = domain
        self._catalog = catalog or gettext.NullTranslations()

    def _(self, message: str, **fields: Any) -> str:
        """The sentence in this language, with its fields filled in."""
        text = self._catalog.gettext(message)
        return text.format(**fields) if fields else text

    def ngettext(self, singular: str, plural: str, n: int, **fields: Any) -> str:
        """The form for `n` (its plural rules are the language's); `{n}` is filled in."""
        text = self._catalog.ngettext(singular, plural, n)
        return text.format(n=self.number(n), **fields)

    def pgettext(self, context: str, message: str, **fields: Any) -> str:
        """A message that reads differently by context (``"die"`` vs ``"card"``)."""
        text = self._catalog.pgettext(context, message)
        return text.format(**fields) if fields else text

    def number(self, n: int | float) -> str:
        """A number as this language writes it."""
        return str(n)

    def list(self, items: list[str]) -> str:
        """``a, b and c`` in this language."""
        if len(items) <= 1:
            return "".join(items)
        return self._("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])

    def domain_of(self, domain: str) -> Tr:
        """The same locale, another domain (a front's game words, the table's)."""
        return translator(self.locale, domain)


def translator(locale: str | None, domain: str) -> Tr:
    """A translator for `locale` (a Discord locale such as ``de`` or ``pt-BR``) and `domain`;
    English when the locale is unknown."""
    return Tr(locale or DEFAULT_LOCALE, domain)
