"""`python -m rsvp_service` under real uvicorn: idle connections are bounded, proxies trusted."""

from __future__ import annotations

import asyncio
import gc
import inspect
import json
import math
import os
import resource
import select
import selectors
import signal
import socket
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from app_testkit import running
from limits import parse
from mail_testkit import SmtpServer
from service_testkit import GUEST_SLOT, ServiceProcess, build_site, frozen_clock, service_env
from starlette.types import Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from rsvp_service.app.app import create_app
from rsvp_service.app.connections import (
    BUSY,
    BUSY_RETRY_AFTER,
    CLIENT_BUSY,
    CLIENT_SHARE,
    HEADER_TIMEOUT,
    SHUTDOWN_GRACE,
    GuardedHttpProtocol,
    client_network,
)
from rsvp_service.app.server import RESERVED_FILES, create_served_app
from rsvp_service.settings import Settings
from rsvp_service.web.ratelimit import LIMITS
from tests.ports import free_port

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

IDLE_CONNECTIONS = 1100
# The proxy tests scale the limits down: "rsvp-ip" (30/minute) becomes 3 RSVPs a minute per client.
SCALE = 0.1
RSVPS_PER_MINUTE = math.ceil(parse(LIMITS["rsvp-ip"]).amount * SCALE)
# The limiter's sliding window counts per clock minute and weighs the previous minute's count by
# the part of it still inside the window, so a burst that crosses a minute boundary may rightly
# get one more request through (a fresh-clone CI run failed on exactly that). The proxy tests'
# services keep their wall clock still, inside one minute.
IN_ONE_MINUTE = frozen_clock("2025-04-01T12:00:30+00:00")


@pytest.fixture
def start_service(
    db_url: str, events_file: Path, smtp_server: SmtpServer, tmp_path: Path
) -> Iterator[Callable[..., ServiceProcess]]:
    """Start `python -m rsvp_service` with extra environment; stopped after the test."""
    started: list[ServiceProcess] = []

    def start(*, open_files: tuple[int, int] | None = None, **extra: str) -> ServiceProcess:
        env = service_env(port=free_port(), database_url=db_url, events_file=events_file,
                          var_dir=tmp_path / f"var{len(started)}", smtp_port=smtp_server.port)
        service = ServiceProcess({**env, **extra}, open_files=open_files,
                                 log_path=tmp_path / f"service{len(started)}.log")
        started.append(service)
        service.wait_ready()
        return service

    yield start
    for service in started:
        service.stop()


def _wait_for(fact: Callable[[], bool], what: str, seconds: float = 15.0) -> None:
    """Poll `fact` until it holds; fail after `seconds`."""
    deadline = time.monotonic() + seconds
    while not fact():
        assert time.monotonic() < deadline, f"after {seconds} s, still not: {what}"
        time.sleep(0.02)


