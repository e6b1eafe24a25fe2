"""Migration 0005 on RSVPs written by the previous version: every one stays live and unique."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from migration_testkit import old_schema
from service_testkit import GUEST_SLOT
from tortoise.exceptions import IntegrityError

from rsvp_service.rsvps.models import Rsvp, RsvpStatus


async def test_old_rsvps_stay_confirmed_and_unique_and_a_cancelled_one_can_be_redone(
    empty_url: str,
) -> None:
    async with old_schema(empty_url, "0004_password_reset") as old:
        stamp = old.stamp(datetime.now(UTC))
        columns = ("event_id", "event", "email", "first_name", "last_name", "phone", "created_at")
        await old.insert("rsvp", columns, [
            (GUEST_SLOT, "forest-park-cleanup", email, "A", "L", "314", stamp)
            for email in ("ann@example.org", "bo@example.org")])
        await old.migrate_rest()

        rows = await Rsvp.all().order_by("id")
        with pytest.raises(IntegrityError):
            await Rsvp.create(slot_id=GUEST_SLOT, event="forest-park-cleanup",
                              email="ann@example.org", active_email="ann@example.org",
                              first_name="A", last_name="L")
        await Rsvp.filter(id=rows[0].id).update(status=RsvpStatus.CANCELLED, active_email=None)
        again = await Rsvp.create(slot_id=GUEST_SLOT, event="forest-park-cleanup",
                                  email="ann@example.org", active_email="ann@example.org",
                                  first_name="A", last_name="L")

    assert [(r.email, r.active_email, r.status, r.phone) for r in rows] == [
        ("ann@example.org", "ann@example.org", RsvpStatus.CONFIRMED, "314"),
        ("bo@example.org", "bo@example.org", RsvpStatus.CONFIRMED, "314"),
    ]
    assert again.id > rows[1].id
