"""Checks of events: hosts, slots, series rules and the home page's featured event."""

from __future__ import annotations

import datetime as dt
import difflib
from zoneinfo import ZoneInfo

from generator.checks.run import (
    Draft,
    Entry,
    Run,
)
from generator.local_times import LocalTimeError, slot_moments
from generator.models import ADULT_AGE, Event
from generator.series import COUNT_LIMIT, MAX_OCCURRENCES, expand, first_start, occurrence_id
from generator.series import size as series_size
from generator.slots import parse_time_range, slot_id


def check_events(run: Run, project: Draft) -> None:
    """Check every event: its host, its time slots and its series rule."""
    zone = ZoneInfo(project.site.model.timezone if project.site else "America/Chicago")
    owners: dict[str, str] = {}  # slot id -> the event file that has it
    for entry in project.salvaged:
        if isinstance(entry.model, Event):
            _check_host(run, project, entry)
    for slug, entry in project.events.items():
        event = entry.model
        _check_host(run, project, entry)
        days = [event.date]
        if event.is_series:
            days = _check_series(run, project, slug, entry, zone)
        elif extra := [f for f in ("until", "count", "except_") if getattr(event, f)]:
            name = extra[0].rstrip("_")
            run.error(entry.doc, (name,), "`repeat:` with a rule, for a field of a series",
                      f"`{name}:` on an event without `repeat:`",
                      "Add the series' rule as `repeat:`, or remove this line.", key=True)
        _check_before_you_go(run, entry)
        _check_local_times(run, entry, days, zone)
        for day in days:
            base = occurrence_id(slug, day) if event.is_series else slug
            ids: dict[str, int] = {}
            for i, slot in enumerate(event.slots):
                sid = slot_id(base, slot.time)
                if sid in ids:
                    run.error(entry.doc, ("slots", i, "time"), "a time different from other slots",
                              f"{slot.time!r}, the same as slot {ids[sid] + 1}",
                              "Each slot needs its own time.")
                elif sid in owners:
                    run.error(entry.doc, ("slots", i, "time"),
                              "a slot id that no other event's slot has",
                              f"{sid!r}, also a slot id of {owners[sid]}.yaml",
                              "Rename one of the two event files: a slot id is made of the file "
                              "name, the date for a series, and the time.")
                ids[sid] = i
                owners.setdefault(sid, slug)
    if project.site is None:
        return
    guest = project.site.model.guest_rsvp_event
    guest_entry = project.events.get(guest)
    if guest_entry is None and guest in project.event_slugs:
        return  # the event file has its own errors, reported already
    if guest_entry is None:
        run.error(project.site.doc, ("guest_rsvp_event",), "the slug of a file in content/events/",
                  repr(guest), "Name the event the Event Feed's RSVP form is for.")
    elif (ge := guest_entry.model).rsvp != "guest" or len(ge.slots) != 1 or ge.is_series:
        run.error(project.site.doc, ("guest_rsvp_event",),
                  "an event with `rsvp: guest` and exactly one slot, not a series",
                  f"{guest!r} with rsvp {ge.rsvp} and {len(ge.slots)} slots"
                  + (", a series" if ge.is_series else ""),
                  "The guest form RSVPs for one slot without an account; fix the event file.")


def _check_local_times(run: Run, entry: Entry[Event], days: list[dt.date],
                       zone: ZoneInfo) -> None:
    """Each slot is one real moment on each date: daylight saving skips an hour and repeats one."""
    for i, slot in enumerate(entry.model.slots):
        for day in days:
            try:
                slot_moments(slot.time, day, zone)
            except LocalTimeError as problem:
                hint = problem.series_hint if entry.model.is_series else problem.hint
                run.error(entry.doc, ("slots", i, "time"), problem.expected, problem.found, hint)
                break  # a slot's first such date says it; a series has more of the same


def _check_before_you_go(run: Run, entry: Entry[Event]) -> None:
    notes = entry.model.before_you_go
    if notes is None or not notes.guardian_consent or notes.minimum_age is None:
        return
    if notes.minimum_age >= ADULT_AGE:
        run.error(entry.doc, ("before_you_go", "guardian_consent"),
                  f"`guardian_consent: true` only with a minimum age under {ADULT_AGE}",
                  f"`guardian_consent: true` with `minimum_age: {notes.minimum_age}`",
                  f"Guardian consent is for volunteers under {ADULT_AGE}, and this event takes "
                  f"none: remove `guardian_consent:`, or lower `minimum_age:` if minors may come.",
                  key=True)