def _accept_queue(port: int) -> int:
    """How many connections to the listening `port` wait for the server's accept()."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        # For a listening socket (state 0A), the receive queue is its accept backlog.
        if fields[1].endswith(f":{port:04X}") and fields[3] == "0A":
            return int(fields[4].split(":")[1], 16)
    raise AssertionError(f"nothing listens on port {port}")


def _all_closed_by_peer(sockets: list[socket.socket], seconds: float) -> int:
    """Wait until the server closed every socket; return how many it closed in time."""
    selector = selectors.DefaultSelector()
    for sock in sockets:
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
    closed = 0
    deadline = time.monotonic() + seconds
    while closed < len(sockets) and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.5):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                data = sock.recv(1024)
            except ConnectionResetError:
                data = b""
            if not data:
                closed += 1
                selector.unregister(sock)
    selector.close()
    return closed


# Timing: the service's header deadline runs on its own clock, in its own process, so the test
# waits it out; a slow machine can only make the connections close later, never earlier.
@pytest.mark.timing
@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_idle_connections_do_not_take_the_service_down_and_are_closed(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service()
    idle = []
    try:
        for _ in range(IDLE_CONNECTIONS):
            idle.append(socket.create_connection(("127.0.0.1", service.port), timeout=5))
        # A slow drip of headers is cut off just the same.
        idle[0].sendall(b"GET /api/rsvp HTTP/1.1\r\nHost: x\r\n")
        opened = time.monotonic()

        answer = httpx.get(f"{service.base_url}/api/rsvp", timeout=5)
        assert answer.status_code == 200

        closed = _all_closed_by_peer(idle, HEADER_TIMEOUT + 10)
        assert closed == IDLE_CONNECTIONS
        assert time.monotonic() - opened >= HEADER_TIMEOUT - 1  # not closed before their time
        assert httpx.get(f"{service.base_url}/api/rsvp", timeout=5).status_code == 200
    finally:
        for sock in idle:
            sock.close()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_behind_a_trusted_proxy_rate_limits_see_the_real_client(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service(FORWARDED_ALLOW_IPS="127.0.0.1", RATE_LIMIT_SCALE=str(SCALE),
                            **IN_ONE_MINUTE)

    def post(client_ip: str, n: int) -> int:
        response = httpx.post(
            f"{service.base_url}/api/rsvp",
            json={"eventId": GUEST_SLOT, "firstName": "Ann", "email": f"v{n}@example.org"},
            headers={"x-forwarded-for": client_ip},
            timeout=10,
        )
        return response.status_code

    statuses = [post("203.0.113.5", n) for n in range(RSVPS_PER_MINUTE + 1)]

    assert statuses[:RSVPS_PER_MINUTE] == [201] * RSVPS_PER_MINUTE
    assert statuses[RSVPS_PER_MINUTE] == 429
    assert post("203.0.113.6", 99) == 201


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_without_a_trusted_proxy_forwarded_headers_are_ignored(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service(RATE_LIMIT_SCALE=str(SCALE), **IN_ONE_MINUTE)
    statuses = [
        httpx.post(
            f"{service.base_url}/api/rsvp",
            json={"eventId": GUEST_SLOT, "firstName": "Ann", "email": f"w{n}@example.org"},
            headers={"x-forwarded-for": f"198.51.100.{n}"},  # a new "client" every time
            timeout=10,
        ).status_code
        for n in range(RSVPS_PER_MINUTE + 1)
    ]

    assert statuses[RSVPS_PER_MINUTE] == 429


def _raw_get(port: int, target: str) -> tuple[int, dict[str, str], bytes]:
    """GET a request target exactly as written (no client-side normalising); return the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        raw = b""
        while chunk := sock.recv(65536):
            raw += chunk
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines)
    return int(status_line.split()[1]), headers, body


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_editor_policy_follows_the_file_served_not_the_path_asked_for(
    start_service: Callable[..., ServiceProcess], tmp_path: Path
) -> None:
    site = build_site(tmp_path / "site")
    (site / "admin").mkdir()
    (site / "admin" / "index.html").write_text("<h1>Editor</h1>", encoding="utf-8")
    service = start_service(STATIC_DIR=str(site))
    traversals = ["/admin%2f..%2findex.html", "/admin%2F..%2Findex.html",
                  "/admin%5c..%5cindex.html", "/admin%252f..%252findex.html",
                  "/admin/../index.html", "/admin/..%2findex.html", "/admin/%2e%2e/index.html"]

    for target in traversals:
        status, headers, body = _raw_get(service.port, target)
        assert status in (200, 404), target
        assert body in (b"<h1>Home</h1>", b"<h1>Page not found</h1>"), target
        assert "'unsafe-eval'" not in headers["content-security-policy"], target
        assert "api.github.com" not in headers["content-security-policy"], target
        assert headers["cross-origin-opener-policy"] == "same-origin", target
    status, headers, body = _raw_get(service.port, "/admin/")
    assert (status, body) == (200, b"<h1>Editor</h1>")
    assert "script-src 'self' 'unsafe-eval';" in headers["content-security-policy"]
    assert headers["cross-origin-opener-policy"] == "same-origin-allow-popups"


