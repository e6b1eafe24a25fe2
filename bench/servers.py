"""Starting uvicorn servers on loopback for the service benchmarks, and stopping them."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import IO

import httpx

from bench.context import PYTHON, Context
from bench.measure import kill_group
from rsvp_service.secret_keys import generate

HOST = "127.0.0.1"
STARTUP_LIMIT = 60.0
SECRET_KEY = generate()


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def guest_slot(ctx: Context) -> tuple[str, str, datetime]:
    """The guest event's slot id, event slug and start, from the real events.json."""
    events = json.loads((ctx.content_dir / "events.json").read_text(encoding="utf-8"))
    guest = next(e for e in events["events"] if e["slug"] == events["guest_rsvp_event"])
    slot = guest["slots"][0]
    return slot["id"], guest["slug"], datetime.fromisoformat(slot["start"])


def service_env(ctx: Context, database_url: str, folder: Path, **extra: str) -> dict[str, str]:
    """Environment of a benchmark service: its own database and mail folder, the clock pinned
    a week before the guest event, and rate limits scaled far out of reach (still checked)."""
    _, _, start = guest_slot(ctx)
    folder.mkdir(parents=True, exist_ok=True)
    return {
        "DATABASE_URL": database_url,
        "EVENTS_FILE": str(ctx.content_dir / "events.json"),
        "STATIC_DIR": str(ctx.site_dir),
        "VAR_DIR": str(folder),
        "MAIL_BACKEND": "file",
        "RATE_LIMIT_SCALE": "1000000",
        "CIVIC_NOW": (start - timedelta(days=7)).isoformat(),
        "SECRET_KEY": SECRET_KEY,
        "APP_ENV": "production",
        # Production requires SITE_URL; a benchmark that signs in passes its own port's.
        "SITE_URL": "http://127.0.0.1:8000",
        **extra,
    }


def migrate(ctx: Context, env: dict[str, str]) -> None:
    """Create the tables (`python -m rsvp_service migrate`)."""
    subprocess.run([PYTHON, "-m", "rsvp_service", "migrate"], cwd=ctx.root, check=True,
                   env={**os.environ, **ctx.python_env, **env}, capture_output=True,
                   timeout=120)


@contextmanager
def uvicorn(ctx: Context, app: str, *, workers: int = 1, factory: bool = False,
            env: dict[str, str] | None = None, probe: str = "/api/rsvp",
            log: Path | None = None, port: int | None = None,
            background_worker: bool = False) -> Iterator[str]:
    """Serve `app` with uvicorn on `port` (else a free loopback port); yield its base URL.

    Access logs are off for the baseline and the service alike: both pay the same. With
    `background_worker`, mail and reminders run in `python -m rsvp_service worker` beside it
    (BACKGROUND_TASKS=separate), as `python -m rsvp_service` would start them.
    """
    port = port or free_port()
    if background_worker:
        env = {**(env or {}), "BACKGROUND_TASKS": "separate"}
    argv = [PYTHON, "-m", "uvicorn", app, "--host", HOST, "--port", str(port),
            "--workers", str(workers), "--no-access-log",
            # With a log file, keep uvicorn's info lines: they record worker restarts.
            "--log-level", "info" if log else "warning"]
    if factory:
        argv.append("--factory")
    out: IO[bytes] | int = open(log, "ab") if log else subprocess.DEVNULL
    process = subprocess.Popen(argv, cwd=ctx.root,
                               env={**os.environ, **ctx.python_env, **(env or {})},
                               stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    worker = subprocess.Popen([PYTHON, "-m", "rsvp_service", "worker"], cwd=ctx.root,
                              env={**os.environ, **ctx.python_env, **(env or {})},
                              stdout=out, stderr=subprocess.STDOUT,
                              start_new_session=True) if background_worker else None
    base = f"http://{HOST}:{port}"
    try:
        _wait_ready(process, base + probe, workers)
        yield base
    finally:
        kill_group(process)
        if worker is not None:
            kill_group(worker)
        if not isinstance(out, int):
            out.close()


def _wait_ready(process: subprocess.Popen[bytes], url: str, workers: int) -> None:
    deadline = time.monotonic() + STARTUP_LIMIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with status {process.returncode} on start-up")
        try:
            httpx.get(url, timeout=2)
        except httpx.TransportError:
            time.sleep(0.1)
            continue
        # With several workers, the first answer says only one is up; give the rest a moment.
        time.sleep(1.0 if workers > 1 else 0.1)
        return
    raise RuntimeError(f"server did not answer {url} within {STARTUP_LIMIT:.0f} s")
