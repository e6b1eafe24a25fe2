"""Migration 0020 adds the outside-hours tables beside accounts and records made before it: old
accounts have no requests, new requests belong to them, and go with them."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

from migration_testkit import old_schema
from service_testkit import CIVIC_NOW_OPEN

from rsvp_service.accounts.models import User
from rsvp_service.organize.models import HoursRecord
from rsvp_service.outside_hours.models import BlockedSupervisor, OutsideHoursRequest
from rsvp_service.outside_hours.service import confirmed_entries


async def test_old_accounts_and_records_stay_and_requests_follow_their_account(
    empty_url: str,
) -> None:
    made = datetime.fromisoformat(CIVIC_NOW_OPEN).astimezone(UTC)
    async with old_schema(empty_url, "0019_attendance_attestation") as old:
        await old.insert("users", ("name", "email", "role", "is_verified", "created_at"), [
            (name, f"{name}@example.org", "volunteer", True, old.stamp(made))
            for name in ("ann", "bo")])
        [ann_row] = await old.db.execute_query_dict(
            "SELECT id FROM users WHERE email = 'ann@example.org'")
        ann_id = ann_row["id"]
        await old.insert("hours_records", ("user_id", "issued_at", "hours", "snapshot"), [
            (ann_id, old.stamp(made), Decimal("2.00") if old.postgres else "2.00",
             '{"name": "ann", "entries": []}')], casts={"snapshot": "jsonb"})
        await old.migrate_rest()

        ann, bo = await User.all().order_by("id")
        before = await confirmed_entries(ann.id)
        row = await OutsideHoursRequest.create(
            user_id=bo.id, organization="Pantry", date=date(2025, 3, 28),
            starts_at=made, ends_at=made, hours=Decimal("3"), description="Packed.",
            service_type="other", supervisor_name="Dana", supervisor_email="d@example.net",
            supervisor_key="k", honesty_accepted_at=made, not_relative=True, created_at=made,
            answer="confirmed", answered_at=made, confirmed_hours=Decimal("3"))
        await BlockedSupervisor.create(key="k2", blocked_at=made)
        after = await confirmed_entries(bo.id)
        records = await HoursRecord.filter(user_id=ann.id).count()
        await bo.delete()
        left = await OutsideHoursRequest.filter(id=row.id).count()

    assert before == []
    assert [entry.hours for entry in after] == [Decimal("3.00")]
    assert records == 1
    assert left == 0
