"""Constants and the fixture events document shared by the RSVP service tests."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import asyncpg
import httpx
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP
from starlette.applications import Starlette

from generator import places
from rsvp_service.accounts.models import User
from rsvp_service.accounts.sessions import start_session
from rsvp_service.accounts.tokens import issue_access_token
from rsvp_service.rsvps.store import NewRsvp
from rsvp_service.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")


@asynccontextmanager
async def new_postgres_database(prefix: str) -> AsyncIterator[str]:
    """Create an empty PostgreSQL database named `prefix_<random>`; yield its URL, then drop it."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(TEST_DATABASE_URL)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        yield TEST_DATABASE_URL.rsplit("/", 1)[0] + f"/{name}"
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()
CIVIC_NOW_OPEN = "2025-04-01T12:00:00-05:00"
# A fixed key that passes the production rules (`python -m rsvp_service secret` printed it).
TEST_SECRET_KEY = "TXHQbbp5Vs5J7nSxLsoqk-fMKxQy7cw9wi_YUZx4QtI6Ff2wQw4hm5CXdKj2ndNB"

GUEST_SLOT = "forest-park-cleanup-1-00pm-3-00pm"
CLINIC_SLOTS = [
    "inclusive-sports-clinic-1-00-1-50-pm",
    "inclusive-sports-clinic-2-00-2-50-pm",
    "inclusive-sports-clinic-3-00-3-50-pm",
]
TINY_SLOT = "tiny-workshop-6-00-7-00-pm"


def _slot(event: dict[str, Any], time: str, start: str, end: str, capacity: int | None) -> dict:
    slot_id = f"{event['slug']}-" + "-".join(time.lower().replace(":", " ").split())
    return {"id": slot_id, "time": time, "start": start, "end": end, "capacity": capacity}


# KEEN lists a contact email (replies to organizers' messages may go to it); Forest Park does not.
KEEN_CONTACT = "hello@keenstlouis.org"
# KEEN also names who answers for volunteers' hours (issue 40), and certifies the PVSA; Forest
# Park Forever's events.json entries are as written before issue 40 (no contact, no service type).
KEEN_VOLUNTEERS = {"name": "Dana Whitfield", "role": "Volunteer coordinator",
                   "email": "volunteers@keenstlouis.org"}
KEEN_HOST = {"slug": "keenstl", "name": "KEEN St. Louis", "link": "/keenstl",
             "email": KEEN_CONTACT, "volunteer_contact": KEEN_VOLUNTEERS,
             "pvsa_certifying": True}


def write_content(folder: Path, events: dict[str, Any], *,
                  redirects: list[dict[str, Any]] | None = None,
                  organizations: list[dict[str, Any]] | None = None) -> Path:
    """Write events.json, redirects.json and (if given) organizations.json; return events.json."""
    path = folder / "events.json"
    path.write_text(json.dumps(events), encoding="utf-8")
    (folder / "redirects.json").write_text(json.dumps(redirects or []), encoding="utf-8")
    if organizations is not None:
        (folder / "organizations.json").write_text(json.dumps(organizations), encoding="utf-8")
    return path


