"""Journey: on today's clock (nothing pinned), the feed shows upcoming events with RSVP-able slots,
an event page opens from it, and a signed-out visitor RSVPs there through sign-in and back.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    Mailbox,
    Server,
    Session,
    settle,
    sign_in,
    verified_account,
    visit,
    wait_path,
)
from tests.e2e.steps import auth_headers, expect_rsvp_made, slot_item

pytestmark = pytest.mark.e2e
# The slot's RSVP button ("RSVP", then "RSVP'd!"), not its other questions (under 18?).
RSVP_BUTTON = re.compile(r"^RSVP")

SIGN_IN_TO_RSVP = "Please sign in to RSVP for the event."


def next_account_event(events: dict[str, Any]) -> dict[str, Any]:
    """The soonest event that has not ended on the real clock and takes account RSVPs."""
    now = datetime.now(UTC)
    return next(e for e in events["events"]
                if e["rsvp"] == "account" and datetime.fromisoformat(e["end"]) > now)


def test_upcoming_event_page_rsvp_through_sign_in(
    live_server: Server, events: dict[str, Any], new_session: Callable[..., Session],
    mailbox: Mailbox,
) -> None:
    event = next_account_event(events)
    slot = event["slots"][0]
    account = verified_account(live_server, mailbox, "Casey Morgan", "eventpage")
    session = new_session(live_server)
    page = session.new_page()
    watch = session.watch(page)

    visit(page, "/features")
    upcoming = page.locator("section[aria-labelledby=upcoming-title]")
    expect(upcoming.get_by_text("No upcoming events right now")).to_have_count(0)
    first_card = upcoming.locator("article").first
    expect(first_card.get_by_role("heading", name=event["title"])).to_be_visible()
    expect(slot_item(page, slot["id"]).get_by_role("button", name=RSVP_BUTTON)).to_have_text("RSVP")

    first_card.get_by_role("link", name=event["title"]).click()
    wait_path(page, event["path"])
    settle(page)
    expect(page.get_by_role("heading", level=1, name=event["title"])).to_be_visible()
    expect(page.get_by_role("link", name=event["host"]["name"]).first).to_have_attribute(
        "href", event["host"]["link"])
    expect(page.get_by_role("link", name=re.compile("Add to calendar"))).to_have_attribute(
        "href", event["calendar"])
    # The prerendered HTML (client navigation does not rerender <head>) carries the JSON-LD.
    html = page.request.get(event["path"]).text()
    found = re.search(r'<script type="application/ld\+json">(.*?)</script>', html)
    assert found, "no JSON-LD in the event page"
    data = json.loads(found.group(1))
    assert (data["@type"], data["startDate"]) == ("Event", event["start"])

    button = slot_item(page, slot["id"]).get_by_role("button", name=RSVP_BUTTON)
    expect(button).to_have_text("RSVP")
    button.click()
    wait_path(page, "/login")
    expect(page.get_by_text(SIGN_IN_TO_RSVP)).to_be_visible()
    sign_in(page, account)

    # Back on the same event page, the RSVP completes by itself.
    wait_path(page, event["path"])
    button = slot_item(page, slot["id"]).get_by_role("button", name=RSVP_BUTTON)
    expect(button).to_have_text("RSVP'd!", timeout=15_000)
    expect(button).to_be_disabled()
    expect_rsvp_made(page, watch, slot["id"])
    status, body = live_server.api(
        "GET", "/api/rsvp/check?" + urlencode({"eventId": slot["id"], "email": account.email}),
        headers=auth_headers(live_server, account),
    )
    assert (status, body) == (200, {"hasRSVPed": True})
    assert watch.page_errors == []


def test_feed_filters_live_in_the_url(
    live_server: Server, events: dict[str, Any], new_session: Callable[..., Session],
) -> None:
    event = next_account_event(events)
    month = event["date"][:7]
    page = new_session(live_server).new_page()
    visit(page, "/features?" + urlencode({"org": event["host"]["slug"], "month": month}))
    titles = page.locator("section[aria-labelledby=upcoming-title] article h3")
    expect(titles.first).to_have_text(event["title"])
    shown = {e["title"] for e in events["events"]
             if e["host"]["slug"] == event["host"]["slug"] and e["date"].startswith(month)
             and datetime.fromisoformat(e["end"]) > datetime.now(UTC)}
    # The filter applies once the app has started: the list may still be the unfiltered one.
    deadline = time.monotonic() + 10
    while set(titles.all_inner_texts()) != shown and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert set(titles.all_inner_texts()) == shown
    page.get_by_label("Organization").select_option("")
    expect(page).to_have_url(re.compile(r"/features\?month=" + month + "$"))
