"""A slow phone: every script arrives 2 s late, the CPU runs four times slower, and the visitor acts
as soon as the page has been parsed. What they did goes through once the app has started."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route, expect

from tests.e2e.helpers import (
    PASSWORD,
    Server,
    Session,
    field_by_label,
    login_fields,
    register_account,
    unique_email,
    wait_path,
)

pytestmark = pytest.mark.e2e

SCRIPT_DELAY_MS = 2_000
ENTRY_EXTRA_MS = 3_000
CPU_SLOWDOWN = 4
SIGN_IN_TO_RSVP = "Please sign in to RSVP for the event."


def slow_phone(page: Page) -> None:
    """Delay every script by SCRIPT_DELAY_MS (the app's entry ENTRY_EXTRA_MS more); slow the CPU."""

    def late(route: Route) -> None:
        # The app's entry comes ENTRY_EXTRA_MS after the other scripts: arriving with the nav
        # script, it could start the app before the test acts on a loaded machine (seen in CI).
        extra = ENTRY_EXTRA_MS if "/entries/" in route.request.url else 0
        try:
            page.wait_for_timeout(SCRIPT_DELAY_MS + extra)
            route.continue_()
        except PlaywrightError:
            # A script asked for after the app started (the API client's, on its first call)
            # may still be held back when the test ends and closes the page: nothing to deliver.
            if not page.is_closed():
                raise

    page.route(re.compile(r"\.js(\?.*)?$"), late)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})


def arrive(page: Page, path: str) -> None:
    """Open `path` on the slow phone and return as soon as its HTML has been parsed."""
    slow_phone(page)
    page.goto(path, wait_until="domcontentloaded")
    assert not page.evaluate("document.documentElement.hasAttribute('data-hydrated')"), (
        "the app had already started: the test would not show what happens before"
    )


def test_sign_in_submitted_at_once(
    pinned_server: Server, new_session: Callable[..., Session]
) -> None:
    """Credentials filled and Enter pressed right away (as a password manager does): signed in."""
    account = register_account(pinned_server, "Avery Brooks", "slow-login")
    page = new_session(pinned_server).new_page()
    arrive(page, "/login")
    email_input, password_input, _submit = login_fields(page)
    email_input.fill(account.email)
    password_input.fill(account.password)
    password_input.press("Enter")
    wait_path(page, "/dashboard", timeout=30_000)
    expect(page.locator("main").get_by_text(account.name).first).to_be_visible()


def test_empty_sign_in_says_what_is_missing(
    pinned_server: Server, new_session: Callable[..., Session]
) -> None:
    """Enter on the empty form before the app has started: the spec's message once it has."""
    page = new_session(pinned_server).new_page()
    arrive(page, "/login")
    _email, password_input, _submit = login_fields(page)
    password_input.press("Enter")
    expect(page.get_by_text("Please fill out all fields")).to_be_visible(timeout=30_000)


def test_register_submitted_at_once(
    pinned_server: Server, new_session: Callable[..., Session]
) -> None:
    """The Register form filled and submitted right away: the account exists, signed in."""
    name, email = "Casey Morgan", unique_email("slow-register")
    page = new_session(pinned_server).new_page()
    arrive(page, "/register")
    field_by_label(page, r"^\s*(full )?name").fill(name)
    field_by_label(page, r"^\s*email").fill(email)
    field_by_label(page, r"^\s*password").fill(PASSWORD)
    verify = field_by_label(page, r"^\s*(verify|confirm)")
    verify.fill(PASSWORD)
    verify.press("Enter")
    wait_path(page, "/dashboard", timeout=30_000)
    expect(page.locator("main").get_by_text(name).first).to_be_visible()


def test_popup_rsvp_pressed_at_once(
    pinned_server: Server, events: dict[str, Any], new_session: Callable[..., Session]
) -> None:
    """The popup event's RSVP pressed right away on its page: the form opens once the app is up."""
    event = next(e for e in events["events"] if e["slug"] == events["guest_rsvp_event"])
    page = new_session(pinned_server).new_page()
    arrive(page, event["path"])
    # Pressed before the script, it is the HTML's disclosure that opens; the enhancement turns
    # an open disclosure into the open dialog. Pressed after, it is the enhancement's button.
    page.locator("main").locator(
        "details.popup-rsvp > summary, button[aria-haspopup=dialog]").first.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible(timeout=30_000)
    expect(dialog.get_by_label("First Name")).to_be_visible()


def test_slot_rsvp_pressed_at_once(
    pinned_server: Server, events: dict[str, Any], new_session: Callable[..., Session]
) -> None:
    """A time slot's RSVP pressed right away, signed out: on to sign in, with the reason."""
    # The event page's HTML holds the slots' forms of an event the build's clock (the real one)
    # has not seen end: pressed before any script, it is that form which acts.
    now = datetime.now(UTC)
    event = next(e for e in events["events"] if e["rsvp"] == "account"
                 and any(datetime.fromisoformat(s["end"]) > now for s in e["slots"]))
    page = new_session(pinned_server).new_page()
    arrive(page, event["path"])
    page.locator("main").get_by_role("button", name=re.compile(r"^\s*RSVP\s*$", re.I)).first.click()
    wait_path(page, "/login", timeout=30_000)
    expect(page.get_by_text(SIGN_IN_TO_RSVP)).to_be_visible()
