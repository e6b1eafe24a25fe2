"""Typed mail payloads: a payload is checked when its email is queued, and rows queued by the
previous version (which stored each kind's data as a plain mapping) still send."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from mail_testkit import Mailbox
from pydantic import ValidationError
from service_testkit import GUEST_SLOT, TINY_SLOT
from starlette.applications import Starlette
from tortoise.transactions import in_transaction

from rsvp_service.mail import follow_notices, rsvp_notices
from rsvp_service.mail.message import Mail
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.mail.outbox import enqueue

EVENT = {"slug": "tiny-workshop", "title": "Tiny Workshop", "host": "KEEN St. Louis",
         "date_text": "May 1, 2025", "time_text": "6:00-7:00 PM", "location": "Forest Park",
         "path": "/events/tiny-workshop"}
# Payloads exactly as the previous version stored them (`payload=dict(mail.data)`), from rows
# of its own earlier releases: a confirmation from before check-in codes and cancel links, a
# waitlist notice from before `seated`, an organizer's message from before replies had an
# address and the organization's slug was kept, and a consent request.
OLD_ROWS: list[tuple[str, dict[str, Any]]] = [
    ("rsvp_confirmation", {"slot_id": GUEST_SLOT, "first_name": "Ann", "last_name": "Lee"}),
    ("rsvp_waitlisted", {"slot_id": GUEST_SLOT, "first_name": "Bo", "last_name": "Ng",
                         "cancel_token": "t0k", "position": 2, "checkin_code": None}),
    ("rsvp_cancelled", {"slot_id": GUEST_SLOT, "first_name": "Cy", "last_name": "Ode",
                        "cancel_token": None, "position": None, "checkin_code": None}),
    ("organizer_message", {"organization": "KEEN St. Louis", "subject": "Parking",
                           "body": "Park in the north lot.", "title": "Tiny Workshop",
                           "date_text": "May 1, 2025", "time": "6:00-7:00 PM", "name": "Di"}),
    ("consent_request", {"consent_id": 3, "slot_id": TINY_SLOT, "volunteer": "Sam Lee",
                         "hold_hours": 48}),
    ("follow_digest", {"follower_id": 5, "week": "2025-W15", "events": [EVENT]}),
]


async def test_rows_queued_by_the_previous_version_still_send(
    app: Starlette, mailbox: Mailbox
) -> None:
    async with in_transaction() as connection:
        for kind, payload in OLD_ROWS:
            await OutboxMessage.create(kind=kind, recipient="ann@example.org", payload=payload,
                                       next_attempt_at=datetime.now(UTC), using_db=connection)
    app.state.outbox.wake()

    received = await mailbox.wait_for(len(OLD_ROWS))

    subjects = sorted(str(message["Subject"]).split(":")[0] for message in received)
    assert subjects == [
        "1 upcoming event from what you follow on CivicSTL", "Guardian consent asked",
        "KEEN St. Louis", "You're on the waitlist", "Your RSVP", "Your spot is cancelled"]
    assert not await OutboxMessage.filter(dead_at__isnull=False).exists()


async def test_a_payload_is_checked_when_its_email_is_queued(app: Starlette) -> None:
    # A field missing or one no kind reads is refused by the enqueuing code, before any row.
    with pytest.raises(ValidationError, match="path"):
        follow_notices.digest_mail("ann@example.org", follower_id=5, week="2025-W15",
                                   events=[{**EVENT, "path": None}], language="en")
    with pytest.raises(ValidationError, match="venue"):
        follow_notices.digest_mail("ann@example.org", follower_id=5, week="2025-W15",
                                   events=[{**EVENT, "venue": "the park"}], language="en")
    # Another kind's payload is refused by the outbox.
    wrong = Mail(rsvp_notices.CONFIRMATION, "ann@example.org",
                 follow_notices.FollowsToConfirm(follower_id=5, labels=["KEEN St. Louis"]))
    async with in_transaction() as connection:
        with pytest.raises(TypeError, match="FollowsToConfirm, not the Confirmation"):
            await enqueue(wrong, connection=connection)
    assert not await OutboxMessage.all().exists()


def test_a_payload_reads_back_as_it_was_queued() -> None:
    mail = rsvp_notices.notice_mail(rsvp_notices.WAITLISTED, GUEST_SLOT, email="ann@example.org",
                                    first_name="Ann", last_name="Lee", position=2,
                                    language="en")

    stored = mail.payload.model_dump(mode="json")

    assert stored == {"slot_id": GUEST_SLOT, "first_name": "Ann", "last_name": "Lee",
                      "cancel_token": None, "checkin_code": None, "position": 2, "seated": True}
    assert rsvp_notices.Notice.stored(stored) == mail.payload
