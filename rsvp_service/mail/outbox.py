"""The transactional outbox: one way in (`enqueue`), one sender task that delivers.

A row is written in the same transaction as the RSVP or registration that causes it, so an
email exists exactly when its cause was committed. The row holds what the message is made of
(kind, recipient, and the kind's payload, checked when queued and stored as JSON); the sender
builds the message when it delivers it, the payload read back as its kind's model.

MAIL_SENDERS delivery loops each claim one due row at a time under a lease carrying a claim
token, send it, and record the outcome only on a row whose claim is still its own. Just before
DATA, the row is checked to be still its own (so a deleted account's mail does not go out) and
marked handed over in the same statement. The outcome is recorded shielded from cancellation
right after the send. A row found handed over with no outcome (its sender died, or the database
failed, between the server's acceptance and the record) or whose connection failed after the
hand-over is uncertain: it may have been delivered, so it is held for an operator (`outbox
held`, then `release` or `discard`) instead of sent blindly again.
A failed delivery is retried with exponential backoff; after `outbox_max_attempts`, on a
permanent SMTP 5xx, or when the message cannot be built or encoded, the row becomes a dead
letter with its reason. A successful send brings forward rows that failed to connect, so
mail held up by an SMTP outage goes out as soon as the server is back. An outage is logged when
it starts and when it ends, not at every attempt.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import uuid
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

from starlette.requests import Request
from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.expressions import F

from rsvp_service.events import Catalogue
from rsvp_service.i18n import N_
from rsvp_service.mail.failures import describe, is_connection_error, is_permanent, redact
from rsvp_service.mail.kinds import BUILDERS
from rsvp_service.mail.message import (
    LANGUAGE_KEY,
    Builder,
    Mail,
    MailContext,
    PermanentMailError,
    QueuedMail,
    build_email,
    encodable_address,
)
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.mail.signing import signer_for
from rsvp_service.mail.transports import Transport, Uncertain, Withdrawn, envelope_sender
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)

UNCERTAIN = N_(
    "Uncertain: it was handed to the mail server but its acceptance was never recorded "
    "({why}); it may have been delivered. Look for its Message-ID in the relay's log, "
    "then `outbox release ID` sends it again (same Message-ID) or `outbox discard ID`.")
# How long shutdown waits for the message in hand before cancelling its delivery.
SHUTDOWN_GRACE = 10.0
# How often a successful send also looks for mail another process could not deliver.
BRING_FORWARD_EVERY = 30.0
# Lease the most overdue due row; on PostgreSQL a row another process is leasing right now
# is skipped. Sent and dead rows have no next_attempt_at, so the index holds only live mail.
CLAIM_POSTGRES = """
UPDATE mail_outbox SET claimed_until = $1, claim = $2, attempts = attempts + 1
WHERE id = (
    SELECT id FROM mail_outbox
    WHERE next_attempt_at <= $3 AND (claimed_until IS NULL OR claimed_until < $3)
    ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
)
RETURNING id, kind, recipient, payload, created_at, attempts, handed_at
"""
CLAIM_SQLITE = """
UPDATE mail_outbox SET claimed_until = ?, claim = ?, attempts = attempts + 1
WHERE id = (
    SELECT id FROM mail_outbox
    WHERE next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)
    ORDER BY next_attempt_at, id LIMIT 1
)
RETURNING id, kind, recipient, payload, created_at, attempts, handed_at
"""


async def enqueue(mail: Mail, *, connection: BaseDBAsyncClient) -> int:
    """Queue an email inside the caller's transaction (`connection`); return its outbox id.

    The one way into the outbox. Call `notify(request)` after the transaction committed to
    have this process's sender deliver it at once rather than at its next poll.
    """
    kind = BUILDERS.get(mail.kind)
    if kind is None:
        raise ValueError(f"No builder makes mail of kind {mail.kind!r}; register it in kinds.py.")
    if type(mail.payload) is not kind.payload:
        raise TypeError(f"Mail of kind {mail.kind!r} carries a {type(mail.payload).__name__}, "
                        f"not the {kind.payload.__name__} its builder reads.")
    row = await OutboxMessage.create(
        kind=mail.kind,
        recipient=mail.recipient,
        payload={**mail.payload.model_dump(mode="json"), LANGUAGE_KEY: mail.language},
        next_attempt_at=datetime.now(UTC),
        user_id=mail.user_id,
        using_db=connection,
    )
    return int(row.id)


def notify(request: Request) -> None:
    """Wake this process's sender now (call after the enqueuing transaction committed)."""
    sender: OutboxSender | None = getattr(request.app.state, "outbox", None)
    if sender is not None:
        sender.wake()


