"""Releasing held seats: a declined consent, or one not approved before its hold expired.

A release cancels the RSVP through the RSVP store's one cancel path (`cancel_rsvp`), so the
waitlist is promoted by the same code as for any cancellation, and the volunteer is told why.
The cancel comes first and `released_at` after: a cancel is idempotent (a second one finds the
RSVP cancelled and sends nothing), so a crash in between only means the next pass marks it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from tortoise.expressions import Q

from rsvp_service import clock
from rsvp_service.consent.models import Decision, GuardianConsent
from rsvp_service.events import Catalogue
from rsvp_service.jobs.periodic import PeriodicTask
from rsvp_service.mail import rsvp_notices
from rsvp_service.rsvps.store import cancel_rsvp
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)

EVERY = timedelta(minutes=5)
BATCH = 200


async def release(catalogue: Catalogue, record: GuardianConsent, now: datetime) -> bool:
    """Cancel the held RSVP of a declined or expired consent; False when another did it first.

    The record comes with its RSVP (`select_related("rsvp")`), so a batch costs no query each.
    """
    notice = (rsvp_notices.CONSENT_DECLINED if record.decision is Decision.DECLINED
              else rsvp_notices.CONSENT_EXPIRED)
    rsvp = await record.rsvp
    slot = catalogue.slots.get(rsvp.slot_id)
    await cancel_rsvp(rsvp.id, capacity=slot.capacity if slot else None, now=now, notice=notice)
    marked = await GuardianConsent.filter(id=record.id, released_at__isnull=True).update(
        released_at=now)
    return bool(marked)


async def release_due(catalogue: Catalogue, now: datetime) -> int:
    """Release every declined consent and every undecided one past its hold; return how many."""
    # In UTC, as stored: SQLite compares the stored text.
    now = now.astimezone(UTC)
    due = await GuardianConsent.filter(
        Q(decision=Decision.DECLINED) | Q(decision__isnull=True, expires_at__lte=now),
        released_at__isnull=True,
    ).select_related("rsvp").order_by("expires_at", "id").limit(BATCH)
    released = 0
    for record in due:
        released += await release(catalogue, record, now)
    return released


class ConsentReleaser(PeriodicTask):
    """Runs `release_due` at start-up and then every five minutes, until stopped."""

    name = "consent-releaser"
    what = "release seats held for guardian consent"

    def __init__(self, settings: Settings, catalogue: Callable[[], Catalogue],
                 wake: Callable[[], None]) -> None:
        super().__init__(EVERY.total_seconds())
        self._settings = settings
        self._catalogue = catalogue
        self._wake = wake

    async def run_pass(self) -> bool:
        """Release what is due now; run again at once when a full batch was released."""
        released = await release_due(self._catalogue(), clock.now(self._settings))
        if released:
            log.info("Released %d seats held for a guardian's consent.", released)
            self._wake()
        return released >= BATCH
