"""The PostgreSQL RSVP store: one statement per RSVP on an asyncpg pool of its own.

Through Tortoise an RSVP is BEGIN, three inserts and COMMIT: five round trips, with the slot's
counter row locked from the increment until the commit. Here the three inserts are one
statement in autocommit (data-modifying CTEs run in one transaction): one round trip, and the
counter row is held only for that statement's commit. Counts asked for at the same time share
one query (see `batching`): a read of a few counter rows costs less than the round trip.
"""

from __future__ import annotations

import asyncpg

from rsvp_service.rsvp_store.batching import Batcher
from rsvp_service.rsvp_store.records import NewRsvp, Outcome

# The RSVP and its email are inserted only when the counter moved (a full slot moves nothing);
# a duplicate (event_id, email) fails the statement, so nothing of it is committed.
INSERT = """
WITH counted AS (
    INSERT INTO rsvp_slot_count (slot_id, count) VALUES ($1::varchar, 1)
    ON CONFLICT (slot_id) DO UPDATE SET count = rsvp_slot_count.count + 1
    WHERE $9::int IS NULL OR rsvp_slot_count.count < $9::int
    RETURNING count
), added AS (
    INSERT INTO rsvp (event_id, event, email, first_name, last_name, phone, user_id, created_at)
    SELECT $1::varchar, $2::varchar, $3::varchar, $4::varchar, $5::varchar, $6::varchar,
           $7::int, $8::timestamptz
    FROM counted
    RETURNING id
), queued AS (
    INSERT INTO mail_outbox (created_at, recipient, subject, kind, payload, attempts,
                             next_attempt_at)
    SELECT $8::timestamptz, $10::varchar, $11::varchar, $12::varchar, $13::jsonb, 0,
           $8::timestamptz
    FROM added
    RETURNING id
)
SELECT count(*) FROM queued
"""
COUNTS = "SELECT slot_id, count FROM rsvp_slot_count WHERE slot_id = ANY($1::varchar[])"


class PostgresRsvpStore:
    """RSVP writes and counts on a small asyncpg pool."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self._counts: Batcher[list[str], int] = Batcher(self._count_batch)

    @classmethod
    async def open(cls, database_url: str) -> PostgresRsvpStore:
        """Connect a pool to the database URL."""
        return cls(await asyncpg.create_pool(database_url, min_size=1, max_size=10))

    async def add(self, rsvp: NewRsvp) -> Outcome:
        """Store the RSVP, its counter bump and its email in one statement."""
        mail = rsvp.mail
        try:
            written = await self._pool.fetchval(
                INSERT, rsvp.slot_id, rsvp.event, rsvp.email, rsvp.first_name, rsvp.last_name,
                rsvp.phone, rsvp.user_id, rsvp.created_at, rsvp.capacity, mail.recipient,
                mail.subject, mail.kind, mail.payload_json,
            )
        except asyncpg.IntegrityConstraintViolationError:
            return Outcome.DUPLICATE
        return Outcome.CREATED if written else Outcome.FULL

    async def count(self, slot_ids: list[str]) -> int:
        """Sum the slots' counter rows, read by the next count query to start."""
        return await self._counts.submit(slot_ids)

    async def _count_batch(self, batch: list[list[str]]) -> list[int]:
        wanted = sorted({slot_id for slot_ids in batch for slot_id in slot_ids})
        counts = {row["slot_id"]: row["count"] for row in await self._pool.fetch(COUNTS, wanted)}
        return [sum(counts.get(slot_id, 0) for slot_id in slot_ids) for slot_ids in batch]

    async def close(self) -> None:
        """Answer counts under way and close the pool's connections."""
        await self._counts.close()
        await self._pool.close()
