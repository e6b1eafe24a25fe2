"""Migration 0022 on a database with rows of every kind that now keeps a language: each gets
"en" (they were all made in English), and an existing RSVP's later email is English."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from mail_testkit import read_raw
from migration_testkit import old_schema
from service_testkit import CIVIC_NOW_OPEN, GUEST_SLOT, TEST_SECRET_KEY

from rsvp_service.accounts.models import User
from rsvp_service.consent.models import GuardianConsent
from rsvp_service.events import load_catalogue
from rsvp_service.follows.models import Follower
from rsvp_service.mail.kinds import BUILDERS
from rsvp_service.mail.message import MailContext, QueuedMail, build_email
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.outside_hours.models import OutsideHoursRequest
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.rsvps.reminders import queue_due_reminders
from rsvp_service.settings import Settings


async def test_existing_rows_are_english_and_so_is_their_later_mail(
    empty_url: str, events_file: Path
) -> None:
    made = datetime.fromisoformat(CIVIC_NOW_OPEN).astimezone(UTC)
    async with old_schema(empty_url, "0021_user_age_bracket") as old:
        stamp = old.stamp(made)
        await old.insert("users", ("name", "email", "is_verified", "role", "created_at"),
                         [("Zoë Ångström", "zoe@example.org", True, "volunteer", stamp)])
        await old.insert("rsvp", ("slot_id", "event", "email", "active_email", "first_name",
                                  "last_name", "created_at", "confirmed_at", "status", "party_size",
                                  "user_id"),
                         [(GUEST_SLOT, "forest-park-cleanup", "zoe@example.org",
                           "zoe@example.org", "Zoë", "Ångström", stamp, stamp, "confirmed", 1,
                           1)])
        await old.insert("followers", ("email", "user_id", "created_at"),
                         [("zoe@example.org", 1, stamp)])
        await old.insert("guardian_consent", ("rsvp_id", "guardian_email", "requested_at",
                                              "expires_at"),
                         [(1, "mom@example.org", stamp, old.stamp(made + timedelta(days=1)))])
        await old.insert("outside_hours_request", (
            "user_id", "organization", "date", "starts_at", "ends_at", "hours", "description",
            "service_type", "supervisor_name", "honesty_accepted_at", "not_relative",
            "created_at"),
            [(1, "Northside Food Pantry", date(2025, 3, 1) if old.postgres else "2025-03-01",
              stamp, stamp, Decimal(3) if old.postgres else "3.00", "Sorted cans.", "hunger",
              "Ray Diaz", stamp, True, stamp)])
        await old.migrate_rest()

        languages = [await model.all().values_list("language", flat=True) for model in
                     (User, Rsvp, Follower, GuardianConsent, OutsideHoursRequest)]
        catalogue = load_catalogue(events_file)
        due = catalogue.slots[GUEST_SLOT].start - timedelta(hours=1)
        await queue_due_reminders(catalogue, due, timedelta(hours=24))
        row = await OutboxMessage.get(recipient="zoe@example.org")

    assert languages == [["en"]] * 5
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, environment="test", secret_key=TEST_SECRET_KEY,
        events_file=events_file, site_url="https://civicstl.example")
    queued = QueuedMail(row.id, row.kind, row.recipient, row.payload, row.created_at)
    built = build_email(MailContext(settings, catalogue), queued, BUILDERS[row.kind])
    headers, _ = read_raw(built.as_bytes())
    assert headers["Content-Language"] == "en"
    assert headers["Subject"].startswith("Reminder: Forest Park Cleanup")