def _rsvp_head(length: int) -> bytes:
    return (f"POST /api/rsvp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {length}\r\n\r\n").encode()


def _read_to_close(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (fails on a 10 s silence)."""
    sock.settimeout(10)
    raw = b""
    try:
        while chunk := sock.recv(65536):
            raw += chunk
    except ConnectionResetError:
        pass
    return raw


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_dripping_body_is_cut_off_and_a_vanished_client_is_one_log_line(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service(BODY_TIMEOUT="1")
    body = json.dumps({"eventId": GUEST_SLOT, "firstName": "Drip",
                       "email": "dripping.volunteer@example.org"}).encode()
    # A client that leaves halfway through its body.
    with socket.create_connection(("127.0.0.1", service.port), timeout=5) as gone:
        gone.sendall(_rsvp_head(len(body)) + body[:20])
    with socket.create_connection(("127.0.0.1", service.port), timeout=5) as drip:
        drip.sendall(_rsvp_head(len(body)))
        sent, served = 0, None
        # One byte every 0.1 s would take over 8 s; the server answers long before.
        while sent < len(body) and not select.select([drip], [], [], 0.1)[0]:
            drip.sendall(body[sent:sent + 1])
            sent += 1
            if sent == 3:  # meanwhile, everyone else is served
                # The worker's database keeps earlier tests' RSVPs: a new address each run.
                served = httpx.post(f"{service.base_url}/api/rsvp", timeout=5, json={
                    "eventId": GUEST_SLOT, "firstName": "Ann",
                    "email": f"ann-{uuid.uuid4().hex[:8]}@example.org"})
        answer = _read_to_close(drip)

    assert sent < len(body)
    assert served is not None and served.status_code == 201
    status_line, _, rest = answer.partition(b"\r\n")
    assert status_line == b"HTTP/1.1 408 Request Timeout"
    assert b"\r\nconnection: close\r\n" in rest.lower()
    assert b"The request took too long to arrive" in rest
    service.stop()
    log = service.log_path.read_text(encoding="utf-8")
    assert "Traceback" not in log and "Exception" not in log
    assert "dripping.volunteer" not in log and "Drip" not in log
    timed_out = [line for line in log.splitlines() if "took over 1 s to arrive" in line]
    assert timed_out == [
        "WARNING rsvp_service.web.middleware: A request body took over 1 s to arrive "
        "(POST /api/rsvp); answered 408 and closed the connection."]
    left = [line for line in log.splitlines() if "disconnected" in line]
    assert left == ["INFO rsvp_service.web.errors: The client disconnected before sending the "
                    "whole request body of POST /api/rsvp."]


# open_files=(256, 256): a cap of (256 - RESERVED_FILES) // 2 connections, 1/CLIENT_SHARE each.
CAP = (256 - RESERVED_FILES) // 2
SHARE = CAP // CLIENT_SHARE


def _connect(port: int, source: str) -> socket.socket:
    """A connection to the service from `source`, one of loopback's many addresses (127/8)."""
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))


def _get(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """GET /api/config on a kept-alive connection; return the status, headers and body."""
    sock.sendall(b"GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n")
    raw = b""
    while b"\r\n\r\n" not in raw:
        chunk = sock.recv(4096)
        assert chunk, "the connection closed before an answer"
        raw += chunk
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines)
    while len(body) < int(headers["content-length"]):
        body += sock.recv(4096)
    return int(status_line.split()[1]), headers, body


def _idle_connections(port: int, sources: list[str], each: int) -> list[socket.socket]:
    """`each` connections from every source, each idle after one answered request."""
    idle = []
    for source in sources:
        for _ in range(each):
            idle.append(_connect(port, source))
            assert _get(idle[-1])[0] == 200
    return idle


