"""What a record covers (issue 40, item 3): period, purpose and chosen entries, the statement of
what CivicSTL checked, the A+ marks, and the same record as CSV and PDF."""

from __future__ import annotations

import csv
import io
from typing import Any

import httpx
import pytest
from app_testkit import client_for
from organize_testkit import DURING_CLINIC, at, person, rsvp, slot_path
from pdf_testkit import pdf_text
from service_testkit import CLINIC_SLOTS, GUEST_SLOT, TINY_SLOT
from starlette.applications import Starlette
from test_hours_records import volunteer_with_hours

from rsvp_service.impact.records import sign
from rsvp_service.impact.statements import A_PLUS_NOTE, CHECKED_CHECK_IN, NOT_CHECKED
from rsvp_service.organize.models import HoursRecord
from rsvp_service.rsvps.models import Attendance
from rsvp_service.settings import Settings
from rsvp_service.web.ratelimit import LIMITS

RECORDS = "/api/me/hours-records"
BUDGET = int(LIMITS["hours-pdf-ip"].split("/")[0])


async def issue(client: httpx.AsyncClient, headers: dict[str, str], body: dict[str, Any]
                ) -> httpx.Response:
    """POST a record's request."""
    return await client.post(RECORDS, headers=headers, json=body)


def ids(record: dict[str, Any]) -> list[str]:
    """The ids of a record's entries, in its order."""
    return [entry["id"] for entry in record["entries"]]


@pytest.mark.parametrize(("today", "expected", "bounds"), [
    # The last evening of the 2024-25 school year holds both spring entries.
    ("2025-07-31T23:30:00-05:00", [TINY_SLOT, GUEST_SLOT], ("2024-08-01", "2025-07-31")),
    # Half an hour later, in St. Louis, a new school year has begun, empty so far.
    ("2025-08-01T00:30:00-05:00", None, ("2025-08-01", "2026-07-31")),
])
async def test_a_school_year_runs_august_to_july_by_the_service_clock(
    client: httpx.AsyncClient, settings: Settings, today: str, expected: list[str] | None,
    bounds: tuple[str, str],
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)
    at(settings, today)

    preview = await client.get("/api/me/hours-entries?period=school-year", headers=headers)
    response = await issue(client, headers, {"period": "school-year", "purpose": "nhs"})

    assert [entry["id"] for entry in preview.json()["entries"]] == (expected or [])
    if expected is None:
        assert response.status_code == 409
        assert response.json()["error"].startswith("You have no verified hours in the period")
        return
    record = response.json()["record"]
    assert ids(record) == expected
    assert record["period"] == {"kind": "school-year", "from": bounds[0], "to": bounds[1]}
    assert record["purpose"] == "nhs"


async def test_last_12_months_and_custom_periods(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)
    # A year and a day after the cleanup (April 27): only the workshop (May 1) is in the window.
    at(settings, "2026-04-28T12:00:00-05:00")

    last = (await issue(client, headers, {"period": "last-12-months"})).json()["record"]
    custom = (await issue(client, headers, {"period": "custom", "from": "2025-04-27",
                                            "to": "2025-04-30", "purpose": "school"})).json()

    assert ids(last) == [TINY_SLOT]
    assert last["period"] == {"kind": "last-12-months", "from": "2025-04-29",
                              "to": "2026-04-28"}
    assert ids(custom["record"]) == [GUEST_SLOT]
    assert custom["record"]["hours"] == 2.0


@pytest.mark.parametrize(("body", "words"), [
    ({"period": "custom", "from": "2025-05-02", "to": "2025-05-01"}, "comes after its to date"),
    ({"period": "custom", "from": "2019-01-01", "to": "2025-05-01"}, "at most five years"),
    ({"period": "custom", "from": "2025-05-01"}, "needs both a from date and a to date"),
    ({"period": "school-year", "from": "2025-05-01"}, "other periods take neither"),
    ({"period": "custom", "from": "2025-05-01", "to": "2025-06-02"}, "cannot end after today"),
    ({"period": "semester"}, "period"),
    ({"purpose": "college"}, "purpose"),
    ({"birthDate": "2010-01-01"}, "birthDate"),
    ({"entries": "all"}, "entries"),
    ({"entries": []}, "entries"),
    # Only the wire names: the Python ones are refused as unknown fields.
    ({"start": "2025-05-01", "end": "2025-05-02", "period": "custom"}, "'start' is not"),
])
async def test_bad_requests_are_refused_with_a_sentence(
    client: httpx.AsyncClient, settings: Settings, body: dict[str, Any], words: str
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)  # today: June 1, 2025

    response = await issue(client, headers, body)

    assert response.status_code == 422
    assert words in response.json()["error"]
    assert not await HoursRecord.all().exists()


