"""Consent records: written in the RSVP's own transaction (with the guardian's email), and read
as the state the dashboard, the roster and check-in show."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from tortoise.backends.base.client import BaseDBAsyncClient

from rsvp_service.consent.models import Decision, GuardianConsent
from rsvp_service.consent.tokens import hash_token
from rsvp_service.mail.consent_request import consent_request_mail
from rsvp_service.mail.outbox import enqueue


@dataclass(frozen=True, slots=True)
class ConsentRequest:
    """A minor's RSVP asks this guardian; the seat is held until `expires_at`."""

    guardian_email: str
    expires_at: datetime
    hold_hours: float
    # Signs a consent id for the guardian's address (consent.tokens.sign with the settings).
    sign: Callable[[int, str], str]


async def request_consent(connection: BaseDBAsyncClient, *, rsvp_id: int, slot_id: str,
                          volunteer: str, now: datetime, request: ConsentRequest) -> None:
    """Store the RSVP's consent record and queue the guardian's email, on the RSVP's connection."""
    # The token names the row's id, known only once the row exists: a random stand-in first.
    row = await GuardianConsent.create(
        rsvp_id=rsvp_id, guardian_email=request.guardian_email,
        token_hash=hash_token(secrets.token_urlsafe(32)), requested_at=now,
        expires_at=request.expires_at, using_db=connection)
    token = request.sign(int(row.id), request.guardian_email)
    await GuardianConsent.filter(id=row.id).using_db(connection).update(
        token_hash=hash_token(token))
    await enqueue(consent_request_mail(
        request.guardian_email, consent_id=int(row.id), slot_id=slot_id, volunteer=volunteer,
        hold_hours=request.hold_hours), connection=connection)


ConsentState = Literal["awaiting", "approved", "declined"]


async def consent_states(rsvp_ids: list[int]) -> dict[int, ConsentState]:
    """The consent state of each RSVP that asked for one (the newest request decides)."""
    states: dict[int, ConsentState] = {}
    for record in await GuardianConsent.filter(rsvp_id__in=rsvp_ids).order_by("id"):
        states[record.rsvp_id] = ("awaiting" if record.decision is None else "approved"
                                  if record.decision is Decision.APPROVED else "declined")
    return states
