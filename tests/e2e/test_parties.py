"""Issue 23 journey: a volunteer brings two friends ("Bringing others?"), their party of 3 fills
the slot; a party of 2 waits whole and is moved up when a party of 4 cancels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from rsvp_service.rsvps.routes import CREATED_PARTY
from tests.e2e.helpers import (
    Account,
    Mailbox,
    Server,
    Session,
    verified_account,
)
from tests.e2e.steps import auth_headers, expect_rsvp_made, signed_in_page, slot_item

pytestmark = pytest.mark.e2e


def party_rsvp(server: Server, account: Account, slot_id: str, guests: int,
               waitlist: bool = False) -> dict[str, Any]:
    """RSVP `account` with `guests` unnamed guests through the API; returns the answer."""
    first, _, last = account.name.partition(" ")
    status, body = server.api(
        "POST", "/api/rsvp",
        {"eventId": slot_id, "email": account.email, "firstName": first, "lastName": last,
         "waitlist": waitlist, "guests": [{} for _ in range(guests)]},
        headers=auth_headers(server, account))
    assert status == 201, body
    answer: dict[str, Any] = body
    return answer


def test_a_party_of_three_fills_the_slot_and_a_waiting_party_moves_up_whole(
    pinned_server: Server,
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    # The last date of the series that takes guests: no other journey RSVPs to it.
    event = [e for e in events["events"]
             if any(s.get("max_guests_per_rsvp", 0) >= 2 for s in e["slots"])][-1]
    slot = event["slots"][0]
    capacity = slot["capacity"]
    # Parties of 4 (and one of 2 or 3) leave exactly 3 seats.
    holders = []
    seats = capacity - 3
    while seats > 0:
        size = min(4, seats)
        holder = verified_account(pinned_server, mailbox, f"Holder{len(holders)} Example",
                                  f"party{len(holders)}")
        assert party_rsvp(pinned_server, holder, slot["id"], size - 1)["status"] == "confirmed"
        holders.append((holder, size))
        seats -= size
    status, stats = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert (status, stats["count"], stats["remaining"]) == (200, capacity - 3, 3), stats

    # In the browser: two friends come along, one named.
    volunteer = verified_account(pinned_server, mailbox, "Riley Party", "riley")
    session = new_session(pinned_server)
    page = signed_in_page(session, volunteer)
    page.goto(event["path"])
    item = slot_item(page, slot["id"])
    expect(item).to_contain_text("3 spots left", timeout=15_000)
    # The party's fields open on request (most RSVPs are for one), with the count focused.
    item.get_by_role("button", name="Bringing others?").click()
    guests = item.get_by_role("group", name="Bringing others?")
    expect(guests.get_by_label("Guests (up to 3)")).to_be_focused()
    guests.get_by_label("Guests (up to 3)").fill("2")
    guests.get_by_label("Guest 1's name (optional)").fill("Sam Roe")
    expect(guests.get_by_label("Guest 2's name (optional)")).to_have_value("")
    item.get_by_role("button", name="RSVP", exact=True).click()
    expect(item.get_by_role("button", name="RSVP'd!")).to_be_disabled(timeout=15_000)
    expect_rsvp_made(page, session.watch(page), slot["id"], CREATED_PARTY.format(guests="2 guests"))
    expect(item.get_by_role("group", name="Bringing others?")).to_have_count(0)
    expect(item.get_by_role("button", name="Bringing others?")).to_have_count(0)

    # The party of 3 took the last 3 seats: the slot is full.
    status, stats = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert (stats["count"], stats["remaining"], stats["waitlist"]) == (capacity, 0, 0), stats
    page.reload()
    expect(item).to_contain_text("Full: join the waitlist", timeout=15_000)
    mailbox.wait_for(volunteer.email, event["title"])

    # A party of 2 waits whole; a party of 4 leaves; the waiting party is moved up, together.
    waiter = verified_account(pinned_server, mailbox, "Wes Waiting", "partywait")
    waiting = party_rsvp(pinned_server, waiter, slot["id"], 1, waitlist=True)
    assert (waiting["status"], waiting["position"]) == ("waitlisted", 1)
    leaver, size = holders[0]
    assert size == 4
    headers = auth_headers(pinned_server, leaver)
    _, mine = pinned_server.api("GET", "/api/me/rsvps", headers=headers)
    [theirs] = [r for r in mine["rsvps"] if r["eventId"] == slot["id"]]
    status, body = pinned_server.api("POST", f"/api/me/rsvps/{theirs['id']}/cancel",
                                     headers=headers)
    assert status == 200, body
    mailbox.wait_for(waiter.email, "A spot opened up")
    status, stats = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert (stats["count"], stats["remaining"], stats["waitlist"]) == (
        capacity - 2, 2, 0), stats
