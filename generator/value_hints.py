"""Hints for values YAML read differently from what the editor meant.

YAML guesses a type from how a value looks: `#1f4e8c` after a colon is a comment, `10:00` is the
number 600, `yes` is true, `- item` lines are a list. Each function here gets the value as YAML
read it and the source line it came from, and says what happened and what to write instead.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from typing import Any

# (expected, found, hint) of one content error.
Advice = tuple[str, str, str]

_KEY_VALUE = re.compile(r"^\s*(?:-\s+)?(?P<key>[^:#]+?):(?:\s|$)")
_CLOCK = re.compile(r"^\d{1,2}:\d{2}")
_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_DATE_AND_TIME = re.compile(r"^(\d{4}-\d{2}-\d{2})[ T]+\d")
_US_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")


def _scalar(line: str, column: int) -> str:
    """The text of the plain scalar starting at `column` (1-based) of `line`, as written."""
    text = line[column - 1:]
    text = re.split(r"\s#", text, maxsplit=1)[0]
    if line[:column - 1].rstrip().endswith(("[", ",", "{")) or "[" in line[:column - 1]:
        text = re.split(r"[,\]}]", text, maxsplit=1)[0]  # an item of a [flow, list]
    return text.strip()


def quoted(value: str) -> str:
    """`value` as a quoted YAML scalar: double quotes, or single ones if it holds double quotes."""
    if '"' in value and "'" not in value:
        return f"'{value}'"
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def not_text(name: str | int, value: Any, key_line: str, value_line: str, column: int) -> Advice:
    """A field (or, when `name` is an index, a list item) that holds text got something else.

    `key_line` is the line of the field's name; the value starts at `column` of `value_line`.
    """
    match = _KEY_VALUE.match(key_line)
    key = match["key"].strip() if match and isinstance(name, str) else str(name)
    write = "- " if isinstance(name, int) else f"{key}: "
    after = "after the `- `" if isinstance(name, int) else f"after `{key}:`"
    if value is None:
        comment = re.search(r"(?:^|\s)(#.*)$", key_line[match.end("key") + 1:] if match else "")
        if comment:
            # `primary: #1f4e8c`: YAML treats everything from `#` on as a comment.
            raw = comment[1].strip()
            return (
                "text", f"nothing, because YAML reads {raw!r} as a comment (it starts with #)",
                f"Put the value in double quotes: {write}{quoted(raw)}",
            )
        drop = "the empty item" if isinstance(name, int) else "the line if the field is optional"
        return ("text", "nothing", f"Write the text {after} on the same line, or delete {drop}.")
    if isinstance(value, list):
        return (
            "one piece of text, not a list",
            f"a list of {len(value)} item{'s' if len(value) != 1 else ''}",
            f"Write the text {after} on one line, for example `{write}One short sentence.`, "
            "and remove the `- ` in front of each line (join the items into one sentence, or use "
            "`>-` for a long text).",
        )
    if isinstance(value, dict):
        if len(value) == 1:
            inner, content = next(iter(value.items()))
            text = f"{inner}: {content}" if content is not None else f"{inner}:"
            return (
                "text", f"a field {text!r}, because YAML reads a colon followed by a space as "
                "the start of a field",
                f"Wrap the text in quotes: {write}{quoted(text)}",
            )
        return ("one piece of text, not a block of fields", "a block of fields",
                f"Write the text {after} on the same line instead of indented lines below.")
    raw = _scalar(value_line, column) or str(value)
    if isinstance(value, bool):
        return ("text", f"{raw}, which YAML reads as the yes/no value {str(value).lower()}",
                f"Put it in double quotes to keep it as text: {write}{quoted(raw)}")
    if isinstance(value, int | float) and _CLOCK.match(raw) and name == "time":
        return (
            "a time range like 1:00-1:50 PM",
            f"{raw}, which YAML reads as the number {value} (hours and minutes, counted in 60s)",
            "Write the start and the end with AM or PM, for example 10:00-10:50 AM.",
        )
    if isinstance(value, int | float):
        return ("text", f"{raw}, which YAML reads as the number {value}",
                f"Put it in double quotes to keep it as text: {write}{quoted(raw)}")
    if isinstance(value, dt.date):
        return ("text", f"{raw}, which YAML reads as a date",
                f"Put it in double quotes to keep it as text: {write}{quoted(raw)}")
    return ("text", repr(value), f"Write the text {after}.")


def bad_date(value: Any) -> Advice:
    """A date field got a value that is no real calendar date."""
    expected = "a date like 2025-07-27"
    if isinstance(value, dt.datetime):
        return (expected, f"a date with a time ({value:%Y-%m-%d %H:%M})",
                f"Write only the date, {value:%Y-%m-%d}; the times belong in the slots.")
    text = str(value).strip()
    found = repr(text)
    if match := _DATE.match(text):
        year, month, day = (int(part) for part in match.groups())
        if not 1 <= month <= 12:
            return (expected, found,
                    f"There is no month {month}: months run from 01 to 12, and the date is "
                    "written year-month-day.")
        days = calendar.monthrange(year, month)[1]
        month_name = calendar.month_name[month]
        if not 1 <= day <= days:
            return (expected, found, f"{month_name} {year} has {days} days; check the day.")
    if match := _DATE_AND_TIME.match(text):
        return (expected, found,
                f"Write only the date, {match[1]}; the times belong in the slots.")
    if match := _US_DATE.match(text):
        month, day, year = (int(part) for part in match.groups())
        return (expected, found,
                f"Write the date as year-month-day: {year:04d}-{month:02d}-{day:02d}.")
    return (expected, found, "Write the date as year-month-day, for example 2025-07-27.")
