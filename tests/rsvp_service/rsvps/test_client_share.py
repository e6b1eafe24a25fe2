"""From the attacker's side: one client (an IPv4 address, an IPv6 /64, one mailbox) without a
verified account cannot hold more than its share of a slot, however it spells its addresses and
however fast it sends; everyone else still gets in. Account events need a verified account. On
SQLite and PostgreSQL (the share is read under the slot's lock)."""

from __future__ import annotations

import asyncio
import re

import httpx
from app_testkit import client_for
from mail_testkit import person
from service_testkit import CLINIC_SLOTS, GUEST_SLOT, TINY_SLOT, rsvp, signed_in
from starlette.applications import Starlette

from rsvp_service.rsvps.models import Rsvp, RsvpStatus, SlotCount
from rsvp_service.rsvps.routes import SHARE_SPENT, VERIFY_FIRST
from rsvp_service.rsvps.shares import SHARE_FLOOR
from rsvp_service.settings import Settings

SPENT = SHARE_SPENT.format(seats=SHARE_FLOOR)  # the two-seat workshop: the floor


async def live_seats() -> int:
    rows = await Rsvp.filter(slot_id=TINY_SLOT,
                             status__in=(RsvpStatus.CONFIRMED, RsvpStatus.WAITLISTED))
    return sum(row.party_size for row in rows)


async def test_one_ip_cannot_fill_a_slot_and_its_waitlist_with_invented_addresses(
    app: Starlette,
) -> None:
    async with client_for(app, "203.0.113.7") as attacker, client_for(app, "198.51.100.9") as other:
        burst = await asyncio.gather(*(attacker.post("/api/rsvp", json=person(
            f"fake{i}", waitlist=True)) for i in range(12)))
        codes = sorted(answer.status_code for answer in burst)
        assert codes == [201] * SHARE_FLOOR + [409] * (12 - SHARE_FLOOR)
        refused = [answer.json() for answer in burst if answer.status_code == 409]
        # One sentence, the same for every refusal: nobody else's RSVP shows in it.
        assert all(body == {"error": SPENT} for body in refused)
        assert await live_seats() == SHARE_FLOOR

        # Someone else still gets a place.
        ann = await other.post("/api/rsvp", json=person("ann", waitlist=True))
        assert (ann.status_code, ann.json()["status"]) == (201, "waitlisted")

        # A cancellation gives the attacker its share back, no more.
        # (One of the burst's stored RSVPs: which four got in is up to the race.)
        stored = await Rsvp.filter(email__startswith="fake").order_by("id").first()
        assert stored is not None
        await stored.delete()
        again = [await attacker.post("/api/rsvp", json=person(f"more{i}", waitlist=True))
                 for i in range(2)]
    assert [answer.status_code for answer in again] == [201, 409]


async def test_one_ipv6_64_is_one_client_and_the_raw_ip_is_never_stored(app: Starlette) -> None:
    answers = []
    for host in range(1, 7):
        async with client_for(app, f"2001:db8:1:2::{host:x}") as neighbour:
            answers.append(await neighbour.post("/api/rsvp", json=person(f"v6n{host}",
                                                                         waitlist=True)))
    assert [a.status_code for a in answers] == [201] * SHARE_FLOOR + [409] * 2
    async with client_for(app, "2001:db8:1:3::1") as elsewhere:
        assert (await elsewhere.post("/api/rsvp", json=person("v6x", waitlist=True))
                ).status_code == 201

    rows = await Rsvp.filter(slot_id=TINY_SLOT)
    assert len({row.client_key for row in rows}) == 2
    for row in rows:
        assert row.client_key is not None and re.fullmatch(r"[0-9a-f]{32}", row.client_key)
        assert row.mailbox_key is not None and re.fullmatch(r"[0-9a-f]{32}", row.mailbox_key)
        assert "2001" not in row.client_key + row.mailbox_key


async def test_one_mailbox_from_many_ips_is_one_client(app: Starlette) -> None:
    spellings = ["ann.lee@gmail.com", "annlee+1@gmail.com", "a.n.n.lee+x@googlemail.com",
                 "AnnLee+y@gmail.com", "annlee+z@gmail.com"]
    answers = []
    for n, address in enumerate(spellings):
        async with client_for(app, f"192.0.2.{n + 1}") as somewhere:
            answers.append(await somewhere.post("/api/rsvp", json=person(
                "ann", email=address, waitlist=True)))
    assert [a.status_code for a in answers] == [201] * SHARE_FLOOR + [409]
    assert answers[-1].json() == {"error": SPENT}


async def test_verified_accounts_are_not_held_to_the_share(
    app: Starlette, settings: Settings,
) -> None:
    async with client_for(app, "203.0.113.7") as school:
        for i in range(SHARE_FLOOR):
            assert (await school.post("/api/rsvp", json=person(f"g{i}", waitlist=True))
                    ).status_code == 201
        assert (await school.post("/api/rsvp", json=person("g9", waitlist=True))
                ).status_code == 409
        # A student with a verified account on the same network is one known person.
        _, headers = await signed_in(settings, "student@example.org")
        mine = await school.post("/api/rsvp", json=person("student", waitlist=True),
                                 headers=headers)
    assert (mine.status_code, mine.json()["status"]) == (201, "waitlisted")
    counter = await SlotCount.get(slot_id=TINY_SLOT)
    assert (counter.count, counter.waitlist) == (2, SHARE_FLOOR - 2 + 1)


async def test_account_events_need_a_verified_account(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    _, unverified = await signed_in(settings, "new@example.org", verified=False)
    refused = await client.post("/api/rsvp", json=rsvp(CLINIC_SLOTS[0]), headers=unverified)
    assert (refused.status_code, refused.json()) == (403, {"error": VERIFY_FIRST})
    assert not await Rsvp.exists(slot_id=CLINIC_SLOTS[0])
    # The guest event still takes the unverified account's RSVP, as it takes anyone's.
    guest = await client.post("/api/rsvp", json=rsvp(GUEST_SLOT), headers=unverified)
    assert guest.status_code == 201, guest.text

    _, verified = await signed_in(settings, "kim@example.org")
    made = await client.post("/api/rsvp", json=rsvp(CLINIC_SLOTS[0]), headers=verified)
    assert made.status_code == 201, made.text
