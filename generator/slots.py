"""RSVP time slots: parsing "1:00-1:50 PM" labels and deriving slot ids.

The slot id rule (the spec's): the event slug, a dash, then the slot's time label lowercased
with every colon and every run of whitespace turned into a dash. So event
`inclusive-sports-clinic` with time `1:00-1:50 PM` has id
`inclusive-sports-clinic-1-00-1-50-pm`, and `1:00PM-3:00PM` becomes `1-00pm-3-00pm`.
"""

from __future__ import annotations

import datetime as dt
import re

from pydantic_core import PydanticCustomError

_SEPARATORS = re.compile(r"[:\s]+")
_RANGE = re.compile(
    r"^\s*(\d{1,2}):(\d{2})\s*([AaPp][Mm])?\s*-\s*(\d{1,2}):(\d{2})\s*([AaPp][Mm])\s*$"
)


def slot_id(event_slug: str, time_label: str) -> str:
    """Return the RSVP id for one slot of an event (see the module docstring)."""
    return event_slug + "-" + _SEPARATORS.sub("-", time_label.strip().lower())


def _clock(hour: str, minute: str, meridiem: str) -> dt.time:
    h, m = int(hour), int(minute)
    if not 1 <= h <= 12 or m > 59:
        raise ValueError
    h = h % 12 + (12 if meridiem.lower() == "pm" else 0)
    return dt.time(h, m)


def parse_time_range(label: str) -> tuple[dt.time, dt.time]:
    """Parse a label like "1:00-1:50 PM" or "11:30 AM-12:20 PM" into start and end times."""
    match = _RANGE.match(label)
    hint = "Write the time as start-end with AM or PM, for example 1:00-1:50 PM."
    if not match:
        raise PydanticCustomError(
            "content", "expected {expected}, found {found}. {hint}",
            {"expected": "a time range like 1:00-1:50 PM", "found": repr(label), "hint": hint},
        )
    h1, m1, mer1, h2, m2, mer2 = match.groups()
    try:
        start = _clock(h1, m1, mer1 or mer2)
        end = _clock(h2, m2, mer2)
    except ValueError:
        raise PydanticCustomError(
            "content", "expected {expected}, found {found}. {hint}",
            {"expected": "real clock times (hours 1-12, minutes 00-59)", "found": repr(label),
             "hint": hint},
        ) from None
    if end <= start:
        raise PydanticCustomError(
            "content", "expected {expected}, found {found}. {hint}",
            {"expected": "a slot that ends after it starts", "found": repr(label),
             "hint": "Check the hours and AM/PM of both times."},
        )
    return start, end
