"""Concurrent identical RSVPs store exactly one row and keep the count exact."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx
from mail_testkit import Mailbox
from service_testkit import GUEST_SLOT, TINY_SLOT, rsvp

from rsvp_service.mail.models import OutboxMessage
from rsvp_service.rsvps.models import Rsvp, SlotCount
from rsvp_service.settings import Settings

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


async def test_fifty_identical_rsvps_store_one(
    make_settings: Callable[..., Settings], make_client: MakeClient, mailbox: Mailbox
) -> None:
    async with make_client(make_settings(rate_limit_scale=100)) as client:
        responses = await asyncio.gather(
            *(client.post("/api/rsvp", json=rsvp()) for _ in range(50))
        )

        assert Counter(r.status_code for r in responses) == {201: 1, 409: 49}
        assert await Rsvp.filter(slot_id=GUEST_SLOT).count() == 1
        assert (await SlotCount.get(slot_id=GUEST_SLOT)).count == 1
        assert (await client.get("/api/rsvp")).json()["count"] == 1
        assert await OutboxMessage.all().count() == 1
        await mailbox.wait_for(1)


async def test_concurrent_rsvps_never_overfill_a_slot(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    async with make_client(make_settings(rate_limit_scale=100)) as client:
        responses = await asyncio.gather(
            *(
                client.post("/api/rsvp", json=rsvp(TINY_SLOT, email=f"p{i}@example.org"))
                for i in range(20)
            )
        )

        assert Counter(r.status_code for r in responses) == {201: 2, 409: 18}
        assert await Rsvp.filter(slot_id=TINY_SLOT).count() == 2
        assert (await client.get("/api/rsvp", params={"eventId": TINY_SLOT})).json() == {
            "count": 2, "capacity": 2, "remaining": 0, "waitlist": 0
        }
