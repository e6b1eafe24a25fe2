"""The service's catalogs (issue 41): every es and bs entry is translated, keeps exactly its
English placeholders, and passes Babel's own checks (python-format, plural forms)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from rsvp_service.i18n.catalogs import CATALOGS, DEFAULT, LOCALES

# {name}, {} and %(name)s; "{{" would be a literal brace, and no sentence has one.
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%\([a-z_]+\)s")
TRANSLATED = [locale for locale in LOCALES if locale != DEFAULT]


def catalog(locale: str) -> Catalog:
    """A locale's catalog as Babel reads it."""
    with (CATALOGS / locale / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source, locale=locale)


def placeholders(text: str) -> Counter[str]:
    """The placeholders of a text, with how often each appears."""
    return Counter(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_entry_is_translated_with_its_placeholders(locale: str) -> None:
    wrong = []
    for message in catalog(locale):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            wrong.append(f"untranslated: {sources[0]!r}")
            continue
        for string in strings:
            # Plural forms may drop the count ("un invitado"); every other placeholder stays.
            expected = placeholders(sources[-1]) if len(sources) > 1 else placeholders(sources[0])
            if placeholders(string) != expected and not (
                    len(sources) > 1 and set(placeholders(string)) <= set(expected)):
                wrong.append(f"placeholders differ: {sources[0]!r} -> {string!r}")
    assert wrong == []


@pytest.mark.parametrize("locale", TRANSLATED)
def test_babel_finds_nothing_wrong(locale: str) -> None:
    read = catalog(locale)
    problems = [(message.id, [str(error) for error in errors])
                for message, errors in read.check()]
    assert problems == []
    expected_forms = {"es": 3, "bs": 3}[locale]
    assert read.num_plurals == expected_forms
    assert all(len(m.string) == read.num_plurals for m in read if m.id and m.pluralizable)
