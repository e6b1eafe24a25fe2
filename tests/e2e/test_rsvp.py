"""Journeys 3 and 4: the clinic RSVP through sign-in, and the guest RSVP through the popup.

Both run against the service with CIVIC_NOW before 2025-04-27 and the browser clock pinned to
the same moment, so both events are upcoming.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.helpers import (
    Mailbox,
    Server,
    Session,
    attachments,
    body_text,
    sign_in,
    unique_email,
    verified_account,
    visit,
    wait_path,
)
from tests.e2e.steps import RSVP_SUCCESS, auth_headers, card_of, expect_rsvp_made, guest_event

pytestmark = pytest.mark.e2e

RSVP_BUTTON = re.compile(r"RSVP", re.IGNORECASE)
SIGN_IN_TO_RSVP = "Please sign in to RSVP for the event."
# A moment after the guest event, when it shows on the feed as a past event with its count.
AFTER_GUEST_EVENT = "2025-04-28T12:00:00-05:00"
TOTAL = re.compile(r"Total RSVPs\W*(\d+)", re.IGNORECASE)


def clinic(events: dict[str, Any]) -> dict[str, Any]:
    """The account-only clinic event."""
    return next(event for event in events["events"] if event["rsvp"] == "account")


def slot_button(page: Page, time_label: str) -> Locator:
    """The button of the time-slot card showing `time_label`."""
    return card_of(page, time_label).locator("xpath=.//button")


def test_signed_out_clinic_rsvp_goes_through_sign_in(
    pinned_server: Server,
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    """3. RSVP signed out -> /login with the notice -> sign in -> RSVP'd!, email with .ics."""
    event = clinic(events)
    slot = event["slots"][0]
    account = verified_account(pinned_server, mailbox, "Jordan Rivera", "clinic")
    session = new_session(pinned_server)
    page = session.new_page()
    watch = session.watch(page)

    visit(page, "/features")
    expect(page.get_by_role("heading", name=event["title"]).first).to_be_visible()
    for each in event["slots"]:
        expect(slot_button(page, each["time"])).to_have_text("RSVP")
    slot_button(page, slot["time"]).click()

    wait_path(page, "/login")
    expect(page.get_by_text(SIGN_IN_TO_RSVP)).to_be_visible()
    sign_in(page, account)

    # Back on the event feed, the RSVP completes by itself.
    wait_path(page, "/features")
    button = slot_button(page, slot["time"])
    expect(button).to_have_text("RSVP'd!", timeout=15_000)
    expect(button).to_be_disabled()
    # The button is disabled now; focus goes to the slot's own confirmation, on screen.
    expect_rsvp_made(page, watch, slot["id"])
    confirmation = page.locator(f'[id="slot-message-{slot["id"]}"]')
    expect(confirmation).to_have_text(RSVP_SUCCESS)
    expect(confirmation).to_be_focused()
    expect(confirmation).to_be_in_viewport()
    for other in event["slots"][1:]:
        expect(slot_button(page, other["time"])).to_have_text("RSVP")

    message = mailbox.wait_for(account.email, event["title"])
    files = attachments(message)
    calendars = [item for item in files if item[0].endswith(".ics")]
    assert calendars, f"the confirmation has no .ics attachment: {[f[:2] for f in files]}"
    filename, content_type, payload = calendars[0]
    assert content_type == "text/calendar", filename
    assert b"BEGIN:VCALENDAR" in payload and b"BEGIN:VEVENT" in payload
    assert slot["time"] in body_text(message) or event["date_text"] in body_text(message)

    check = "/api/rsvp/check?" + urlencode({"eventId": slot["id"], "email": account.email})
    # Only the account itself may ask; a guest learns nothing.
    assert pinned_server.api("GET", check)[0] == 401
    status, body = pinned_server.api("GET", check, headers=auth_headers(pinned_server, account))
    assert (status, body) == (200, {"hasRSVPed": True})

    page.reload()
    button = slot_button(page, slot["time"])
    expect(button).to_have_text("RSVP'd!", timeout=15_000)
    expect(button).to_be_disabled()

    # The dashboard lists it too (GET /api/me/rsvps).
    page.goto("/dashboard")
    main = page.locator("main")
    expect(main.get_by_text(event["title"]).first).to_be_visible()
    expect(main.get_by_text(slot["time"]).first).to_be_visible()
    assert watch.page_errors == []


def past_total(page: Page, title: str) -> int:
    """Open the event feed and read the Total RSVPs of the past event called `title`."""
    visit(page, "/features")
    card = card_of(page, title, "contains(., 'Total RSVPs')")
    expect(card).to_contain_text("Event finished")
    expect(card).to_contain_text(TOTAL, timeout=15_000)
    match = TOTAL.search(card.inner_text())
    assert match
    return int(match.group(1))


def test_guest_rsvp_through_the_popup(
    pinned_server: Server,
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    """4. The popup form: thank-you alert, confirmation email, and the count goes up.

    The RSVP is made while the event is upcoming; its Total RSVPs is what a visitor sees on
    the event's past-event card, so a second browser whose clock is after the event reads it.
    """
    event = guest_event(events)
    title = event["title"]
    viewer = new_session(pinned_server, clock=AFTER_GUEST_EVENT).new_page()
    before = past_total(viewer, title)

    session = new_session(pinned_server)
    page = session.new_page()
    watch = session.watch(page)
    email = unique_email("guest")
    visit(page, "/features")
    expect(page.get_by_role("heading", name=title).first).to_be_visible()
    opener = card_of(page, title).locator("xpath=.//button")
    expect(opener).to_have_text(RSVP_BUTTON)
    opener.click()

    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    first_name = dialog.get_by_label("First Name")
    expect(first_name).to_be_visible()
    expect(dialog.get_by_label("Email Address")).to_have_attribute("type", "email")
    expect(dialog.get_by_label("Phone Number")).to_have_attribute("placeholder", "Optional")
    first_name.fill("Morgan")
    dialog.get_by_label("Last Name").fill("Lee")
    dialog.get_by_label("Email Address").fill(email)
    dialog.get_by_role("button", name="Submit RSVP").click()

    watch.wait_dialog(page, "Thank you for your RSVP")
    thanks = next(text for text in watch.dialogs if text.startswith("Thank you for your RSVP"))
    assert re.fullmatch(
        r"Thank you for your RSVP, Morgan( Lee)?! A confirmation email has been sent to "
        + re.escape(email)
        + r"\.",
        thanks,
    ), thanks

    message = mailbox.wait_for(email, title)
    assert any(name.endswith(".ics") for name, _type, _data in attachments(message))
    assert "Morgan" in body_text(message)

    status, body = pinned_server.api("GET", "/api/rsvp")
    assert status == 200 and body["count"] == before + 1, body
    assert past_total(viewer, title) == before + 1
    assert watch.page_errors == []
