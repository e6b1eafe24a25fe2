"""Shared fixtures for the RSVP service tests (stable names; other test modules rely on them).

- `events_file`: a fixture events.json (guest event `forest-park-cleanup`, account event
  `inclusive-sports-clinic` with three slots, capacity-2 guest event `tiny-workshop`). A module
  marked `pytest.mark.events(write=...)` gets the one `write(folder)` makes instead (the
  follow and consent tests: `follows_testkit.follow_content`, `consent_testkit.consent_content`).
  `CIVIC_NOW_OPEN` is a moment when every fixture slot is still open.
- `db_url` (parametrized "sqlite" / "postgres"): a database URL; every test that uses it, or
  `settings`/`app`/`client`, runs on both, unless its module says `pytestmark =
  pytest.mark.sqlite_only` (then on SQLite alone). PostgreSQL comes from TEST_DATABASE_URL
  (default postgres://postgres@127.0.0.1:5432/test); one database is created per test session
  (per xdist worker) and migrated by its first app; each app's start empties the tables.
  Which to choose: keep both databases when what the test checks passes through SQL that a
  dialect could answer differently (constraints and uniqueness, transactions, locks and
  concurrency, timestamps and time zones, ordering, text case and NUL bytes, migrations: the
  store, waitlist, outbox, reminders, accounts and tokens, organizing). Mark a module
  `sqlite_only` when it checks HTTP behaviour that is settled before or around the database
  (headers, status codes, input validation, rate limits, middleware, static files).
- `process_db_url` (parametrized "sqlite" / "postgres"): a migrated database for service
  processes (`ServiceProcess`): a copy of the worker's `migrated_sqlite`, or the session's
  PostgreSQL; `empty_url` is a database with no tables yet, for the migration tests.
- `mailbox`: a real aiosmtpd SMTP server on loopback; `mailbox.messages` holds the received
  `email.message.EmailMessage`s (`mailbox.raw` their bytes as received) and
  `await mailbox.wait_for(n)` waits for n of them.
- `make_settings(**overrides)`: Settings for the current database and mailbox (MAIL_BACKEND=smtp,
  fast outbox polling and retries, CIVIC_NOW pinned); `settings` is `make_settings()`.
- `make_client(settings, fresh=True)`: an async context manager yielding an httpx.AsyncClient on
  a new app (lifespan run, tables emptied first unless fresh=False); `app` and `client` are the
  defaults for `settings`.
Plain helpers live in support modules, one home each, imported by the tests that need them
(no test imports conftest.py or another test module):
- mail_testkit: `Mailbox`, and `SmtpServer(port)` to start and stop an SMTP server yourself
  (outage tests); tests.ports: `free_port()`.
- app_testkit: `running(app)` (its lifespan, from empty tables) and `client_for(app, peer)`.
- service_testkit: constants (GUEST_SLOT, CLINIC_SLOTS, TINY_SLOT, CIVIC_NOW_OPEN,
  TEST_SECRET_KEY), `eventually(check)`, `a_full_pass(worker)` (the witness that a background
  loop looked again), and `ServiceProcess(service_env(...))` to run `python -m rsvp_service`
  (real uvicorn) in a subprocess.
Run with `python -m pytest` from the repository root (the root must be on sys.path).
"""

from __future__ import annotations

import asyncio
import sqlite3
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, closing
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import httpx
import pytest
from app_testkit import client_for, running
from mail_testkit import Mailbox, SmtpServer
from service_testkit import (
    CIVIC_NOW_OPEN,
    TEST_DATABASE_URL,
    TEST_SECRET_KEY,
    fixture_events,
    new_postgres_database,
    run_command,
    write_content,
)
from starlette.applications import Starlette

from rsvp_service.app.app import create_app
from rsvp_service.settings import Settings
from tests.ports import free_port

# Writes a module's content files into a folder; returns its events.json.
ContentWriter = Callable[[Path], Path]


def fixture_content(folder: Path) -> Path:
    """Write the fixture events.json (and a redirects.json next to it)."""
    return write_content(folder, fixture_events(),
                         redirects=[{"from": "/coca", "to": "/Coca", "status": 301}])


@pytest.fixture(scope="session")
def written_content(tmp_path_factory: pytest.TempPathFactory) -> Callable[[ContentWriter], Path]:
    """Write each module's content once per session; return its events.json."""
    written: dict[ContentWriter, Path] = {}

    def events_of(write: ContentWriter) -> Path:
        if write not in written:
            written[write] = write(tmp_path_factory.mktemp("content"))
        return written[write]

    return events_of


