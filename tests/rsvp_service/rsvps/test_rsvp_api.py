"""The RSVP endpoints: success and error paths, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from service_testkit import CLINIC_SLOTS, GUEST_SLOT, TINY_SLOT, MakeClient, rsvp, signed_in

from rsvp_service.mail.checkin_code import display
from rsvp_service.rsvps.codes import qr_svg_uri
from rsvp_service.rsvps.models import Rsvp, SlotCount
from rsvp_service.settings import Settings


async def test_guest_rsvp_is_stored_with_normalized_email(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/rsvp", json=rsvp(email="  Ann@Example.ORG "))

    assert response.status_code == 201
    assert response.json()["email"] == "ann@example.org"
    row = await Rsvp.get(slot_id=GUEST_SLOT)
    assert (row.email, row.first_name, row.last_name, row.phone, row.user_id) == (
        "ann@example.org",
        "Ann",
        "Lee",
        None,
        None,
    )
    assert row.event == "forest-park-cleanup"


async def test_empty_phone_is_stored_as_null_and_a_phone_is_kept(
    client: httpx.AsyncClient,
) -> None:
    await client.post("/api/rsvp", json=rsvp(phone=""))
    await client.post("/api/rsvp", json=rsvp(email="bo@example.org", phone="314-555-0199"))

    phones = {row.email: row.phone for row in await Rsvp.all()}
    assert phones == {"ann@example.org": None, "bo@example.org": "314-555-0199"}


async def test_popup_payload_without_event_id_goes_to_the_guest_event(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post("/api/rsvp", json=rsvp(event_id=None))

    assert response.status_code == 201
    assert response.json()["eventId"] == GUEST_SLOT
    assert (await client.get("/api/rsvp")).json()["count"] == 1


async def test_guest_event_slug_is_accepted_for_its_single_slot(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post("/api/rsvp", json=rsvp(event_id="forest-park-cleanup"))

    assert response.status_code == 201
    assert response.json()["eventId"] == GUEST_SLOT


async def test_duplicate_rsvp_gets_409_even_with_other_casing(client: httpx.AsyncClient) -> None:
    first = await client.post("/api/rsvp", json=rsvp())
    second = await client.post("/api/rsvp", json=rsvp(email="ANN@example.org"))

    assert first.status_code == 201
    assert second.status_code == 409
    assert second.json() == {"error": "You have already RSVP'd to this event."}
    assert await Rsvp.all().count() == 1
    assert (await client.get("/api/rsvp", params={"eventId": GUEST_SLOT})).json()["count"] == 1


async def test_unknown_event_id_gets_404(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/rsvp", json=rsvp(event_id="no-such-event"))

    assert response.status_code == 404
    assert response.json() == {"error": "There is no event with that eventId."}
    assert await Rsvp.all().count() == 0


async def test_event_with_several_slots_needs_a_slot_id(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await signed_in(settings)

    response = await client.post(
        "/api/rsvp", json=rsvp(event_id="inclusive-sports-clinic"), headers=headers
    )

    assert response.status_code == 422
    assert "eventId" in response.json()["error"]


async def test_rsvp_after_the_slot_ended_gets_410(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    settings = make_settings(civic_now="2025-04-27T15:00:00-05:00")
    async with make_client(settings) as client:
        response = await client.post("/api/rsvp", json=rsvp())

        assert response.status_code == 410
        assert response.json() == {"error": "This event has ended."}
        assert await Rsvp.all().count() == 0
        # A slot that has not ended yet is still open at that moment.
        _, headers = await signed_in(settings)
        open_slot = await client.post("/api/rsvp", json=rsvp(CLINIC_SLOTS[0]), headers=headers)
        assert open_slot.status_code == 201


async def test_account_event_without_sign_in_gets_401(client: httpx.AsyncClient) -> None:
    anonymous = await client.post("/api/rsvp", json=rsvp(CLINIC_SLOTS[0]))
    forged = await client.post(
        "/api/rsvp", json=rsvp(CLINIC_SLOTS[0]), headers={"x-auth-token": "not-a-token"}
    )

    for response in (anonymous, forged):
        assert response.status_code == 401
        assert response.json() == {"error": "Please log in to RSVP for this event."}
    assert await Rsvp.all().count() == 0


async def test_signed_in_rsvp_is_linked_to_the_account(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    user, headers = await signed_in(settings)

    response = await client.post(
        "/api/rsvp",
        json=rsvp(CLINIC_SLOTS[1], email="kim@example.org", firstName="Kim", lastName="Park Jones"),
        headers=headers,
    )

    assert response.status_code == 201
    row = await Rsvp.get(slot_id=CLINIC_SLOTS[1])
    assert row.user_id == user.id
    assert row.email == "kim@example.org"


async def test_signed_in_rsvp_uses_the_account_email(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await signed_in(settings)

    response = await client.post(
        "/api/rsvp", json=rsvp(CLINIC_SLOTS[0], email="someone-else@example.org"), headers=headers
    )

    assert response.status_code == 201
    assert (await Rsvp.get(slot_id=CLINIC_SLOTS[0])).email == "kim@example.org"


async def test_signed_in_guest_rsvp_is_linked_too(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    user, headers = await signed_in(settings)

    await client.post("/api/rsvp", json=rsvp(event_id=None), headers=headers)

    assert (await Rsvp.get(slot_id=GUEST_SLOT)).user_id == user.id


async def test_full_slot_gets_409_and_nothing_is_stored(client: httpx.AsyncClient) -> None:
    for email in ("a@example.org", "b@example.org"):
        response = await client.post("/api/rsvp", json=rsvp(TINY_SLOT, email=email))
        assert response.status_code == 201

    third = await client.post("/api/rsvp", json=rsvp(TINY_SLOT, email="c@example.org"))

    assert third.status_code == 409
    assert third.json() == {"error": "This time slot is full. Join the waitlist?", "full": True}
    assert await Rsvp.filter(slot_id=TINY_SLOT).count() == 2
    assert (await SlotCount.get(slot_id=TINY_SLOT)).count == 2


async def test_count_for_slot_event_and_default(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await signed_in(settings)
    await client.post("/api/rsvp", json=rsvp(CLINIC_SLOTS[0]), headers=headers)
    await client.post("/api/rsvp", json=rsvp(CLINIC_SLOTS[2]), headers=headers)
    await client.post("/api/rsvp", json=rsvp())

    async def count(**params: str) -> Any:
        response = await client.get("/api/rsvp", params=params)
        assert response.status_code == 200
        return response.json()["count"]

    assert await count(eventId=CLINIC_SLOTS[0]) == 1
    assert await count(eventId=CLINIC_SLOTS[1]) == 0
    assert await count(eventId="inclusive-sports-clinic") == 2
    assert await count() == 1


async def test_count_of_unknown_event_gets_404(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/rsvp", params={"eventId": "nope"})

    assert response.status_code == 404
    assert response.json() == {"error": "There is no event with that eventId."}


async def test_count_reads_any_spelling_of_the_query_alike(client: httpx.AsyncClient) -> None:
    await client.post("/api/rsvp", json=rsvp())
    escaped = GUEST_SLOT.replace("-", "%2D")

    async def raw(query: str) -> httpx.Response:
        return await client.get(f"/api/rsvp?{query}")

    for query in (f"eventId={GUEST_SLOT}", f"eventId={escaped}", f"eventId={GUEST_SLOT}&x=1",
                  f"x=1&eventId={GUEST_SLOT}", ""):
        response = await raw(query)
        assert (response.status_code, response.json()["count"]) == (200, 1), query
        assert response.headers["content-type"] == "application/json"
    for query in ("eventId=", f"eventId={'a' * 201}"):
        assert (await raw(query)).status_code == 422, query
    assert (await raw("eventId=forest+park")).status_code == 404


async def test_check_reports_whether_the_signed_in_user_rsvped(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await signed_in(settings, email="ann@example.org")
    await client.post("/api/rsvp", json=rsvp())

    async def check(event_id: str, email: str) -> Any:
        response = await client.get(
            "/api/rsvp/check", params={"eventId": event_id, "email": email}, headers=headers
        )
        assert response.status_code == 200
        assert response.headers["cache-control"] == "no-store"
        return response.json()

    assert await check(GUEST_SLOT, "ANN@example.org") == {"hasRSVPed": True}
    assert await check("forest-park-cleanup", "ann@example.org") == {"hasRSVPed": True}
    assert await check(CLINIC_SLOTS[0], "ann@example.org") == {"hasRSVPed": False}


async def test_check_never_answers_about_someone_elses_address(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    await client.post("/api/rsvp", json=rsvp())
    _, headers = await signed_in(settings, email="kim@example.org")
    query = {"eventId": GUEST_SLOT, "email": "ann@example.org"}

    guest = await client.get("/api/rsvp/check", params=query)
    bad_token = await client.get("/api/rsvp/check", params=query, headers={"x-auth-token": "x"})
    other = await client.get("/api/rsvp/check", params=query, headers=headers)

    assert guest.status_code == bad_token.status_code == 401
    assert guest.json() == {"error": "Please log in to see whether you have RSVP'd."}
    assert other.status_code == 403
    assert other.json() == {"error": "You can only check the RSVPs of your own email address."}
    assert "hasRSVPed" not in guest.text + bad_token.text + other.text


async def test_check_is_rate_limited_per_user(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    # Scale 0.05: three checks a minute.
    settings = make_settings(rate_limit_scale=0.05)
    async with make_client(settings) as client:
        _, headers = await signed_in(settings, email="ann@example.org")
        query = {"eventId": GUEST_SLOT, "email": "ann@example.org"}
        answers = [
            await client.get("/api/rsvp/check", params=query, headers=headers) for _ in range(4)
        ]

    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert int(answers[3].headers["retry-after"]) >= 1


async def test_check_errors(client: httpx.AsyncClient, settings: Settings) -> None:
    _, headers = await signed_in(settings, email="a@b.org")
    unknown = await client.get(
        "/api/rsvp/check", params={"eventId": "x", "email": "a@b.org"}, headers=headers
    )
    missing = await client.get("/api/rsvp/check", params={"eventId": GUEST_SLOT}, headers=headers)
    invalid = await client.get(
        "/api/rsvp/check", params={"eventId": GUEST_SLOT, "email": "nope"}, headers=headers
    )

    assert unknown.status_code == 404
    assert missing.status_code == 422
    assert missing.json() == {"error": "The field 'email' is required."}
    assert invalid.status_code == 422
    assert invalid.json()["error"].startswith("The field 'email' is invalid")


async def test_my_rsvps_lists_the_signed_in_users_rsvps(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await signed_in(settings)
    _, other_headers = await signed_in(settings, email="other@example.org")
    await client.post("/api/rsvp", json=rsvp(CLINIC_SLOTS[0]), headers=headers)
    await client.post("/api/rsvp", json=rsvp(event_id=None), headers=headers)
    await client.post("/api/rsvp", json=rsvp(CLINIC_SLOTS[2]), headers=other_headers)

    response = await client.get("/api/me/rsvps", headers=headers)

    assert response.status_code == 200
    items = response.json()["rsvps"]
    assert [item["eventId"] for item in items] == [GUEST_SLOT, CLINIC_SLOTS[0]]
    code = (await Rsvp.get(id=items[1]["id"])).checkin_code or ""
    assert items[1] == {
        "id": items[1]["id"],
        "status": "confirmed",
        "position": None,
        "eventId": CLINIC_SLOTS[0],
        "event": "inclusive-sports-clinic",
        "title": "Inclusive Sports Clinic",
        "date": "2025-07-27",
        "time": "1:00-1:50 PM",
        "date_text": "July 27, 2025",
        "location": "Forest Park, St. Louis, MO",
        "start": "2025-07-27T13:00:00-05:00",
        "end": "2025-07-27T13:50:00-05:00",
        "path": "/events/inclusive-sports-clinic",
        "past": False,
        "createdAt": items[1]["createdAt"],
        "code": display(code),
        "qr": qr_svg_uri(code),
        "checkedIn": False,
        "consent": None,
    }
    assert response.headers["cache-control"] == "no-store"


async def test_my_rsvps_needs_sign_in(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/me/rsvps")

    assert response.status_code == 401
    assert response.json() == {"error": "Please log in to see your RSVPs."}


async def test_count_reads_the_query_like_any_other(client: httpx.AsyncClient) -> None:
    await client.post("/api/rsvp", json=rsvp(TINY_SLOT))

    by_slot = await client.get(f"/api/rsvp?eventId={TINY_SLOT}&utm_source=mail")
    escaped = await client.get("/api/rsvp?eventId=" + TINY_SLOT.replace("-", "%2D"))
    by_event = await client.get("/api/rsvp", params={"eventId": "tiny-workshop"})

    expected = {"count": 1, "capacity": 2, "remaining": 1, "waitlist": 0}
    assert [r.json() for r in (by_slot, escaped, by_event)] == [expected] * 3
    assert by_slot.headers["content-type"] == "application/json"


async def test_count_refuses_an_empty_or_overlong_event_id(client: httpx.AsyncClient) -> None:
    empty = await client.get("/api/rsvp?eventId=")
    overlong = await client.get("/api/rsvp", params={"eventId": "x" * 201})
    unknown = await client.get("/api/rsvp", params={"eventId": "no-such-event"})

    assert empty.status_code == 422
    assert empty.json() == {"error": "The field 'eventId' must not be empty."}
    assert overlong.status_code == 422
    assert overlong.json() == {"error": "The field 'eventId' must be at most 200 characters long."}
    assert unknown.status_code == 404
    assert unknown.json() == {"error": "There is no event with that eventId."}
