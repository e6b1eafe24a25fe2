"""Consent records: written in the RSVP's own transaction (with the guardian's email), and read
as the state the dashboard, the roster and check-in show."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from tortoise.backends.base.client import BaseDBAsyncClient

from rsvp_service.consent.bodies import ConsentState
from rsvp_service.consent.models import Decision, GuardianConsent
from rsvp_service.i18n import current
from rsvp_service.mail.consent_request import consent_request_mail
from rsvp_service.mail.outbox import enqueue


@dataclass(frozen=True, slots=True)
class ConsentRequest:
    """A minor's RSVP asks this guardian; the seat is held until `expires_at`."""

    guardian_email: str
    expires_at: datetime
    hold_hours: float


async def request_consent(connection: BaseDBAsyncClient, *, rsvp_id: int, slot_id: str,
                          volunteer: str, now: datetime, request: ConsentRequest) -> None:
    """Store the RSVP's consent record and queue the guardian's email, on the RSVP's connection."""
    # The link's token is signed when the email is built: it names this row and its address.
    row = await GuardianConsent.create(
        rsvp_id=rsvp_id, guardian_email=request.guardian_email, requested_at=now,
        expires_at=request.expires_at, language=current(), using_db=connection)
    await enqueue(consent_request_mail(
        request.guardian_email, consent_id=int(row.id), slot_id=slot_id, volunteer=volunteer,
        hold_hours=request.hold_hours, language=row.language), connection=connection)


async def approved_before(guardian_email: str, user_id: int) -> bool:
    """Whether this guardian has approved an RSVP of this account before."""
    return await GuardianConsent.filter(guardian_email=guardian_email, rsvp__user_id=user_id,
                                        decision=Decision.APPROVED).exists()


def state_of(record: GuardianConsent) -> ConsentState:
    """Where one consent record stands: awaiting until the guardian decides."""
    if record.decision is None:
        return "awaiting"
    return "approved" if record.decision is Decision.APPROVED else "declined"


async def consent_states(rsvp_ids: list[int]) -> dict[int, ConsentState]:
    """The consent state of each RSVP that asked for one (the newest request decides)."""
    records = await GuardianConsent.filter(rsvp_id__in=rsvp_ids).order_by("id")
    return {record.rsvp_id: state_of(record) for record in records}
