"""The SQLite RSVP store: group commit in a writer thread, counts read on the event loop.

Through Tortoise, an RSVP is five statements on aiosqlite's single connection, each a hop to
its thread and back, and one commit each; SQLite takes one writer at a time, so requests
queue behind each other's hops. Here concurrent RSVPs are written by one function call in a
thread of our own, each inside a savepoint (so a duplicate or a full slot undoes only its own
rows), and committed together. A count is one primary-key read of the counter rows: a few
microseconds, cheaper done in place than handed to a thread, and never stale, because in
WAL mode a read sees every commit made before it, by any connection or process.

Folding the WAL back into the database file (a checkpoint) syncs both files; SQLite does it
inside whichever commit crosses its threshold, which stalled every RSVP of that batch by up
to tens of milliseconds. The writer therefore never checkpoints: a third connection does, in
a thread of its own, after every CHECKPOINT_ROWS RSVPs, in PASSIVE mode, which blocks
neither the writer nor readers.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from rsvp_service.rsvp_store.batching import Batcher
from rsvp_service.rsvp_store.records import NewRsvp, Outcome

log = logging.getLogger(__name__)

CHECKPOINT_ROWS = 1000
INSERT_RSVP = (
    "INSERT INTO rsvp (event_id, event, email, first_name, last_name, phone, user_id, "
    "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
# The WHERE makes the capacity check and the increment one step; no row back means full.
INCREMENT = (
    "INSERT INTO rsvp_slot_count (slot_id, count) VALUES (?, 1) ON CONFLICT (slot_id) "
    "DO UPDATE SET count = rsvp_slot_count.count + 1 "
    "WHERE ? IS NULL OR rsvp_slot_count.count < ? RETURNING count"
)
INSERT_MAIL = (
    "INSERT INTO mail_outbox (created_at, recipient, subject, kind, payload, attempts, "
    "next_attempt_at) VALUES (?, ?, ?, ?, ?, 0, ?)"
)


def _connect(path: str, pragmas: dict[str, Any]) -> sqlite3.Connection:
    # Autocommit mode: transactions are begun and ended explicitly below.
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    # The same settings as Tortoise's connection (URL parameters included).
    for name, value in {**pragmas, "foreign_keys": "ON"}.items():
        connection.execute(f"PRAGMA {name}={value}")
    return connection


def _stamp(rsvp: NewRsvp) -> str:
    # How Tortoise's SQLite backend stores datetimes; the outbox compares them as text.
    return rsvp.created_at.isoformat(" ")


def _write_one(db: sqlite3.Connection, rsvp: NewRsvp) -> Outcome:
    db.execute("SAVEPOINT rsvp")
    try:
        db.execute(INSERT_RSVP, (rsvp.slot_id, rsvp.event, rsvp.email, rsvp.first_name,
                                 rsvp.last_name, rsvp.phone, rsvp.user_id, _stamp(rsvp)))
    except sqlite3.IntegrityError:
        db.execute("RELEASE rsvp")
        return Outcome.DUPLICATE
    if db.execute(INCREMENT, (rsvp.slot_id, rsvp.capacity, rsvp.capacity)).fetchone() is None:
        db.execute("ROLLBACK TO rsvp")
        db.execute("RELEASE rsvp")
        return Outcome.FULL
    mail = rsvp.mail
    db.execute(INSERT_MAIL, (_stamp(rsvp), mail.recipient, mail.subject, mail.kind,
                             mail.payload_json, _stamp(rsvp)))
    db.execute("RELEASE rsvp")
    return Outcome.CREATED


class SqliteRsvpStore:
    """RSVP writes and counts on two SQLite connections of their own."""

    def __init__(self, path: str, pragmas: dict[str, Any]) -> None:
        if path == ":memory:":
            raise ValueError("The RSVP store needs a SQLite file, not an in-memory database.")
        self._reader = _connect(path, pragmas)
        self._writer = _connect(path, pragmas)
        self._writer.execute("PRAGMA wal_autocheckpoint=0")
        self._checkpointer = _connect(path, pragmas)
        # One thread each: a connection is only ever used from its own thread.
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rsvp-writer")
        self._checkpoint_thread = ThreadPoolExecutor(1, thread_name_prefix="rsvp-checkpoint")
        self._checkpoint: Future[None] | None = None
        self._since_checkpoint = 0
        self._commits: Batcher[NewRsvp, Outcome] = Batcher(self._write_batch)

    async def add(self, rsvp: NewRsvp) -> Outcome:
        """Store the RSVP with the next group commit; return once that is committed."""
        return await self._commits.submit(rsvp)

    async def count(self, slot_ids: list[str]) -> int:
        """Sum the slots' counter rows (read in place: a primary-key lookup)."""
        marks = ", ".join("?" * len(slot_ids))
        sql = f"SELECT sum(count) FROM rsvp_slot_count WHERE slot_id IN ({marks})"  # noqa: S608
        (total,) = self._reader.execute(sql, slot_ids).fetchone()
        return int(total or 0)

    async def _write_batch(self, batch: list[NewRsvp]) -> list[Outcome]:
        loop = asyncio.get_running_loop()
        outcomes = await loop.run_in_executor(self._thread, self._write_batch_now, batch)
        self._since_checkpoint += len(batch)
        if self._since_checkpoint >= CHECKPOINT_ROWS and (
            self._checkpoint is None or self._checkpoint.done()
        ):
            self._since_checkpoint = 0
            self._checkpoint = self._checkpoint_thread.submit(self._checkpoint_now)
        return outcomes

    def _checkpoint_now(self) -> None:
        try:
            self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error:
            # The next one catches up; meanwhile the WAL only grows.
            log.exception("Checkpointing the SQLite WAL failed.")

    def _write_batch_now(self, batch: list[NewRsvp]) -> list[Outcome]:
        db = self._writer
        # IMMEDIATE takes the write lock up front (waiting up to busy_timeout for another
        # process), so the batch cannot fail half-way on a lock.
        db.execute("BEGIN IMMEDIATE")
        try:
            outcomes = [_write_one(db, rsvp) for rsvp in batch]
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return outcomes

    async def close(self) -> None:
        """Finish queued writes, stop both threads and close the connections."""
        await self._commits.close()
        self._thread.shutdown(wait=True)
        self._checkpoint_thread.shutdown(wait=True)
        self._reader.close()
        self._writer.close()
        self._checkpointer.close()
