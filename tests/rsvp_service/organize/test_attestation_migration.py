"""Migration 0019 on attendance and records written before it: the rows gain no attester, and
records issued before still load, verify and print (as checked in, name not recorded)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal

from migration_testkit import old_schema
from pdf_testkit import pdf_text
from service_testkit import CIVIC_NOW_OPEN, TINY_SLOT, fixture_events

from generator.outputs import EventsOut
from rsvp_service.events import parse_catalogue
from rsvp_service.impact.bodies import PublicRecord, RecordSnapshot
from rsvp_service.impact.entries import record_entry
from rsvp_service.impact.pdf import record_pdf
from rsvp_service.impact.statements import statement
from rsvp_service.impact.summary import Attended
from rsvp_service.organize.models import HoursRecord
from rsvp_service.rsvps.models import Attendance

OLD_ENTRY = {"title": "Tiny Workshop", "organization": "KEEN St. Louis", "date": "2025-05-01",
             "date_text": "May 1, 2025", "hours": 1.0}


async def test_old_entries_have_no_attester_and_old_records_still_verify(empty_url: str) -> None:
    made = datetime.fromisoformat(CIVIC_NOW_OPEN).astimezone(UTC)
    async with old_schema(empty_url, "0018_hours_record_pdf") as old:
        await old.insert("users", ("name", "email", "is_verified", "role", "created_at"),
                         [("Zoë Ångström", "zoe@example.org", True, "volunteer", old.stamp(made))])
        await old.insert("rsvp", ("slot_id", "event", "email", "active_email", "first_name",
                                  "last_name", "created_at", "status", "checkin_code",
                                  "party_size", "user_id"),
                         [(TINY_SLOT, "tiny-workshop", "zoe@example.org", "zoe@example.org",
                           "Zoë", "Ångström", old.stamp(made), "confirmed", "ABCD2345", 1, 1)])
        await old.insert("attendance", ("rsvp_id", "slot_id", "event", "organization",
                                        "checked_in_at", "hours", "walk_in", "present"),
                         [(1, TINY_SLOT, "tiny-workshop", "keenstl", old.stamp(made),
                           Decimal(1) if old.postgres else "1.00", False, 1)])
        await old.insert("hours_records", ("user_id", "issued_at", "hours", "snapshot"),
                         [(1, old.stamp(made), Decimal(1) if old.postgres else "1.00",
                           json.dumps({"name": "Zoë Ångström", "entries": [OLD_ENTRY]}))],
                         casts={"snapshot": "jsonb"})
        await old.migrate_rest()

        row = await Attendance.get(rsvp_id=1)
        record = await HoursRecord.get(id=1)

    catalogue = parse_catalogue(EventsOut.model_validate(fixture_events()))
    assert row.checked_in_at is not None and row.hours is not None
    entry = record_entry(Attended(
        slot_id=row.slot_id, event=row.event, title="Tiny Workshop", organization="keenstl",
        organization_name="KEEN St. Louis", date="2025-05-01", date_text="May 1, 2025",
        hours=row.hours, checked_in_at=row.checked_in_at, credited_at=row.checked_in_at,
        row=row), catalogue)
    assert (row.attested_name, row.attested_email, row.service_type, row.starts_at) == (
        None, None, None, None)
    assert entry.attestation is None and entry.service_type is None
    snapshot = RecordSnapshot.model_validate(record.snapshot)
    assert snapshot.model_dump(mode="json", exclude_defaults=True)["entries"] == [OLD_ENTRY]
    text = pdf_text(record_pdf(PublicRecord(
        code="1-x", name=snapshot.name, issuedAt=record.issued_at, hours=float(record.hours),
        entries=snapshot.entries, revoked=False, period=snapshot.period,
        purpose=snapshot.purpose, checked=statement(snapshot.entries, snapshot.purpose)),
        "https://civicstl.org/verify-hours/1-x"))
    assert "Checked in at the event by its organizer\n(name not recorded)" in text
