"""Slot times on the nights clocks change: a time that never happens is refused, one that happens
twice must say which, each at its file:line:column, and a time that says so is stored exactly.

St. Louis (America/Chicago) springs forward at 2:00 AM on the second Sunday of March (2:00-2:59
AM never happens) and falls back at 2:00 AM on the first Sunday of November (1:00-1:59 AM
happens twice, first as CDT, then as CST).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path

import pytest

CLINIC = "events/inclusive-sports-clinic.yaml"
CLEANUP = "events/forest-park-cleanup.yaml"
SWIM = "events/keen-swim.yaml"

Edit = Callable[[str, str, str], None]
RunCli = Callable[..., tuple[int, str, str]]


@pytest.fixture
def check(content: Path, run_cli: RunCli,
          monkeypatch: pytest.MonkeyPatch) -> Callable[[], tuple[int, list[str]]]:
    """`generator check` on the edited copy, as editors run it: (status, its error lines)."""
    monkeypatch.chdir(content.parent)

    def run() -> tuple[int, list[str]]:
        status, _, stderr = run_cli("check", "--content", "content")
        return status, [line for line in stderr.splitlines() if line.startswith("content/")]

    return run


def _where(content: Path, file: str, text: str) -> str:
    """content/<file>:<line>: of the line holding `text`."""
    lines = (content / file).read_text(encoding="utf-8").splitlines()
    return f"content/{file}:{next(i for i, line in enumerate(lines, 1) if text in line)}"


def test_a_time_that_does_not_exist_is_refused_at_its_place(
    content: Path, edit: Edit, check: Callable[[], tuple[int, list[str]]],
) -> None:
    edit(CLINIC, "date: 2025-07-27", "date: 2026-03-08")
    edit(CLINIC, "time: 2:00-2:50 PM", "time: 2:30-3:20 AM")

    status, errors = check()

    assert status == 1
    assert errors == [
        f"{_where(content, CLINIC, '2:30-3:20 AM')}:11: slots[1].time: expected a time that "
        "exists in America/Chicago, found 2:30 AM on Sunday, March 8, 2026, which does not exist "
        "in America/Chicago: clocks jump from 2:00 to 3:00 AM. Pick a time before 2:00 AM or "
        "from 3:00 AM."]


def test_a_time_that_happens_twice_must_say_which(
    content: Path, edit: Edit, check: Callable[[], tuple[int, list[str]]],
) -> None:
    """The issue's case: 1:30-2:30 AM on the night clocks go back was stored as two hours."""
    edit(CLEANUP, "date: 2025-04-27", "date: 2026-11-01")
    edit(CLEANUP, "time: 1:00PM-3:00PM", "time: 1:30AM-2:30AM")

    status, errors = check()

    assert status == 1
    assert errors == [
        f"{_where(content, CLEANUP, '1:30AM-2:30AM')}:11: slots[0].time: expected a time that "
        "happens once in America/Chicago, found 1:30 AM on Sunday, November 1, 2026, which "
        "happens twice in America/Chicago: clocks go back from 2:00 AM CDT to 1:00 AM CST. Say "
        "which: write 1:30 AM CDT for the first, before clocks go back, or 1:30 AM CST for the "
        "second, as in 1:30 AM CDT-2:30 AM."]


