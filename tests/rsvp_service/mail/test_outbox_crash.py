"""A real service process stopped (SIGTERM) or killed (SIGKILL) in the middle of a burst of
confirmations, or killed while the relay holds its answer to DATA: after a restart nothing is
sent twice; a message handed over whose acceptance was not recorded is held for an operator,
who can send it again under the same Message-ID."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from pathlib import Path

import httpx
import pytest
from mail_testkit import ServerMailbox, recipients, smtp_server
from service_testkit import (
    GUEST_SLOT,
    ServiceProcess,
    children,
    empty_rsvp_tables,
    eventually,
    process_alive,
    query_rows,
    rsvp,
    run_command,
    service_env,
)

from tests.ports import free_port

PEOPLE = 40


def start_env(url: str, events_file: Path, var_dir: Path, smtp_port: int) -> dict[str, str]:
    """The environment of a service with a short lease (for the kill)."""
    env = service_env(
        port=free_port(), database_url=url, events_file=events_file, var_dir=var_dir,
        smtp_port=smtp_port,
    )
    env["OUTBOX_LEASE_SECONDS"] = "2"
    return env


def start_service(url: str, events_file: Path, var_dir: Path, smtp_port: int) -> ServiceProcess:
    """Start `python -m rsvp_service` on the database with a short lease (for the kill)."""
    env = start_env(url, events_file, var_dir, smtp_port)
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
        # Emptied before the service starts: it would send mail left by earlier tests at once.
        await empty_rsvp_tables(process_db_url)
        first = start_service(process_db_url, events_file, tmp_path / "first", port)
        try:
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

            async def settled() -> bool:
                # Sent (so already at the relay) or held: nothing is left that could go out.
                return not await query_rows(process_db_url, "SELECT id FROM mail_outbox "
                                            "WHERE sent_at IS NULL AND held_at IS NULL")

            await eventually(settled, seconds=60)
            held = {email for email, in await query_rows(
                process_db_url, "SELECT recipient FROM mail_outbox WHERE held_at IS NOT NULL")}
        finally:
            second.stop()

    delivered = recipients(handler)
    assert set(delivered) | held == set(emails)
    # Nothing twice: a kill between a hand-over and its record leaves that message held (one
    # per sender at most), and a graceful stop finishes the messages in hand.
    assert max(delivered.values()) == 1
    if stop == signal.SIGTERM:
        assert held == set()
    else:
        assert len(held) <= 4  # MAIL_SENDERS


async def test_a_sender_killed_before_the_relays_answer_holds_the_message_for_an_operator(
    process_db_url: str, events_file: Path, tmp_path: Path
) -> None:
    # The relay keeps the message and holds its answer until the sender is dead: the window
    # between handing a message over and recording its acceptance, hit every time.
    handler = ServerMailbox()
    handler.release = threading.Event()
    with smtp_server(handler) as port:
        # Emptied before the service starts: mail left by earlier tests, sent at once, was the
        # message the relay held once in CI, and this test's went out after the kill.
        await empty_rsvp_tables(process_db_url)
        env = start_env(process_db_url, events_file, tmp_path / "first", port)
        first = ServiceProcess(env, log_path=tmp_path / "first.log")
        first.wait_ready()
        try:
            async with httpx.AsyncClient(timeout=30) as http:
                answer = await http.post(f"{first.base_url}/api/rsvp",
                                         json=rsvp(GUEST_SLOT, email="kim@example.org"))
            assert answer.status_code == 201
            assert await asyncio.to_thread(handler.holding.wait, 30)
            # The sender is the service's worker process: killed with its parent, as when the
            # machine dies. Left to its lifeline, an orphaned sender could still take the
            # relay's answer once released below, and record the message as sent.
            family = [first.process.pid, *children(first.process.pid)]
            for pid in family:
                os.kill(pid, signal.SIGKILL)
            first.process.wait(timeout=30)

            async def all_dead() -> bool:
                return not any(process_alive(pid) for pid in family)
            await eventually(all_dead, seconds=30)
        finally:
            first.stop()
            handler.release.set()
        [delivered] = handler.messages
        assert recipients(handler) == {"kim@example.org": 1}

        second = start_service(process_db_url, events_file, tmp_path / "second", port)
        try:

            async def held() -> list[tuple[object, ...]]:
                return await query_rows(process_db_url, "SELECT id, last_error FROM mail_outbox "
                                        "WHERE held_at IS NOT NULL AND sent_at IS NULL")

            async def any_held() -> bool:
                return bool(await held())

            # Past the dead sender's lease, the second service finds it handed over: it holds it.
            try:
                await eventually(any_held, seconds=60)
            except AssertionError as exc:
                # Once seen in CI under load: what the outbox and the service said, to find why.
                rows = await query_rows(
                    process_db_url, "SELECT id, kind, attempts, next_attempt_at, claimed_until,"
                    " handed_at, held_at, sent_at FROM mail_outbox")
                log = second.log_path.read_text(encoding="utf-8", errors="replace")
                raise AssertionError(f"{exc}; outbox: {rows}; log:\n{log}") from exc
            [(message_id, reason)] = await held()
            assert str(reason).startswith("Uncertain: it was handed to the mail server")
            assert len(handler.messages) == 1

            listing = run_command(env, "outbox", "held")
            assert listing.returncode == 0, listing.stderr
            [row] = [line for line in listing.stdout.splitlines()
                     if line.split()[:2] == [str(message_id), "rsvp_confirmation"]]
            assert str(delivered["Message-ID"]) in row
            assert "kim@example.org" not in listing.stdout
            pending = run_command(env, "outbox", "retry", str(message_id))
            assert pending.returncode == 1
            assert "`outbox release` sends it again" in pending.stderr

            released = run_command(env, "outbox", "release", str(message_id))
            assert released.returncode == 0, released.stderr
            first_copy, second_copy = await handler.wait_for(2, seconds=30)
        finally:
            second.stop()

    # Sent again only by the operator's decision, under the same Message-ID.
    assert second_copy["Message-ID"] == first_copy["Message-ID"]
    assert recipients(handler) == {"kim@example.org": 2}
