"""Hours served elsewhere, end to end: the volunteer asks, the supervisor gets one plain email
(read here from the raw bytes with another parser) and answers from its link; the volunteer
sees each state (sent, delivered, opened, confirmed, adjusted, declined, withdrawn) and impact
gets the confirmed entries."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, date, datetime
from decimal import Decimal
from email.header import decode_header, make_header

import httpx
import pytest
from mail_testkit import Mailbox, arrived, body, recipients
from outside_hours_testkit import ASKED, SUPERVISOR, ask, asked, outside, states, volunteer
from service_testkit import eventually

from rsvp_service.mail.models import OutboxMessage
from rsvp_service.outside_hours import routes, service, supervisor
from rsvp_service.outside_hours.models import OutsideHoursRequest
from rsvp_service.outside_hours.service import confirmed_entries
from rsvp_service.settings import Settings


async def test_the_supervisor_confirms_and_the_entry_counts(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    headers = await volunteer(settings)
    created = await ask(client, headers)
    assert created.status_code == 201, created.text
    assert created.json()["state"] == "sent" and created.json()["hours"] == 3.0

    [mail] = await arrived(mailbox, SUPERVISOR, ASKED)
    assert recipients(mailbox)[SUPERVISOR] == 1
    raw = mailbox.raw[-1]
    parsed = email.message_from_bytes(raw, policy=email.policy.compat32)
    assert str(make_header(decode_header(parsed["Subject"]))) == (
        "Action requested: confirm hours for Mia Park")
    assert "Dana Boss" in str(make_header(decode_header(parsed["To"])))
    assert SUPERVISOR in parsed["To"] and "Bcc" not in parsed
    text = body(mail)
    assert ("Mia Park, a volunteer with a CivicSTL account, asked us to send you this email. "
            "They report that they volunteered with Northside Food Pantry") in " ".join(
        text.split())
    assert "Friday, March 28, 2025" in text
    assert "9:00 AM – 12:00 PM (3 hours)" in " ".join(text.split())
    assert "mia@example.org" not in text  # the volunteer's address is not the supervisor's
    # The supervisor learns before answering that a record will show who they are.
    assert ("may read your answer, with your name, role and email address, on the volunteer's "
            "service-hours record") in " ".join(text.split())
    for act in ("confirm", "adjust", "decline", "not-me"):
        assert "/hours-request?token=" in text and f"&act={act}" in text
    token = text.split("/hours-request?token=")[1].split("&")[0]

    async def delivered() -> bool:
        return await states(client, headers) == ["delivered"]
    await eventually(delivered)

    preview = await client.post("/api/hours-requests/preview", json={"token": token})
    assert preview.status_code == 200
    assert preview.json() | {"volunteer": "Mia Park", "state": "awaiting", "hours": 3.0} == \
        preview.json()
    assert await states(client, headers) == ["opened"]

    done = await client.post("/api/hours-requests/confirm",
                             json={"token": token, "role": "Volunteer coordinator"})
    assert done.json() == {"answer": "confirmed", "message": supervisor.CONFIRMED}
    again = await client.post("/api/hours-requests/confirm", json={"token": token})
    assert (again.status_code, again.json()["message"]) == (200, supervisor.ANSWERED)
    late = await client.post("/api/hours-requests/decline", json={"token": token})
    assert (late.status_code, late.json()["error"]) == (410, supervisor.ANSWERED)
    assert await states(client, headers) == ["confirmed"]

    row = await OutsideHoursRequest.get()
    [entry] = await confirmed_entries(row.user_id)
    assert (entry.date, entry.hours, entry.organization, entry.service_type) == (
        date(2025, 3, 28), Decimal("3.00"), "Northside Food Pantry", "food_security")
    assert (entry.supervisor_name, entry.supervisor_role, entry.supervisor_email,
            entry.method) == ("Dana Boss", "Volunteer coordinator", SUPERVISOR, "email")
    assert entry.start == datetime(2025, 3, 28, 14, tzinfo=UTC)


async def test_adjusted_and_declined_hours(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings, "mia")
    no_hours = await client.post("/api/hours-requests/adjust", json={"token": token})
    assert (no_hours.status_code, no_hours.json()["error"]) == (
        422, supervisor.ADJUST_NEEDS_HOURS)
    too_many = await client.post("/api/hours-requests/adjust", json={"token": token, "hours": 25})
    assert too_many.status_code == 422
    adjusted = await client.post("/api/hours-requests/adjust",
                                 json={"token": token, "hours": 2.5, "note": "Left early."})
    assert adjusted.json()["message"] == supervisor.ADJUSTED.format(hours="2.5")
    [entry] = await confirmed_entries((await OutsideHoursRequest.get()).user_id)
    assert entry.hours == Decimal("2.50")

    other = "lee@school.example.org"
    token = await asked(client, mailbox, settings, "bo", supervisor=other)
    declined = await client.post("/api/hours-requests/decline",
                                 json={"token": token, "note": "Not on my roster."})
    assert declined.json()["message"] == supervisor.DECLINED
    row = await OutsideHoursRequest.get(supervisor_name="Dana Boss", answer="declined")
    # The address served the request only: it is forgotten when the request ends unconfirmed.
    assert (row.supervisor_email, row.supervisor_key, row.supervisor_note) == (
        None, None, "Not on my roster.")
    assert await confirmed_entries(row.user_id) == []


@pytest.mark.parametrize(("changes", "said"), [
    ({"date": "2025-04-02"}, service.FUTURE),
    ({"date": "2025-04-01", "start": "11:00", "end": "13:00"}, service.FUTURE),
    ({"date": "2024-03-01"}, service.TOO_OLD),
    ({"start": "12:00", "end": "09:00"}, service.END_FIRST),
    ({"honesty": False}, "The field 'honesty' must be True."),
    ({"not_relative": False}, "The field 'not_relative' must be True."),
    ({"supervisor_email": "not an address"},
     "The field 'supervisor_email' is invalid: it must be a valid email address."),
    ({"service_type": "sports"}, None),
    ({"start": "9am"}, None),
    ({"extra": 1}, "The field 'extra' is not allowed."),
])
@pytest.mark.sqlite_only
async def test_a_request_is_checked_with_full_sentences(
    client: httpx.AsyncClient, settings: Settings, changes: dict[str, object], said: str | None,
) -> None:
    headers = await volunteer(settings)
    response = await client.post("/api/me/outside-hours", json=outside(**changes),
                                 headers=headers)
    assert response.status_code == 422, response.text
    if said is not None:
        assert response.json()["error"] == said
    assert response.json()["error"].endswith(".")
    assert await OutsideHoursRequest.all().count() == 0
    assert await OutboxMessage.all().count() == 0


@pytest.mark.sqlite_only
async def test_a_volunteer_withdraws_only_their_own_waiting_request(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    mia = await volunteer(settings, "mia")
    assert (await ask(client, mia)).status_code == 201
    [mail] = await arrived(mailbox, SUPERVISOR, ASKED)
    token = body(mail).split("/hours-request?token=")[1].split("&")[0]
    row = await OutsideHoursRequest.get()
    stranger = await volunteer(settings, "eve")
    # Another's request and a missing one answer alike.
    for path in (f"/api/me/outside-hours/{row.id}/withdraw",
                 f"/api/me/outside-hours/{row.id + 1}/withdraw"):
        refused = await client.post(path, headers=stranger)
        assert (refused.status_code, refused.json()["error"]) == (404, routes.NOT_FOUND)
    assert await states(client, stranger) == []
    assert await states(client, mia) in (["sent"], ["delivered"])

    done = await client.post(f"/api/me/outside-hours/{row.id}/withdraw", headers=mia)
    assert done.json()["message"] == routes.WITHDRAWN
    assert await states(client, mia) == ["withdrawn"]
    again = await client.post(f"/api/me/outside-hours/{row.id}/withdraw", headers=mia)
    assert (again.status_code, again.json()["error"]) == (409, routes.NOT_PENDING)
    late = await client.post("/api/hours-requests/confirm", json={"token": token})
    assert (late.status_code, late.json()["error"]) == (410, supervisor.WITHDRAWN)
    assert (await OutsideHoursRequest.get()).supervisor_email is None
