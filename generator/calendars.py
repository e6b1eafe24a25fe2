"""The one calendar writer (RFC 5545, with the icalendar library): every VEVENT CivicSTL sends.

- /calendar.ics: every event of the site, one VEVENT per occurrence (a single event, or one date
  of a series).
- /organizations/<slug>/calendar.ics: the events one organization hosts (only if it hosts any,
  since a calendar must hold at least one component).
- <event page>/calendar.ics: one occurrence, for the page's "Add to calendar" link.
- The RSVP service's .ics (the emails' attachment, the dashboard's download): the same
  occurrence's VEVENT, its description naming first the time slot the person holds.

One UID per occurrence, in every file: its id (slug, plus the date for a series occurrence) at
the site's host. A calendar app that holds the feed and an emailed invitation so keeps one event,
and a refreshed subscription updates each event instead of adding it twice.
Excepted occurrences of a series stay in the feeds with STATUS:CANCELLED, so subscribers see the
cancellation. Times are written in UTC: an occurrence happens once, so a UTC instant is exact,
always valid, and needs no VTIMEZONE block (the calendar's X-WR-TIMEZONE names the site's zone
for display). DTSTAMP is the occurrence's start, so each VEVENT is a pure function of the content:
builds are reproducible and every copy of an occurrence's VEVENT carries the same stamp.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlsplit

import icalendar

from generator.models import Site
from generator.outputs import EventOut

PRODID = "-//CivicSTL//Event calendar//EN"


def organization_feed_path(slug: str) -> str:
    """The URL path of one organization's calendar feed."""
    return f"/organizations/{slug}/calendar.ics"


def occurrence_uid(site_url: str, occurrence: str) -> str:
    """The UID of one occurrence (by its slug) in every calendar file of the site."""
    return f"{occurrence}@{urlsplit(site_url).hostname or 'civicstl'}"


def _utc(moment: str) -> dt.datetime:
    return dt.datetime.fromisoformat(moment).astimezone(dt.UTC)


def _vevent(site_url: str, event: EventOut, *, cancelled: bool = False,
            slot_time: str | None = None) -> icalendar.Event:
    base = site_url.rstrip("/")
    vevent = icalendar.Event()
    vevent.add("uid", occurrence_uid(site_url, event.slug))
    vevent.add("dtstamp", _utc(event.start))
    vevent.add("dtstart", _utc(event.start))
    vevent.add("dtend", _utc(event.end))
    vevent.add("summary", event.title)
    yours = f"Your time slot: {slot_time}.\n\n" if slot_time else ""
    slots = "Time slots: " + ", ".join(s.time for s in event.slots) + ". " \
        if len(event.slots) > 1 else ""
    vevent.add("description",
               f"{yours}{event.description_text}\n\n{slots}RSVP: {base}{event.path}")
    vevent.add("location", event.location)
    vevent.add("url", f"{base}{event.path}")
    vevent.add("organizer", f"{base}{event.host.link}", parameters={"CN": event.host.name})
    vevent.add("status", "CANCELLED" if cancelled else "CONFIRMED")
    return vevent


def _frame(name: str, timezone: str) -> tuple[bytes, bytes]:
    """A VCALENDAR's opening (with its properties) and closing lines, around its VEVENTs."""
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", timezone)
    text = bytes(cal.to_ical())
    end = b"END:VCALENDAR\r\n"
    assert text.endswith(end)
    return text[: -len(end)], end


def _calendar(name: str, timezone: str, vevents: list[tuple[str, bytes]]) -> bytes:
    """One VCALENDAR of already serialized VEVENTs, ordered by their sort keys."""
    head, tail = _frame(name, timezone)
    return head + b"".join(data for _, data in sorted(vevents)) + tail


def slot_calendar(site_url: str, timezone: str, event: EventOut, slot_id: str) -> bytes:
    """The .ics of the occurrence holding a slot, for a person who holds that slot.

    It is the event page's file, with the slot's time first in the description: the same UID,
    times and stamp, so a calendar app that also subscribes to the feed shows the event once.
    """
    [slot] = [slot for slot in event.slots if slot.id == slot_id]
    vevent = _vevent(site_url, event, slot_time=slot.time)
    return _calendar(event.title, timezone, [("", bytes(vevent.to_ical()))])


def feeds(site: Site, events: list[EventOut], cancelled: list[EventOut],
          organizations: list[str]) -> dict[str, bytes]:
    """Every calendar file of the build, as {path under public/: bytes}.

    Each VEVENT is serialized once and shared by the site's feed, its host's feed and its own
    file (the three would otherwise triple the build's calendar time).
    """
    every: list[tuple[str, bytes]] = []
    hosted: dict[str, list[tuple[str, bytes]]] = {slug: [] for slug in organizations}
    names: dict[str, str] = {}
    files: dict[str, bytes] = {}
    for event, is_cancelled in [*((e, False) for e in events), *((e, True) for e in cancelled)]:
        entry = (f"{event.start}\0{event.slug}",
                 bytes(_vevent(site.url, event, cancelled=is_cancelled).to_ical()))
        every.append(entry)
        hosted[event.host.slug].append(entry)
        names[event.host.slug] = event.host.name
        if not is_cancelled:
            files[f"public{event.calendar}"] = _calendar(event.title, site.timezone, [entry])
    files["public/calendar.ics"] = _calendar(site.name, site.timezone, every)
    for slug, entries in hosted.items():
        if entries:
            files[f"public{organization_feed_path(slug)}"] = _calendar(
                f"{names[slug]} on {site.name}", site.timezone, entries)
    return files
