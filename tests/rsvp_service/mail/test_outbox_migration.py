"""Migration 0003 on an outbox written by the previous version: nothing is lost silently."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from migration_testkit import old_schema
from service_testkit import GUEST_SLOT

from rsvp_service.mail.models import OutboxMessage

OLD_CONFIRMATION = {
    "slot": {"id": GUEST_SLOT, "title": "Forest Park Cleanup"},
    "email": "ann@example.org",
    "first_name": "Ann",
    "last_name": "Lee",
    "stamp": "2025-04-01T12:00:00+00:00",
}


async def test_old_outbox_rows_are_kept_or_parked_with_a_reason(empty_url: str) -> None:
    async with old_schema(empty_url, "0002_outbox_deferred") as old:
        stamp = old.stamp(datetime.now(UTC))
        columns = ("created_at", "recipient", "subject", "kind", "message", "payload",
                   "next_attempt_at", "attempts")
        old_rows = [
            ("raw", b"Subject: hi\r\n\r\nbody", None),
            ("rsvp_confirmation", None, json.dumps(OLD_CONFIRMATION)),
        ]
        await old.insert("mail_outbox", columns, [
            (stamp, "ann@example.org", "Hi", kind, message, payload, stamp, 0)
            for kind, message, payload in old_rows], casts={"payload": "jsonb"})
        await old.migrate_rest()

        parked, confirmation = await OutboxMessage.all().order_by("id")

    assert parked.dead_at is not None and parked.next_attempt_at is None
    assert parked.last_error is not None and "cannot rebuild" in parked.last_error
    assert confirmation.dead_at is None and confirmation.next_attempt_at is not None
    assert confirmation.payload == {"slot_id": GUEST_SLOT, "first_name": "Ann", "last_name": "Lee"}
