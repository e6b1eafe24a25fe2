"""A party on the roster (its guests named, or "Guest 2 of ...") and checked in member by
member as a count, on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io

import httpx
from organize_testkit import DURING_TINY, KEEN, at, by_name, person, rsvp, slot_path
from service_testkit import TINY_SLOT

from rsvp_service.rsvps.models import Attendance
from rsvp_service.settings import Settings


async def test_roster_lists_guests_and_check_in_counts_the_members_who_came(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))
    # The workshop seats 2: Alex's party of 2 fills it, Bo's party of 2 waits whole.
    alex = await rsvp(TINY_SLOT, "Alex", last="Doe", guests=("Sam Roe",))
    await rsvp(TINY_SLOT, "Bo", guests=("",), waitlist=True)
    at(settings, DURING_TINY)

    roster = (await client.get(slot_path(TINY_SLOT), headers=headers)).json()
    people = by_name(roster["attendees"])
    assert (people["Alex Doe"]["partySize"], people["Alex Doe"]["guests"]) == (2, ["Sam Roe"])
    assert (people["Bo Lee"]["status"], people["Bo Lee"]["guests"]) == (
        "waitlisted", ["Guest 1 of Bo Lee"])
    assert (roster["slot"]["confirmed"], roster["slot"]["waitlist"]) == (2, 1)

    # Sam did not come: one of the party of two is checked in.
    here = await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                             json={"attendee": alex.id, "present": 1})
    assert (here.status_code, here.json()["attendee"]["present"]) == (200, 1)
    too_many = await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                                 json={"attendee": alex.id, "present": 3})
    assert (too_many.status_code, too_many.json()) == (422, {"error": (
        "Alex Doe's party has 2 people, so at most 2 people can be checked in. "
        "Send a smaller number in 'present'.")})
    assert (await Attendance.get(rsvp_id=alex.id)).present == 1
    # Sam arrives late: the organizer sends the party's new number.
    later = await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                              json={"attendee": alex.id, "present": 2})
    assert later.json()["attendee"]["present"] == 2
    summary = (await client.get(slot_path(TINY_SLOT), headers=headers)).json()["slot"]
    assert summary["checkedIn"] == 2

    sheet = await client.get(slot_path(TINY_SLOT, "/roster.csv"), headers=headers)
    rows = {row[0]: row for row in csv.reader(io.StringIO(sheet.content.decode("utf-8-sig")))}
    # Party size, Present, Guests (then Guardian consent, asked of nobody here).
    assert rows["Alex Doe"][-4:] == ["2", "2", "Sam Roe", ""]
    assert rows["Bo Lee"][-4:] == ["2", "", "Guest 1 of Bo Lee", ""]


async def test_checking_in_a_party_without_a_number_counts_all_of_it(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))
    alex = await rsvp(TINY_SLOT, "Alex", last="Doe", guests=("",))
    at(settings, DURING_TINY)

    here = await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                             json={"attendee": alex.id})
    undone = await client.post(slot_path(TINY_SLOT, "/checkins/undo"), headers=headers,
                               json={"attendee": alex.id})

    assert here.json()["attendee"]["present"] == 2
    assert here.json()["attendee"]["guests"] == ["Guest 1 of Alex Doe"]
    assert (undone.json()["attendee"]["status"], undone.json()["attendee"]["present"]) == (
        "confirmed", None)
