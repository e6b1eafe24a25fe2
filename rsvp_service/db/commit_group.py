"""Group commit: concurrent writes to one database share a transaction, each in a savepoint.

Writers queue for SQLite's write lock anyway, and every commit there is an fsync. The writes
that arrive while one transaction runs are made together in the next one, each inside its own
savepoint (a nested Tortoise transaction), so they pay one commit between them. A transaction
takes at most `MAX_BATCH` writes, first come first served, so a crowd is answered batch by
batch as its places are decided rather than all at once at the end. Each write keeps its own
outcome: raising `Undo` rolls back that write alone, and every writer gets its result or its
exception only after the shared transaction committed.

Kept for flash crowds: it answers them several times faster than plain transactions
(bench/results/latest.md, "Flash crowd, issue 20").
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.models import Model
from tortoise.transactions import in_transaction

from rsvp_service.db.failures import DATABASE_FAILURES

Write = Callable[[BaseDBAsyncClient], Awaitable[Any]]
# Writes per transaction: every write of a batch waits for the batch's last one before it hears
# back, and every batch pays a commit (an fsync on SQLite). bench/crowd.py measured 64 ahead of
# 32 and 128 for 2,000 people at once.
MAX_BATCH = 64


class Undo(Exception):
    """Raised inside a write to roll back that write alone; the writer gets it after the commit."""


@dataclass(frozen=True, slots=True)
class _Waiting:
    write: Write
    order: str
    future: asyncio.Future[Any]


async def _write_together(batch: list[_Waiting]) -> list[Any]:
    """Make the writes in one transaction, each in its own savepoint; return each outcome."""
    outcomes: list[Any] = []
    async with in_transaction() as connection:
        for waiting in batch:
            try:
                async with in_transaction():  # nested: a savepoint, rolled back alone
                    outcomes.append(await waiting.write(connection))
            except Undo as undo:
                outcomes.append(undo)
    return outcomes


async def _commit(batch: list[_Waiting]) -> None:
    """Commit the batch and hand each writer its outcome."""
    try:
        outcomes = await _write_together(batch)
    except Exception as exc:
        if len(batch) == 1 or isinstance(exc, DATABASE_FAILURES):
            # Nothing was stored. A database that cannot write (full, read-only, locked past
            # the lock timeout, unreachable) would refuse each write again, one timeout each.
            for waiting in batch:
                if not waiting.future.done():
                    waiting.future.set_exception(exc)
            return
        # One write's own error, or on PostgreSQL a deadlock with another process's batch:
        # nothing was stored, so each write goes again alone.
        for waiting in batch:
            await _commit([waiting])
        return
    for waiting, outcome in zip(batch, outcomes, strict=True):
        if waiting.future.done():  # its writer was cancelled; the write stays committed
            continue
        if isinstance(outcome, Undo):
            waiting.future.set_exception(outcome)
        else:
            waiting.future.set_result(outcome)


class _Group:
    """The writes waiting for one database, committed batch by batch by one leader task."""

    def __init__(self, key: int) -> None:
        self.key = key
        self.waiting: list[_Waiting] = []
        self.leader: asyncio.Task[None] | None = None

    async def _lead(self) -> None:
        try:
            while self.waiting:
                batch, self.waiting = self.waiting[:MAX_BATCH], self.waiting[MAX_BATCH:]
                # In `order` (the RSVP's slot), so two processes' batches lock rows in one order;
                # the sort is stable, so each slot's writes keep their arrival order.
                await _commit(sorted(batch, key=lambda waiting: waiting.order))
        finally:
            # No await between the last look at `waiting` and here: no writer is left behind.
            _groups.pop(self.key, None)


_groups: dict[int, _Group] = {}  # by database client, while writes are waiting


async def write(model: type[Model], write: Write, *, order: str) -> Any:
    """Run `write(connection)` in a transaction shared with concurrent writes to `model`'s
    database; return its result once committed (or raise its exception)."""
    key = id(model._meta.db)
    group = _groups.get(key)
    if group is None:
        group = _groups[key] = _Group(key)
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    group.waiting.append(_Waiting(write, order, future))
    if group.leader is None:
        group.leader = asyncio.create_task(group._lead(), name="commit-group")
    return await future
