"""Migration 0008 renames `rsvp.event_id` (which always held a slot id) to `slot_id`: rows,
their uniqueness per slot and the indexes the store's queries use all survive it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from migration_testkit import old_schema
from service_testkit import CIVIC_NOW_OPEN, GUEST_SLOT, TINY_SLOT
from tortoise import connections
from tortoise.exceptions import IntegrityError

from rsvp_service.rsvps.models import Rsvp, RsvpStatus

COLUMNS = ("event_id", "event", "email", "active_email", "first_name", "last_name", "created_at",
           "status", "waitlist_ticket", "checkin_code")


async def _index_columns(postgres: bool) -> set[tuple[str, ...]]:
    """The column lists of the rsvp table's indexes, unique ones included."""
    db = connections.get("postgres" if postgres else "sqlite")
    if postgres:
        rows = await db.execute_query_dict(
            "SELECT array_agg(a.attname ORDER BY k.n) AS cols FROM pg_index i "
            "JOIN pg_class t ON t.oid = i.indrelid "
            "CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) "
            "JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum "
            "WHERE t.relname = 'rsvp' GROUP BY i.indexrelid")
        return {tuple(row["cols"]) for row in rows}
    names = await db.execute_query_dict("SELECT name FROM pragma_index_list('rsvp')")
    found = set()
    for row in names:
        cols = await db.execute_query_dict(
            "SELECT name FROM pragma_index_info(?) ORDER BY seqno", [row["name"]])
        found.add(tuple(col["name"] for col in cols))
    return found


async def test_rsvps_keep_their_slot_and_uniqueness_across_the_rename(empty_url: str) -> None:
    made = datetime.fromisoformat(CIVIC_NOW_OPEN).astimezone(UTC)
    async with old_schema(empty_url, "0007_organize") as old:
        await old.insert("rsvp", COLUMNS, [
            (GUEST_SLOT, "forest-park-cleanup", "ann@example.org", "ann@example.org", "Ann",
             "Lee", old.stamp(made), "confirmed", None, "ABCD2345"),
            (TINY_SLOT, "tiny-workshop", "bo@example.org", "bo@example.org", "Bo", "Kim",
             old.stamp(made), "waitlisted", 1, None),
        ])
        await old.migrate_rest()

        rows = await Rsvp.all().order_by("id").values_list("slot_id", "email", "status")
        indexes = await _index_columns(old.postgres)
        with pytest.raises(IntegrityError):
            await Rsvp.create(slot_id=GUEST_SLOT, event="forest-park-cleanup",
                              email="ann@example.org", active_email="ann@example.org",
                              first_name="Ann", last_name="Lee", created_at=made)
        with pytest.raises(IntegrityError):
            await Rsvp.create(slot_id=GUEST_SLOT, event="forest-park-cleanup",
                              email="cy@example.org", active_email="cy@example.org",
                              first_name="Cy", last_name="Ng", created_at=made,
                              checkin_code="ABCD2345")

    assert rows == [(GUEST_SLOT, "ann@example.org", RsvpStatus.CONFIRMED),
                    (TINY_SLOT, "bo@example.org", RsvpStatus.WAITLISTED)]
    assert {("slot_id", "active_email"), ("slot_id", "checkin_code"),
            ("slot_id", "status", "waitlist_ticket"),
            ("slot_id", "status", "reminder_queued_at", "confirmed_at")} <= indexes
    assert not any("event_id" in cols for cols in indexes)
