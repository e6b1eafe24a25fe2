"""deploy/Caddyfile for real: Debian's caddy, with its internal CA for https on a loopback name,
in front of `python -m rsvp_service serve --no-worker` and `worker` (real processes).

A journey over https (register, RSVP, sign in, see the RSVP), rate limits keyed on the visitor's
address rather than Caddy's, the site's cache headers kept, /metrics not served through Caddy,
and request headers that take longer than Caddy's defaults but less than the service's own
deadline not cut off."""

from __future__ import annotations

import asyncio
import os
import socket
import ssl
import subprocess
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from deploy_testkit import NAME, LoopbackName, wait_for_https
from mail_testkit import VERIFY, SmtpServer, token_in
from service_testkit import (
    CLINIC_SLOTS,
    PASSWORD,
    ROOT,
    ServiceProcess,
    empty_rsvp_tables,
    query_rows,
    registration,
    rsvp,
    service_env,
)

from tests.ports import free_port


@dataclass
class Site:
    """Caddy and the service behind it."""

    url: str
    https_port: int
    root_ca: Path
    database_url: str

    def client(self, local_address: str = "127.0.0.1") -> httpx.AsyncClient:
        """An https client that trusts Caddy's internal CA, connecting from `local_address`."""
        context = ssl.create_default_context(cafile=str(self.root_ca))
        transport = LoopbackName(verify=context, local_address=local_address)
        return httpx.AsyncClient(transport=transport, base_url=self.url, timeout=30,
                                 headers={"origin": self.url})


@pytest.fixture
def site(process_db_url: str, events_file: Path, smtp_server: SmtpServer,
         tmp_path: Path) -> Iterator[Site]:
    """Caddy (deploy/Caddyfile) on free loopback ports in front of a web process and a worker."""
    asyncio.run(empty_rsvp_tables(process_db_url))
    https_port = free_port()
    url = f"https://{NAME}:{https_port}"
    static = tmp_path / "site"
    (static / "assets").mkdir(parents=True)
    (static / "index.html").write_text("<!doctype html><title>CivicSTL</title>", "utf-8")
    (static / "assets" / "app-1234abcd.js").write_text("console.log(1)", "utf-8")
    env = service_env(port=free_port(), database_url=process_db_url, events_file=events_file,
                      var_dir=tmp_path / "var", smtp_port=smtp_server.port)
    env |= {"SITE_URL": url, "FORWARDED_ALLOW_IPS": "127.0.0.1", "RATE_LIMIT_SCALE": "1",
            "BACKGROUND_TASKS": "separate", "STATIC_DIR": str(static)}
    web = ServiceProcess(env, log_path=tmp_path / "web.log", arguments=["serve", "--no-worker"])
    # One at a time, as deploy/README.md does: only PostgreSQL serialises two migrations.
    web.wait_ready()
    worker = ServiceProcess(env, log_path=tmp_path / "worker.log", arguments=["worker"])
    caddy_log = tmp_path / "caddy.log"
    caddy_env = {
        **os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"), "CIVICSTL_DOMAIN": NAME,
        "CIVICSTL_HTTP_PORT": str(free_port()), "CIVICSTL_HTTPS_PORT": str(https_port),
        "CIVICSTL_CADDY_ADMIN": f"localhost:{free_port()}",
        "CIVICSTL_UPSTREAMS": f"127.0.0.1:{env['PORT']}",
    }
    with caddy_log.open("wb") as log:
        caddy = subprocess.Popen(
            ["caddy", "run", "--config", str(ROOT / "deploy" / "Caddyfile"),
             "--adapter", "caddyfile"], env=caddy_env, stdout=log, stderr=subprocess.STDOUT)
    try:
        root_ca = tmp_path / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        wait_for_https(https_port, root_ca, caddy, caddy_log)
        yield Site(url, https_port, root_ca, process_db_url)
    finally:
        caddy.terminate()
        caddy.wait(timeout=15)
        worker.stop()
        web.stop()


async def test_register_rsvp_and_sign_in_over_https(site: Site, smtp_server: SmtpServer) -> None:
    # Accounts outlive a test in the worker's shared PostgreSQL database (the site empties only
    # the RSVP tables), so the address is this run's own.
    email = f"kim.{uuid.uuid4().hex[:8]}@example.org"
    async with site.client() as http:
        registered = await http.post("/api/auth/register", json=registration(email))
        assert registered.status_code == 201, registered.text
        token = registered.json()["accessToken"]
        # Account events take verified accounts: the link the worker mailed.
        [verification] = await smtp_server.mailbox.wait_for(1, seconds=30)
        verified = await http.get("/api/auth/verify",
                                  params={"token": token_in(verification, VERIFY)})
        assert verified.status_code == 200, verified.text
        answer = await http.post("/api/rsvp", json=rsvp(CLINIC_SLOTS[0]),
                                 headers={"x-auth-token": token})
        http.cookies.clear()
        login = await http.post("/api/auth/login",
                                json={"email": email, "password": PASSWORD})
        mine = await http.get("/api/me/rsvps",
                              headers={"x-auth-token": login.json()["accessToken"]})
        asset = await http.get("/assets/app-1234abcd.js")
        page = await http.get("/")
        metrics = await http.get("/metrics")
    await smtp_server.mailbox.wait_for(2, seconds=30)  # the worker sent verification + RSVP

    assert registered.status_code == 201
    assert answer.status_code == 201
    assert login.status_code == 200
    # The service knows it is served over https (X-Forwarded-Proto): Secure cookie and HSTS.
    assert "secure" in login.headers["set-cookie"].lower()
    assert "max-age=" in login.headers["strict-transport-security"]
    assert [r["eventId"] for r in mine.json()["rsvps"]] == [CLINIC_SLOTS[0]]
    assert asset.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert page.headers["cache-control"] == "no-cache"
    assert metrics.status_code == 404
    rows = await query_rows(site.database_url, "SELECT email FROM rsvp")
    assert rows == [(email,)]


async def test_rate_limits_key_on_the_visitor_not_on_caddy(site: Site) -> None:
    # Two visitors on different loopback addresses; Caddy reaches the service from 127.0.0.1.
    async with site.client("127.0.0.2") as first, site.client("127.0.0.3") as second:
        spent = [(await first.post("/api/auth/register", json={})).status_code
                 for _ in range(10)]
        limited = await first.post("/api/auth/register", json=registration("a@example.org"))
        other = await second.post("/api/auth/register", json=registration("b@example.org"))

    assert spent == [422] * 10  # register-ip allows 10 an hour per address
    assert limited.status_code == 429
    assert other.status_code == 201


# Timing: headers trickle in over real seconds to stay inside two other processes' deadlines
# (Caddy's and the service's), which no library moves from here.
@pytest.mark.timing
def test_slow_request_headers_within_the_services_deadline_are_not_cut(site: Site) -> None:
    # Headers trickling in over 6 s: inside the service's 10 s deadline (and Caddy's 15 s).
    context = ssl.create_default_context(cafile=str(site.root_ca))
    with socket.create_connection(("127.0.0.1", site.https_port), timeout=30) as raw, \
            context.wrap_socket(raw, server_hostname=NAME) as tls:
        tls.sendall(f"GET /api/config HTTP/1.1\r\nHost: {NAME}\r\n".encode())
        for _ in range(3):
            time.sleep(2)
            tls.sendall(b"X-Slow: 1\r\n")
        tls.sendall(b"Connection: close\r\n\r\n")
        answer = b""
        while chunk := tls.recv(65536):
            answer += chunk

    assert answer.startswith(b"HTTP/1.1 200")
    assert answer.endswith(b'{"google":false}')
