"""Migration 0011 adds the consent table beside the RSVPs made before it: they ask for no
consent (null on the dashboard), and a consent record of an old RSVP goes with the RSVP."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from migration_testkit import old_schema
from service_testkit import CIVIC_NOW_OPEN, TINY_SLOT

from rsvp_service.consent.models import GuardianConsent
from rsvp_service.consent.records import consent_states
from rsvp_service.rsvps.models import Rsvp

COLUMNS = ("slot_id", "event", "email", "active_email", "first_name", "last_name", "created_at",
           "status", "checkin_code", "party_size")


async def test_old_rsvps_ask_for_no_consent_and_a_new_record_follows_its_rsvp(
    empty_url: str,
) -> None:
    made = datetime.fromisoformat(CIVIC_NOW_OPEN).astimezone(UTC)
    async with old_schema(empty_url, "0010_rsvp_party") as old:
        await old.insert("rsvp", COLUMNS, [
            (TINY_SLOT, "tiny-workshop", f"{name}@example.org", f"{name}@example.org", name,
             "Lee", old.stamp(made), "confirmed", code, 1)
            for name, code in (("ann", "ABCD2345"), ("bo", "ABCD2346"))])
        await old.migrate_rest()

        ann, bo = await Rsvp.all().order_by("id")
        before = await consent_states([ann.id, bo.id])
        await GuardianConsent.create(rsvp_id=bo.id, guardian_email="parent@example.net",
                                     requested_at=made,
                                     expires_at=made + timedelta(hours=48))
        after = await consent_states([ann.id, bo.id])
        await bo.delete()
        left = await GuardianConsent.all().count()

    assert before == {}
    assert after == {bo.id: "awaiting"}
    assert left == 0