def fixture_events() -> dict[str, Any]:
    """Return an events.json document valid for the generator's EventsOut model."""
    clinic = {
        "slug": "inclusive-sports-clinic",
        "title": "Inclusive Sports Clinic",
        "description": "Adaptive sports for every ability.",
        "host": dict(KEEN_HOST),
        "date": "2025-07-27",
        "date_text": "July 27, 2025",
        "time_text": "1:00-3:50 PM",
        "location": "Forest Park, St. Louis, MO",
        "rsvp": "account",
        "start": "2025-07-27T13:00:00-05:00",
        "end": "2025-07-27T15:50:00-05:00",
    }
    clinic["slots"] = [
        _slot(clinic, f"{h}:00-{h}:50 PM", f"2025-07-27T1{h + 2}:00:00-05:00",
              f"2025-07-27T1{h + 2}:50:00-05:00", None)
        for h in (1, 2, 3)
    ]
    cleanup = {
        "slug": "forest-park-cleanup",
        "title": "Forest Park Cleanup",
        "description": "Help keep Forest Park beautiful.",
        "host": {"slug": "forest-park-forever", "name": "Forest Park Forever", "link": "/fpf"},
        "date": "2025-04-27",
        "date_text": "April 27, 2025",
        "time_text": "1:00PM-3:00PM",
        "location": "Forest Park, St. Louis, MO",
        "rsvp": "guest",
        "start": "2025-04-27T13:00:00-05:00",
        "end": "2025-04-27T15:00:00-05:00",
    }
    cleanup["slots"] = [_slot(cleanup, "1:00PM-3:00PM", cleanup["start"], cleanup["end"], None)]
    tiny = {
        "slug": "tiny-workshop",
        "title": "Tiny Workshop",
        "description": "Only two seats.",
        "host": dict(KEEN_HOST),
        "date": "2025-05-01",
        "date_text": "May 1, 2025",
        "time_text": "6:00-7:00 PM",
        "location": "Central Library",
        "rsvp": "guest",
        "start": "2025-05-01T18:00:00-05:00",
        "end": "2025-05-01T19:00:00-05:00",
    }
    tiny["slots"] = [_slot(tiny, "6:00-7:00 PM", tiny["start"], tiny["end"], 2)]
    tiny["service_type"] = clinic["service_type"] = "tutoring"
    events = [cleanup, tiny, clinic]
    for event in events:
        event["host"]["logo"] = {"src": "/images/logo.png", "alt": "Logo", "width": 64,
                                 "height": 64}
        event["description_html"] = f"<p>{event['description']}</p>"
        event["description_text"] = event["description"]
        event["place"] = places.place(event["location"]).model_dump()
        event["thank_you"] = None
        event["gallery"] = []
        event["before_you_go"] = None
        event["series"] = None
        event["path"] = f"/events/{event['slug']}"
        event["calendar"] = f"/events/{event['slug']}/calendar.ics"
        event["map_url"] = "https://www.openstreetmap.org/search?query=St.%20Louis"
    slots = {
        slot["id"]: {
            "event": event["slug"],
            "series": None,
            "path": event["path"],
            "title": event["title"],
            "time": slot["time"],
            "date": event["date"],
            "date_text": event["date_text"],
            "timezone": "America/Chicago",
            "start": slot["start"],
            "end": slot["end"],
            "capacity": slot["capacity"],
            "rsvp": event["rsvp"],
            "location": event["location"],
            "host_name": event["host"]["name"],
            **({"service_type": event["service_type"]} if "service_type" in event else {}),
        }
        for event in events
        for slot in event["slots"]
    }
    return {
        "timezone": "America/Chicago",
        "site_url": "https://civicstl.org",
        "guest_rsvp_event": "forest-park-cleanup",
        "events": events,
        "series": [],
        "slots": slots,
    }


async def eventually(check: Callable[[], Awaitable[bool]], seconds: float = 10.0) -> None:
    """Poll an async condition until it holds; fail after `seconds`."""
    for _ in range(int(seconds / 0.05)):
        if await check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"condition still false after {seconds} s")


class Passing(Protocol):
    """A background loop that counts its finished passes (the mail sender, a periodic task)."""

    passes: int


async def a_full_pass(worker: Passing, *, loops: int = 1) -> None:
    """Wait until `worker` finished a pass that began after this call (`loops`: its loops).

    The witness for "nothing happened": the work that would have done it has run since.
    """
    # Each loop may be in the middle of a pass that began before the call.
    target = worker.passes + loops + 1

    async def done() -> bool:
        return worker.passes >= target

    await eventually(done)


