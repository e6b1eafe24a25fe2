"""Migration 0021 on a database with accounts and records: every account gains no bracket
(NULL until its owner says one), and records issued before periods still load and verify."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal

from migration_testkit import old_schema
from service_testkit import CIVIC_NOW_OPEN

from rsvp_service.accounts.models import User
from rsvp_service.impact.bodies import RecordSnapshot
from rsvp_service.impact.statements import CHECKED_CHECK_IN, statement
from rsvp_service.organize.models import HoursRecord

ENTRY = {"title": "Tiny Workshop", "organization": "KEEN St. Louis", "date": "2025-05-01",
         "date_text": "May 1, 2025", "hours": 1.0, "service_type": "tutoring",
         "attestation": {"method": "check-in", "name": "Ada Park", "role": "Organizer",
                         "organization": "KEEN St. Louis", "email": None,
                         "at": "2025-05-01T18:10:00-05:00"}}


async def test_accounts_gain_no_bracket_and_records_keep_verifying(empty_url: str) -> None:
    made = datetime.fromisoformat(CIVIC_NOW_OPEN).astimezone(UTC)
    async with old_schema(empty_url, "0020_outside_hours") as old:
        await old.insert("users", ("name", "email", "is_verified", "role", "created_at"),
                         [("Zoë Ångström", "zoe@example.org", True, "volunteer", old.stamp(made)),
                          ("Kim Lee", "kim@example.org", False, "volunteer", old.stamp(made))])
        await old.insert("hours_records", ("user_id", "issued_at", "hours", "snapshot"),
                         [(1, old.stamp(made), Decimal(1) if old.postgres else "1.00",
                           json.dumps({"name": "Zoë Ångström", "entries": [ENTRY]}))],
                         casts={"snapshot": "jsonb"})
        await old.migrate_rest()

        brackets = await User.all().order_by("id").values_list("age_bracket", flat=True)
        await User.filter(id=2).update(age_bracket="11-15")
        kept = await User.get(id=2)
        record = await HoursRecord.get(id=1)

    assert list(brackets) == [None, None]
    assert kept.age_bracket == "11-15"
    snapshot = RecordSnapshot.model_validate(record.snapshot)
    assert (snapshot.period, snapshot.purpose) == (None, None)
    assert snapshot.entries[0].attestation is not None
    assert statement(snapshot.entries, snapshot.purpose).checked == [CHECKED_CHECK_IN]
