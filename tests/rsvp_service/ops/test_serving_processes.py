"""`serve --workers 2` killed with SIGKILL: every process it started (web workers, mail worker)
stops and frees the port, and until they have, each web worker holds VAR_DIR/serving.lock
itself, so a restore refuses instead of erasing the RSVPs they acknowledged."""

from __future__ import annotations

import os
import signal
import socket
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from mail_testkit import SmtpServer
from service_testkit import (
    ServiceProcess,
    child_processes,
    process_alive,
    run_command,
    service_env,
)

from tests.ports import free_port

# The lock and the processes are what is tested; on PostgreSQL a restore is refused anyway
# while the orphans keep their database sessions (test_backups.py tests that refusal).
pytestmark = pytest.mark.parametrize("process_db_url", ["sqlite"], indirect=True)

DEADLINE = 30.0  # far more than a worker takes to notice its parent is gone and stop


def _shared_lock_holders(lock: Path) -> set[int]:
    """The pids holding a shared flock on `lock`, as the kernel lists them in /proc/locks."""
    inode = os.stat(lock).st_ino
    holders = set()
    for line in Path("/proc/locks").read_text().splitlines():
        fields = line.split()
        if fields[1:4] == ["FLOCK", "ADVISORY", "READ"] and \
                int(fields[5].rsplit(":", 1)[1]) == inode:
            holders.add(int(fields[4]))
    return holders


def _refuses_connections(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


def _wait_for(fact: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not fact():
        if time.monotonic() > deadline:
            raise AssertionError(f"after {DEADLINE} s, still not: {what}")
        time.sleep(0.05)


def test_a_killed_supervisor_takes_its_workers_with_it_and_restore_waits_for_them(
    process_db_url: str, events_file: Path, smtp_server: SmtpServer, tmp_path: Path
) -> None:
    env = {**service_env(port=free_port(), database_url=process_db_url, events_file=events_file,
                         var_dir=tmp_path / "var", smtp_port=smtp_server.port),
           "BACKGROUND_TASKS": "separate"}
    assert run_command(env, "backup", str(tmp_path / "copy")).returncode == 0
    service = ServiceProcess(env, log_path=tmp_path / "service.log", workers=2)
    started: dict[int, str] = {}
    try:
        service.wait_ready()
        supervisor = service.process.pid
        lock = tmp_path / "var" / "serving.lock"

        def all_serving() -> bool:
            started.update(child_processes(supervisor))
            web = [pid for pid, command in started.items() if "spawn_main" in command]
            mail = [pid for pid, command in started.items() if " worker " in command]
            return len(web) == 2 and len(mail) == 1 and \
                {*web, *mail} <= _shared_lock_holders(lock)

        _wait_for(all_serving, "both web workers and the mail worker hold the serving lock")
        web = [pid for pid, command in started.items() if "spawn_main" in command]
        mail = next(pid for pid, command in started.items() if " worker " in command)
        # Held still, the web workers are orphans that have not yet noticed their parent is gone.
        for pid in web:
            os.kill(pid, signal.SIGSTOP)
        service.process.kill()
        service.process.wait()
        _wait_for(lambda: not process_alive(mail), "the mail worker stopped with its parent")

        refused = run_command(env, "restore", str(tmp_path / "copy"))

        assert refused.returncode == 1
        assert refused.stderr.splitlines() == [
            "rsvp_service: The service is running (it holds VAR_DIR/serving.lock); stop the "
            "web processes and the worker, then restore."]

        for pid in web:
            os.kill(pid, signal.SIGCONT)
        _wait_for(lambda: not any(process_alive(pid) for pid in started), "every child has exited")
        _wait_for(lambda: _refuses_connections(service.port), "the port is free")
        restored = run_command(env, "restore", str(tmp_path / "copy"))
        assert restored.returncode == 0, restored.stderr
    finally:
        for pid in started:  # what this test started, should it fail before they stop
            if process_alive(pid):
                os.kill(pid, signal.SIGKILL)
        service.stop()
