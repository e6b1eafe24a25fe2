"""The transactional outbox: enqueue in the caller's transaction, deliver from a task.

A message row is written in the same transaction as the RSVP or registration that causes
it, so an email exists exactly when its cause was committed. The sender task claims due
rows with a lease (`SELECT ... FOR UPDATE SKIP LOCKED` on PostgreSQL), so several service
processes can share one database without sending a message twice, and failed deliveries
are retried with exponential backoff until they succeed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

from starlette.requests import Request
from tortoise.backends.base.client import BaseDBAsyncClient

from rsvp_service.mail.message import HeaderInjectionError, check_header_value, recipient_address
from rsvp_service.mail.transports import Transport, envelope_sender
from rsvp_service.models import OutboxMessage
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)

# Builds a deferred message (RFC 5322 bytes) from its stored payload at delivery time.
Builder = Callable[[Settings, dict[str, Any]], bytes]

BATCH_SIZE = 50
# Longer than any single delivery can take (the SMTP timeout is 15 s).
LEASE = timedelta(minutes=2)
# Lease up to BATCH_SIZE (50) due rows and return them. On PostgreSQL several processes may claim
# at once: each skips the rows another is leasing right now.
CLAIM_POSTGRES = """
UPDATE mail_outbox SET claimed_until = $1, attempts = attempts + 1
WHERE id IN (
    SELECT id FROM mail_outbox
    WHERE sent_at IS NULL AND next_attempt_at <= $2
        AND (claimed_until IS NULL OR claimed_until < $2)
    ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED
)
RETURNING id, recipient, kind, message, payload, attempts
"""
CLAIM_SQLITE = """
UPDATE mail_outbox SET claimed_until = ?, attempts = attempts + 1
WHERE id IN (
    SELECT id FROM mail_outbox
    WHERE sent_at IS NULL AND next_attempt_at <= ?
        AND (claimed_until IS NULL OR claimed_until < ?)
    ORDER BY id LIMIT 50
)
RETURNING id, recipient, kind, message, payload, attempts
"""


async def enqueue(message: EmailMessage, *, connection: BaseDBAsyncClient) -> None:
    """Store the message for delivery, inside the caller's transaction (`connection`)."""
    recipient = recipient_address(message)
    check_header_value(recipient, "recipient")
    await OutboxMessage.create(
        recipient=recipient,
        subject=str(message["Subject"] or "")[:300],
        message=bytes(message),
        next_attempt_at=datetime.now(UTC),
        using_db=connection,
    )


@dataclass(frozen=True, slots=True)
class DeferredMail:
    """An outbox row's worth of a deferred message: the sender builds it from `payload_json`."""

    recipient: str
    subject: str
    kind: str
    payload_json: str


def deferred_mail(kind: str, payload_json: str, *, recipient: str, subject: str) -> DeferredMail:
    """Check a deferred message (payload already JSON) for a store to insert in its transaction."""
    if "\r" in recipient or "\n" in recipient:
        raise HeaderInjectionError("The recipient must not contain line breaks.")
    return DeferredMail(recipient, subject[:300], kind, payload_json)


def notify(request: Request) -> None:
    """Wake this process's sender now (call after the enqueuing transaction committed)."""
    sender: OutboxSender | None = getattr(request.app.state, "outbox", None)
    if sender is not None:
        sender.wake()


@dataclass(frozen=True, slots=True)
class _Claimed:
    id: int
    recipient: str
    kind: str
    raw: bytes | None
    payload: Any
    attempts: int


class OutboxSender:
    """Background task that delivers due outbox rows through a transport."""

    def __init__(
        self, settings: Settings, transport: Transport, builders: Mapping[str, Builder]
    ) -> None:
        self.settings = settings
        self.transport = transport
        self.builders = builders
        self.sender = envelope_sender(settings)
        self._wake = asyncio.Event()
        self._stopping = False
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the delivery loop in the running event loop."""
        self._task = asyncio.create_task(self._run(), name="outbox-sender")

    async def stop(self) -> None:
        """Stop the delivery loop; undelivered rows stay in the outbox for next time."""
        if self._task is None:
            return
        # The flag ends the loop even when a library swallowed the cancellation (seen with
        # the database drivers): the loop then finishes its batch and leaves on its own.
        self._stopping = True
        self._wake.set()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._task = None

    def wake(self) -> None:
        """Look for due messages now instead of at the next poll."""
        self._wake.set()

    async def _run(self) -> None:
        while not self._stopping:
            self._wake.clear()
            try:
                handled = await self.deliver_due()
            except Exception:
                # A database hiccup must not kill the sender; the rows wait for the next poll.
                log.exception("The mail sender could not read the outbox.")
                handled = 0
            if handled == BATCH_SIZE or self._stopping:
                continue
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow the
            # cancellation from stop() when it races the timeout, and stop() then hangs.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.settings.outbox_poll_seconds):
                    await self._wake.wait()

    async def deliver_due(self) -> int:
        """Claim and deliver one batch of due messages; return how many were claimed."""
        claimed = await self._claim()
        if not claimed:
            return 0
        sent: list[int] = []
        for message in claimed:
            try:
                await self.transport.send(
                    message.id, self._raw(message), sender=self.sender, recipient=message.recipient
                )
            except Exception as exc:
                await self._reschedule(message, exc)
            else:
                sent.append(message.id)
            # Building and sending is CPU work; let waiting requests run between messages.
            await asyncio.sleep(0)
        if sent:
            await OutboxMessage.filter(id__in=sent).update(
                sent_at=datetime.now(UTC), claimed_until=None, last_error=None
            )
        return len(claimed)

    def _raw(self, message: _Claimed) -> bytes:
        if message.raw is not None:
            return message.raw
        return self.builders[message.kind](self.settings, message.payload)

    async def _claim(self) -> list[_Claimed]:
        now = datetime.now(UTC)
        connection = OutboxMessage._meta.db
        postgres = connection.capabilities.dialect == "postgres"
        # One statement picks and leases the batch, so the write lock (SQLite) or the row
        # locks (PostgreSQL) are held for that statement alone, not across round trips.
        sql, values = (CLAIM_POSTGRES, [now + LEASE, now]) if postgres else (
            CLAIM_SQLITE, [now + LEASE, now, now])
        rows = await connection.execute_query_dict(sql, values)
        return [
            _Claimed(
                row["id"],
                row["recipient"],
                row["kind"],
                row["message"],
                json.loads(row["payload"]) if isinstance(row["payload"], str) else row["payload"],
                row["attempts"],
            )
            for row in sorted(rows, key=lambda row: int(row["id"]))
        ]

    def backoff(self, attempts: int) -> float:
        """Return the delay before the next attempt after `attempts` failures (with jitter)."""
        base = self.settings.outbox_retry_base_seconds * 2 ** min(attempts - 1, 30)
        delay = min(base, self.settings.outbox_retry_max_seconds)
        return delay * random.uniform(0.8, 1.0)  # noqa: S311 (jitter, not security)

    async def _reschedule(self, message: _Claimed, exc: Exception) -> None:
        delay = self.backoff(message.attempts)
        log.warning(
            "Delivery of mail #%s failed (attempt %s), retrying in %.1f s: %s",
            message.id,
            message.attempts,
            delay,
            exc,
        )
        await OutboxMessage.filter(id=message.id).update(
            next_attempt_at=datetime.now(UTC) + timedelta(seconds=delay),
            claimed_until=None,
            last_error=f"{type(exc).__name__}: {exc}"[:1000],
        )
