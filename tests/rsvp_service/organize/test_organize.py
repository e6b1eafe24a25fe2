"""The organizer's events with counts, and a slot's roster with derived statuses."""

from __future__ import annotations

from datetime import datetime

import httpx
from organize_testkit import DURING_TINY, FOREST, KEEN, at, by_name, person, rsvp, slot_path
from service_testkit import CLINIC_SLOTS, GUEST_SLOT, TINY_SLOT

from rsvp_service.rsvps.models import RsvpStatus
from rsvp_service.settings import Settings


async def test_events_list_upcoming_soonest_first_then_past_with_counts(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, keen = await person(settings, "kim", organizes=(KEEN,))
    _, admin = await person(settings, "ada", admin=True)
    for name in ("Ann", "Bo", "Cy"):
        await rsvp(TINY_SLOT, name, waitlist=True)
    at(settings, "2025-05-10T12:00:00-05:00")  # the workshop is over, the clinic ahead

    mine = (await client.get("/api/organize/events", headers=keen)).json()["events"]
    everything = (await client.get("/api/organize/events", headers=admin)).json()["events"]

    assert [(e["slug"], e["past"]) for e in mine] == [
        ("inclusive-sports-clinic", False), ("tiny-workshop", True)]
    assert [e["slug"] for e in everything] == [
        "inclusive-sports-clinic", "tiny-workshop", "forest-park-cleanup"]
    clinic, workshop = mine
    assert {k: clinic[k] for k in ("title", "organization", "date", "date_text", "path",
                                   "series")} == {
        "title": "Inclusive Sports Clinic",
        "organization": {"slug": KEEN, "name": "KEEN St. Louis"}, "date": "2025-07-27",
        "date_text": "July 27, 2025", "path": "/events/inclusive-sports-clinic", "series": None}
    assert [s["id"] for s in clinic["slots"]] == CLINIC_SLOTS
    assert workshop["slots"] == [{
        "id": TINY_SLOT, "time": "6:00-7:00 PM", "start": "2025-05-01T18:00:00-05:00",
        "end": "2025-05-01T19:00:00-05:00", "capacity": 2, "confirmed": 2, "waitlist": 1,
        "checkedIn": 0, "checkinOpen": False}]
    assert {e["organization"]["slug"] for e in everything} == {KEEN, FOREST}


async def test_roster_lists_seats_by_name_then_the_waitlist_in_order(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, keen = await person(settings, "kim", organizes=(KEEN,))
    zed = await rsvp(TINY_SLOT, "Zed", phone=None)
    ann = await rsvp(TINY_SLOT, "ann")
    await rsvp(TINY_SLOT, "Wes", waitlist=True)
    await rsvp(TINY_SLOT, "Abe", waitlist=True)
    gone = await rsvp(TINY_SLOT, "Gus", waitlist=True)
    await gone.filter(id=gone.id).update(status=RsvpStatus.CANCELLED, active_email=None)
    at(settings, DURING_TINY)
    await client.post(slot_path(TINY_SLOT, "/checkins"), headers=keen, json={"attendee": zed.id})

    answer = (await client.get(slot_path(TINY_SLOT), headers=keen)).json()

    assert answer["slot"]["event"] == {"slug": "tiny-workshop", "title": "Tiny Workshop",
                                       "date_text": "May 1, 2025", "location": "Central Library"}
    assert (answer["slot"]["confirmed"], answer["slot"]["waitlist"],
            answer["slot"]["checkedIn"], answer["slot"]["checkinOpen"]) == (2, 3, 1, True)
    people = answer["attendees"]
    assert [(p["name"], p["status"], p["position"]) for p in people] == [
        ("ann Lee", "confirmed", None), ("Zed Lee", "checked_in", None),
        ("Wes Lee", "waitlisted", 1), ("Abe Lee", "waitlisted", 2)]
    first = by_name(people)["ann Lee"]
    assert first == {"id": ann.id, "name": "ann Lee", "email": "ann@example.org",
                     "phone": "314-555-0100", "rsvpAt": ann.created_at.isoformat(),
                     "status": "confirmed", "position": None, "walkIn": False,
                     "checkedInAt": None, "hours": None, "hoursReason": None,
                     "partySize": 1, "guests": [],
                     "present": None, "consent": None}
    here = by_name(people)["Zed Lee"]
    assert datetime.fromisoformat(here["checkedInAt"]) == datetime.fromisoformat(DURING_TINY)
    assert here["hours"] == 1.0 and here["phone"] is None


async def test_no_shows_are_derived_once_the_slot_has_ended(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, keen = await person(settings, "kim", organizes=(KEEN,))
    came = await rsvp(TINY_SLOT, "Came")
    await rsvp(TINY_SLOT, "Absent")
    at(settings, DURING_TINY)
    await client.post(slot_path(TINY_SLOT, "/checkins"), headers=keen, json={"attendee": came.id})

    during = by_name((await client.get(slot_path(TINY_SLOT), headers=keen)).json()["attendees"])
    at(settings, "2025-05-01T19:00:00-05:00")
    after = by_name((await client.get(slot_path(TINY_SLOT), headers=keen)).json()["attendees"])

    assert (during["Absent Lee"]["status"], after["Absent Lee"]["status"]) == (
        "confirmed", "no_show")
    assert after["Came Lee"]["status"] == "checked_in"


async def test_a_forest_organizer_sees_only_forest_slots(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, forest = await person(settings, "olga", organizes=(FOREST,))

    own = await client.get(slot_path(GUEST_SLOT), headers=forest)
    other = await client.get(slot_path(CLINIC_SLOTS[0]), headers=forest)

    assert own.status_code == 200 and own.json()["attendees"] == []
    assert other.status_code == 403
