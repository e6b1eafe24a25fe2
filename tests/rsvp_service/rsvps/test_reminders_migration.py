"""Migration 0006 on RSVPs written by the previous version: seats keep their time, and only
confirmed ones are reminded."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from migration_testkit import old_schema
from service_testkit import CIVIC_NOW_OPEN, GUEST_SLOT

from rsvp_service.events import load_catalogue
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.rsvps.reminders import queue_due_reminders


async def test_old_confirmed_rsvps_count_as_seated_when_made(
    empty_url: str, events_file: Path
) -> None:
    made = datetime.fromisoformat(CIVIC_NOW_OPEN).astimezone(UTC)
    async with old_schema(empty_url, "0005_rsvp_waitlist") as old:
        columns = ("event_id", "event", "email", "active_email", "first_name", "last_name",
                   "created_at", "status", "waitlist_ticket")
        await old.insert("rsvp", columns, [
            (GUEST_SLOT, "forest-park-cleanup", email, email, "A", "L", old.stamp(made), status,
             ticket)
            for email, status, ticket in (("ann@example.org", "confirmed", None),
                                          ("bo@example.org", "waitlisted", 1))])
        await old.migrate_rest()

        rows = await Rsvp.all().order_by("id")
        catalogue = load_catalogue(events_file)
        due = catalogue.slots[GUEST_SLOT].start - timedelta(hours=1)
        done = await queue_due_reminders(catalogue, due, timedelta(hours=24))
        reminded = await OutboxMessage.all().values_list("recipient", flat=True)

    assert [(r.email, r.confirmed_at, r.reminder_queued_at) for r in rows] == [
        ("ann@example.org", made, None),
        ("bo@example.org", None, None),
    ]
    assert (done.queued, reminded) == (1, ["ann@example.org"])
