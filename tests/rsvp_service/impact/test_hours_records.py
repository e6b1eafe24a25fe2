"""Service-hours records: a signed snapshot, verified publicly, tamper-proof and revocable."""

from __future__ import annotations

import logging

import httpx
import pytest
from organize_testkit import DURING_GUEST, DURING_TINY, at, person, rsvp, slot_path
from pdf_testkit import pdf_text
from service_testkit import GUEST_SLOT, TEST_SECRET_KEY, TINY_SLOT

from rsvp_service.impact.records import sign, verified_id
from rsvp_service.impact.statements import CHECKED_CHECK_IN, NOT_CHECKED
from rsvp_service.organize.models import HoursRecord
from rsvp_service.settings import Settings
from rsvp_service.web.access_log import SecretQueryFilter

NOT_VALID = "This verification code is not valid. Check that the link was copied in full."


async def volunteer_with_hours(client: httpx.AsyncClient, settings: Settings
                               ) -> tuple[dict[str, str], dict[str, str], int]:
    """A volunteer checked in at two slots (2 h and 1 h); their headers, staff's, the tiny RSVP."""
    _, staff = await person(settings, "ada", admin=True)
    zoe, headers = await person(settings, "zoe")
    await zoe.filter(id=zoe.id).update(name="Zoë Ångström")
    guest, tiny = await rsvp(GUEST_SLOT, "Zoë", user=zoe), await rsvp(TINY_SLOT, "Zoë", user=zoe)
    for slot, moment, row in ((GUEST_SLOT, DURING_GUEST, guest), (TINY_SLOT, DURING_TINY, tiny)):
        at(settings, moment)
        await client.post(slot_path(slot, "/checkins"), headers=staff, json={"attendee": row.id})
    at(settings, "2025-06-01T12:00:00-05:00")
    return headers, staff, tiny.id


