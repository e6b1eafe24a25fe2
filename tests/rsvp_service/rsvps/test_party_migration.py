"""Migration 0010 gives every RSVP made before it a party of one (no guests) and every
check-in one person present, so counts and cancellations stay right across it."""

from __future__ import annotations

from datetime import UTC, datetime

from migration_testkit import old_schema
from service_testkit import CIVIC_NOW_OPEN, TINY_SLOT

from rsvp_service.rsvps.models import Attendance, Rsvp, RsvpStatus, SlotCount
from rsvp_service.rsvps.store import cancel_rsvp

COLUMNS = ("slot_id", "event", "email", "active_email", "first_name", "last_name", "created_at",
           "status", "waitlist_ticket", "checkin_code")


async def test_old_rsvps_become_parties_of_one(empty_url: str) -> None:
    made = datetime.fromisoformat(CIVIC_NOW_OPEN).astimezone(UTC)
    async with old_schema(empty_url, "0008_rsvp_slot_id") as old:
        await old.insert("rsvp", COLUMNS, [
            (TINY_SLOT, "tiny-workshop", f"{name}@example.org", f"{name}@example.org", name,
             "Lee", old.stamp(made), status, ticket, code)
            for name, status, ticket, code in (("ann", "confirmed", None, "ABCD2345"),
                                               ("bo", "confirmed", None, "ABCD2346"),
                                               ("cy", "waitlisted", 1, "ABCD2347"))])
        await old.insert("rsvp_slot_count", ("slot_id", "count", "waitlist", "tickets"),
                         [(TINY_SLOT, 2, 1, 1)])
        await old.insert("attendance", ("rsvp_id", "slot_id", "event", "organization",
                                        "checked_in_at", "walk_in"),
                         [(2, TINY_SLOT, "tiny-workshop", "keenstl", old.stamp(made), False)])
        await old.migrate_rest()

        rows = await Rsvp.all().order_by("id").values_list("first_name", "party_size",
                                                            "guest_names")
        present = await Attendance.all().values_list("rsvp_id", "present")
        ann = await Rsvp.get(first_name="ann")
        # Ann's one seat frees, and Cy (a party of one) takes it.
        done = await cancel_rsvp(ann.id, capacity=2, now=made)
        counter = await SlotCount.get(slot_id=TINY_SLOT)
        cy = await Rsvp.get(first_name="cy")

    assert rows == [("ann", 1, None), ("bo", 1, None), ("cy", 1, None)]
    assert present == [(2, 1)]
    assert done.promoted_ids == (cy.id,)
    assert cy.status is RsvpStatus.CONFIRMED
    assert (counter.count, counter.waitlist) == (2, 0)