class ServiceProcess:
    """`python -m rsvp_service` (real uvicorn) in a subprocess, configured through env vars."""

    def __init__(self, env: dict[str, str], *, log_path: Path, workers: int = 1,
                 open_files: tuple[int, int] | None = None,
                 arguments: list[str] | None = None) -> None:
        """Start the service; `open_files` sets its (soft, hard) open-file limit."""
        self.port = int(env["PORT"])
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self._log = log_path.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rsvp_service",
             *(arguments if arguments is not None else ["--workers", str(workers)])],
            env={**os.environ, "PYTHONPATH": str(ROOT), **env},
            cwd=ROOT,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            # A C function alone runs between fork and exec: nothing that could take a lock.
            preexec_fn=(None if open_files is None
                        else partial(resource.setrlimit, resource.RLIMIT_NOFILE, open_files)),
        )

    def wait_ready(self, seconds: float = 60.0) -> None:
        """Block until the service answers, or fail with its log."""
        deadline = time.monotonic() + seconds
        # One client for every attempt: each new httpx client loads the CA certificates (30 ms
        # of CPU): 0.9 s of the test's CPU per start, nearly the service's own start, now 0.08 s.
        with httpx.Client(timeout=1.0) as client:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    break
                try:
                    client.get(f"{self.base_url}/api/config")
                    return
                except httpx.TransportError:
                    time.sleep(0.1)
        self.stop()
        log = self.log_path.read_text(encoding="utf-8", errors="replace")
        raise AssertionError(f"the service on port {self.port} did not start:\n{log}")

    def stop(self) -> None:
        """Stop the process (SIGTERM, then SIGKILL) and close its log."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()


def frozen_clock(at: str) -> dict[str, str]:
    """Environment for a `ServiceProcess` whose wall clock stands still at `at` (ISO time)."""
    folder = Path(__file__).parent / "frozen_clock"
    return {"FROZEN_CLOCK": at, "PYTHONPATH": f"{folder}{os.pathsep}{ROOT}"}


def child_processes(pid: int) -> list[tuple[int, str]]:
    """The (pid, command line) of each child process of `pid`, read from /proc."""
    found = []
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
            cmdline = (status.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, IndexError):
            continue  # the process ended while it was read
        if int(fields[1]) == pid:
            found.append((int(status.parent.name), cmdline))
    return found


def children(pid: int) -> list[int]:
    """The pids of process `pid`'s children (Linux's /proc, over all its threads)."""
    return [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()]


def process_alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie has exited; only its parent's wait is missing)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def service_env(
    *, port: int, database_url: str, events_file: Path, var_dir: Path, smtp_port: int
) -> dict[str, str]:
    """Environment for a test service process (SMTP mail, fast outbox, pinned clock)."""
    return {
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "ENVIRONMENT": "test",
        "SECRET_KEY": TEST_SECRET_KEY,
        "DATABASE_URL": database_url,
        "EVENTS_FILE": str(events_file),
        "STATIC_DIR": str(var_dir / "no-site"),
        "VAR_DIR": str(var_dir),
        "MAIL_BACKEND": "smtp",
        "SMTP_HOST": "127.0.0.1",
        "SMTP_PORT": str(smtp_port),
        "CIVIC_NOW": CIVIC_NOW_OPEN,
        "RATE_LIMIT_SCALE": "1000",
        "OUTBOX_POLL_SECONDS": "0.1",
        "OUTBOX_RETRY_BASE_SECONDS": "0.1",
        "OUTBOX_RETRY_MAX_SECONDS": "1",
    }


def command_env(settings: Settings) -> dict[str, str]:
    """The environment that points a `python -m rsvp_service` command at `settings`' data."""
    return {
        "ENVIRONMENT": "test",
        "SECRET_KEY": settings.secret_key,
        "DATABASE_URL": settings.database_url,
        "EVENTS_FILE": str(settings.events_file),
        "VAR_DIR": str(settings.var_dir),
    }


def run_command(
    env: dict[str, str], *args: str, preexec_fn: Callable[[], object] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run `python -m rsvp_service ARGS` from the project with `env` over this process's own."""
    return subprocess.run(
        [sys.executable, "-m", "rsvp_service", *args], cwd=ROOT, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env}, timeout=120, check=False,
        preexec_fn=preexec_fn,
    )


async def query_rows(url: str, sql: str) -> list[tuple[object, ...]]:
    """Run one statement on a service's database from outside it; return the rows."""
    if url.startswith("sqlite://"):
        with sqlite3.connect(url.removeprefix("sqlite://").split("?", 1)[0]) as db:
            rows = db.execute(sql).fetchall()
        db.close()
        return rows
    connection = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await connection.fetch(sql)]
    finally:
        await connection.close()


async def empty_rsvp_tables(url: str) -> None:
    """Delete every RSVP, counter and queued email (a shared database starts each test empty);
    a database without the tables yet is empty already."""
    for table in ("rsvp_cancel_token", "rsvp", "rsvp_slot_count", "mail_outbox"):
        try:
            await query_rows(url, f"DELETE FROM {table}")
        except (asyncpg.UndefinedTableError, sqlite3.OperationalError) as exc:
            if "no such table" not in str(exc) and "does not exist" not in str(exc):
                raise


