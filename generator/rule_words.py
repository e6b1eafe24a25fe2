"""A series' repeat rule said in words, for its overview page: "Every second Saturday of the month".

Only the rules the content guide documents are said (every N days; weekly on some days, every
N weeks; monthly on the Nth weekday or on a day of the month); for any other rule the page lists
the dates alone, which is always right. Imports nothing of the generator.
"""

from __future__ import annotations

import datetime as dt
import re

_DAY_NAMES = {"MO": "Monday", "TU": "Tuesday", "WE": "Wednesday", "TH": "Thursday",
              "FR": "Friday", "SA": "Saturday", "SU": "Sunday"}
_NTH = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last"}
_BYDAY = re.compile(r"^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$")
# Parts that change which dates a rule gives, beyond what the words below say.
_SAID = {"FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "WKST"}


def _joined(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _every(interval: int, unit: str) -> str:
    """Every week, every other week, every 3 weeks."""
    if interval == 1:
        return f"Every {unit}"
    return f"Every other {unit}" if interval == 2 else f"Every {interval} {unit}s"


def _ordinal(day: int) -> str:
    suffix = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def rule_text(rule: str, first: dt.date) -> str | None:
    """The rule in words (the first date gives a plain weekly rule its day); None if not simple."""
    parts: dict[str, str] = {}
    for part in rule.upper().removeprefix("RRULE:").split(";"):
        name, _, value = (p.strip() for p in part.partition("="))
        if name:
            parts[name] = value
    if set(parts) - _SAID or not parts.get("INTERVAL", "1").isdigit():
        return None
    freq, interval = parts.get("FREQ"), int(parts.get("INTERVAL", "1"))
    days = [m for d in parts["BYDAY"].split(",") if (m := _BYDAY.match(d))] \
        if "BYDAY" in parts else []
    if "BYDAY" in parts and len(days) != parts["BYDAY"].count(",") + 1:
        return None
    if freq == "DAILY" and not days and "BYMONTHDAY" not in parts:
        return _every(interval, "day")
    if freq == "WEEKLY" and "BYMONTHDAY" not in parts and not any(m[1] for m in days):
        names = [_DAY_NAMES[m[2]] for m in days] or [f"{first:%A}"]
        return f"{_every(interval, 'week')} on {_joined(names)}"
    if freq != "MONTHLY" or interval != 1:
        return None
    if len(days) == 1 and days[0][1] and "BYMONTHDAY" not in parts:
        nth = _NTH.get(int(days[0][1]))
        return f"Every {nth} {_DAY_NAMES[days[0][2]]} of the month" if nth else None
    day = parts.get("BYMONTHDAY", str(first.day))
    if not days and day.isdigit() and 1 <= int(day) <= 28:
        return f"Every month on the {_ordinal(int(day))}"
    return None
