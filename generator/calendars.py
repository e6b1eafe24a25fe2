"""The one calendar writer (RFC 5545, with the icalendar library): every VEVENT CivicSTL sends.

- /calendar.ics: every event of the site, one VEVENT per occurrence (a single event, or one date
  of a series).
- /organizations/<slug>/calendar.ics: the events one organization hosts (only if it hosts any,
  since a calendar must hold at least one component).
- <event page>/calendar.ics: one occurrence, for the page's "Add to calendar" link.
- The RSVP service's .ics (the emails' attachment, the dashboard's download): the time slot a
  person holds, with the slot's own times, and its cancellation (METHOD:CANCEL).

The published files have one UID per occurrence: its id (slug, plus the date for a series
occurrence) at the site's host, so a refreshed subscription updates each event instead of adding
it twice. A person's file has one UID per slot occurrence (the slot's id at the host): booking two
slots of an event leaves two entries, and a cancellation removes only the slot cancelled.
Excepted occurrences of a series stay in the feeds with STATUS:CANCELLED and link to the series
page, which lists the date as cancelled. Times are written in UTC: an occurrence happens once, so
a UTC instant is exact, always valid, and needs no VTIMEZONE block (X-WR-TIMEZONE names the site's
zone for display).

DTSTAMP and LAST-MODIFIED are the time the file was made: the build's one timestamp
(SOURCE_DATE_EPOCH when set, so builds stay reproducible), an email's own time (when it was
queued: its Date header, so a retry resends the same file) or, for a download, the service's
clock. SEQUENCE comes from that same time (`sequence`), so it needs no stored state: a file made
later always supersedes an earlier one, which is what a changed time in the YAML needs to reach
people's calendars, and a cancellation supersedes an invitation made in the same second.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlsplit

import icalendar

from generator.models import Site
from generator.outputs import EventOut, SlotOut

PRODID = "-//CivicSTL//Event calendar//EN"
# SEQUENCE counts half-seconds from here: it stays a 32-bit integer (RFC 5545) until 2058.
SEQUENCE_EPOCH = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)
# How often subscribers should fetch a feed again (RFC 7986, and Outlook's older property).
REFRESH = dt.timedelta(hours=12)


def sequence(made: dt.datetime, *, cancelled: bool = False) -> int:
    """The SEQUENCE of a VEVENT made at `made`: higher for later files and for a cancellation."""
    return max(0, 2 * int((made - SEQUENCE_EPOCH).total_seconds())) + cancelled


def organization_feed_path(slug: str) -> str:
    """The URL path of one organization's calendar feed."""
    return f"/organizations/{slug}/calendar.ics"


def occurrence_uid(site_url: str, occurrence: str) -> str:
    """The UID of one occurrence, or one slot of it, by its id, in every calendar file."""
    return f"{occurrence}@{urlsplit(site_url).hostname or 'civicstl'}"


def _utc(moment: str | dt.datetime) -> dt.datetime:
    when = dt.datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    return when.astimezone(dt.UTC)


def _vevent(site_url: str, event: EventOut, made: dt.datetime, *, cancelled: bool = False,
            held: SlotOut | None = None) -> icalendar.Event:
    base = site_url.rstrip("/")
    made = _utc(made)
    # An excepted series date has no page of its own: its series page says it is cancelled.
    path = f"/events/{event.series}" if cancelled and event.series and held is None \
        else event.path
    vevent = icalendar.Event()
    vevent.add("uid", occurrence_uid(site_url, held.id if held else event.slug))
    vevent.add("dtstamp", made)
    vevent.add("last-modified", made)
    vevent.add("sequence", sequence(made, cancelled=cancelled))
    vevent.add("dtstart", _utc(held.start if held else event.start))
    vevent.add("dtend", _utc(held.end if held else event.end))
    vevent.add("summary", event.title)
    yours = f"Your time slot: {held.time}.\n\n" if held else ""
    slots = "Time slots: " + ", ".join(s.time for s in event.slots) + ". " \
        if len(event.slots) > 1 else ""
    vevent.add("description",
               f"{yours}{event.description_text}\n\n{slots}RSVP: {base}{path}")
    vevent.add("location", event.location)
    vevent.add("url", f"{base}{path}")
    vevent.add("organizer", f"{base}{event.host.link}", parameters={"CN": event.host.name})
    vevent.add("status", "CANCELLED" if cancelled else "CONFIRMED")
    return vevent


def _frame(name: str, timezone: str, *, method: str = "PUBLISH",
           published: bool = True) -> tuple[bytes, bytes]:
    """A VCALENDAR's opening (with its properties) and closing lines, around its VEVENTs."""
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", method)
    cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", timezone)
    if published:
        cal.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
        cal.add("x-published-ttl", icalendar.vDuration(REFRESH))
    text = bytes(cal.to_ical())
    end = b"END:VCALENDAR\r\n"
    assert text.endswith(end)
    return text[: -len(end)], end


def _calendar(name: str, timezone: str, vevents: list[tuple[str, bytes]], *,
              method: str = "PUBLISH", published: bool = True) -> bytes:
    """One VCALENDAR of already serialized VEVENTs, ordered by their sort keys."""
    head, tail = _frame(name, timezone, method=method, published=published)
    return head + b"".join(data for _, data in sorted(vevents)) + tail


def slot_calendar(site_url: str, timezone: str, event: EventOut, slot_id: str,
                  made: dt.datetime, *, cancelled: bool = False) -> bytes:
    """The .ics of a slot for the person holding it (METHOD:CANCEL once they no longer do).

    The slot's own times and UID, its time first in the description; made at `made`.
    """
    [held] = [slot for slot in event.slots if slot.id == slot_id]
    vevent = _vevent(site_url, event, made, cancelled=cancelled, held=held)
    return _calendar(event.title, timezone, [("", bytes(vevent.to_ical()))],
                     method="CANCEL" if cancelled else "PUBLISH", published=False)


def feeds(site: Site, events: list[EventOut], cancelled: list[EventOut],
          organizations: list[str], made: dt.datetime) -> dict[str, bytes]:
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
                 bytes(_vevent(site.url, event, made, cancelled=is_cancelled).to_ical()))
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
