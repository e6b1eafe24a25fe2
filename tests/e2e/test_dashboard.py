"""Issue 38, the dashboard at 1280 and 390 px: an unverified account is told that verifying brings
in its guest RSVPs; the role reads as a word; Logout is not the primary button; the Badges heading
stands clear of the numbers; keyboard focus stays on the RSVPs through Cancel and Yes, cancel.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from tests.e2e.helpers import (
    PINNED_NOW,
    Account,
    Mailbox,
    PageWatch,
    Server,
    Session,
    register_account,
    sign_in,
    verified_account,
    verify_account,
    visit,
    wait_path,
)
from tests.e2e.steps import rsvp_through_api

pytestmark = pytest.mark.e2e

WIDTHS = [1280, 390]
GUESTS_AFTER_VERIFYING = ("You have no RSVPs on this account yet. Verify your email address and "
                          "the RSVPs you made as a guest with it will appear here.")
# The gap below the numbers, in px: at least the space between the dashboard's other blocks.
HEADING_GAP = 16


def _upcoming_slot(events: dict[str, Any], rsvp: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(event, slot): the latest `rsvp` event's first slot with room to spare."""
    return next(
        (e, s)
        for e in sorted(events["events"], key=lambda e: e["start"], reverse=True)
        if e["rsvp"] == rsvp and e["start"] > PINNED_NOW
        for s in e["slots"]
        if s["capacity"] and s["capacity"] > 8
    )


def _guest_rsvp(server: Server, account: Account, slot_id: str) -> None:
    """An RSVP made signed out, as a guest, with the account's address."""
    first, _, last = account.name.partition(" ")
    status, body = server.api(
        "POST", "/api/rsvp",
        {"eventId": slot_id, "email": account.email, "firstName": first, "lastName": last,
         "phone": None})
    assert status == 201, body


def _dashboard(session: Session, account: Account) -> tuple[Page, PageWatch]:
    """A watched tab of `session`, signed in as `account`, on its dashboard."""
    page = session.new_page()
    watch = session.watch(page)
    visit(page, "/login")
    sign_in(page, account)
    wait_path(page, "/dashboard")
    return page, watch


def _background(locator: Locator) -> str:
    return str(locator.evaluate("e => getComputedStyle(e).backgroundColor"))


def _focused(page: Page) -> str:
    """The focused element, as its tag and text (`body` when focus was dropped)."""
    return str(page.evaluate(
        "() => { const e = document.activeElement;"
        " return e === document.body || !e ? 'body' : `${e.tagName}: ${e.textContent.trim()}` }"))


@pytest.mark.parametrize("width", WIDTHS)
def test_an_unverified_account_is_told_that_verifying_brings_in_its_guest_rsvps(
    pinned_server: Server, mailbox: Mailbox, events: dict[str, Any],
    new_session: Callable[..., Session], width: int,
) -> None:
    """Signed up, not verified, with a guest RSVP made with the same address: the list says why
    it is empty and what to do; the role is a word; Resend Verification leads, Logout follows.
    Once verified, the guest RSVP is there."""
    event, slot = _upcoming_slot(events, "guest")
    account = register_account(pinned_server, "Una Unverified", f"unverified{width}")
    _guest_rsvp(pinned_server, account, slot["id"])

    session = new_session(pinned_server, width=width)
    page, watch = _dashboard(session, account)
    rsvps = page.get_by_role("region", name="Your RSVPs")
    expect(rsvps.get_by_text(GUESTS_AFTER_VERIFYING)).to_be_visible(timeout=15_000)
    expect(rsvps).not_to_contain_text("You have no RSVPs yet.")

    account_card = page.get_by_role("region", name=f"Welcome, {account.name}")
    expect(account_card.locator("dd").nth(1)).to_have_text("Volunteer")
    logout = account_card.get_by_role("button", name="Logout")
    resend = page.get_by_role("button", name="Resend Verification")
    # The primary button is the filled one: verifying, not leaving.
    assert _background(logout) == "rgb(255, 255, 255)"
    assert _background(resend) != "rgb(255, 255, 255)"

    verify_account(pinned_server, mailbox, account)
    page.reload()
    expect(rsvps).to_contain_text(event["title"], timeout=15_000)
    expect(rsvps).not_to_contain_text("Verify your email address")
    assert watch.page_errors == []


def _with_an_attended_event(route: Route) -> None:
    """The account's real impact, as it reads once an event was attended: the numbers then sit
    right above the badges, with no sentence between them."""
    impact = route.fetch().json()
    impact.update(hours=2, events=1, organizations=1)
    route.fulfill(status=200, content_type="application/json", body=json.dumps(impact))


@pytest.mark.parametrize("width", WIDTHS)
def test_badges_stand_clear_and_focus_follows_cancel(
    pinned_server: Server, mailbox: Mailbox, events: dict[str, Any],
    new_session: Callable[..., Session], width: int,
) -> None:
    """The Badges heading has room under the numbers; Cancel moves focus to Yes, cancel, Keep it
    back to Cancel, and Yes, cancel to the list's heading, never to the page."""
    event, slot = _upcoming_slot(events, "account")
    account = verified_account(pinned_server, mailbox, "Dee Dashboard", f"focus{width}")
    rsvp_through_api(pinned_server, account, slot["id"])

    session = new_session(pinned_server, width=width)
    session.context.route("**/api/me/impact", _with_an_attended_event)
    page, watch = _dashboard(session, account)

    impact = page.get_by_role("region", name="Your impact")
    expect(impact).to_contain_text("1 event attended", timeout=15_000)
    numbers = impact.locator(".impact-numbers").bounding_box()
    badges = impact.get_by_role("heading", name="Badges", exact=True).bounding_box()
    assert numbers and badges
    assert badges["y"] - (numbers["y"] + numbers["height"]) >= HEADING_GAP, (numbers, badges)

    rsvps = page.get_by_role("region", name="Your RSVPs")
    expect(rsvps).to_contain_text(event["title"], timeout=15_000)
    rsvps.get_by_role("button", name="Cancel", exact=True).click()
    expect(rsvps.get_by_role("button", name="Yes, cancel")).to_be_focused()
    rsvps.get_by_role("button", name="Keep it").click()
    expect(rsvps.get_by_role("button", name="Cancel", exact=True)).to_be_focused()

    # By keyboard now: Enter on Cancel, then on the focused Yes, cancel.
    page.keyboard.press("Enter")
    expect(rsvps.get_by_role("button", name="Yes, cancel")).to_be_focused()
    page.keyboard.press("Enter")
    expect(rsvps.get_by_role("status")).to_contain_text("Your spot is cancelled.")
    expect(rsvps).to_contain_text("You have no RSVPs yet.")
    expect(rsvps.get_by_role("heading", name="Your RSVPs")).to_be_focused()
    assert _focused(page) == "H2: Your RSVPs"
    assert watch.page_errors == []
