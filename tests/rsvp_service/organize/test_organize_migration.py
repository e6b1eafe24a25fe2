"""Migration 0007 on RSVPs written before it: live ones get codes, and every constraint holds."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from migration_testkit import old_schema
from service_testkit import GUEST_SLOT, TINY_SLOT
from tortoise.exceptions import IntegrityError

from rsvp_service.rsvps.codes import ALPHABET
from rsvp_service.rsvps.models import Rsvp


async def test_live_rsvps_get_codes_and_the_unique_keys_survive(empty_url: str) -> None:
    async with old_schema(empty_url, "0005_rsvp_waitlist") as old:
        stamp = old.stamp(datetime.now(UTC))
        columns = ("event_id", "event", "email", "active_email", "first_name", "last_name",
                   "created_at", "status")
        rows = [(GUEST_SLOT, "ann", "confirmed"), (GUEST_SLOT, "bo", "waitlisted"),
                (GUEST_SLOT, "cy", "cancelled"), (TINY_SLOT, "ann", "confirmed")]
        await old.insert("rsvp", columns, [
            (slot, "e", f"{name}@example.org", None if status == "cancelled" else
             f"{name}@example.org", name, "L", stamp, status) for slot, name, status in rows])
        await old.migrate_rest()

        migrated = await Rsvp.all().order_by("id")
        with pytest.raises(IntegrityError):
            await Rsvp.create(slot_id=GUEST_SLOT, event="e", email="ann@example.org",
                              active_email="ann@example.org", first_name="A", last_name="L")
        with pytest.raises(IntegrityError):
            await Rsvp.create(slot_id=GUEST_SLOT, event="e", email="dee@example.org",
                              active_email="dee@example.org", first_name="D", last_name="L",
                              checkin_code=migrated[0].checkin_code)

    codes = [row.checkin_code for row in migrated]
    assert codes[2] is None  # cancelled
    live = [code for code in codes if code is not None]
    assert len(live) == 3
    assert all(len(code) == 8 and set(code) <= set(ALPHABET) for code in live)
    assert codes[0] != codes[1]
