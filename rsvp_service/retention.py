"""Privacy by default: guests' names and phone numbers are erased a set time after their slot."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from rsvp_service import clock
from rsvp_service.errors import DATABASE_FAILURES
from rsvp_service.events import Catalogue
from rsvp_service.models import Rsvp
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)

# Slot ids per UPDATE: well under SQLite's limit on bound parameters.
CHUNK = 500
EVERY = timedelta(hours=1)


async def erase_guest_details(catalogue: Catalogue, now: datetime, days: int) -> int:
    """Blank the names and phone of guest RSVPs whose slot ended `days` ago; return how many.

    The rows stay (with the address, which a later account may claim), and counts come from the
    slots' counter rows, so every count stays right.
    """
    cutoff = now - timedelta(days=days)
    ended = sorted(slot.id for slot in catalogue.slots.values() if slot.end <= cutoff)
    erased = 0
    for start in range(0, len(ended), CHUNK):
        erased += await (
            Rsvp.filter(event_id__in=ended[start : start + CHUNK], user_id=None)
            .exclude(first_name="", last_name="", phone=None)
            .update(first_name="", last_name="", phone=None)
        )
    return erased


class GuestDataEraser:
    """Runs `erase_guest_details` at start-up and then every hour, until stopped."""

    def __init__(self, settings: Settings, catalogue: Callable[[], Catalogue]) -> None:
        self._settings = settings
        self._catalogue = catalogue
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the periodic task."""
        self._task = asyncio.create_task(self._run(), name="guest-data-eraser")

    async def stop(self) -> None:
        """Stop the periodic task."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            try:
                erased = await erase_guest_details(
                    self._catalogue(), clock.now(self._settings), self._settings.guest_data_days
                )
                if erased:
                    log.info("Erased the names and phone numbers of %d past guest RSVPs.", erased)
            except DATABASE_FAILURES:
                log.warning("Could not erase past guests' details (database unavailable); "
                            "trying again in an hour.")
            await asyncio.sleep(EVERY.total_seconds())
