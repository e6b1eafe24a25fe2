"""Hours served elsewhere, once confirmed, are entries like check-ins (impact/entries.py): in the
record's preview and its choice, in the record with who attested them by email, in the CSV, and
in the PVSA and per-kind hours; pending, declined and other volunteers' entries never are."""

from __future__ import annotations

import csv
import io

import httpx
from mail_testkit import Mailbox
from outside_hours_testkit import SUPERVISOR, ask, asked, volunteer
from service_testkit import token_header

from rsvp_service.accounts.models import User
from rsvp_service.impact.statements import CHECKED_EMAIL
from rsvp_service.outside_hours.models import OutsideHoursRequest
from rsvp_service.settings import Settings

RECORD = "/api/me/hours-records"


async def signed_in_as(settings: Settings, name: str) -> dict[str, str]:
    """A new session's token header for the account `asked` made for `name`."""
    return await token_header(settings, (await User.get(email=f"{name}@example.org")).id)


async def test_confirmed_hours_are_attested_entries_of_records_and_progress(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings, "mia")
    headers = await signed_in_as(settings, "mia")
    kim = await volunteer(settings, "kim")
    # Not yet confirmed: nothing to record.
    empty = await client.get("/api/me/hours-entries", headers=headers)
    assert empty.json()["entries"] == []
    confirmed = await client.post("/api/hours-requests/confirm",
                                  json={"token": token, "role": "Pantry manager"})
    assert confirmed.status_code == 200, confirmed.text
    request_id = (await OutsideHoursRequest.get(answer="confirmed")).id

    [entry] = (await client.get("/api/me/hours-entries", headers=headers)).json()["entries"]
    assert entry["id"] == f"elsewhere:{request_id}"
    assert (entry["title"], entry["organization"], entry["date"], entry["date_text"],
            entry["hours"], entry["time"], entry["service_type"]) == (
        "Sorted donations and packed boxes.", "Northside Food Pantry", "2025-03-28",
        "March 28, 2025", 3.0, "9:00\u202fAM\u2009–\u200912:00\u202fPM", "food_security")
    assert entry["attestation"] | {"method": "email", "name": "Dana Boss",
                                   "role": "Pantry manager", "email": SUPERVISOR} == \
        entry["attestation"]

    record = await client.post(RECORD, headers=headers, json={
        "period": "last-12-months", "purpose": "nhs", "entries": [entry["id"]]})
    assert record.status_code == 201, record.text
    public = (await client.get(f"/api/hours-records/{record.json()['code']}")).json()
    assert [e["attestation"]["method"] for e in public["entries"]] == ["email"]
    assert public["hours"] == 3.0 and CHECKED_EMAIL in public["checked"]["checked"]
    rows = list(csv.reader(io.StringIO(
        (await client.get(f"/api/hours-records/{record.json()['code']}.csv")).content.decode(
            "utf-8-sig"))))
    assert any("Dana Boss" in row and SUPERVISOR in row for row in rows), rows

    impact = (await client.get("/api/me/impact", headers=headers)).json()
    assert impact["pvsa"]["hours"] == 3.0
    assert impact["serviceTypes"] == [{"serviceType": "food_security", "hours": 3.0}]
    # The dashboard's counts of CivicSTL's own events stay check-ins only.
    assert (impact["hours"], impact["events"]) == (0, 0)

    # Another volunteer naming Mia's entry gets the answer an unknown id gets.
    theirs = await client.post(RECORD, headers=kim, json={"entries": [entry["id"]]})
    nobodys = await client.post(RECORD, headers=kim, json={"entries": ["elsewhere:999999"]})
    assert (theirs.status_code, theirs.json()) == (nobodys.status_code, nobodys.json())
    assert theirs.status_code == 409 and "Northside" not in theirs.text


async def test_declined_and_pending_hours_are_no_entries(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings, "mia")
    headers = await signed_in_as(settings, "mia")
    pending = await ask(client, headers, supervisor="lee@school.example.org")
    assert pending.status_code == 201, pending.text
    declined = await client.post("/api/hours-requests/decline", json={"token": token})
    assert declined.status_code == 200, declined.text
    assert (await client.get("/api/me/hours-entries", headers=headers)).json()["entries"] == []
    assert (await client.post(RECORD, headers=headers)).status_code == 409
    assert (await client.get("/api/me/impact", headers=headers)).json()["pvsa"]["hours"] == 0