class ClosingController(Controller):
    """aiosmtpd's Controller that closes its open connections when it stops.

    aiosmtpd's own stop cancels the loop's tasks, including those still setting up a
    connection it has just accepted; the garbage collector closes those sockets later and
    pytest fails the test on the ResourceWarning (seen in CI when the outbox connected just
    as an outage test stopped the server; 4-9 leaks in 200 stops in a loop, 0 with this).
    """

    def __init__(self, handler: Any, **parameters: Any) -> None:
        super().__init__(handler, **parameters)
        self._sessions: list[SMTP] = []

    def factory(self) -> SMTP:
        """Create a session and remember it, to close it on stop."""
        session = super().factory()
        self._sessions.append(session)
        return session

    def stop(self, no_assert: bool = False) -> None:
        """Stop listening, close every session's connection, then stop the loop."""
        if self._thread is not None:
            asyncio.run_coroutine_threadsafe(self._close_connections(), self.loop).result(5)
        super().stop(no_assert)

    async def _close_connections(self) -> None:
        assert self.server is not None
        # Stop accepting first, but keep the server open until the connections it already
        # accepted have their session: on Python 3.11 closing it earlier leaks their sockets.
        for listener in self.server.sockets:
            self.loop.remove_reader(listener.fileno())
        for _ in range(5):
            await asyncio.sleep(0.01)
        for session in self._sessions:
            if session.transport is not None:
                session.transport.close()
        self._sessions.clear()
        self.server.close()
        await asyncio.sleep(0)


MakeClient = Callable[[Settings], AbstractAsyncContextManager[httpx.AsyncClient]]


def rsvp(event_id: str | None = GUEST_SLOT, **overrides: Any) -> dict[str, Any]:
    """An RSVP payload as the site sends it."""
    payload: dict[str, Any] = {
        "email": "ann@example.org",
        "firstName": "Ann",
        "lastName": "Lee",
        "phone": None,
    }
    if event_id is not None:
        payload["eventId"] = event_id
    return payload | overrides


async def token_header(settings: Settings, user_id: int) -> dict[str, str]:
    """Sign the account in (a new session, as a login does); return its x-auth-token header."""
    session = await start_session(user_id)
    return {"x-auth-token": issue_access_token(settings, user_id, session=session.family)}


async def signed_in(settings: Settings, email: str = "kim@example.org", *,
                    verified: bool = True) -> tuple[User, dict]:
    """Create a user (verified unless told) and return it with a fresh access token's header."""
    user = await User.create(name="Kim Park Jones", email=email, phone="314-555-0100",
                             is_verified=verified)
    return user, await token_header(settings, user.id)


def new_rsvp(app: Starlette, slot_id: str, email: str, capacity: int | None = None) -> NewRsvp:
    """An RSVP as POST /api/rsvp hands it to the store."""
    slot = app.state.catalogue.slots[slot_id]
    now = datetime.now(UTC)
    return NewRsvp(
        slot_id=slot.id,
        event=slot.event,
        email=email,
        first_name="Ann",
        last_name="Lee",
        phone=None,
        user_id=None,
        capacity=slot.capacity if capacity is None else capacity,
        created_at=now,
    )


PASSWORD = "correct horse battery staple"


async def register(client: httpx.AsyncClient, email: str = "ann@example.org") -> httpx.Response:
    """Register Ann Lee's account at `email` with PASSWORD (signed in, with a refresh cookie)."""
    body = {"name": "Ann Lee", "email": email, "password": PASSWORD}
    return await client.post("/api/auth/register", json=body)


def registration(email: str = "ann@example.org", **overrides: Any) -> dict[str, Any]:
    """A register payload as the site sends it."""
    return {
        "name": "Ann Lee",
        "role": "volunteer",
        "email": email,
        "password": PASSWORD,
    } | overrides


def build_site(folder: Path) -> Path:
    """Write a tiny built site like the real one (folders with index.html, a 404 page)."""
    (folder / "Coca").mkdir(parents=True)
    (folder / "images").mkdir()
    (folder / "index.html").write_text("<h1>Home</h1>", encoding="utf-8")
    (folder / "Coca" / "index.html").write_text("<h1>COCA</h1>", encoding="utf-8")
    (folder / "404.html").write_text("<h1>Page not found</h1>", encoding="utf-8")
    (folder / "images" / "logo.svg").write_text("<svg/>", encoding="utf-8")
    return folder
