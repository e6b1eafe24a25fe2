"""Issue 13 journeys: a full slot, its waitlist and a cancel from the email link that promotes
the next person; the dashboard's RSVPs, calendar file, cancel, export and account deletion.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    Mailbox,
    Server,
    Session,
    attachments,
    body_text,
    sign_in,
    verified_account,
    visit,
    wait_path,
)
from tests.e2e.steps import CANCELLED, cancel_path, rsvp_through_api, signed_in_page, slot_item

pytestmark = pytest.mark.e2e

ALREADY_CANCELLED = "This RSVP was already cancelled. There is nothing more to do."
INVALID_LINK = (
    "This cancel link is not valid. Please use the link in your most recent email from CivicSTL."
)


def smallest_slot(events: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(event, slot): the latest account slot of the smallest capacity (no other test uses it)."""
    candidates = [
        (event, slot)
        for event in events["events"]
        if event["rsvp"] == "account"
        for slot in event["slots"]
        if slot["capacity"]
    ]
    assert candidates, "events.json has no account slot with a capacity"
    least = min(slot["capacity"] for _event, slot in candidates)
    return max(
        ((e, s) for e, s in candidates if s["capacity"] == least), key=lambda pair: pair[1]["start"]
    )


def test_full_slot_waitlist_then_cancel_from_email_promotes(
    pinned_server: Server,
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    """Full slot -> join the waitlist (#1) -> a confirmed volunteer cancels from the email link
    (the page load cancels nothing; one button does) -> the waiting volunteer's "A spot opened
    up" email arrives and their dashboard shows the RSVP."""
    event, slot = smallest_slot(events)
    capacity = slot["capacity"]
    holders = [
        verified_account(pinned_server, mailbox, f"Holder{n} Example", f"holder{n}")
        for n in range(capacity)
    ]
    for holder in holders:
        rsvp_through_api(pinned_server, holder, slot["id"])
    status, stats = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert status == 200
    assert stats == {"count": capacity, "capacity": capacity, "remaining": 0, "waitlist": 0}

    # The waiting volunteer: signed in, sees the slot full, joins the waitlist.
    waiter = verified_account(pinned_server, mailbox, "Wren Waiting", "waiter")
    page = signed_in_page(new_session(pinned_server), waiter)
    # Spots left load after hydration, so once they show, the buttons work.
    page.goto(event["path"])
    item = slot_item(page, slot["id"])
    expect(item).to_contain_text("Full: join the waitlist", timeout=15_000)
    # The full slot offers its waitlist at once: no RSVP button to answer 409 first.
    expect(item.get_by_role("button", name="RSVP", exact=True)).to_have_count(0)
    item.get_by_role("button", name="Join the waitlist").click()
    expect(item).to_contain_text("You are #1 on the waitlist")
    expect(item.get_by_role("button", name="On the waitlist")).to_be_disabled()
    # Focus follows the answer to the waitlist place, inside the slot.
    expect(item.locator('[id^="slot-message-"]')).to_be_focused()
    status, stats = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert (stats["count"], stats["remaining"], stats["waitlist"]) == (capacity, 0, 1), stats

    # The dashboard shows the waitlist place.
    page.goto("/dashboard")
    rsvps = page.get_by_role("region", name="Your RSVPs")
    expect(rsvps).to_contain_text(event["title"], timeout=15_000)
    expect(rsvps).to_contain_text("You are #1 on the waitlist")
    # Back on the event page, the slot shows the waitlist place, not RSVP'd!.
    page.goto(event["path"])
    expect(item).to_contain_text("You are #1 on the waitlist.", timeout=15_000)
    expect(item.get_by_role("button", name="On the waitlist")).to_be_disabled()

    # A holder cancels from the link in their confirmation email, signed out, in another browser.
    leaver = holders[0]
    link = cancel_path(mailbox.wait_for(leaver.email, event["title"]))
    leaver_page = new_session(pinned_server).new_page()
    leaver_page.goto(link)
    expect(leaver_page.get_by_role("heading", name=event["title"])).to_be_visible()
    expect(leaver_page.locator("main")).to_contain_text(slot["time"])
    # The token left the address bar, and opening the page changed nothing.
    assert "token" not in leaver_page.url
    status, stats = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert (stats["count"], stats["waitlist"]) == (capacity, 1), stats
    buttons = leaver_page.locator("main").get_by_role("button")
    expect(buttons).to_have_count(1)
    expect(buttons).to_have_text("Cancel my spot")
    buttons.click()
    expect(leaver_page.locator("main").get_by_role("status")).to_have_text(CANCELLED)
    cancellation = mailbox.wait_for(leaver.email, "", count=2)
    assert event["title"] in str(cancellation["Subject"]) + body_text(cancellation)

    # The waiting volunteer is promoted: email with .ics and their own cancel link.
    promoted = mailbox.wait_for(waiter.email, "A spot opened up")
    assert any(name.endswith(".ics") for name, _type, _data in attachments(promoted))
    assert cancel_path(promoted) != link
    status, stats = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert (stats["count"], stats["remaining"], stats["waitlist"]) == (capacity, 0, 0), stats

    # Their dashboard now shows the RSVP itself.
    page.goto("/dashboard")
    rsvps = page.get_by_role("region", name="Your RSVPs")
    expect(rsvps).to_contain_text(event["title"], timeout=15_000)
    expect(rsvps).not_to_contain_text("on the waitlist")
    expect(rsvps.get_by_role("button", name="Add to calendar (.ics)")).to_be_visible()

    # The used link, and a made-up one, say so; nothing changes.
    leaver_page.goto("/")
    leaver_page.goto(link)
    expect(leaver_page.locator("main").get_by_role("alert")).to_have_text(ALREADY_CANCELLED)
    leaver_page.goto("/")
    leaver_page.goto("/cancel#token=not-a-real-token")
    expect(leaver_page.locator("main").get_by_role("alert")).to_have_text(INVALID_LINK)
    status, stats = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert (stats["count"], stats["waitlist"]) == (capacity, 0), stats


def test_dashboard_rsvps_calendar_cancel_export_and_delete(
    pinned_server: Server,
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    """The dashboard: an upcoming RSVP with date, time and place, its .ics, Cancel with a confirm
    step (the spot frees); "Download my data" saves the JSON; deleting the account (with the
    password) signs out, sends home, and the password no longer signs in."""
    event, slot = next(
        (e, s)
        for e in sorted(events["events"], key=lambda e: e["start"], reverse=True)
        if e["rsvp"] == "account"
        for s in e["slots"]
        if s["capacity"] and s["capacity"] > 8
    )
    account = verified_account(pinned_server, mailbox, "Dana Dashboard", "dash")
    rsvp_through_api(pinned_server, account, slot["id"])
    _, before = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")

    session = new_session(pinned_server)
    page = session.new_page()
    watch = session.watch(page)
    visit(page, "/login")
    sign_in(page, account)
    wait_path(page, "/dashboard")
    rsvps = page.get_by_role("region", name="Your RSVPs")
    expect(rsvps).to_contain_text(event["title"], timeout=15_000)
    expect(rsvps).to_contain_text(event["date_text"])
    expect(rsvps).to_contain_text(event["location"])

    with page.expect_download() as calendar:
        rsvps.get_by_role("button", name="Add to calendar (.ics)").click()
    assert calendar.value.suggested_filename.endswith(".ics")
    assert "BEGIN:VEVENT" in Path(calendar.value.path()).read_text()

    rsvps.get_by_role("button", name="Cancel", exact=True).click()
    # Nothing happens until the confirm step says so.
    _, stats = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert stats["count"] == before["count"], stats
    rsvps.get_by_role("button", name="Yes, cancel").click()
    expect(rsvps.get_by_role("status")).to_have_text(CANCELLED)
    expect(rsvps).to_contain_text("You have no RSVPs yet.")
    _, stats = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert stats["count"] == before["count"] - 1, stats

    data = page.get_by_role("region", name="Your data")
    with page.expect_download() as export:
        data.get_by_role("button", name="Download my data").click()
    assert export.value.suggested_filename == "civicstl-data.json"
    exported = json.loads(Path(export.value.path()).read_text())
    assert account.email in json.dumps(exported["account"])
    assert "$argon2" not in json.dumps(exported), "the export holds a password hash"

    data.get_by_role("button", name="Delete my account").click()
    data.get_by_label("Your password").fill("not my password")
    data.get_by_role("button", name="Delete my account for good").click()
    expect(data.get_by_role("alert")).to_be_visible()
    data.get_by_label("Your password").fill(account.password)
    data.get_by_role("button", name="Delete my account for good").click()
    watch.wait_dialog(page, "Your account and its data are deleted.")
    wait_path(page, "/")
    status, _ = pinned_server.api(
        "POST", "/api/auth/login", {"email": account.email, "password": account.password}
    )
    assert status == 401, status
