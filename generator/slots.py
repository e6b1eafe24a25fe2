"""RSVP time slots: parsing "1:00-1:50 PM" labels and deriving slot ids.

The slot id rule (the spec's): the event slug, a dash, then the slot's time label lowercased
with every colon and every run of whitespace turned into a dash. So event
`inclusive-sports-clinic` with time `1:00-1:50 PM` has id
`inclusive-sports-clinic-1-00-1-50-pm`, and `1:00PM-3:00PM` becomes `1-00pm-3-00pm`.

A time may name the zone's time it is in (`1:30 AM CST`): on the night clocks go back, the hour
before the change happens twice, and only the zone's name says which one is meant
(generator/local_times.py).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import NamedTuple

from pydantic_core import PydanticCustomError

_SEPARATORS = re.compile(r"[:\s]+")
# A zone's abbreviation after a time (CDT, CST), for a time the clocks show twice.
_ZONE = r"(?:\s*([A-Za-z]{3,5}))?"
# A time's minutes may be left out on the hour: 9-11 AM is 9:00-11:00 AM.
_RANGE = re.compile(
    rf"^\s*(\d{{1,2}})(?::(\d{{2}}))?\s*([AaPp][Mm])?{_ZONE}\s*-\s*(\d{{1,2}})(?::(\d{{2}}))?\s*"
    rf"([AaPp][Mm]){_ZONE}\s*$"
)


class ClockRange(NamedTuple):
    """A slot's start and end as the clock shows them, each with the zone name written, if any."""

    start: dt.time
    end: dt.time
    start_zone: str | None
    end_zone: str | None

    def written(self, start_zone: str | None, end_zone: str | None) -> str:
        """The range as a label, with these zone names after its times."""
        def one(time: dt.time, zone: str | None) -> str:
            return clock_text(time) + (f" {zone}" if zone else "")
        return f"{one(self.start, start_zone)}-{one(self.end, end_zone)}"

    def text(self) -> str:
        """The range as pages show it (time_text), or with its zone names when it has any."""
        if self.start_zone or self.end_zone:
            return self.written(self.start_zone, self.end_zone)
        return time_text(self.start, self.end)


def slot_id(event_slug: str, time_label: str) -> str:
    """Return the RSVP id for one slot of an event (see the module docstring)."""
    return event_slug + "-" + _SEPARATORS.sub("-", time_label.strip().lower())


def _clock(hour: str, minute: str | None, meridiem: str) -> dt.time:
    h, m = int(hour), int(minute or 0)
    if not 1 <= h <= 12 or m > 59:
        raise ValueError
    h = h % 12 + (12 if meridiem.lower() == "pm" else 0)
    return dt.time(h, m)


_NO_MERIDIEM = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*$")


def _without_meridiem(label: str) -> str | None:
    """Advice for a range written without AM/PM: 24-hour times converted, 12-hour ones completed."""
    match = _NO_MERIDIEM.match(label)
    if not match:
        return None
    h1, m1, h2, m2 = (int(part or 0) for part in match.groups())
    if max(h1, h2) > 23 or max(m1, m2) > 59:
        return None
    if max(h1, h2) <= 12:
        return (f"Add AM or PM after the end time, for example {h1}:{m1:02d}-{h2}:{m2:02d} PM "
                "(or AM for a morning slot).")
    written = time_text(dt.time(h1, m1), dt.time(h2, m2))
    return f"Use 12-hour times with AM or PM: {label.strip()} is {written}."


def clock_text(time: dt.time) -> str:
    """A clock time as labels write it: 2:30 AM."""
    return f"{(time.hour - 1) % 12 + 1}:{time.minute:02d} {'AM' if time.hour < 12 else 'PM'}"


def time_text(start: dt.time, end: dt.time) -> str:
    """Format a time range compactly: 1:00-3:50 PM, or 11:00 AM-1:00 PM across noon."""
    (s, s_half), (e, e_half) = clock_text(start).split(), clock_text(end).split()
    return f"{s}-{e} {e_half}" if s_half == e_half else f"{s} {s_half}-{e} {e_half}"


def parse_time_range(label: str) -> tuple[dt.time, dt.time]:
    """Parse a label like "1:00-1:50 PM", "11:30 AM-12:20 PM" or "9-11 AM" into start and end."""
    clock = parse_clock_range(label)
    return clock.start, clock.end


def parse_clock_range(label: str) -> ClockRange:
    """Parse a label like "1:00-1:50 PM" or "1:30 AM CDT-1:15 AM CST" into its clock times."""
    match = _RANGE.match(label)
    hint = "Write the time as start-end with AM or PM, for example 1:00-1:50 PM."
    if not match:
        raise PydanticCustomError(
            "content", "expected {expected}, found {found}. {hint}",
            {"expected": "a time range like 1:00-1:50 PM", "found": repr(label),
             "hint": _without_meridiem(label) or hint},
        )
    h1, m1, mer1, zone1, h2, m2, mer2, zone2 = match.groups()
    try:
        start = _clock(h1, m1, mer1 or mer2)
        end = _clock(h2, m2, mer2)
    except ValueError:
        raise PydanticCustomError(
            "content", "expected {expected}, found {found}. {hint}",
            {"expected": "real clock times (hours 1-12, minutes 00-59)", "found": repr(label),
             "hint": hint},
        ) from None
    # With a zone named, the clock times alone cannot say (1:30 AM CDT-1:10 AM CST is 40 minutes):
    # the check compares the real moments on the event's dates.
    if end <= start and not (zone1 or zone2):
        raise PydanticCustomError(
            "content", "expected {expected}, found {found}. {hint}",
            {"expected": "a slot that ends after it starts", "found": repr(label),
             "hint": "Check the hours and AM/PM of both times."},
        )
    return ClockRange(start, end, zone1 and zone1.upper(), zone2 and zone2.upper())
