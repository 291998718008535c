"""Every language: complete catalogs with the same placeholders, languages chosen per reader,
plurals, numbers and lists as each language writes them."""

import pytest

from bot.fronts import FRONTS, register_all
from bot.i18n import TRANSLATED, Tr, language_of, problems, register_domain, translator

register_all()
DOMAINS = ["table", *(g for g in FRONTS if g != "test-hands")]
"""Every game's words and the table's (the tests' own card game speaks English only)."""


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated_with_the_same_placeholders(domain):
    found = list(problems(domain))
    assert found == [], "\n".join(found[:20])


def test_a_catalog_problem_is_found(tmp_path):
    # A translation that drops a placeholder, one left empty, one the code no longer has.
    folder = tmp_path / "locales"
    folder.mkdir()
    (tmp_path / "front.py").write_text(
        'def f(tr):\n    tr._("Hello {name}", name="x")\n    tr._("Bye")\n'
        '    tr.ngettext("{n} coin", "{n} coins", 2)\n'
    )
    header = 'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
    body = (
        'msgid "Hello {name}"\nmsgstr "Hallo"\n\n'
        'msgid "Bye"\nmsgstr ""\n\n'
        'msgid "{n} coin"\nmsgid_plural "{n} coins"\n'
        'msgstr[0] "{n} Münze"\nmsgstr[1] "{n} Münzen"\n\n'
        'msgid "Gone"\nmsgstr "Weg"\n'
    )
    for language in TRANSLATED:
        (folder / f"{language}.po").write_text(header + body)
    register_domain("planted", folder)
    found = "\n".join(problems("planted"))
    assert "'Hello {name}' has placeholders [], not ['name']" in found
    assert "'Bye' is not translated" in found
    assert "'Gone' is no longer in the code" in found
    assert "coin" not in found, "a complete plural is fine"


def test_a_translation_call_extraction_cannot_see_is_found(tmp_path):
    # Inside an f-string (extraction before Python 3.12 never reads it), and a message built
    # rather than written; a message named by a variable is fine (marked where written).
    folder = tmp_path / "locales"
    folder.mkdir()
    (tmp_path / "front.py").write_text(
        "def f(tr, key):\n"
        "    a = f\"**{tr._('Last moves')}**\"\n"
        "    b = tr._('Round ' + str(3))\n"
        "    c = tr._(f'Round {key}')\n"
        "    d = tr._(TITLES[key])\n"
        '    e = f"{tr._(TITLES[key])} ◀"\n'
    )
    for language in TRANSLATED:
        (folder / f"{language}.po").write_text('msgid ""\nmsgstr ""\n')
    register_domain("hidden", folder)
    found = [p for p in problems("hidden") if p.startswith("hidden: ")]
    assert [p.split(":")[2] for p in found] == ["2", "3", "4"], found
    assert "inside an f-string" in found[0] and "built" in found[1]


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("de", "de"),
        ("pt-BR", "pt_BR"),
        ("pt-PT", "pt_BR"),
        ("it", "it"),
        ("en-GB", "en"),
        ("fr", "en"),
        (None, "en"),
    ],
)
def test_a_discord_locale_picks_its_catalog_or_english(locale, language):
    assert language_of(locale) == language


def test_plurals_numbers_and_lists_follow_the_language():
    de = translator("de", "fleet-dice")
    assert de.list(["a", "b", "c"]) == "a, b und c"
    assert translator("pt-BR", "table").list(["a", "b"]) == "a e b"
    assert de.number(1234) == "1.234"
    assert Tr("en", "fleet-dice").number(1234) == "1,234"


def test_game_words_come_from_the_printed_rulebooks():
    assert translator("de", "fleet-dice")._("King Crab") == "Königskrabbe"
    assert translator("pt-BR", "fleet-dice")._("Captain's Club") == "Clube dos Capitães"
    assert translator("de", "fleet-dice")._("Helmsman") == "Steuermann"
    assert translator("pt-BR", "fleet-dice")._("Greenhorn") == "Mareado"


def test_an_unknown_language_speaks_english():
    tr = translator("fr", "fleet-dice")
    assert tr._("Round {round}/{rounds} · {phase}", round=1, rounds=10, phase="x").startswith(
        "Round"
    )
