"""Privacy by default: guests' names and phone numbers, and their guardians' consent records, are
erased a set time after their slot, and guests' follows never confirmed are deleted as long after
they were asked for."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from tortoise.expressions import Q

from rsvp_service import clock
from rsvp_service.consent.models import GuardianConsent
from rsvp_service.events import Catalogue
from rsvp_service.follows.store import erase_unconfirmed
from rsvp_service.jobs.periodic import PeriodicTask
from rsvp_service.rsvps.models import Rsvp
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
            Rsvp.filter(slot_id__in=ended[start : start + CHUNK], user_id=None)
            # One Q: exclude() with several arguments leaves out a row where any one matches.
            .exclude(Q(first_name="", last_name="", phone=None, guest_names__isnull=True))
            .update(first_name="", last_name="", phone=None, guest_names=None)
        )
        # The share's keyed hashes of network and mailbox serve while the slot is open only.
        await Rsvp.filter(slot_id__in=ended[start : start + CHUNK],
                          client_key__isnull=False).update(client_key=None, mailbox_key=None)
        # A guest minor's consent record (the guardian's address) goes on the same schedule.
        await GuardianConsent.filter(
            rsvp__slot_id__in=ended[start : start + CHUNK], rsvp__user_id=None).delete()
    return erased


class GuestDataEraser(PeriodicTask):
    """Runs `erase_guest_details` at start-up and then every hour, until stopped."""

    name = "guest-data-eraser"
    what = "erase past guests' details"

    def __init__(self, settings: Settings, catalogue: Callable[[], Catalogue]) -> None:
        super().__init__(EVERY.total_seconds())
        self._settings = settings
        self._catalogue = catalogue

    async def run_pass(self) -> bool:
        """Erase what is due now; never more to do at once."""
        erased = await erase_guest_details(
            self._catalogue(), clock.now(self._settings), self._settings.guest_data_days
        )
        if erased:
            log.info("Erased the names and phone numbers of %d past guest RSVPs.", erased)
        follows = await erase_unconfirmed(clock.now(self._settings), self._settings.guest_data_days)
        if follows:
            log.info("Deleted %d follows never confirmed by their address.", follows)
        return False
