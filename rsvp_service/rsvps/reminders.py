"""Reminder emails before each slot, queued exactly once per RSVP however many processes run.

Every service process runs a `ReminderScheduler`. A pass picks, from the event catalogue, the
slots starting within REMINDER_HOURS of the clock, then, from the database, their confirmed
RSVPs not yet reminded whose seat was taken at least REMINDER_HOURS before the slot (a later
one has just had its confirmation or "you're in" email, with the same time, place and links).
Each RSVP is claimed with a conditional UPDATE (`reminder_queued_at IS NULL AND status =
'confirmed'`) in the transaction that issues its cancel token and queues its email: of two
processes racing for it, the second finds the column set (PostgreSQL re-checks the condition
once the first commits; SQLite runs one writer at a time), and a restart finds it set too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from tortoise.transactions import in_transaction

from rsvp_service import clock
from rsvp_service.events import Catalogue, Slot
from rsvp_service.jobs.periodic import PeriodicTask
from rsvp_service.mail import rsvp_notices
from rsvp_service.mail.outbox import enqueue
from rsvp_service.rsvps.models import Rsvp, RsvpStatus
from rsvp_service.rsvps.store import issue_cancel_token
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)

# RSVPs looked at per pass; a full pass is followed by another one at once.
BATCH = 100


@dataclass(frozen=True, slots=True)
class ReminderPass:
    """What one pass did: reminders queued, and whether it stopped at the batch bound."""

    queued: int
    full: bool


def due_slots(catalogue: Catalogue, now: datetime, lead: timedelta) -> list[Slot]:
    """Return the slots whose reminders are due: starting within `lead` of `now`, not started."""
    return [slot for slot in catalogue.slots.values() if slot.start - lead <= now < slot.start]


async def _remind(rsvp_id: int, slot_id: str, now: datetime) -> bool:
    """Queue one RSVP's reminder unless another pass did, or it is no longer confirmed."""
    async with in_transaction() as connection:
        claimed = await Rsvp.filter(
            id=rsvp_id, reminder_queued_at=None, status=RsvpStatus.CONFIRMED
        ).using_db(connection).update(reminder_queued_at=now)
        if not claimed:
            return False
        row = await Rsvp.get(id=rsvp_id, using_db=connection)
        token = await issue_cancel_token(connection, rsvp_id)
        await enqueue(rsvp_notices.notice_mail(
            rsvp_notices.REMINDER, slot_id, email=row.email, first_name=row.first_name,
            last_name=row.last_name, cancel_token=token, user_id=row.user_id,
            language=row.language), connection=connection)
    return True


async def queue_due_reminders(
    catalogue: Catalogue, now: datetime, lead: timedelta, batch: int = BATCH
) -> ReminderPass:
    """Queue the reminders due at `now`, looking at no more than `batch` RSVPs."""
    queued = seen = 0
    for slot in due_slots(catalogue, now, lead):
        rows = await Rsvp.filter(
            slot_id=slot.id,
            status=RsvpStatus.CONFIRMED,
            reminder_queued_at=None,
            # In UTC: Tortoise hands SQLite a filter's datetime as text in its own offset, and
            # stored times are UTC text, so any other offset would compare wrongly.
            confirmed_at__lte=(slot.start - lead).astimezone(UTC),
        ).order_by("id").limit(batch - seen).values("id")
        for row in rows:
            queued += await _remind(int(row["id"]), slot.id, now)
        seen += len(rows)
        if seen >= batch:
            return ReminderPass(queued, full=True)
    return ReminderPass(queued, full=False)


class ReminderScheduler(PeriodicTask):
    """Runs `queue_due_reminders` at start-up, then every REMINDER_POLL_SECONDS until stopped."""

    name = "reminder-scheduler"
    what = "queue reminders"

    def __init__(
        self,
        settings: Settings,
        catalogue: Callable[[], Catalogue],
        wake_sender: Callable[[], None],
    ) -> None:
        super().__init__(settings.reminder_poll_seconds)
        self._settings = settings
        self._catalogue = catalogue
        self._wake_sender = wake_sender
        self._lead = timedelta(hours=settings.reminder_hours)

    async def run_once(self) -> ReminderPass:
        """Queue what is due now and wake the mail sender if anything was."""
        done = await queue_due_reminders(
            self._catalogue(), clock.now(self._settings), self._lead
        )
        if done.queued:
            log.info("Queued %d reminder email(s).", done.queued)
            self._wake_sender()
        return done

    async def run_pass(self) -> bool:
        """One pass; a full batch means more are due at once."""
        return (await self.run_once()).full
