"""End-to-end harness: the built site served by rsvp_service, a real SMTP server, Chromium.

For the whole tests/e2e package (package-scoped, so that sync Playwright's event loop is gone
before other packages' asyncio tests run):
- the built site (`build/site`) and content (`build/content`) must exist (`make build`);
- an aiosmtpd server on loopback keeps every email the service sends (`mailbox`);
- service instances, started the way `make serve` starts them (`python -m rsvp_service`,
  which migrates its database first), each with SQLite in a temporary folder and
  MAIL_BACKEND=smtp pointed at the mailbox: `pinned_server` has CIVIC_NOW before 2025-04-27,
  so both events are still upcoming (the browser clock of its contexts is pinned to the same
  moment); `live_server` runs on the real clock; `restart_server(civic_now, **settings)` starts
  (and restarts) a service of one test's own on its own database; `checkin_server` (started only
  by the tests that use it) is pinned inside a slot's check-in window (issue 14); `paged_server`
  (real clock) serves a site built at start from bench.synth's tree of PAGED_SIZE organizations
  (three pages of the civic index), in which one event asks for a guardian's consent (no real
  event does; `restart_server(civic_now, build=paged_build)` serves it too);
  `development_server` (real clock) runs in development mode without SITE_URL, as `make run`
  does; `google_server` (real clock) has GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET set;
- one headless Chromium (Debian's headless shell, else its full browser);
- for the web editor's journeys, a service serving /admin, and decap-server saving into
  a git copy of content/ (`editor`, see tests/e2e/editor.py).

Per test, `new_session(server)` opens a browser context whose tabs record console errors,
uncaught exceptions, failed requests, HTTP error responses and alerts (see helpers.PageWatch).
On failure the service logs and the tabs' records are attached to the report.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

from bench.synth import make_content
from generator.civic_index import PAGE_SIZE
from tests.e2e.editor import (
    Editor,
    admin_site,
    make_repository,
    reset_repository,
    start_decap_server,
)
from tests.e2e.helpers import (
    BUILD_CONTENT,
    BUILD_SITE,
    CHECKIN_NOW,
    CHROMIUM,
    CHROMIUM_ARGS,
    CONSENT_EVENT,
    PINNED_NOW,
    PYTHON,
    ROOT,
    Mailbox,
    Server,
    Session,
)
from tests.ports import free_port

SECRET_KEY = "e2e-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"
SERVICE_START_SECONDS = 60
# The paged site's size: two full pages of the civic index and part of a third.
PAGED_SIZE = PAGE_SIZE * 2 + 12


# --------------------------------------------------------------------------------------------
# The build
# --------------------------------------------------------------------------------------------
@pytest.fixture(scope="package")
def built() -> None:
    """Fail early, saying how to fix it, when build/site or build/content is missing."""
    required = [
        BUILD_SITE / "index.html",
        BUILD_CONTENT / "events.json",
        BUILD_CONTENT / "routes.json",
        BUILD_CONTENT / "redirects.json",
        BUILD_CONTENT / "organizations.json",
    ]
    missing = [str(path.relative_to(ROOT)) for path in required if not path.exists()]
    if missing:
        pytest.fail(
            "The end-to-end tests need the built site and content; missing: "
            + ", ".join(missing)
            + ". Run `make build` first.",
            pytrace=False,
        )


def _load(name: str) -> Any:
    return json.loads((BUILD_CONTENT / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="package")
def routes(built: None) -> list[dict[str, Any]]:
    """build/content/routes.json (the 47 page and profile routes, then one per event page)."""
    result: list[dict[str, Any]] = _load("routes.json")
    return result


@pytest.fixture(scope="package")
def redirects(built: None) -> list[dict[str, Any]]:
    """build/content/redirects.json (the legacy paths)."""
    result: list[dict[str, Any]] = _load("redirects.json")
    return result


@pytest.fixture(scope="package")
def events(built: None) -> dict[str, Any]:
    """build/content/events.json."""
    result: dict[str, Any] = _load("events.json")
    return result


@pytest.fixture(scope="package")
def organizations(built: None) -> list[dict[str, Any]]:
    """build/content/organizations.json (the civic index)."""
    result: list[dict[str, Any]] = _load("organizations.json")
    return result


# --------------------------------------------------------------------------------------------
# SMTP
# --------------------------------------------------------------------------------------------
@pytest.fixture(scope="package")
def mailbox() -> Iterator[Mailbox]:
    """A real SMTP server (aiosmtpd) on loopback that keeps every message."""
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    box.port = controller.port
    try:
        yield box
    finally:
        controller.stop()


# --------------------------------------------------------------------------------------------
# The service
# --------------------------------------------------------------------------------------------
_SERVERS: list[Server] = []


def _service_env(server_url: str, port: int, workdir: Path, mailbox: Mailbox,
                 site: Path, content: Path) -> dict[str, str]:
    # Settings of the caller's shell (or a .env) must not leak into the run.
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(
            ("DATABASE_", "SMTP_", "MAIL_", "CIVIC_", "SITE_", "CORS_", "REDIS_", "GOOGLE_")
        )
    }
    env.update(
        {
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "VAR_DIR": str(workdir / "var"),
            "DATABASE_URL": f"sqlite://{workdir / 'civicstl.sqlite3'}",
            "MAIL_BACKEND": "smtp",
            "SMTP_HOST": "127.0.0.1",
            "SMTP_PORT": str(mailbox.port),
            "SMTP_STARTTLS": "false",
            "STATIC_DIR": str(site),
            "EVENTS_FILE": str(content / "events.json"),
            "SITE_URL": server_url,
            "SECRET_KEY": SECRET_KEY,
            "RATE_LIMIT_SCALE": "1000",
            # The sender is woken as each mail is queued, so the journeys need no fast polling:
            # the service's own 1 s (at 0.2 s an idle service took twice the CPU: 7 ms a second,
            # and a worker's half-dozen services stay up for the whole run).
            "OUTBOX_POLL_SECONDS": "1",
            "OUTBOX_RETRY_BASE_SECONDS": "0.5",
            "PYTHONUNBUFFERED": "1",
        }
    )
    return env


def _start_server(
    name: str,
    mailbox: Mailbox,
    civic_now: str | None,
    workdir: Path,
    settings: dict[str, str] | None = None,
    *,
    site: Path = BUILD_SITE,
    content: Path = BUILD_CONTENT,
    ready_path: str = "/",
    unset: tuple[str, ...] = (),
) -> Server:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = _service_env(url, port, workdir, mailbox, site, content)
    if civic_now:
        env["CIVIC_NOW"] = civic_now
    env.update(settings or {})
    for key in unset:
        env.pop(key, None)
    server = Server(
        name=name, url=url, civic_now=civic_now, log_path=workdir / "service.log", env=env
    )
    _SERVERS.append(server)
    # `make serve`: the service applies pending migrations itself before it listens (a separate
    # `migrate` process first cost 2.4 s of CPU per start).
    with server.log_path.open("ab") as log:
        server.process = subprocess.Popen(
            [str(PYTHON), "-m", "rsvp_service"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + SERVICE_START_SECONDS
    while True:
        if server.process.poll() is not None:
            pytest.fail(
                f"rsvp_service ({name}) exited with {server.process.returncode}:\n"
                + server.log_tail(),
                pytrace=False,
            )
        try:
            with urllib.request.urlopen(url + ready_path, timeout=2) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            _stop_server(server)
            pytest.fail(
                f"rsvp_service ({name}) did not answer on {url} within "
                f"{SERVICE_START_SECONDS} s:\n{server.log_tail()}",
                pytrace=False,
            )
        time.sleep(0.1)


def _stop_server(server: Server) -> None:
    process = server.process
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)


@pytest.fixture(scope="package")
def _tmp_root() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="civicstl-e2e-") as folder:
        yield Path(folder)


def _server_fixture(
    name: str, civic_now: str | None, mailbox: Mailbox, root: Path, **options: Any
) -> Iterator[Server]:
    workdir = root / name
    workdir.mkdir()
    server = _start_server(name, mailbox, civic_now, workdir, **options)
    try:
        yield server
    finally:
        _stop_server(server)


@pytest.fixture(scope="package")
def pinned_server(built: None, mailbox: Mailbox, _tmp_root: Path) -> Iterator[Server]:
    """The service with CIVIC_NOW pinned before 2025-04-27: both events are upcoming."""
    yield from _server_fixture("pinned", PINNED_NOW, mailbox, _tmp_root)


@pytest.fixture(scope="package")
def live_server(built: None, mailbox: Mailbox, _tmp_root: Path) -> Iterator[Server]:
    """The service on the real clock."""
    yield from _server_fixture("live", None, mailbox, _tmp_root)


@pytest.fixture
def restart_server(
    built: None, mailbox: Mailbox, _tmp_root: Path
) -> Iterator[Callable[..., Server]]:
    """Start a service of the test's own; each call stops the one before and starts a new
    process on the same SQLite database (a restart), with the given CIVIC_NOW and settings,
    serving `build` (site, content) if given, else the real build."""
    workdir = Path(tempfile.mkdtemp(prefix="restarted-", dir=_tmp_root))
    running: list[Server] = []
    runs = itertools.count(1)

    def restart(civic_now: str | None, build: tuple[Path, Path] | None = None,
                **settings: str) -> Server:
        if running:
            _stop_server(running.pop())
        # Every run appends to the same log; the failure report shows it under the last run.
        if _SERVERS and _SERVERS[-1].log_path.parent == workdir:
            _SERVERS.pop()
        name = f"{workdir.name}, run {next(runs)}"
        site, content = build or (BUILD_SITE, BUILD_CONTENT)
        running.append(_start_server(name, mailbox, civic_now, workdir, settings,
                                     site=site, content=content))
        return running[0]

    yield restart
    for server in running:
        _stop_server(server)


@pytest.fixture(scope="package")
def development_server(built: None, mailbox: Mailbox, _tmp_root: Path) -> Iterator[Server]:
    """The service as `PORT=<port> make run` starts it: APP_ENV=development, with neither
    SITE_URL nor SECRET_KEY set (so both take their development defaults)."""
    yield from _server_fixture("development", None, mailbox, _tmp_root,
                               settings={"APP_ENV": "development"},
                               unset=("SITE_URL", "SECRET_KEY", "ENVIRONMENT"))


@pytest.fixture(scope="package")
def checkin_server(built: None, mailbox: Mailbox, _tmp_root: Path) -> Iterator[Server]:
    """The service with CIVIC_NOW 20 minutes into CHECKIN_SLOT: RSVPs still open, check-in open."""
    yield from _server_fixture("checkin", CHECKIN_NOW, mailbox, _tmp_root)


@pytest.fixture(scope="package")
def _editor_setup(built: None, mailbox: Mailbox, _tmp_root: Path) -> Iterator[Editor]:
    workdir = _tmp_root / "editor"
    workdir.mkdir()
    repo = make_repository(workdir)
    # The site first: decap-server's guard answers only the origin /admin is served from.
    decap_port = free_port()
    server = _start_server("editor", mailbox, None, workdir,
                           site=admin_site(workdir, decap_port), ready_path="/admin")
    try:
        decap = start_decap_server(repo, decap_port, workdir, server.url)
        _SERVERS.append(decap.server)
        try:
            yield Editor(repo, decap, server)
        finally:
            decap.stop()
    finally:
        _stop_server(server)


@pytest.fixture
def editor(_editor_setup: Editor) -> Editor:
    """The web editor (/admin) on a service of its own, saving through decap-server into a git
    copy of content/ that is back at its first commit for each test (tests/e2e/editor.py)."""
    reset_repository(_editor_setup.repo)
    return _editor_setup


def _build_site(size: int, root: Path,
                adjust: Callable[[Path], None] | None = None) -> tuple[Path, Path]:
    """Build a synthetic tree of `size` organizations (bench.synth), changed by `adjust`, the
    way `make build` does, from a copy of site/ (its node_modules and ../admin linked), so the
    real build/ and site/dist stay as they are; return (site, content)."""
    tree = make_content(size, root / "tree", ROOT / "content")
    if adjust is not None:
        adjust(tree)
    content, site, source = root / "content", root / "site", root / "site-src"
    subprocess.run([str(PYTHON), "-m", "generator", "build", "--content", str(tree),
                    "--out", str(content)], cwd=ROOT, check=True, capture_output=True,
                   timeout=300)
    shutil.copytree(ROOT / "site", source,
                    ignore=shutil.ignore_patterns("node_modules", "dist", "generated"))
    os.symlink(ROOT / "site" / "node_modules", source / "node_modules")
    # The build adds the web editor from ../admin (Decap CMS's bundle), beside the copy too.
    os.symlink(ROOT / "admin", root / "admin")
    built = subprocess.run(["npm", "run", "--silent", "build"], cwd=source, capture_output=True,
                           text=True, timeout=600, check=False,
                           env={**os.environ, "CONTENT_DIR": str(content),
                                "SITE_OUT_DIR": str(site)})
    if built.returncode != 0:
        pytest.fail(f"The site of {size} organizations did not build:\n{built.stderr[-3000:]}",
                    pytrace=False)
    return site, content


@pytest.fixture(scope="package")
def google_server(built: None, mailbox: Mailbox, _tmp_root: Path) -> Iterator[Server]:
    """The service on the real clock with Google sign-in configured (never reached: no test
    follows the button to Google)."""
    yield from _server_fixture("google", None, mailbox, _tmp_root, settings={
        "GOOGLE_CLIENT_ID": "civicstl-e2e.apps.googleusercontent.com",
        "GOOGLE_CLIENT_SECRET": "e2e-client-secret"})


def _ask_guardian_consent(tree: Path) -> None:
    """Make the daffodil planting (guest RSVPs, two slots) ask for a guardian's consent and
    take one volunteer per slot, so that the consent journeys fill a slot with one RSVP."""
    path = tree / "events" / f"{CONSENT_EVENT}.yaml"
    text = path.read_text(encoding="utf-8")
    changed = text.replace("\ncapacity: 25\n", "\ncapacity: 1\n").replace(
        "\nbefore_you_go:\n", "\nbefore_you_go:\n  guardian_consent: true\n")
    assert changed.count("guardian_consent") == 1 and "capacity: 1\n" in changed, (
        f"{path.name} no longer reads as the consent journeys expect: update the fixture")
    path.write_text(changed, encoding="utf-8")


@pytest.fixture(scope="package")
def paged_build(_tmp_root: Path) -> tuple[Path, Path]:
    """(site, content) of PAGED_SIZE synthetic organizations: the civic index has three pages;
    CONSENT_EVENT asks for a guardian's consent, one seat per slot (the same build serves both,
    one site build fewer)."""
    return _build_site(PAGED_SIZE, _tmp_root / "paged-build", _ask_guardian_consent)


@pytest.fixture(scope="package")
def paged_server(paged_build: tuple[Path, Path], mailbox: Mailbox,
                 _tmp_root: Path) -> Iterator[Server]:
    """The service on the real clock, serving the paged build."""
    site, content = paged_build
    yield from _server_fixture("paged", None, mailbox, _tmp_root, site=site, content=content)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep the journeys that use the paged build on one xdist worker (`--dist loadgroup`),
    which builds it once; the other journeys spread over the workers one by one.

    A journey mostly waits on the browser and the service, so spreading them lets the workers
    run other tests meanwhile. Fresh-clone runs of pytest: all journeys on one worker 26.8 min,
    each file on one worker 24.3 min, spread one by one 18.2 min (an earlier day; pytest 9.2,
    which ignored the marks). Each worker starts the servers its journeys use (about 6 s of CPU
    each). test_worker_grouping.py checks that xdist honours the marks."""
    here = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(here) and "paged_build" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("e2e-paged"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """On an e2e failure, attach the service logs and the tabs' records to the report."""
    report = yield
    if report.failed and item.path.is_relative_to(Path(__file__).parent):
        for number, watch in enumerate(getattr(item, "_e2e_watches", []), 1):
            report.sections.append((f"tab {number}: console, requests, alerts", watch.describe()))
        for server in _SERVERS:
            report.sections.append((f"rsvp_service log ({server.name})", server.log_tail()))
    return report


# --------------------------------------------------------------------------------------------
# The browser
# --------------------------------------------------------------------------------------------
@pytest.fixture(scope="package")
def playwright_instance() -> Iterator[Playwright]:
    """Playwright's sync API (every e2e test and fixture is sync: no event-loop conflicts)."""
    expect.set_options(timeout=10_000)
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="package")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: install it with `apt-get install "
                    "chromium-headless-shell` (or `chromium`), or set CHROMIUM_PATH.",
                    pytrace=False)
    instance = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield instance
    finally:
        instance.close()


@pytest.fixture
def new_session(
    browser: Browser, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Session]]:
    """Factory of fresh browser contexts on a server; the browser clock starts at `clock`,
    else at the server's CIVIC_NOW, else it is the real one; `locale` is the browser's language."""
    sessions: list[Session] = []

    def make(
        server: Server,
        *,
        width: int = 1280,
        height: int = 900,
        scale: float = 1,
        clock: str | None = None,
        javascript: bool = True,
        locale: str = "en-US",
    ) -> Session:
        context = browser.new_context(
            base_url=server.url,
            java_script_enabled=javascript,
            viewport={"width": width, "height": height},
            device_scale_factor=scale,
            locale=locale,
            timezone_id="America/Chicago",
        )
        context.set_default_timeout(10_000)
        context.set_default_navigation_timeout(20_000)
        moment = clock or server.civic_now
        if moment and javascript:
            # Time still flows (timers run) from the pinned moment.
            context.clock.install(time=datetime.fromisoformat(moment))
        session = Session(context=context, server=server, item=request.node)
        sessions.append(session)
        return session

    yield make
    for session in sessions:
        session.context.close()
