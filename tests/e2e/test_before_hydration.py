"""Before the app has started, the prerendered pages already work: nothing typed is lost.

Most tests hold back the app's entry script (the page stays the prerendered HTML, with only the
nav script running) while the visitor types, submits or arrives, then let it load if needed. The
slow-phone tests delay every script by 2 s, throttle the CPU four times and act as soon as the
page has been parsed: what the visitor did goes through once the app has started.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e.helpers import (
    PASSWORD,
    Account,
    Server,
    Session,
    field_by_label,
    login_fields,
    register_account,
    settle,
    unique_email,
    wait_path,
)

pytestmark = pytest.mark.e2e

# Vike's client entry (an ES module; the nav script is a classic one, src/nav.js).
APP_ENTRY = re.compile(r"/assets/entries/entry-[^/]*\.js$")
APP_MODULES = re.compile(r"/assets/(entries|chunks)/[^/]*\.js$")
OAUTH_FAILED = "OAuth authentication failed. Please try again."


class HeldApp:
    """Holds the requests for the app's entry script until `release`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        page.route(APP_ENTRY, lambda route: self.routes.append(route))

    def goto(self, path: str) -> None:
        """Open `path` up to its parsed HTML (the held app keeps the load event from firing)."""
        self.page.goto(path, wait_until="domcontentloaded")

    def wait_requested(self) -> None:
        """Wait until the page has asked for the app, which is being held."""
        deadline_ms = 10_000
        while not self.routes and deadline_ms > 0:
            self.page.wait_for_timeout(50)
            deadline_ms -= 50
        assert self.routes, "the page never requested the app's entry script"
        assert not self.hydrated(), "the app started although its entry script is held"

    def hydrated(self) -> bool:
        return bool(self.page.evaluate("document.documentElement.hasAttribute('data-hydrated')"))

    def release(self) -> None:
        """Let the app load and wait until it has hydrated."""
        for route in self.routes:
            route.continue_()
        self.page.unroute(APP_ENTRY)
        expect(self.page.locator("html[data-hydrated]")).to_have_count(1)


def test_sign_in_typed_before_hydration(
    pinned_server: Server, new_session: Callable[..., Session]
) -> None:
    """Typed into the prerendered Sign In form and submitted before the app starts: signed in."""
    account = register_account(pinned_server, "Jordan Lee", "early-login")
    page = new_session(pinned_server).new_page()
    app = HeldApp(page)
    app.goto("/login")
    app.wait_requested()

    email_input, password_input, _submit = login_fields(page)
    email_input.press_sequentially(account.email)
    password_input.press_sequentially(account.password)
    # Submitting now must not reload the page (which would empty the form): it waits for the app.
    password_input.press("Enter")
    page.wait_for_timeout(300)
    assert page.url.endswith("/login"), f"the early submit navigated to {page.url}"
    expect(email_input).to_have_value(account.email)

    app.release()
    # The held submit goes through by itself, once.
    wait_path(page, "/dashboard")
    expect(page.locator("main").get_by_text(account.name).first).to_be_visible()


def test_register_typed_before_hydration(
    pinned_server: Server, new_session: Callable[..., Session]
) -> None:
    """Typed into the prerendered Register form before the app starts: every field is kept."""
    account = Account(name="Riley Chen", email=unique_email("early-register"), password=PASSWORD)
    page = new_session(pinned_server).new_page()
    app = HeldApp(page)
    app.goto("/register")
    app.wait_requested()

    fields = {
        r"^\s*(full )?name": account.name,
        r"^\s*email": account.email,
        r"^\s*password": account.password,
        r"^\s*(verify|confirm)": account.password,
    }
    for label, value in fields.items():
        field_by_label(page, label).press_sequentially(value)

    app.release()
    for label, value in fields.items():
        expect(field_by_label(page, label)).to_have_value(value)
    page.get_by_role("button", name=re.compile(r"^\s*register\s*$", re.I)).click()
    wait_path(page, "/dashboard")
    expect(page.locator("main").get_by_text(account.name).first).to_be_visible()


@pytest.mark.parametrize("path", ["/login", "/register"])
def test_oauth_error_shown_before_hydration(
    path: str, live_server: Server, new_session: Callable[..., Session]
) -> None:
    """?error=oauth_error's message shows with the page; the app keeps it; an edit clears it."""
    page = new_session(live_server).new_page()
    app = HeldApp(page)
    app.goto(f"{path}?error=oauth_error")
    app.wait_requested()
    expect(page.get_by_role("alert")).to_have_text(OAUTH_FAILED)

    app.release()
    page.wait_for_timeout(200)  # the app's own effect has run
    expect(page.get_by_role("alert")).to_have_text(OAUTH_FAILED)
    field_by_label(page, r"^\s*email").press_sequentially("a")
    expect(page.get_by_text(OAUTH_FAILED)).to_be_hidden()


def test_rsvp_notice_shown_before_hydration(
    pinned_server: Server, new_session: Callable[..., Session]
) -> None:
    """/login?from=rsvp says why before the app starts, and without it says nothing."""
    page = new_session(pinned_server).new_page()
    app = HeldApp(page)
    app.goto("/login?from=rsvp&eventId=x")
    app.wait_requested()
    expect(page.get_by_role("status")).to_have_text("Please sign in to RSVP for the event.")
    app.release()
    expect(page.get_by_role("status")).to_have_text("Please sign in to RSVP for the event.")

    page.goto("/login")
    settle(page)
    expect(page.get_by_text("Please sign in to RSVP for the event.")).to_be_hidden()


@pytest.mark.parametrize(
    ("path", "lands_on"),
    [("/dashboard", r"/$"), ("/auth/callback", r"/login/?\?error=oauth_error$")],
)
def test_redirects_without_the_app(
    path: str, lands_on: str, live_server: Server, new_session: Callable[..., Session]
) -> None:
    """Signed out on /dashboard, or no token on /auth/callback: redirected without the app."""
    page = new_session(live_server).new_page()
    # Every module of the app (entries and chunks) fails: the redirect must not need any of them.
    page.route(APP_MODULES, lambda route: route.abort())
    page.goto(path, wait_until="commit")
    page.wait_for_url(re.compile(lands_on))
    if path == "/auth/callback":
        expect(page.get_by_text(OAUTH_FAILED)).to_be_visible()