@pytest.fixture(scope="module")
def events_file(request: pytest.FixtureRequest,
                written_content: Callable[[ContentWriter], Path]) -> Path:
    """The module's events.json: by `pytest.mark.events(write=...)`, else the fixture's."""
    marker = request.node.get_closest_marker("events")
    return written_content(marker.kwargs["write"] if marker is not None else fixture_content)


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """Create a fresh PostgreSQL database for this test session and drop it afterwards."""
    name = f"civicstl_test_{uuid.uuid4().hex[:12]}"

    async def run(sql: str) -> None:
        connection = await asyncpg.connect(TEST_DATABASE_URL)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    try:
        asyncio.run(run(f'CREATE DATABASE "{name}"'))
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.fail(f"PostgreSQL at {TEST_DATABASE_URL} is not usable: {exc}")
    yield _with_database(TEST_DATABASE_URL, name)
    asyncio.run(run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A SQLite database file for this test session."""
    return f"sqlite://{tmp_path_factory.mktemp('sqlite') / 'test.sqlite3'}"


DATABASES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run each test that uses `db_url` once per database (SQLite alone when `sqlite_only`),
    unless the test parametrizes `db_url` itself."""
    if "db_url" not in metafunc.fixturenames or any(
        "db_url" in str(mark.args[0]) for mark in metafunc.definition.iter_markers("parametrize")
    ):
        return
    sqlite_only = metafunc.definition.get_closest_marker("sqlite_only") is not None
    metafunc.parametrize("db_url", DATABASES[:1] if sqlite_only else DATABASES, indirect=True)


@pytest.fixture
def db_url(request: pytest.FixtureRequest) -> str:
    """The database URL of the current run: each test runs once per database."""
    if request.param == "sqlite":
        # No fsync per commit: in-process tests cannot tell (only a power cut can), and the
        # service processes' own files (process_db_url) keep the service's FULL.
        return f"{request.getfixturevalue('sqlite_url')}?synchronous=OFF"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def smtp_server() -> Iterator[SmtpServer]:
    """A running SMTP server on a free loopback port."""
    server = SmtpServer(free_port())
    server.start()
    yield server
    server.stop()


@pytest.fixture
def mailbox(smtp_server: SmtpServer) -> Mailbox:
    """The messages the test SMTP server received."""
    return smtp_server.mailbox


@pytest.fixture
def make_settings(
    db_url: str, events_file: Path, smtp_server: SmtpServer, tmp_path: Path
) -> Callable[..., Settings]:
    """Build Settings for the current database and SMTP server, with overrides."""

    def build(**overrides: Any) -> Settings:
        values: dict[str, Any] = {
            "environment": "test",
            "secret_key": TEST_SECRET_KEY,
            "database_url": db_url,
            "events_file": events_file,
            "static_dir": tmp_path / "site",
            "var_dir": tmp_path / "var",
            "site_url": "http://127.0.0.1:8000",
            "mail_backend": "smtp",
            "smtp_host": "127.0.0.1",
            "smtp_port": smtp_server.port,
            "civic_now": CIVIC_NOW_OPEN,
            "outbox_poll_seconds": 0.05,
            "outbox_retry_base_seconds": 0.05,
            "outbox_retry_max_seconds": 0.5,
            # One sender: tests read mail in the order it was queued. Several senders deliver in
            # any order; tests/rsvp_service/mail/test_smtp_relay.py sets them where it tests them.
            "mail_senders": 1,
        }
        values.update(overrides)
        return Settings(_env_file=None, **values)  # type: ignore[call-arg]

    return build


@pytest.fixture
def settings(make_settings: Callable[..., Settings]) -> Settings:
    """Default test settings."""
    return make_settings()


@pytest.fixture
def make_client() -> Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]:
    """Return a factory: `async with make_client(settings) as client:` on a new app.

    Tables are emptied first unless `fresh=False` (to see what an earlier app stored).
    """

    @asynccontextmanager
    async def build(settings: Settings, *, fresh: bool = True) -> AsyncIterator[httpx.AsyncClient]:
        app = create_app(settings)
        async with running(app, fresh=fresh), client_for(app) as client:
            yield client

    return build


@pytest.fixture
async def app(settings: Settings) -> AsyncIterator[Starlette]:
    """A running app (lifespan entered, tables emptied) for the default settings."""
    application = create_app(settings)
    async with running(application):
        yield application


@pytest.fixture
async def client(app: Starlette) -> AsyncIterator[httpx.AsyncClient]:
    """An httpx client bound to `app`."""
    async with client_for(app) as http:
        yield http


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file that `python -m rsvp_service migrate` brought up to date, once per worker."""
    folder = tmp_path_factory.mktemp("migrated")
    path = folder / "civicstl.sqlite3"
    done = run_command({"ENVIRONMENT": "test", "SECRET_KEY": TEST_SECRET_KEY,
                        "DATABASE_URL": f"sqlite://{path}", "VAR_DIR": str(folder / "var")},
                       "migrate")
    assert done.returncode == 0, done.stderr
    return path


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def process_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated database for service processes: a SQLite file of this test, or the session's
    PostgreSQL. The file is a copy, so its service does not apply the 12 migrations again (0.9 s
    of CPU per start); a new database's migrations are the migration tests' (`empty_url`)."""
    if request.param == "sqlite":
        path = tmp_path / "shared.sqlite3"
        template: Path = request.getfixturevalue("migrated_sqlite")
        with closing(sqlite3.connect(template)) as source, closing(sqlite3.connect(path)) as copy:
            source.backup(copy)
        return f"sqlite://{path}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A database with no tables yet: a new SQLite file or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite://{tmp_path / 'old.sqlite3'}"
        return
    async with new_postgres_database("civicstl_migration") as url:
        yield url
