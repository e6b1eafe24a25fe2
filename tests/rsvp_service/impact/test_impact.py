"""A volunteer's impact from check-ins: hours (slot length or as set), counts and badges."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx
from organize_testkit import (
    DURING_CLINIC,
    DURING_GUEST,
    DURING_TINY,
    FOREST,
    KEEN,
    at,
    person,
    rsvp,
    slot_path,
)
from service_testkit import CLINIC_SLOTS, GUEST_SLOT, TINY_SLOT

from rsvp_service.settings import Settings

TINY_ENDS = "2025-05-01T19:00:00-05:00"  # the workshop's 6:00-7:00 PM slot ends
GUEST_ENDS = "2025-04-27T15:00:00-05:00"  # the cleanup's 1:00-3:00 PM slot ends


async def check_in(client: httpx.AsyncClient, settings: Settings, headers: dict[str, str],
                   slot: str, moment: str, body: dict[str, Any]) -> dict[str, Any]:
    """Check someone in at a slot at a moment in its window; return the attendee."""
    at(settings, moment)
    response = await client.post(slot_path(slot, "/checkins"), headers=headers, json=body)
    assert response.status_code == 200, response.text
    attendee: dict[str, Any] = response.json()["attendee"]
    return attendee


async def test_impact_adds_up_check_ins_only(client: httpx.AsyncClient, settings: Settings) -> None:
    _, staff = await person(settings, "ada", admin=True)
    kim, headers = await person(settings, "kim")
    clinic = await rsvp(CLINIC_SLOTS[0], "Kim", user=kim)
    await rsvp(CLINIC_SLOTS[1], "Kim", user=kim)  # a no-show: counts for nothing
    tiny = await rsvp(TINY_SLOT, "Kim", user=kim)
    guest = await rsvp(GUEST_SLOT, "Kim", user=kim)

    await check_in(client, settings, staff, GUEST_SLOT, DURING_GUEST, {"attendee": guest.id})
    await check_in(client, settings, staff, TINY_SLOT, DURING_TINY, {"attendee": tiny.id})
    set_hours = await client.post(slot_path(TINY_SLOT, "/hours"), headers=staff,
                                  json={"attendee": tiny.id, "hours": 4.5,
                                        "reason": "Set up the room before the start."})
    attendee = await check_in(client, settings, staff, CLINIC_SLOTS[0], DURING_CLINIC,
                              {"attendee": clinic.id})
    at(settings, "2025-08-01T12:00:00-05:00")
    impact = (await client.get("/api/me/impact", headers=headers)).json()

    assert set_hours.status_code == 200
    assert attendee["hours"] == 0.75  # 50 minutes, to the nearest quarter hour
    assert (impact["hours"], impact["events"], impact["organizations"]) == (7.25, 3, 2)
    assert impact["attended"] == [
        {"eventId": CLINIC_SLOTS[0], "title": "Inclusive Sports Clinic",
         "organization": {"slug": KEEN, "name": "KEEN St. Louis"}, "date": "2025-07-27",
         "date_text": "July 27, 2025", "hours": 0.75},
        {"eventId": TINY_SLOT, "title": "Tiny Workshop",
         "organization": {"slug": KEEN, "name": "KEEN St. Louis"}, "date": "2025-05-01",
         "date_text": "May 1, 2025", "hours": 4.5},
        {"eventId": GUEST_SLOT, "title": "Forest Park Cleanup",
         "organization": {"slug": FOREST, "name": "Forest Park Forever"}, "date": "2025-04-27",
         "date_text": "April 27, 2025", "hours": 2.0},
    ]
    badges = {b["id"]: b for b in impact["badges"]}
    # April, May and July: no three months in a row.
    assert [b["id"] for b in impact["badges"] if b["earned"]] == ["first-event", "hours-5"]
    # Earned when the hours were credited, at the slots' ends, not at the check-ins.
    assert [datetime.fromisoformat(badges[b]["earnedAt"]) for b in ("first-event", "hours-5")] \
        == [datetime.fromisoformat(GUEST_ENDS), datetime.fromisoformat(TINY_ENDS)]
    assert {k: badges["hours-10"][k] for k in ("name", "description", "earned", "earnedAt")} == {
        "name": "10 hours", "description": "Gave 10 hours of service.", "earned": False,
        "earnedAt": None}
    assert badges["first-event"]["svg"].startswith("<svg")
    assert 'role="img"' in badges["first-event"]["svg"]


async def test_walk_ins_and_guest_rsvps_count_once_the_address_is_verified(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, staff = await person(settings, "ada", admin=True)
    _, lee_headers = await person(settings, "lee")
    _, una_headers = await person(settings, "una", verified=False)
    at(settings, DURING_TINY)
    await client.post(slot_path(TINY_SLOT, "/walkins"), headers=staff,
                      json={"name": "Lee", "email": "lee@example.org", "clientId": "a"})
    await client.post(slot_path(TINY_SLOT, "/walkins"), headers=staff,
                      json={"name": "Una", "email": "una@example.org", "clientId": "b"})

    during = (await client.get("/api/me/impact", headers=lee_headers)).json()
    at(settings, TINY_ENDS)
    lee_impact = (await client.get("/api/me/impact", headers=lee_headers)).json()
    una_impact = (await client.get("/api/me/impact", headers=una_headers)).json()
    lee_rsvps = (await client.get("/api/me/rsvps", headers=lee_headers)).json()["rsvps"]

    assert (during["hours"], during["events"]) == (0.0, 0)  # a walk-in waits for the end too
    assert (lee_impact["hours"], lee_impact["events"]) == (1.0, 1)
    assert (una_impact["hours"], una_impact["attended"]) == (0.0, [])
    assert lee_rsvps == []  # a walk-in is impact, not an RSVP to manage


def earned(impact: dict[str, Any]) -> list[str]:
    """The ids of the badges an impact answer says are earned."""
    return [b["id"] for b in impact["badges"] if b["earned"]]


async def test_hours_are_credited_when_the_slot_ends_not_at_check_in(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, staff = await person(settings, "ada", admin=True)
    kim, headers = await person(settings, "kim")
    tiny = await rsvp(TINY_SLOT, "Kim", user=kim)
    attendee = await check_in(client, settings, staff, TINY_SLOT, DURING_TINY,
                              {"attendee": tiny.id})
    at_check_in = (await client.get("/api/me/impact", headers=headers)).json()
    no_record = await client.post("/api/me/hours-records", headers=headers)
    at(settings, "2025-05-01T18:59:59-05:00")
    a_second_before = (await client.get("/api/me/impact", headers=headers)).json()
    at(settings, TINY_ENDS)
    at_the_end = (await client.get("/api/me/impact", headers=headers)).json()
    record = await client.post("/api/me/hours-records", headers=headers)

    assert attendee["hours"] == 1.0  # the roster shows what the slot will credit
    for early in (at_check_in, a_second_before):
        assert (early["hours"], early["events"], early["attended"], earned(early)) == (
            0.0, 0, [], [])
    assert no_record.status_code == 409
    assert (at_the_end["hours"], at_the_end["events"], earned(at_the_end)) == (
        1.0, 1, ["first-event"])
    assert [e["eventId"] for e in at_the_end["attended"]] == [TINY_SLOT]
    assert record.status_code == 201 and record.json()["record"]["hours"] == 1.0


async def test_an_organizers_hours_count_after_the_slot_ends_and_can_change_after_it(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, staff = await person(settings, "ada", admin=True)
    kim, headers = await person(settings, "kim")
    tiny = await rsvp(TINY_SLOT, "Kim", user=kim)
    await check_in(client, settings, staff, TINY_SLOT, DURING_TINY, {"attendee": tiny.id})
    set_during = await client.post(slot_path(TINY_SLOT, "/hours"), headers=staff,
                                   json={"attendee": tiny.id, "hours": 5,
                                         "reason": "Led the setup crew."})
    during = (await client.get("/api/me/impact", headers=headers)).json()
    at(settings, TINY_ENDS)
    ended = (await client.get("/api/me/impact", headers=headers)).json()
    at(settings, "2025-05-02T09:00:00-05:00")
    set_after = await client.post(slot_path(TINY_SLOT, "/hours"), headers=staff,
                                  json={"attendee": tiny.id, "hours": 2.5,
                                        "reason": "Led the setup crew."})
    adjusted = (await client.get("/api/me/impact", headers=headers)).json()

    assert (set_during.status_code, set_after.status_code) == (200, 200)
    assert (during["hours"], earned(during)) == (0.0, [])
    assert (ended["hours"], earned(ended)) == (5.0, ["first-event", "hours-5"])
    assert (adjusted["hours"], earned(adjusted)) == (2.5, ["first-event"])
