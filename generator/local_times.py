"""Where a slot's clock times fall on a date in the site's time zone, daylight saving included.

On the night clocks spring forward, an hour of clock times never happens (2:30 AM in St. Louis
on the second Sunday of March); on the night they fall back, an hour happens twice (1:30 AM on
the first Sunday of November, once as CDT and an hour later as CST). A slot's time must be one
real moment: a missing time is refused, and a repeated one must name its zone's time
(`1:30 AM CST-2:30 AM`), so that the stored start and end are exactly what the host meant.
"""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple
from zoneinfo import ZoneInfo

from generator.slots import ClockRange, clock_text, parse_clock_range


class LocalTimeError(ValueError):
    """A slot's time that is not one moment on a date: what was expected, found, and the fix."""

    def __init__(self, expected: str, found: str, hint: str, series_hint: str) -> None:
        super().__init__(f"expected {expected}, found {found}. {hint}")
        self.expected, self.found, self.hint = expected, found, hint
        # For a series, whose label is the same on every date: the fix that keeps other dates.
        self.series_hint = series_hint


def day_text(day: dt.date) -> str:
    """A date as a sentence says it: Sunday, March 8, 2026."""
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def slot_moments(label: str, day: dt.date, zone: ZoneInfo) -> tuple[dt.datetime, dt.datetime]:
    """The real start and end of a slot on `day`; LocalTimeError if either is not one moment."""
    clock = parse_clock_range(label)
    start = _moment(clock, day, zone, end=False)
    end = _moment(clock, day, zone, end=True)
    # Moments in one zone compare and subtract by their clock times: in UTC, by the real ones.
    length = end.astimezone(dt.UTC) - start.astimezone(dt.UTC)
    if length <= dt.timedelta():
        raise LocalTimeError(
            "a slot that ends after it starts", f"{label!r}, which on {day_text(day)} ends "
            f"{_minutes(-length)} before it starts" if length else f"{label!r}, which on "
            f"{day_text(day)} ends when it starts",
            "Check the hours, AM or PM and the zone names of both times.",
            "Check the hours, AM or PM and the zone names of both times.")
    return start, end


def _minutes(delta: dt.timedelta) -> str:
    minutes = int(delta.total_seconds()) // 60
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


class _Change(NamedTuple):
    """A change of the clocks: the clock time and zone name just before it, and just after."""

    before: dt.time
    before_name: str
    after: dt.time
    after_name: str

    def jump(self) -> str:
        """From 2:00 to 3:00 AM (the first AM or PM left out when both have it)."""
        before, after = clock_text(self.before), clock_text(self.after)
        if before[-2:] == after[-2:]:
            before = before[:-3]
        return f"from {before} to {after}"


def _moment(clock: ClockRange, day: dt.date, zone: ZoneInfo, *, end: bool) -> dt.datetime:
    time, written = (clock.end, clock.end_zone) if end else (clock.start, clock.start_zone)
    naive = dt.datetime.combine(day, time)
    # PEP 495: fold 0 reads a clock time with the offset before a change, fold 1 with the one
    # after; a real moment reads back as the same clock time.
    readings = [naive.replace(tzinfo=zone, fold=fold) for fold in (0, 1)]
    real = [m for m in readings
            if m.astimezone(dt.UTC).astimezone(zone).replace(tzinfo=None) == naive]
    when = f"{clock_text(time)} on {day_text(day)}"
    if not real:
        change = _change(readings, zone)
        before, after = clock_text(change.before), clock_text(change.after)
        raise LocalTimeError(
            f"a time that exists in {zone.key}",
            f"{when}, which does not exist in {zone.key}: clocks jump {change.jump()}",
            f"Pick a time before {before} or from {after}.",
            f"This series meets at that time on other dates too: add {day} to `except:`, or "
            f"pick a time before {before} or from {after}.")
    names = [m.tzname() or "" for m in real]
    if written is not None:
        if written in names:
            return real[names.index(written)]
        allowed = " or ".join(dict.fromkeys(names))
        raise LocalTimeError(
            f"{allowed}, the name of {zone.key}'s time at {when}", repr(written),
            f"Write {allowed} after {clock_text(time)}, or no zone at all: a zone is needed "
            "only for a time that happens twice.",
            "A zone name holds for every date of the series: remove it, and cancel the date the "
            "clocks go back with `except:` if the slot falls in the hour that happens twice.")
    if len(real) == 2 and real[0].utcoffset() != real[1].utcoffset():
        change = _change(real, zone)
        first, second = names
        example = clock.written(None, first) if end else clock.written(first, clock.end_zone)
        raise LocalTimeError(
            f"a time that happens once in {zone.key}",
            f"{when}, which happens twice in {zone.key}: clocks go back from "
            f"{clock_text(change.before)} {change.before_name} to {clock_text(change.after)} "
            f"{change.after_name}",
            f"Say which: write {clock_text(time)} {first} for the first, before clocks go back, "
            f"or {clock_text(time)} {second} for the second, as in {example}.",
            f"This series meets at that time on other dates too: add {day} to `except:`, or "
            f"move the slot out of the hour from {clock_text(change.after)} to "
            f"{clock_text(change.before)}.")
    return real[0]


def _change(readings: list[dt.datetime], zone: ZoneInfo) -> _Change:
    """The change of the clocks between two readings of one clock time."""
    low, high = sorted(m.astimezone(dt.UTC) for m in readings)
    old = low.astimezone(zone)
    # The change lies between the two readings: halve the interval down to a second.
    while high - low > dt.timedelta(seconds=1):
        middle = low + (high - low) / 2
        low, high = ((middle, high) if middle.astimezone(zone).utcoffset() == old.utcoffset()
                     else (low, middle))
    new = high.astimezone(zone)
    offset = old.utcoffset() or dt.timedelta()
    before = (high + offset).time()
    return _Change(before, old.tzname() or "", new.time(), new.tzname() or "")
