"""The site through deploy/Caddyfile in a browser: Debian's Caddy, with its internal CA for https
on a loopback name, in front of the service; register, RSVP and sign in, all over https."""

from __future__ import annotations

import dataclasses
import os
import re
import socket
import ssl
import subprocess
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.helpers import (
    PASSWORD,
    PINNED_NOW,
    ROOT,
    Account,
    Mailbox,
    Server,
    field_by_label,
    sign_in,
    unique_email,
    visit,
    wait_path,
)
from tests.e2e.steps import card_of, guest_event
from tests.ports import free_port

pytestmark = pytest.mark.e2e

NAME = "civicstl.localhost"


def _serves_tls(port: int) -> bool:
    """Whether Caddy completes a TLS handshake for NAME on `port`: its listener opens before its
    internal CA has issued the certificate, and a handshake then fails (seen once in CI)."""
    tls = ssl.create_default_context()
    tls.check_hostname = False
    tls.verify_mode = ssl.CERT_NONE
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as sock, \
                tls.wrap_socket(sock, server_hostname=NAME):
            return True
    except (OSError, ssl.SSLError):
        return False


@pytest.fixture
def behind_caddy(restart_server: Callable[..., Server], tmp_path: Path) -> Iterator[Server]:
    """A service of this test's own with Caddy in front; the Server's url is Caddy's."""
    https_port = free_port()
    url = f"https://{NAME}:{https_port}"
    server = restart_server(PINNED_NOW, SITE_URL=url, FORWARDED_ALLOW_IPS="127.0.0.1")
    env = {
        **os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"), "CIVICSTL_DOMAIN": NAME,
        "CIVICSTL_HTTP_PORT": str(free_port()), "CIVICSTL_HTTPS_PORT": str(https_port),
        "CIVICSTL_CADDY_ADMIN": f"localhost:{free_port()}",
        "CIVICSTL_UPSTREAMS": f"127.0.0.1:{urlsplit(server.url).port}",
    }
    log = tmp_path / "caddy.log"
    with log.open("wb") as output:
        caddy = subprocess.Popen(
            ["caddy", "run", "--config", str(ROOT / "deploy" / "Caddyfile"),
             "--adapter", "caddyfile"], env=env, stdout=output, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while caddy.poll() is None and time.monotonic() < deadline:
            if _serves_tls(https_port):
                break
            time.sleep(0.1)
        else:
            pytest.fail(f"caddy did not start:\n{log.read_text(errors='replace')}")
        yield dataclasses.replace(server, url=url)
    finally:
        caddy.terminate()
        caddy.wait(timeout=15)


def test_register_rsvp_and_sign_in_over_https_through_caddy(
    behind_caddy: Server, browser: Browser, mailbox: Mailbox, events: dict[str, Any]
) -> None:
    account = Account(name="Rowan Ellis", email=unique_email("caddy"), password=PASSWORD)
    title = guest_event(events)["title"]
    alerts: list[str] = []

    def context() -> Any:
        # Caddy's internal CA is not in the browser's store: this context accepts it.
        made = browser.new_context(base_url=behind_caddy.url, ignore_https_errors=True,
                                   locale="en-US", timezone_id="America/Chicago")
        made.set_default_timeout(15_000)
        made.clock.install(time=datetime.fromisoformat(PINNED_NOW))
        return made

    first = context()
    try:
        page = first.new_page()
        page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.accept()))
        visit(page, "/register")
        field_by_label(page, r"^\s*(full )?name").fill(account.name)
        field_by_label(page, r"^\s*email").fill(account.email)
        page.get_by_label("Password", exact=True).fill(account.password)
        field_by_label(page, r"(verify|confirm).*password").fill(account.password)
        page.get_by_role(
            "button", name=re.compile(r"^\s*(sign up|register|create account)\s*$", re.I)
        ).click()
        wait_path(page, "/dashboard")

        visit(page, "/features")
        card_of(page, title).locator("xpath=.//button").click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label("First Name").fill("Rowan")
        dialog.get_by_label("Last Name").fill("Ellis")
        dialog.get_by_label("Email Address").fill(account.email)
        dialog.get_by_role("button", name="Submit RSVP").click()
        for _ in range(100):
            if any(text.startswith("Thank you for your RSVP") for text in alerts):
                break
            page.wait_for_timeout(100)
        assert any(text.startswith("Thank you for your RSVP") for text in alerts), alerts
    finally:
        first.close()

    second = context()
    try:
        page = second.new_page()
        visit(page, "/login")
        sign_in(page, account)
        wait_path(page, "/dashboard")
        expect(page.locator("main").get_by_text(account.name).first).to_be_visible()
        assert page.url.startswith(f"https://{NAME}:")
        cookies = second.cookies()
        assert cookies and all(cookie["secure"] for cookie in cookies)
    finally:
        second.close()

    assert mailbox.wait_for(account.email, title) is not None  # the RSVP's confirmation
