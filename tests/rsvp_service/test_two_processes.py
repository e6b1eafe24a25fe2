"""Two service processes (real uvicorn) on one PostgreSQL: no duplicate rows, each email once."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import httpx
import pytest
from conftest import Mailbox, SmtpServer, free_port
from service_testkit import GUEST_SLOT, ServiceProcess, service_env
from test_rsvp_api import rsvp

pytestmark = pytest.mark.postgres

PEOPLE = 30


@pytest.fixture
def two_services(
    postgres_url: str, events_file: Path, smtp_server: SmtpServer, tmp_path: Path
) -> Iterator[list[ServiceProcess]]:
    """Two service processes sharing the session's PostgreSQL database and SMTP server."""
    services = []
    try:
        for index in range(2):
            env = service_env(
                port=free_port(),
                database_url=postgres_url,
                events_file=events_file,
                var_dir=tmp_path / f"var{index}",
                smtp_port=smtp_server.port,
            )
            services.append(ServiceProcess(env, log_path=tmp_path / f"service{index}.log"))
        for service in services:
            service.wait_ready()
        yield services
    finally:
        for service in services:
            service.stop()


async def _empty(postgres_url: str) -> None:
    connection = await asyncpg.connect(postgres_url)
    try:
        await connection.execute("TRUNCATE rsvp, rsvp_slot_count, mail_outbox RESTART IDENTITY")
    finally:
        await connection.close()


async def _rows(postgres_url: str, sql: str) -> list[asyncpg.Record]:
    connection = await asyncpg.connect(postgres_url)
    try:
        return await connection.fetch(sql)
    finally:
        await connection.close()


async def test_concurrent_rsvps_across_two_processes(
    two_services: list[ServiceProcess], postgres_url: str, mailbox: Mailbox
) -> None:
    await _empty(postgres_url)
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
    rows = await _rows(postgres_url, "SELECT email FROM rsvp")
    assert sorted(row["email"] for row in rows) == sorted(emails)
    assert counts == [{"count": PEOPLE}, {"count": PEOPLE}]

    await mailbox.wait_for(PEOPLE, seconds=30)
    await asyncio.sleep(1.0)  # time for a wrongly duplicated delivery to show up
    delivered = Counter(m["To"].addresses[0].addr_spec for m in mailbox.messages)
    assert delivered == Counter(emails)
    pending = await _rows(postgres_url, "SELECT id FROM mail_outbox WHERE sent_at IS NULL")
    assert pending == []
