"""Shared pieces of the end-to-end tests: mailbox, server handle, page recorder, UI helpers."""

from __future__ import annotations

import email
import email.policy
import json
import os
import re
import subprocess
import threading
import time
import urllib.error
import urllib.request
import uuid
import weakref
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Dialog,
    Error,
    Locator,
    Page,
    Request,
    Response,
    expect,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
BUILD_SITE = ROOT / "build" / "site"
BUILD_CONTENT = ROOT / "build" / "content"
PYTHON = ROOT / ".venv" / "bin" / "python"
# Debian's Chromium as its headless shell, the build Playwright itself runs headless tests on:
# without the browser's own UI, the journeys took 4.4 min and 263 s of CPU, against 6.1 min and
# 315 s in the full browser. The full browser where the shell is not installed.
CHROMIUM = os.environ.get("CHROMIUM_PATH") or next(
    (path for path in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
     if Path(path).exists()), "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Both events are upcoming at this moment (the cleanup is 2025-04-27, 1-3 PM Chicago time).
PINNED_NOW = "2025-04-20T10:00:00-05:00"
# 20 minutes into a 90-minute slot of Doorways (2027-01-16, 10:00-11:30 AM Chicago time): RSVPs are
# still taken and check-in is open (it opens an hour before the start).
CHECKIN_SLOT = "doorways-welcome-kits-10-00-11-30-am"
CHECKIN_NOW = "2027-01-16T10:20:00-06:00"
# The event that the paged build (conftest's paged_build) makes ask for a guardian's consent.
CONSENT_EVENT = "brightside-daffodil-planting"
# Long and unusual enough for any reasonable password policy.
PASSWORD = "Trail-Mix-Forest-2025!"


# --------------------------------------------------------------------------------------------
# Email
# --------------------------------------------------------------------------------------------
class Mailbox:
    """aiosmtpd handler keeping every message received, with a blocking wait."""

    def __init__(self) -> None:
        self.port = 0
        self._messages: list[tuple[list[str], EmailMessage]] = []
        self._cond = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self._cond:
            self._messages.append(([rcpt.lower() for rcpt in envelope.rcpt_tos], message))
            self._cond.notify_all()
        return "250 Message accepted for delivery"

    def messages_to(self, address: str) -> list[EmailMessage]:
        """Every message delivered to `address` so far."""
        address = address.lower()
        with self._cond:
            return [msg for rcpts, msg in self._messages if address in rcpts]

    def wait_for(
        self, address: str, subject: str = "", *, count: int = 1, timeout: float = 20.0
    ) -> EmailMessage:
        """Wait for the `count`-th message to `address` whose subject contains `subject`."""
        deadline = time.monotonic() + timeout

        def matching() -> list[EmailMessage]:
            return [
                msg
                for msg in self.messages_to(address)
                if subject.lower() in str(msg.get("Subject", "")).lower()
            ]

        with self._cond:
            while len(found := matching()) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    subjects = [str(m.get("Subject")) for m in self.messages_to(address)]
                    raise AssertionError(
                        f"no email #{count} to {address} with a subject containing {subject!r} "
                        f"within {timeout:.0f} s; that address received: {subjects}"
                    )
                self._cond.wait(remaining)
        return found[count - 1]


def body_text(message: EmailMessage) -> str:
    """The text/plain body (or the HTML one, tags stripped) of a message."""
    part = message.get_body(preferencelist=("plain", "html"))
    assert part is not None, "the email has no text or HTML body"
    content = str(part.get_content())
    if part.get_content_type() == "text/html":
        content = re.sub(r"<[^>]+>", " ", content)
    return content


def attachments(message: EmailMessage) -> list[tuple[str, str, bytes]]:
    """(filename, content type, decoded payload) of every attachment."""
    result = []
    for part in message.iter_attachments():
        payload = part.get_payload(decode=True)
        result.append((part.get_filename() or "", part.get_content_type(), bytes(payload or b"")))
    return result


# --------------------------------------------------------------------------------------------
# The service
# --------------------------------------------------------------------------------------------
@dataclass
class Server:
    """A running `python -m rsvp_service` (site + API) on one port."""

    name: str
    url: str
    civic_now: str | None
    log_path: Path
    process: subprocess.Popen[bytes] | None = None
    # Its environment (the same database and settings for `python -m rsvp_service ...`).
    env: dict[str, str] = field(default_factory=dict)

    def log_tail(self, lines: int = 150) -> str:
        """The last lines of the service's output."""
        if not self.log_path.exists():
            return "(no log)"
        text = self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
        return "\n".join(text[-lines:])

    def api(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        """Call the API directly (set-up and cross-checks); returns (status, JSON or text)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json", "Origin": self.url, **(headers or {})},
        )
        try:
            with urllib.request.urlopen(request, timeout=15) as response:
                raw, status = response.read(), response.status
        except urllib.error.HTTPError as error:
            raw, status = error.read(), error.code
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, raw.decode(errors="replace")


# --------------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------------
@dataclass
class PageWatch:
    """What one tab reported: console errors, exceptions, failed requests, HTTP errors, alerts."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    error_responses: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def reset(self) -> None:
        """Forget the problems recorded so far (between routes)."""
        for items in (
            self.console_errors,
            self.page_errors,
            self.failed_requests,
            self.error_responses,
        ):
            items.clear()

    def problems(self) -> list[str]:
        """Console errors, uncaught exceptions, failed requests and HTTP error responses."""
        return [
            *(f"console error: {text}" for text in self.console_errors),
            *(f"uncaught exception: {text}" for text in self.page_errors),
            *(f"failed request: {text}" for text in self.failed_requests),
            *(f"HTTP error response: {text}" for text in self.error_responses),
        ]

    def describe(self) -> str:
        """A readable dump for failure reports."""
        lines = self.problems() + [f"dialog: {text}" for text in self.dialogs]
        return "\n".join(lines) or "(nothing)"

    def attach(self, page: Page) -> None:
        """Start recording `page`; alerts are accepted and their text kept."""

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                location = message.location or {}
                text = message.text if len(message.text) < 240 else message.text[:240] + "..."
                self.console_errors.append(f"{text} @ {location.get('url', '')}")

        def on_request_failed(request: Request) -> None:
            # Leaving a page aborts its pending requests; that is not a failure of the page.
            if request.failure == "net::ERR_ABORTED" and request.resource_type != "document":
                return
            self.failed_requests.append(f"{request.method} {request.url}: {request.failure}")

        def on_response(response: Response) -> None:
            if response.status >= 400:
                self.error_responses.append(
                    f"{response.request.method} {response.url} -> {response.status}"
                )

        def on_dialog(dialog: Dialog) -> None:
            self.dialogs.append(dialog.message)
            try:
                dialog.accept()
            except Error:
                pass

        page.on("console", on_console)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on("requestfailed", on_request_failed)
        page.on("response", on_response)
        page.on("dialog", on_dialog)

    def wait_dialog(self, page: Page, text: str, timeout: float = 10.0) -> None:
        """Wait until an alert containing `text` has been shown."""
        deadline = time.monotonic() + timeout
        while not any(text in message for message in self.dialogs):
            if time.monotonic() > deadline:
                raise AssertionError(f"no alert saying {text!r}; alerts shown: {self.dialogs}")
            page.wait_for_timeout(100)


@dataclass
class Session:
    """A browser context on one server, with recorded tabs."""

    context: BrowserContext
    server: Server
    item: pytest.Item
    watches: dict[Page, PageWatch] = field(default_factory=dict)

    def new_page(self) -> Page:
        """Open a recorded tab."""
        page = self.context.new_page()
        _traffic(page)  # before the first page load: settle must see its requests
        watch = PageWatch()
        watch.attach(page)
        self.watches[page] = watch
        self.item._e2e_watches = list(self.watches.values())  # type: ignore[attr-defined]
        return page

    def watch(self, page: Page) -> PageWatch:
        """The recorder of `page`."""
        return self.watches[page]


# --------------------------------------------------------------------------------------------
# Accounts and forms
# --------------------------------------------------------------------------------------------
def unique_email(prefix: str) -> str:
    """A fresh address for one journey."""
    return f"{prefix}-{uuid.uuid4().hex[:10]}@example.com"


@dataclass
class Account:
    """A registered user."""

    name: str
    email: str
    password: str


def register_account(server: Server, name: str, prefix: str) -> Account:
    """Create an account through the API (set-up for journeys that start signed up)."""
    account = Account(name=name, email=unique_email(prefix), password=PASSWORD)
    status, body = server.api(
        "POST",
        "/api/auth/register",
        {"name": name, "role": "volunteer", "email": account.email, "password": PASSWORD},
    )
    assert status in (200, 201), f"registering {account.email} through the API: {status} {body}"
    return account


def verify_account(server: Server, mailbox: Mailbox, account: Account) -> None:
    """Verify an account through the link its verification email carries (roles need it)."""
    text = body_text(mailbox.wait_for(account.email, "verify"))
    match = re.search(r"/verify\?token=([\w\-.~%]+)", text)
    assert match, f"the verification email to {account.email} has no /verify?token=... link"
    status, body = server.api("GET", f"/api/auth/verify?token={match.group(1)}")
    assert status == 200, f"verifying {account.email}: {status} {body}"


def verified_account(server: Server, mailbox: Mailbox, name: str, prefix: str) -> Account:
    """Register and verify an account (RSVPs to account events and minors' RSVPs need it)."""
    account = register_account(server, name, prefix)
    verify_account(server, mailbox, account)
    return account


def field_by_label(page: Page, pattern: str) -> Locator:
    """The one form field whose label matches `pattern` (a case-insensitive regex)."""
    return page.get_by_label(re.compile(pattern, re.IGNORECASE))


def login_fields(page: Page) -> tuple[Locator, Locator, Locator]:
    """(email, password, submit) of the Sign In form."""
    email_input = field_by_label(page, r"^\s*email")
    password_input = field_by_label(page, r"^\s*password")
    submit = page.get_by_role("button", name=re.compile(r"^\s*(sign in|log in|login)\s*$", re.I))
    return email_input, password_input, submit


def sign_in(page: Page, account: Account, password: str | None = None) -> None:
    """Fill and submit the Sign In form on the current page."""
    email_input, password_input, submit = login_fields(page)
    email_input.fill(account.email)
    password_input.fill(password if password is not None else account.password)
    submit.click()


class _Traffic:
    """The requests one tab has in flight, and when one last started or ended."""

    def __init__(self, page: Page) -> None:
        self.pending: set[Request] = set()
        self.last = time.monotonic()
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)
        # A client-side route change loads no document, and may load nothing at all.
        page.on("framenavigated", lambda frame: self.touch())

    def touch(self) -> None:
        """Count now as activity: the quiet window starts again."""
        self.last = time.monotonic()

    def _started(self, request: Request) -> None:
        self.pending.add(request)
        self.touch()

    def _ended(self, request: Request) -> None:
        self.pending.discard(request)
        self.touch()

    def quiet_for(self) -> float:
        """Seconds since the last activity, 0 while a request is in flight."""
        return 0.0 if self.pending else time.monotonic() - self.last


_TRAFFIC: weakref.WeakKeyDictionary[Page, _Traffic] = weakref.WeakKeyDictionary()


def _traffic(page: Page) -> _Traffic:
    """The request recorder of `page`, started on first use."""
    if page not in _TRAFFIC:
        _TRAFFIC[page] = _Traffic(page)
    return _TRAFFIC[page]


# The page's own signal that it can be used: an interactive page (its nav script carries
# data-hydrates) marks <html data-hydrated> once its forms respond (pages/+onHydrationEnd.ts); a
# content page has no framework to wait for.
_READY = """() => document.readyState === 'complete' && (
  !document.querySelector('script[data-hydrates]')
  || document.documentElement.hasAttribute('data-hydrated'))"""
# Quiet after the page is ready: what the app does once hydrated (fetch its configuration or the
# signed-in user, apply a filter from the URL, redirect) starts within that time. Playwright's
# "networkidle" waits 500 ms after every page load, and its docs advise against it in tests.
_QUIET = 0.15


def settle(page: Page, timeout: float = 15.0) -> None:
    """Wait until the tab is ready to use (hydrated, where it hydrates) and quiet for _QUIET."""
    traffic = _traffic(page)
    deadline = time.monotonic() + timeout
    while True:
        try:
            page.wait_for_function(
                _READY, polling=50, timeout=max(deadline - time.monotonic(), 0.001) * 1000)
        except PlaywrightTimeoutError:
            raise AssertionError(
                f"{page.url} did not become ready within {timeout:.0f} s: an interactive page "
                "marks <html data-hydrated> once the app has started; see the tab's errors"
            ) from None
        traffic.touch()
        while traffic.quiet_for() < _QUIET:
            if time.monotonic() > deadline:
                pending = ", ".join(f"{r.method} {r.url}" for r in traffic.pending)
                raise AssertionError(f"{page.url} still loads after {timeout:.0f} s: {pending}")
            page.wait_for_timeout(25)
        try:
            # Again, after the events delivered meanwhile: a redirect may have started.
            if page.evaluate(_READY) and traffic.quiet_for() >= _QUIET:
                return
        except Error:  # the tab is between two documents: wait for the next one
            pass


def visit(page: Page, path: str) -> None:
    """Open `path` and wait until the page is ready, as a person would before typing."""
    # Before React hydrates, text typed into a form is kept but buttons do nothing yet (a form's
    # submit waits; see test_before_hydration.py), which would make the journeys race the page's
    # own start-up.
    _traffic(page)
    page.goto(path)
    settle(page)


def wait_path(page: Page, path: str, timeout: float = 10_000) -> None:
    """Wait until the tab is at `path` (query string ignored)."""
    page.wait_for_url(
        re.compile(r"^https?://[^/]+" + re.escape(path) + r"/?(\?.*)?(#.*)?$"), timeout=timeout
    )


def register_in_browser(page: Page, name: str, email: str, register_url: str = "/register") -> None:
    """Sign up through the Register form (at `register_url`) and land on the dashboard."""
    visit(page, register_url)
    field_by_label(page, r"^\s*(full )?name").fill(name)
    field_by_label(page, r"^\s*email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    field_by_label(page, r"(verify|confirm).*password").fill(PASSWORD)
    page.get_by_role("button", name=re.compile(r"^\s*(sign up|register|create account)\s*$",
                                               re.I)).click()
    wait_path(page, "/dashboard")


def verification_link(mailbox: Mailbox, email: str) -> str:
    """The /verify?token=... link of the verification email sent to `email`."""
    text = body_text(mailbox.wait_for(email, "verify"))
    link = re.search(r"https?://\S+/verify\?token=[\w\-.~%]+", text)
    assert link, f"the verification email to {email} has no /verify?token=... link: {text}"
    return link.group(0)


def current_path(page: Page) -> str:
    """The current path (with query) of the tab."""
    match = re.match(r"https?://[^/]+(/[^#]*)?", page.url)
    return (match.group(1) if match else None) or "/"


# --------------------------------------------------------------------------------------------
# Text that may only flash before a redirect
# --------------------------------------------------------------------------------------------
SEEN_TEXT_SCRIPT = """
(() => {
  const KEY = '__e2e_seen_text';
  const record = () => {
    try {
      const text = document.body ? document.body.innerText : '';
      const seen = JSON.parse(sessionStorage.getItem(KEY) || '[]');
      if (seen[seen.length - 1] !== text) {
        seen.push(text.slice(0, 4000));
        sessionStorage.setItem(KEY, JSON.stringify(seen.slice(-300)));
      }
    } catch (e) {}
  };
  new MutationObserver(record).observe(
    document, {subtree: true, childList: true, characterData: true});
  addEventListener('DOMContentLoaded', record);
})();
"""


def record_seen_text(page: Page) -> None:
    """Remember every text the tab shows, across navigations (read with `wait_seen`)."""
    page.add_init_script(SEEN_TEXT_SCRIPT)


def _seen_text(page: Page) -> str:
    try:
        current = page.evaluate("document.body ? document.body.innerText : ''")
        seen = page.evaluate("JSON.parse(sessionStorage.getItem('__e2e_seen_text') || '[]')")
    except Error:  # the tab is between two documents
        return ""
    return "\n".join([*seen, current])


def wait_seen(page: Page, text: str, timeout: float = 10.0) -> None:
    """Wait until the tab has shown `text` at some moment (it may have navigated away since)."""
    deadline = time.monotonic() + timeout
    while text not in _seen_text(page):
        if time.monotonic() > deadline:
            raise AssertionError(
                f"the page never showed {text!r}; at {page.url} it shows:\n"
                + page.inner_text("body")[:1500]
            )
        page.wait_for_timeout(100)


def expect_text(page: Page, text: str | re.Pattern[str], timeout: float = 10_000) -> None:
    """Assert that `text` is visible somewhere on the page."""
    expect(page.get_by_text(text).first).to_be_visible(timeout=timeout)


# --------------------------------------------------------------------------------------------
# Accessibility
# --------------------------------------------------------------------------------------------
def axe_violations(page: Page, axe: Axe, label: str) -> list[str]:
    """axe-core's violations on what `page` shows, each named with `label`."""
    results = axe.run(page)
    found = []
    for violation in results.response["violations"]:
        targets = [", ".join(node["target"]) for node in violation["nodes"][:3]]
        found.append(f"{label}: {violation['id']} ({violation['impact']}): {violation['help']} "
                     f"at {targets}")
    return found
