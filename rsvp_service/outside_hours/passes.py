"""The periodic pass of requests waiting on a supervisor: one reminder 3 days after the email,
and expiry after 14 days (the supervisor's address is then forgotten)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from tortoise.expressions import Subquery
from tortoise.transactions import in_transaction

from rsvp_service import clock
from rsvp_service.events import Catalogue
from rsvp_service.jobs.periodic import PeriodicTask
from rsvp_service.outside_hours import service
from rsvp_service.outside_hours.asking import ask, forget_mail
from rsvp_service.outside_hours.models import Answer, BlockedSupervisor, OutsideHoursRequest
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)

EVERY = 15 * 60.0
BATCH = 200


async def remind_due(zone: ZoneInfo, now: datetime) -> int:
    """Queue the one reminder of each request unanswered 3 days after it was sent."""
    now = now.astimezone(UTC)  # as stored: SQLite compares the text
    blocked = BlockedSupervisor.filter().values("key")
    due = await OutsideHoursRequest.filter(
        **service.pending(now), reminded_at__isnull=True,
        created_at__lte=now - service.REMIND_AFTER).exclude(
        supervisor_key__in=Subquery(blocked)).select_related("user").limit(BATCH)
    reminded = 0
    for row in due:
        async with in_transaction() as connection:
            # Conditional, so two workers remind once.
            marked = await OutsideHoursRequest.filter(
                id=row.id, reminded_at__isnull=True, answer__isnull=True).using_db(
                connection).update(reminded_at=now)
            if marked:
                await ask(row, row.user.name, zone, connection=connection, reminder=True)
                reminded += 1
    return reminded


async def expire_due(now: datetime) -> int:
    """Close each request unanswered 14 days after it was sent, forgetting its address."""
    now = now.astimezone(UTC)
    due = await OutsideHoursRequest.filter(
        answer__isnull=True, created_at__lte=now - service.EXPIRES_AFTER).limit(BATCH)
    expired = 0
    for row in due:
        async with in_transaction() as connection:
            closed = await OutsideHoursRequest.filter(id=row.id, answer__isnull=True).using_db(
                connection).update(answer=Answer.EXPIRED, answered_at=now,
                                   **service.FORGET_ADDRESS)
            if closed:
                await forget_mail(row, connection=connection)
                expired += closed
    return expired


class OutsideHoursPass(PeriodicTask):
    """Runs the reminders and the expiry at start-up and then every 15 minutes, until stopped."""

    name = "outside-hours"
    what = "remind supervisors and expire hours requests"

    def __init__(self, settings: Settings, catalogue: Callable[[], Catalogue],
                 wake: Callable[[], None]) -> None:
        super().__init__(EVERY)
        self._settings = settings
        self._catalogue = catalogue
        self._wake = wake

    async def run_pass(self) -> bool:
        """Remind and expire what is due now; run again at once after a full batch."""
        now = clock.now(self._settings)
        reminded = await remind_due(ZoneInfo(self._catalogue().timezone), now)
        expired = await expire_due(now)
        if reminded:
            log.info("Reminded %d supervisors of an hours request.", reminded)
            self._wake()
        if expired:
            log.info("Expired %d hours requests no supervisor answered.", expired)
        return reminded >= BATCH or expired >= BATCH
