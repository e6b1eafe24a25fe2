"""Who attests a check-in: recorded from the server's side (the signed-in organizer and the
organization's YAML), never from anything a caller sends."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx
import pytest
from organize_testkit import DURING_TINY, KEEN, at, person, rsvp, slot_path
from service_testkit import KEEN_VOLUNTEERS, TINY_SLOT

from rsvp_service.accounts.models import User
from rsvp_service.organize.models import HoursRecord
from rsvp_service.rsvps.models import Attendance
from rsvp_service.settings import Settings

TINY_START = datetime.fromisoformat("2025-05-01T18:00:00-05:00")
TINY_END = datetime.fromisoformat("2025-05-01T19:00:00-05:00")
FORGED = {"attested_name": "Dr. Forger", "attested_role": "Principal",
          "attested_email": "forger@school.example", "attestation": {"name": "Dr. Forger"},
          "service_type": "tutoring", "starts_at": "2025-05-01T08:00:00-05:00"}


async def organizer_at(settings: Settings, name: str, email: str) -> dict[str, str]:
    """A KEEN organizer signed in with the address given, the clock inside the workshop."""
    user, headers = await person(settings, name, organizes=(KEEN,))
    await User.filter(id=user.id).update(email=email)
    at(settings, DURING_TINY)
    return headers


async def attested(rsvp_id: int) -> tuple[Any, ...]:
    """The attendance row's attester, organization, kind of service and times."""
    row = await Attendance.get(rsvp_id=rsvp_id)
    return (row.attested_name, row.attested_role, row.attested_email,
            row.attested_organization, row.service_type, row.starts_at, row.ends_at)


@pytest.mark.parametrize(("email", "role", "shown"), [
    # A personal address is never the one a school gets: the volunteer contact's is.
    ("kim@example.org", "Organizer", KEEN_VOLUNTEERS["email"]),
    # An address on the organization's own domain (any case) is official: it is kept.
    ("Kim.Park@KeenStLouis.org", "Organizer", "Kim.Park@KeenStLouis.org"),
    # The volunteer contact themself checks in: their role is the one the YAML gives.
    (KEEN_VOLUNTEERS["email"], KEEN_VOLUNTEERS["role"], KEEN_VOLUNTEERS["email"]),
])
async def test_a_check_in_records_its_organizer_their_role_and_an_address_at_the_organization(
    client: httpx.AsyncClient, settings: Settings, email: str, role: str, shown: str
) -> None:
    headers = await organizer_at(settings, "kim", email)
    ann = await rsvp(TINY_SLOT, "Ann")

    response = await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                                 json={"attendee": ann.id})

    assert response.status_code == 200
    assert await attested(ann.id) == ("Kim Park", role, shown, "KEEN St. Louis", "tutoring",
                                      TINY_START, TINY_END)


async def test_a_walk_in_is_attested_and_a_second_check_in_keeps_the_first_attester(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    kim = await organizer_at(settings, "kim", "kim@example.org")
    lou = await organizer_at(settings, "lou", "lou@keenstlouis.org")
    ann = await rsvp(TINY_SLOT, "Ann")

    walk_in = await client.post(slot_path(TINY_SLOT, "/walkins"), headers=kim,
                                json={"name": "Wanda Walker", "clientId": "tap-1"})
    await client.post(slot_path(TINY_SLOT, "/checkins"), headers=kim, json={"attendee": ann.id})
    again = await client.post(slot_path(TINY_SLOT, "/checkins"), headers=lou,
                              json={"attendee": ann.id})

    assert (walk_in.status_code, again.status_code) == (201, 200)
    wanda = walk_in.json()["attendee"]["id"]
    assert (await attested(wanda))[:3] == ("Kim Park", "Organizer", KEEN_VOLUNTEERS["email"])
    assert (await attested(ann.id))[:3] == ("Kim Park", "Organizer", KEEN_VOLUNTEERS["email"])


@pytest.mark.parametrize(("rest", "body"), [
    ("/checkins", {"attendee": 0}),
    ("/walkins", {"name": "Wanda Walker", "clientId": "tap-2"}),
    ("/hours", {"attendee": 0, "hours": 1}),
])
async def test_nobody_can_send_an_attestation(
    client: httpx.AsyncClient, settings: Settings, rest: str, body: dict[str, Any]
) -> None:
    headers = await organizer_at(settings, "kim", "kim@example.org")
    ann = await rsvp(TINY_SLOT, "Ann")
    await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                      json={"attendee": ann.id})
    before = await attested(ann.id)
    body = {key: ann.id if value == 0 else value for key, value in body.items()}

    refused = [await client.post(slot_path(TINY_SLOT, rest), headers=headers,
                                 json=body | {field: value})
               for field, value in FORGED.items()]

    assert {response.status_code for response in refused} == {422}
    assert all(response.json()["error"].endswith(".") for response in refused)
    assert await attested(ann.id) == before
    assert await Attendance.filter(attested_name="Dr. Forger").count() == 0


async def test_a_record_takes_no_attestation_from_its_caller(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers = await organizer_at(settings, "kim", "kim@example.org")
    zoe, mine = await person(settings, "zoe")
    tiny = await rsvp(TINY_SLOT, "Zoë", user=zoe)
    await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                      json={"attendee": tiny.id})
    at(settings, "2025-06-01T12:00:00-05:00")

    # The request names entries by id only: an entry with an attestation of its own is refused
    # and nothing is issued; named by id, the record says who checked the person in.
    forged = await client.post("/api/me/hours-records", headers=mine,
                               json={"entries": [{"attestation": FORGED}]})
    smuggled = await client.post("/api/me/hours-records", headers=mine,
                                 json={"entries": [TINY_SLOT], **FORGED})
    assert (forged.status_code, smuggled.status_code) == (422, 422)
    assert await HoursRecord.all().count() == 0
    created = await client.post("/api/me/hours-records", headers=mine,
                                json={"entries": [TINY_SLOT]})
    assert created.status_code == 201
    assert "Dr. Forger" not in created.text
    [entry] = created.json()["record"]["entries"]
    assert entry["attestation"]["name"] == "Kim Park"
