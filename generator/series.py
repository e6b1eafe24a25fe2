"""Series of events: RFC 5545 recurrence rules expanded into dated occurrences.

An event file with `repeat:` (an RRULE such as FREQ=MONTHLY;BYDAY=3SA) describes a series that
starts on `date:` and ends with `until:` (a date) or after `count:` occurrences. `except:` dates are
occurrences that do not take place; calendars show them as cancelled. The rule is expanded with
python-dateutil in the site's time zone, from the first slot's local start time, so every
occurrence keeps its wall-clock time across daylight-saving changes.

Each occurrence is an event of its own: its id is the series slug, a dash and its date
(`keen-sports-2026-12-19`), and its slot ids follow the spec's rule from that id
(`keen-sports-2026-12-19-10-00-10-50-am`).
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from zoneinfo import ZoneInfo

from dateutil.rrule import rrule, rrulestr
from pydantic_core import PydanticCustomError

from generator.slots import parse_time_range

# A series longer than this is almost always a typo in UNTIL or COUNT (and thousands of pages).
MAX_OCCURRENCES = 400
# Counting a too-long series' dates stops here (a daily rule over 270 years), to name its size.
COUNT_LIMIT = 100_000
# A series meets on days: a rule repeating within a day is a mistake, refused by its name.
_TOO_OFTEN = {"HOURLY": "hour", "MINUTELY": "minute", "SECONDLY": "second"}
_FORBIDDEN_PARTS = {"UNTIL": "until", "COUNT": "count", "DTSTART": "date"}
_EXAMPLE = "an RFC 5545 rule such as FREQ=MONTHLY;BYDAY=3SA"
# What a rule's typo is compared with: the parts and values a series of days uses.
_PARTS = ("FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "BYYEARDAY",
          "BYWEEKNO", "WKST")
_FREQUENCIES = ("DAILY", "WEEKLY", "MONTHLY", "YEARLY")
_DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_BYDAY = re.compile(r"^([+-]?\d{0,2})([A-Z]+)$")


def _rule_error(found: str, hint: str) -> PydanticCustomError:
    return PydanticCustomError(
        "content", "expected {expected}, found {found}. {hint}",
        {"expected": _EXAMPLE, "found": found, "hint": hint},
    )


def _parse(rule: str, start: dt.datetime) -> rrule:
    parsed = rrulestr(rule, dtstart=start)
    if not isinstance(parsed, rrule):  # several lines (EXDATE, RDATE) make an rruleset
        raise ValueError("more than one rule")
    return parsed


def check_rule(rule: str) -> None:
    """Refuse a rule dateutil cannot parse, or one that sets what has its own field."""
    parts = [p for p in rule.removeprefix("RRULE:").split(";") if p]
    for part in parts:
        name = part.split("=", 1)[0].strip().upper()
        value = part.split("=", 1)[-1].strip().upper()
        if name == "FREQ" and value in _TOO_OFTEN:
            raise _rule_error(
                repr(rule),
                f"FREQ={value} repeats every {_TOO_OFTEN[value]}, but a series meets on days: "
                "use FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, and put the times in `slots:`.",
            )
        if name in _FORBIDDEN_PARTS:
            field = _FORBIDDEN_PARTS[name]
            raise _rule_error(
                repr(rule),
                f"Remove {name} from the rule and write it as `{field}:` on its own line.",
            )
    try:
        _parse(rule, dt.datetime(2000, 1, 1))
    except (ValueError, TypeError) as exc:
        raise _rule_error(
            f"{rule!r} ({exc})",
            _did_you_mean(parts)
            + "Write FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, then parts such as ;INTERVAL=2 or "
            ";BYDAY=3SA, separated by semicolons (see content/README.md).",
        ) from None


def _did_you_mean(parts: list[str]) -> str:
    """The first misspelled part of a rule, spelled right ("Did you mean FREQ=WEEKLY? "), or ""."""
    for part in parts:
        name, _, value = (p.strip().upper() for p in part.partition("="))
        if name not in _PARTS:
            close = difflib.get_close_matches(name, _PARTS, n=1)
            if close:
                return f"Did you mean {close[0]}={value}? "
            continue
        if name == "FREQ" and value not in _FREQUENCIES:
            close = difflib.get_close_matches(value, _FREQUENCIES, n=1)
            if close:
                return f"Did you mean FREQ={close[0]}? "
        days = [m for day in value.split(",") if (m := _BYDAY.match(day.strip()))]
        # TUE or SAT: a day's first two letters are its name in a rule.
        if name == "BYDAY" and len(days) == value.count(",") + 1 and (
                any(m[2] not in _DAYS for m in days) and all(m[2][:2] in _DAYS for m in days)):
            fixed = ",".join(m[1] + m[2][:2] for m in days)
            return f"Did you mean BYDAY={fixed}? Days are two letters: {', '.join(_DAYS)}. "
    return ""


def occurrence_id(series: str, day: dt.date) -> str:
    """The id (and URL segment) of one occurrence of a series."""
    return f"{series}-{day.isoformat()}"


def expand(rule: str, first: dt.date, start: dt.time, zone: ZoneInfo, *,
           until: dt.date | None, count: int | None,
           excepted: list[dt.date]) -> tuple[list[dt.date], list[dt.date]]:
    """Every date the rule gives from `first` (bounded by until or count), split by `excepted`.

    Returns (all dates of the rule, of which the excepted ones are cancelled). Callers have
    checked that the series has an end.
    """
    begin = dt.datetime.combine(first, start, zone)
    parsed = _parse(rule, begin)
    if until is not None:
        parsed = parsed.replace(until=dt.datetime.combine(until, dt.time(23, 59, 59), zone))
    elif count is not None:
        parsed = parsed.replace(count=count)
    days: list[dt.date] = []
    for moment in parsed:
        days.append(moment.date())
        if len(days) > MAX_OCCURRENCES:
            break
    return days, sorted(set(excepted) & set(days))


def size(rule: str, first: dt.date, start: dt.time, zone: ZoneInfo, until: dt.date) -> int:
    """How many dates a rule gives from `first` to `until`, counted up to COUNT_LIMIT."""
    begin = dt.datetime.combine(first, start, zone)
    parsed = _parse(rule, begin).replace(
        until=dt.datetime.combine(until, dt.time(23, 59, 59), zone))
    total = 0
    for _ in parsed:
        total += 1
        if total >= COUNT_LIMIT:
            break
    return total


def first_start(slots_times: list[str]) -> dt.time:
    """The local time the series' rule is anchored at: its earliest slot's start."""
    return min(parse_time_range(t)[0] for t in slots_times)
