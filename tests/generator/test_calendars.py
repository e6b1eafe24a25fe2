"""Calendar files: valid RFC 5545 read back with icalendar, every occurrence once, stable UIDs,
stamped with the build's time and refreshed by subscribers."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path

import icalendar
import pytest

from generator import calendars, outputs
from tests.generator.generator_testkit import BUILT_AT, VALID, profile

ROOT = Path(__file__).resolve().parents[2]


def _build(run_cli: Callable[..., tuple[int, str, str]], content: Path, out: Path) -> Path:
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert status == 0, stderr
    return out


def _events(path: Path) -> list[icalendar.Event]:
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    assert cal["VERSION"] == "2.0" and cal["PRODID"]
    return list(cal.walk("VEVENT"))


def test_site_feed_has_every_occurrence_once_and_cancellations(
    run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path,
) -> None:
    out = _build(run_cli, VALID, tmp_path / "out")
    feed = json.loads((out / "events.json").read_text())["events"]
    vevents = _events(out / "public/calendar.ics")
    uids = [str(v["UID"]) for v in vevents]
    assert len(uids) == len(set(uids))
    live = {str(v["UID"]) for v in vevents if v["STATUS"] == "CONFIRMED"}
    assert live == {f"{e['slug']}@civicstl.org" for e in feed}
    cancelled = [v for v in vevents if v["STATUS"] == "CANCELLED"]
    assert [str(v["UID"]) for v in cancelled] == ["keen-swim-2025-11-01@civicstl.org"]
    swim = next(v for v in vevents if str(v["UID"]) == "keen-swim-2025-11-15@civicstl.org")
    # 9:00 AM Central after daylight time ended is 15:00 UTC.
    assert swim.decoded("DTSTART").isoformat() == "2025-11-15T15:00:00+00:00"
    assert str(swim["URL"]) == "https://civicstl.org/events/keen-swim/2025-11-15"


def test_a_cancelled_date_links_to_its_series_page_which_lists_it_cancelled(
    run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path,
) -> None:
    out = _build(run_cli, VALID, tmp_path / "out")
    [cancelled] = [v for v in _events(out / "public/calendar.ics") if v["STATUS"] == "CANCELLED"]
    # The excepted date has no page (no route): its series page is the one that exists.
    assert str(cancelled["URL"]) == "https://civicstl.org/events/keen-swim"
    assert str(cancelled["DESCRIPTION"]).endswith("RSVP: https://civicstl.org/events/keen-swim")
    routes = {r["path"]: r for r in json.loads((out / "routes.json").read_text())}
    assert "/events/keen-swim/2025-11-01" not in routes
    assert routes["/events/keen-swim"]["kind"] == "series"
    [series] = json.loads((out / "events.json").read_text())["series"]
    assert {d["date"]: d["cancelled"] for d in series["dates"]}["2025-11-01"] is True


def test_files_are_stamped_with_the_build_time_and_feeds_ask_to_be_refreshed(
    run_cli: Callable[..., tuple[int, str, str]], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    first = _build(run_cli, VALID, tmp_path / "a")
    built = dt.datetime.fromtimestamp(BUILT_AT, dt.UTC)
    files = [first / "public/calendar.ics", first / "public/organizations/keenstl/calendar.ics",
             first / "public/events/inclusive-sports-clinic/calendar.ics"]
    for path in files:
        cal = icalendar.Calendar.from_ical(path.read_bytes())
        assert cal.decoded("REFRESH-INTERVAL") == dt.timedelta(hours=12)
        assert cal["REFRESH-INTERVAL"].params["VALUE"] == "DURATION"
        assert str(cal["X-PUBLISHED-TTL"].to_ical().decode()) == "PT12H"
        for vevent in cal.walk("VEVENT"):
            assert vevent.decoded("DTSTAMP") == built
            assert vevent.decoded("LAST-MODIFIED") == built
            assert vevent.decoded("DTSTART") > built
    # A later build (say, after a time changed in the YAML) supersedes every event of the last.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(BUILT_AT + 3600))
    second = _build(run_cli, VALID, tmp_path / "b")
    before = {str(v["UID"]): int(v["SEQUENCE"]) for v in _events(first / "public/calendar.ics")}
    after = {str(v["UID"]): int(v["SEQUENCE"]) for v in _events(second / "public/calendar.ics")}
    assert set(after) == set(before)
    assert all(after[uid] > before[uid] for uid in before)


def test_organization_and_event_feeds(run_cli: Callable[..., tuple[int, str, str]],
                                      tmp_path: Path) -> None:
    out = _build(run_cli, VALID, tmp_path / "out")
    keen = profile(out, "keenstl")
    assert keen["calendar"] == "/organizations/keenstl/calendar.ics"
    hosts = {str(v["ORGANIZER"]) for v in _events(out / "public" / keen["calendar"].lstrip("/"))}
    assert hosts == {"https://civicstl.org/keenstl"}
    single = _events(out / "public/events/inclusive-sports-clinic/calendar.ics")
    assert [str(v["SUMMARY"]) for v in single] == ["Inclusive Sports Clinic"]


def test_uids_are_stable_across_two_builds(run_cli: Callable[..., tuple[int, str, str]],
                                           content: Path, tmp_path: Path) -> None:
    first = _build(run_cli, content, tmp_path / "a")
    # An editor adds an event: the existing events keep their UIDs.
    (content / "events/zz-new.yaml").write_text(
        "title: New\nhost: keenstl\ndate: 2025-12-06\nlocation: L\ndescription: D\n"
        "rsvp: account\nslots:\n  - time: 9:00-9:50 AM\n", encoding="utf-8")
    second = _build(run_cli, content, tmp_path / "b")
    before = {str(v["UID"]): str(v["DTSTART"].to_ical())
              for v in _events(first / "public/calendar.ics")}
    after = {str(v["UID"]): str(v["DTSTART"].to_ical())
             for v in _events(second / "public/calendar.ics")}
    assert set(after) == set(before) | {"zz-new@civicstl.org"}
    assert {uid: after[uid] for uid in before} == before


def test_real_content_has_a_year_of_upcoming_events(
    run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path,
) -> None:
    out = _build(run_cli, ROOT / "content", tmp_path / "out")
    events = json.loads((out / "events.json").read_text())["events"]
    # The twelve months after the content was written (2026-11-23).
    coming = [e for e in events if "2026-11-23" <= e["date"] < "2027-11-23"]
    assert len({e["series"] or e["slug"] for e in coming}) >= 8
    assert len({e["host"]["slug"] for e in coming}) >= 5
    assert all(s["capacity"] for e in coming for s in e["slots"])
    assert len(_events(out / "public/calendar.ics")) == len(events) + 2  # two excepted dates


def test_a_slot_holders_file_has_the_slots_times_and_uid_and_its_cancellation_supersedes_it(
    run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path,
) -> None:
    out = _build(run_cli, VALID, tmp_path / "out")
    document = outputs.EventsOut.model_validate_json((out / "events.json").read_bytes())
    clinic = next(e for e in document.events if e.slug == "inclusive-sports-clinic")
    made = dt.datetime(2025, 7, 1, 15, 30, tzinfo=dt.UTC)

    held = calendars.slot_calendar(document.site_url, document.timezone, clinic,
                                   clinic.slots[1].id, made)
    gone = calendars.slot_calendar(document.site_url, document.timezone, clinic,
                                   clinic.slots[1].id, made, cancelled=True)

    [mine] = icalendar.Calendar.from_ical(held).walk("VEVENT")
    [page] = _events(out / "public/events/inclusive-sports-clinic/calendar.ics")
    assert str(mine["UID"]) == "inclusive-sports-clinic-2-00-2-50-pm@civicstl.org" != page["UID"]
    # The clinic runs 1:00-3:50 PM Central; the slot held is 2:00-2:50 PM (19:00 UTC).
    assert mine.decoded("DTSTART") == dt.datetime(2025, 7, 27, 19, 0, tzinfo=dt.UTC)
    assert mine.decoded("DTEND") == dt.datetime(2025, 7, 27, 19, 50, tzinfo=dt.UTC)
    assert mine.decoded("DTSTAMP") == mine.decoded("LAST-MODIFIED") == made
    assert str(mine["DESCRIPTION"]) == f"Your time slot: 2:00-2:50 PM.\n\n{page['DESCRIPTION']}"
    assert str(page["DESCRIPTION"]).endswith(
        "Time slots: 1:00-1:50 PM, 2:00-2:50 PM, 3:00-3:50 PM. "
        "RSVP: https://civicstl.org/events/inclusive-sports-clinic")
    assert "REFRESH-INTERVAL" not in icalendar.Calendar.from_ical(held)
    cancel = icalendar.Calendar.from_ical(gone)
    [off] = cancel.walk("VEVENT")
    assert (cancel["METHOD"], off["STATUS"], off["UID"]) == ("CANCEL", "CANCELLED", mine["UID"])
    assert off["SEQUENCE"] > mine["SEQUENCE"]
