"""RSVPs that bring guests: seated, waitlisted and moved up as whole parties, on SQLite and
PostgreSQL, and never over capacity."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from service_testkit import CIVIC_NOW_OPEN, TINY_SLOT, fixture_events, signed_in

from rsvp_service.rsvps.models import Rsvp, RsvpStatus, SlotCount
from rsvp_service.rsvps.routes import GUESTS_NEED_ACCOUNT
from rsvp_service.rsvps.store import cancel_rsvp
from rsvp_service.settings import Settings

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]
PARTY_SLOT = "family-garden-day-6-00-7-00-pm"
CAPACITY = 4
MAX_GUESTS = 4
NOW = datetime.fromisoformat(CIVIC_NOW_OPEN)


def _party_events() -> dict[str, Any]:
    """The fixture events plus a guest event whose one slot seats 4 and takes 4 guests per RSVP."""
    document = fixture_events()
    tiny = next(e for e in document["events"] if e["slug"] == "tiny-workshop")
    garden = copy.deepcopy(tiny) | {"slug": "family-garden-day", "title": "Family Garden Day",
                                     "path": "/events/family-garden-day",
                                     "calendar": "/events/family-garden-day/calendar.ics"}
    garden["slots"] = [garden["slots"][0] | {"id": PARTY_SLOT, "capacity": CAPACITY,
                                             "max_guests_per_rsvp": MAX_GUESTS}]
    document["events"].append(garden)
    document["slots"][PARTY_SLOT] = document["slots"][TINY_SLOT] | {
        "event": "family-garden-day", "path": garden["path"], "title": garden["title"],
        "capacity": CAPACITY, "max_guests_per_rsvp": MAX_GUESTS}
    return document


@pytest.fixture
async def client(make_settings: Callable[..., Settings], make_client: MakeClient,
                 tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    """A client of an app whose events include the party slot (rate limits out of the way)."""
    events = tmp_path / "party" / "events.json"
    events.parent.mkdir()
    events.write_text(json.dumps(_party_events()), encoding="utf-8")
    async with make_client(make_settings(events_file=events, rate_limit_scale=100)) as client:
        yield client


def party(name: str, guests: int = 0, *, waitlist: bool = True, named: bool = False,
          slot: str = PARTY_SLOT) -> dict[str, Any]:
    """An RSVP payload for `name` bringing `guests` people (named after them when `named`)."""
    return {"eventId": slot, "email": f"{name}@example.org", "firstName": name.title(),
            "lastName": "Doe", "waitlist": waitlist,
            "guests": [{"name": f"{name.title()}'s friend {n}"} if named else {}
                       for n in range(1, guests + 1)]}


async def counts(client: httpx.AsyncClient) -> dict[str, Any]:
    """GET /api/rsvp of the party slot."""
    answer: dict[str, Any] = (await client.get("/api/rsvp", params={"eventId": PARTY_SLOT})).json()
    return answer


async def statuses() -> dict[str, RsvpStatus]:
    """Each party's status by the first name of its person."""
    return {row.first_name: row.status for row in await Rsvp.filter(slot_id=PARTY_SLOT)}


async def assert_consistent() -> None:
    """The counter counts the confirmed parties' seats and the waiting parties, within capacity."""
    rows = await Rsvp.filter(slot_id=PARTY_SLOT)
    counter = await SlotCount.get(slot_id=PARTY_SLOT)
    seated = sum(r.party_size for r in rows if r.status is RsvpStatus.CONFIRMED)
    waiting = [r for r in rows if r.status is RsvpStatus.WAITLISTED]
    assert (counter.count, counter.waitlist) == (seated, len(waiting))
    assert seated <= CAPACITY
    # Waiting parties keep distinct tickets (their order); nobody seated keeps one.
    assert len({r.waitlist_ticket for r in waiting}) == len(waiting)
    assert all(r.waitlist_ticket is None for r in rows if r.status is RsvpStatus.CONFIRMED)


async def test_a_party_takes_a_seat_each_and_one_that_does_not_fit_waits_whole(
    client: httpx.AsyncClient,
) -> None:
    ann = await client.post("/api/rsvp", json=party("ann", 2, named=True))
    assert (ann.status_code, ann.json()["status"], ann.json()["message"]) == (
        201, "confirmed",
        "You have RSVP'd for yourself and 2 guests! A confirmation email will be sent.")
    row = await Rsvp.get(first_name="Ann")
    assert (row.party_size, row.guest_names) == (3, ["Ann's friend 1", "Ann's friend 2"])
    assert await counts(client) == {"count": 3, "capacity": 4, "remaining": 1, "waitlist": 0}

    refused = await client.post("/api/rsvp", json=party("bo", 1, waitlist=False))
    assert (refused.status_code, refused.json()) == (409, {"error": (
        "This time slot does not have 2 spots left for your party. Join the waitlist? "
        "The whole party will be moved up together."), "full": True})
    bo = await client.post("/api/rsvp", json=party("bo", 1))
    assert (bo.status_code, bo.json()["status"], bo.json()["position"]) == (201, "waitlisted", 1)
    # The one seat left goes to someone it fits: nobody waiting fits it.
    cy = await client.post("/api/rsvp", json=party("cy"))
    assert (cy.status_code, cy.json()["status"]) == (201, "confirmed")

    assert await counts(client) == {"count": 4, "capacity": 4, "remaining": 0, "waitlist": 1}
    assert await statuses() == {"Ann": RsvpStatus.CONFIRMED, "Bo": RsvpStatus.WAITLISTED,
                                "Cy": RsvpStatus.CONFIRMED}
    await assert_consistent()