@pytest.mark.parametrize(("time", "start", "end", "hours"), [
    ("1:30 AM CST-2:30 AM", "2026-11-01T01:30:00-06:00", "2026-11-01T02:30:00-06:00", 1),
    ("1:30 AM CDT-2:30 AM", "2026-11-01T01:30:00-05:00", "2026-11-01T02:30:00-06:00", 2),
    ("1:30 AM CDT-1:30 AM CST", "2026-11-01T01:30:00-05:00", "2026-11-01T01:30:00-06:00", 1),
    ("12:30-1:15 AM CDT", "2026-11-01T00:30:00-05:00", "2026-11-01T01:15:00-05:00", 0.75),
])
def test_a_time_that_names_its_zone_is_stored_as_meant(
    content: Path, edit: Edit, run_cli: RunCli, tmp_path: Path,
    time: str, start: str, end: str, hours: float,
) -> None:
    edit(CLEANUP, "date: 2025-04-27", "date: 2026-11-01")
    edit(CLEANUP, "time: 1:00PM-3:00PM", f"time: {time}")

    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(tmp_path / "out"))

    assert status == 0, stderr
    events = json.loads((tmp_path / "out" / "events.json").read_text())
    [slot] = [s for s in events["slots"].values() if s["event"] == "forest-park-cleanup"]
    assert (slot["time"], slot["start"], slot["end"]) == (time, start, end)
    length = dt.datetime.fromisoformat(end) - dt.datetime.fromisoformat(start)
    assert length == dt.timedelta(hours=hours)


def test_a_series_date_that_lands_on_the_change_is_named_and_except_fixes_it(
    content: Path, edit: Edit, check: Callable[[], tuple[int, list[str]]],
) -> None:
    # Sundays from October 26, 2025: the second is November 2, when clocks go back.
    edit(SWIM, "date: 2025-10-04", "date: 2025-10-26")
    edit(SWIM, "repeat: FREQ=WEEKLY;INTERVAL=2;BYDAY=SA", "repeat: FREQ=WEEKLY;BYDAY=SU")
    edit(SWIM, "except: [2025-11-01]", "except: [2025-11-16]")
    edit(SWIM, "time: 9:00-9:50 AM", "time: 1:15-1:45 AM")

    status, errors = check()
    edit(SWIM, "except: [2025-11-16]", "except: [2025-11-02]")
    fixed, after = check()

    assert status == 1
    assert errors == [
        f"{_where(content, SWIM, '1:15-1:45 AM')}:11: slots[0].time: expected a time that "
        "happens once in America/Chicago, found 1:15 AM on Sunday, November 2, 2025, which "
        "happens twice in America/Chicago: clocks go back from 2:00 AM CDT to 1:00 AM CST. This "
        "series meets at that time on other dates too: add 2025-11-02 to `except:`, or move the "
        "slot out of the hour from 1:00 AM to 2:00 AM."]
    assert (fixed, after) == (0, [])


@pytest.mark.parametrize(("time", "words"), [
    # July is on daylight time: CST names no time of that day.
    ("1:00-1:50 PM CST", "expected CDT, the name of America/Chicago's time at 1:50 PM on Sunday, "
                         "July 27, 2025, found 'CST'. Write CDT after 1:50 PM, or no zone at all"),
    ("1:00-1:50 PM EST", "found 'EST'. Write CDT after 1:50 PM"),
])
def test_a_zone_that_is_not_the_days_is_refused(
    content: Path, edit: Edit, check: Callable[[], tuple[int, list[str]]],
    time: str, words: str,
) -> None:
    edit(CLINIC, "time: 1:00-1:50 PM", f"time: {time}")

    status, errors = check()

    assert status == 1
    [error] = errors
    assert error.startswith(f"{_where(content, CLINIC, time)}:11: slots[0].time: ")
    assert words in error


def test_zones_in_the_wrong_order_end_before_the_start(
    content: Path, edit: Edit, check: Callable[[], tuple[int, list[str]]],
) -> None:
    edit(CLEANUP, "date: 2025-04-27", "date: 2026-11-01")
    edit(CLEANUP, "time: 1:00PM-3:00PM", "time: 1:30 AM CST-1:30 AM CDT")

    status, errors = check()

    assert status == 1
    assert errors == [
        f"{_where(content, CLEANUP, 'CST-1:30')}:11: slots[0].time: expected a slot that ends "
        "after it starts, found '1:30 AM CST-1:30 AM CDT', which on Sunday, November 1, 2026 "
        "ends 60 minutes before it starts. Check the hours, AM or PM and the zone names of both "
        "times."]
