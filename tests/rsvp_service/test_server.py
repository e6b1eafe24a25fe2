"""`python -m rsvp_service` under real uvicorn: idle connections are bounded, proxies trusted."""

from __future__ import annotations

import gc
import selectors
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from conftest import SmtpServer, free_port, running
from service_testkit import GUEST_SLOT, ServiceProcess, service_env

from rsvp_service.app import create_app
from rsvp_service.server import HEADER_TIMEOUT, create_served_app
from rsvp_service.settings import Settings

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

IDLE_CONNECTIONS = 1100


@pytest.fixture
def start_service(
    db_url: str, events_file: Path, smtp_server: SmtpServer, tmp_path: Path
) -> Iterator[Callable[..., ServiceProcess]]:
    """Start `python -m rsvp_service` with extra environment; stopped after the test."""
    started: list[ServiceProcess] = []

    def start(**extra: str) -> ServiceProcess:
        env = service_env(port=free_port(), database_url=db_url, events_file=events_file,
                          var_dir=tmp_path / f"var{len(started)}", smtp_port=smtp_server.port)
        service = ServiceProcess({**env, **extra},
                                 log_path=tmp_path / f"service{len(started)}.log")
        started.append(service)
        service.wait_ready()
        return service

    yield start
    for service in started:
        service.stop()


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
    service = start_service(FORWARDED_ALLOW_IPS="127.0.0.1", RATE_LIMIT_SCALE="1")

    def post(client_ip: str, n: int) -> int:
        response = httpx.post(
            f"{service.base_url}/api/rsvp",
            json={"eventId": GUEST_SLOT, "firstName": "Ann", "email": f"v{n}@example.org"},
            headers={"x-forwarded-for": client_ip},
            timeout=10,
        )
        return response.status_code

    statuses = [post("203.0.113.5", n) for n in range(31)]

    assert statuses[:30] == [201] * 30
    assert statuses[30] == 429
    assert post("203.0.113.6", 99) == 201


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_without_a_trusted_proxy_forwarded_headers_are_ignored(
    start_service: Callable[..., ServiceProcess],
) -> None:
    service = start_service(RATE_LIMIT_SCALE="1")
    statuses = [
        httpx.post(
            f"{service.base_url}/api/rsvp",
            json={"eventId": GUEST_SLOT, "firstName": "Ann", "email": f"w{n}@example.org"},
            headers={"x-forwarded-for": f"198.51.100.{n}"},  # a new "client" every time
            timeout=10,
        ).status_code
        for n in range(31)
    ]

    assert statuses[30] == 429


async def test_only_the_served_app_freezes_the_garbage_collector(
    settings: Settings, events_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process apps (the tests') skip gc.collect + gc.freeze; what uvicorn serves keeps it."""
    async with running(create_app(settings)):
        assert gc.get_freeze_count() == 0
    async with running(create_app(settings, freeze_gc=True)):
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    env = service_env(port=free_port(), database_url=settings.database_url,
                      events_file=events_file, var_dir=tmp_path / "var", smtp_port=free_port())
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert create_served_app().state.freeze_gc is True
