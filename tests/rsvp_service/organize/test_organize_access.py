"""Every organizer and admin endpoint refuses the signed-out (401), volunteers (403) and other
organizations' organizers (403), changes nothing when it refuses, and lets the right people in.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from organize_testkit import DURING_TINY, FOREST, KEEN, at, person, rsvp, slot_path
from service_testkit import TINY_SLOT

from rsvp_service.accounts.models import User
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.organize.models import OrganizerGrant, OrganizerMessage
from rsvp_service.rsvps.models import Attendance, Rsvp
from rsvp_service.settings import Settings

Call = tuple[str, str, dict[str, Any] | None]


def organizer_calls(attendee: int) -> list[Call]:
    """Every endpoint about one slot, with a body it would accept from its organizer."""
    return [
        ("GET", slot_path(TINY_SLOT), None),
        ("GET", slot_path(TINY_SLOT, "/roster.csv"), None),
        ("POST", slot_path(TINY_SLOT, "/messages"),
         {"subject": "Parking", "body": "Use the north lot.", "includeWaitlist": False,
          "preview": False}),
        ("POST", slot_path(TINY_SLOT, "/checkins"), {"attendee": attendee}),
        ("POST", slot_path(TINY_SLOT, "/checkins/undo"), {"attendee": attendee}),
        ("POST", slot_path(TINY_SLOT, "/walkins"), {"name": "Walk In", "clientId": "c-1"}),
        ("POST", slot_path(TINY_SLOT, "/hours"), {"attendee": attendee, "hours": 0.5}),
    ]


ADMIN_CALLS: list[Call] = [
    ("GET", "/api/admin/organizers", None),
    ("POST", "/api/admin/organizers", {"email": "vera@example.org", "organization": KEEN}),
    ("POST", "/api/admin/organizers/revoke", {"email": "olga@example.org", "organization": FOREST}),
]


async def send(client: httpx.AsyncClient, call: Call, headers: dict[str, str]) -> httpx.Response:
    method, path, body = call
    return await client.request(method, path, json=body, headers=headers)


async def snapshot() -> tuple[int, ...]:
    """Row counts that any accepted organizer or admin write would change."""
    return (await Attendance.all().count(), await Attendance.filter(
        checked_in_at__isnull=False).count(), await OrganizerMessage.all().count(),
        await OutboxMessage.filter(kind="organizer_message").count(),
        await OrganizerGrant.all().count(), await Rsvp.all().count())


@pytest.mark.parametrize("who", ["signed out", "volunteer", "other organization's organizer"])
async def test_organizer_and_admin_endpoints_refuse_without_the_role(
    client: httpx.AsyncClient, settings: Settings, who: str
) -> None:
    await person(settings, "vera")
    _, forest = await person(settings, "olga", organizes=(FOREST,))
    headers = {"signed out": {}, "volunteer": (await person(settings, "val"))[1],
               "other organization's organizer": forest}[who]
    ann = await rsvp(TINY_SLOT, "Ann")
    at(settings, DURING_TINY)
    before = await snapshot()
    expected = 401 if who == "signed out" else 403

    for call in [*organizer_calls(ann.id), *ADMIN_CALLS]:
        response = await send(client, call, headers)
        assert response.status_code == expected, (call, response.text)
        sentence = response.json()["error"]
        assert sentence.endswith(".") and " " in sentence
        if who == "other organization's organizer" and call[2] is None and "slots" in call[1]:
            assert sentence == ("You are not an organizer of KEEN St. Louis. "
                                "Ask an admin to grant you the role.")

    assert await snapshot() == before
    events = await client.get("/api/organize/events", headers=headers)
    if who == "other organization's organizer":
        assert events.status_code == 200
        assert {e["organization"]["slug"] for e in events.json()["events"]} == {FOREST}
    else:
        assert events.status_code == expected


@pytest.mark.parametrize("who", ["organizer", "admin"])
async def test_a_role_held_by_an_unverified_account_does_not_work(
    client: httpx.AsyncClient, settings: Settings, who: str
) -> None:
    # A role granted before the check existed (or straight in the database) counts only once
    # the account proves its address.
    await person(settings, "vera")
    await person(settings, "olga", organizes=(FOREST,))
    _, headers = await person(settings, "uma", verified=False, admin=who == "admin",
                              organizes=(KEEN,) if who == "organizer" else ())
    ann = await rsvp(TINY_SLOT, "Ann")
    at(settings, DURING_TINY)
    before = await snapshot()
    calls = [*organizer_calls(ann.id), ("GET", "/api/organize/events", None),
             *(ADMIN_CALLS if who == "admin" else [])]

    for call in calls:
        response = await send(client, call, headers)
        assert (response.status_code, response.json()) == (403, {"error": (
            "Your email address is not verified yet, so your organizer and admin roles are on "
            "hold. Open the link in the verification email, or send a new one from your "
            "dashboard, then try again.")}), call

    assert await snapshot() == before


async def test_the_hosts_organizer_and_an_admin_get_in(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    await person(settings, "vera")
    await person(settings, "olga", organizes=(FOREST,))
    _, keen = await person(settings, "kim", organizes=(KEEN,))
    _, admin = await person(settings, "ada", admin=True)
    ann = await rsvp(TINY_SLOT, "Ann")
    at(settings, DURING_TINY)

    statuses = [(await send(client, call, keen)).status_code for call in organizer_calls(ann.id)]
    assert statuses == [200, 200, 202, 200, 200, 201, 409]  # hours after the undo: not here
    admin_statuses = [(await send(client, call, admin)).status_code
                      for call in [*organizer_calls(ann.id)[:1], *ADMIN_CALLS]]
    assert admin_statuses == [200, 200, 201, 200]
    assert await OrganizerGrant.filter(user__email="vera@example.org").count() == 1
    assert not await OrganizerGrant.filter(user__email="olga@example.org").exists()


async def test_me_endpoints_need_a_sign_in(client: httpx.AsyncClient) -> None:
    for method, path in [("GET", "/api/me/roles"), ("GET", "/api/me/impact"),
                         ("GET", "/api/me/hours-records"), ("POST", "/api/me/hours-records"),
                         ("POST", "/api/me/hours-records/1-abc/revoke")]:
        response = await client.request(method, path)
        assert response.status_code == 401, path
        assert response.json()["error"].startswith("Please log in")


async def test_an_unknown_slot_is_a_sentence_not_a_crash(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, keen = await person(settings, "kim", organizes=(KEEN,))

    response = await client.get(slot_path("no-such-slot"), headers=keen)

    assert response.status_code == 404
    assert response.json()["error"].startswith("There is no time slot with that id.")
    assert await User.all().count() == 1