def _check_host(run: Run, project: Draft, entry: Entry[Event]) -> None:
    host = getattr(entry.model, "host", None)
    if host is None or host in project.org_slugs:
        return
    same = sorted(s for s in project.org_slugs if s.lower() == host.lower())
    by_lower = {s.lower(): s for s in sorted(project.org_slugs)}
    close = same or [by_lower[c] for c in difflib.get_close_matches(host.lower(), by_lower, n=1)]
    hint = "Use the host's file name without .yaml."
    if same:
        hint = f"Did you mean {same[0]}? Write the file name exactly, letter case included."
    elif close:
        hint = f"Did you mean {close[0]}? {hint}"
    run.error(entry.doc, ("host",), "the slug of a file in content/organizations/", repr(host),
              hint)


def check_featured(run: Run, project: Draft, now: dt.datetime) -> None:
    """The home page's featured event must exist; one that has ended is only a warning, since
    the button then names the next upcoming event."""
    home = project.pages.get("home")
    featured = home.model.featured if home is not None else None
    if home is None or featured is None:
        return
    if featured not in project.event_slugs:
        run.error(home.doc, ("featured",), "the file name of an event or series in content/events/",
                  repr(featured), "Name an upcoming event or series, or remove `featured:`.")
        return
    entry = project.events.get(featured)
    if entry is None:
        return  # the event file has its own errors, reported already
    dates, cancelled = project.series.get(featured, ([entry.model.date], []))
    days = [d for d in dates if d not in cancelled]
    zone = ZoneInfo(project.site.model.timezone if project.site else "America/Chicago")
    last = max(parse_time_range(slot.time)[1] for slot in entry.model.slots)
    if days and dt.datetime.combine(days[-1], last, zone) > now:
        return
    ended = f"on {days[-1]}" if days else "with no date left"
    run.warn(home.doc, ("featured",),
             f"{featured!r} ended {ended}; the home page's button names the next upcoming event "
             "instead. Name an upcoming event or series, or remove `featured:`.")


def _check_series(run: Run, project: Draft, slug: str, entry: Entry[Event],
                  zone: ZoneInfo) -> list[dt.date]:
    """Expand a series' rule; report an endless series and excepted dates it never has."""
    event, doc = entry.model, entry.doc
    assert event.repeat is not None
    if event.until is None and event.count is None:
        run.error(doc, ("repeat",), "a series with an end: `until:` (a date) or `count:`",
                  f"the rule {event.repeat!r} with neither",
                  "Add `until: 2027-06-30` or `count: 12` on its own line; a series without an "
                  "end would add pages forever.")
        return []
    if event.until is not None and event.count is not None:
        run.error(doc, ("count",), "either `until:` or `count:`", "both",
                  "Keep the one you mean and remove the other.", key=True)
        return []
    if event.until is not None and event.until < event.date:
        run.error(doc, ("until",), f"a date on or after the first date {event.date}",
                  str(event.until), "Fix the last date of the series.")
        return []
    days, cancelled = expand(event.repeat, event.date, first_start([s.time for s in event.slots]),
                             zone, until=event.until, count=event.count, excepted=event.except_)
    if not days or days[0] != event.date:
        found = f"{event.date} ({event.date:%A}), which the rule skips" + (
            f"; its first date would be {days[0]} ({days[0]:%A})" if days else "")
        run.error(doc, ("date",), "the first date of the series, a day the rule gives", found,
                  "Set `date:` to the first day the series really meets.")
        return []
    if len(days) > MAX_OCCURRENCES:
        if event.count is not None:
            run.error(doc, ("count",), f"a series of at most {MAX_OCCURRENCES} dates",
                      f"`count: {event.count}`, which makes {event.count:,} dates",
                      f"The limit is {MAX_OCCURRENCES} dates: lower `count:`, or split the "
                      "series into several files.")
        else:
            assert event.until is not None
            total = series_size(event.repeat, event.date,
                                first_start([s.time for s in event.slots]), zone, event.until)
            made = f"{total:,}" if total < COUNT_LIMIT else f"more than {COUNT_LIMIT:,}"
            run.error(doc, ("repeat",), f"a series of at most {MAX_OCCURRENCES} dates",
                      f"a rule that makes {made} dates up to {event.until}",
                      f"The limit is {MAX_OCCURRENCES}: add an earlier `until:` or write "
                      f"`count:` instead (at most {MAX_OCCURRENCES}), or split the series.")
        return []
    for i, day in enumerate(event.except_):
        if day not in cancelled:
            run.error(doc, ("except", i), "a date the series meets on", f"{day} ({day:%A})",
                      "Check the date against the rule; only a real occurrence can be cancelled.")
    project.series[slug] = (days, cancelled)
    return [d for d in days if d not in cancelled]
