"""Calendar feeds (RFC 5545, written with the icalendar library) for subscribing and downloading.

- /calendar.ics: every event of the site, one VEVENT per event or series occurrence.
- /organizations/<slug>/calendar.ics: the events one organization hosts (only if it hosts any,
  since a calendar must hold at least one component).
- <event page>/calendar.ics: one event, for the page's "Add to calendar" link.

UIDs are the event's id (slug, plus the date for a series occurrence) at the site's host, so a
calendar app that refreshes a subscription updates each event instead of adding it twice.
Excepted occurrences of a series stay in the feeds with STATUS:CANCELLED, so subscribers see the
cancellation. Times are written in UTC (always valid, no VTIMEZONE block needed); DTSTAMP is the
event's start, so the output stays a pure function of the content and builds are reproducible.
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


def _utc(moment: str) -> dt.datetime:
    return dt.datetime.fromisoformat(moment).astimezone(dt.UTC)


def _vevent(site: Site, event: EventOut, *, cancelled: bool) -> icalendar.Event:
    host = urlsplit(site.url).hostname or "civicstl"
    base = site.url.rstrip("/")
    vevent = icalendar.Event()
    vevent.add("uid", f"{event.slug}@{host}")
    vevent.add("dtstamp", _utc(event.start))
    vevent.add("dtstart", _utc(event.start))
    vevent.add("dtend", _utc(event.end))
    vevent.add("summary", event.title)
    slots = "Time slots: " + ", ".join(s.time for s in event.slots) + ". " \
        if len(event.slots) > 1 else ""
    vevent.add("description", f"{event.description}\n\n{slots}RSVP: {base}{event.path}")
    vevent.add("location", event.location)
    vevent.add("url", f"{base}{event.path}")
    vevent.add("organizer", f"{base}{event.host.link}", parameters={"CN": event.host.name})
    vevent.add("status", "CANCELLED" if cancelled else "CONFIRMED")
    return vevent


def _frame(site: Site, name: str) -> tuple[bytes, bytes]:
    """A VCALENDAR's opening (with its properties) and closing lines, around its VEVENTs."""
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", site.timezone)
    text = bytes(cal.to_ical())
    end = b"END:VCALENDAR\r\n"
    assert text.endswith(end)
    return text[: -len(end)], end


def _calendar(site: Site, name: str, vevents: list[tuple[str, bytes]]) -> bytes:
    """One VCALENDAR of already serialized VEVENTs, ordered by their sort keys."""
    head, tail = _frame(site, name)
    return head + b"".join(data for _, data in sorted(vevents)) + tail


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
                 bytes(_vevent(site, event, cancelled=is_cancelled).to_ical()))
        every.append(entry)
        hosted[event.host.slug].append(entry)
        names[event.host.slug] = event.host.name
        if not is_cancelled:
            files[f"public{event.calendar}"] = _calendar(site, event.title, [entry])
    files["public/calendar.ics"] = _calendar(site, site.name, every)
    for slug, entries in hosted.items():
        if entries:
            files[f"public{organization_feed_path(slug)}"] = _calendar(
                site, f"{names[slug]} on {site.name}", entries)
    return files
