"""Hints for values YAML read differently from what the editor meant: each says why, and the fix."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

KEEN = "content/organizations/keenstl.yaml"
CLINIC = "content/events/inclusive-sports-clinic.yaml"

# (mistake, file, old text, new text, the exact error line)
CASES = [
    ("list where text is expected", "organizations/keenstl.yaml",
     "tagline: Sports and fitness for young athletes with disabilities.",
     "tagline:\n  - Sports\n  - Fitness",
     f"{KEEN}:9:3: tagline: expected one piece of text, not a list, found a list of 2 "
     "items. Write the text after `tagline:` on one line, for example `tagline: One "
     "short sentence.`, and remove the `- ` in front of each line (join the items "
     "into one sentence, or use `>-` for a long text)."),
    ("colon inside a list item", "organizations/keenstl.yaml",
     "  - Reach more families.", "  - Note: reach more families.",
     f"{KEEN}:11:5: future_goals[0]: expected text, found a field 'Note: reach more "
     "families.', because YAML reads a colon followed by a space as the start of a "
     "field. Wrap the text in quotes: - \"Note: reach more families.\""),
    ("unquoted colour", "organizations/keenstl.yaml",
     "primary: \"#1f4e8c\"", "primary: #1f4e8c",
     f"{KEEN}:6:11: colors.primary: expected text, found nothing, because YAML reads "
     "'#1f4e8c' as a comment (it starts with #). Put the value in double quotes: "
     "primary: \"#1f4e8c\""),
    ("colour without #", "organizations/keenstl.yaml",
     "primary: \"#1f4e8c\"", "primary: 1f4e8c",
     f"{KEEN}:6:12: colors.primary: expected a colour like #1f4e8c, found '1f4e8c'. Write "
     "# and six hex digits, in double quotes (without them YAML reads # as the "
     "start of a comment): \"#1f4e8c\"."),
    ("number where text is expected", "organizations/keenstl.yaml",
     "value: \"1\"", "value: 1992",
     f"{KEEN}:29:12: impact_numbers[0].value: expected text, found 1992, which YAML reads "
     "as the number 1992. Put it in double quotes to keep it as text: value: \"1992\""),
    ("yes where text is expected", "organizations/keenstl.yaml",
     "label: fixture figure", "label: yes",
     f"{KEEN}:30:12: impact_numbers[0].label: expected text, found yes, which YAML reads "
     "as the yes/no value true. Put it in double quotes to keep it as text: label: "
     "\"yes\""),
    ("text where a list is expected", "organizations/keenstl.yaml",
     "causes: [disability, youth, sports]", "causes: disability",
     f"{KEEN}:4:9: causes: expected a list (lines starting with `- `), found 'disability'. "
     "Write the entries in square brackets, for example `causes: [disability]`, or "
     "each on its own line under `causes:` starting with `- `."),
    ("text where a block is expected", "organizations/keenstl.yaml",
     "colors:\n  primary: \"#1f4e8c\"\n  accent: \"#f2b705\"", "colors: blue",
     f"{KEEN}:5:9: colors: expected a block of `key: value` lines, found 'blue'. Write "
     "`colors:` alone on its line and its fields (primary, accent) on the lines "
     "below it, each indented by two more spaces."),
    ("empty text", "organizations/keenstl.yaml",
     "tagline: Sports and fitness for young athletes with disabilities.", "tagline:",
     f"{KEEN}:8:9: tagline: expected text, found nothing. Write the text after `tagline:` "
     "on the same line, or delete the line if the field is optional."),
    ("February 30th", "events/inclusive-sports-clinic.yaml",
     "date: 2025-07-27", "date: 2025-02-30",
     f"{CLINIC}:5:7: date: expected a date like 2025-07-27, found '2025-02-30'. February "
     "2025 has 28 days; check the day."),
    ("February 30th in a leap year", "events/inclusive-sports-clinic.yaml",
     "date: 2025-07-27", "date: 2024-02-30",
     f"{CLINIC}:5:7: date: expected a date like 2025-07-27, found '2024-02-30'. February "
     "2024 has 29 days; check the day."),
    ("month 13", "events/inclusive-sports-clinic.yaml",
     "date: 2025-07-27", "date: 2025-13-01",
     f"{CLINIC}:5:7: date: expected a date like 2025-07-27, found '2025-13-01'. There is no "
     "month 13: months run from 01 to 12, and the date is written year-month-day."),
    ("number as a list item", "organizations/keenstl.yaml",
     "  - Reach more families.", "  - 1992",
     f"{KEEN}:11:5: future_goals[0]: expected text, found 1992, which YAML reads as the number "
     "1992. Put it in double quotes to keep it as text: - \"1992\""),
    ("yes in a one-line list", "organizations/keenstl.yaml",
     "causes: [disability, youth, sports]", "causes: [disability, yes, sports]",
     f"{KEEN}:4:22: causes[1]: expected text, found yes, which YAML reads as the yes/no value "
     "true. Put it in double quotes to keep it as text: - \"yes\""),
    ("empty list item", "organizations/keenstl.yaml",
     "  - Reach more families.", "  -",
     f"{KEEN}:11:4: future_goals[0]: expected text, found nothing. Write the text after the "
     "`- ` on the same line, or delete the empty item."),
    ("US date", "events/inclusive-sports-clinic.yaml",
     "date: 2025-07-27", "date: 07/27/2025",
     f"{CLINIC}:5:7: date: expected a date like 2025-07-27, found '07/27/2025'. Write the "
     "date as year-month-day: 2025-07-27."),
    ("date in words", "events/inclusive-sports-clinic.yaml",
     "date: 2025-07-27", "date: July 27, 2025",
     f"{CLINIC}:5:7: date: expected a date like 2025-07-27, found 'July 27, 2025'. Write the "
     "date as year-month-day, for example 2025-07-27."),
    ("date with a time", "events/inclusive-sports-clinic.yaml",
     "date: 2025-07-27", "date: 2025-07-27 10:00",
     f"{CLINIC}:5:7: date: expected a date like 2025-07-27, found '2025-07-27 10:00'. Write "
     "only the date, 2025-07-27; the times belong in the slots."),
    ("time read as a number", "events/inclusive-sports-clinic.yaml",
     "time: 1:00-1:50 PM", "time: 10:00",
     f"{CLINIC}:14:11: slots[0].time: expected a time range like 1:00-1:50 PM, found 10:00, "
     "which YAML reads as the number 600 (hours and minutes, counted in 60s). Write "
     "the start and the end with AM or PM, for example 10:00-10:50 AM."),
    ("24-hour time range", "events/inclusive-sports-clinic.yaml",
     "time: 1:00-1:50 PM", "time: 13:00-13:50",
     f"{CLINIC}:14:11: slots[0].time: expected a time range like 1:00-1:50 PM, found "
     "'13:00-13:50'. Use 12-hour times with AM or PM: 13:00-13:50 is 1:00-1:50 PM."),
    ("time range without AM or PM", "events/inclusive-sports-clinic.yaml",
     "time: 1:00-1:50 PM", "time: 1:00-1:50",
     f"{CLINIC}:14:11: slots[0].time: expected a time range like 1:00-1:50 PM, found "
     "'1:00-1:50'. Add AM or PM after the end time, for example 1:00-1:50 PM (or AM "
     "for a morning slot)."),
    ("hours without AM or PM", "events/inclusive-sports-clinic.yaml",
     "time: 1:00-1:50 PM", "time: 9-11",
     f"{CLINIC}:14:11: slots[0].time: expected a time range like 1:00-1:50 PM, found "
     "'9-11'. Add AM or PM after the end time, for example 9:00-11:00 PM (or AM "
     "for a morning slot)."),
    ("time without a range", "events/inclusive-sports-clinic.yaml",
     "time: 1:00-1:50 PM", "time: 1 PM",
     f"{CLINIC}:14:11: slots[0].time: expected a time range like 1:00-1:50 PM, found '1 PM'. "
     "Write the time as start-end with AM or PM, for example 1:00-1:50 PM."),
]


@pytest.mark.parametrize(("mistake", "file", "old", "new", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_value_mistake_gets_a_hint_that_fits(
    mistake: str, file: str, old: str, new: str, expected: str, content: Path, tmp_path: Path,
    edit: Callable[[str, str, str], None], run_cli: Callable[..., tuple[int, str, str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit(file, old, new)
    status, _, stderr = run_cli("check", "--content", "content")
    assert status == 1
    assert stderr.splitlines()[0] == expected
    assert "1992" not in stderr or "1992" in new
