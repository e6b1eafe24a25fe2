"""The locales, their catalogs, and translating in the language of the work at hand."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path

from babel import Locale, UnknownLocaleError, negotiate_locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

# English is the source (msgid = English text) and the default. One list: adding `vi` or `ar`
# is a catalog and an entry here.
DEFAULT = "en"
LOCALES: tuple[str, ...] = ("en", "es", "bs")
CATALOGS = Path(__file__).resolve().parent.parent / "locales"
# A header longer than this is not a browser's; only its start is read.
MOST_HEADER = 512

_CURRENT: ContextVar[str] = ContextVar("civicstl_language", default=DEFAULT)


def N_(message: str) -> str:
    """Mark a sentence for the catalogs and keep it as is (translated where it is shown)."""
    return message


@cache
def _translations(locale: str) -> NullTranslations:
    # Read once per process from the .po text: the catalogs are small, and no compiled .mo is
    # kept in the repository to drift from its source. Untranslated entries fall back to English.
    path = CATALOGS / locale / "LC_MESSAGES" / "messages.po"
    if locale == DEFAULT or not path.exists():
        return NullTranslations()
    with path.open("rb") as source:
        catalog = read_po(source, locale=locale)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


def direction(language: str) -> str:
    """The writing direction of a language, for `dir` ("rtl" for Arabic, else "ltr")."""
    return "rtl" if Locale.parse(language).character_order == "right-to-left" else "ltr"


def supported(language: str) -> bool:
    """Whether a language tag is one of LOCALES."""
    return language in LOCALES


def _tags(header: str) -> list[str]:
    """The header's language tags, most preferred first (q=0 dropped, order kept on ties)."""
    weighted = []
    for position, part in enumerate(header[:MOST_HEADER].split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and tag != "*" and quality > 0:
            weighted.append((-quality, position, tag.strip()))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(header: str | None) -> str:
    """The best of LOCALES for an Accept-Language header (English when none fits)."""
    if not header:
        return DEFAULT
    preferred = []
    for tag in _tags(header):
        try:
            preferred.append(str(Locale.parse(tag, sep="-")))
        except (ValueError, UnknownLocaleError):
            continue
    return negotiate_locale(preferred, LOCALES) or DEFAULT


def current() -> str:
    """The language of the work at hand (the request's, or the email's recipient's)."""
    return _CURRENT.get()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Run a block in a language (an unsupported one is English)."""
    token = _CURRENT.set(language if supported(language) else DEFAULT)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def translate(message: str, language: str) -> str:
    """A sentence in a language (English when the catalog has no translation)."""
    return _translations(language).gettext(message)


def gettext(message: str) -> str:
    """A sentence in the language of the work at hand."""
    return translate(message, current())


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural sentence for a count, by the language's plural rules."""
    return _translations(current()).ngettext(singular, plural, count)


def language_names() -> str:
    """The supported languages, named and listed ("English, Spanish, or Bosnian") as spoken now."""
    here = current()
    names = [Locale.parse(tag).get_display_name(here) or tag for tag in LOCALES]
    return format_list(names, style="or", locale=here)
