"""Background passes of the service (guest-data erasure, reminders): one loop, one way to stop."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from rsvp_service.db.failures import DATABASE_FAILURES

log = logging.getLogger(__name__)


class PeriodicTask:
    """Runs `run_pass` at start-up and then every `interval` seconds until stopped.

    A pass that says there is more to do runs again at once. A database outage is a warning and
    any other failure is logged with its traceback: either way the next pass tries again.
    """

    name = "periodic-task"
    what = "run a background pass"

    def __init__(self, interval: float) -> None:
        self._interval = interval
        self._task: asyncio.Task[None] | None = None
        # Passes finished so far, failed ones included: one that began after a change has seen it.
        self.passes = 0

    async def run_pass(self) -> bool:
        """Do one pass; return True when there is more to do at once."""
        raise NotImplementedError

    def start(self) -> None:
        """Start the loop."""
        self._task = asyncio.create_task(self._run(), name=self.name)

    async def stop(self) -> None:
        """Stop the loop."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            more = False
            try:
                more = await self.run_pass()
            except DATABASE_FAILURES:
                log.warning("Could not %s (database unavailable); trying again in %.0f s.",
                            self.what, self._interval)
            except Exception:
                log.exception("Could not %s; trying again in %.0f s.", self.what, self._interval)
            self.passes += 1
            if not more:
                await asyncio.sleep(self._interval)