def _parse_time(value: Any) -> datetime:
    # asyncpg returns datetimes; SQLite returns Tortoise's ISO text.
    stamp = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class _Claimed:
    mail: QueuedMail
    claim: str
    attempts: int
    handed: bool


class OutboxSender:
    """Background task that delivers due outbox rows, one claimed row at a time."""

    def __init__(
        self,
        settings: Settings,
        transport: Transport,
        catalogue: Callable[[], Catalogue],
        builders: Mapping[str, Builder] = BUILDERS,
    ) -> None:
        self.settings = settings
        self.transport = transport
        self.catalogue = catalogue
        self.builders = builders
        self.sender = envelope_sender(settings)
        # Read and checked now: a bad key fails the start, not every message.
        self.signer = signer_for(settings)
        self._wake = asyncio.Event()
        self._stopping = False
        self._tasks: set[asyncio.Task[None]] = set()
        self._recording: set[asyncio.Future[None]] = set()
        # Connection failures since the last successful send; 0 while the server is up.
        self._failed_connections = 0
        self._brought_forward_at = 0.0
        # Looks at the outbox finished, so far: a pass that began after a change has seen it.
        self.passes = 0
        self.lease = timedelta(seconds=settings.outbox_lease_seconds)
        # The lease must outlast one whole delivery, so a delivery gets half of it.
        self.send_deadline = settings.outbox_lease_seconds / 2

    def start(self) -> None:
        """Start MAIL_SENDERS delivery loops in the running event loop."""
        self._tasks = {
            asyncio.create_task(self._run(), name=f"outbox-sender-{n}")
            for n in range(self.settings.mail_senders)
        }

    async def stop(self) -> None:
        """Finish the messages in hand (for up to SHUTDOWN_GRACE) and stop; the rest stay queued."""
        if not self._tasks:
            return
        self._stopping = True
        self._wake.set()
        _, late = await asyncio.wait(self._tasks, timeout=SHUTDOWN_GRACE)
        for task in late:
            # The delivery in hand took too long: cancelling it releases its row.
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        # An outcome being recorded when its task was cancelled still gets written.
        await asyncio.gather(*self._recording, return_exceptions=True)
        await self.transport.close()
        self._tasks = set()

    def wake(self) -> None:
        """Look for due messages now instead of at the next poll."""
        self._wake.set()

    async def _run(self) -> None:
        while not self._stopping:
            self._wake.clear()
            try:
                delivered = await self.deliver_next()
            except Exception:
                # A database hiccup must not kill the sender; the rows wait for the next poll.
                log.exception("The mail sender could not read the outbox.")
                delivered = False
            self.passes += 1
            if delivered:
                # Let waiting requests run between messages.
                await asyncio.sleep(0)
                continue
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow the
            # cancellation from stop() when it races the timeout, and stop() then hangs.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.settings.outbox_poll_seconds):
                    await self._wake.wait()

    async def deliver_next(self) -> bool:
        """Claim and deliver the most overdue due message; return whether there was one."""
        claimed = await self._claim()
        if claimed is None:
            return False
        if claimed.handed:
            # Its last sender handed it over and never recorded the answer.
            await self._record(self._hold(claimed, "its sender stopped or lost the database"))
            return True
        try:
            # Built in a worker thread: a message with its QR code and calendar takes CPU, and on
            # the event loop that stalled every request and query for as long.
            message = await asyncio.to_thread(
                self._message, claimed.mail, self._builder(claimed.mail.kind))
            async with asyncio.timeout(self.send_deadline):
                await self.transport.send(
                    claimed.mail.id,
                    message,
                    sender=self.sender,
                    recipient=encodable_address(claimed.mail.recipient),
                    still_wanted=lambda: self._hand_over(claimed),
                )
        except asyncio.CancelledError:
            await self._record(self._release(claimed))
            raise
        except Withdrawn:
            # Its row was deleted (an account deleted meanwhile) or, past the lease, another
            # sender holds it: there is nothing of ours to record.
            log.info("Mail #%s was withdrawn before it was sent.", claimed.mail.id)
        except Uncertain as exc:
            await self._record(self._hold(claimed, f"the connection failed: {exc}"))
        except TimeoutError as exc:
            # Past the deadline during DATA, the server may have taken it all the same. (A row
            # is claimed for sending only when not handed over, so a mark now is this attempt's.)
            if await self._ours(claimed).filter(handed_at__isnull=False).exists():
                await self._record(self._hold(claimed, "it ran past the delivery's deadline"))
            else:
                await self._record(self._failed(claimed, exc))
        except Exception as exc:
            await self._record(self._failed(claimed, exc))
        else:
            await self._record(self._sent(claimed))
        return True

    def _message(self, mail: QueuedMail, builder: Builder) -> EmailMessage:
        message = build_email(MailContext(self.settings, self.catalogue()), mail, builder)
        if self.signer is not None:
            # Last: the signature covers the message exactly as the transport sends it.
            self.signer.sign(message)
        return message

    def _builder(self, kind: str) -> Builder:
        builder = self.builders.get(kind)
        if builder is None:
            raise PermanentMailError(f"No builder makes mail of kind {kind!r}.")
        return builder

    async def _record(self, outcome: Coroutine[Any, Any, None]) -> None:
        # Shielded: a cancellation arriving now must not lose the outcome of a delivery that
        # already happened (stop() waits for it), or the message would be sent again.
        recording = asyncio.ensure_future(outcome)
        self._recording.add(recording)
        recording.add_done_callback(self._recording.discard)
        await asyncio.shield(recording)

    async def _claim(self) -> _Claimed | None:
        now = datetime.now(UTC)
        claim = uuid.uuid4().hex
        connection = OutboxMessage._meta.db
        # One statement picks and leases the row, so no lock is held across round trips.
        if connection.capabilities.dialect == "postgres":
            sql, values = CLAIM_POSTGRES, [now + self.lease, claim, now]
        else:
            # Tortoise's SQLite backend stores datetimes as ISO text; compare like with like.
            until = (now + self.lease).isoformat(" ")
            sql, values = CLAIM_SQLITE, [until, claim, now.isoformat(" "), now.isoformat(" ")]
        rows = await connection.execute_query_dict(sql, values)
        if not rows:
            return None
        [row] = rows
        payload = row["payload"]
        data = json.loads(payload) if isinstance(payload, str | bytes) else payload
        mail = QueuedMail(
            id=int(row["id"]),
            kind=row["kind"],
            recipient=row["recipient"],
            data=data,
            created_at=_parse_time(row["created_at"]),
        )
        return _Claimed(mail, claim, int(row["attempts"]), row["handed_at"] is not None)

    def _ours(self, claimed: _Claimed) -> Any:
        return OutboxMessage.filter(id=claimed.mail.id, claim=claimed.claim)

    async def _hand_over(self, claimed: _Claimed) -> bool:
        # One statement checks the row is still ours and records that DATA is about to begin.
        return bool(await self._ours(claimed).update(handed_at=datetime.now(UTC)))

    async def _hold(self, claimed: _Claimed, why: str) -> None:
        await self._ours(claimed).update(
            held_at=datetime.now(UTC), next_attempt_at=None, claimed_until=None, claim=None,
            last_error=redact(UNCERTAIN.format(why=why))[:1000],
        )
        log.error("Mail #%s (%s) is held for an operator: it may have been delivered (%s).",
                  claimed.mail.id, claimed.mail.kind, why)

    async def _sent(self, claimed: _Claimed) -> None:
        # The data goes with the send: names, links and their tokens are not kept.
        updated = await self._ours(claimed).update(
            sent_at=datetime.now(UTC), next_attempt_at=None, claimed_until=None, claim=None,
            last_error=None, connection_failed=False, payload={},
        )
        if not updated:
            log.warning("Mail #%s was sent after its lease had run out.", claimed.mail.id)
        if self._failed_connections or self._bring_forward_is_due():
            await self._bring_forward()

    def _bring_forward_is_due(self) -> bool:
        return asyncio.get_running_loop().time() - self._brought_forward_at >= BRING_FORWARD_EVERY

    async def _bring_forward(self) -> None:
        failures, self._failed_connections = self._failed_connections, 0
        self._brought_forward_at = asyncio.get_running_loop().time()
        now = datetime.now(UTC)
        moved = await OutboxMessage.filter(connection_failed=True, next_attempt_at__gt=now).update(
            next_attempt_at=now
        )
        if failures:
            log.info("The mail server is reachable again after %s failed connection(s); "
                     "%s held-up message(s) are due now.", failures, moved)
        if moved:
            self._wake.set()

    async def _release(self, claimed: _Claimed) -> None:
        # Interrupted before the outcome was known: give the row back, attempt not counted.
        await self._ours(claimed).update(
            claimed_until=None, claim=None, attempts=F("attempts") - 1
        )

    async def _failed(self, claimed: _Claimed, exc: Exception) -> None:
        reason = describe(exc)
        connection_failed = is_connection_error(exc)
        if connection_failed:
            if not self._failed_connections:
                log.warning("The mail server cannot be reached (%s); mail waits and is retried "
                            "until it is back.", reason)
            self._failed_connections += 1
        mail, limit = claimed.mail, self.settings.outbox_max_attempts
        if is_permanent(exc) or claimed.attempts >= limit:
            if not is_permanent(exc):
                reason = f"Gave up after {claimed.attempts} attempts. {reason}"
            await self._ours(claimed).update(
                dead_at=datetime.now(UTC), next_attempt_at=None, claimed_until=None, claim=None,
                last_error=reason, connection_failed=connection_failed, handed_at=None,
            )
            log.error("Mail #%s (%s) is a dead letter after %s attempt(s): %s",
                      mail.id, mail.kind, claimed.attempts, reason)
            return
        delay = self.backoff(claimed.attempts)
        await self._ours(claimed).update(
            next_attempt_at=datetime.now(UTC) + timedelta(seconds=delay), claimed_until=None,
            claim=None, last_error=reason, connection_failed=connection_failed, handed_at=None,
        )
        # During an outage every attempt fails alike: its start and end are logged instead.
        log.log(logging.DEBUG if connection_failed else logging.WARNING,
                "Delivery of mail #%s (%s) failed (attempt %s), retrying in %.1f s: %s",
                mail.id, mail.kind, claimed.attempts, delay, reason)

    def backoff(self, attempts: int) -> float:
        """Return the delay before the next attempt after `attempts` failures (with jitter)."""
        base = self.settings.outbox_retry_base_seconds * 2 ** min(attempts - 1, 30)
        delay = min(base, self.settings.outbox_retry_max_seconds)
        return delay * random.uniform(0.8, 1.0)  # noqa: S311 (jitter, not security)
