"""Hours-record PDFs made in a small pool of processes, so making one never holds the event loop.

fpdf2 and segno are pure Python: in a thread they would still take the loop's share of the GIL
(PDFs made at once held /api/health), so the pool is of processes, PDF_WORKERS of them,
started on the first PDF. fpdf2 is imported in those processes only, never in the web process.
Each one exits when the web process that started it is gone, even after a `kill -9`.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor

from rsvp_service.i18n import speaking
from rsvp_service.impact.bodies import PublicRecord
from rsvp_service.process.lifeline import wait_parent_gone
from rsvp_service.process.metrics import HOURS_PDFS_BUILT


def _watch_parent(parent_pid: int) -> None:
    """Pool initializer: leave as soon as the web process that started this one is gone."""

    def watch() -> None:
        # A pool process waits on a pipe it also holds, so a parent's death alone wakes nothing.
        wait_parent_gone(parent_pid)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _make(record: PublicRecord, url: str, language: str) -> bytes:
    from rsvp_service.impact.pdf import record_pdf

    # A context variable does not cross into the pool's process: the language comes as an argument.
    with speaking(language):
        return record_pdf(record, url)


class PdfBuilder:
    """A bounded pool of processes that make record PDFs; requests beyond it wait their turn."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def build(self, record: PublicRecord, url: str, language: str = "en") -> bytes:
        """Make a record's PDF, in `language`, in the pool while the loop goes on answering."""
        if self._pool is None:
            # spawn: a forked copy of a process running an event loop and threads is unsafe.
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_watch_parent, initargs=(os.getpid(),))
        pdf = await asyncio.get_running_loop().run_in_executor(self._pool, _make, record, url,
                                                                 language)
        HOURS_PDFS_BUILT.inc()
        return pdf

    async def close(self) -> None:
        """Stop the pool's processes (after the PDF each one is making, if any)."""
        if self._pool is not None:
            await asyncio.to_thread(self._pool.shutdown, wait=True, cancel_futures=True)
            self._pool = None
