"""Burst correctness: 1,000 RSVPs for one slot from 100 concurrent clients, 200 of them repeats.

Expected: exactly 800 rows, 800 201s and 200 409s, a count of 800, and 800 confirmation
emails at a local aiosmtpd sink, one per address. Run on SQLite with one worker and on
PostgreSQL with two (where two outbox senders compete for the same rows).
"""

from __future__ import annotations

import asyncio
import random
import secrets
import ssl
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
from aiosmtpd.controller import Controller

from bench.context import Context
from bench.database import PostgresDb, SqliteDb
from bench.report import Row, failed
from bench.servers import HOST, free_port, guest_slot, migrate, service_env, uvicorn

REQUESTS, DUPLICATES, CLIENTS = 1_000, 200, 100
MAIL_WAIT = 60.0
# After the last expected email, wait this long for any second copy to show up.
MAIL_QUIET = 3.0


@dataclass
class Sink:
    """An aiosmtpd handler that records the recipients of every message it accepts."""

    recipients: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Accept the message and count it once per recipient."""
        with self.lock:
            self.recipients.update(address.lower() for address in envelope.rcpt_tos)
        return "250 Message accepted for delivery"

    def total(self) -> int:
        """Messages received so far (one per recipient)."""
        with self.lock:
            return sum(self.recipients.values())


def plan(run_id: str) -> list[str]:
    """The 1,000 addresses to send, shuffled: 800 unique plus 200 repeats of some of them."""
    rng = random.Random(run_id)
    unique = [f"{run_id}-{i}@burst.example.org" for i in range(REQUESTS - DUPLICATES)]
    emails = unique + rng.sample(unique, DUPLICATES)
    rng.shuffle(emails)
    return emails


async def fire(base: str, slot: str, emails: list[str]) -> Counter[int | str]:
    """POST every address with CLIENTS requests in flight; return the count of each status.

    A request that got no answer (the connection dropped) counts under its exception's name.
    """
    statuses: Counter[int | str] = Counter()
    queue: asyncio.Queue[str] = asyncio.Queue()
    for email in emails:
        queue.put_nowait(email)
    # One TLS context for every client (none uses it on http://): each client made its own,
    # loading the CA certificates again, 50 ms of CPU each on the service's two cores.
    tls = ssl.create_default_context()

    async def client() -> None:
        # One client per connection: a shared pool of CLIENTS connections scans them all for
        # every request (httpcore 1.0), and the load generator shares the service's two cores.
        async with httpx.AsyncClient(base_url=base, timeout=60, verify=tls) as http:
            while not queue.empty():
                email = queue.get_nowait()
                try:
                    answer = await http.post("/api/rsvp", json={
                        "eventId": slot, "email": email, "firstName": "Burst",
                        "lastName": "Test"})
                except httpx.TransportError as exc:
                    statuses[type(exc).__name__] += 1
                    continue
                statuses[answer.status_code] += 1

    await asyncio.gather(*(client() for _ in range(CLIENTS)))
    return statuses


def _wait_for_mail(sink: Sink, expected: int) -> float:
    started = time.monotonic()
    while sink.total() < expected and time.monotonic() - started < MAIL_WAIT:
        time.sleep(0.2)
    time.sleep(MAIL_QUIET)
    return time.monotonic() - started


def _burst(ctx: Context, name: str, db: SqliteDb | PostgresDb, workers: int,
           background_worker: bool) -> Row:
    slot, _, _ = guest_slot(ctx)
    sink = Sink()
    smtp = Controller(sink, hostname=HOST, port=free_port())
    smtp.start()
    env = service_env(ctx, db.url, ctx.scratch / f"burst-{db.label.lower()}",
                      MAIL_BACKEND="smtp", SMTP_HOST=HOST, SMTP_PORT=str(smtp.port))
    run_id = f"b{secrets.token_hex(3)}"
    emails = plan(run_id)
    unique = len(set(emails))
    db.create()
    try:
        migrate(ctx, env)
        with uvicorn(ctx, "rsvp_service.app.server:create_served_app", factory=True,
                     workers=workers,
                     background_worker=background_worker,
                     env=env, log=ctx.scratch / f"burst-{db.label.lower()}.log") as base:
            started = time.monotonic()
            statuses = asyncio.run(fire(base, slot, emails))
            seconds = time.monotonic() - started
            count = int(httpx.get(f"{base}/api/rsvp", params={"eventId": slot},
                                  timeout=10).json()["count"])
            mail_seconds = _wait_for_mail(sink, unique)
        rows = db.count(slot, f"{run_id}-%")
    finally:
        db.drop()
        smtp.stop()
    expected = {201: unique, 409: REQUESTS - unique}
    once = all(sink.recipients[e] == 1 for e in set(emails))
    extra = sum(n for address, n in sink.recipients.items() if address not in set(emails))
    ok = (rows == unique and count == unique and dict(statuses) == expected and once
          and sink.total() == unique and not extra)
    shown = ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=str))
    measured = (f"{rows} rows, statuses {{{shown}}}, count {count}, "
                f"{len(sink.recipients)} addresses mailed ({sink.total()} emails"
                f"{'' if once else ', not once each'}); {seconds:.1f} s, mail in "
                f"{mail_seconds - MAIL_QUIET:.1f} s")
    return Row(f"burst {REQUESTS:,} RSVPs / {CLIENTS} clients, {name}", measured,
               f"{unique} rows, {unique} 201 + {REQUESTS - unique} 409, count {unique}, "
               f"{unique} emails once each", ok,
               {"rows": rows, "statuses": {str(k): v for k, v in statuses.items()},
                "count": count, "emails": sink.total(), "once_each": once, "seconds": seconds},
               gate=True)


def run(ctx: Context) -> list[Row]:
    """Burst on SQLite with one worker, then on PostgreSQL with two."""
    rows = []
    # PostgreSQL as production runs it: mail in its own process (BACKGROUND_TASKS=separate).
    for name, db, workers, background_worker in (
            ("SQLite, 1 worker", SqliteDb(ctx.scratch), 1, False),
            ("PostgreSQL, 2 workers + mail worker", PostgresDb(), 2, True)):
        try:
            rows.append(_burst(ctx, name, db, workers, background_worker))
        except Exception as exc:  # one database failing still lets the other report
            rows.append(failed(f"burst, {name}", f"{type(exc).__name__}: {exc}"[:200],
                               gate=True))
    return rows