async def test_chosen_entries_only_and_never_someone_elses(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, staff, _ = await volunteer_with_hours(client, settings)
    # Another volunteer served at the clinic; the attacker names that slot as if it were theirs.
    kim, _ = await person(settings, "kim")
    clinic = await rsvp(CLINIC_SLOTS[0], "Kim", user=kim)
    at(settings, DURING_CLINIC)
    await client.post(slot_path(CLINIC_SLOTS[0], "/checkins"), headers=staff,
                      json={"attendee": clinic.id})
    at(settings, "2025-08-01T12:00:00-05:00")

    chosen = await issue(client, headers, {"entries": [TINY_SLOT]})
    theirs = await issue(client, headers, {"entries": [TINY_SLOT, CLINIC_SLOTS[0]]})
    unknown = await issue(client, headers, {"entries": [CLINIC_SLOTS[1]]})
    outside = await issue(client, headers, {"period": "custom", "from": "2025-04-28",
                                            "to": "2025-05-31", "entries": [GUEST_SLOT]})

    assert chosen.status_code == 201
    assert ids(chosen.json()["record"]) == [TINY_SLOT]
    assert chosen.json()["record"]["hours"] == 1.0
    # Kim's entry and an entry nobody has get the same answer: nothing says whose it is.
    for response, named in ((theirs, CLINIC_SLOTS[0]), (unknown, CLINIC_SLOTS[1]),
                            (outside, GUEST_SLOT)):
        assert response.status_code == 422
        assert response.json()["error"] == (
            f"These entries are not among your verified hours in the period you chose: {named}. "
            "Choose entries from the list of your hours for that period.")
        assert "Kim" not in response.text and "kim@" not in response.text
    assert await HoursRecord.all().count() == 1


async def test_an_a_plus_record_marks_tutoring_and_says_the_coordinator_approves(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)

    record = (await issue(client, headers, {"purpose": "a-plus"})).json()["record"]
    pdf = " ".join(pdf_text((await client.get(
        f"/api/hours-records/{record['code']}.pdf")).content).split())

    assert [(e["service_type"], e["a_plus_eligible"]) for e in record["entries"]] == [
        ("tutoring", True), ("other", False)]
    assert record["checked"] == {"checked": [CHECKED_CHECK_IN], "notChecked": [NOT_CHECKED],
                                 "note": A_PLUS_NOTE}
    assert "For: Missouri A+ Scholarship" in pdf
    assert "Tutoring (A+ eligible)" in pdf
    assert " ".join(A_PLUS_NOTE.split()) in pdf
    assert "signed in to CivicSTL with an organizer role for the host organization" in pdf


async def test_the_pdf_heads_with_purpose_and_period(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)

    code = (await issue(client, headers, {"period": "school-year", "purpose": "nhs"})).json()[
        "code"]
    text = " ".join(pdf_text((await client.get(f"/api/hours-records/{code}.pdf")).content)
                    .split())

    assert ("For: National Honor Society. Period: August 1, 2024 to July 31, 2025") in text
    assert "6:00 – 7:00 PM" in text and "by check-in" in text
    assert "Verification code: " + code in text


def _csv(raw: bytes) -> list[list[str]]:
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM, so Excel reads "Zoë" right
    return list(csv.reader(io.StringIO(raw[3:].decode("utf-8"), newline="")))


async def test_the_csv_holds_the_table_and_defuses_formulas(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)
    # The organizer's name is people's text: a spreadsheet must not run it.
    await Attendance.filter(slot_id=TINY_SLOT).update(attested_name="=HYPERLINK(\"x\",\"y\")")
    await Attendance.filter(slot_id=GUEST_SLOT).update(attested_name="@SUM(1+1)",
                                                       attested_role="-2+3")
    code = (await issue(client, headers, {"purpose": "a-plus"})).json()["code"]

    response = await client.get(f"/api/hours-records/{code}.csv")
    rows = _csv(response.content)

    assert response.status_code == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert b"\r\n" in response.content and b"\n\n" not in response.content
    assert rows[0] == ["Date", "Start", "End", "Hours", "Organization", "Activity",
                       "Service type", "Attested by", "Role", "Email", "Method", "Attested at",
                       "A+ eligible"]
    assert rows[1] == ["2025-05-01", "18:00", "19:00", "1", "KEEN St. Louis", "Tiny Workshop",
                       "Tutoring", "'=HYPERLINK(\"x\",\"y\")", "CivicSTL administrator",
                       "volunteers@keenstlouis.org", "by check-in", "2025-05-01T18:10-05:00",
                       "yes"]
    assert rows[2][7:9] == ["'@SUM(1+1)", "'-2+3"]
    assert rows[2][-1] == "no"
    # The quoted cell reaches the bytes with its quotes doubled, as RFC 4180 has it.
    assert b'"\'=HYPERLINK(""x"",""y"")"' in response.content
    tail = [row[0] for row in rows[4:]]
    assert tail[0] == f"Service-hours record of Zoë Ångström, code {code}"
    assert "Purpose: Missouri A+ Scholarship" in tail
    assert CHECKED_CHECK_IN in tail and NOT_CHECKED in tail and A_PLUS_NOTE in tail


async def test_the_csv_of_a_revoked_or_forged_code(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)
    code = (await issue(client, headers, {})).json()["code"]
    record_id, mac = code.split("-")

    forged = await client.get(f"/api/hours-records/{int(record_id) + 1}-{mac}.csv")
    await client.post(f"{RECORDS}/{code}/revoke", headers=headers)
    revoked = await client.get(f"/api/hours-records/{code}.csv")

    assert forged.status_code == 404
    assert (revoked.status_code, revoked.json()["revoked"]) == (410, True)


async def test_records_issued_before_periods_still_verify(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    user, _ = await person(settings, "old")
    old = await HoursRecord.create(
        user_id=user.id, issued_at="2025-06-01T17:00:00+00:00", hours=1,
        snapshot={"name": "Old Park", "entries": [{
            "title": "Tiny Workshop", "organization": "KEEN St. Louis", "date": "2025-05-01",
            "date_text": "May 1, 2025", "hours": 1.0}]})
    code = sign(settings, old.id)

    public = await client.get(f"/api/hours-records/{code}")
    table = _csv((await client.get(f"/api/hours-records/{code}.csv")).content)
    pdf = await client.get(f"/api/hours-records/{code}.pdf")

    assert public.status_code == 200
    record = public.json()
    assert (record["period"], record["purpose"]) == (None, None)
    assert record["checked"]["checked"] == [CHECKED_CHECK_IN]
    assert table[1] == ["2025-05-01", "", "", "1", "KEEN St. Louis", "Tiny Workshop", "Other",
                        "", "", "", "by check-in", ""]
    assert pdf.status_code == 200


async def test_csvs_share_the_pdfs_budget_per_ip(app: Starlette, settings: Settings) -> None:
    # A scraper alternating .csv and .pdf gets no more than one budget; another reader is fine.
    user, _ = await person(settings, "zoe")
    record = await HoursRecord.create(
        user_id=user.id, issued_at="2025-06-01T17:00:00+00:00", hours=1,
        snapshot={"name": "Zoë", "entries": []})
    path = f"/api/hours-records/{sign(settings, record.id)}"
    async with client_for(app, "203.0.113.5") as stranger:
        answers = [await stranger.get(path + ".csv") for _ in range(BUDGET)]
        answers.append(await stranger.get(path + ".pdf"))
    async with client_for(app, "198.51.100.20") as reader:
        elsewhere = await reader.get(path + ".csv")

    assert [a.status_code for a in answers] == [200] * BUDGET + [429]
    assert elsewhere.status_code == 200


async def test_the_preview_is_the_volunteers_own_and_checks_the_period(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, staff, _ = await volunteer_with_hours(client, settings)

    anonymous = await client.get("/api/me/hours-entries")
    others = await client.get("/api/me/hours-entries", headers=staff)
    future = await client.get("/api/me/hours-entries?period=custom&from=2025-05-01&to=2030-01-01",
                              headers=headers)
    own = await client.get("/api/me/hours-entries?period=custom&from=2025-05-01&to=2025-05-01",
                           headers=headers)

    assert anonymous.status_code == 401
    assert others.json() == {"entries": []}  # the organizer who checked Zoë in sees none of hers
    assert future.status_code == 422
    assert [entry["id"] for entry in own.json()["entries"]] == [TINY_SLOT]


async def test_the_export_lists_each_records_period_and_purpose(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)
    await issue(client, headers, {"period": "school-year", "purpose": "pvsa"})

    exported = (await client.get("/api/me/export", headers=headers)).json()

    [record] = exported["hours_records"]
    assert record["record"]["period"] == {"kind": "school-year", "from": "2024-08-01",
                                          "to": "2025-07-31"}
    assert record["record"]["purpose"] == "pvsa"