async def test_a_record_is_issued_verified_publicly_and_never_changes(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, staff, tiny = await volunteer_with_hours(client, settings)

    created = await client.post("/api/me/hours-records", headers=headers)
    code = created.json()["code"]
    public = await client.get(f"/api/hours-records/{code}")
    at(settings, DURING_TINY)
    await client.post(slot_path(TINY_SLOT, "/hours"), headers=staff,
                      json={"attendee": tiny, "hours": 3, "reason": "Stayed to clean up."})
    later = await client.get(f"/api/hours-records/{code}")
    at(settings, "2025-06-02T12:00:00-05:00")
    second = (await client.post("/api/me/hours-records", headers=headers)).json()
    listed = (await client.get("/api/me/hours-records", headers=headers)).json()["records"]

    assert created.status_code == 201
    assert created.json()["url"] == f"http://127.0.0.1:8000/verify-hours/{code}"
    assert public.status_code == 200
    record = public.json()
    assert record == created.json()["record"] == later.json()
    assert record == {
        "code": code, "name": "Zoë Ångström", "issuedAt": "2025-06-01T17:00:00+00:00",
        "hours": 3.0, "revoked": False, "purpose": None,
        "period": {"kind": "all", "from": None, "to": None},
        "checked": {"checked": [CHECKED_CHECK_IN], "notChecked": [NOT_CHECKED], "note": None},
        "entries": [
            {"title": "Tiny Workshop", "organization": "KEEN St. Louis", "date": "2025-05-01",
             "date_text": "May 1, 2025", "hours": 1.0, "time": "6:00-7:00 PM",
             "start": "2025-05-01T18:00:00-05:00", "end": "2025-05-01T19:00:00-05:00",
             "service_type": "tutoring", "id": TINY_SLOT, "a_plus_eligible": None,
             "attestation": {
                 "method": "check-in", "name": "Ada Park", "role": "CivicSTL administrator",
                 "organization": "KEEN St. Louis", "email": "volunteers@keenstlouis.org",
                 "at": "2025-05-01T18:10:00-05:00"}},
            # Forest Park Forever gives no address: the admin's own is never published.
            {"title": "Forest Park Cleanup", "organization": "Forest Park Forever",
             "date": "2025-04-27", "date_text": "April 27, 2025", "hours": 2.0,
             "time": "1:00PM-3:00PM", "start": "2025-04-27T13:00:00-05:00",
             "end": "2025-04-27T15:00:00-05:00", "service_type": "other", "id": GUEST_SLOT,
             "a_plus_eligible": None, "attestation": {
                 "method": "check-in", "name": "Ada Park", "role": "CivicSTL administrator",
                 "organization": "Forest Park Forever", "email": None,
                 "at": "2025-04-27T13:30:00-05:00"}}]}
    assert "zoe@example.org" not in public.text and "ada@example.org" not in public.text
    assert second["record"]["hours"] == 5.0
    assert [(r["code"], r["hours"], r["revoked"], r["period"]["kind"]) for r in listed] == [
        (second["code"], 5.0, False, "all"), (code, 3.0, False, "all")]


async def test_tampered_and_malformed_codes_are_not_valid(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)
    code = (await client.post("/api/me/hours-records", headers=headers)).json()["code"]
    record_id, mac = code.split("-")
    flipped = mac[:-1] + ("a" if mac[-1] != "a" else "b")
    forged = [f"{record_id}-{flipped}", f"{int(record_id) + 1}-{mac}", f"{record_id}-{mac}x",
              mac, "0-" + mac, "not-a-code", f"{record_id}-{mac.upper()}",
              # A trailing newline (or CR) must not pass for the end of the code.
              f"{code}%0a", f"{code}%0A", f"{code}%0d", f"%0a{code}"]

    for bad in forged:
        for path in (f"/api/hours-records/{bad}", f"/api/hours-records/{bad}.pdf"):
            response = await client.get(path)
            assert (response.status_code, response.json()) == (404, {"error": NOT_VALID}), path
    for bad in (forged[0], f"{code}%0a"):
        assert (await client.post(f"/api/me/hours-records/{bad}/revoke",
                                  headers=headers)).status_code == 404
    assert await HoursRecord.filter(revoked_at__isnull=False).count() == 0


async def test_revoked_records_answer_410_and_only_the_owner_can_revoke(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, staff, _ = await volunteer_with_hours(client, settings)
    code = (await client.post("/api/me/hours-records", headers=headers)).json()["code"]

    by_someone_else = await client.post(f"/api/me/hours-records/{code}/revoke", headers=staff)
    still = await client.get(f"/api/hours-records/{code}")
    revoked = await client.post(f"/api/me/hours-records/{code}/revoke", headers=headers)
    twice = await client.post(f"/api/me/hours-records/{code}/revoke", headers=headers)
    gone = [await client.get(f"/api/hours-records/{code}{ext}") for ext in ("", ".pdf")]
    listed = (await client.get("/api/me/hours-records", headers=headers)).json()["records"]

    assert (by_someone_else.status_code, still.status_code) == (404, 200)
    assert revoked.status_code == twice.status_code == 200
    assert revoked.json()["revoked"] is True
    for response in gone:
        assert response.status_code == 410
        assert response.json() == {"error": "This record was revoked by its owner.",
                                   "revoked": True}
    assert [r["revoked"] for r in listed] == [True]


async def test_the_pdf_is_the_same_record(client: httpx.AsyncClient, settings: Settings) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)
    code = (await client.post("/api/me/hours-records", headers=headers)).json()["code"]

    response = await client.get(f"/api/hours-records/{code}.pdf")

    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
    title = "Service-hours record: Zoë Ångström".encode("utf-16-be").hex()
    assert f"/Title <feff{title}>".encode() in response.content
    assert b"/Count 1" in response.content


async def test_nothing_to_record_before_a_check_in(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await person(settings, "new")

    response = await client.post("/api/me/hours-records", headers=headers)

    assert response.status_code == 409
    assert response.json()["error"].startswith("You have no verified hours yet.")
    assert not await HoursRecord.all().exists()


def test_codes_are_bound_to_the_secret_key() -> None:
    ours = Settings(_env_file=None, environment="test", secret_key=TEST_SECRET_KEY)  # type: ignore[call-arg]
    theirs = Settings(_env_file=None, environment="test", secret_key=TEST_SECRET_KEY[::-1])  # type: ignore[call-arg]

    code = sign(ours, 42)

    assert verified_id(ours, code) == 42
    assert verified_id(theirs, code) is None
    assert verified_id(ours, code.replace("42-", "43-")) is None


@pytest.mark.parametrize(("path", "logged"), [
    ("/verify-hours/12-abcdef", "/verify-hours/[redacted]"),
    ("/api/hours-records/12-abcdef.pdf", "/api/hours-records/[redacted]"),
    ("/api/me/hours-records/12-abcdef/revoke", "/api/me/hours-records/[redacted]"),
    ("/api/me/hours-records", "/api/me/hours-records"),
])
def test_record_codes_stay_out_of_the_access_log(path: str, logged: str) -> None:
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1,
                               '%s - "%s %s HTTP/%s" %d', ("1.2.3.4", "GET", path, "1.1", 200),
                               None)

    SecretQueryFilter().filter(record)

    assert record.getMessage() == f'1.2.3.4 - "GET {logged} HTTP/1.1" 200'


async def test_the_pdf_lists_each_entrys_times_service_and_attester(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)
    code = (await client.post("/api/me/hours-records", headers=headers)).json()["code"]

    text = pdf_text((await client.get(f"/api/hours-records/{code}.pdf")).content)

    flat = " ".join(text.split())
    assert "Date Times Event, organization Service Hours Attested by" in flat
    assert "May 1, 2025 6:00 – 7:00 PM Tiny Workshop, KEEN St. Louis Tutoring 1" in flat
    assert ("Ada Park, CivicSTL administrator, KEEN St. Louis, volunteers@keenstlouis.org; by "
            "check-in, May 1, 2025, 6:10 PM") in flat
    assert "Forest Park Cleanup, Forest Park Forever Other 2" in flat
    assert "Ada Park, CivicSTL administrator, Forest Park Forever; by check-in, Apr 27" in flat
    assert "ada@example.org" not in flat
    assert "CivicSTL did not check the identity of an attester" in flat
