"""Dates and times as the language at hand writes them (Babel's CLDR data, issue 41).

One place for every date and time a person reads from the service: emails, their subjects, the
hours PDF. Datetimes are written in their own offset, which is the event's place: the service
keeps them so (events.json's slots) or converts them before calling.
"""

from __future__ import annotations

from datetime import date, datetime

from babel import Locale
from babel.dates import format_date, format_interval, format_time

from rsvp_service.i18n.catalogs import current


def full_date(day: date | datetime) -> str:
    """A date with its weekday: "Friday, March 28, 2025", "viernes, 28 de marzo de 2025"."""
    return format_date(day, "full", locale=current())


def long_date(day: date | datetime) -> str:
    """A date in words: "January 12, 2027", "12 de enero de 2027", "12. januar 2027."."""
    return format_date(day, "long", locale=current())


def short_date(day: date | datetime) -> str:
    """A date abbreviated: "Jan 12, 2027", "12 ene 2027", "12. jan 2027."."""
    return format_date(day, "medium", locale=current())


def clock_time(moment: datetime) -> str:
    """A time of day on the language's clock: "6:10 PM", "18:10"."""
    return format_time(moment, "short", locale=current())


def time_range(start: datetime, end: datetime) -> str:
    """From-to times on the language's clock: "6:00 – 7:30 PM", "18:00–19:30"."""
    language = current()
    # The locale's own clock: a 12-hour skeleton where its short time has one, else 24 hours.
    twelve = "h" in Locale.parse(language).time_formats["short"].pattern
    return format_interval(start, end, "hm" if twelve else "Hm", locale=language)
