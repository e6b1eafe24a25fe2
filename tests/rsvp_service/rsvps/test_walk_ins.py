"""Walk-ins in the RSVP store: stored with their check-in or not at all, never taking a seat."""

from __future__ import annotations

from datetime import UTC, datetime

from service_testkit import TINY_SLOT
from starlette.applications import Starlette
from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.exceptions import IntegrityError

from rsvp_service.rsvps.models import Rsvp, RsvpStatus, SlotCount
from rsvp_service.rsvps.store import NewWalkIn, add_walk_in

WANDA = NewWalkIn(slot_id=TINY_SLOT, event="tiny-workshop", email="wanda@example.org",
                  name="Wanda Walker", created_at=datetime(2025, 5, 1, 23, 10, tzinfo=UTC))


async def test_a_walk_in_whose_check_in_is_refused_is_not_stored(app: Starlette) -> None:
    async def refused(connection: BaseDBAsyncClient, row: Rsvp) -> None:
        raise IntegrityError("the same walk-in was stored a moment ago")

    assert await add_walk_in(WANDA, refused) is None
    assert not await Rsvp.exists()


async def test_a_walk_in_is_written_with_its_check_in_and_takes_no_seat(app: Starlette) -> None:
    seen: list[tuple[int, bool]] = []

    async def noted(connection: BaseDBAsyncClient, row: Rsvp) -> None:
        seen.append((row.id, await Rsvp.filter(id=row.id).using_db(connection).exists()))

    row = await add_walk_in(WANDA, noted)

    assert row is not None
    assert seen == [(row.id, True)]
    stored = await Rsvp.get(id=row.id)
    assert (stored.status, stored.email, stored.active_email, stored.checkin_code,
            stored.first_name) == (RsvpStatus.WALK_IN, "wanda@example.org", None, None,
                                   "Wanda Walker")
    assert not await SlotCount.exists(slot_id=TINY_SLOT)
