"""The service's background work: mail, reminders, digests, consent holds, guest-data erasure.

It runs inside the web process (`BACKGROUND_TASKS=in-process`, the default) or in a process
of its own (`separate`: `python -m rsvp_service worker`, which `serve` starts beside the web
workers). Building an email takes several milliseconds of CPU (its QR code, calendar file and
MIME parts); in its own process that work no longer competes with answering requests for the
web process's one core, and several web workers share one sender.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable

from rsvp_service.consent.release import ConsentReleaser
from rsvp_service.db.connection import close_database, open_database
from rsvp_service.events import Catalogue, load_catalogue, reload_catalogue
from rsvp_service.follows.digest import DigestScheduler
from rsvp_service.mail.outbox import OutboxSender
from rsvp_service.mail.transports import make_transport
from rsvp_service.outside_hours.passes import OutsideHoursPass
from rsvp_service.privacy.retention import GuestDataEraser
from rsvp_service.process.lifeline import parent_gone
from rsvp_service.rsvps.reminders import ReminderScheduler
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)


class Background:
    """The mail sender and the periodic passes, started and stopped together."""

    def __init__(self, settings: Settings, catalogue: Callable[[], Catalogue]) -> None:
        self.sender = OutboxSender(settings, make_transport(settings), catalogue)
        self.reminders = ReminderScheduler(settings, catalogue, self.sender.wake)
        self.eraser = GuestDataEraser(settings, catalogue)
        self.digests = DigestScheduler(settings, catalogue, self.sender.wake)
        self.consents = ConsentReleaser(settings, catalogue, self.sender.wake)
        self.outside_hours = OutsideHoursPass(settings, catalogue, self.sender.wake)

    def start(self) -> None:
        """Start the sender and the periodic passes in the running event loop."""
        self.sender.start()
        self.eraser.start()
        self.reminders.start()
        self.digests.start()
        self.consents.start()
        self.outside_hours.start()

    async def stop(self) -> None:
        """Stop the passes, then let the sender finish the message in hand."""
        await self.outside_hours.stop()
        await self.consents.stop()
        await self.digests.stop()
        await self.reminders.stop()
        await self.eraser.stop()
        await self.sender.stop()


async def run_worker(settings: Settings, *, parent_pid: int | None = None) -> None:
    """Run the background work here until SIGTERM, SIGINT or the exit of `parent_pid`.

    SIGHUP reloads the events file.
    """
    catalogue = load_catalogue(settings.events_file)
    database = await open_database(settings)
    background = Background(settings, lambda: catalogue)
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def reload() -> None:
        nonlocal catalogue
        catalogue = reload_catalogue(settings.events_file, catalogue)

    loop.add_signal_handler(signal.SIGTERM, stopping.set)
    loop.add_signal_handler(signal.SIGINT, stopping.set)
    loop.add_signal_handler(signal.SIGHUP, reload)
    background.start()
    log.info("Background worker started: mail, reminders, weekly digests and guest-data erasure.")
    watch = None
    if parent_pid is not None:
        watch = asyncio.create_task(parent_gone(parent_pid), name="parent-watch")
        watch.add_done_callback(lambda _: stopping.set())
    try:
        await stopping.wait()
    finally:
        if watch is not None:
            watch.cancel()
        for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            with contextlib.suppress(ValueError):
                loop.remove_signal_handler(number)
        await background.stop()
        await close_database(database)
        log.info("Background worker stopped.")