async def test_a_cancellation_seats_the_first_waiting_parties_that_fit(
    client: httpx.AsyncClient,
) -> None:
    for payload in (party("ann", 2), party("cy"), party("bo", 1), party("di"), party("ed", 2)):
        assert (await client.post("/api/rsvp", json=payload)).status_code == 201
    ids = {row.first_name: row.id for row in await Rsvp.filter(slot_id=PARTY_SLOT)}
    await assert_consistent()

    # One seat frees: Bo's party of 2 (first in line) does not fit, Di (next) does.
    done = await cancel_rsvp(ids["Cy"], capacity=CAPACITY, now=NOW)
    assert done.promoted_ids == (ids["Di"],)
    assert await statuses() == {"Ann": RsvpStatus.CONFIRMED, "Cy": RsvpStatus.CANCELLED,
                                "Bo": RsvpStatus.WAITLISTED, "Di": RsvpStatus.CONFIRMED,
                                "Ed": RsvpStatus.WAITLISTED}
    await assert_consistent()

    # Three seats free: Bo's party of 2 fits first; Ed's party of 3 does not fit the one left.
    done = await cancel_rsvp(ids["Ann"], capacity=CAPACITY, now=NOW)
    assert done.promoted_ids == (ids["Bo"],)
    assert await counts(client) == {"count": 3, "capacity": 4, "remaining": 1, "waitlist": 1}
    assert (await Rsvp.get(id=ids["Ed"])).status is RsvpStatus.WAITLISTED
    await assert_consistent()

    # Bo's party leaves: Ed's party of 3 fits the three free seats, whole.
    done = await cancel_rsvp(ids["Bo"], capacity=CAPACITY, now=NOW)
    assert done.promoted_ids == (ids["Ed"],)
    assert await counts(client) == {"count": 4, "capacity": 4, "remaining": 0, "waitlist": 0}
    await assert_consistent()


async def test_a_party_over_the_event_limit_or_the_slot_gets_a_sentence(
    client: httpx.AsyncClient,
) -> None:
    too_many = await client.post("/api/rsvp", json=party("ann", MAX_GUESTS + 1))
    assert (too_many.status_code, too_many.json()) == (422, {"error": (
        "You can bring up to 4 guests to this event, and you listed 5 guests. "
        "Remove 1 guest and try again.")})
    too_big = await client.post("/api/rsvp", json=party("ann", MAX_GUESTS))
    assert (too_big.status_code, too_big.json()) == (422, {"error": (
        "This time slot has 4 spots in all, so a party of 5 can never fit. "
        "Bring fewer guests and try again.")})
    none_here = await client.post("/api/rsvp", json=party("ann", 1, slot=TINY_SLOT))
    assert (none_here.status_code, none_here.json()) == (422, {"error": (
        "This event does not take guests: each person RSVPs for themselves. "
        "Remove the guests and try again, or ask them to RSVP on their own.")})
    bad_name = await client.post("/api/rsvp", json=party("ann") | {
        "guests": [{"name": "Eve\r\nBcc: x@example.org"}]})
    assert bad_name.status_code == 422
    assert await Rsvp.all().count() == 0
    assert not await SlotCount.filter(slot_id=PARTY_SLOT, count__gt=0).exists()


async def test_concurrent_parties_and_cancellations_never_overfill_the_slot(
    client: httpx.AsyncClient, make_settings: Callable[..., Settings],
) -> None:
    sizes = random.Random(23).choices(range(MAX_GUESTS), k=24)  # 0-3 guests each
    # Verified accounts: more than two guests need one.
    headers = [(await signed_in(make_settings(), f"p{i}@example.org"))[1]
               for i in range(len(sizes))]
    answers = await asyncio.gather(*(client.post("/api/rsvp", json=party(f"p{i}", guests),
                                                 headers=headers[i])
                                     for i, guests in enumerate(sizes)))
    assert {a.status_code for a in answers} == {201}
    await assert_consistent()
    seated = await Rsvp.filter(slot_id=PARTY_SLOT, status=RsvpStatus.CONFIRMED)
    assert sum(r.party_size for r in seated) >= CAPACITY - max(sizes)  # little left unused

    # Every seated party cancels at once; parties that fit move up, the rest keep waiting.
    results = await asyncio.gather(*(cancel_rsvp(r.id, capacity=CAPACITY, now=NOW)
                                     for r in seated))
    promoted = [rsvp_id for result in results for rsvp_id in result.promoted_ids]
    assert len(promoted) == len(set(promoted))  # nobody promoted twice
    await assert_consistent()
    confirmed = await Rsvp.filter(slot_id=PARTY_SLOT, status=RsvpStatus.CONFIRMED)
    assert {r.id for r in confirmed} <= set(promoted)


async def test_a_guests_party_is_smaller_than_a_verified_accounts(
    client: httpx.AsyncClient, make_settings: Callable[..., Settings],
) -> None:
    guest = await client.post("/api/rsvp", json=party("ann", 3))
    assert (guest.status_code, guest.json()) == (422, {"error": GUESTS_NEED_ACCOUNT.format(
        limit="2 guests", given="3 guests", most="4 guests", extra="1 guest")})
    assert "Log in with a verified account" in guest.json()["error"]
    assert await Rsvp.all().count() == 0
    assert (await client.post("/api/rsvp", json=party("ann", 2))).status_code == 201

    _, headers = await signed_in(make_settings(), "bo@example.org")
    member = await client.post("/api/rsvp", json=party("bo", 3), headers=headers)
    assert (member.status_code, member.json()["status"]) == (201, "waitlisted")
    assert (await Rsvp.get(email="bo@example.org")).party_size == 4
