"""The organizer sees who has a guardian's consent, and check-in warns (but checks in) when it
is missing; on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io

import httpx
import pytest
from consent_testkit import (
    GUARDIAN,
    LINK,
    consent_content,
    minor_rsvps,
)
from mail_testkit import Mailbox, arrived, token_in
from organize_testkit import DURING_TINY, KEEN, at, by_name, person, slot_path
from service_testkit import TINY_SLOT

from rsvp_service.organize.checkin import NO_CONSENT
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.settings import Settings

pytestmark = pytest.mark.events(write=consent_content)


async def test_the_roster_shows_consent_and_check_in_warns_when_it_is_missing(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))
    assert (await minor_rsvps(client, settings, "mia")).status_code == 201
    [mail] = await arrived(mailbox, GUARDIAN, "Guardian consent asked")
    approved = await client.post("/api/consent/approve", json={"token": token_in(mail, LINK)})
    assert approved.status_code == 200, approved.text
    other = await minor_rsvps(client, settings, "noa", guardian="dad@example.net")
    assert other.status_code == 201
    at(settings, DURING_TINY)

    roster = (await client.get(slot_path(TINY_SLOT), headers=headers)).json()
    people = by_name(roster["attendees"])
    assert (people["Mia Lee"]["consent"], people["Noa Lee"]["consent"]) == (
        "approved", "awaiting")
    sheet = await client.get(slot_path(TINY_SLOT, "/roster.csv"), headers=headers)
    rows = {row[0]: row[-1] for row in csv.reader(io.StringIO(sheet.text.lstrip("\ufeff")))}
    assert (rows["Name"], rows["Mia Lee"], rows["Noa Lee"]) == (
        "Guardian consent", "Approved", "Awaiting consent")

    mia = await Rsvp.get(email="mia@example.org")
    noa = await Rsvp.get(email="noa@example.org")
    approved = await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                                 json={"attendee": mia.id})
    missing = await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                                json={"attendee": noa.id})
    assert (approved.status_code, approved.json()["warning"]) == (200, None)
    assert missing.status_code == 200
    assert missing.json()["warning"] == NO_CONSENT.format(name="Noa Lee")
    assert missing.json()["attendee"]["status"] == "checked_in"
