"""iCalendar (.ics) attachments for RSVP confirmations, written by the icalendar library."""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

from icalendar import Calendar, Event, Timezone

from rsvp_service.events import Slot

PRODID = "-//CivicSTL//RSVP service//EN"


@lru_cache(maxsize=16)
def _vtimezone(tzid: str, year: int) -> Timezone:
    # Computing a zone's transitions is slow and the same for every event of a year.
    return Timezone.from_tzid(tzid, first_date=date(year - 1, 1, 1), last_date=date(year + 2, 1, 1))


def rsvp_uid(slot_id: str, email: str) -> str:
    """Return a stable UID for one person's RSVP to one slot (no address in clear)."""
    digest = hashlib.sha256(f"{slot_id}\0{email}".encode()).hexdigest()[:24]
    return f"{slot_id}-{digest}@civicstl.org"


def slot_calendar(slot: Slot, *, email: str, stamp: datetime, description: str) -> bytes:
    """Return a VCALENDAR with the slot as a VEVENT in its own time zone (with VTIMEZONE)."""
    zone = ZoneInfo(slot.timezone)
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("method", "PUBLISH")
    calendar.add_component(_vtimezone(slot.timezone, slot.start.year))
    event = Event()
    event.add("uid", rsvp_uid(slot.id, email))
    event.add("dtstamp", stamp.astimezone(UTC))
    event.add("dtstart", slot.start.astimezone(zone))
    event.add("dtend", slot.end.astimezone(zone))
    event.add("summary", slot.title)
    event.add("description", description)
    if slot.location:
        event.add("location", slot.location)
    calendar.add_component(event)
    return calendar.to_ical()
