"""Check-in by id or code, undo, walk-ins, hours, the window, and refusals that change nothing."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import httpx
import pytest
from organize_testkit import DURING_TINY, KEEN, at, person, rsvp, slot_path
from service_testkit import GUEST_SLOT, TINY_SLOT

from rsvp_service.mail.checkin_code import display
from rsvp_service.rsvps.models import Attendance, Rsvp, RsvpStatus
from rsvp_service.settings import Settings

NOT_ON_ROSTER = ("That code is not on this slot's roster. "
                 "Check the code, or add the person as a walk-in.")


async def organizer(settings: Settings) -> dict[str, str]:
    """A KEEN organizer's headers, with the clock inside the workshop's check-in window."""
    _, headers = await person(settings, "kim", organizes=(KEEN,))
    at(settings, DURING_TINY)
    return headers


async def post(client: httpx.AsyncClient, headers: dict[str, str], rest: str,
               body: dict[str, Any]) -> httpx.Response:
    return await client.post(slot_path(TINY_SLOT, rest), headers=headers, json=body)


async def attendance() -> list[tuple[int, bool, object]]:
    """(RSVP id, checked in, hours) of every attendance row."""
    return [(a.rsvp_id, a.checked_in_at is not None, a.hours)
            for a in await Attendance.all().order_by("id")]


async def test_check_in_by_id_and_by_code_twice_answers_the_same_and_credits_once(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers = await organizer(settings)
    ann, bo = await rsvp(TINY_SLOT, "Ann"), await rsvp(TINY_SLOT, "Bo")
    assert bo.checkin_code is not None
    typed = display(bo.checkin_code).lower().replace("0", "o").replace("-", " ")

    first = await post(client, headers, "/checkins", {"attendee": ann.id})
    second = await post(client, headers, "/checkins", {"attendee": ann.id})
    by_code = await post(client, headers, "/checkins", {"code": typed})

    assert first.status_code == second.status_code == by_code.status_code == 200
    assert first.json() == second.json()
    assert first.json()["attendee"]["status"] == "checked_in"
    assert first.json()["attendee"]["hours"] == 1.0
    assert by_code.json()["attendee"]["id"] == bo.id
    assert [(i, here) for i, here, _ in await attendance()] == [(ann.id, True), (bo.id, True)]


async def test_simultaneous_check_ins_of_one_person_credit_once(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers = await organizer(settings)
    ann = await rsvp(TINY_SLOT, "Ann")
    assert ann.checkin_code is not None
    bodies = [{"attendee": ann.id}, {"code": display(ann.checkin_code)}] * 6

    responses = await asyncio.gather(*(post(client, headers, "/checkins", b) for b in bodies))

    assert Counter(r.status_code for r in responses) == {200: 12}
    assert len({r.json()["attendee"]["checkedInAt"] for r in responses}) == 1
    assert await attendance() == [(ann.id, True, pytest.approx(1))]
    slot = (await client.get(slot_path(TINY_SLOT), headers=headers)).json()["slot"]
    assert slot["checkedIn"] == 1


async def test_undo_then_check_in_again(client: httpx.AsyncClient, settings: Settings) -> None:
    headers = await organizer(settings)
    ann = await rsvp(TINY_SLOT, "Ann")
    await post(client, headers, "/checkins", {"attendee": ann.id})

    undone = await post(client, headers, "/checkins/undo", {"attendee": ann.id})
    again = await post(client, headers, "/checkins/undo", {"attendee": ann.id})

    assert undone.status_code == again.status_code == 200
    assert undone.json() == again.json()
    assert (undone.json()["attendee"]["status"], undone.json()["attendee"]["hours"]) == (
        "confirmed", None)
    assert await attendance() == [(ann.id, False, None)]
    assert (await post(client, headers, "/checkins", {"attendee": ann.id})).json()[
        "attendee"]["status"] == "checked_in"
    assert await attendance() == [(ann.id, True, pytest.approx(1))]


async def test_walk_ins_ignore_capacity_and_a_retry_returns_the_same_one(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers = await organizer(settings)
    await rsvp(TINY_SLOT, "Ann")
    await rsvp(TINY_SLOT, "Bo")  # the slot is full
    body = {"name": "Wanda Walker", "email": "Wanda@Example.org", "clientId": "tap-7f3a"}

    created = await post(client, headers, "/walkins", body)
    retried = await asyncio.gather(*(post(client, headers, "/walkins", body) for _ in range(5)))

    assert created.status_code == 201
    walker = created.json()["attendee"]
    assert {k: walker[k] for k in ("name", "email", "status", "walkIn", "hours")} == {
        "name": "Wanda Walker", "email": "wanda@example.org", "status": "checked_in",
        "walkIn": True, "hours": 1.0}
    assert {r.status_code for r in retried} == {200}
    assert {r.json()["attendee"]["id"] for r in retried} == {walker["id"]}
    assert await Rsvp.filter(status=RsvpStatus.WALK_IN).count() == 1
    slot = (await client.get(slot_path(TINY_SLOT), headers=headers)).json()["slot"]
    assert (slot["confirmed"], slot["checkedIn"]) == (2, 1)


async def test_a_walk_in_with_the_address_of_a_booked_person_checks_that_person_in(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers = await organizer(settings)
    ann = await rsvp(TINY_SLOT, "Ann")

    response = await post(client, headers, "/walkins",
                          {"name": "Ann L", "email": "ann@example.org", "clientId": "c1"})

    assert response.status_code == 200
    assert (response.json()["attendee"]["id"], response.json()["attendee"]["walkIn"]) == (
        ann.id, False)
    assert not await Rsvp.filter(status=RsvpStatus.WALK_IN).exists()


async def test_hours_can_be_set_in_quarter_hours_for_checked_in_people(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers = await organizer(settings)
    ann, bo = await rsvp(TINY_SLOT, "Ann"), await rsvp(TINY_SLOT, "Bo")
    await post(client, headers, "/checkins", {"attendee": ann.id})

    set_ = await post(client, headers, "/hours", {"attendee": ann.id, "hours": 0.75})
    refused = [await post(client, headers, "/hours", body) for body in (
        {"attendee": ann.id, "hours": 0}, {"attendee": ann.id, "hours": 24.25},
        {"attendee": ann.id, "hours": 1.1}, {"attendee": ann.id, "hours": "2"},
        {"attendee": ann.id}, {"attendee": bo.id, "hours": 1})]

    assert set_.status_code == 200 and set_.json()["attendee"]["hours"] == 0.75
    assert [r.status_code for r in refused] == [422, 422, 422, 422, 422, 409]
    assert refused[2].json()["error"] == (
        "The field 'hours' must be a multiple of 0.25 (a quarter hour).")
    assert refused[5].json()["error"] == (
        "Bo Lee is not checked in. Check them in before setting their hours.")
    assert await attendance() == [(ann.id, True, pytest.approx(0.75))]


async def test_hours_above_the_slots_length_need_a_reason_shown_on_the_roster_and_csv(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    # The workshop runs one hour: 24 hours for it is a typo or an inflated record.
    headers = await organizer(settings)
    ann = await rsvp(TINY_SLOT, "Ann")
    await post(client, headers, "/checkins", {"attendee": ann.id})

    refused = [await post(client, headers, "/hours", body) for body in (
        {"attendee": ann.id, "hours": 24}, {"attendee": ann.id, "hours": 1.25},
        {"attendee": ann.id, "hours": 2, "reason": "   "},
        {"attendee": ann.id, "hours": 2, "reason": "Set up\nBcc"})]
    assert [r.status_code for r in refused] == [422] * 4
    assert refused[0].json()["error"] == (
        "24 hours is more than this slot's 1 hour. Send at most 1 hour, or say why in "
        "'reason' (such as setting up before the start).")
    assert [r.json()["error"] for r in refused[2:]] == [
        "The field 'reason' must not be empty.",
        "The field 'reason' is invalid: it must not contain control characters or line breaks."]
    assert await attendance() == [(ann.id, True, pytest.approx(1))]

    exact = await post(client, headers, "/hours", {"attendee": ann.id, "hours": 1})
    assert exact.status_code == 200
    reason = "Came an hour early to set up the room."
    more = await post(client, headers, "/hours", {"attendee": ann.id, "hours": 2, "reason": reason})
    assert more.status_code == 200, more.text
    assert (more.json()["attendee"]["hours"], more.json()["attendee"]["hoursReason"]) == (
        2.0, reason)
    roster = (await client.get(slot_path(TINY_SLOT), headers=headers)).json()["attendees"]
    assert [(a["hours"], a["hoursReason"]) for a in roster] == [(2.0, reason)]
    csv_text = (await client.get(slot_path(TINY_SLOT, "/roster.csv"), headers=headers)).text
    assert ",2,Came an hour early to set up the room.," in csv_text
    # Back within the slot's length without a reason: the old reason no longer applies.
    back = await post(client, headers, "/hours", {"attendee": ann.id, "hours": 0.5})
    assert (back.json()["attendee"]["hours"], back.json()["attendee"]["hoursReason"]) == (
        0.5, None)


@pytest.mark.parametrize(("moment", "sentence"), [
    ("2025-05-01T16:59:00-05:00", "Check-in for this slot opens at 5:00 PM on Thursday, May 1."),
    ("2025-05-02T19:01:00-05:00", "Check-in for this slot closed on Friday, May 2 at 7:00 PM."),
])
async def test_outside_the_window_nothing_changes(
    client: httpx.AsyncClient, settings: Settings, moment: str, sentence: str
) -> None:
    headers = await organizer(settings)
    ann = await rsvp(TINY_SLOT, "Ann")
    at(settings, moment)

    answers = [await post(client, headers, "/checkins", {"attendee": ann.id}),
               await post(client, headers, "/checkins/undo", {"attendee": ann.id}),
               await post(client, headers, "/walkins", {"name": "W", "clientId": "c"})]

    assert [(r.status_code, r.json()["error"]) for r in answers] == [(409, sentence)] * 3
    assert await attendance() == []
    assert await Rsvp.all().count() == 1
    slot = (await client.get(slot_path(TINY_SLOT), headers=headers)).json()["slot"]
    assert slot["checkinOpen"] is False


async def test_people_not_on_the_roster_and_bad_requests_are_refused(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers = await organizer(settings)
    await rsvp(TINY_SLOT, "Ann")
    await rsvp(TINY_SLOT, "Bo")
    waiting = await rsvp(TINY_SLOT, "Wes", waitlist=True)
    elsewhere = await rsvp(GUEST_SLOT, "Gil")
    assert elsewhere.checkin_code is not None
    cases: list[tuple[dict[str, Any], int, str | None]] = [
        ({"code": display(elsewhere.checkin_code)}, 404, NOT_ON_ROSTER),
        ({"code": "ZZZZ-ZZZZ"}, 404, NOT_ON_ROSTER),
        ({"code": "<script>"}, 404, NOT_ON_ROSTER),
        ({"attendee": elsewhere.id}, 404, "That person is not on this slot's roster. "
         "Reload the roster, or add them as a walk-in."),
        ({"attendee": waiting.id}, 409, "Wes Lee is on this slot's waitlist, not its roster, so "
         "they cannot be checked in. Add them as a walk-in if there is room."),
        ({}, 422, "Send either the attendee's id or their check-in code, not both."),
        ({"attendee": waiting.id, "code": "ABCD-2345"}, 422, None),
        ({"attendee": str(waiting.id)}, 422, None),
        ({"attendee": True}, 422, None),
        ({"attendee": -1}, 422, None),
        ({"attendee": 2**70}, 422, None),
        ({"code": "x" * 21}, 422, "The field 'code' must be at most 20 characters long."),
        ({"attendee": 1, "extra": 1}, 422, "The field 'extra' is not allowed."),
    ]
    for body, status, sentence in cases:
        response = await post(client, headers, "/checkins", body)
        assert response.status_code == status, body
        if sentence:
            assert response.json()["error"] == sentence
    for content in (b"not json", b"[1]"):
        response = await client.post(slot_path(TINY_SLOT, "/checkins"), content=content,
                                     headers={**headers, "content-type": "application/json"})
        assert response.status_code in (400, 422)
    bad_walk_ins = [{"name": "", "clientId": "c"}, {"name": "A\nB", "clientId": "c"},
                    {"name": "A", "clientId": "has space"}, {"name": "A", "clientId": "c",
                                                              "email": "nope"}]
    for body in bad_walk_ins:
        assert (await post(client, headers, "/walkins", body)).status_code == 422, body
    assert await attendance() == []
    assert await Rsvp.all().count() == 4


async def test_a_checked_in_rsvp_and_a_walk_in_cannot_be_cancelled(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers = await organizer(settings)
    at(settings, "2025-05-01T17:30:00-05:00")  # check-in is open, the slot not started
    ann_user, ann_headers = await person(settings, "ann")
    ann = await rsvp(TINY_SLOT, "Ann", user=ann_user)
    await post(client, headers, "/checkins", {"attendee": ann.id})
    walker = (await post(client, headers, "/walkins", {
        "name": "Ann Again", "email": "ann@example.org", "clientId": "w"})).json()["attendee"]

    cancel = await client.post(f"/api/me/rsvps/{ann.id}/cancel", headers=ann_headers)
    listed = (await client.get("/api/me/rsvps", headers=ann_headers)).json()["rsvps"]

    assert walker["id"] == ann.id  # her address: her own RSVP, not a second row
    assert cancel.status_code == 410
    assert cancel.json()["error"].startswith("You are already checked in to this time slot")
    assert [(r["id"], r["status"], r["checkedIn"]) for r in listed] == [
        (ann.id, "confirmed", True)]
    assert (await Rsvp.get(id=ann.id)).status is RsvpStatus.CONFIRMED
