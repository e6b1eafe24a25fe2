"""A guest's RSVPs join their account once they register and verify the same address."""

from __future__ import annotations

import re
from typing import Any

import httpx
from service_testkit import GUEST_SLOT, rsvp

LINK = re.compile(r"/verify\?token=([A-Za-z0-9_-]+)")


async def test_guest_rsvp_shows_on_the_dashboard_after_verifying_the_same_address(
    client: httpx.AsyncClient, mailbox: Any
) -> None:
    guest = await client.post("/api/rsvp", json=rsvp(email="Ann@Example.org"))
    assert guest.status_code == 201
    registered = await client.post(
        "/api/auth/register",
        json={"name": "Ann Lee", "email": "ann@example.org", "password": "correct horse battery"},
    )
    assert registered.status_code == 201
    headers = {"x-auth-token": registered.json()["accessToken"]}

    # Unverified, the address is only a claim: the guest RSVP is not theirs yet.
    before = await client.get("/api/me/rsvps", headers=headers)
    assert before.status_code == 200
    assert before.json()["rsvps"] == []

    messages = await mailbox.wait_for(2)
    [verification] = [m for m in messages if m["Subject"].startswith("Please verify")]
    body = verification.get_body(("plain",))
    assert body is not None
    match = LINK.search(body.get_content())
    assert match is not None
    verified = await client.get("/api/auth/verify", params={"token": match.group(1)})
    assert verified.status_code == 200

    after = await client.get("/api/me/rsvps", headers=headers)
    [item] = after.json()["rsvps"]
    assert (item["eventId"], item["status"], item["event"]) == (
        GUEST_SLOT, "confirmed", "forest-park-cleanup")
    # The check-in code the guest's confirmation carried is on the dashboard too.
    assert re.fullmatch(r"[A-Z0-9-]+", item["code"])
