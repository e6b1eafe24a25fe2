"""iCalendar (.ics) attachments for RSVP confirmations."""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

from icalendar import Calendar, Event, Timezone

from rsvp_service.events import Slot

PRODID = "-//CivicSTL//RSVP service//EN"
_VEVENT = b"BEGIN:VEVENT\r\n"


@lru_cache(maxsize=16)
def _vtimezone(tzid: str, year: int) -> Timezone:
    # Computing transitions is slow, so each zone is built once per year of events.
    return Timezone.from_tzid(tzid, first_date=date(year - 1, 1, 1), last_date=date(year + 2, 1, 1))


def rsvp_uid(slot_id: str, email: str) -> str:
    """Return a stable UID for one person's RSVP to one slot (no address in clear)."""
    digest = hashlib.sha256(f"{slot_id}\0{email}".encode()).hexdigest()[:24]
    return f"{slot_id}-{digest}@civicstl.org"


def _fold(line: str) -> str:
    """Fold an ASCII content line at 75 octets (RFC 5545, section 3.1)."""
    pieces = [line[:75]] + [" " + line[i : i + 74] for i in range(75, len(line), 74)]
    return "\r\n".join(pieces)


@lru_cache(maxsize=64)
def _slot_template(slot: Slot, description: str) -> bytes:
    # Everything but UID and DTSTAMP is the same for every RSVP to a slot, so the slow
    # icalendar serialisation runs once per slot and the two lines are added per message.
    zone = ZoneInfo(slot.timezone)
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("method", "PUBLISH")
    calendar.add_component(_vtimezone(slot.timezone, slot.start.year))
    event = Event()
    event.add("dtstart", slot.start.astimezone(zone))
    event.add("dtend", slot.end.astimezone(zone))
    event.add("summary", slot.title)
    event.add("description", description)
    if slot.location:
        event.add("location", slot.location)
    calendar.add_component(event)
    return calendar.to_ical()


def slot_calendar(slot: Slot, *, email: str, stamp: datetime, description: str) -> bytes:
    """Return a VCALENDAR with the slot as a VEVENT in its own time zone (with VTIMEZONE)."""
    template = _slot_template(slot, description)
    dtstamp = stamp.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    lines = _fold(f"UID:{rsvp_uid(slot.id, email)}") + f"\r\nDTSTAMP:{dtstamp}\r\n"
    return template.replace(_VEVENT, _VEVENT + lines.encode(), 1)
