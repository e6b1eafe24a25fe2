"""How a calendar app takes in an .ics file, for the tests that read calendar files as one does."""

from __future__ import annotations

import icalendar


def take_in(calendar: icalendar.Calendar, data: bytes) -> None:
    """Apply a file as calendar apps do: by UID, a higher SEQUENCE wins; CANCEL removes."""
    incoming = icalendar.Calendar.from_ical(data)
    for vevent in incoming.walk("VEVENT"):
        uid, sequence = str(vevent["UID"]), int(vevent.get("SEQUENCE", 0))
        held = [c for c in calendar.subcomponents if str(c.get("UID")) == uid]
        if any(int(c.get("SEQUENCE", 0)) >= sequence for c in held):
            continue
        calendar.subcomponents[:] = [c for c in calendar.subcomponents if c not in held]
        if incoming["METHOD"] != "CANCEL":
            calendar.add_component(vevent)
