"""A real service process stopped (SIGTERM) or killed (SIGKILL) in the middle of a burst of
confirmations: after a restart every address has its email, and nothing is sent twice but,
after a kill, at most the one message whose acceptance had not yet been recorded."""

from __future__ import annotations

import asyncio
import signal
from collections import Counter
from pathlib import Path

import httpx
import pytest
from conftest import free_port
from mail_testkit import ServerMailbox, recipients, smtp_server
from service_testkit import (
    GUEST_SLOT,
    ServiceProcess,
    empty_rsvp_tables,
    query_rows,
    rsvp,
    service_env,
)

PEOPLE = 40


def start_service(url: str, events_file: Path, var_dir: Path, smtp_port: int) -> ServiceProcess:
    """Start `python -m rsvp_service` on the database with a short lease (for the kill)."""
    env = service_env(
        port=free_port(), database_url=url, events_file=events_file, var_dir=var_dir,
        smtp_port=smtp_port,
    )
    env["OUTBOX_LEASE_SECONDS"] = "2"
    service = ServiceProcess(env, log_path=var_dir.with_suffix(".log"))
    service.wait_ready()
    return service


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "kill-9"])
async def test_a_stopped_sender_sends_each_confirmation_once(
    stop: signal.Signals, process_db_url: str, events_file: Path, tmp_path: Path
) -> None:
    # Each delivery takes ~20 ms at the server, so the burst lasts about a second.
    handler = ServerMailbox(delay=0.02)
    emails = [f"burst{n}@example.org" for n in range(PEOPLE)]
    with smtp_server(handler) as port:
        first = start_service(process_db_url, events_file, tmp_path / "first", port)
        try:
            await empty_rsvp_tables(process_db_url)
            async with httpx.AsyncClient(timeout=30) as http:
                answers = await asyncio.gather(*(
                    http.post(f"{first.base_url}/api/rsvp", json=rsvp(GUEST_SLOT, email=email))
                    for email in emails
                ))
            assert [answer.status_code for answer in answers] == [201] * PEOPLE
            await handler.wait_for(5, seconds=30)
            first.process.send_signal(stop)
            first.process.wait(timeout=30)
        finally:
            first.stop()
        assert len(handler.messages) < PEOPLE, "the burst ended before the signal"

        second = start_service(process_db_url, events_file, tmp_path / "second", port)
        try:
            await handler.wait_for(PEOPLE, seconds=60)

            async def unsent() -> list[tuple[object, ...]]:
                return await query_rows(process_db_url,
                                        "SELECT id FROM mail_outbox WHERE sent_at IS NULL")

            for _ in range(200):
                if not await unsent():
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(1.0)  # time for a wrongly repeated delivery to arrive
        finally:
            second.stop()

    # Mail left in the session's PostgreSQL database by earlier tests may go out too.
    delivered = Counter({email: n for email, n in recipients(handler).items() if email in emails})
    assert set(delivered) == set(emails)
    assert await unsent() == []
    repeats = Counter({email: n - 1 for email, n in delivered.items() if n > 1})
    if stop == signal.SIGTERM:
        # A graceful stop finishes the message in hand and records it: nothing twice.
        assert repeats == Counter()
    else:
        # A kill can land between the server's acceptance and its record: that one message
        # goes again, under the same Message-ID so the receiving side can drop the copy.
        assert sum(repeats.values()) <= 1
        for email in repeats:
            ids = {str(m["Message-ID"]) for m in handler.messages if email in str(m["To"])}
            assert len(ids) == 1