def _from(source: str) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=5)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_at_the_cap_idle_connections_are_closed_first_so_a_new_visitor_is_served(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service(open_files=(256, 256))
    # Eight clients hold every connection the service may open, each idle between requests.
    idle = _idle_connections(service.port, [f"127.0.1.{n}" for n in range(1, 9)], SHARE)
    try:
        assert len(idle) == CAP
        # Answered within the client's 5 s timeout, far inside the 65 s keep-alive timeout: the
        # room was made at once, not by an idle connection timing out.
        with _from("127.0.2.1") as visitor:
            answer = visitor.get(f"{service.base_url}/api/config")
        assert answer.status_code == 200
        assert _all_closed_by_peer(idle, 2) >= 1  # an idle connection made room
    finally:
        for sock in idle:
            sock.close()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_one_address_holds_at_most_its_share_and_the_rest_are_told_in_json(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service(open_files=(256, 256))
    held, answers = [], []
    try:
        for _ in range(SHARE + 5):
            # uvicorn trusts 127.0.0.1 as a proxy by default; no proxy is configured here.
            sock = _connect(service.port, "127.0.0.1")
            answers.append(_get(sock))
            held.append(sock)
        with _from("127.0.3.2") as neighbour:
            assert neighbour.get(f"{service.base_url}/api/config").status_code == 200
        refused = answers[SHARE:]
        closed = _all_closed_by_peer(held[SHARE:], 5)
    finally:
        for sock in held:
            sock.close()

    assert [status for status, _, _ in answers[:SHARE]] == [200] * SHARE
    assert [status for status, _, _ in refused] == [503] * 5
    for _, headers, body in refused:
        assert headers["content-type"] == "application/json"
        assert headers["retry-after"] == BUSY_RETRY_AFTER
        assert headers["connection"] == "close"
        assert json.loads(body) == {"error": CLIENT_BUSY}
    assert closed == 5


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_trusted_proxy_carries_many_clients_and_may_hold_more_than_one_share(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service(open_files=(256, 256), FORWARDED_ALLOW_IPS="127.0.3.9")
    held = [_connect(service.port, "127.0.3.9") for _ in range(SHARE + 5)]
    try:
        statuses = [_get(sock)[0] for sock in held]
    finally:
        for sock in held:
            sock.close()

    assert statuses == [200] * (SHARE + 5)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_one_address_opening_ever_more_connections_takes_neither_descriptors_nor_others_turns(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service(open_files=(256, 256))
    flood = [_connect(service.port, "127.0.6.1") for _ in range(3 * CAP)]  # all silent
    try:
        with _from("127.0.6.2") as visitor:
            answer = visitor.get(f"{service.base_url}/api/config")
        descriptors = len(os.listdir(f"/proc/{service.process.pid}/fd"))
    finally:
        for sock in flood:
            sock.close()

    assert answer.status_code == 200
    assert descriptors < 256 - RESERVED_FILES


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_at_the_cap_with_nothing_idle_the_503_is_json_with_retry_after(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service(open_files=(256, 256))
    # Connections that have not asked anything yet may have their request on its way: kept.
    silent = [_connect(service.port, f"127.0.4.{n}")
              for n in range(1, 9) for _ in range(SHARE)]
    try:
        with _from("127.0.5.1") as visitor:
            answer = visitor.get(f"{service.base_url}/api/config")
        assert _all_closed_by_peer(silent, 0.5) == 0
    finally:
        for sock in silent:
            sock.close()

    assert answer.status_code == 503
    assert answer.headers["retry-after"] == BUSY_RETRY_AFTER
    assert answer.json() == {"error": BUSY}
    assert BUSY.endswith("Please try again in a few seconds.")
    # Once the silent connections are gone, everyone is served again.
    for _ in range(50):
        if httpx.get(f"{service.base_url}/api/config", timeout=5).status_code == 200:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("still refused after the silent connections closed")


async def test_the_connection_guard_still_fits_uvicorn() -> None:
    """GuardedHttpProtocol relies on uvicorn internals; this fails first when they change."""
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        raise AssertionError("no request is made")

    config = uvicorn.Config(app, limit_concurrency=7)
    config.load()
    protocol = GuardedHttpProtocol(config=config, server_state=ServerState(), app_state={})

    # uvicorn's own cap is off on this connection, and this protocol keeps it.
    assert (protocol.limit_concurrency, protocol.connection_cap) == (None, 7)
    check = inspect.getsource(HttpToolsProtocol.on_headers_complete)
    assert "self.limit_concurrency is not None" in check and "app = self.app" in check
    # An idle keep-alive connection is one whose keep-alive timer is armed.
    assert "self.timeout_keep_alive_task = self.loop.call_later" in inspect.getsource(
        HttpToolsProtocol.on_response_complete)
    assert protocol.timeout_keep_alive_task is None
    assert protocol.connections is protocol.server_state.connections
    assert client_network(("2001:db8:1:2:3:4:5:6", 1)) == "2001:db8:1:2::/64"
    assert client_network(("::ffff:203.0.113.5", 1)) == "203.0.113.5"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_soft_open_file_limit_is_raised_to_the_hard_one_and_logged_once(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service(open_files=(128, 512))

    assert resource.prlimit(service.process.pid, resource.RLIMIT_NOFILE) == (512, 512)
    service.stop()
    lines = [line for line in service.log_path.read_text(encoding="utf-8").splitlines()
             if "open-file limit" in line.lower()]
    assert lines == ["INFO rsvp_service.app.server: Open-file limit 512 (hard 512): at most "
                     f"{(512 - RESERVED_FILES) // 2} connections per worker, then 503."]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_request_on_a_connection_accepted_just_before_a_stop_is_answered(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service()
    with socket.create_connection(("127.0.0.1", service.port), timeout=10) as sock:
        _wait_for(lambda: _accept_queue(service.port) == 0,
                  "accepted by the service, as Caddy's connections are")
        service.process.send_signal(signal.SIGTERM)  # a release restarts this process
        _wait_for(lambda: "Shutting down" in service.log_path.read_text(encoding="utf-8"),
                  "the stop has begun")
        sock.sendall(b"GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk

    assert answer.startswith(b"HTTP/1.1 200")
    assert answer.endswith(b'{"google":false}')  # then the connection was closed
    assert service.process.wait(timeout=15) == -signal.SIGTERM  # uvicorn re-raises it
    assert SHUTDOWN_GRACE < HEADER_TIMEOUT


async def test_only_the_served_app_freezes_the_garbage_collector(
    settings: Settings, events_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process apps (the tests') skip gc.collect + gc.freeze; what uvicorn serves keeps it,
    through the ASGI lifespan messages, as uvicorn runs it."""
    async with running(create_app(settings)):
        assert gc.get_freeze_count() == 0
    env = service_env(port=free_port(), database_url=settings.database_url,
                      events_file=events_file, var_dir=tmp_path / "var", smtp_port=free_port())
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    served = create_served_app()
    messages: asyncio.Queue[Message] = asyncio.Queue()
    sent: list[str] = []
    frozen_when_started: list[int] = []

    async def send(message: Message) -> None:
        sent.append(message["type"])
        if message["type"] == "lifespan.startup.complete":
            frozen_when_started.append(gc.get_freeze_count())

    await messages.put({"type": "lifespan.startup"})
    await messages.put({"type": "lifespan.shutdown"})
    await served({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}},
                 messages.get, send)

    assert sent == ["lifespan.startup.complete", "lifespan.shutdown.complete"]
    assert frozen_when_started[0] > 0
    assert gc.get_freeze_count() == 0
