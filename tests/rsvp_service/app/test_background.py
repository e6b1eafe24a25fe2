"""Background work in a process of its own (BACKGROUND_TASKS=separate): the web process only
queues mail, `serve` starts `python -m rsvp_service worker` beside it, the worker delivers,
and it stops with the service however the service ends."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from app_testkit import client_for, running
from mail_testkit import Mailbox, SmtpServer
from service_testkit import (
    GUEST_SLOT,
    ServiceProcess,
    child_processes,
    empty_rsvp_tables,
    process_alive,
    query_rows,
    rsvp,
    service_env,
)

from rsvp_service.app.app import create_app
from rsvp_service.settings import Settings
from tests.ports import free_port


def _wait_gone(pid: int, seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not process_alive(pid):
            return True
        time.sleep(0.1)
    return False


def _start(url: str, events_file: Path, var_dir: Path, smtp_port: int) -> ServiceProcess:
    env = service_env(port=free_port(), database_url=url, events_file=events_file,
                      var_dir=var_dir, smtp_port=smtp_port)
    env["BACKGROUND_TASKS"] = "separate"
    service = ServiceProcess(env, log_path=var_dir.with_suffix(".log"))
    service.wait_ready()
    return service


def _worker_of(service: ServiceProcess) -> int:
    workers = [pid for pid, cmd in child_processes(service.process.pid)
               if "rsvp_service worker" in cmd]
    assert len(workers) == 1, child_processes(service.process.pid)
    return workers[0]


async def test_in_the_web_process_nothing_is_sent_when_the_worker_runs_it(
    make_settings: Callable[..., Settings], mailbox: Mailbox
) -> None:
    app = create_app(make_settings(background_tasks="separate"))
    async with running(app), client_for(app) as client:
        answer = await client.post("/api/rsvp", json=rsvp(GUEST_SLOT, email="queued@example.org"))
        assert answer.status_code == 201
        assert not hasattr(app.state, "outbox")
        # The witness for what follows: this process runs no mail sender that could send it.
        assert not [task for task in asyncio.all_tasks()
                    if task.get_name().startswith("outbox-sender")]
    # The web process's lifespan is over: it can send nothing any more.
    queued = await query_rows(app.state.settings.database_url,
                              "SELECT recipient FROM mail_outbox WHERE sent_at IS NULL")
    assert queued == [("queued@example.org",)]
    assert mailbox.messages == []


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "kill-9"])
async def test_serve_runs_a_worker_that_delivers_and_ends_with_the_service(
    stop: signal.Signals, process_db_url: str, events_file: Path, tmp_path: Path,
    smtp_server: SmtpServer, mailbox: Mailbox,
) -> None:
    service = _start(process_db_url, events_file, tmp_path / "service", smtp_server.port)
    try:
        worker = _worker_of(service)
        await empty_rsvp_tables(process_db_url)
        emails = [f"worker{n}@example.org" for n in range(5)]
        async with httpx.AsyncClient(timeout=30) as http:
            for email in emails:
                answer = await http.post(f"{service.base_url}/api/rsvp",
                                         json=rsvp(GUEST_SLOT, email=email))
                assert answer.status_code == 201
        # Mail an earlier test left queued in the shared PostgreSQL database may go out too.
        for _ in range(300):
            delivered = {m["To"].addresses[0].addr_spec for m in mailbox.messages}
            if delivered >= set(emails):
                break
            await asyncio.sleep(0.1)
        assert delivered >= set(emails)
        service.process.send_signal(stop)
        service.process.wait(timeout=30)
    finally:
        service.stop()
    assert _wait_gone(worker), "the worker outlived the service"
