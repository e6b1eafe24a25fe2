"""Batching: requests that arrive while one batch is in the database go together in the next.

For writes this is group commit (many RSVPs, one transaction, one commit); for reads, many
count requests share one query. Either way an item joins only a batch that starts after it
was submitted, so a write is committed before its answer, and a read sees every commit made
before it was asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

ItemT = TypeVar("ItemT")
ResultT = TypeVar("ResultT")

# Bounds how long one batch holds the database (and so the latency it adds to the next).
MAX_BATCH = 128


class Batcher(Generic[ItemT, ResultT]):
    """Queue items; one task runs whatever queued while the previous batch was running.

    There is no timer: a lone request runs at once, and under load every batch carries all
    the requests that arrived during the one before. `run_batch` gets the items in arrival
    order and returns one result each; if it raises, every item of the batch gets the
    exception (for writes, `run_batch` must then have committed nothing).
    """

    def __init__(self, run_batch: Callable[[list[ItemT]], Awaitable[list[ResultT]]]) -> None:
        self._run_batch = run_batch
        self._pending: list[tuple[ItemT, asyncio.Future[ResultT]]] = []
        self._task: asyncio.Task[None] | None = None

    async def submit(self, item: ItemT) -> ResultT:
        """Run the item with the next batch and return its result."""
        future: asyncio.Future[ResultT] = asyncio.get_running_loop().create_future()
        self._pending.append((item, future))
        if self._task is None:
            self._task = asyncio.create_task(self._drain(), name="batcher")
        # A request cancelled here (client gone) still has its item run, like any write whose
        # answer was lost on the way; only the answer is dropped.
        return await future

    async def _drain(self) -> None:
        try:
            while self._pending:
                batch = self._pending[:MAX_BATCH]
                del self._pending[:MAX_BATCH]
                try:
                    results = await self._run_batch([item for item, _ in batch])
                except Exception as exc:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for (_, future), result in zip(batch, results, strict=True):
                    if not future.done():
                        future.set_result(result)
        finally:
            self._task = None

    async def close(self) -> None:
        """Wait until everything queued so far has run."""
        if self._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._task)
