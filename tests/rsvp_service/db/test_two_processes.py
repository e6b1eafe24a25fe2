"""Two service processes (real uvicorn) on one database: no duplicate rows, each email once,
and a count read from either process includes every RSVP the other has acknowledged."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from mail_testkit import Mailbox, SmtpServer
from service_testkit import (
    GUEST_SLOT,
    ServiceProcess,
    empty_rsvp_tables,
    eventually,
    query_rows,
    rsvp,
    service_env,
)

from tests.ports import free_port

PEOPLE = 30


@pytest.fixture
def two_services(
    process_db_url: str, events_file: Path, smtp_server: SmtpServer, tmp_path: Path
) -> Iterator[list[ServiceProcess]]:
    """Two service processes sharing one database (emptied first, so no earlier test's queued
    mail is sent by them) and the SMTP server."""
    asyncio.run(empty_rsvp_tables(process_db_url))
    services = []
    try:
        for index in range(2):
            env = service_env(
                port=free_port(),
                database_url=process_db_url,
                events_file=events_file,
                var_dir=tmp_path / f"var{index}",
                smtp_port=smtp_server.port,
            )
            services.append(ServiceProcess(env, log_path=tmp_path / f"service{index}.log"))
            # One at a time: only PostgreSQL serialises two processes' migrations.
            services[-1].wait_ready()
        yield services
    finally:
        for service in services:
            service.stop()


async def test_concurrent_rsvps_across_two_processes(
    two_services: list[ServiceProcess], process_db_url: str, mailbox: Mailbox
) -> None:
    emails = [f"person{i}@example.org" for i in range(PEOPLE)]
    async with httpx.AsyncClient(timeout=30) as http:
        # Every person RSVPs twice to each process at the same moment.
        requests = [
            http.post(f"{service.base_url}/api/rsvp", json=rsvp(GUEST_SLOT, email=email))
            for email in emails
            for service in two_services
            for _ in range(2)
        ]
        responses = await asyncio.gather(*requests)
        counts = [
            (await http.get(f"{service.base_url}/api/rsvp")).json() for service in two_services
        ]

    assert Counter(r.status_code for r in responses) == {201: PEOPLE, 409: 3 * PEOPLE}
    rows = await query_rows(process_db_url, "SELECT email FROM rsvp")
    assert sorted(email for email, in rows) == sorted(emails)
    assert [c["count"] for c in counts] == [PEOPLE, PEOPLE]

    await mailbox.wait_for(PEOPLE, seconds=30)

    async def nothing_in_hand() -> bool:
        # Every row sent and none claimed: no sender of either process has a delivery under
        # way, and a sent row is never claimed again, so every delivery has arrived.
        return not await query_rows(process_db_url, "SELECT id FROM mail_outbox "
                                    "WHERE sent_at IS NULL OR claim IS NOT NULL")

    await eventually(nothing_in_hand, seconds=30)
    delivered = Counter(m["To"].addresses[0].addr_spec for m in mailbox.messages)
    assert delivered == Counter(emails)
    pending = await query_rows(process_db_url, "SELECT id FROM mail_outbox WHERE sent_at IS NULL")
    assert pending == []


async def test_a_count_from_either_process_includes_every_acknowledged_rsvp(
    two_services: list[ServiceProcess], process_db_url: str
) -> None:
    acknowledged = 0
    stale: list[tuple[int, int]] = []

    async def one(http: httpx.AsyncClient, n: int) -> None:
        nonlocal acknowledged
        writer, reader = two_services[n % 2], two_services[1 - n % 2]
        email = f"reader{n}@example.org"
        answer = await http.post(f"{writer.base_url}/api/rsvp", json=rsvp(GUEST_SLOT, email=email))
        assert answer.status_code == 201
        acknowledged += 1
        # Every 201 received so far was received before this count was asked for.
        floor = acknowledged
        count = (await http.get(f"{reader.base_url}/api/rsvp")).json()["count"]
        if count < floor:
            stale.append((floor, count))

    async with httpx.AsyncClient(timeout=30) as http:
        for start in range(0, 4 * PEOPLE, 20):
            await asyncio.gather(*(one(http, n) for n in range(start, start + 20)))
        final = [(await http.get(f"{s.base_url}/api/rsvp")).json() for s in two_services]

    assert stale == []
    assert [c["count"] for c in final] == [4 * PEOPLE, 4 * PEOPLE]
