"""Export and delete cover check-ins, hours records, organizer roles and messages sent."""

from __future__ import annotations

import httpx
from organize_testkit import DURING_TINY, KEEN, at, person, rsvp, slot_path
from service_testkit import TINY_SLOT

from rsvp_service.organize.models import HoursRecord, OrganizerGrant, OrganizerMessage
from rsvp_service.rsvps.models import Attendance, Rsvp
from rsvp_service.settings import Settings

SITE = {"Origin": "http://127.0.0.1:8000"}


async def kim_with_everything(client: httpx.AsyncClient, settings: Settings
                              ) -> tuple[dict[str, str], int, str]:
    """Kim organizes KEEN, messaged a slot, was checked in and issued a record."""
    kim, headers = await person(settings, "kim", organizes=(KEEN,))
    row = await rsvp(TINY_SLOT, "Kim", user=kim)
    await rsvp(TINY_SLOT, "Oz")
    at(settings, DURING_TINY)
    await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                      json={"attendee": row.id})
    await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                      json={"code": (await Rsvp.get(first_name="Oz")).checkin_code})
    await client.post(slot_path(TINY_SLOT, "/messages"), headers=headers, json={
        "subject": "Thanks", "body": "Thank you for coming!"})
    at(settings, "2025-05-01T19:00:00-05:00")  # the slot has ended: its hours are credited
    code = (await client.post("/api/me/hours-records", headers=headers)).json()["code"]
    return headers, row.id, code


async def test_export_holds_check_ins_records_roles_and_messages(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await kim_with_everything(client, settings)

    data = (await client.get("/api/me/export", headers=headers)).json()

    [check_in] = data["check_ins"]
    assert (check_in["eventId"], check_in["hours"], check_in["walk_in"]) == (TINY_SLOT, 1.0, False)
    # Who attested it, as the record shows it (issue 40): Kim checked herself in as KEEN's.
    assert (check_in["attested_name"], check_in["attested_role"],
            check_in["attested_organization"], check_in["service_type"]) == (
        "Kim Park", "Organizer", "KEEN St. Louis", "tutoring")
    assert check_in["starts_at"] is not None and check_in["ends_at"] is not None
    [record] = data["hours_records"]
    assert (record["hours"], record["revoked_at"], record["record"]["name"]) == (
        1.0, None, "Kim Park")
    assert [r["organization"] for r in data["organizer_roles"]] == [KEEN]
    [sent] = data["messages_sent"]
    assert (sent["eventId"], sent["subject"], sent["recipients"]) == (TINY_SLOT, "Thanks", 2)
    assert "oz@example.org" not in str(data)


async def test_delete_removes_them_and_keeps_what_the_organization_did(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, kim_rsvp, code = await kim_with_everything(client, settings)

    response = await client.post("/api/me/delete", headers={**headers, **SITE},
                                 json={"confirm": "DELETE"})

    assert response.status_code == 200, response.text
    assert not await Attendance.filter(rsvp_id=kim_rsvp).exists()
    assert not await HoursRecord.all().exists()
    assert not await OrganizerGrant.all().exists()
    [oz] = await Attendance.all()
    assert oz.checked_in_by_id is None and oz.checked_in_at is not None
    [message] = await OrganizerMessage.all()
    assert (message.sender_id, message.subject) == (None, "Thanks")
    assert (await Rsvp.get(id=kim_rsvp)).checkin_code is None
    assert (await client.get(f"/api/hours-records/{code}")).status_code == 404
